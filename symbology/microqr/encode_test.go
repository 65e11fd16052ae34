package microqr

import (
	"bytes"
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

// codewords reads a symbol's codewords back from its modules, the way the
// decoder does: data then error correction, M1's and M3's 4-bit last data
// codeword in the high half of its byte.
func codewords(c *Code) []byte {
	l := getLayout(c.Version)
	num, _ := symbolNumber(c.Version, c.Level)
	s := symbols[num]
	words := make([]byte, s.data+s.ec)
	k := 0
	for i := range words {
		for b := range s.codewordBits(i) {
			idx := l.order[k]
			if c.Modules.Pix[idx] != l.mask[c.Mask][idx] {
				words[i] |= 0x80 >> b
			}
			k++
		}
	}
	return words
}

// TestAnnexI checks the Micro QR Code symbol encoding example of ISO/IEC
// 18004:2015 Annex I.3: "01234567" in an M2-L symbol, whose data and error
// correction codewords the standard lists, with mask pattern 01.
func TestAnnexI(t *testing.T) {
	c, err := Encode("01234567", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Version != M2 || c.Level != L || c.Mask != 1 {
		t.Errorf("symbol %v-%v mask %02b, want M2-L mask 01", c.Version, c.Level, c.Mask)
	}
	want := []byte{0b01000000, 0b00011000, 0b10101100, 0b11000011, 0b00000000, // data
		0b10000110, 0b00001101, 0b00100010, 0b10101110, 0b00110000} // error correction
	if got := codewords(c); !bytes.Equal(got, want) {
		t.Errorf("codewords % x, want % x", got, want)
	}
}

// annexC2 is ISO/IEC 18004:2015 Annex C, Table C.2: the Micro QR Code
// format information bit sequences after masking, by symbol number and
// mask (as zint's backend/qr.h transcribes the table).
var annexC2 = [32]uint32{
	0x4445, 0x4172, 0x4e2b, 0x4b1c, 0x55ae, 0x5099, 0x5fc0, 0x5af7, 0x6793, 0x62a4, 0x6dfd, 0x68ca, 0x7678, 0x734f,
	0x7c16, 0x7921, 0x06de, 0x03e9, 0x0cb0, 0x0987, 0x1735, 0x1202, 0x1d5b, 0x186c, 0x2508, 0x203f, 0x2f66, 0x2a51, 0x34e3,
	0x31d4, 0x3e8d, 0x3bba,
}

// TestFormatWords checks every computed format word against Table C.2 and
// that each is corrected from 3 bit errors.
func TestFormatWords(t *testing.T) {
	for i, want := range annexC2 {
		if formatWords[i] != want {
			t.Errorf("format word %d = %#04x, want %#04x", i, formatWords[i], want)
		}
		for _, flip := range []uint32{0, 1 << 14, 1<<3 | 1<<9, 1 | 1<<7 | 1<<12} {
			num, mask, d := decodeFormat(want ^ flip)
			if num != i>>2 || mask != i&3 || d > 3 {
				t.Errorf("decodeFormat(word %d ^ %#x) = %d, %d, dist %d", i, flip, num, mask, d)
			}
		}
	}
}

// table7 is ISO/IEC 18004:2015 Table 7's Micro QR Code rows: the most
// characters of each mode each version and level holds.
var table7 = []struct {
	version                     Version
	level                       Level
	numeric, alnum, byte, kanji int
}{
	{M1, L, 5, 0, 0, 0},
	{M2, L, 10, 6, 0, 0},
	{M2, M, 8, 5, 0, 0},
	{M3, L, 23, 14, 9, 6},
	{M3, M, 18, 11, 7, 4},
	{M4, L, 35, 21, 15, 9},
	{M4, M, 30, 18, 13, 8},
	{M4, Q, 21, 13, 9, 5},
}

// TestCapacity encodes the most characters of each mode each version and
// level holds (Table 7) in that version, and checks that one more does
// not fit, with an error that states the capacity; it also checks the codeword counts of Table 1 and Table 9.
func TestCapacity(t *testing.T) {
	totals := map[Version]int{M1: 5, M2: 10, M3: 17, M4: 24}
	for v, want := range totals {
		if got := totalCodewords(v); got != want {
			t.Errorf("%v: %d codewords, want %d", v, got, want)
		}
	}
	for _, s := range symbols {
		if s.data+s.ec != totals[s.version] {
			t.Errorf("%v-%v: %d+%d codewords, want %d", s.version, s.level, s.data, s.ec, totals[s.version])
		}
	}
	for _, r := range table7 {
		for _, c := range []struct {
			mode  string
			max   int
			chars string
		}{{"digits", r.numeric, "7"}, {"alphanumeric characters", r.alnum, "X"}, {"bytes", r.byte, "x"}, {"kanji", r.kanji, "漢"}} {
			if c.max == 0 {
				continue
			}
			opts := Options{Version: r.version, Level: r.level}
			if _, err := Encode(strings.Repeat(c.chars, c.max), opts); err != nil {
				t.Errorf("%v-%v: %d %s: %v", r.version, r.level, c.max, c.mode, err)
			}
			_, err := Encode(strings.Repeat(c.chars, c.max+1), opts)
			if !errors.Is(err, symbology.ErrTooLong) {
				t.Errorf("%v-%v: %d %s: error %v, want ErrTooLong", r.version, r.level, c.max+1, c.mode, err)
			}
			if got, _ := captest.Stated(err, c.mode); got != c.max {
				t.Errorf("%v-%v: %d %s: the error states %d: %v", r.version, r.level, c.max+1, c.mode, got, err)
			}
		}
	}
}

// zintSymbol is a symbol of testdata/zint: zint's choice for the data at
// a level (testdata/README, gen_zint.go).
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
		out = append(out, zintSymbol{f, h.Data, Level(strings.Index("LMQ", h.Level)), m})
	}
	return out
}

