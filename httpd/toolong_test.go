package httpd

import (
	"net/http"
	"strings"
	"testing"
)

// TestTooLongMessage checks that data that does not fit is a 400
// bad-request whose message says how much the largest symbol the request
// allows holds, for GET and POST, under the options given.
func TestTooLongMessage(t *testing.T) {
	h := NewHandler(Options{})
	tests := []struct {
		name, method, target string
		body                 []byte
		want                 []string
	}{
		{"QR Code of a fixed version", "GET", "/v1/generate?version=1&data=" + strings.Repeat("x", 100), nil,
			[]string{"100 characters need 100 bytes", "QR Code version 1-M holds at most 14 bytes"}},
		{"QR Code of several modes", "GET", "/v1/generate?version=2&data=" + strings.Repeat("abc123456", 10), nil,
			[]string{"90 characters need ", " bits", "QR Code version 2-M holds 224 bits: at most 63 digits, 38 alphanumeric characters or 26 bytes"}},
		{"digits at level H", "GET", "/v1/generate?ecLevel=H&data=" + strings.Repeat("7", 4000), nil,
			[]string{"4000 digits", "the largest QR Code at level H (version 40) holds at most 3057 digits"}},
		{"Data Matrix by POST", "POST", "/v1/generate", jsonOf(t, map[string]any{"symbology": "data-matrix", "data": strings.Repeat("A", 3000)}),
			[]string{"3000 capital letters", "the largest square Data Matrix symbol (144x144) holds at most 2335 capital letters"}},
		{"Code 128", "GET", "/v1/generate?symbology=code128&data=" + strings.Repeat("a", 101), nil,
			[]string{"101 characters need 101 symbol characters", "a Code 128 symbol holds 100 symbol characters: at most 200 digits or 100 other ASCII characters"}},
	}
	for _, tt := range tests {
		ct := ""
		if tt.body != nil {
			ct = "application/json"
		}
		w := serve(h, tt.method, tt.target, ct, tt.body)
		code, msg := errorCode(t, w.Body.Bytes())
		if w.Code != http.StatusBadRequest || code != "bad-request" || !contains(msg, tt.want...) {
			t.Errorf("%s: %d %s %q, want 400 bad-request saying %q", tt.name, w.Code, code, msg, tt.want)
		}
	}
}
