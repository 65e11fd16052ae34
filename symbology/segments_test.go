package symbology

import (
	"testing"

	"github.com/barkit/barkit/eci"
)

func TestSegmentText(t *testing.T) {
	tests := []struct {
		segs  []Segment
		plain int
		text  string
		facts ContentFacts
	}{
		{[]Segment{{ECI: -1, Bytes: []byte("caf\xe9")}}, eci.ISO8859_1, "café", ContentFacts{Text: true}},
		{[]Segment{{ECI: -1, Bytes: []byte("ab")}, {ECI: eci.UTF8, Bytes: []byte("é")}}, eci.ISO8859_1, "abé", ContentFacts{Text: true}},
		{[]Segment{{ECI: -1, Bytes: []byte("a\x00")}}, eci.ISO8859_1, "a\x00", ContentFacts{Binary: true}},
		{[]Segment{{ECI: -1, Bytes: []byte("x")}, {ECI: eci.Binary, Bytes: []byte{1, 2}}}, eci.ISO8859_1, "x\x01\x02", ContentFacts{Binary: true, Text: true}},
		{[]Segment{{ECI: 999, Bytes: []byte("ab")}}, eci.ISO8859_1, "ab", ContentFacts{UnknownECI: true, Text: true}},
		{nil, eci.ISO8859_1, "", ContentFacts{}},
	}
	for _, tt := range tests {
		text, facts := SegmentText(tt.segs, tt.plain)
		if text != tt.text || facts != tt.facts {
			t.Errorf("SegmentText(%v) = %q %+v, want %q %+v", tt.segs, text, facts, tt.text, tt.facts)
		}
	}
}
