package dxfilmedge

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// report turns a scan result into a barcode: the code's text (symbology
// identifier ]X0, ISO/IEC 15424's for other symbologies, as none is
// assigned).
func report(r linear.Result, _ func(id string) bool) (symbology.Barcode, bool) {
	return symbology.Barcode{
		Symbology:   "dx-film-edge",
		Text:        r.Text,
		Bytes:       []byte(r.Text),
		ContentType: symbology.Text,
		Identifier:  "]X0",
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
	}, true
}
