package itf

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// report turns a scan result into a barcode. Fourteen digits whose last is
// the GS1 check digit of the others are an ITF-14, reported as itf14 to a
// scan that asks for it; a scan that asks for itf reads both, as
// zxing-cpp's ITF format does, and reports an ITF-14 as itf when it does
// not ask for itf14. The symbology identifier is ]I1 when the last digit
// is the GS1 check digit of the others (it stays in the text), else ]I0
// (ISO/IEC 16390:2007, symbology identifier).
func report(r linear.Result, want func(id string) bool) (symbology.Barcode, bool) {
	id := "itf"
	if len(r.Text) == 14 && checked(r.Text) && want("itf14") {
		id = "itf14"
	}
	if !want(id) {
		return symbology.Barcode{}, false
	}
	ident := "]I0"
	if checked(r.Text) {
		ident = "]I1"
	}
	return symbology.Barcode{
		Symbology:   id,
		Text:        r.Text,
		Bytes:       []byte(r.Text),
		ContentType: symbology.Text,
		Identifier:  ident,
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
	}, true
}
