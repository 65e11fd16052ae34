package gs1

import (
	"strings"
	"time"
)

// DefaultResolver is the stem of the URIs DigitalLink writes when given
// none: GS1's own resolver.
const DefaultResolver = "https://id.gs1.org"

// maxURI bounds the URIs ParseDigitalLink reads; the largest QR Code holds
// under 3 KB and the standard's URIs are far shorter.
const maxURI = 8192

// ParseDigitalLink reads an uncompressed GS1 Digital Link URI (GS1 Digital
// Link URI Syntax, Release 1.4, §4):
//
//	https://id.gs1.org/01/09506000134352/10/ABC123?17=251231&3103=000195
//
// Its path ends in a primary key (01 GTIN, 00 SSCC, 414 GLN, ...) and
// value, then the key's qualifiers in their prescribed order (for GTIN: 22,
// 10, 21, or 235), each an AI and its percent-encoded value; anything
// before the key is the resolver's stem. Query parameters named by AIs
// allowed as data attributes add fields; other parameters (linkType and
// the like) are ignored, as is the fragment. A GTIN-8, -12 or -13 in the
// URI becomes the 14 digits of AI (01).
//
// The fields come in the order primary key, qualifiers, data attributes,
// each checked as Field.Check does; Join or FormatHRI turn them into an
// element string or the human-readable form. Errors wrap ErrSyntax.
// Compressed Digital Link URIs are not read.
func ParseDigitalLink(uri string) ([]Field, error) {
	return parseDigitalLink(uri, time.Now().Year())
}

func parseDigitalLink(uri string, year int) ([]Field, error) {
	if len(uri) > maxURI {
		return nil, errorf("", RuleDigitalLink, "URI of %d bytes is too long", len(uri))
	}
	rest, ok := cutPrefixFold(uri, "https://")
	if !ok {
		if rest, ok = cutPrefixFold(uri, "http://"); !ok {
			return nil, errorf("", RuleDigitalLink, "not an http or https URI: %.30q", uri)
		}
	}
	rest, _, _ = strings.Cut(rest, "#")
	rest, query, _ := strings.Cut(rest, "?")
	host, path, _ := strings.Cut(rest, "/")
	if host == "" {
		return nil, errorf("", RuleDigitalLink, "URI has no host")
	}
	segs := strings.Split(path, "/")
	if len(segs) > 0 && segs[len(segs)-1] == "" {
		segs = segs[:len(segs)-1]
	}

	// The primary key is the last AI in the path that is one, found by
	// walking AI/value pairs back from the end; every pair after it must
	// be one of its qualifiers.
	keyAt := -1
	for i := len(segs) - 2; i >= 0; i -= 2 {
		a, ok := dict().table[segs[i]]
		if !ok {
			return nil, errorf(segs[i], RuleDigitalLink, "path segment %q is no Application Identifier", segs[i])
		}
		if a.PrimaryKey {
			keyAt = i
			break
		}
	}
	if keyAt < 0 {
		return nil, errorf("", RuleDigitalLink, "the path has no primary key (01, 00, 414, ...)")
	}
	key := dict().table[segs[keyAt]]
	var fields []Field
	seen := make(map[string]bool)
	add := func(ai, value string) error {
		if seen[ai] {
			return errorf(ai, RuleDuplicate, "appears twice in the URI")
		}
		seen[ai] = true
		if ai == "01" || ai == "02" {
			if g, ok := GTIN14(value); ok {
				value = g
			}
		}
		f := Field{AI: ai, Value: value}
		if err := f.check(year); err != nil {
			return err
		}
		if len(fields) == maxFields {
			return errorf("", RuleLength, "more than %d fields", maxFields)
		}
		fields = append(fields, f)
		return nil
	}
	var quals []string
	for i := keyAt; i+1 < len(segs); i += 2 {
		if i > keyAt {
			quals = append(quals, segs[i])
		}
		if err := add(segs[i], percentDecode(segs[i+1], false)); err != nil {
			return nil, err
		}
	}
	if !qualifiersInOrder(key, quals) {
		return nil, errorf(key.Code, RuleDigitalLink, "qualifiers %s are not among (%s)'s, in their order %s",
			"("+strings.Join(quals, ")(")+")", key.Code, describeQualifiers(key))
	}
	for query != "" {
		var kv string
		kv, query, _ = strings.Cut(query, "&")
		k, v, _ := strings.Cut(kv, "=")
		if k == "" || !allDigits(k) {
			continue // not an AI: linkType, context and the like
		}
		a, ok := dict().table[k]
		if !ok {
			return nil, errorf(k, RuleUnknownAI, "query parameter %s is no Application Identifier", k)
		}
		if !a.Attribute {
			return nil, errorf(k, RuleDigitalLink, "(%s) is not allowed as a data attribute", k)
		}
		if err := add(k, percentDecode(v, true)); err != nil {
			return nil, err
		}
	}
	return fields, nil
}

