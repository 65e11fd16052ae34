package qr

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard requires around a symbol, in
// modules (ISO/IEC 18004:2015 §6.3.8).
const quietZone = 4

// write is the registry's WriteFunc: it encodes data as the smallest QR Code
// at the requested level (M when none is given, the service default), or at
// the requested version.
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	level, err := parseLevel(opts.ECLevel)
	if err != nil {
		return nil, err
	}
	o := Options{Level: level, GS1: opts.GS1, ECI: opts.ECI, Binary: opts.Binary}
	if opts.Version != "" {
		v, err := strconv.Atoi(strings.TrimSpace(opts.Version))
		if err != nil || v < minVersion || v > maxVersion {
			return nil, fmt.Errorf("qr: %w: version %q (1-40)", symbology.ErrInvalidData, opts.Version)
		}
		o.Version = v
	}
	c, err := Encode(data, o)
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{
		Symbology: "qr",
		Modules:   c.Modules,
		QuietZone: quietZone,
		ECLevel:   c.Level.String(),
		Version:   strconv.Itoa(c.Version),
	}, nil
}

// parseLevel reads an error correction level: "" (M), a letter L, M, Q or H
// in either case, or the recovery percentage of a level, "7%", "15%", "25%"
// or "30%" (Table 7).
func parseLevel(s string) (Level, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "":
		return M, nil
	case "L", "7%", "7":
		return L, nil
	case "M", "15%", "15":
		return M, nil
	case "Q", "25%", "25":
		return Q, nil
	case "H", "30%", "30":
		return H, nil
	}
	return 0, fmt.Errorf("qr: %w: error correction level %q (L, M, Q or H)", symbology.ErrInvalidData, s)
}
