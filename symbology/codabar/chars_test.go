package codabar

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/symbology"
)

// TestChars checks the character table: seven elements each; the digits,
// - and $ with one wide bar and one wide space, : / . + with three wide
// bars, A to D with one wide bar and two wide spaces; no two alike.
func TestChars(t *testing.T) {
	seen := map[string]byte{}
	for _, ch := range chars {
		p := ch.pattern
		bars := string([]byte{p[0], p[2], p[4], p[6]})
		spaces := string([]byte{p[1], p[3], p[5]})
		wb, ws := strings.Count(bars, "w"), strings.Count(spaces, "w")
		var want [2]int
		switch {
		case strings.IndexByte("0123456789-$", ch.c) >= 0:
			want = [2]int{1, 1}
		case strings.IndexByte(":/.+", ch.c) >= 0:
			want = [2]int{3, 0}
		default:
			want = [2]int{1, 2}
		}
		if len(p) != charLen || [2]int{wb, ws} != want {
			t.Errorf("%q: %s", ch.c, p)
		}
		if c, ok := seen[p]; ok {
			t.Errorf("%q and %q share %s", c, ch.c, p)
		}
		seen[p] = ch.c
	}
}

// TestZint compares the writer's modules with zint's (2.11), which writes
// the same wide to narrow ratio and gap.
func TestZint(t *testing.T) {
	for _, data := range []string{"A1234567890B", "C-$:/.+D", "A0123456789-$:/.+D"} {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if want := enginetest.ZintRow(t, "-b", "18", "-d", data); !slices.Equal(sym.Modules.Pix, want) {
			t.Errorf("%q: modules differ from zint's:\n%v\n%v", data, sym.Modules.Pix, want)
		}
	}
}

// TestWrite checks the start and stop characters the writer adds or
// keeps, and the errors it returns.
func TestWrite(t *testing.T) {
	for _, c := range []struct {
		data, text string
		err        error
	}{
		{"1234", "A1234A", nil},
		{"b12c", "B12C", nil},
		{"A12", "", symbology.ErrInvalidData},
		{"A1A2A", "", symbology.ErrInvalidData},
		{"12x4", "", symbology.ErrInvalidData},
		{"", "", symbology.ErrInvalidData},
		{strings.Repeat("1", 99), "", symbology.ErrTooLong},
	} {
		sym, err := write(c.data, symbology.WriteOptions{})
		if !errors.Is(err, c.err) || err == nil && sym.Text != c.text {
			t.Errorf("%q: %v %v", c.data, sym, err)
		}
	}
	for _, o := range []symbology.WriteOptions{{ECLevel: "L"}, {Version: "1"}, {GS1: true}} {
		if _, err := write("1234", o); !errors.Is(err, symbology.ErrUnsupported) {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

// TestGroups checks that codabar is in the linear group, in no other, and
// answers to its aliases.
func TestGroups(t *testing.T) {
	info, ok := symbology.Lookup("codabar")
	if !ok || !info.InGroup("linear") || !info.InGroup("all") || info.InGroup("industrial") || info.InGroup("retail") {
		t.Errorf("groups %+v", info)
	}
	for _, alias := range []string{"Codabar", "NW-7", "nw7", "USD-4", "Ames Code"} {
		if info, ok := symbology.Lookup(alias); !ok || info.ID != "codabar" {
			t.Errorf("alias %q unknown", alias)
		}
	}
}
