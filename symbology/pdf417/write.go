package pdf417

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// writer returns the registry's WriteFunc for a kind of symbol.
func writer(k kind) symbology.WriteFunc {
	return func(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
		return write(k, data, opts)
	}
}

// write encodes data as a symbol of kind k with the registry's options:
// ECLevel "0"-"8" or a percentage for PDF417 (see parseLevel), Version a
// shape (see ParseShape).
func write(k kind, data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if opts.GS1 {
		return nil, fmt.Errorf("pdf417: %w: GS1 data in %s (GS1 uses PDF417 only in Composite symbols)", symbology.ErrUnsupported, k.name())
	}
	o := Options{Compact: k == kindCompact, Micro: k == kindMicro, ECI: opts.ECI, Binary: opts.Binary}
	var err error
	if o.Columns, o.Rows, o.Aspect, err = ParseShape(opts.Version); err != nil {
		return nil, err
	}
	if k == kindMicro {
		if strings.TrimSpace(opts.ECLevel) != "" {
			return nil, fmt.Errorf("pdf417: %w: MicroPDF417 has no error correction levels (ecLevel %q)", symbology.ErrInvalidData, opts.ECLevel)
		}
	} else if o.Level, o.ECPercent, err = parseLevel(opts.ECLevel); err != nil {
		return nil, err
	}
	c, err := Encode(data, o)
	if err != nil {
		return nil, err
	}
	s := &symbology.Symbol{
		Symbology: k.id(),
		Modules:   c.Modules,
		QuietZone: quietZone,
		ECLevel:   levelString(c.Level),
		Version:   c.Version(),
	}
	if k == kindMicro {
		s.QuietZone = microQuietZone
		n := len(c.Codewords)
		s.ECLevel = fmt.Sprintf("%d%%", (100*c.ECCodewords+n/2)/n)
	}
	return s, nil
}

// name returns the display name of the kind.
func (k kind) name() string {
	switch k {
	case kindCompact:
		return "Compact PDF417"
	case kindMicro:
		return "MicroPDF417"
	}
	return "PDF417"
}

// parseLevel reads an error correction level: "" (the recommended level),
// a level "0" to "8", or a percentage "25%" (the lowest level with at least
// that share of check codewords). It returns Options.Level and
// Options.ECPercent.
func parseLevel(s string) (level, percent int, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	if p, ok := strings.CutSuffix(s, "%"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > 99 {
			return 0, 0, fmt.Errorf("pdf417: %w: error correction %q (1%%-99%%)", symbology.ErrInvalidData, s)
		}
		return 0, n, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > maxLevel {
		return 0, 0, fmt.Errorf("pdf417: %w: error correction level %q (0-8 or a percentage)", symbology.ErrInvalidData, s)
	}
	return n + 1, 0, nil
}

// ParseShape reads the shape notation of WriteOptions.Version (see the
// package documentation): "" for automatic, "COLSxROWS" with either number
// left out ("5x10", "5x", "x10"), or comma-separated settings "cols=5",
// "rows=10", "aspect=2.5". It returns Options.Columns, Options.Rows and
// Options.Aspect; the ranges are checked by Encode.
func ParseShape(s string) (cols, rows int, aspect float64, err error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return 0, 0, 0, nil
	}
	bad := func() (int, int, float64, error) {
		return 0, 0, 0, fmt.Errorf("pdf417: %w: shape %q (COLSxROWS such as 5x10, 5x or x10, or cols=, rows=, aspect=)", symbology.ErrInvalidData, s)
	}
	num := func(v string) (int, bool) {
		if v == "" {
			return 0, true
		}
		n, err := strconv.Atoi(v)
		return n, err == nil && n > 0
	}
	if !strings.Contains(s, "=") {
		c, r, found := strings.Cut(strings.ReplaceAll(s, "×", "x"), "x")
		if !found {
			return bad()
		}
		var ok1, ok2 bool
		cols, ok1 = num(strings.TrimSpace(c))
		rows, ok2 = num(strings.TrimSpace(r))
		if !ok1 || !ok2 || cols == 0 && rows == 0 {
			return bad()
		}
		return cols, rows, 0, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, found := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !found || v == "" {
			return bad()
		}
		var ok bool
		switch k {
		case "cols", "columns":
			cols, ok = num(v)
		case "rows":
			rows, ok = num(v)
		case "aspect":
			a, err := strconv.ParseFloat(v, 64)
			ok = err == nil && a > 0 && a < 1000
			aspect = a
		}
		if !ok {
			return bad()
		}
	}
	return cols, rows, aspect, nil
}
