package telepen

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/symbology"
)

// TestChars checks every character's elements: 16 modules of narrow and
// wide elements, which read back as the character, and the start and stop
// patterns: 16 modules (the stop's quiet zone aside), each stop its start
// read backwards but for the start's first bar (which, read backwards,
// ends the stop's character), the alpha ones the characters _ and z.
func TestChars(t *testing.T) {
	for c := range 128 {
		p := patterns[c]
		sum := 0
		w := make([]float64, len(p))
		for k, m := range p {
			sum += int(m)
			w[k] = float64(m)
		}
		if sum != charModules {
			t.Errorf("%#x: %v", c, p)
		}
		th := [2]float64{2, 2}
		if got, next, ok := char(append(w, 1, 1), 0, &th); !ok || got != byte(c) || next != len(p) {
			t.Errorf("%#x: reads %#x %v", c, got, ok)
		}
	}
	for s := startAlpha; s <= startMixed; s++ {
		st, sp := starts[s][:], stops[s][:]
		sum := 0
		for _, m := range st {
			sum += int(m)
		}
		rev := slices.Clone(sp)
		slices.Reverse(rev)
		if sum != charModules || !slices.Equal(rev, st[1:]) {
			t.Errorf("start %d: %v, stop %v", s, st, sp)
		}
	}
	if !slices.Equal(patterns['_'], starts[startAlpha][:]) || !slices.Equal(patterns['z'][:stopLen], stops[startAlpha][:]) {
		t.Error("the alpha start and stop are not _ and z")
	}
}

// TestZint compares the writer's modules with zint's (2.11) for alpha
// text, and reads zint's numeric symbols, which use the alpha start
// pattern, as numeric where the content says so.
func TestZint(t *testing.T) {
	for _, data := range []string{"TELEPEN", "Telepen alpha: ~!@#", "1A", "01234567"} {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if want := enginetest.ZintRow(t, "-b", "32", "-d", data); !slices.Equal(sym.Modules.Pix, want) {
			t.Errorf("%q: modules differ from zint's:\n%v\n%v", data, sym.Modules.Pix, want)
		}
	}
	for _, c := range []struct{ data, text, ident string }{
		{"01234567", "01234567", "]B1"}, {"0123456X", "0123456X", "]B1"},
		// Pairs of 05 and more are printable characters behind the
		// alpha start pattern: they read as text.
		{"5566", "R]", "]B0"},
	} {
		m := enginetest.ZintRow(t, "-b", "87", "-d", c.data)
		hits := decodeRow(rowOf(m, 2), nil)
		if len(hits) != 1 || hits[0].Text != c.text || "]B"+string(rune('0'+hits[0].Kind)) != c.ident {
			t.Errorf("zint numeric %q: read %+v, want %q %s", c.data, hits, c.text, c.ident)
		}
	}
}

// TestDecodeText checks the modes: numeric and mixed start patterns, DLE
// switching, the guess behind the alpha start, and what no mode holds.
func TestDecodeText(t *testing.T) {
	for _, c := range []struct {
		values   string
		start    int
		text     string
		modifier int
		ok       bool
	}{
		{"HELLO", startAlpha, "HELLO", 0, true},
		{"\x1c\x32", startAlpha, "0123", 1, true},
		{"\x1c\x32\x10AB", startNumeric, "0123AB", 2, true},
		{"AB\x10\x1c\x32", startMixed, "AB0123", 4, true},
		{"AB", startMixed, "AB", 0, true},
		{"\x1c\x18", startNumeric, "017X", 1, true},
		{"\x10AB", startNumeric, "", 0, false},
		{"\x1c\x10", startMixed, "\x1c", 4, true},
		{"\x1c\x10\x10", startNumeric, "", 0, false},
	} {
		text, mod, ok := decodeText([]byte(c.values), c.start)
		if ok != c.ok || ok && (text != c.text || mod != c.modifier) {
			t.Errorf("%q start %d: %q %d %v", c.values, c.start, text, mod, ok)
		}
	}
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
		{"a\x10\x12", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{strings.Repeat("A", 61), symbology.WriteOptions{}, symbology.ErrTooLong},
		{"123", symbology.WriteOptions{Version: "numeric"}, symbology.ErrInvalidData},
		{"12A4", symbology.WriteOptions{Version: "numeric"}, symbology.ErrInvalidData},
		{"1X23", symbology.WriteOptions{Version: "numeric"}, symbology.ErrInvalidData},
		{"A", symbology.WriteOptions{Version: "7"}, symbology.ErrUnsupported},
		{"A", symbology.WriteOptions{ECLevel: "L"}, symbology.ErrUnsupported},
		{"A", symbology.WriteOptions{GS1: true}, symbology.ErrUnsupported},
	} {
		if _, err := write(c.data, c.opts); !errors.Is(err, c.err) {
			t.Errorf("%q %+v: %v, want %v", c.data, c.opts, err, c.err)
		}
	}
}

// TestGroups checks that telepen is in the linear group, in no other, and
// answers to its aliases.
func TestGroups(t *testing.T) {
	info, ok := symbology.Lookup("telepen")
	if !ok || !info.InGroup("linear") || info.InGroup("industrial") || info.InGroup("retail") {
		t.Errorf("groups %+v", info)
	}
	for _, alias := range []string{"Telepen", "Telepen Alpha", "TelepenNumeric"} {
		if info, ok := symbology.Lookup(alias); !ok || info.ID != "telepen" {
			t.Errorf("alias %q unknown", alias)
		}
	}
}
