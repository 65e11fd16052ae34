package datamatrix

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// rand255 returns the 255-state randomised codeword of v at 1-based
// position pos (ISO/IEC 16022:2006 Annex B.1).
func rand255(v byte, pos int) byte { return v + byte(149*pos%255+1) }

// TestParse reads hand-made codeword streams in every encodation, with the
// special codewords, as §5.2 and §5.4-§5.6 define them.
func TestParse(t *testing.T) {
	c40 := func(a, b, c int) []byte { v := 1600*a + 40*b + c + 1; return []byte{byte(v >> 8), byte(v)} }
	edi := func(vals ...byte) []byte {
		var out []byte
		for i := 0; i < len(vals); i += 4 {
			var g [4]byte
			k := copy(g[:], vals[i:])
			v := int(g[0])<<18 | int(g[1])<<12 | int(g[2])<<6 | int(g[3])
			out = append(out, []byte{byte(v >> 16), byte(v >> 8), byte(v)}[:(6*k+7)/8]...)
		}
		return out
	}
	cat := func(parts ...[]byte) []byte { return slices.Concat(parts...) }
	tests := []struct {
		name  string
		words []byte
		want  string
		check func(p *payload) bool
	}{
		{"ascii", []byte{'H' + 1, 'i' + 1, cwPad, 12, 200}, "Hi", nil},
		{"digits", []byte{130, 229, 142}, "009912", nil},
		{"upper shift", []byte{cwUpperShift, 'A' + 1, 'b' + 1}, "\xc1b", nil},
		{"c40", cat([]byte{cwLatchC40}, c40(14, 22, 26), c40(3, 4, 13), []byte{cwUnlatch, 'x' + 1}), "AIM 09x", nil},
		{"c40 shifts", cat([]byte{cwLatchC40}, c40(0, 9, 1), c40(0, 2, 0), c40(1, 30, 3), c40(1, 27, 3)), "\t!`\xa0\x1d ", nil},
		{"c40 last codeword ascii", cat([]byte{cwLatchC40}, c40(14, 15, 16), []byte{'z' + 1}), "ABCz", nil},
		{"text", cat([]byte{cwLatchText}, c40(14, 15, 2), c40(1, 3, 4), []byte{cwUnlatch}), "abA 0", nil},
		{"text pad", cat([]byte{cwLatchText}, c40(14, 15, 0)), "ab", nil},
		{"x12", cat([]byte{cwLatchX12}, c40(0, 1, 2), c40(3, 4, 39), []byte{cwUnlatch, '!' + 1}), "\r*> 0Z!", nil},
		{"edifact", cat([]byte{cwLatchEDI}, edi('A'&63, '.', '@'&63, '^'&63, 'Z'&63, 31), []byte{'!' + 1}), "A.@^Z!", nil},
		{"edifact implied unlatch", cat([]byte{cwLatchEDI}, edi('A'&63, 'B'&63, 'C'&63, 'D'&63), []byte{'e' + 1, 'f' + 1}), "ABCDef", nil},
		{"base256", []byte{cwLatchB256, rand255(3, 2), rand255(0, 3), rand255(0xff, 4), rand255('A', 5), 'B' + 1}, "\x00\xffAB", nil},
		{"base256 to end", []byte{cwLatchB256, rand255(0, 2), rand255('x', 3), rand255('y', 4)}, "xy", nil},
		{"eci", []byte{cwECI, 27, cwUpperShift, 0xe2 - 127, cwUpperShift, 0x82 - 127, cwUpperShift, 0xac - 127}, "€", func(p *payload) bool {
			return p.hasECI && len(p.segs) == 1 && p.segs[0].eci == 26
		}},
		{"eci two codewords", []byte{cwECI, 128, 74, 'A' + 1}, "A", func(p *payload) bool { return p.segs[0].eci == 200 }},
		{"eci three codewords", []byte{cwECI, 192, 1, 18, 'A' + 1}, "A", func(p *payload) bool { return p.segs[0].eci == 16400 }},
		{"gs1", []byte{cwFNC1, 131, 'A' + 1, cwFNC1, 140}, "01A\x1d10", func(p *payload) bool { return p.fnc1 == 1 }},
		{"aim", []byte{'A' + 1, cwFNC1, 'B' + 1}, "AB", func(p *payload) bool { return p.fnc1 == 2 }},
		{"macro 05", []byte{cwMacro05, 'A' + 1}, "[)>\x1e05\x1dA\x1e\x04", nil},
		{"macro 06", []byte{cwMacro06, 'A' + 1}, "[)>\x1e06\x1dA\x1e\x04", nil},
		{"reader programming", []byte{cwReaderInit, 'A' + 1}, "A", func(p *payload) bool { return p.readerInit }},
		{"structured append", []byte{cwAppend, 0x2d, 7, 9, cwFNC1, 131}, "01", func(p *payload) bool {
			return p.seq == symbology.Sequence{Index: 2, Count: 4, ID: "1801"} && p.fnc1 == 1
		}},
		{"trailing unlatch", []byte{'A' + 1, cwUnlatch}, "A", nil},
	}
	for _, tt := range tests {
		p, err := parse(tt.words)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var got []byte
		for _, s := range p.segs {
			got = append(got, s.b...)
		}
		if string(got) != tt.want || tt.check != nil && !tt.check(p) {
			t.Errorf("%s: %v read as %q (%+v), want %q", tt.name, tt.words, got, p, tt.want)
		}
	}

	bad := map[string][]byte{
		"zero":                    {0},
		"unused codeword":         {242},
		"append not first":        {'A' + 1, cwAppend, 0x2d, 1, 1},
		"append count 17":         {cwAppend, 0x00, 1, 1},
		"reader init not first":   {'A' + 1, cwReaderInit},
		"upper shift at end":      {cwUpperShift},
		"upper shift digit pair":  {cwUpperShift, 140},
		"base256 too long":        {cwLatchB256, rand255(9, 2), 1},
		"eci truncated":           {cwECI, 200},
		"c40 pair out of range":   {cwLatchC40, 255, 255},
		"c40 shift 2 reserved":    cat([]byte{cwLatchC40}, c40(1, 28, 3)),
		"shift 3 beyond text set": cat([]byte{cwLatchText}, c40(2, 32, 3)),
	}
	for name, words := range bad {
		if _, err := parse(words); !errors.Is(err, symbology.ErrFormat) {
			t.Errorf("%s: %v parsed, err %v", name, words, err)
		}
	}
}