// TestZint decodes the symbols zint wrote, and checks that barkit never
// picks a larger symbol than zint at the same level and writes the same
// modules (its mask choice is the standard's evaluation, which zint
// follows too), but where the two segment the data differently in as many
// bits (one symbol of the set).
func TestZint(t *testing.T) {
	differ := 0
	defer func() {
		if differ > 2 {
			t.Errorf("%d symbols differ from zint's", differ)
		}
	}()
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
		if c.Modules.Width > z.modules.Width {
			t.Errorf("%s: %v, larger than zint's %d×%d", z.name, c.Version, z.modules.Width, z.modules.Width)
		}
		if !c.Modules.Equal(z.modules) && c.Modules.Width == z.modules.Width {
			// Two segmentations of as many bits can both be optimal
			// ("AB12345678CD": alphanumeric throughout, or digits in
			// numeric mode, 74 bits either way): the symbol must then
			// still read back.
			if bc, err := Decode(c.Modules); err != nil || bc.Text != z.data {
				t.Errorf("%s: %q %v-%v differs from zint's symbol and reads %q, %v", z.name, z.data, c.Version, c.Level, bc.Text, err)
			} else {
				differ++
			}
		}
	}
}

// TestMaskChoice checks the evaluation of ISO/IEC 18004:2015 §7.8.3.2: the
// mask chosen scores highest, and the score is 16 times the lesser
// edge's dark modules plus the greater's.
func TestMaskChoice(t *testing.T) {
	for _, text := range []string{"1", "HELLO", "micro", "0123456789ABCDEF", "漢字"} {
		c, err := Encode(text, Options{})
		if err != nil {
			t.Fatal(err)
		}
		best := maskScore(c.Modules)
		for m := 1; m <= 4; m++ {
			o, err := Encode(text, Options{Mask: m})
			if err != nil {
				t.Fatal(err)
			}
			if s := maskScore(o.Modules); s > best {
				t.Errorf("%q: mask %d scores %d, above the chosen %d's %d", text, m-1, s, c.Mask, best)
			}
		}
	}
	m := matrix.New(11, 11)
	for i := 1; i < 11; i++ {
		m.Set(10, i, i <= 3) // right edge: 3 dark
		m.Set(i, 10, true)   // bottom edge: 10 dark, (10,10) shared
	}
	if got := maskScore(m); got != 16*4+10 {
		t.Errorf("score %d, want %d", got, 16*4+10)
	}
}

func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		text string
		opts Options
		want error
	}{
		{"1", Options{Level: 5}, symbology.ErrInvalidData},
		{"1", Options{Version: 5}, symbology.ErrInvalidData},
		{"1", Options{Mask: 5}, symbology.ErrInvalidData},
		{"1", Options{Version: M1, Level: M}, symbology.ErrInvalidData}, // M1 has no level M
		{"1", Options{Version: M3, Level: Q}, symbology.ErrInvalidData}, // nor M3 level Q
		{"A", Options{Version: M1}, symbology.ErrTooLong},               // M1 holds digits only
		{"a", Options{Version: M2}, symbology.ErrTooLong},               // M2 no byte mode
		{"\xff", Options{}, symbology.ErrInvalidData},                   // invalid UTF-8
		{strings.Repeat("1", 36), Options{}, symbology.ErrTooLong},
		{strings.Repeat("x", 1000), Options{}, symbology.ErrTooLong},
	}
	for _, tt := range tests {
		if _, err := Encode(tt.text, tt.opts); !errors.Is(err, tt.want) {
			t.Errorf("Encode(%q, %+v) error %v, want %v", tt.text, tt.opts, err, tt.want)
		}
	}
}
