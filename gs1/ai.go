package gs1

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Charset is the character set of a component of an AI's data field (GS1
// General Specifications §7.11).
type Charset uint8

// The character sets of AI data.
const (
	Numeric Charset = iota // N: the digits 0-9
	CSet82                 // X: GS1 AI encodable character set 82 (Figure 7.11-1)
	CSet39                 // Y: GS1 AI encodable character set 39 (Figure 7.11-2)
	CSet64                 // Z: GS1 AI encodable character set 64, base64url (Figure 7.11-3)
)

// String returns the letter the General Specifications write the set with
// in a format: "N", "X", "Y" or "Z".
func (c Charset) String() string {
	if c > CSet64 {
		return "?"
	}
	return "NXYZ"[c : c+1]
}

// Component is one part of an AI's data field, such as the country code
// and the amount of AI (3912).
type Component struct {
	Charset  Charset
	Min, Max int  // length bounds; equal for a fixed-length component
	Optional bool // reports whether the component may be left out at the end of the data
	// Checks names the content checks that apply, as the GS1 Barcode
	// Syntax Dictionary names them: "csum" (mod-10 check digit), "csumalpha"
	// (check character pair), "yymmdd" and the other date and time forms,
	// "iso4217" (currency), "iso3166" (country) and so on. Checks lists
	// the ones this package performs.
	Checks []string
}

// AI describes one Application Identifier. The values Lookup returns are
// shared: do not modify them.
type AI struct {
	Code       string      // the AI, "01" or "3103"
	Title      string      // the data title, "GTIN" or "NET WEIGHT (kg)"
	Components []Component // the data field
	// Predefined reports whether the AI has a predefined length (§7.8.5,
	// Figure 7.8.5-2): its element string never needs FNC1 after it.
	Predefined bool
	// Attribute reports whether the AI may be a GS1 Digital Link data
	// attribute (a query parameter of the URI).
	Attribute bool
	// Qualifiers are, for a GS1 Digital Link primary key, the alternative
	// ordered sequences of key qualifiers it takes ([["22" "10" "21"]
	// ["235"]] for GTIN); PrimaryKey tells a key without qualifiers from an
	// AI that is no key.
	Qualifiers [][]string
	PrimaryKey bool
	// Decimals is the number of implied decimal places that the last digit
	// of the AI gives (31nn-36nn measures, 390n-395n amounts, prices and
	// percentages, §3.6), or -1.
	Decimals int
	// Requires lists the mandatory associations (§4.13.2): each entry is a
	// set of alternatives, one of which must be present, an alternative
	// being AIs that must all be present ("01+21"); "n" in an AI stands
	// for any digit. Excludes lists the AIs that must not appear with it
	// (§4.13.1), with the same patterns.
	Requires [][]string
	Excludes []string
}

// Length returns the shortest and the longest data the AI takes.
func (a *AI) Length() (min, max int) {
	for _, c := range a.Components {
		if !c.Optional {
			min += c.Min
		}
		max += c.Max
	}
	return min, max
}

// Fixed reports whether the data field has one length.
func (a *AI) Fixed() bool {
	min, max := a.Length()
	return min == max
}

// Format returns the AI's format in the notation of the General
// Specifications, with the AI itself first: "N2+N14" for GTIN, "N2+X..20"
// for a batch number, "N3+N13+[X..17]" for GDTI.
func (a *AI) Format() string {
	var b strings.Builder
	fmt.Fprintf(&b, "N%d", len(a.Code))
	for _, c := range a.Components {
		b.WriteByte('+')
		if c.Optional {
			b.WriteByte('[')
		}
		b.WriteString(c.Charset.String())
		if c.Min != c.Max {
			b.WriteString("..")
		}
		b.WriteString(strconv.Itoa(c.Max))
		if c.Optional {
			b.WriteByte(']')
		}
	}
	return b.String()
}

// HasCheck reports whether a component of the AI is subject to the named
// content check ("csum", "yymmd0", ...).
func (a *AI) HasCheck(name string) bool {
	for _, c := range a.Components {
		if slices.Contains(c.Checks, name) {
			return true
		}
	}
	return false
}

// CheckDigit reports whether the data ends in a check digit (mod 10) or
// check character pair.
func (a *AI) CheckDigit() bool { return a.HasCheck("csum") || a.HasCheck("csumalpha") }

// Date reports whether the data holds a date.
func (a *AI) Date() bool {
	for _, c := range a.Components {
		for _, k := range c.Checks {
			if dateChecks[k] != nil {
				return true
			}
		}
	}
	return false
}

// Charsets returns the character sets the data uses, each once, in the
// order of the components.
func (a *AI) Charsets() []Charset {
	var out []Charset
	for _, c := range a.Components {
		if !slices.Contains(out, c.Charset) {
			out = append(out, c.Charset)
		}
	}
	return out
}

// dict is the dictionary's index, built on first use: a program that
// reads or writes no GS1 data (most scans) does not pay for it at start.
var dict = sync.OnceValue(func() *index {
	x := &index{table: make(map[string]*AI, 600)}
	for _, e := range dictionary {
		if err := e.expand(x.table); err != nil {
			panic("gs1: dictionary: " + err.Error())
		}
	}
	for code := range x.table {
		x.codes = append(x.codes, code)
		p := (code[0]-'0')*10 + code[1] - '0'
		if x.aiLen[p] != 0 && int(x.aiLen[p]) != len(code) {
			panic("gs1: dictionary: AIs starting " + code[:2] + " differ in length")
		}
		x.aiLen[p] = uint8(len(code))
	}
	slices.Sort(x.codes)
	return x
})

