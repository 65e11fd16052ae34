package telepen

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the specification requires on either side
// of a symbol, in modules (AIM USS Telepen: 10 modules).
const quietZone = 10

// numericVersion is the WriteOptions.Version that asks for double-density
// numeric Telepen; "" and "alpha" write full ASCII.
const numericVersion = "numeric"

// write is the registry's WriteFunc of telepen: data are ASCII text, or
// with Version "numeric" pairs of digits (the last may be a digit and X).
// The human-readable text is the data, control characters shown as
// spaces.
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	var o Options
	switch v := strings.ToLower(opts.Version); {
	case v == numericVersion:
		o.Numeric = true
	case v != "" && v != "alpha":
		return nil, fmt.Errorf("telepen: %w: Telepen's versions are \"alpha\" and %q (got %q)", symbology.ErrUnsupported, numericVersion, opts.Version)
	case opts.ECLevel != "":
		return nil, fmt.Errorf("telepen: %w: Telepen has no error correction level (got %q)", symbology.ErrUnsupported, opts.ECLevel)
	case opts.GS1:
		return nil, fmt.Errorf("telepen: %w: Telepen does not carry GS1 data", symbology.ErrUnsupported)
	}
	m, err := Encode(data, o)
	if err != nil {
		return nil, err
	}
	hrt := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7F {
			return ' '
		}
		return r
	}, data)
	return &symbology.Symbol{Symbology: "telepen", Modules: m, QuietZone: quietZone, Text: hrt}, nil
}