// qualifiersInOrder reports whether quals is a sequence of key's
// qualifiers in the order of one of its alternatives.
func qualifiersInOrder(key *AI, quals []string) bool {
	if len(quals) == 0 {
		return true
	}
	for _, alt := range key.Qualifiers {
		j := 0
		for _, q := range alt {
			if j < len(quals) && quals[j] == q {
				j++
			}
		}
		if j == len(quals) {
			return true
		}
	}
	return false
}

func describeQualifiers(key *AI) string {
	if len(key.Qualifiers) == 0 {
		return "(none)"
	}
	var alts []string
	for _, alt := range key.Qualifiers {
		alts = append(alts, "("+strings.Join(alt, ")(")+")")
	}
	return strings.Join(alts, " or ")
}

// DigitalLink writes fields as a GS1 Digital Link URI on stem
// ("https://example.com", or "" for DefaultResolver): the first primary key
// in the fields and the qualifiers of it that are present go in the path,
// in their prescribed order, and every other field becomes a query
// parameter, which its AI must allow (AI.Attribute). A field repeated with
// the same value is written once. Every field is checked as Field.Check
// does.
func DigitalLink(fields []Field, stem string) (string, error) {
	if stem == "" {
		stem = DefaultResolver
	}
	stem = strings.TrimRight(stem, "/")
	year := time.Now().Year()
	keyAt := -1
	for i, f := range fields {
		if err := f.check(year); err != nil {
			return "", err
		}
		if keyAt < 0 && dict().table[f.AI].PrimaryKey {
			keyAt = i
		}
	}
	if keyAt < 0 {
		return "", errorf("", RuleDigitalLink, "no primary key (01, 00, 414, ...) among the fields")
	}
	key := fields[keyAt]
	a := dict().table[key.AI]
	// The qualifier sequence with the most qualifiers present.
	var best []string
	for _, alt := range a.Qualifiers {
		var got []string
		for _, q := range alt {
			if fieldIndex(fields, q) >= 0 {
				got = append(got, q)
			}
		}
		if len(got) > len(best) {
			best = got
		}
	}
	var b strings.Builder
	b.WriteString(stem)
	b.WriteString("/" + key.AI + "/" + percentEncode(key.Value))
	used := map[string]string{key.AI: key.Value}
	for _, q := range best {
		f := fields[fieldIndex(fields, q)]
		b.WriteString("/" + q + "/" + percentEncode(f.Value))
		used[q] = f.Value
	}
	sep := byte('?')
	for _, f := range fields {
		if v, ok := used[f.AI]; ok {
			if v != f.Value {
				return "", errorf(f.AI, RuleDuplicate, "appears twice, as %q and %q", v, f.Value)
			}
			continue
		}
		if !dict().table[f.AI].Attribute {
			return "", errorf(f.AI, RuleDigitalLink, "(%s) is not allowed as a data attribute", f.AI)
		}
		used[f.AI] = f.Value
		b.WriteByte(sep)
		sep = '&'
		b.WriteString(f.AI + "=" + percentEncode(f.Value))
	}
	return b.String(), nil
}

func fieldIndex(fields []Field, ai string) int {
	for i, f := range fields {
		if f.AI == ai {
			return i
		}
	}
	return -1
}

// percentEncode escapes every byte but RFC 3986's unreserved characters,
// as the Digital Link standard asks of AI values (§6.2).
func percentEncode(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// percentDecode undoes %XX escapes, and in a query '+' for space. A '%'
// without two hex digits stays as it is (and then fails the character set
// check of the AI).
func percentDecode(s string, query bool) string {
	if !strings.ContainsAny(s, "%+") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		case c == '+' && query:
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}
