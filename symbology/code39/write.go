package code39

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard requires on either side of
// a symbol, in modules (ISO/IEC 16388:2007, quiet zones: 10 narrow
// elements).
const quietZone = 10

// checkLevel is the ECLevel that asks the Code 39 writers for the modulo
// 43 check character, Code 39's only error detection beyond its
// self-checking characters.
const checkLevel = "check"

// options turns the registry's write options into Encode's: ECLevel
// "check" (any case) asks for the check character; a symbology without
// versions or levels takes nothing else.
func options(id string, opts symbology.WriteOptions, check bool) (Options, error) {
	var o Options
	switch {
	case opts.Version != "":
		return o, fmt.Errorf("code39: %w: %s has no versions (got %q)", symbology.ErrUnsupported, id, opts.Version)
	case opts.GS1:
		return o, fmt.Errorf("code39: %w: %s does not carry GS1 data", symbology.ErrUnsupported, id)
	case strings.EqualFold(opts.ECLevel, checkLevel) && check:
		o.Check = true
	case opts.ECLevel != "":
		want := ""
		if check {
			want = fmt.Sprintf(`; %q adds the modulo 43 check character`, checkLevel)
		}
		return o, fmt.Errorf("code39: %w: %s has no error correction level (got %q)%s", symbology.ErrUnsupported, id, opts.ECLevel, want)
	}
	return o, nil
}

// writeCode39 is the registry's WriteFunc of code39: data are Code 39
// characters; ECLevel "check" adds the modulo 43 check character. The
// human-readable text is the data and check character between the
// asterisks of the start and stop characters, as it is usually printed.
func writeCode39(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	o, err := options("code39", opts, true)
	if err != nil {
		return nil, err
	}
	m, err := Encode(data, o)
	if err != nil {
		return nil, err
	}
	text := data
	if o.Check {
		text += string(checkChar(data))
	}
	return &symbology.Symbol{Symbology: "code39", Modules: m, QuietZone: quietZone, Text: "*" + text + "*"}, nil
}

// writeExtended is the registry's WriteFunc of code39-ext: data are ASCII
// text, written in Full ASCII Code 39; ECLevel "check" adds the modulo 43
// check character. The human-readable text is the data, its control
// characters shown as spaces.
func writeExtended(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	o, err := options("code39-ext", opts, true)
	if err != nil {
		return nil, err
	}
	text, err := encodeFullASCII(data)
	if err != nil {
		return nil, err
	}
	if len(text) > maxDataChars {
		return nil, tooLongExtended(len(data), len(text))
	}
	m, err := Encode(text, o)
	if err != nil {
		return nil, err
	}
	hrt := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7F {
			return ' '
		}
		return r
	}, data)
	return &symbology.Symbol{Symbology: "code39-ext", Modules: m, QuietZone: quietZone, Text: hrt}, nil
}

// writeCode32 is the registry's WriteFunc of code32: data are the eight
// digits of an Italian pharmaceutical code, or its nine with the check
// digit (checked), optionally after "A" as it is printed. The
// human-readable text is "A" and the nine digits.
func writeCode32(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if _, err := options("code32", opts, false); err != nil {
		return nil, err
	}
	d := strings.TrimPrefix(data, "A")
	switch {
	case !digits(d) || len(d) != 8 && len(d) != 9:
		return nil, fmt.Errorf("code39: %w: Code 32 takes 8 digits, or 9 with the check digit, not %q", symbology.ErrInvalidData, data)
	case len(d) == 8:
		d += string(code32Check(d))
	case code32Check(d[:8]) != d[8]:
		return nil, fmt.Errorf("code39: %w: Code 32 check digit is %c, should be %c", symbology.ErrInvalidData, d[8], code32Check(d[:8]))
	}
	m, err := Encode(code32Chars(d), Options{})
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{Symbology: "code32", Modules: m, QuietZone: quietZone, Text: "A" + d}, nil
}

// writePZN is the registry's WriteFunc of pzn: data are the digits of a
// Pharmazentralnummer, optionally after "PZN", "-" or both: 7 digits make
// a PZN8, whose check digit is added, 8 a PZN8 with its check digit
// (checked), 6 a PZN7, whose check digit is added. The human-readable
// text is "PZN - " and the digits.
func writePZN(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if _, err := options("pzn", opts, false); err != nil {
		return nil, err
	}
	d := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(data, "PZN")), "-"))
	if !digits(d) || len(d) < 6 || len(d) > 8 {
		return nil, fmt.Errorf("code39: %w: a PZN takes 6 (PZN7) or 7 digits (PZN8), or 8 with the check digit, not %q", symbology.ErrInvalidData, data)
	}
	body := d
	if len(d) == 8 {
		body = d[:7]
	}
	c, ok := pznCheck(body)
	switch {
	case !ok:
		return nil, fmt.Errorf("code39: %w: PZN %s has no check digit (its weighted sum is 10 modulo 11); no such number is issued", symbology.ErrInvalidData, body)
	case len(d) == 8 && d[7] != c:
		return nil, fmt.Errorf("code39: %w: PZN check digit is %c, should be %c", symbology.ErrInvalidData, d[7], c)
	}
	d = body + string(c)
	m, err := Encode("-"+d, Options{})
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{Symbology: "pzn", Modules: m, QuietZone: quietZone, Text: "PZN - " + d}, nil
}
