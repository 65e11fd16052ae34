package code128

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard requires on either side of
// a symbol, in modules (ISO/IEC 15417:2007, quiet zones).
const quietZone = 10

// write is the registry's WriteFunc: it encodes data as the shortest Code
// 128 symbol. With opts.GS1, data is a GS1 element string (the facade
// turns the human-readable "(01)..." form into one), checked field by
// field; the human-readable text is then the "(01)..." form.
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	switch {
	case opts.ECLevel != "":
		return nil, fmt.Errorf("code128: %w: Code 128 has no error correction level (got %q)", symbology.ErrUnsupported, opts.ECLevel)
	case opts.Version != "":
		return nil, fmt.Errorf("code128: %w: Code 128 has no versions (got %q)", symbology.ErrUnsupported, opts.Version)
	}
	text := data
	if opts.GS1 {
		hri, err := gs1.HRI(strings.TrimRight(data, "\x1d"))
		if err != nil {
			return nil, fmt.Errorf("code128: %w: %w", symbology.ErrInvalidData, err)
		}
		text = hri
	}
	m, err := Encode(data, Options{GS1: opts.GS1})
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{Symbology: "code128", Modules: m, QuietZone: quietZone, Text: text}, nil
}
