package code93

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/symbology"
)

// TestChars checks the character table: 48 characters of nine modules,
// three bars and three spaces of one to four modules, no two alike in
// their similar-edge distances.
func TestChars(t *testing.T) {
	seen := map[[4]int]int{}
	for v, p := range chars {
		sum := 0
		for k := range p {
			sum += int(p[k] - '0')
			if p[k] < '1' || p[k] > '4' {
				t.Errorf("%d: %s", v, p)
			}
		}
		if len(p) != 6 || sum != charModules {
			t.Errorf("%d: %s", v, p)
		}
		e := similarEdges(p)
		if o, ok := seen[e]; ok {
			t.Errorf("%d and %d share distances %v", o, v, e)
		}
		seen[e] = v
	}
}

// TestFullASCII checks that every ASCII character is spelt as the
// standard's table has it and reads back.
func TestFullASCII(t *testing.T) {
	for c := range 128 {
		s := spell[c]
		if len(s) == 0 || len(s) == 1 && letters[s[0]] != byte(c) {
			t.Fatalf("%#x: spelt %v", c, s)
		}
		if got, ok := decodeValues(s); !ok || got != string(rune(c)) {
			t.Errorf("%#x: %v reads %q %v", c, s, got, ok)
		}
	}
	for _, c := range []struct {
		values []int
		ok     bool
	}{{[]int{shiftSlash, 26}, false}, {[]int{shiftPlus}, false}, {[]int{shiftPlus, 5}, false}, {[]int{startStop}, false}, {[]int{shiftPercent, 35}, true}} {
		if _, ok := decodeValues(c.values); ok != c.ok {
			t.Errorf("%v: %v", c.values, ok)
		}
	}
}

// TestCheck checks the check characters of the usual worked example,
// "TEST93": C is + (41) and K is 6.
func TestCheck(t *testing.T) {
	var values []int
	for _, c := range "TEST93" {
		values = append(values, strings.IndexRune(letters, c))
	}
	c := checkValue(values, 20)
	k := checkValue(append(values, c), 15)
	if c != 41 || k != 6 {
		t.Errorf("check characters %d %d", c, k)
	}
}

// TestZint compares the writer's modules with zint's (2.11).
func TestZint(t *testing.T) {
	for _, data := range []string{"CODE 93", "Code 93 Full ASCII!", "a$b%c/d+e", "\x01\x1b\x7f@`{"} {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if want := enginetest.ZintRow(t, "-b", "25", "--esc", "-d", escape(data)); !slices.Equal(sym.Modules.Pix, want) {
			t.Errorf("%q: modules differ from zint's:\n%v\n%v", data, sym.Modules.Pix, want)
		}
	}
}

// escape writes data for zint's --esc.
func escape(data string) string {
	var b strings.Builder
	for _, c := range []byte(data) {
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c < 0x20 || c == 0x7F:
			b.WriteString(`\x` + "0123456789abcdef"[c>>4:c>>4+1] + "0123456789abcdef"[c&15:c&15+1])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// TestWriteErrors checks that data the writer cannot take is an error
// naming the cause.
func TestWriteErrors(t *testing.T) {
	for _, c := range []struct {
		data string
		opts symbology.WriteOptions
		err  error
	}{
		{"", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"é", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{strings.Repeat("A", 101), symbology.WriteOptions{}, symbology.ErrTooLong},
		{strings.Repeat("a", 51), symbology.WriteOptions{}, symbology.ErrTooLong},
		{"A", symbology.WriteOptions{ECLevel: "L"}, symbology.ErrUnsupported},
		{"A", symbology.WriteOptions{Version: "1"}, symbology.ErrUnsupported},
		{"A", symbology.WriteOptions{GS1: true}, symbology.ErrUnsupported},
	} {
		if _, err := write(c.data, c.opts); !errors.Is(err, c.err) {
			t.Errorf("%q %+v: %v, want %v", c.data, c.opts, err, c.err)
		}
	}
}

// TestGroups checks that code93 is in the industrial and linear groups
// and answers to its aliases.
func TestGroups(t *testing.T) {
	info, ok := symbology.Lookup("code93")
	if !ok || !info.InGroup("industrial") || !info.InGroup("linear") || info.InGroup("retail") || info.InGroup("gs1") {
		t.Errorf("groups %+v", info)
	}
	for _, alias := range []string{"Code93", "Code 93", "CODE_93", "USS-93"} {
		if info, ok := symbology.Lookup(alias); !ok || info.ID != "code93" {
			t.Errorf("alias %q unknown", alias)
		}
	}
}
