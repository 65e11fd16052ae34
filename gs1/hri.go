// Package gs1 handles GS1 element strings: the human-readable form with
// parenthesised Application Identifiers, "(01)09506000134352(10)ABC123", and
// the element string barcodes carry, where FNC1 (written as the ASCII group
// separator 0x1D) ends each variable-length field that is not the last.
package gs1

import (
	"errors"
	"fmt"
	"strings"
)

// GS is the group separator that stands for FNC1 inside an element string.
const GS = '\x1d'

// ErrSyntax is wrapped by the errors of ElementString.
var ErrSyntax = errors.New("invalid GS1 data")

// predefinedLength gives, for the Application Identifiers whose first two
// digits are listed, the total length of the element string (AI and data):
// those fields never need a separator after them. GS1 General
// Specifications §7.8.5, Figure 7.8.5-2 ("Element strings with predefined
// length using GS1 Application Identifiers").
var predefinedLength = map[string]int{
	"00": 20, "01": 16, "02": 16, "03": 16, "04": 18,
	"11": 8, "12": 8, "13": 8, "14": 8, "15": 8, "16": 8, "17": 8, "18": 8, "19": 8,
	"20": 4,
	"31": 10, "32": 10, "33": 10, "34": 10, "35": 10, "36": 10,
	"41": 16,
}

// aiLength returns how many digits the Application Identifiers starting
// with the two digits p have (GS1 General Specifications §3.2): two for
// 00-22, 30, 37 and 90-99; three for 23-25, 40-42 and 71; four for 31-36,
// 39, 43, 70, 72 and 80-82. It reports 0 for a prefix no AI starts with.
func aiLength(p string) int {
	switch {
	case p <= "22", p == "30", p == "37":
		return 2
	case p >= "23" && p <= "25", p >= "40" && p <= "42", p == "71":
		return 3
	case p >= "31" && p <= "36", p == "39", p == "43", p == "70", p == "72", p >= "80" && p <= "82":
		return 4
	case p >= "90" && p <= "99":
		return 2
	}
	return 0
}

// cset82 reports whether c belongs to GS1 AI encodable character set 82
// (GS1 General Specifications §7.11, Figure 7.11-1).
func cset82(c byte) bool {
	switch {
	case c >= '0' && c <= '9', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		return true
	}
	return strings.IndexByte("!\"%&'()*+,-./:;<=>?_", c) >= 0
}

// ElementString converts the human-readable form "(01)09506000134352(10)ABC"
// into the element string a barcode carries, with GS after every
// variable-length field but the last. A literal parenthesis inside a value is
// written "\(" or "\)". Errors name the field and the rule broken.
func ElementString(hri string) (string, error) {
	if !strings.HasPrefix(hri, "(") {
		return "", fmt.Errorf("gs1: %w: human-readable form must start with a parenthesised AI, got %.20q", ErrSyntax, hri)
	}
	var b strings.Builder
	rest := hri
	needGS := false
	for rest != "" {
		end := strings.IndexByte(rest, ')')
		if rest[0] != '(' || end < 0 {
			return "", fmt.Errorf("gs1: %w: expected \"(AI)\" at %.20q", ErrSyntax, rest)
		}
		ai := rest[1:end]
		if err := checkAI(ai); err != nil {
			return "", err
		}
		rest = rest[end+1:]
		var value strings.Builder
		for rest != "" && rest[0] != '(' {
			c := rest[0]
			if c == '\\' && len(rest) > 1 && (rest[1] == '(' || rest[1] == ')') {
				c = rest[1]
				rest = rest[1:]
			}
			if !cset82(c) {
				return "", fmt.Errorf("gs1: %w: AI (%s): character %q is not in the GS1 character set", ErrSyntax, ai, c)
			}
			value.WriteByte(c)
			rest = rest[1:]
		}
		if value.Len() == 0 {
			return "", fmt.Errorf("gs1: %w: AI (%s) has no data", ErrSyntax, ai)
		}
		if n, ok := predefinedLength[ai[:2]]; ok && len(ai)+value.Len() != n {
			return "", fmt.Errorf("gs1: %w: AI (%s) takes %d characters of data, got %d", ErrSyntax, ai, n-len(ai), value.Len())
		}
		if needGS {
			b.WriteByte(GS)
		}
		b.WriteString(ai)
		b.WriteString(value.String())
		_, fixed := predefinedLength[ai[:2]]
		needGS = !fixed
	}
	return b.String(), nil
}

// checkAI reports an error unless ai has the digits and length an
// Application Identifier with its first two digits has.
func checkAI(ai string) error {
	if len(ai) < 2 || len(ai) > 4 {
		return fmt.Errorf("gs1: %w: AI %q must have 2 to 4 digits", ErrSyntax, ai)
	}
	for i := 0; i < len(ai); i++ {
		if ai[i] < '0' || ai[i] > '9' {
			return fmt.Errorf("gs1: %w: AI %q must be digits", ErrSyntax, ai)
		}
	}
	if n := aiLength(ai[:2]); n != len(ai) {
		if n == 0 {
			return fmt.Errorf("gs1: %w: no Application Identifier starts with %q", ErrSyntax, ai[:2])
		}
		return fmt.Errorf("gs1: %w: AI %q must have %d digits", ErrSyntax, ai, n)
	}
	return nil
}
