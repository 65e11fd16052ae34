package aztec

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// isoFigure1 is the symbol on the left of ISO/IEC 24778:2008 Figure 1,
// "123456789012" in a compact symbol of one layer, transcribed module by
// module ('#' dark).
const isoFigure1 = `
...###....###..
##.###..###..#.
####....#...#..
..###########..
.#.#.......#...
#..#.#####.#.#.
#..#.#...#.###.
..##.#.#.#.##..
#.##.#...#.####
#.##.#####.#.#.
##.#.......##.#
...############
##...#.#..#...#
#.#.####.#.#.#.
#...#...#...#.#
`

// TestISOFigure1 writes the standard's example bit for bit and reads it.
func TestISOFigure1(t *testing.T) {
	want, err := matrix.Parse(isoFigure1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Encode("123456789012", Options{Size: Size{Compact: true, Layers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if !c.Modules.Equal(want) {
		t.Errorf("got\n%s\nwant\n%s", c.Modules, want)
	}
	// 9 data codewords: D/L and 12 digits are 53 bits. The mode message
	// says 1 layer and 9 data codewords (00 001000).
	if c.DataWords != 9 || c.CheckWords != 8 {
		t.Errorf("%d data and %d check codewords, want 9 and 8", c.DataWords, c.CheckWords)
	}
	if mm := encodeModeMessage(true, modeMessage{layers: 1, dataWords: 9}); string(bitString(mm[:8])) != "00001000" {
		t.Errorf("mode message starts %s", bitString(mm[:8]))
	}
	// The usual illustration of a compact core (Wikipedia's "Aztec Code"
	// article): a mode message beginning 01011100 is 2 layers and 29 data
	// codewords.
	if s, mm := parseModeMessage(true, 0b01011100); s != (Size{Compact: true, Layers: 2}) || mm.dataWords != 29 {
		t.Errorf("01011100 read as %s, %d data codewords", s, mm.dataWords)
	}
	bc, err := Decode(want)
	if err != nil || bc.Text != "123456789012" || bc.Version != "C1" || bc.Identifier != "]z0" {
		t.Errorf("Decode: %q %s %s, %v", bc.Text, bc.Version, bc.Identifier, err)
	}
}

func bitString(bits []byte) []byte {
	s := make([]byte, len(bits))
	for i, b := range bits {
		s[i] = '0' + b
	}
	return s
}

// TestModeMessageCorrection checks that the mode message survives the
// errors its check words correct, in both families.
func TestModeMessageCorrection(t *testing.T) {
	for _, compact := range []bool{true, false} {
		mm := modeMessage{layers: 3, dataWords: 20}
		bits := encodeModeMessage(compact, mm)
		_, nc := modeWords(compact)
		for w := 0; w < len(bits)/4; w++ {
			for w2 := w + 1; w2 < len(bits)/4 && (w2-w) <= nc/2; w2++ {
				bad := append([]byte(nil), bits...)
				bad[4*w] ^= 1
				if nc/2 >= 2 {
					bad[4*w2+3] ^= 1
				}
				v, _, ok := decodeModeWords(compact, bad)
				if !ok {
					t.Fatalf("compact %v: errors in words %d and %d not corrected", compact, w, w2)
				}
				if s, got := parseModeMessage(compact, v); got != mm || s.Layers != 3 {
					t.Fatalf("compact %v: read %+v", compact, got)
				}
			}
		}
	}
}

// TestStuff checks bit stuffing on the cases of §7.3.1.2.
func TestStuff(t *testing.T) {
	bits := func(s string) []byte {
		b := make([]byte, len(s))
		for i := range s {
			b[i] = s[i] - '0'
		}
		return b
	}
	for _, tc := range []struct {
		in    string
		words []int
	}{
		{"000000", []int{0b000001, 0b011111}},
		{"111111", []int{0b111110, 0b111110}},
		{"101010", []int{0b101010}},
		{"1010", []int{0b101011}},
		{"11111", []int{0b111110}},
		{"00000", []int{0b000001}},
		{"", []int{0b111110}},
	} {
		got := stuff(bits(tc.in), 6)
		if fmt.Sprint(got) != fmt.Sprint(tc.words) || stuffedLen(bits(tc.in), 6) != len(got) {
			t.Errorf("stuff(%s) = %b, want %b", tc.in, got, tc.words)
		}
	}
	// Round trip on random streams and every word size.
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		b := []int{6, 8, 10, 12}[r.IntN(4)]
		in := make([]byte, r.IntN(80))
		for i := range in {
			if r.IntN(4) != 0 { // long runs of one bit
				in[i] = 1
			}
		}
		words := stuff(in, b)
		out, ok := unstuff(words, b)
		if !ok || len(out) < len(in) || string(out[:len(in)]) != string(in) {
			t.Fatalf("b=%d: %v -> %v -> %v", b, in, words, out)
		}
		for _, w := range out[len(in):] {
			if w != 1 {
				t.Fatalf("padding %v", out[len(in):])
			}
		}
	}
}

// roundTrip decodes c's modules in every rotation, mirrored and not, and
// checks the content.
func roundTrip(t *testing.T, name string, c *Code, wantBytes string, check func(symbology.Barcode) error) {
	t.Helper()
	for _, rot := range []int{0, 90, 180, 270} {
		for _, mir := range []bool{false, true} {
			m := c.Modules.Rotate(rot)
			if mir {
				m = m.Transpose()
			}
			bc, err := Decode(m)
			if err != nil {
				t.Fatalf("%s (%s) rotated %d mirrored %v: %v", name, c.Version(), rot, mir, err)
			}
			if string(bc.Bytes) != wantBytes || bc.Mirrored != mir || bc.Version != c.Version() {
				t.Fatalf("%s: read %.40q %s mirrored %v, want %.40q %s", name, bc.Bytes, bc.Version, bc.Mirrored, wantBytes, c.Version())
			}
			if bc.ECLevel != c.ECLevel() {
				t.Fatalf("%s: EC level %s, wrote %s", name, bc.ECLevel, c.ECLevel())
			}
			if check != nil {
				if err := check(bc); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
		}
	}
}

// payloadKinds make data of each kind of encodation, n characters long.
var payloadKinds = []struct {
	name string
	make func(r *rand.Rand, n int) string
}{
	{"digits", func(r *rand.Rand, n int) string { return pick(r, n, "0123456789") }},
	{"upper", func(r *rand.Rand, n int) string { return pick(r, n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ ") }},
	{"lower", func(r *rand.Rand, n int) string { return pick(r, n, "abcdefghijklmnopqrstuvwxyz ") }},
	{"mixed", func(r *rand.Rand, n int) string { return pick(r, n, "@\\^_`|~\x01\x07\r\x1b") }},
	{"punct", func(r *rand.Rand, n int) string { return pick(r, n, "!\"#$%&'()*+,-./:;<=>?[]{}") }},
	{"text", func(r *rand.Rand, n int) string {
		return pick(r, n, "The quick brown fox, jumps over 13 lazy dogs. \r\nAZ: az!")
	}},
	{"binary", func(r *rand.Rand, n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return string(b)
	}},
	{"mix", func(r *rand.Rand, n int) string {
		return pick(r, n, "Aa0.,:; \r\n@\x00\x80\xffZz9!")
	}},
}

func pick(r *rand.Rand, n int, from string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = from[r.IntN(len(from))]
	}
	return string(b)
}

// TestRoundTripSizes writes, for every size and several error correction
// levels, data of every kind that fills most of the symbol, and reads it
// back in every orientation.
func TestRoundTripSizes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	levels := []int{MinEC, DefaultEC, 50, 80}
	if testing.Short() {
		levels = []int{DefaultEC}
	}
	for _, s := range sizes {
		for _, pct := range levels {
			for k, kind := range payloadKinds {
				if testing.Short() && k%3 != int(s.Layers)%3 {
					continue
				}
				capBits := s.dataWords(pct, false) * (s.WordBits() - 1) // leave room for stuffing
				if capBits <= 0 {
					continue
				}
				// Shrink the data until it fits.
				n := capBits / 4
				for ; n > 0; n = n * 9 / 10 {
					data := kind.make(r, n)
					c, err := Encode(data, Options{Size: s, ECPercent: pct, Binary: true})
					if errors.Is(err, symbology.ErrTooLong) {
						continue
					}
					if err != nil {
						t.Fatalf("%s %d%% %s: %v", s, pct, kind.name, err)
					}
					roundTrip(t, fmt.Sprintf("%s/%d%%/%s", s, pct, kind.name), c, data, nil)
					break
				}
			}
		}
	}
}

// TestChooseSize checks that Encode picks the smallest size that holds
// the data at the requested level, and that the check codewords it writes
// are at least that level.
func TestChooseSize(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		kind := payloadKinds[r.IntN(len(payloadKinds))]
		data := kind.make(r, 1+r.IntN(600))
		pct := []int{0, 5, 10, 23, 36, 50, 95}[r.IntN(7)]
		c, err := Encode(data, Options{ECPercent: pct, Binary: true})
		if errors.Is(err, symbology.ErrTooLong) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		p := pct
		if p == 0 {
			p = DefaultEC
		}
		n := c.DataWords + c.CheckWords
		if c.CheckWords < checkWords(n, p) && c.DataWords < c.Size.maxData(false) {
			t.Fatalf("%s at %d%%: %d check codewords of %d", c.Size, p, c.CheckWords, n)
		}
		for _, s := range sizes {
			if s == c.Size {
				break
			}
			if _, err := Encode(data, Options{Size: s, ECPercent: p, Binary: true}); err == nil && s.Side() < c.Size.Side() {
				t.Fatalf("%.30q at %d%%: chose %s, but %s holds it", data, p, c.Size, s)
			}
		}
	}
}

// TestRunes writes every Aztec Rune and reads it back.
func TestRunes(t *testing.T) {
	for v := range 256 {
		c, err := Encode(fmt.Sprint(v), Options{Rune: true})
		if err != nil {
			t.Fatal(err)
		}
		if c.Modules.Width != 11 || c.Version() != "rune" {
			t.Fatalf("rune %d: %d modules, %s", v, c.Modules.Width, c.Version())
		}
		roundTrip(t, fmt.Sprint("rune ", v), c, fmt.Sprintf("%03d", v), func(bc symbology.Barcode) error {
			if bc.Symbology != "aztec-rune" || bc.Identifier != "]zC" {
				return fmt.Errorf("%s %s", bc.Symbology, bc.Identifier)
			}
			return nil
		})
	}
}

// TestFeatures round-trips GS1, ECI, structured append and reader
// initialisation, checking the fields the reader fills.
func TestFeatures(t *testing.T) {
	type want struct {
		text, id, version string
		gs1, init         bool
		seq               symbology.Sequence
		segs              int
	}
	for _, tc := range []struct {
		name string
		data string
		opts Options
		want want
	}{
		{"gs1", "0109506000134352\x1d10ABC123\x1d21XYZ", Options{GS1: true},
			want{text: "(01)09506000134352(10)ABC123(21)XYZ", id: "]z1", gs1: true}},
		{"eci-utf8", "Grüße, 世界", Options{},
			want{text: "Grüße, 世界", id: "]z3", segs: 1}},
		{"latin1", "Grüße", Options{},
			want{text: "Grüße", id: "]z0"}},
		{"eci-latin1", "Grüße", Options{ECI: 3},
			want{text: "Grüße", id: "]z3", segs: 1}},
		{"eci-forced", "Ελληνικά", Options{ECI: 9},
			want{text: "Ελληνικά", id: "]z3", segs: 1}},
		{"eci-6-digits", "\x01\x02", Options{ECI: 123456, Binary: true},
			want{text: "\x01\x02", id: "]z3", segs: 1}},
		{"append", "part two", Options{Append: Append{Index: 1, Count: 3, ID: "MSG42"}},
			want{text: "part two", id: "]z6", seq: symbology.Sequence{Index: 1, Count: 3, ID: "MSG42"}}},
		{"append-no-id", "PART ONE", Options{Append: Append{Index: 0, Count: 26}},
			want{text: "PART ONE", id: "]z6", seq: symbology.Sequence{Index: 0, Count: 26}}},
		{"append-gs1", "0109506000134352", Options{GS1: true, Append: Append{Index: 2, Count: 4}},
			want{text: "(01)09506000134352", id: "]z7", gs1: true, seq: symbology.Sequence{Index: 2, Count: 4}}},
		{"reader-init", "$I", Options{ReaderInit: true},
			want{text: "$I", id: "]z0", init: true, version: "C1"}},
		{"reader-init-full", strings.Repeat("CONFIG ", 10), Options{ReaderInit: true},
			want{text: strings.Repeat("CONFIG ", 10), id: "]z0", init: true, version: "F4"}},
		{"reader-init-large", strings.Repeat("x", 900), Options{ReaderInit: true},
			want{text: strings.Repeat("x", 900), id: "]z0", init: true}},
		{"aim-fnc1-letter", "A\x1dBC", Options{Binary: true},
			want{text: "A\x1dBC", id: "]z0"}},
	} {
		c, err := Encode(tc.data, tc.opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.want.version != "" && c.Version() != tc.want.version {
			t.Errorf("%s: %s, want %s", tc.name, c.Version(), tc.want.version)
		}
		w := tc.want
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if bc.Text != w.text || bc.Identifier != w.id || bc.GS1 != w.gs1 || bc.ReaderInit != w.init || bc.Sequence != w.seq || len(bc.Segments) != w.segs {
			t.Errorf("%s: read %q %s gs1=%v init=%v %+v %d segments; want %q %s gs1=%v init=%v %+v %d",
				tc.name, bc.Text, bc.Identifier, bc.GS1, bc.ReaderInit, bc.Sequence, len(bc.Segments),
				w.text, w.id, w.gs1, w.init, w.seq, w.segs)
		}
	}
}

// TestEncodeErrors checks that impossible requests give typed errors.
func TestEncodeErrors(t *testing.T) {
	for _, tc := range []struct {
		data string
		opts Options
		err  error
	}{
		{"x", Options{ECPercent: 4}, symbology.ErrInvalidData},
		{"x", Options{ECPercent: 96}, symbology.ErrInvalidData},
		{"x", Options{Size: Size{Compact: true, Layers: 5}}, symbology.ErrInvalidData},
		{"x", Options{Size: Size{Layers: 33}}, symbology.ErrInvalidData},
		{"x", Options{Size: Size{Compact: true, Layers: 2}, ReaderInit: true}, symbology.ErrInvalidData},
		{"x", Options{Size: Size{Layers: 23}, ReaderInit: true}, symbology.ErrInvalidData},
		{"x", Options{ECI: 1000000}, symbology.ErrInvalidData},
		{"x", Options{ECI: 5000}, symbology.ErrInvalidData},
		{"01", Options{GS1: true, Binary: true}, symbology.ErrInvalidData},
		{"x", Options{GS1: true}, symbology.ErrInvalidData},
		{"01", Options{GS1: true, ReaderInit: true}, symbology.ErrInvalidData},
		{"x", Options{Append: Append{Index: 1}}, symbology.ErrInvalidData},
		{"x", Options{Append: Append{Count: 27}}, symbology.ErrInvalidData},
		{"x", Options{Append: Append{Count: 1}}, symbology.ErrInvalidData},
		{"x", Options{Append: Append{Index: 3, Count: 3}}, symbology.ErrInvalidData},
		{"x", Options{Append: Append{Count: 2, ID: "a b"}}, symbology.ErrInvalidData},
		{"x", Options{Append: Append{Count: 2}, ReaderInit: true}, symbology.ErrInvalidData},
		{"\xff", Options{}, symbology.ErrInvalidData},
		{"256", Options{Rune: true}, symbology.ErrInvalidData},
		{"-1", Options{Rune: true}, symbology.ErrInvalidData},
		{"x", Options{Rune: true}, symbology.ErrInvalidData},
		{"1", Options{Rune: true, GS1: true}, symbology.ErrInvalidData},
		{strings.Repeat("x", 20), Options{Size: Size{Compact: true, Layers: 1}}, symbology.ErrTooLong},
		{strings.Repeat("\x80", 1915), Options{Binary: true}, symbology.ErrTooLong},
		{strings.Repeat("\x80", 1200), Options{Binary: true, ReaderInit: true}, symbology.ErrTooLong},
		{strings.Repeat("9", 4000), Options{}, symbology.ErrTooLong},
		{strings.Repeat("x", 40000), Options{}, symbology.ErrTooLong},
	} {
		if _, err := Encode(tc.data, tc.opts); !errors.Is(err, tc.err) {
			t.Errorf("Encode(%.20q, %+v): %v, want %v", tc.data, tc.opts, err, tc.err)
		}
	}
}

// TestWrite checks the registry's writers and their options.
func TestWrite(t *testing.T) {
	for _, tc := range []struct {
		id, data string
		opts     symbology.WriteOptions
		version  string
		err      error
	}{
		{"aztec", "Hello", symbology.WriteOptions{}, "C1", nil},
		{"aztec", "Hello", symbology.WriteOptions{ECLevel: "50%"}, "C1", nil},
		{"aztec", "Hello World, longer", symbology.WriteOptions{ECLevel: "95"}, "", nil},
		{"aztec", "Hello", symbology.WriteOptions{Version: "F4"}, "F4", nil},
		{"aztec", "Hello", symbology.WriteOptions{Version: "c2"}, "C2", nil},
		{"aztec", "200", symbology.WriteOptions{Version: "rune"}, "rune", nil},
		{"aztec", "0109506000134352", symbology.WriteOptions{GS1: true}, "", nil},
		{"aztec", "Hello", symbology.WriteOptions{ECLevel: "H"}, "", symbology.ErrInvalidData},
		{"aztec", "Hello", symbology.WriteOptions{ECLevel: "2"}, "", symbology.ErrInvalidData},
		{"aztec", "Hello", symbology.WriteOptions{Version: "7"}, "", symbology.ErrInvalidData},
		{"aztec-rune", "7", symbology.WriteOptions{}, "rune", nil},
		{"aztec-rune", "300", symbology.WriteOptions{}, "", symbology.ErrInvalidData},
		{"aztec-rune", "7", symbology.WriteOptions{ECLevel: "23"}, "", symbology.ErrInvalidData},
		{"aztec-rune", "7", symbology.WriteOptions{Version: "C1"}, "", symbology.ErrInvalidData},
		{"aztec-rune", "7", symbology.WriteOptions{GS1: true}, "", symbology.ErrUnsupported},
	} {
		info, ok := symbology.Lookup(tc.id)
		if !ok || info.Write == nil {
			t.Fatalf("%s not registered", tc.id)
		}
		s, err := info.Write(tc.data, tc.opts)
		if !errors.Is(err, tc.err) || err == nil && tc.version != "" && s.Version != tc.version {
			t.Errorf("%s %q %+v: %v, %v", tc.id, tc.data, tc.opts, s, err)
			continue
		}
		id := tc.id
		if tc.version == "rune" {
			id = "aztec-rune"
		}
		if err == nil && (s.Symbology != id || s.QuietZone != 0 || (id == "aztec" && !strings.HasSuffix(s.ECLevel, "%"))) {
			t.Errorf("%s %q: symbol %+v", tc.id, tc.data, s)
		}
	}
	for _, name := range []string{"AztecCode", "Aztec Code", "aztec_code", "AZTEC", "AztecRune", "aztec runes"} {
		if _, ok := symbology.Lookup(name); !ok {
			t.Errorf("Lookup(%q) failed", name)
		}
	}
}

// TestPaddingNotBinaryShift checks that the padding of the last codeword
// never reads as a Binary Shift with its length (see endLatch): a reader
// that does not know that padding may look like B/S still reads the data.
// Text in 12-bit codewords, of every length up to 120, ends with every
// amount of padding.
func TestPaddingNotBinaryShift(t *testing.T) {
	for _, alphabet := range []string{"ABCXYZ", "abcxyz", "@\\^|~", "01234", "!?()"} {
		for n := 1; n <= 120; n++ {
			data := strings.Repeat(alphabet, n/len(alphabet)+1)[:n]
			c, err := Encode(data, Options{Size: Size{Layers: 23}})
			if err != nil {
				t.Fatal(err)
			}
			words, err := readCodewords(c.Modules, c.Size, modeMessage{layers: 23, dataWords: c.DataWords})
			if err != nil {
				t.Fatal(err)
			}
			bits, _ := unstuff(words[:c.DataWords], c.Size.WordBits())
			p, err := readStream(bits, false)
			if err != nil {
				t.Fatalf("%q: read without the padding rule: %v", data, err)
			}
			if string(p.bytes()) != data {
				t.Fatalf("%q: read without the padding rule as %q", data, p.bytes())
			}
		}
	}
}
