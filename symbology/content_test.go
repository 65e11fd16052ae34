package symbology

import (
	"slices"
	"testing"

	"github.com/barkit/barkit/eci"
)

func TestSetContent(t *testing.T) {
	seg := func(e int, b string) Segment { return Segment{ECI: e, Bytes: []byte(b)} }
	tests := []struct {
		name     string
		segs     []Segment
		hasECI   bool
		gs1      bool
		text     string
		segments []Segment
		ct       ContentType
	}{
		{"latin-1 with designators", []Segment{seg(-1, "caf\xe9")}, true, false, "café", []Segment{seg(-1, "caf\xe9")}, Text},
		{"guessed UTF-8", []Segment{seg(-1, "café")}, false, false, "café", nil, Text},
		{"merged by ECI", []Segment{seg(-1, "ab"), seg(eci.UTF8, "c"), seg(eci.UTF8, "é")}, true, false, "abcé",
			[]Segment{seg(-1, "ab"), seg(eci.UTF8, "cé")}, Text},
		{"control makes binary", []Segment{seg(-1, "a\x00")}, false, false, "a\x00", nil, Binary},
		{"mixed", []Segment{seg(-1, "x"), seg(eci.Binary, "\x01\x02")}, true, false, "x\x01\x02",
			[]Segment{seg(-1, "x"), seg(eci.Binary, "\x01\x02")}, Mixed},
		{"unknown ECI", []Segment{seg(999, "ab")}, true, false, "ab", []Segment{seg(999, "ab")}, UnknownECI},
		{"GS1 as HRI", []Segment{seg(-1, "0109506000134352"+"10ABC")}, false, true, "(01)09506000134352(10)ABC", nil, GS1},
		{"GS1 that does not split", []Segment{seg(-1, "99")}, false, true, "99", nil, GS1},
		{"ISO 15434", []Segment{seg(-1, "[)>\x1e06\x1dX\x1e\x04")}, false, false, "[)>\x1e06\x1dX\x1e\x04", nil, ISO15434},
		{"empty", nil, false, false, "", nil, Text},
	}
	for _, tt := range tests {
		var bc Barcode
		bc.SetContent(tt.segs, tt.hasECI, tt.gs1)
		var all []byte
		for _, s := range tt.segs {
			all = append(all, s.Bytes...)
		}
		if bc.Text != tt.text || string(bc.Bytes) != string(all) || bc.Bytes == nil || bc.ContentType != tt.ct || bc.GS1 != tt.gs1 ||
			!slices.EqualFunc(bc.Segments, tt.segments, func(a, b Segment) bool { return a.ECI == b.ECI && string(a.Bytes) == string(b.Bytes) }) {
			t.Errorf("%s: got text %q bytes %q segments %v type %s", tt.name, bc.Text, bc.Bytes, bc.Segments, bc.ContentType)
		}
	}
}
