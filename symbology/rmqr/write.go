package rmqr

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard requires around a symbol, in
// modules (ISO/IEC 23941:2022 §6.3.9: two modules).
const quietZone = 2

// write is the registry's WriteFunc: it encodes data as the rMQR Code of
// smallest area at the requested level (M when none is given), or in the
// size or of the height that WriteOptions.Version names (see
// ParseVersion).
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	level, err := parseLevel(opts.ECLevel)
	if err != nil {
		return nil, err
	}
	o := Options{Level: level, GS1: opts.GS1, ECI: opts.ECI, Binary: opts.Binary}
	if opts.Version != "" {
		if o.Size, o.Height, err = ParseVersion(opts.Version); err != nil {
			return nil, err
		}
	}
	c, err := Encode(data, o)
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{
		Symbology: "rmqr",
		Modules:   c.Modules,
		QuietZone: quietZone,
		ECLevel:   c.Level.String(),
		Version:   c.Size.String(),
	}, nil
}

// ParseVersion reads what WriteOptions.Version may name for rMQR Code: a
// size, "R13x77" (see ParseSize), or a height alone, "R13" or "R13xW" as
// zint names it, which asks for the smallest symbol of that height.
func ParseVersion(s string) (size Size, height int, err error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if h, ok := strings.CutSuffix(strings.TrimPrefix(t, "R"), "XW"); ok || !strings.Contains(t, "X") {
		if v, err := strconv.Atoi(h); err == nil && v >= 7 && v <= 17 && v%2 == 1 {
			return 0, v, nil
		}
	}
	size, err = ParseSize(s)
	if err != nil {
		return 0, 0, fmt.Errorf("rmqr: %w: version %q: a size such as R13x77, or a height such as R13", symbology.ErrInvalidData, s)
	}
	return size, 0, nil
}

// parseLevel reads an error correction level: "" (M), a letter M or H in
// either case, or the recovery percentage of a level, "15%" or "30%".
func parseLevel(s string) (Level, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "", "M", "15%", "15":
		return M, nil
	case "H", "30%", "30":
		return H, nil
	}
	return 0, fmt.Errorf("rmqr: %w: error correction level %q (M or H; rMQR Code has no L or Q)", symbology.ErrInvalidData, s)
}