// TestDecodeMirrored reads symbols reflected as a mirror shows them: with
// the finder put back in place, reflected about the diagonal through its
// corner.
func TestDecodeMirrored(t *testing.T) {
	for _, v := range []string{"16x16", "12x36", "8x48", "64x64"} {
		_, size, _, _ := ParseVersion(v)
		c, err := Encode("Mirror, mirror", Options{Size: size})
		if err != nil {
			t.Fatal(err)
		}
		bc, err := Decode(flipL(c.Modules))
		if err != nil || bc.Text != "Mirror, mirror" || !bc.Mirrored {
			t.Errorf("%s mirrored: %q mirrored=%v, %v", v, bc.Text, bc.Mirrored, err)
		}
	}
}

// TestDecodeDamaged flips modules of the data region until error
// correction gives up: up to half the check codewords are corrected, and
// beyond that Decode reports a checksum error rather than wrong data.
func TestDecodeDamaged(t *testing.T) {
	for _, v := range []string{"10x10", "24x24", "52x52", "144x144"} {
		_, size, _, _ := ParseVersion(v)
		data := strings.Repeat("Damage ", size.Data)[:size.Data/2]
		c, err := Encode(data, Options{Size: size})
		if err != nil {
			t.Fatal(err)
		}
		l := layoutOf(mustIndex(size))
		ecPer := size.EC / size.Blocks
		// Spoil codewords, the whole codeword each time, dealing them
		// to the blocks in turn like the interleaving does.
		m := c.Modules.Clone()
		limit := ecPer / 2 * size.Blocks
		for k := 0; k < limit; k++ {
			m.Pix[l.pos[8*k]] = !m.Pix[l.pos[8*k]]
		}
		if bc, err := Decode(m); err != nil || bc.Text != data {
			t.Errorf("%s with %d codewords wrong: %v", v, limit, err)
		}
		for k := limit; k < limit+size.Blocks*(ecPer/2+2); k++ {
			m.Pix[l.pos[8*k]] = !m.Pix[l.pos[8*k]]
		}
		if bc, err := Decode(m); err == nil && bc.Text == data || err != nil && !errors.Is(err, symbology.ErrChecksum) && !errors.Is(err, symbology.ErrFormat) {
			t.Errorf("%s with too many codewords wrong: %q, %v", v, bc.Text, err)
		}
	}
}

