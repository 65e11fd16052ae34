package ean

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// report turns a scan result into the barcode of the id of what it is: an
// EAN-13 symbol of leading digit 0 is a UPC-A symbol (upca); the others are
// ean13's, and an ISBN (prefix 978 or 979) is isbn's to a scan that asks
// for ISBN and not for EAN-13. The add-on digits, when enough lines read
// them, follow the main digits (symbology identifier ]E3); ISO/IEC 15420
// transmits UPC-A and UPC-E in their 13-digit EAN-13 form, and so does
// barkit.
func report(r linear.Result, want func(id string) bool) (symbology.Barcode, bool) {
	var id string
	switch kind(r.Kind) {
	case kindEAN13:
		switch {
		case r.Text[0] == '0':
			id = "upca"
		case isISBN(r.Text) && want("isbn") && !want("ean13"):
			id = "isbn"
		default:
			id = "ean13"
		}
	case kindEAN8:
		id = "ean8"
	case kindUPCE:
		id = "upce"
	default:
		return symbology.Barcode{}, false
	}
	return barcode(id, r), true
}

// isISBN reports whether the 13 digits of an EAN-13 symbol are an ISBN:
// the prefixes 978 and 979, Bookland.
func isISBN(digits string) bool {
	return len(digits) == 13 && (digits[:3] == "978" || digits[:3] == "979")
}

// barcode turns a scan result into a Barcode.
func barcode(id string, r linear.Result) symbology.Barcode {
	text, ident := r.Text, "]E0"
	switch kind(r.Kind) {
	case kindEAN8:
		ident = "]E4"
	case kindUPCE:
		text = "0" + expandUPCE(r.Text)
	}
	if r.Extra != "" {
		text += r.Extra
		ident = "]E3"
	}
	return symbology.Barcode{
		Symbology:   id,
		Text:        text,
		Bytes:       []byte(text),
		ContentType: symbology.Text,
		Identifier:  ident,
		AddOn:       r.Extra,
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
	}
}
