package code39

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// reading is what a Code 39 symbol says: the member of the family it is,
// its text and its symbology identifier.
type reading struct {
	id, text, ident string
}

// readingOf returns the reading of the Code 39 characters raw (start and
// stop excluded) as the most specific member of the family they make: a
// PZN ("-" and its digits, as read), a Code 32 ("A" and its nine digits),
// Full ASCII Code 39 (when raw holds shift pairs that all decode), or
// Code 39. A last character that is the modulo 43 check character of the
// ones before it stays in the text, and the symbology identifier says it
// was checked (]A1; ]A5 with Full ASCII), as zxing-cpp reports it; the
// Full ASCII reading applies to the characters before it.
func readingOf(raw string) reading {
	if isPZN(raw) {
		return reading{"pzn", raw, "]A0"}
	}
	if d, ok := code32Text(raw); ok {
		return reading{"code32", "A" + d, "]A0"}
	}
	check := hasCheck(raw)
	if ext, ok := extended(raw, check); ok {
		return ext
	}
	return plain(raw, check)
}

// plain returns the Code 39 reading of raw.
func plain(raw string, check bool) reading {
	if check {
		return reading{"code39", raw, "]A1"}
	}
	return reading{"code39", raw, "]A0"}
}

// extended returns the Full ASCII reading of raw, and whether raw has
// one: shift pairs, all of which decode.
func extended(raw string, check bool) (reading, bool) {
	if check {
		n := len(raw)
		if t, pairs, ok := decodeFullASCII(raw[:n-1]); ok && pairs {
			return reading{"code39-ext", t + raw[n-1:], "]A5"}, true
		}
	}
	if t, pairs, ok := decodeFullASCII(raw); ok && pairs {
		return reading{"code39-ext", t, "]A4"}, true
	}
	return reading{}, false
}

// report turns a scan result into a barcode. A scan that asks for code39
// reads the whole family, as zxing-cpp's Code39 format does: each symbol
// is reported under its member's id (code39-ext, code32, pzn) when the
// scan asks for that id, else under code39, in its member's reading. A
// scan that asks for code39-ext and not code39 reads the other symbols
// too, in their Full ASCII reading, which for symbols without shift pairs
// is their text. A scan for code32 or pzn alone reads those only.
func report(r linear.Result, want func(id string) bool) (symbology.Barcode, bool) {
	rd := readingOf(r.Text)
	switch {
	case want(rd.id):
	case want("code39"):
		rd.id = "code39"
	case want("code39-ext") && rd.id != "code39-ext":
		rd = plain(r.Text, hasCheck(r.Text))
		rd.id = "code39-ext"
	default:
		return symbology.Barcode{}, false
	}
	return symbology.Barcode{
		Symbology:   rd.id,
		Text:        rd.text,
		Bytes:       []byte(rd.text),
		ContentType: symbology.Text,
		Identifier:  rd.ident,
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
	}, true
}
