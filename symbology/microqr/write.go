package microqr

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard requires around a symbol, in
// modules (ISO/IEC 18004:2015 §6.3.8: two modules for Micro QR Code).
const quietZone = 2

// write is the registry's WriteFunc: it encodes data as the smallest Micro
// QR Code at the requested level (L when none is given: the smallest
// symbol, as zint and BWIPP default to), or in the requested version
// ("M1" to "M4").
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if opts.GS1 {
		return nil, fmt.Errorf("micro-qr: %w: GS1 data: Micro QR Code has no FNC1", symbology.ErrUnsupported)
	}
	level, err := parseLevel(opts.ECLevel)
	if err != nil {
		return nil, err
	}
	o := Options{Level: level, Binary: opts.Binary}
	if opts.Version != "" {
		if o.Version, err = ParseVersion(opts.Version); err != nil {
			return nil, err
		}
	}
	c, err := Encode(data, o)
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{
		Symbology: "micro-qr",
		Modules:   c.Modules,
		QuietZone: quietZone,
		ECLevel:   c.Level.String(),
		Version:   c.Version.String(),
	}, nil
}

// ParseVersion reads a version name: "M1" to "M4", in either case, or the
// number alone.
func ParseVersion(s string) (Version, error) {
	t := strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(s)), "M")
	if len(t) == 1 && t[0] >= '1' && t[0] <= '4' {
		return Version(t[0] - '0'), nil
	}
	return 0, fmt.Errorf("micro-qr: %w: version %q (M1-M4)", symbology.ErrInvalidData, s)
}

// parseLevel reads an error correction level: "" (L), a letter L, M or Q
// in either case, or the recovery percentage of a level, "7%", "15%" or
// "25%".
func parseLevel(s string) (Level, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "", "L", "7%", "7":
		return L, nil
	case "M", "15%", "15":
		return M, nil
	case "Q", "25%", "25":
		return Q, nil
	}
	return 0, fmt.Errorf("micro-qr: %w: error correction level %q (L, M or Q; Micro QR Code has no level H)", symbology.ErrInvalidData, s)
}
