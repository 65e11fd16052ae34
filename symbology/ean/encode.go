package ean

import "github.com/barkit/barkit/matrix"

// kind is a type of EAN/UPC symbol, the Kind of its linear.Hit.
type kind int

// The kinds of symbol. A UPC-A symbol is an EAN-13 symbol whose leading
// digit is 0, and an ISBN an EAN-13 symbol of prefix 978 or 979.
const (
	kindEAN13 kind = 1 + iota
	kindEAN8
	kindUPCE
	kindEAN2 // two-digit add-on
	kindEAN5 // five-digit add-on
)

// String returns the kind's name.
func (k kind) String() string {
	switch k {
	case kindEAN13:
		return "EAN-13"
	case kindEAN8:
		return "EAN-8"
	case kindUPCE:
		return "UPC-E"
	case kindEAN2:
		return "EAN-2"
	case kindEAN5:
		return "EAN-5"
	}
	return "unknown"
}

// Widths in modules of the symbols (ISO/IEC 15420:2009, symbol
// dimensions), and of the gap between a main symbol and its add-on, which
// the standard allows from 7 to 12 modules: the least, as zint 2.11 writes
// it (zint -b 13 -d 5901234123457+12 --dump).
const (
	ean13Modules = 3 + 6*7 + 5 + 6*7 + 3 // 95
	ean8Modules  = 3 + 4*7 + 5 + 4*7 + 3 // 67
	upceModules  = 3 + 6*7 + 6           // 51
	ean2Modules  = 4 + 7 + 2 + 7         // 20
	ean5Modules  = 4 + 5*7 + 4*2         // 47
	addOnGap     = 7
)

// Quiet zones in modules (ISO/IEC 15420:2009, quiet zones): EAN-13 needs
// 11 on the left and 7 on the right, UPC-A 9 on both sides, EAN-8 7, UPC-E
// 9 and 7, and an add-on 5 on its right (its left is the gap).
const (
	quietEAN13 = 11
	quietUPCA  = 9
	quietEAN8  = 7
	quietUPCE  = 9
	quietAddOn = 5
)

// appendDigit appends the modules of digit d (0-9) in number set s: '1'
// dark, '0' light.
func appendDigit(b []byte, d int, s numberSet) []byte {
	dark := s == setRight
	for _, n := range widths(s, d) {
		c := byte('0')
		if dark {
			c = '1'
		}
		for range n {
			b = append(b, c)
		}
		dark = !dark
	}
	return b
}

// encodeModules returns the modules of a symbol of kind k holding digits:
// EAN-13 13 digits, EAN-8 8, UPC-E 8 (number system, six digits, check
// digit), EAN-2 2 and EAN-5 5. The digits must be valid, check digits
// included.
func encodeModules(k kind, digits string) []byte {
	d := func(i int) int { return int(digits[i] - '0') }
	var b []byte
	switch k {
	case kindEAN13:
		b = append(b, normalGuard...)
		sets := leadingSets[d(0)]
		for i := 1; i <= 6; i++ {
			b = appendDigit(b, d(i), numberSet(sets[i-1]))
		}
		b = append(b, centreGuard...)
		for i := 7; i <= 12; i++ {
			b = appendDigit(b, d(i), setRight)
		}
		b = append(b, normalGuard...)
	case kindEAN8:
		b = append(b, normalGuard...)
		for i := 0; i < 4; i++ {
			b = appendDigit(b, d(i), setOdd)
		}
		b = append(b, centreGuard...)
		for i := 4; i < 8; i++ {
			b = appendDigit(b, d(i), setRight)
		}
		b = append(b, normalGuard...)
	case kindUPCE:
		b = append(b, normalGuard...)
		sets := upceSetsFor(d(0), d(7))
		for i := 1; i <= 6; i++ {
			b = appendDigit(b, d(i), numberSet(sets[i-1]))
		}
		b = append(b, specialEnd...)
	case kindEAN2, kindEAN5:
		var sets string
		if k == kindEAN2 {
			sets = addOn2Sets[addOn2Value(digits)%4]
		} else {
			sets = addOn5Sets[addOn5Check(digits)]
		}
		b = append(b, addOnGuard...)
		for i := range digits {
			if i > 0 {
				b = append(b, addOnDelim...)
			}
			b = appendDigit(b, d(i), numberSet(sets[i]))
		}
	}
	return b
}

// upceSetsFor returns the number sets of a UPC-E symbol of number system ns
// (0 or 1) and check digit check.
func upceSetsFor(ns, check int) string {
	sets := upceSets[check]
	if ns == 0 {
		return sets
	}
	b := []byte(sets)
	for i, c := range b {
		if c == byte(setOdd) {
			b[i] = byte(setEven)
		} else {
			b[i] = byte(setOdd)
		}
	}
	return string(b)
}

// toMatrix returns modules as a matrix one module high.
func toMatrix(modules []byte) *matrix.Matrix {
	m := matrix.New(len(modules), 1)
	for i, c := range modules {
		m.Pix[i] = c == '1'
	}
	return m
}
