package dxfilmedge

import (
	"fmt"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the writer leaves around the code, in
// modules: on film its clock track begins at the film's margin; the
// reader asks for 3.3 modules before it (decodeRow).
const quietZone = 5

// write is the registry's WriteFunc of dx-film-edge: data are the code's
// text, "115-10/11A" or "10-3" (see parse). The symbol is both tracks, the
// clock track above the data track; its text is the data.
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	switch {
	case opts.Version != "":
		return nil, fmt.Errorf("dxfilmedge: %w: DX film edge has no versions (got %q); a frame number makes the longer form", symbology.ErrUnsupported, opts.Version)
	case opts.ECLevel != "":
		return nil, fmt.Errorf("dxfilmedge: %w: DX film edge has no error correction level (got %q)", symbology.ErrUnsupported, opts.ECLevel)
	case opts.GS1:
		return nil, fmt.Errorf("dxfilmedge: %w: DX film edge does not carry GS1 data", symbology.ErrUnsupported)
	}
	m, err := Encode(data)
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{Symbology: "dx-film-edge", Modules: m, QuietZone: quietZone, Text: data}, nil
}
