package main

import (
	"encoding/json"
	"testing"
)

// TestParseScannerGS1 checks that parse reads GS1 element strings as
// scanners send them, from arguments and from standard input (as a
// keyboard wedge's line, with its line end): after a GS1 symbology
// identifier, with FNC1 as a leading GS, with GS between fields; and that
// a GS1 identifier before data that is no element string gives text, whole.
func TestParseScannerGS1(t *testing.T) {
	const lot42 = "(01)09506000134352(10)LOT42"
	for _, c := range []struct {
		name, data, typ, hri string
	}{
		{"]C1", "]C10109506000134352\x1d10LOT42", "gs1", lot42},
		{"]C1 and a leading GS", "]C1\x1d010950600013435210LOT42", "gs1", lot42},
		{"]d2", "]d2010950600013435217251231", "gs1", "(01)09506000134352(17)251231"},
		{"]Q3", "]Q3010950600013435210LOT42", "gs1", lot42},
		{"]e0", "]e00109506000134352", "gs1", "(01)09506000134352"},
		{"leading GS", "\x1d0109506000134352\x1d10LOT42", "gs1", lot42},
		{"]C1 before a wrong check digit", "]C10109506000134353", "text", ""},
	} {
		for _, in := range []struct {
			stdin string
			args  []string
		}{
			{"", []string{"parse", c.data}},
			{c.data + "\n", []string{"parse", "-"}},
		} {
			r := cli(t, "", in.stdin, in.args...)
			wantExit(t, r, exitOK)
			var got struct{ Type, HRI, Text string }
			if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || got.Type != c.typ ||
				c.typ == "gs1" && got.HRI != c.hri || c.typ == "text" && got.Text != c.data {
				t.Errorf("%s, %q: %+v, %v; want type %s, hri %q or the text whole\n%v", c.name, in.args, got, err, c.typ, c.hri, r)
			}
		}
	}
}
