package maxicode

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard asks for around a symbol, in
// modules (ISO/IEC 16023:2000 §4.2.4: 1X on every side).
const quietZone = 1

// write is the registry's WriteFunc for "maxicode": WriteOptions.Version is
// the mode, "2"-"6" ("" chooses 4, or 2 or 3 for a structured carrier
// message after an ISO/IEC 15434 header); ECLevel may be "" or the
// mode's own level ("5" asks for mode 5, enhanced error correction). In
// modes 2 and 3 the data holds the postal code, country and class of
// service as readers return them (see Options.Carrier).
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if opts.GS1 {
		return nil, fmt.Errorf("maxicode: %w: GS1 data (MaxiCode has no FNC1)", symbology.ErrUnsupported)
	}
	o := Options{ECI: opts.ECI, Binary: opts.Binary}
	if v := strings.TrimSpace(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(opts.Version)), "mode")); v != "" {
		m, err := strconv.Atoi(v)
		if err != nil || m < 2 || m > 6 {
			return nil, fmt.Errorf("maxicode: %w: version %q (a mode, 2-6)", symbology.ErrInvalidData, opts.Version)
		}
		o.Mode = m
	}
	if l := strings.TrimSpace(opts.ECLevel); l != "" {
		m, err := strconv.Atoi(l)
		switch {
		case err != nil || m < 2 || m > 6:
			return nil, fmt.Errorf("maxicode: %w: error correction level %q (the mode, 2-6)", symbology.ErrInvalidData, opts.ECLevel)
		case o.Mode != 0 && o.Mode != m:
			return nil, fmt.Errorf("maxicode: %w: error correction level %q in mode %d", symbology.ErrInvalidData, opts.ECLevel, o.Mode)
		}
		o.Mode = m
	}
	c, err := Encode(data, o)
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{
		Symbology: "maxicode",
		Modules:   c.Modules,
		QuietZone: quietZone,
		ECLevel:   c.ECLevel(),
		Hexagonal: true,
	}, nil
}
