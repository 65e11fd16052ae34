package content

import "testing"

func wifi(w WiFi) *Content { return &Content{Type: TypeWiFi, WiFi: &w} }

// wifiVectors: ZXing's "Barcode Contents" examples (the WPA network, the
// escaped SSID, the WPA2-EAP field list), the WPA3 Specification §7 URI
// forms (R: transition disable, K: SAE-PK key, percent-encoding) and what
// generators write in practice.
var wifiVectors = []vector{
	{"wiki WPA", "WIFI:T:WPA;S:mynetwork;P:mypass;;", "qr",
		wifi(WiFi{SSID: "mynetwork", Password: "mypass", Security: "WPA", RawSecurity: "WPA"})},
	{"any order hidden", "WIFI:S:mynetwork;T:WPA;P:mypass;H:true;;", "qr",
		wifi(WiFi{SSID: "mynetwork", Password: "mypass", Security: "WPA", RawSecurity: "WPA", Hidden: true})},
	{"hidden false no closing", "WIFI:S:NameDesWLANs;T:WPA;P:Geheimpasswort;H:false", "qr",
		wifi(WiFi{SSID: "NameDesWLANs", Password: "Geheimpasswort", Security: "WPA", RawSecurity: "WPA"})},
	{"WEP", "WIFI:T:WEP;S:oldnet;P:0123456789;;", "qr",
		wifi(WiFi{SSID: "oldnet", Password: "0123456789", Security: "WEP", RawSecurity: "WEP"})},
	{"nopass", "WIFI:T:nopass;S:Guest;;", "qr",
		wifi(WiFi{SSID: "Guest", Security: "nopass", RawSecurity: "nopass"})},
	{"no type is open", "WIFI:S:Cafe;;", "qr",
		wifi(WiFi{SSID: "Cafe", Security: "nopass"})},
	{"WPA2 spelled out", "WIFI:T:WPA2;S:home;P:pw;;", "qr",
		wifi(WiFi{SSID: "home", Password: "pw", Security: "WPA", RawSecurity: "WPA2"})},
	{"lower-case prefix and type", "wifi:t:wpa;s:home;p:pw;;", "qr",
		wifi(WiFi{SSID: "home", Password: "pw", Security: "WPA", RawSecurity: "wpa"})},
	{"wiki escaped ssid", `WIFI:S:\"foo\;bar\\baz\";;`, "qr",
		wifi(WiFi{SSID: `"foo;bar\baz"`, Security: "nopass"})},
	{"quoted hex-looking values", `WIFI:T:WPA;S:"ABCD";P:"1234";;`, "qr",
		wifi(WiFi{SSID: "ABCD", Password: "1234", Security: "WPA", RawSecurity: "WPA"})},
	{"escapes", `WIFI:T:WPA;S:my\,net\:x;P:p\;w\\d\";;`, "qr",
		wifi(WiFi{SSID: "my,net:x", Password: `p;w\d"`, Security: "WPA", RawSecurity: "WPA"})},
	{"colon in password", "WIFI:T:WPA;S:net;P:a:b:c;;", "qr",
		wifi(WiFi{SSID: "net", Password: "a:b:c", Security: "WPA", RawSecurity: "WPA"})},
	{"percent kept in ZXing form", "WIFI:T:WPA;S:net;P:100%25;;", "qr",
		wifi(WiFi{SSID: "net", Password: "100%25", Security: "WPA", RawSecurity: "WPA"})},
	{"wiki WPA2-EAP", "WIFI:T:WPA2-EAP;S:corp;E:PEAP;PH2:MSCHAPV2;A:anonymous;I:alice;P:secret;;", "qr",
		wifi(WiFi{SSID: "corp", Password: "secret", Security: "WPA2-EAP", RawSecurity: "WPA2-EAP",
			EAPMethod: "PEAP", Phase2Method: "MSCHAPV2", AnonymousIdentity: "anonymous", Identity: "alice"})},
	{"old H as phase 2", "WIFI:T:WPA2-EAP;S:corp;E:TTLS;H:MSCHAPV2;I:alice;P:pw;;", "qr",
		wifi(WiFi{SSID: "corp", Password: "pw", Security: "WPA2-EAP", RawSecurity: "WPA2-EAP",
			EAPMethod: "TTLS", Phase2Method: "MSCHAPV2", Identity: "alice"})},
	{"H with PH2 is hidden", "WIFI:T:WPA2-EAP;S:corp;E:TTLS;PH2:PAP;H:TRUE;I:alice;P:pw;;", "qr",
		wifi(WiFi{SSID: "corp", Password: "pw", Security: "WPA2-EAP", RawSecurity: "WPA2-EAP",
			EAPMethod: "TTLS", Phase2Method: "PAP", Identity: "alice", Hidden: true})},
	{"WPA with EAP method", "WIFI:T:WPA;S:corp;E:PWD;I:bob;P:pw;;", "qr",
		wifi(WiFi{SSID: "corp", Password: "pw", Security: "WPA2-EAP", RawSecurity: "WPA", EAPMethod: "PWD", Identity: "bob"})},
	{"WPA3-EAP", "WIFI:T:WPA3-EAP;S:corp;E:TLS;I:bob;;", "qr",
		wifi(WiFi{SSID: "corp", Security: "WPA3-EAP", RawSecurity: "WPA3-EAP", EAPMethod: "TLS", Identity: "bob"})},
	{"SAE", "WIFI:T:SAE;S:net;P:pw;;", "qr",
		wifi(WiFi{SSID: "net", Password: "pw", Security: "WPA3", RawSecurity: "SAE"})},
	{"WPA3 transition disabled", "WIFI:T:WPA;R:1;S:MyNet;P:MyPassword;;", "qr",
		wifi(WiFi{SSID: "MyNet", Password: "MyPassword", Security: "WPA3", RawSecurity: "WPA", TransitionDisable: "1"})},
	{"WPA3 transition allowed", "WIFI:T:WPA;R:0;S:MyNet;P:MyPassword;;", "qr",
		wifi(WiFi{SSID: "MyNet", Password: "MyPassword", Security: "WPA", RawSecurity: "WPA", TransitionDisable: "0"})},
	{"WPA3 enterprise bit only", "WIFI:T:WPA;R:4;S:MyNet;P:pw;;", "qr",
		wifi(WiFi{SSID: "MyNet", Password: "pw", Security: "WPA", RawSecurity: "WPA", TransitionDisable: "4"})},
	{"WPA3 SAE-PK", "WIFI:T:WPA;S:MyNet;P:a2bc-de3f-ghi4;K:MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgADURzxmttZoIRIPWGoQMV00XHWCAQIhXruVWOz0NjlkIA=;;", "qr",
		wifi(WiFi{SSID: "MyNet", Password: "a2bc-de3f-ghi4", Security: "WPA3", RawSecurity: "WPA",
			PublicKey: "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgADURzxmttZoIRIPWGoQMV00XHWCAQIhXruVWOz0NjlkIA="})},
	{"WPA3 percent-encoding", "WIFI:T:WPA;R:1;S:My%3BNet;P:pass%25word;I:id%20x;;", "qr",
		wifi(WiFi{SSID: "My;Net", Password: "pass%word", Security: "WPA3", RawSecurity: "WPA", TransitionDisable: "1", Identity: "id x"})},
	{"WPA3 open", "WIFI:R:0;S:Open%20Cafe;;", "qr",
		wifi(WiFi{SSID: "Open Cafe", Security: "nopass", TransitionDisable: "0"})},
	{"unknown type passed through", "WIFI:T:WPA4;S:future;P:x;;", "qr",
		wifi(WiFi{SSID: "future", Password: "x", Security: "WPA4", RawSecurity: "WPA4"})},
	{"trailing backslash kept", `WIFI:T:WPA;P:pw;S:net\`, "qr",
		wifi(WiFi{SSID: `net\`, Password: "pw", Security: "WPA", RawSecurity: "WPA"})},
	{"first field wins", "WIFI:S:one;S:two;;", "qr",
		wifi(WiFi{SSID: "one", Security: "nopass"})},
	{"unicode ssid", "WIFI:T:WPA;S:Café ☕;P:naïve;;", "qr",
		wifi(WiFi{SSID: "Café ☕", Password: "naïve", Security: "WPA", RawSecurity: "WPA"})},
}

func TestWiFi(t *testing.T) { runVectors(t, wifiVectors) }

func TestUnquote(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"abc"`, "abc"},
		{`""`, ""},
		{`"`, `"`},
		{`\"abc\"`, `\"abc\"`},
		{`"abc\"`, `"abc\"`},
		{`"abc\\"`, `abc\\`},
		{`abc`, `abc`},
	}
	for _, tt := range tests {
		if got := unquote(tt.in); got != tt.want {
			t.Errorf("unquote(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