// An index holds every AI by code, and aiLen gives, by the first two
// digits, the number of digits of the AIs that start with them (0 when
// none do). It is read-only once built.
type index struct {
	table map[string]*AI
	aiLen [100]uint8
	codes []string // every AI, sorted
}

// Lookup returns the Application Identifier code, such as "01" or "3103".
func Lookup(code string) (*AI, bool) {
	a, ok := dict().table[code]
	return a, ok
}

// AIs returns every Application Identifier in numerical order.
func AIs() []*AI {
	x := dict()
	out := make([]*AI, len(x.codes))
	for i, c := range x.codes {
		out[i] = x.table[c]
	}
	return out
}

// expand adds the AIs of e to t.
func (e entry) expand(t map[string]*AI) error {
	first, last, isRange := strings.Cut(e.ais, "-")
	if !isRange {
		last = first
	}
	lo, err1 := strconv.Atoi(first)
	hi, err2 := strconv.Atoi(last)
	if err1 != nil || err2 != nil || len(first) != len(last) || len(first) < 2 || len(first) > 4 || hi < lo {
		return fmt.Errorf("bad AI range %q", e.ais)
	}
	comps, err := parseSpec(e.spec)
	if err != nil {
		return fmt.Errorf("%s: %w", e.ais, err)
	}
	for n := lo; n <= hi; n++ {
		code := fmt.Sprintf("%0*d", len(first), n)
		a := &AI{
			Code:       code,
			Title:      e.title,
			Components: comps,
			Predefined: strings.Contains(e.flags, "*"),
			Attribute:  strings.Contains(e.flags, "?"),
			Decimals:   decimals(code),
		}
		for _, kv := range strings.Fields(e.attrs) {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "req":
				a.Requires = append(a.Requires, strings.Split(v, ","))
			case "ex":
				a.Excludes = append(a.Excludes, strings.Split(v, ",")...)
			case "dlpkey":
				a.PrimaryKey = true
				if v != "" {
					for _, alt := range strings.Split(v, "|") {
						a.Qualifiers = append(a.Qualifiers, strings.Split(alt, ","))
					}
				}
			default:
				return fmt.Errorf("%s: unknown attribute %q", e.ais, kv)
			}
		}
		if _, dup := t[code]; dup {
			return fmt.Errorf("AI %s defined twice", code)
		}
		t[code] = a
	}
	return nil
}

// parseSpec reads the components of a dictionary spec such as
// "N13,csum,key [X..17]".
func parseSpec(spec string) ([]Component, error) {
	var out []Component
	for _, tok := range strings.Fields(spec) {
		var c Component
		if rest, ok := strings.CutPrefix(tok, "["); ok {
			i := strings.IndexByte(rest, ']')
			if i < 0 {
				return nil, fmt.Errorf("unclosed %q", tok)
			}
			tok = rest[:i] + rest[i+1:]
			c.Optional = true
		} else if len(out) > 0 && out[len(out)-1].Optional {
			return nil, fmt.Errorf("mandatory %q after an optional component", tok)
		}
		parts := strings.Split(tok, ",")
		t := parts[0]
		switch t[0] {
		case 'N':
			c.Charset = Numeric
		case 'X':
			c.Charset = CSet82
		case 'Y':
			c.Charset = CSet39
		case 'Z':
			c.Charset = CSet64
		default:
			return nil, fmt.Errorf("bad type %q", t)
		}
		n, variable := strings.CutPrefix(t[1:], "..")
		max, err := strconv.Atoi(n)
		if err != nil || max < 1 {
			return nil, fmt.Errorf("bad length %q", t)
		}
		c.Min, c.Max = max, max
		if variable {
			c.Min = 1
		}
		for _, k := range parts[1:] {
			if _, known := checks[k]; known {
				c.Checks = append(c.Checks, k)
			} else if !unchecked[k] {
				return nil, fmt.Errorf("unknown check %q", k)
			}
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no components")
	}
	for _, c := range out[:len(out)-1] {
		if c.Min != c.Max {
			return nil, fmt.Errorf("variable-length component before the last")
		}
	}
	return out, nil
}

// decimals returns the implied decimal places of the AIs whose last digit
// gives them: the measures 31nn-36nn (§3.6.2, §3.6.3) and the amounts,
// prices, percentages and prices per unit 390n-395n (§3.6.6-§3.6.10).
func decimals(code string) int {
	if len(code) != 4 {
		return -1
	}
	switch p := code[:2]; {
	case p >= "31" && p <= "36", p == "39" && code[2] >= '0' && code[2] <= '5':
		return int(code[3] - '0')
	}
	return -1
}

// matches reports whether code matches pattern, in which 'n' stands for
// any digit ("310n", "31nn").
func matches(pattern, code string) bool {
	if len(pattern) != len(code) {
		return false
	}
	for i := 0; i < len(code); i++ {
		if pattern[i] != 'n' && pattern[i] != code[i] {
			return false
		}
	}
	return true
}
