package rmqr

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// totals are the codewords of each size as zint's backend/qr.h transcribes
// ISO/IEC 23941:2022's table of codeword capacities; the encoder computes
// them from its layout.
var totals = [NumSizes]int{
	13, 21, 32, 44, 68, // R7
	21, 33, 49, 66, 99, // R9
	15, 31, 47, 67, 89, 132, // R11
	21, 41, 60, 85, 113, 166, // R13
	51, 74, 103, 136, 199, // R15
	61, 88, 122, 160, 232, // R17
}

// TestTables checks each size's codewords against the published totals,
// its blocks (the check codewords shared equally), and that the character
// count indicators are wide enough for as many characters of each mode
// as the size holds.
func TestTables(t *testing.T) {
	for s := Size(1); s <= NumSizes; s++ {
		if got := totalCodewords(s); got != totals[s-1] {
			t.Errorf("%v: %d codewords, want %d", s, got, totals[s-1])
		}
		for l := M; l <= H; l++ {
			b := blocks(s, l)
			if b.Count*b.EC+dataCodewords(s, l) != totalCodewords(s) {
				t.Errorf("%v-%v: %d blocks of %d check codewords do not share %d", s, l, b.Count, b.EC, totalCodewords(s)-dataCodewords(s, l))
			}
			bits := 8*dataCodewords(s, l) - 3
			for i, per := range []float64{10.0 / 3, 11.0 / 2, 8, 13} {
				most := int(float64(bits-countBits[s-1][i]) / per)
				if most >= 1<<countBits[s-1][i] {
					t.Errorf("%v-%v: %d-bit count of mode %d for up to %d characters", s, l, countBits[s-1][i], i, most)
				}
			}
		}
	}
}

// TestFormatWords checks the computed format words against values
// published for them (zint's backend/qr.h, from the standard's table):
// the first of each copy's table and some others.
func TestFormatWords(t *testing.T) {
	tests := []struct {
		copy, index int
		want        uint32
	}{
		{0, 0, 0x1FAB2}, {0, 1, 0x1E597}, {0, 31, 0x008E2}, {0, 32, 0x3F367}, {0, 63, 0x20137},
		{1, 0, 0x20A7B}, {1, 1, 0x2155E}, {1, 31, 0x3F82B}, {1, 32, 0x003AE}, {1, 63, 0x1F1FE},
	}
	for _, tt := range tests {
		if got := formatWords[tt.copy][tt.index]; got != tt.want {
			t.Errorf("format word %d of copy %d = %#05x, want %#05x", tt.index, tt.copy, got, tt.want)
		}
	}
	for c := range 2 {
		for i, w := range formatWords[c] {
			lv, s, d := decodeFormat(c, w^0b100010000000000001)
			if int(lv)<<5|int(s-1) != i || d != 3 {
				t.Errorf("copy %d word %d with 3 errors: %v %v dist %d", c, i, lv, s, d)
			}
		}
	}
}

// TestCapacity fills each size at each level with digits and checks that
// one more digit does not fit, with an error that states the capacity.
func TestCapacity(t *testing.T) {
	for s := Size(1); s <= NumSizes; s++ {
		for l := M; l <= H; l++ {
			bits := 8 * dataCodewords(s, l)
			n := 0
			for 3+countBits[s-1][0]+10*((n+1)/3)+[3]int{0, 4, 7}[(n+1)%3] <= bits {
				n++
			}
			opts := Options{Size: s, Level: l}
			if _, err := Encode(strings.Repeat("7", n), opts); err != nil {
				t.Errorf("%v-%v: %d digits: %v", s, l, n, err)
			}
			_, err := Encode(strings.Repeat("7", n+1), opts)
			if !errors.Is(err, symbology.ErrTooLong) {
				t.Errorf("%v-%v: %d digits: error %v, want ErrTooLong", s, l, n+1, err)
			}
			if got, _ := captest.Stated(err, "digits"); got != n {
				t.Errorf("%v-%v: %d digits: the error states %d: %v", s, l, n+1, got, err)
			}
		}
	}
}

type zintSymbol struct {
	name, data string
	level      Level
	modules    *matrix.Matrix
}

func loadZint(t *testing.T) []zintSymbol {
	files, _ := filepath.Glob("testdata/zint/*.txt")
	if len(files) == 0 {
		t.Fatal("no zint symbols in testdata")
	}
	var out []zintSymbol
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		head, rows, _ := strings.Cut(string(b), "\n")
		var h struct{ Data, Level string }
		if err := json.Unmarshal([]byte(head), &h); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		m, err := matrix.Parse(rows)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		level := M
		if h.Level == "H" {
			level = H
		}
		out = append(out, zintSymbol{f, h.Data, level, m})
	}
	return out
}

// TestZint decodes the symbols zint wrote (testdata/zint), and checks that
// barkit never picks a symbol of larger area than zint at the same level,
// and writes the same modules where it picks the same size and segments
// the data the same way.
func TestZint(t *testing.T) {
	same := 0
	for _, z := range loadZint(t) {
		bc, err := Decode(z.modules)
		if err != nil || bc.Text != z.data {
			t.Errorf("%s: decoded %q, %v; want %q", z.name, bc.Text, err, z.data)
			continue
		}
		c, err := Encode(z.data, Options{Level: z.level})
		if err != nil {
			t.Errorf("%s: %v", z.name, err)
			continue
		}
		if a, za := c.Modules.Width*c.Modules.Height, z.modules.Width*z.modules.Height; a > za {
			t.Errorf("%s: %v (%d modules), larger than zint's %d×%d", z.name, c.Size, a, z.modules.Height, z.modules.Width)
		}
		if c.Modules.Equal(z.modules) {
			same++
		}
	}
	if n := len(loadZint(t)); same < n-2 {
		t.Errorf("%d of %d symbols differ from zint's", n-same, n)
	}
}

func TestEncodeOptions(t *testing.T) {
	tests := []struct {
		text string
		opts Options
		want string // size chosen, or "" for an error
		err  error
	}{
		{"1", Options{}, "R11x27", nil},
		{"1", Options{Height: 7}, "R7x43", nil},
		{"1", Options{Width: 139}, "R7x139", nil},
		{"1", Options{Height: 17}, "R17x43", nil},
		{"1", Options{Size: 20}, "R13x77", nil},
		{"1", Options{Height: 9, Width: 27}, "", symbology.ErrInvalidData},
		{"1", Options{Height: 8}, "", symbology.ErrInvalidData},
		{"1", Options{Width: 50}, "", symbology.ErrInvalidData},
		{"1", Options{Size: 33}, "", symbology.ErrInvalidData},
		{"1", Options{Level: 2}, "", symbology.ErrInvalidData},
		{"1", Options{ECI: 1234567}, "", symbology.ErrInvalidData},
		{strings.Repeat("x", 200), Options{}, "", symbology.ErrTooLong},
		{strings.Repeat("x", 20), Options{Size: 1}, "", symbology.ErrTooLong},
		{"HELLO", Options{GS1: true}, "", symbology.ErrInvalidData},
	}
	for _, tt := range tests {
		c, err := Encode(tt.text, tt.opts)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("Encode(%q, %+v) error %v, want %v", tt.text, tt.opts, err, tt.err)
			}
			continue
		}
		if err != nil || c.Size.String() != tt.want {
			t.Errorf("Encode(%q, %+v) = %v, %v; want %s", tt.text, tt.opts, c, err, tt.want)
		}
	}
}
