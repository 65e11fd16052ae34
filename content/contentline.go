package content

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/htmlindex"
)

// A property is one content line of a vCard (RFC 6350 §3.3, RFC 2426 §4,
// vCard 2.1 §2.1) or an iCalendar object (RFC 5545 §3.1):
//
//	[group "."] name *(";" param) ":" value
type property struct {
	name   string  // upper case, group removed
	params []param // in order
	value  string  // quoted-printable and charset decoded; text escapes kept
}

// A param is one parameter of a content line.
type param struct {
	name   string   // upper case; a vCard 2.1 bare parameter is named TYPE or ENCODING
	values []string // comma-separated values, quotes removed, RFC 6868 caret escapes decoded
}

// maxParams bounds the parameters kept per content line; real lines have a
// few.
const maxParams = 32

// param returns the first value of the parameter name, "" when absent.
func (p *property) param(name string) string {
	for _, x := range p.params {
		if x.name == name && len(x.values) > 0 {
			return x.values[0]
		}
	}
	return ""
}

// types returns the TYPE parameter values of p in lower case, joined by
// commas: "work,voice".
func (p *property) types() string {
	var b strings.Builder
	for _, x := range p.params {
		if x.name != "TYPE" {
			continue
		}
		for _, v := range x.values {
			if v = strings.TrimSpace(v); v == "" {
				continue
			}
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strings.ToLower(v))
		}
	}
	return b.String()
}

// A lineReader yields the content lines of a vCard or iCalendar text,
// unfolded. Lines may end in CRLF, LF or CR.
type lineReader struct {
	s   string
	pos int
	// keepFoldSpace keeps the white space that starts a continuation line,
	// as vCard 2.1 folds at white space that belongs to the value; later
	// versions (RFC 6350 §3.2, RFC 5545 §3.1) drop it.
	keepFoldSpace bool
}

// physical returns the next physical line and advances past it.
func (r *lineReader) physical() (string, bool) {
	if r.pos >= len(r.s) {
		return "", false
	}
	rest := r.s[r.pos:]
	i := strings.IndexAny(rest, "\r\n")
	if i < 0 {
		r.pos = len(r.s)
		return rest, true
	}
	r.pos += i + 1
	if rest[i] == '\r' && i+1 < len(rest) && rest[i+1] == '\n' {
		r.pos++
	}
	return rest[:i], true
}

// continues reports whether the next physical line is a continuation: it
// starts with a space or a tab.
func (r *lineReader) continues() bool {
	return r.pos < len(r.s) && (r.s[r.pos] == ' ' || r.s[r.pos] == '\t')
}

// next returns the next content line, skipping blank lines and lines
// without a colon.
func (r *lineReader) next() (property, bool) {
	for {
		line, ok := r.physical()
		if !ok {
			return property{}, false
		}
		if r.continues() {
			var b strings.Builder
			b.WriteString(line)
			for r.continues() {
				l, _ := r.physical()
				if !r.keepFoldSpace {
					l = l[1:]
				}
				b.WriteString(l)
			}
			line = b.String()
		}
		p, raw, ok := splitContentLine(line)
		if !ok {
			continue
		}
		enc := strings.ToUpper(p.param("ENCODING"))
		if enc == "QUOTED-PRINTABLE" {
			// vCard 2.1 §2.1.3: a '=' ending a quoted-printable line is a
			// soft line break; the value goes on on the next line.
			if strings.HasSuffix(raw, "=") && r.pos < len(r.s) {
				var b strings.Builder
				for strings.HasSuffix(raw, "=") {
					l, ok := r.physical()
					if !ok {
						break
					}
					b.WriteString(raw[:len(raw)-1])
					raw = l
				}
				b.WriteString(raw)
				raw = b.String()
			}
			p.value = decodeCharset(quotedPrintable(raw), p.param("CHARSET"))
		} else {
			p.value = raw
		}
		return p, true
	}
}

