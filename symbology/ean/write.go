package ean

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// Writing. Each id takes its digits with or without the check digit; a
// check digit given is verified, and a wrong one is an error naming the
// right one. EAN-13, UPC-A, UPC-E and ISBN take an add-on after '+' or a
// space ("9780735200449+51299"), or run on in the form barkit reads them
// (13 digits then 2 or 5: "978073520044951299").
//
// Symbol.Text is the human-readable text as printed: the digits of the
// main symbol (12 for UPC-A, 8 for UPC-E), then a space and the add-on's.
// Symbol.QuietZone is the wider of the two sides the standard asks for
// (EAN-13: 11 left, 7 right), since a Symbol has one quiet zone for every
// side.

// checkOptions refuses the options EAN/UPC has no use for.
func checkOptions(name string, opts symbology.WriteOptions) error {
	switch {
	case opts.GS1:
		return fmt.Errorf("ean: %w: %s carries a GTIN as digits, not GS1 element strings; write it without the GS1 option", symbology.ErrUnsupported, name)
	case opts.ECLevel != "":
		return fmt.Errorf("ean: %w: %s has no error correction level (got %q)", symbology.ErrUnsupported, name, opts.ECLevel)
	case opts.Version != "":
		return fmt.Errorf("ean: %w: %s has no versions (got %q)", symbology.ErrUnsupported, name, opts.Version)
	}
	return nil
}

// splitAddOn separates the add-on from data: after a '+' or a space, or,
// when joined is true, the digits after the first 13 of a 15- or 18-digit
// string.
func splitAddOn(name, data string, joined bool) (main, addOn string, err error) {
	data = strings.TrimSpace(data)
	if k := strings.IndexAny(data, "+ "); k >= 0 {
		main, addOn = strings.TrimSpace(data[:k]), strings.TrimSpace(data[k+1:])
	} else if joined && (len(data) == 15 || len(data) == 18) && isDigits(data) {
		main, addOn = data[:13], data[13:]
	} else {
		return data, "", nil
	}
	if err := checkDigits("add-on", addOn); err != nil {
		return "", "", err
	}
	if len(addOn) != 2 && len(addOn) != 5 {
		return "", "", fmt.Errorf("ean: %w: the add-on of %s is 2 or 5 digits, not %d", symbology.ErrInvalidData, name, len(addOn))
	}
	return main, addOn, nil
}

// checkDigits reports the first character of s that is not a digit.
func checkDigits(name, s string) error {
	for i, r := range s {
		if r < '0' || r > '9' {
			return fmt.Errorf("ean: %w: %s: character %q at position %d is not a digit", symbology.ErrInvalidData, name, r, i+1)
		}
	}
	if s == "" {
		return fmt.Errorf("ean: %w: %s: no digits", symbology.ErrInvalidData, name)
	}
	return nil
}

// withCheck returns digits, n data digits or n plus a check digit, with
// the check digit: computed when missing, verified when given.
func withCheck(name, digits string, n int) (string, error) {
	if err := checkDigits(name, digits); err != nil {
		return "", err
	}
	switch len(digits) {
	case n:
		return digits + string(CheckDigit(digits)), nil
	case n + 1:
		if c := CheckDigit(digits[:n]); c != digits[n] {
			return "", fmt.Errorf("ean: %w: %s %s: check digit %c is wrong; it should be %c", symbology.ErrInvalidData, name, digits, digits[n], c)
		}
		return digits, nil
	}
	return "", fmt.Errorf("ean: %w: %s takes %d digits, or %d with the check digit, not %d", symbology.ErrInvalidData, name, n, n+1, len(digits))
}

// newSymbol builds the Symbol of a main symbol of kind k with its digits
// and an optional add-on.
func newSymbol(id string, k kind, digits, addOn, text string, quiet int) *symbology.Symbol {
	b := encodeModules(k, digits)
	if addOn != "" {
		for range addOnGap {
			b = append(b, '0')
		}
		ak := kindEAN2
		if len(addOn) == 5 {
			ak = kindEAN5
		}
		b = append(b, encodeModules(ak, addOn)...)
		text += " " + addOn
	}
	return &symbology.Symbol{Symbology: id, Modules: toMatrix(b), QuietZone: quiet, Text: text}
}

// writeEAN13 writes an EAN-13 symbol: 12 digits, or 13 with the check
// digit, and an optional add-on.
func writeEAN13(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if err := checkOptions("EAN-13", opts); err != nil {
		return nil, err
	}
	main, addOn, err := splitAddOn("EAN-13", data, true)
	if err != nil {
		return nil, err
	}
	d, err := withCheck("EAN-13", main, 12)
	if err != nil {
		return nil, err
	}
	return newSymbol("ean13", kindEAN13, d, addOn, d, quietEAN13), nil
}

// writeUPCA writes a UPC-A symbol: 11 digits, 12 with the check digit, or
// the 13-digit EAN-13 form with leading 0 that reading gives, and an
// optional add-on.
func writeUPCA(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if err := checkOptions("UPC-A", opts); err != nil {
		return nil, err
	}
	main, addOn, err := splitAddOn("UPC-A", data, true)
	if err != nil {
		return nil, err
	}
	if len(main) == 13 && main[0] == '0' {
		main = main[1:]
	}
	d, err := withCheck("UPC-A", main, 11)
	if err != nil {
		return nil, err
	}
	return newSymbol("upca", kindEAN13, "0"+d, addOn, d, quietUPCA), nil
}

