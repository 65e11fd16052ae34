package code93

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard requires on either side of
// a symbol, in modules (AIM USS-93: 10 modules).
const quietZone = 10

// write is the registry's WriteFunc of code93: data are ASCII text. The
// human-readable text is the data, its control characters shown as
// spaces (the check characters are not printed).
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	switch {
	case opts.Version != "":
		return nil, fmt.Errorf("code93: %w: Code 93 has no versions (got %q)", symbology.ErrUnsupported, opts.Version)
	case opts.ECLevel != "":
		return nil, fmt.Errorf("code93: %w: Code 93 has no error correction level (got %q); its two check characters are always written", symbology.ErrUnsupported, opts.ECLevel)
	case opts.GS1:
		return nil, fmt.Errorf("code93: %w: Code 93 does not carry GS1 data", symbology.ErrUnsupported)
	}
	m, err := Encode(data)
	if err != nil {
		return nil, err
	}
	hrt := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7F {
			return ' '
		}
		return r
	}, data)
	return &symbology.Symbol{Symbology: "code93", Modules: m, QuietZone: quietZone, Text: hrt}, nil
}
