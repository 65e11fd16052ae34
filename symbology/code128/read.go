package code128

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// report turns a scan result into a barcode.
// The text is the data as ISO/IEC 8859-1, with GS for every FNC1 but one
// in first or second position; the symbology identifier says which
// (]C1: GS1-128, ]C2: FNC1 in second position, ]C0: neither). GS1 data
// reads as its human-readable form, "(01)09506000134352(10)ABC", when it
// splits into GS1 fields (gs1.Split), as the other GS1 readers give it;
// Bytes keep the element string.
func report(r linear.Result, _ func(id string) bool) (symbology.Barcode, bool) {
	b := symbology.Barcode{
		Symbology:   "code128",
		Text:        latin1([]byte(r.Text)),
		Bytes:       []byte(r.Text),
		ContentType: symbology.Text,
		Identifier:  "]C0",
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
		ReaderInit:  r.Kind&flagReaderInit != 0,
	}
	switch {
	case r.Kind&flagGS1 != 0:
		b.GS1, b.ContentType, b.Identifier = true, symbology.GS1, "]C1"
		b.Text = symbology.GS1Text(b.Bytes)
	case r.Kind&flagAIM != 0:
		b.Identifier = "]C2"
	}
	return b, true
}
