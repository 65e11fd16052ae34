package symbology

import (
	"testing"

	"github.com/barkit/barkit/detect"
)

func TestAppendNew(t *testing.T) {
	at := func(x float64) [4]detect.Point {
		return [4]detect.Point{{X: x}, {X: x + 10}, {X: x + 10, Y: 10}, {X: x, Y: 10}}
	}
	a := Barcode{Text: "A", Bytes: []byte("A"), Corners: at(0)}
	var rs []Barcode
	rs = AppendNew(rs, a)
	rs = AppendNew(rs, Barcode{Text: "A", Bytes: []byte("A"), Corners: at(2)}) // same symbol, found again
	if len(rs) != 1 {
		t.Fatalf("repeat appended: %d results", len(rs))
	}
	rs = AppendNew(rs, Barcode{Text: "A", Bytes: []byte("A"), Corners: at(50)}) // a second copy elsewhere
	rs = AppendNew(rs, Barcode{Text: "B", Bytes: []byte("B"), Corners: at(0)})  // other content, same place
	if len(rs) != 3 {
		t.Fatalf("distinct results dropped: %d results", len(rs))
	}
}

func TestContentType(t *testing.T) {
	tests := []struct {
		f    ContentFacts
		data string
		want ContentType
	}{
		{ContentFacts{Text: true}, "hello", Text},
		{ContentFacts{Binary: true}, "\x00\x01", Binary},
		{ContentFacts{Binary: true, Text: true}, "a\x00", Mixed},
		{ContentFacts{GS1: true, Text: true}, "0109506000134352", GS1},
		{ContentFacts{UnknownECI: true, Text: true}, "x", UnknownECI},
		{ContentFacts{Binary: true}, "[)>\x1e06\x1dP123\x1e\x04", ISO15434},
		{ContentFacts{}, "", Text},
	}
	for _, tt := range tests {
		if got := tt.f.Type([]byte(tt.data)); got != tt.want {
			t.Errorf("%+v.Type(%q) = %s, want %s", tt.f, tt.data, got, tt.want)
		}
	}
	if !HasControl([]byte("a\x1db")) || HasControl([]byte("a\tb\r\n")) {
		t.Error("HasControl")
	}
}
