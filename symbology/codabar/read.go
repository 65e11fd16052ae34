package codabar

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// report turns a scan result into a barcode: the characters with their
// start and stop characters, as zxing-cpp 3 reports them, and the
// symbology identifier ]F0 (ISO/IEC 15424: no check character processed).
func report(r linear.Result, _ func(id string) bool) (symbology.Barcode, bool) {
	return symbology.Barcode{
		Symbology:   "codabar",
		Text:        r.Text,
		Bytes:       []byte(r.Text),
		ContentType: symbology.Text,
		Identifier:  "]F0",
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
	}, true
}
