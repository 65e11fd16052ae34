package gs1

import (
	"strings"
	"time"
)

// GS is the group separator that stands for FNC1 inside an element string.
const GS = '\x1d'

// Field is one element string: an Application Identifier and its data.
type Field struct {
	AI    string // the AI, such as "01"
	Value string // the data as encoded, such as "09506000134352"
}

// maxFields bounds the fields of one message; a GS1 symbol holds a few
// dozen at most, and the bound keeps hostile input from growing the
// result beyond use.
const maxFields = 256

// Split splits an element string into its fields by the syntax of the AIs
// (General Specifications §7.8): every field must start with a known AI, a
// field of predefined length takes exactly that length, and any other field
// runs to the next GS or the end of the data. The data of each field must
// have the length and character sets its AI takes. Split performs no
// content checks (check digits, dates, code lists): it is what a reader
// needs to show scanned data, while Parse validates it.
func Split(es string) ([]Field, error) {
	var out []Field
	pos := 0
	for pos < len(es) {
		if es[pos] == GS {
			// A separator after a field of predefined length, or before
			// the first or after the last field, is superfluous but
			// harmless.
			pos++
			continue
		}
		if len(out) == maxFields {
			return nil, errorf("", RuleLength, "more than %d fields", maxFields)
		}
		a, err := readAI(es[pos:], pos)
		if err != nil {
			return nil, err
		}
		pos += len(a.Code)
		min, max := a.Length()
		var data string
		if a.Predefined {
			if len(es)-pos < max {
				return nil, errorf(a.Code, RuleLength, "takes %d characters of data, got %d", max, len(es)-pos)
			}
			data = es[pos : pos+max]
		} else {
			end := strings.IndexByte(es[pos:], GS)
			if end < 0 {
				end = len(es) - pos
			}
			data = es[pos : pos+end]
			if len(data) > max {
				return nil, errorf(a.Code, RuleLength, "takes at most %d characters of data, got %d (is a separator missing?)", max, len(data))
			}
			if len(data) < min {
				return nil, lengthError(a, len(data))
			}
		}
		pos += len(data)
		f := Field{AI: a.Code, Value: data}
		if err := checkSyntax(a, data); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	if len(out) == 0 {
		return nil, errorf("", RuleSyntax, "no data")
	}
	return out, nil
}

// readAI reads the AI at the start of s, which is at position pos of the
// element string.
func readAI(s string, pos int) (*AI, error) {
	if len(s) < 2 || !isDigit(s[0]) || !isDigit(s[1]) {
		return nil, errorf("", RuleSyntax, "expected an Application Identifier at position %d, got %.6q", pos+1, s)
	}
	n := int(dict().aiLen[(s[0]-'0')*10+s[1]-'0'])
	if n == 0 {
		return nil, errorf(s[:2], RuleUnknownAI, "no Application Identifier starts with %s", s[:2])
	}
	if len(s) < n || !allDigits(s[:n]) {
		return nil, errorf("", RuleSyntax, "Application Identifier at position %d must be %d digits, got %.4q", pos+1, n, s)
	}
	a, ok := dict().table[s[:n]]
	if !ok {
		return nil, errorf(s[:n], RuleUnknownAI, "no such Application Identifier")
	}
	return a, nil
}

func lengthError(a *AI, got int) *Error {
	min, max := a.Length()
	if min == max {
		return errorf(a.Code, RuleLength, "takes %d characters of data, got %d", max, got)
	}
	return errorf(a.Code, RuleLength, "takes %d to %d characters of data, got %d", min, max, got)
}

// components splits the data of a into the parts of its components: fixed
// components take their length, the last one the rest; optional ones at the
// end may be missing. ok is false when the data does not fit.
func components(a *AI, data string) (parts []string, ok bool) {
	rest := data
	for i, c := range a.Components {
		if rest == "" && c.Optional {
			break
		}
		n := c.Max
		if i == len(a.Components)-1 {
			n = len(rest)
		}
		if n < c.Min || n > c.Max || n > len(rest) {
			return nil, false
		}
		parts = append(parts, rest[:n])
		rest = rest[n:]
	}
	return parts, rest == ""
}

// checkSyntax checks the length and character sets of a field's data.
func checkSyntax(a *AI, data string) error {
	parts, ok := components(a, data)
	if !ok {
		return lengthError(a, len(data))
	}
	off := 0
	for i, p := range parts {
		cs := a.Components[i].Charset
		for j := 0; j < len(p); j++ {
			if !inCharset(cs, p[j]) {
				return errorf(a.Code, RuleCharset, "character %q at position %d is not in %s", p[j], off+j+1, charsetName[cs])
			}
			if cs == CSet64 && p[j] == '=' && strings.Trim(p[j:], "=") != "" {
				return errorf(a.Code, RuleCharset, "padding '=' at position %d is not at the end", off+j+1)
			}
		}
		off += len(p)
	}
	return nil
}

var charsetName = [...]string{
	Numeric: "the digits",
	CSet82:  "GS1 character set 82",
	CSet39:  "GS1 character set 39",
	CSet64:  "GS1 character set 64",
}

// checkContent runs the content checks of a field's components.
func checkContent(a *AI, data string, year int) error {
	parts, ok := components(a, data)
	if !ok {
		return lengthError(a, len(data))
	}
	for i, p := range parts {
		for _, name := range a.Components[i].Checks {
			c := checks[name]
			if problem := c.fn(p, year); problem != "" {
				return errorf(a.Code, c.rule, "%s", problem)
			}
		}
	}
	return nil
}

// Check reports whether the field is valid on its own: a known AI, data of
// the right length and character sets, and right content (check digit,
// date, country, currency, ...). Dates are judged in the current year's
// century window.
func (f Field) Check() error { return f.check(time.Now().Year()) }

func (f Field) check(year int) error {
	a, ok := dict().table[f.AI]
	if !ok {
		if len(f.AI) < 2 || len(f.AI) > 4 || !allDigits(f.AI) {
			return errorf("", RuleSyntax, "Application Identifier %q must be 2 to 4 digits", f.AI)
		}
		switch n := int(dict().aiLen[(f.AI[0]-'0')*10+f.AI[1]-'0']); {
		case n == 0:
			return errorf(f.AI, RuleUnknownAI, "no Application Identifier starts with %s", f.AI[:2])
		case n != len(f.AI):
			return errorf(f.AI, RuleUnknownAI, "Application Identifiers starting with %s have %d digits", f.AI[:2], n)
		}
		return errorf(f.AI, RuleUnknownAI, "no such Application Identifier")
	}
	if err := checkSyntax(a, f.Value); err != nil {
		return err
	}
	return checkContent(a, f.Value, year)
}

// Parse splits an element string into fields as Split does and checks
// each as Check does.
func Parse(es string) ([]Field, error) { return parse(es, time.Now().Year()) }

func parse(es string, year int) ([]Field, error) {
	fields, err := Split(es)
	if err != nil {
		return nil, err
	}
	for _, f := range fields {
		if err := f.check(year); err != nil {
			return nil, err
		}
	}
	return fields, nil
}

// ParseHRI reads the human-readable form "(01)09506000134352(10)ABC123"
// and checks each field as Check does. A parenthesis that does not enclose
// 2 to 4 digits belongs to the data, and "\(" and "\)" are always data
// (the backslash is no GS1 character, so the escape is unambiguous).
func ParseHRI(hri string) ([]Field, error) { return parseHRI(hri, time.Now().Year()) }

func parseHRI(hri string, year int) ([]Field, error) {
	if !strings.HasPrefix(hri, "(") {
		return nil, errorf("", RuleSyntax, "human-readable form must start with a parenthesised AI, got %.20q", hri)
	}
	var out []Field
	rest := hri
	for rest != "" {
		n := aiAt(rest)
		if n == 0 {
			return nil, errorf("", RuleSyntax, "expected \"(AI)\" at %.20q", rest)
		}
		if len(out) == maxFields {
			return nil, errorf("", RuleLength, "more than %d fields", maxFields)
		}
		ai := rest[1 : 1+n]
		rest = rest[n+2:]
		var v strings.Builder
		for rest != "" && aiAt(rest) == 0 {
			c := rest[0]
			if c == '\\' && len(rest) > 1 && (rest[1] == '(' || rest[1] == ')') {
				c = rest[1]
				rest = rest[1:]
			}
			v.WriteByte(c)
			rest = rest[1:]
		}
		f := Field{AI: ai, Value: v.String()}
		if err := f.check(year); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// aiAt returns the number of digits n when s starts with "(", 2 to 4
// digits and ")", else 0.
func aiAt(s string) int {
	if len(s) < 4 || s[0] != '(' {
		return 0
	}
	for n := 1; n <= 5 && n < len(s); n++ {
		if s[n] == ')' {
			if n-1 >= 2 {
				return n - 1
			}
			return 0
		}
		if !isDigit(s[n]) {
			return 0
		}
	}
	return 0
}

// Join writes fields as an element string, with GS after every field but
// the last whose AI is not of predefined length.
func Join(fields []Field) string {
	var b strings.Builder
	for i, f := range fields {
		if i > 0 {
			if a, ok := dict().table[fields[i-1].AI]; !ok || !a.Predefined {
				b.WriteByte(GS)
			}
		}
		b.WriteString(f.AI)
		b.WriteString(f.Value)
	}
	return b.String()
}

// FormatHRI writes fields in human-readable form, "(01)09506000134352(10)ABC".
// A '(' in the data that ParseHRI would take for the start of an AI is
// written "\(".
func FormatHRI(fields []Field) string {
	var b strings.Builder
	for _, f := range fields {
		b.WriteByte('(')
		b.WriteString(f.AI)
		b.WriteByte(')')
		for i := 0; i < len(f.Value); i++ {
			if f.Value[i] == '(' && aiAt(f.Value[i:]) > 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(f.Value[i])
		}
	}
	return b.String()
}

// ElementString converts the human-readable form "(01)09506000134352(10)ABC"
// into the element string a barcode carries, checking every field. Errors
// name the AI and the rule broken.
func ElementString(hri string) (string, error) {
	fields, err := ParseHRI(hri)
	if err != nil {
		return "", err
	}
	return Join(fields), nil
}

// HRI converts an element string into the human-readable form, checking
// every field as Parse does.
func HRI(es string) (string, error) {
	fields, err := Parse(es)
	if err != nil {
		return "", err
	}
	return FormatHRI(fields), nil
}

// Validate reports the first rule that fields break together: an AI twice
// with different values, a pair of AIs that must not appear together
// (General Specifications §4.13.1), or an AI without the AIs it must appear
// with (§4.13.2). It does not check the fields one by one; Parse and Check
// do that.
func Validate(fields []Field) error {
	seen := make(map[string]string, len(fields))
	var present []string
	for _, f := range fields {
		if v, dup := seen[f.AI]; dup {
			if v != f.Value {
				return errorf(f.AI, RuleDuplicate, "appears twice, as %q and %q", v, f.Value)
			}
			continue
		}
		seen[f.AI] = f.Value
		present = append(present, f.AI)
	}
	has := func(pattern string) bool {
		for _, c := range present {
			if matches(pattern, c) {
				return true
			}
		}
		return false
	}
	for _, code := range present {
		a, ok := dict().table[code]
		if !ok {
			continue
		}
		for _, ex := range a.Excludes {
			for _, c := range present {
				if c != code && matches(ex, c) {
					return errorf(code, RuleExclusion, "must not appear with (%s)", c)
				}
			}
		}
		for _, req := range a.Requires {
			ok := false
			for _, alt := range req {
				all := true
				for _, p := range strings.Split(alt, "+") {
					all = all && has(p)
				}
				if all {
					ok = true
					break
				}
			}
			if !ok {
				return errorf(code, RuleAssociation, "must appear with %s", describeAlternatives(req))
			}
		}
	}
	return nil
}

// describeAlternatives writes "(01), (02) or (8006)" for a requirement.
func describeAlternatives(req []string) string {
	var parts []string
	for _, alt := range req {
		parts = append(parts, "("+strings.ReplaceAll(alt, "+", ") with (")+")")
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// cset82 reports whether c belongs to GS1 AI encodable character set 82
// (General Specifications §7.11, Figure 7.11-1).
func cset82(c byte) bool {
	switch {
	case c >= '0' && c <= '9', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		return true
	}
	return c != 0 && strings.IndexByte("!\"%&'()*+,-./:;<=>?_", c) >= 0
}

// cset39 reports whether c belongs to GS1 AI encodable character set 39
// (Figure 7.11-2): digits, capital letters, '#', '-' and '/'.
func cset39(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '#' || c == '-' || c == '/'
}

// cset64 reports whether c belongs to GS1 AI encodable character set 64
// (Figure 7.11-3), the base64url alphabet, with '=' for padding.
func cset64(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '-' || c == '_' || c == '='
}

func inCharset(cs Charset, c byte) bool {
	switch cs {
	case Numeric:
		return isDigit(c)
	case CSet82:
		return cset82(c)
	case CSet39:
		return cset39(c)
	case CSet64:
		return cset64(c)
	}
	return false
}

// String returns the field in human-readable form, "(01)09506000134352".
func (f Field) String() string { return FormatHRI([]Field{f}) }

// CheckElementString reports an error unless es has the form of an element
// string a barcode can carry: it starts with an Application Identifier
// digit, every character is in character set 82 or is GS, and every GS
// (FNC1 as a separator) is followed by the next AI. It does not look the AIs
// up; Parse does that. Writers call it for their GS1 option.
func CheckElementString(es string) error {
	switch {
	case es == "":
		return errorf("", RuleSyntax, "empty element string")
	case es[0] == '(':
		return errorf("", RuleSyntax, "%.24q is in human-readable form; ElementString converts it", es)
	case es[0] < '0' || es[0] > '9':
		return errorf("", RuleSyntax, "an element string starts with an Application Identifier, not %q", es[0])
	}
	for i := 0; i < len(es); i++ {
		c := es[i]
		if c == GS {
			if i+1 == len(es) || es[i+1] < '0' || es[i+1] > '9' {
				return errorf("", RuleSyntax, "GS at position %d must be followed by an Application Identifier", i)
			}
		} else if !cset82(c) {
			return errorf("", RuleCharset, "character %q at position %d is not in GS1 character set 82", c, i)
		}
	}
	return nil
}
