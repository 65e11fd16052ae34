package content

import "strings"

// Phone is a telephone number to call (TypePhone), from an RFC 3966 tel:
// URI such as "tel:+1-201-555-0123" or "tel:7042;ext=55;phone-context=example.com",
// or the variants found on printed codes: "tel://+1-201-555-0123" (with
// slashes, as some generators write it) and WAP's "wtai://wp/mc;+12015550123".
type Phone struct {
	// Number is the number percent-decoded and without the visual
	// separators of RFC 3966 §5.1.1 (spaces, '-', '.', '(' and ')'): a
	// leading '+' for a global number, then digits and any '*', '#' or
	// letters (vanity numbers) as written: "+12015550123".
	Number string `json:"number"`
	// Extension is the ";ext=" parameter, digits only; omitted when absent.
	Extension string `json:"extension,omitempty"`
}

// parseTel reads a tel: URI. A number without a digit, or with characters
// other than those described on Phone.Number, is not a phone number.
func parseTel(s, _ string) *Content {
	rest, ok := cutPrefixFold(s, "tel:")
	if !ok {
		// WTAI "make call" (WAP-268), on codes made for old phones.
		if rest, ok = cutPrefixFold(s, "wtai://wp/mc;"); !ok {
			return nil
		}
	}
	rest = percentDecode(strings.TrimPrefix(rest, "//"), false)
	num, params, _ := strings.Cut(rest, ";")
	n, ok := phoneNumber(num)
	if !ok {
		return nil
	}
	p := Phone{Number: n}
	for params != "" {
		var kv string
		kv, params, _ = strings.Cut(params, ";")
		if k, v, _ := strings.Cut(kv, "="); strings.EqualFold(strings.TrimSpace(k), "ext") {
			if x, ok := phoneNumber(v); ok {
				p.Extension = x
			}
		}
	}
	return &Content{Type: TypePhone, Phone: &p}
}

// phoneNumber removes visual separators from a dialable number and reports
// whether what is left is a number as described on Phone.Number.
func phoneNumber(s string) (string, bool) {
	s = strings.TrimSpace(s)
	b := make([]byte, 0, len(s))
	digits := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			digits++
			b = append(b, c)
		case c == '+' && len(b) == 0 && digits == 0:
			b = append(b, c)
		case c == '*' || c == '#' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			b = append(b, c)
		case c == ' ' || c == '-' || c == '.' || c == '(' || c == ')' || c == '\t':
		default:
			return "", false
		}
	}
	if digits == 0 {
		return "", false
	}
	return string(b), true
}
