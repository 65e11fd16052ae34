package code93

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// report turns a scan result into a barcode: its Full ASCII text, without
// the check characters, and the symbology identifier ]G0 (ISO/IEC 15424:
// Code 93 has no modifiers).
func report(r linear.Result, _ func(id string) bool) (symbology.Barcode, bool) {
	return symbology.Barcode{
		Symbology:   "code93",
		Text:        r.Text,
		Bytes:       []byte(r.Text),
		ContentType: symbology.Text,
		Identifier:  "]G0",
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
	}, true
}