// writeUPCE writes a UPC-E symbol: six digits (number system 0), seven
// (number system 0 or 1 first), eight with the check digit, or a UPC-A
// code (11, 12 or 13 digits, as writeUPCA takes) whose zeros UPC-E can
// suppress; and an optional add-on.
func writeUPCE(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if err := checkOptions("UPC-E", opts); err != nil {
		return nil, err
	}
	main, addOn, err := splitAddOn("UPC-E", data, true)
	if err != nil {
		return nil, err
	}
	if err := checkDigits("UPC-E", main); err != nil {
		return nil, err
	}
	var e string
	switch len(main) {
	case 6:
		main = "0" + main
		fallthrough
	case 7:
		if main[0] > '1' {
			return nil, fmt.Errorf("ean: %w: UPC-E number system is 0 or 1, not %c", symbology.ErrInvalidData, main[0])
		}
		e = main + string(CheckDigit(expandUPCE(main + "0")[:11]))
	case 8:
		if main[0] > '1' {
			return nil, fmt.Errorf("ean: %w: UPC-E number system is 0 or 1, not %c", symbology.ErrInvalidData, main[0])
		}
		if c := CheckDigit(expandUPCE(main)[:11]); c != main[7] {
			return nil, fmt.Errorf("ean: %w: UPC-E %s: check digit %c is wrong; it should be %c", symbology.ErrInvalidData, main, main[7], c)
		}
		e = main
	case 11, 12, 13:
		if len(main) == 13 {
			if main[0] != '0' {
				return nil, fmt.Errorf("ean: %w: UPC-E: %s is no UPC-A code in EAN-13 form (leading 0)", symbology.ErrInvalidData, main)
			}
			main = main[1:]
		}
		a, err := withCheck("UPC-E", main, 11)
		if err != nil {
			return nil, err
		}
		if e, err = CompressUPCA(a); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("ean: %w: UPC-E takes 6 to 8 digits, or a UPC-A code of 11 to 13, not %d", symbology.ErrInvalidData, len(main))
	}
	return newSymbol("upce", kindUPCE, e, addOn, e, quietUPCE), nil
}

// writeEAN8 writes an EAN-8 symbol: 7 digits, or 8 with the check digit.
// EAN-8 takes no add-on.
func writeEAN8(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if err := checkOptions("EAN-8", opts); err != nil {
		return nil, err
	}
	data = strings.TrimSpace(data)
	if strings.ContainsAny(data, "+ ") {
		return nil, fmt.Errorf("ean: %w: EAN-8 takes no add-on", symbology.ErrInvalidData)
	}
	d, err := withCheck("EAN-8", data, 7)
	if err != nil {
		return nil, err
	}
	return newSymbol("ean8", kindEAN8, d, "", d, quietEAN8), nil
}

// writeISBN writes an ISBN as an EAN-13 symbol: an ISBN-13 of prefix 978 or
// 979 (12 digits, or 13 with the check digit) or an ISBN-10 (9 digits and
// a check character 0-9 or X), with or without hyphens, spaces and an
// "ISBN" label, and an optional add-on after '+', such as a price.
func writeISBN(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if err := checkOptions("ISBN", opts); err != nil {
		return nil, err
	}
	isbn, addOn, _ := strings.Cut(data, "+")
	if addOn = strings.TrimSpace(addOn); addOn != "" || strings.Contains(data, "+") {
		if err := checkDigits("add-on", addOn); err != nil {
			return nil, err
		}
		if len(addOn) != 2 && len(addOn) != 5 {
			return nil, fmt.Errorf("ean: %w: the add-on of an ISBN is 2 or 5 digits, not %d", symbology.ErrInvalidData, len(addOn))
		}
	}
	isbn = cleanISBN(isbn)
	var d string
	var err error
	if len(isbn) == 10 {
		d, err = isbn10To13(isbn)
	} else {
		d, err = withCheck("ISBN", isbn, 12)
		if err == nil && d[:3] != "978" && d[:3] != "979" {
			err = fmt.Errorf("ean: %w: ISBN %s does not start with 978 or 979", symbology.ErrInvalidData, d)
		}
	}
	if err != nil {
		return nil, err
	}
	return newSymbol("isbn", kindEAN13, d, addOn, d, quietEAN13), nil
}

// writeAddOn returns the WriteFunc of a stand-alone add-on symbol of n
// digits, as printed beside a main symbol drawn separately.
func writeAddOn(id string, k kind, n int) symbology.WriteFunc {
	name := k.String()
	return func(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
		if err := checkOptions(name, opts); err != nil {
			return nil, err
		}
		data = strings.TrimSpace(data)
		if err := checkDigits(name, data); err != nil {
			return nil, err
		}
		if len(data) != n {
			return nil, fmt.Errorf("ean: %w: %s takes %d digits, not %d", symbology.ErrInvalidData, name, n, len(data))
		}
		return &symbology.Symbol{Symbology: id, Modules: toMatrix(encodeModules(k, data)), QuietZone: quietAddOnLeft, Text: data}, nil
	}
}

// quietAddOnLeft is the quiet zone of a stand-alone add-on: the least gap
// the standard allows before it, 7 modules, which also covers the 5 it
// needs on its right.
const quietAddOnLeft = 7