// splitContentLine cuts a line into name, parameters and the raw value. It
// reports false when the line has no colon outside quotes or no name.
func splitContentLine(line string) (property, string, bool) {
	var p property
	quoted := false
	start := 0
	first := true
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == '"' {
			quoted = !quoted
			continue
		}
		if quoted || c != ';' && c != ':' {
			continue
		}
		seg := line[start:i]
		start = i + 1
		if first {
			name := strings.TrimSpace(seg)
			if j := strings.LastIndexByte(name, '.'); j >= 0 {
				name = name[j+1:] // group
			}
			if name == "" {
				return p, "", false
			}
			p.name = strings.ToUpper(name)
			first = false
		} else if len(p.params) < maxParams {
			p.params = append(p.params, parseParam(seg))
		}
		if c == ':' {
			return p, line[i+1:], true
		}
	}
	return p, "", false
}

// parseParam parses "NAME=v1,v2" or a vCard 2.1 bare parameter ("WORK",
// "QUOTED-PRINTABLE").
func parseParam(seg string) param {
	k, v, ok := strings.Cut(seg, "=")
	k = strings.ToUpper(strings.TrimSpace(k))
	if !ok {
		switch k {
		case "QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B":
			return param{name: "ENCODING", values: []string{k}}
		}
		return param{name: "TYPE", values: []string{k}}
	}
	var vals []string
	quoted := false
	start := 0
	for i := 0; i <= len(v); i++ {
		if i < len(v) && v[i] == '"' {
			quoted = !quoted
			continue
		}
		if i < len(v) && (quoted || v[i] != ',') {
			continue
		}
		x := strings.TrimSpace(v[start:i])
		start = i + 1
		if len(x) >= 2 && x[0] == '"' && x[len(x)-1] == '"' {
			x = x[1 : len(x)-1]
		}
		if len(vals) < maxParams {
			vals = append(vals, caretDecode(x))
		}
	}
	return param{name: k, values: vals}
}

// caretDecode decodes RFC 6868 parameter value escapes: ^n is a newline, ^^
// a caret and ^' a double quote.
func caretDecode(s string) string {
	if !strings.Contains(s, "^") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '^' && i+1 < len(s) {
			switch s[i+1] {
			case 'n', 'N':
				b.WriteByte('\n')
				i++
				continue
			case '^':
				b.WriteByte('^')
				i++
				continue
			case '\'':
				b.WriteByte('"')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// quotedPrintable decodes "=XX" escapes (RFC 2045 §6.7); a '=' not followed
// by two hex digits is kept.
func quotedPrintable(s string) []byte {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '=' && i+2 < len(s) {
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if ok1 && ok2 {
				b = append(b, hi<<4|lo)
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return b
}

// decodeCharset converts bytes in the named character set (a CHARSET
// parameter: "UTF-8", "ISO-8859-1", "Shift_JIS", ... as the WHATWG
// Encoding Standard names them) to UTF-8. Without a known name, bytes that
// are valid UTF-8 are taken as such and others as ISO-8859-1.
func decodeCharset(b []byte, charset string) string {
	if charset != "" && !strings.EqualFold(charset, "utf-8") && !strings.EqualFold(charset, "utf8") {
		if enc, err := htmlindex.Get(charset); err == nil {
			if out, err := enc.NewDecoder().Bytes(b); err == nil {
				return validUTF8(string(out))
			}
		}
	}
	if utf8.Valid(b) {
		return string(b)
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// unescapeText decodes the TEXT escapes of RFC 6350 §3.4 and RFC 5545
// §3.3.11: \\ \, \; and \n or \N for a newline. Other backslashes are kept.
func unescapeText(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '\\', ',', ';', ':':
				b.WriteByte(s[i+1])
				i++
				continue
			case 'n', 'N':
				b.WriteByte('\n')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// splitEscaped splits s at each sep not escaped by a backslash and decodes
// the text escapes of each part. It returns at most max parts; the last one
// holds the rest of s.
func splitEscaped(s string, sep byte, max int) []string {
	var out []string
	start := 0
	for i := 0; i < len(s) && len(out) < max-1; i++ {
		switch s[i] {
		case '\\':
			i++
		case sep:
			out = append(out, unescapeText(s[start:i]))
			start = i + 1
		}
	}
	return append(out, unescapeText(s[start:]))
}
