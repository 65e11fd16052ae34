package httpd

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/barkit/barkit"
)

// TestParseScannerGS1 sends POST /v1/parse the GS1 element strings that
// scanners send (FNC1 as a leading GS, a symbology identifier first, GS
// between fields, a line end after) as a JSON object, a JSON string and
// raw text with and without a content type, and checks that each is type gs1 with the expected HRI, the
// same content as barkit.Parse gives; and that a GS1 identifier before
// data that is no element string gives text, whole.
func TestParseScannerGS1(t *testing.T) {
	h := newHandler(Options{})
	const lot42 = "(01)09506000134352(10)LOT42"
	for _, c := range []struct {
		name, data, typ, hri string
	}{
		{"leading GS", "\x1d0109506000134352\x1d10LOT42", "gs1", lot42},
		{"leading GS, trailing GS and line end", "\x1d0109506000134352\x1d10LOT42\x1d\r\n", "gs1", lot42},
		{"]C1 GS1-128", "]C10109506000134352\x1d10LOT42", "gs1", lot42},
		{"]d2 GS1 DataMatrix", "]d2010950600013435210LOT42", "gs1", lot42},
		{"]Q3 GS1 QR Code", "]Q3\x1d010950600013435210LOT42", "gs1", lot42},
		{"]e0 GS1 DataBar", "]e00109506000134352", "gs1", "(01)09506000134352"},
		{"]z1 Aztec Code", "]z1010950600013435210LOT42", "gs1", lot42},
		{"]C1 before invalid data", "]C10109506000134353", "text", ""},
		{"]C0 is no GS1", "]C0010950600013435210LOT42", "text", ""},
	} {
		want, err := json.Marshal(barkit.Parse(c.data, ""))
		if err != nil {
			t.Fatal(err)
		}
		for _, req := range []struct {
			form, ctype string
			body        []byte
		}{
			{"JSON object", "application/json", jsonOf(t, map[string]string{"data": c.data})},
			{"JSON string", "application/json", jsonOf(t, c.data)},
			{"raw text", "text/plain", []byte(c.data)},
			{"raw text, no content type", "", []byte(c.data)},
		} {
			w := serve(h, "POST", "/v1/parse", req.ctype, req.body)
			if w.Code != 200 {
				t.Errorf("%s, %s: status %d: %s", c.name, req.form, w.Code, w.Body)
				continue
			}
			if got := bytes.TrimSpace(w.Body.Bytes()); !bytes.Equal(got, want) {
				t.Errorf("%s, %s: %s\nbarkit.Parse gives %s", c.name, req.form, got, want)
			}
			obj := decodeObject(t, w.Body.Bytes())
			if obj["type"] != c.typ || c.typ == "gs1" && obj["hri"] != c.hri || c.typ == "text" && obj["text"] != c.data {
				t.Errorf("%s, %s: %v, want type %s with hri %q or the text whole", c.name, req.form, obj, c.typ, c.hri)
			}
		}
	}
}
