package ean

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// CheckDigit returns the check digit of digits, a string of ASCII digits:
// the GS1 modulo-10 check digit, whose weights 3 and 1 alternate from the
// rightmost digit, which weighs 3 (GS1 General Specifications §7.9.1). It
// serves EAN-13, EAN-8, UPC-A and, through its UPC-A form, UPC-E. A
// character that is not a digit gives 0.
func CheckDigit(digits string) byte {
	sum, w := 0, 3
	for i := len(digits) - 1; i >= 0; i-- {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0
		}
		sum += int(c-'0') * w
		w = 4 - w
	}
	return byte('0' + (10-sum%10)%10)
}

// ExpandUPCE returns the 12-digit UPC-A code of an 8-digit UPC-E code
// (number system 0 or 1, six digits, check digit), by the zero-suppression
// rules of UPC-E (GS1 General Specifications, UPC-E): the sixth digit says
// where the zeros go. The check digit is carried over, not verified.
func ExpandUPCE(code string) (string, error) {
	if len(code) != 8 || !isDigits(code) || code[0] > '1' {
		return "", fmt.Errorf("ean: %w: UPC-E code %q is not a number system 0 or 1 and seven digits", symbology.ErrInvalidData, code)
	}
	return expandUPCE(code), nil
}

// expandUPCE is ExpandUPCE for a code known to be valid.
func expandUPCE(e string) string {
	ns, d, check := e[:1], e[1:7], e[7:]
	var m, p string // manufacturer (5 digits) and item (5 digits)
	switch d[5] {
	case '0', '1', '2':
		m, p = d[0:2]+d[5:6]+"00", "00"+d[2:5]
	case '3':
		m, p = d[0:3]+"00", "000"+d[3:5]
	case '4':
		m, p = d[0:4]+"0", "0000"+d[4:5]
	default:
		m, p = d[0:5], "0000"+d[5:6]
	}
	return ns + m + p + check
}

// CompressUPCA returns the 8-digit UPC-E code of a 12-digit UPC-A code of
// number system 0 or 1 whose zeros UPC-E can suppress (GS1 General
// Specifications, UPC-E zero suppression). The form is chosen by the manufacturer
// digits, as the rules do: one ending in 000, 100 or 200 takes items up to
// 999; one ending in 00, items up to 99; one ending in 0, items up to 9;
// any other, items 5 to 9.
func CompressUPCA(code string) (string, error) {
	if len(code) != 12 || !isDigits(code) {
		return "", fmt.Errorf("ean: %w: UPC-A code %q is not 12 digits", symbology.ErrInvalidData, code)
	}
	e, ok := compressUPCA(code)
	if !ok {
		return "", fmt.Errorf("ean: %w: UPC-A code %s has no UPC-E form (number system 0 or 1, and zeros in the places UPC-E suppresses)", symbology.ErrInvalidData, code)
	}
	return e, nil
}

// compressUPCA is CompressUPCA for a code of 12 digits.
func compressUPCA(a string) (string, bool) {
	ns, m, p, check := a[:1], a[1:6], a[6:11], a[11:]
	if ns != "0" && ns != "1" {
		return "", false
	}
	var d string
	switch {
	case m[3:] == "00" && m[2] <= '2':
		if p[:2] != "00" {
			return "", false
		}
		d = m[:2] + p[2:] + m[2:3]
	case m[3:] == "00":
		if p[:3] != "000" {
			return "", false
		}
		d = m[:3] + p[3:] + "3"
	case m[4] == '0':
		if p[:4] != "0000" {
			return "", false
		}
		d = m[:4] + p[4:] + "4"
	default:
		if p[:4] != "0000" || p[4] < '5' {
			return "", false
		}
		d = m + p[4:]
	}
	return ns + d + check, true
}

// addOn5Check returns the check value of the digits of an EAN-5 add-on,
// which its number sets carry: 3 times the sum of the digits in odd
// places plus 9 times the sum of those in even places, modulo 10
// (ISO/IEC 15420:2009, the five-digit add-on).
func addOn5Check(d string) int {
	return (3*int(d[0]-'0'+d[2]-'0'+d[4]-'0') + 9*int(d[1]-'0'+d[3]-'0')) % 10
}

// addOn2Value returns the value of the two digits of an EAN-2 add-on
// modulo 4, which its number sets carry.
func addOn2Value(d string) int {
	return int(d[0]-'0')*10 + int(d[1]-'0')
}

// isDigits reports whether s is non-empty and all ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// isbn10To13 converts an ISBN-10 (nine digits and a check character, 0-9
// or X) to its EAN-13 form with prefix 978, after verifying its modulo-11
// check: the digits weighted 10 down to 1 sum to a multiple of 11
// (ISO 2108).
func isbn10To13(s string) (string, error) {
	sum := 0
	for i := 0; i < 9; i++ {
		if s[i] < '0' || s[i] > '9' {
			return "", fmt.Errorf("ean: %w: ISBN %q: character %q at position %d is not a digit", symbology.ErrInvalidData, s, s[i], i+1)
		}
		sum += (10 - i) * int(s[i]-'0')
	}
	want := byte('0' + (11-sum%11)%11)
	if want == '0'+10 {
		want = 'X'
	}
	got := s[9]
	if got == 'x' {
		got = 'X'
	}
	if (got < '0' || got > '9') && got != 'X' {
		return "", fmt.Errorf("ean: %w: ISBN %q: check character %q is not a digit or X", symbology.ErrInvalidData, s, s[9])
	}
	if got != want {
		return "", fmt.Errorf("ean: %w: ISBN %s: check character %c is wrong; it should be %c", symbology.ErrInvalidData, s, s[9], want)
	}
	d := "978" + s[:9]
	return d + string(CheckDigit(d)), nil
}

// cleanISBN removes an "ISBN" prefix (with "-10" or "-13", and a colon),
// spaces and hyphens from an ISBN as printed.
func cleanISBN(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 4 && strings.EqualFold(s[:4], "ISBN") {
		s = s[4:]
		s = strings.TrimPrefix(strings.TrimPrefix(s, "-13"), "-10")
		s = strings.TrimPrefix(strings.TrimSpace(s), ":")
	}
	return strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' {
			return -1
		}
		return r
	}, s)
}
