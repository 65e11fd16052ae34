package code39

import (
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
)

// TestChars checks the character table: 44 characters of nine elements,
// three wide; the first 40 with two wide bars (a two-of-five code of the
// values 1 to 9 and 0 in groups of ten) and one wide space, the same
// for each group of ten; the last four with three wide spaces; no two
// alike.
func TestChars(t *testing.T) {
	seen := map[string]byte{}
	twoOfFive := []string{"wnnnw", "nwnnw", "wwnnn", "nnwnw", "wnwnn", "nwwnn", "nnnww", "wnnwn", "nwnwn", "nnwwn"}
	for k, ch := range chars {
		p := ch.pattern
		if len(p) != charLen || strings.Count(p, "w") != 3 {
			t.Errorf("%q: pattern %s", ch.c, p)
		}
		bars := string([]byte{p[0], p[2], p[4], p[6], p[8]})
		spaces := string([]byte{p[1], p[3], p[5], p[7]})
		if k < 39 || k == startStop {
			// Values 0 to 9 are the digits 0 to 9, whose two-of-five
			// values are theirs; in the other groups the values 1 to 9
			// and 0 follow in order.
			g, v := k/10, k%10
			switch {
			case k == startStop:
				g, v = 3, 9
			case g == 0:
				v = (k + 9) % 10
			}
			if bars != twoOfFive[v] {
				t.Errorf("%q: bars %s", ch.c, bars)
			}
			if wide := []int{1, 2, 3, 0}[g]; strings.IndexByte(spaces, 'w') != wide || strings.Count(spaces, "w") != 1 {
				t.Errorf("%q: spaces %s", ch.c, spaces)
			}
		} else if bars != "nnnnn" || strings.Count(spaces, "w") != 3 {
			t.Errorf("%q: pattern %s", ch.c, p)
		}
		if c, ok := seen[p]; ok {
			t.Errorf("%q and %q share %s", c, ch.c, p)
		}
		seen[p] = ch.c
	}
	if chars[startStop].c != '*' || len(chars) != 44 {
		t.Errorf("start/stop %q, %d characters", chars[startStop].c, len(chars))
	}
}

// TestFullASCII checks that every ASCII character is spelt as the
// standard's table has it, and reads back.
func TestFullASCII(t *testing.T) {
	for c := range 128 {
		s := fullASCII[c]
		if len(s) == 1 && s[0] != byte(c) {
			t.Errorf("%#x: spelt %q", c, s)
		}
		got, _, ok := decodeFullASCII(s)
		if !ok || got != string(rune(c)) {
			t.Errorf("%#x: %q reads %q %v", c, s, got, ok)
		}
	}
	for _, c := range []struct {
		in, out string
		ok      bool
	}{{"%X%Y%Z", "\x7f\x7f\x7f", true}, {"/M", "", false}, {"/P", "", false}, {"AB$", "", false}, {"$1", "", false}, {"+A+Z", "az", true}} {
		got, _, ok := decodeFullASCII(c.in)
		if ok != c.ok || got != c.out {
			t.Errorf("%q: read %q %v", c.in, got, ok)
		}
	}
}

// TestZint compares the writers' modules with zint's (2.11), which writes
// Code 39 with the same wide to narrow ratio and gap: plain, with the
// check character, Full ASCII, Code 32 and PZN8 (zint writes no
// PZN7).
func TestZint(t *testing.T) {
	for _, c := range []struct {
		id, data, ec string
		zint         []string
	}{
		{"code39", "CODE 39-$/+%.", "", []string{"-b", "8", "-d", "CODE 39-$/+%."}},
		{"code39", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "", []string{"-b", "8", "-d", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"}},
		{"code39", "ABC-123", "check", []string{"-b", "8", "--vers=1", "-d", "ABC-123"}},
		{"code39-ext", "Hello, World! {~}", "", []string{"-b", "9", "-d", "Hello, World! {~}"}},
		{"code39-ext", "\x01\x1b\x7f@`", "", []string{"-b", "9", "--esc", "-d", `\x01\e\x7f@` + "`"}},
		{"code32", "12345678", "", []string{"-b", "129", "-d", "12345678"}},
		{"code32", "00000001", "", []string{"-b", "129", "-d", "00000001"}},
		{"pzn", "1234567", "", []string{"-b", "52", "-d", "1234567"}},
	} {
		sym, err := write(c.id, c.data, c.ec)
		if err != nil {
			t.Fatal(err)
		}
		want := enginetest.ZintRow(t, c.zint...)
		if !slices.Equal(sym.Modules.Pix, want) {
			t.Errorf("%s %q: modules differ from zint's:\n%v\n%v", c.id, c.data, sym.Modules.Pix, want)
		}
	}
}
