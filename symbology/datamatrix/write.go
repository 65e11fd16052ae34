package datamatrix

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard requires around a symbol, in
// modules (ISO/IEC 16022:2006 §5.3.2: one module on every side).
const quietZone = 1

// write is the registry's WriteFunc: it encodes data in the smallest symbol
// of the shape or the size that WriteOptions.Version names (see the package
// documentation).
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if strings.TrimSpace(opts.ECLevel) != "" {
		return nil, fmt.Errorf("datamatrix: %w: error correction level %q: Data Matrix ECC 200 has one fixed level per symbol size; choose the size with Version instead",
			symbology.ErrUnsupported, opts.ECLevel)
	}
	shape, size, forced, err := ParseVersion(opts.Version)
	if err != nil {
		return nil, err
	}
	o := Options{Shape: shape, GS1: opts.GS1, ECI: opts.ECI, Binary: opts.Binary}
	if forced {
		o.Size = size
	}
	c, err := Encode(data, o)
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{
		Symbology: "data-matrix",
		Modules:   c.Modules,
		QuietZone: quietZone,
		Version:   c.Size.String(),
	}, nil
}
