package gs1

import (
	"fmt"
	"strings"
)

// CheckDigit returns the GS1 mod-10 check digit for digits, the data of a
// GTIN, GLN, SSCC or other numeric key without its check digit (General
// Specifications §7.9.1): from the right, the digits are weighted 3, 1, 3,
// 1, ..., and the check digit brings their sum to a multiple of ten.
func CheckDigit(digits string) (byte, error) {
	if digits == "" {
		return 0, errorf("", RuleCharset, "no digits to compute a check digit for")
	}
	sum := 0
	for i := len(digits) - 1; i >= 0; i-- {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, errorf("", RuleCharset, "character %q at position %d is not a digit", c, i+1)
		}
		d := int(c - '0')
		if (len(digits)-1-i)%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return byte('0' + (10-sum%10)%10), nil
}

// ValidCheckDigit reports whether s is two or more digits of which the last
// is the mod-10 check digit of the others.
func ValidCheckDigit(s string) bool {
	if len(s) < 2 {
		return false
	}
	c, err := CheckDigit(s[:len(s)-1])
	return err == nil && c == s[len(s)-1]
}

// ValidGTIN reports whether s is a GTIN-8, GTIN-12, GTIN-13 or GTIN-14
// with a right check digit.
func ValidGTIN(s string) bool {
	switch len(s) {
	case 8, 12, 13, 14:
		return ValidCheckDigit(s)
	}
	return false
}

// GTIN14 returns a GTIN-8, -12, -13 or -14 as the 14 digits of AI (01),
// zero-padded on the left; ok is false for anything else or a wrong check
// digit.
func GTIN14(s string) (gtin string, ok bool) {
	if !ValidGTIN(s) {
		return "", false
	}
	return strings.Repeat("0", 14-len(s)) + s, true
}

// cset82Order is GS1 AI encodable character set 82 in the order of its
// values, 0 to 81 (General Specifications §7.11, Figure 7.11-1), which the
// check character pair uses.
const cset82Order = "!\"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"

// cset32 is the set of check characters, in the order of their values
// (§7.9.5, Figure 7.9.5-1).
const cset32 = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// primes returns the first n primes, the weights of the check character
// pair; computed rather than transcribed.
func primes(n int) []int {
	out := make([]int, 0, n)
	for c := 2; len(out) < n; c++ {
		prime := true
		for _, p := range out {
			if p*p > c {
				break
			}
			if c%p == 0 {
				prime = false
				break
			}
		}
		if prime {
			out = append(out, c)
		}
	}
	return out
}

// maxPairData is the longest data the check character pair is defined for
// here: every AI that uses one takes at most 25 characters, and the longest
// AI data is 90.
const maxPairData = 97

var pairWeights = primes(maxPairData)

// CheckPair returns the two check characters of an alphanumeric key such
// as a GMN (AI 8013), computed over s, its characters without the pair
// (General Specifications §7.9.5): each character's value in character set
// 82 is weighted by the primes 2, 3, 5, 7, ... from the right; the sum
// modulo 1021, a 10-bit number, gives the two characters of character set
// 32 by its high and low five bits.
func CheckPair(s string) (string, error) {
	if len(s) > maxPairData {
		return "", errorf("", RuleLength, "%d characters is too long for a check character pair", len(s))
	}
	sum := 0
	for i := 0; i < len(s); i++ {
		v := strings.IndexByte(cset82Order, s[i])
		if v < 0 {
			return "", errorf("", RuleCharset, "character %q at position %d is not in GS1 character set 82", s[i], i+1)
		}
		sum += v * pairWeights[len(s)-1-i]
	}
	sum %= 1021
	return string([]byte{cset32[sum>>5], cset32[sum&31]}), nil
}

// checkPair is the csumalpha check: the last two characters of s are the
// check character pair of the others.
func checkPair(s string) string {
	if len(s) < 2 {
		return "too short for a check character pair"
	}
	want, err := CheckPair(s[:len(s)-2])
	if err != nil {
		return err.(*Error).Detail
	}
	if got := s[len(s)-2:]; got != want {
		return fmt.Sprintf("check character pair is %q, should be %q", got, want)
	}
	return ""
}
