package code39

import "strings"

// Code 32, the Italian pharmaceutical code (Codice Farmaceutico, AIC),
// writes a nine-digit number, eight digits and a check digit, as six
// Code 39 characters: the number in base 32, most significant first,
// with the digits of base32Digits. Its human-readable form is "A" and the
// nine digits.
const base32Digits = "0123456789BCDFGHJKLMNPQRSTUVWXYZ"

// code32Check returns the check digit of the eight digits d of a Code 32
// number: the digits in odd places (first, third, ...) summed, those in
// even places doubled and their digits summed, all modulo 10.
func code32Check(d string) byte {
	sum := 0
	for i := range len(d) {
		v := int(d[i] - '0')
		if i%2 == 1 {
			v *= 2
			v = v/10 + v%10
		}
		sum += v
	}
	return byte('0' + sum%10)
}

// code32Text returns the nine digits of the Code 32 number that Code 39
// text spells, and whether it is one: six characters of base32Digits whose
// value has nine digits at most, the last the check digit of the others.
func code32Text(text string) (string, bool) {
	if len(text) != 6 {
		return "", false
	}
	v := 0
	for i := range 6 {
		d := strings.IndexByte(base32Digits, text[i])
		if d < 0 {
			return "", false
		}
		v = v*32 + d
	}
	if v >= 1e9 {
		return "", false
	}
	var b [9]byte
	for i := 8; i >= 0; i-- {
		b[i] = byte('0' + v%10)
		v /= 10
	}
	if code32Check(string(b[:8])) != b[8] {
		return "", false
	}
	return string(b[:]), true
}

// code32Chars returns the six Code 39 characters of the nine digits d.
func code32Chars(d string) string {
	v := 0
	for i := range len(d) {
		v = v*10 + int(d[i]-'0')
	}
	var b [6]byte
	for i := 5; i >= 0; i-- {
		b[i] = base32Digits[v%32]
		v /= 32
	}
	return string(b[:])
}

// PZN, the Pharmazentralnummer of German pharmaceuticals, is Code 39 of
// "-" and the number's digits, the last a check digit: eight digits for
// PZN8 (since 2013), seven for the older PZN7 (IFA, PZN Code 39
// specification). Its human-readable form is "PZN - " and the digits.

// pznCheck returns the check digit of the digits d of a PZN, six (PZN7)
// or seven (PZN8), and whether there is one: the digits weighted 2 to 7
// (PZN7) or 1 to 7 (PZN8) in order, summed modulo 11; a sum of 10 gives
// none, and such numbers are not issued.
func pznCheck(d string) (byte, bool) {
	w := 1
	if len(d) == 6 {
		w = 2
	}
	sum := 0
	for i := range len(d) {
		sum += int(d[i]-'0') * (w + i)
	}
	if sum%11 == 10 {
		return 0, false
	}
	return byte('0' + sum%11), true
}

// isPZN reports whether Code 39 text is a PZN: "-" and seven or eight
// digits, the last the check digit of the others.
func isPZN(text string) bool {
	if len(text) != 8 && len(text) != 9 || text[0] != '-' || !digits(text[1:]) {
		return false
	}
	n := len(text)
	c, ok := pznCheck(text[1 : n-1])
	return ok && c == text[n-1]
}

// digits reports whether s is all ASCII digits.
func digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
