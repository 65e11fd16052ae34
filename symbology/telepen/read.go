package telepen

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// report turns a scan result into a barcode: its text, and the symbology
// identifier ]B with the modifier of its mode (decodeText).
func report(r linear.Result, _ func(id string) bool) (symbology.Barcode, bool) {
	return symbology.Barcode{
		Symbology:   "telepen",
		Text:        r.Text,
		Bytes:       []byte(r.Text),
		ContentType: symbology.Text,
		Identifier:  "]B" + string(rune('0'+r.Kind)),
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
	}, true
}
