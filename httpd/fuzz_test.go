package httpd

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzAPI sends arbitrary query strings, content types and bodies to the
// endpoints that take input. Whatever the request, the answer must not be
// a 500 (a panic or an unmapped error), must carry the CORS headers, and
// an error must be an Error object with a message.
func FuzzAPI(f *testing.F) {
	f.Add(uint8(0), "symbologies=qr&tryHarder=no", "image/png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"))
	f.Add(uint8(0), "", "application/json", []byte(`{"image":"data:image/png;base64,iVBORw0KGgo=","maxResults":"2"}`))
	f.Add(uint8(0), "", "multipart/form-data; boundary=b", []byte("--b\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\nGIF89a\r\n--b--\r\n"))
	f.Add(uint8(1), "data=hello&format=png&scale=2&rotate=90&fg=%23f00&bg=transparent", "", []byte(nil))
	f.Add(uint8(2), "", "application/json", []byte(`{"data":"x","format":"txt","ec":"H","margin":"off","version":"3"}`))
	f.Add(uint8(2), "", "application/x-www-form-urlencoded", []byte("data=form&format=svg&hrt=1"))
	f.Add(uint8(3), "symbology=upce", "", []byte("01234565"))
	f.Add(uint8(3), "", "application/json", []byte(`{"data":"WIFI:S:x;;","symbology":"qr"}`))
	h := newHandler(Options{MaxBodyBytes: 1 << 16})
	f.Fuzz(func(t *testing.T, which uint8, query, ctype string, body []byte) {
		method, path := "POST", "/v1/scan"
		switch which % 4 {
		case 1:
			method, path = "GET", "/v1/generate"
		case 2:
			path = "/v1/generate"
		case 3:
			path = "/v1/parse"
		}
		target := path + "?" + query
		if _, err := url.ParseRequestURI(target); err != nil || strings.ContainsAny(query, " #") {
			return // not a request line a client can send
		}
		r := httptest.NewRequest(method, target, strings.NewReader(string(body)))
		if ctype != "" {
			r.Header.Set("Content-Type", ctype)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("%s %s?%s (%q, %q): %d %s", method, path, query, ctype, body, w.Code, w.Body)
		}
		if w.Header().Get("Access-Control-Allow-Origin") != "*" {
			t.Fatal("no CORS header")
		}
		if w.Code >= 400 {
			var e struct {
				Error struct{ Code, Message string } `json:"error"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error.Code == "" || e.Error.Message == "" {
				t.Fatalf("%d answer is not an Error object: %s", w.Code, w.Body)
			}
		}
	})
}
