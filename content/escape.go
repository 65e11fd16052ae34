package content

import (
	"strings"
	"unicode/utf8"
)

// maxItems bounds every list Parse returns (phone numbers of a contact,
// recipients of a message, attendees of an event). Real cards and messages
// have a handful; the bound keeps the output of a hostile input from
// growing with it beyond what is useful. TestListsBounded guards it.
const maxItems = 256

// appendBounded appends v to s unless s already holds maxItems entries.
func appendBounded[T any](s []T, v T) []T {
	if len(s) >= maxItems {
		return s
	}
	return append(s, v)
}

// hasPrefixFold reports whether s begins with prefix, ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// cutPrefixFold returns s without prefix and true when s begins with prefix,
// ignoring ASCII case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if !hasPrefixFold(s, prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// isDigits reports whether s is a non-empty string of ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// hasSpace reports whether s holds white space or an ASCII control
// character anywhere.
func hasSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] == 0x7f {
			return true
		}
	}
	return strings.ContainsAny(s, "\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// percentDecode replaces %XX escapes (RFC 3986 §2.1) by the bytes they
// stand for and, when plus is set, '+' by a space (the HTML form encoding
// some generators use in query strings). A '%' not followed by two hex digits
// is kept as it is. Bytes that do not form UTF-8 become U+FFFD.
func percentDecode(s string, plus bool) string {
	if !strings.ContainsRune(s, '%') && (!plus || !strings.ContainsRune(s, '+')) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s):
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if ok1 && ok2 {
				b = append(b, hi<<4|lo)
				i += 2
				continue
			}
			b = append(b, c)
		case c == '+' && plus:
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	return validUTF8(string(b))
}

// validUTF8 returns s with each invalid byte sequence replaced by U+FFFD.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// A field is one "KEY:value" item of an NTT DoCoMo style record (MECARD:,
// MATMSG:, MEBKM:, BIZCARD:, WIFI:), with the value still escaped.
type field struct {
	key string // as written, before the first ':'
	raw string // the rest of the item, backslash escapes kept
}

// splitFields splits the body of a DoCoMo style record at the semicolons
// that are not escaped by a backslash and cuts each item at its first colon.
// Items without a colon and empty items (the ";;" that ends a record) are
// skipped. The result holds at most maxItems*4 fields.
func splitFields(s string) []field {
	var out []field
	start := 0
	for i := 0; i <= len(s); i++ {
		if i+1 < len(s) && s[i] == '\\' {
			i++ // the escaped character, whatever it is
			continue
		}
		if i < len(s) && s[i] != ';' {
			continue
		}
		item := s[start:min(i, len(s))]
		start = i + 1
		if k, v, ok := strings.Cut(item, ":"); ok && k != "" && len(out) < maxItems*4 {
			out = append(out, field{key: strings.TrimSpace(k), raw: v})
		}
	}
	return out
}

// unescapeBackslash removes the backslash of each "\x" escape in a DoCoMo
// value, leaving x: "\;" is ';', "\\" is '\'. A lone trailing backslash is
// kept.
func unescapeBackslash(s string) string {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b = append(b, s[i])
	}
	return string(b)
}

// value returns the first field named key (ignoring case), unescaped, and
// whether there was one.
func value(fields []field, key string) (string, bool) {
	for _, f := range fields {
		if strings.EqualFold(f.key, key) {
			return unescapeBackslash(f.raw), true
		}
	}
	return "", false
}

// values returns every field named key (ignoring case), unescaped, leaving
// out empty ones.
func values(fields []field, key string) []string {
	var out []string
	for _, f := range fields {
		if strings.EqualFold(f.key, key) {
			if v := strings.TrimSpace(unescapeBackslash(f.raw)); v != "" {
				out = appendBounded(out, v)
			}
		}
	}
	return out
}
