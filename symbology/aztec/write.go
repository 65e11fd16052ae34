package aztec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard asks for around a symbol, in
// modules: none, since the mode message gives the symbol's size (ISO/IEC
// 24778:2008 §5.1).
const quietZone = 0

// writeAztec is the registry's WriteFunc for "aztec": WriteOptions.ECLevel
// is the error correction percentage ("23" or "23%", 5-95; "" for 23 %),
// Version a size ("C1"-"C4", "F1"-"F32") or "rune" for an Aztec Rune of
// the value the data gives.
func writeAztec(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if strings.EqualFold(strings.TrimSpace(opts.Version), "rune") {
		return writeRune(data, opts)
	}
	o := Options{GS1: opts.GS1, ECI: opts.ECI, Binary: opts.Binary}
	var err error
	if o.ECPercent, err = parseLevel(opts.ECLevel); err != nil {
		return nil, err
	}
	if strings.TrimSpace(opts.Version) != "" {
		if o.Size, err = ParseSize(opts.Version); err != nil {
			return nil, err
		}
	}
	c, err := Encode(data, o)
	if err != nil {
		return nil, err
	}
	return symbol("aztec", c), nil
}

// writeRune is the registry's WriteFunc for "aztec-rune": the data is the
// value, 0-255, in decimal digits.
func writeRune(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	switch {
	case strings.TrimSpace(opts.ECLevel) != "":
		return nil, fmt.Errorf("aztec: %w: an Aztec Rune has no error correction level (ecLevel %q)", symbology.ErrInvalidData, opts.ECLevel)
	case opts.GS1:
		return nil, fmt.Errorf("aztec: %w: GS1 data in an Aztec Rune", symbology.ErrUnsupported)
	case opts.ECI != 0 || opts.Binary:
		return nil, fmt.Errorf("aztec: %w: an Aztec Rune holds a number 0-255, not text or bytes", symbology.ErrUnsupported)
	case opts.Version != "" && !strings.EqualFold(strings.TrimSpace(opts.Version), "rune"):
		return nil, fmt.Errorf("aztec: %w: version %q of an Aztec Rune (only \"rune\")", symbology.ErrInvalidData, opts.Version)
	}
	c, err := Encode(data, Options{Rune: true})
	if err != nil {
		return nil, err
	}
	return symbol("aztec-rune", c), nil
}

func symbol(id string, c *Code) *symbology.Symbol {
	return &symbology.Symbol{
		Symbology: id,
		Modules:   c.Modules,
		QuietZone: quietZone,
		ECLevel:   c.ECLevel(),
		Version:   c.Version(),
	}
}

// parseLevel reads an error correction percentage: "" (0, the default),
// or 5 to 95 with or without a percent sign.
func parseLevel(s string) (int, error) {
	s = strings.TrimSuffix(strings.TrimSpace(s), "%")
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < MinEC || n > MaxEC {
		return 0, fmt.Errorf("aztec: %w: error correction level %q (a percentage, %d-%d)", symbology.ErrInvalidData, s, MinEC, MaxEC)
	}
	return n, nil
}