// TestDecode144Layouts reads the 144×144 symbol with its check codewords
// dealt both ways: as most encoders do and as §5.7.2 reads.
func TestDecode144Layouts(t *testing.T) {
	i, _ := sizeIndex(144, 144)
	s := sizes[i]
	data := make([]byte, s.Data)
	for i := range data {
		data[i] = byte(i*7+1) | 1
		if data[i] > 128 {
			data[i] -= 128
		}
	}
	defacto := addEC(s, data, false)
	iso := addEC(s, data, true)
	// The same check codewords, dealt from block 8 or from block 0.
	for b := range s.Blocks {
		for j := range s.EC / s.Blocks {
			if iso[s.Data+b+j*s.Blocks] != defacto[s.Data+(b-8+10)%10+j*s.Blocks] {
				t.Fatalf("block %d check codeword %d differs between the layouts", b, j)
			}
		}
	}
	for name, words := range map[string][]byte{"de facto": defacto, "ISO": iso} {
		bc, err := Decode(place(s, words))
		if err != nil || len(bc.Bytes) == 0 {
			t.Errorf("%s layout: %v", name, err)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, m := range []*matrix.Matrix{nil, matrix.New(0, 0), matrix.New(11, 11), matrix.New(10, 12), {Width: 10, Height: 10}} {
		if _, err := Decode(m); !errors.Is(err, symbology.ErrFormat) {
			t.Errorf("Decode(%v): %v", m, err)
		}
	}
	// A symbol of the right size but no data: all codewords 0, which is
	// a Reed–Solomon codeword but no valid data.
	if _, err := Decode(patterns(sizes[3])); !errors.Is(err, symbology.ErrFormat) {
		t.Errorf("empty symbol: %v", err)
	}
}

// goldenHeader is the first line of a writer golden file.
type goldenHeader struct {
	Symbology string `json:"symbology"`
	Data      string `json:"data"` // Go-quoted
	Options   string `json:"options,omitempty"`
	Size      string `json:"size"`
	Codewords []int  `json:"codewords"` // data, then error correction
}

// goldens are the symbols of testdata/*.golden.
var goldens = []struct {
	name string
	data string
	opts Options
}{
	{"annex-123456", "123456", Options{}},
	{"hello-world", "Hello World", Options{}},
	{"c40-aimaimaim", "AIMAIMAIM", Options{}},
	{"rect-8x32", "Hello World", Options{Shape: Rectangular}},
	{"dmre-8x64", "DMRE 8x64 rectangular extension", Options{Size: Size{Rows: 8, Cols: 64, RegionRows: 6, RegionCols: 14, Data: 24, EC: 18, Blocks: 1, DMRE: true}}},
	{"gs1", "0109501101020917\x1d17190508\x1d10ABCD1234", Options{GS1: true}},
	{"eci-utf8", "Grüße, 世界", Options{}},
	{"mixed-32x32", "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 *>\r A.B,C:D;", Options{}},
	{"binary-base256", "\x00\x01\x02\xfd\xfe\xff binary", Options{Binary: true}},
	{"append-2-of-3", "part two", Options{Append: Append{Index: 1, Count: 3, FileID: 0x1234}}},
}

// TestGolden compares the writer's output with the golden files, and
// rewrites them with -update.
func TestGolden(t *testing.T) {
	for _, g := range goldens {
		c, err := Encode(g.data, g.opts)
		if err != nil {
			t.Fatal(g.name, err)
		}
		var buf bytes.Buffer
		h := goldenHeader{Symbology: "data-matrix", Data: strconv.Quote(g.data), Options: optString(g.opts), Size: c.Size.String()}
		for _, w := range c.Codewords {
			h.Codewords = append(h.Codewords, int(w))
		}
		j, _ := json.Marshal(h)
		buf.Write(j)
		buf.WriteByte('\n')
		buf.WriteString(c.Modules.String())
		path := filepath.Join("testdata", g.name+".golden")
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(bytes.TrimSpace(buf.Bytes()), bytes.TrimSpace(want)) {
			t.Errorf("%s: output differs from %s:\n%s", g.name, path, buf.String())
		}
	}
}

// TestGoldenFilesDecode reads every golden file back.
func TestGoldenFilesDecode(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.golden"))
	if len(files) < len(goldens) {
		t.Fatalf("%d golden files", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		head, body, _ := strings.Cut(string(b), "\n")
		var h goldenHeader
		if err := json.Unmarshal([]byte(head), &h); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		m, err := matrix.Parse(body)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		data, err := strconv.Unquote(h.Data)
		if err != nil {
			t.Fatalf("%s: data %s: %v", f, h.Data, err)
		}
		bc, err := Decode(m)
		if err != nil || string(bc.Bytes) != data && bc.Text != data || bc.Version != h.Size {
			t.Errorf("%s: read %q %s, %v", f, bc.Text, bc.Version, err)
		}
	}
}

func optString(o Options) string {
	var parts []string
	if o.GS1 {
		parts = append(parts, "gs1")
	}
	if o.Binary {
		parts = append(parts, "binary")
	}
	if o.Shape != Square {
		parts = append(parts, o.Shape.String())
	}
	if o.Size.Rows != 0 {
		parts = append(parts, "size "+o.Size.String())
	}
	if o.Append.Count != 0 {
		parts = append(parts, fmt.Sprintf("append %d of %d, file id %d", o.Append.Index+1, o.Append.Count, o.Append.FileID))
	}
	return strings.Join(parts, ", ")
}
