package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestParse checks that parse prints the ParsedContent of its data as
// indented JSON, from arguments or standard input.
func TestParse(t *testing.T) {
	r := cli(t, "", "", "parse", "https://example.com/?a=1&b=2")
	wantExit(t, r, exitOK)
	var url struct{ Type, URL string }
	if err := json.Unmarshal([]byte(r.stdout), &url); err != nil || url.Type != "url" || url.URL != "https://example.com/?a=1&b=2" {
		t.Errorf("url: %+v, %v\n%v", url, err, r)
	}
	if !strings.HasPrefix(r.stdout, "{\n  \"") || !strings.Contains(r.stdout, "a=1&b=2") || r.stderr != "" {
		t.Errorf("output is not indented JSON with '&' as it is: %v", r)
	}

	r = cli(t, "", "", "parse", "WIFI:S:home;T:WPA;P:secret;;")
	wantExit(t, r, exitOK)
	var wifi struct {
		Type, SSID, Password, Security string
		Hidden                         *bool
	}
	if err := json.Unmarshal([]byte(r.stdout), &wifi); err != nil || wifi.Type != "wifi" || wifi.SSID != "home" ||
		wifi.Password != "secret" || wifi.Security != "WPA" || wifi.Hidden == nil || *wifi.Hidden {
		t.Errorf("wifi: %+v, %v\n%v", wifi, err, r)
	}

	// Arguments are joined with spaces; "-" reads standard input.
	want := cli(t, "", "", "parse", "Hello, world")
	wantExit(t, want, exitOK)
	for _, tt := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"parse", "Hello,", "world"}},
		{"Hello, world\n", []string{"parse", "-"}},
		{"Hello, world", []string{"parse", "-t", "qr", "-"}},
		{"", []string{"parse", "--symbology", "QRCode", "Hello, world"}},
	} {
		if got := cli(t, "", tt.stdin, tt.args...); got != want {
			t.Errorf("%q with stdin %q: got %v\nwant %v", tt.args, tt.stdin, got, want)
		}
	}
	wantError(t, cli(t, "", "", "parse", "-"), "no data on standard input")
}
