package qr

import (
	"errors"
	"image"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// model1Data is the data codewords per block column of ISO/IEC 18004:2000
// Annex M, Table M.2, for levels L, M, Q and H of versions 1 to 14 (as
// zxing-cpp's reader transcribes it); model1Blocks computes them from the
// block count, the error correction codewords and the layout.
var model1Data = [maxModel1Version + 1][4]int{
	{},
	{19, 16, 13, 9},
	{36, 30, 24, 16},
	{57, 44, 36, 24},
	{80, 60, 50, 34},
	{108, 82, 68, 23},
	{136, 53, 43, 29},
	{170, 66, 54, 24},
	{104, 80, 64, 29},
	{123, 93, 52, 34},
	{145, 111, 61, 31},
	{168, 64, 52, 29},
	{192, 73, 61, 33},
	{144, 83, 69, 32},
	{163, 92, 62, 35},
}

func TestModel1Table(t *testing.T) {
	for v := 1; v <= maxModel1Version; v++ {
		words := getModel1Layout(v).words
		for l := L; l <= H; l++ {
			b := model1Blocks(v, l)
			if b.Data != model1Data[v][l] {
				t.Errorf("version %d-%v: %d data codewords per block, Table M.2 says %d", v, l, b.Data, model1Data[v][l])
			}
			if rem := words - b.Count*(b.Data+b.EC); rem < 0 || rem >= b.Count {
				t.Errorf("version %d-%v: %d remainder codewords with %d blocks", v, l, rem, b.Count)
			}
		}
	}
	// The largest symbol, 14-L, holds 1167 digits, 707 alphanumeric
	// characters, 486 bytes or 299 kanji (as reader manuals list Model 1's
	// capacity): the four leading bits, a mode indicator and a 12, 11, 16
	// or 10-bit count, then 10 bits per 3 digits, 11 per 2 characters, 8
	// per byte, 13 per kanji.
	bits := 8 * 3 * model1Blocks(14, L).Data
	for _, c := range []struct {
		name       string
		n, need    int
		nextNeeds  int
		countWidth int
	}{
		{"numeric", 1167, 1167 / 3 * 10, (1167/3)*10 + 4, 12},
		{"alphanumeric", 707, 707/2*11 + 6, (708 / 2) * 11, 11},
		{"byte", 486, 486 * 8, 487 * 8, 16},
		{"kanji", 299, 299 * 13, 300 * 13, 10},
	} {
		head := 4 + 4 + c.countWidth
		if head+c.need > bits || head+c.nextNeeds <= bits {
			t.Errorf("version 14-L holds %d bits: not exactly %d %s characters", bits, c.n, c.name)
		}
	}
}

// model1Function returns the function modules of a Model 1 symbol and which
// of them are dark, the format information left light: finder patterns with
// separators, timing patterns, format information areas, the dark module and
// the extension patterns.
func model1Function(version int) (fn, dark []bool) {
	n := size(version)
	fn, dark = make([]bool, n*n), make([]bool, n*n)
	set := func(x, y int, d bool) { fn[y*n+x], dark[y*n+x] = true, d }
	for _, c := range [3][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}} {
		for dy := -1; dy <= 7; dy++ {
			for dx := -1; dx <= 7; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if x >= 0 && y >= 0 && x < n && y < n {
					d := max(abs(dx-3), abs(dy-3))
					set(x, y, d != 2 && d != 4)
				}
			}
		}
	}
	for i := 8; i < n-8; i++ {
		set(i, 6, i%2 == 0)
		set(6, i, i%2 == 0)
	}
	l := getLayout(version)
	for c := range 2 {
		for _, p := range l.formatPos[c] {
			set(int(p)%n, int(p)/n, false)
		}
	}
	set(8, n-8, true)
	for d := 8; d <= 4*version; d += 8 {
		for i := range 4 {
			set(n-1, n-1-d-i, true) // right edge
			set(n-2, n-1-d-i, false)
			set(n-1-d-i, n-1, true) // bottom edge
			set(n-1-d-i, n-2, false)
		}
	}
	return fn, dark
}

// TestModel1Placement checks that the codeword rectangles cover every module
// outside the function patterns exactly once.
func TestModel1Placement(t *testing.T) {
	for v := 1; v <= maxModel1Version; v++ {
		fn, _ := model1Function(v)
		ml := getModel1Layout(v)
		seen := make([]bool, len(fn))
		for _, idx := range ml.order {
			if fn[idx] || seen[idx] {
				t.Fatalf("version %d: module (%d, %d) is a function module or placed twice", v, int(idx)%size(v), int(idx)/size(v))
			}
			seen[idx] = true
		}
		for i := range fn {
			if !fn[i] && !seen[i] {
				t.Fatalf("version %d: module (%d, %d) holds no codeword bit", v, i%size(v), i/size(v))
			}
		}
		if len(ml.order) != 8*ml.words {
			t.Errorf("version %d: %d modules for %d codewords", v, len(ml.order), ml.words)
		}
	}
}

// model1Stream returns the data codewords of a Model 1 symbol holding text
// in byte mode after the optional header bits: the four leading 0 bits, the
// segments, the terminator and the pad codewords.
func model1Stream(t *testing.T, text string, version int, level Level, header func(*qrfamily.BitWriter)) []byte {
	t.Helper()
	b := model1Blocks(version, level)
	capBytes := b.Count * b.Data
	w := qrfamily.BitWriter{}
	w.Write(0, 4)
	if header != nil {
		header(&w)
	}
	w.Write(uint32(modeByte), 4)
	w.Write(uint32(len(text)), countBits(modeByte, versionClass(version)))
	for i := range len(text) {
		w.Write(uint32(text[i]), 8)
	}
	if w.Len() > 8*capBytes {
		t.Fatalf("%q does not fit version %d-%v", text, version, level)
	}
	w.Write(0, min(4, 8*capBytes-w.Len()))
	w.Flush()
	out := w.Bytes()
	for i := 0; len(out) < capBytes; i++ {
		out = append(out, [2]byte{0xEC, 0x11}[i%2])
	}
	return out
}

// buildModel1 makes a Model 1 symbol from its data codewords: it adds each
// block's error correction codewords, places the codeword sequence (data,
// error correction, remainder) with a mask pattern and draws the function
// patterns and format information.
func buildModel1(version int, level Level, mask int, data []byte) *matrix.Matrix {
	b := model1Blocks(version, level)
	ml := getModel1Layout(version)
	words := make([]byte, ml.words)
	copy(words, data)
	for i := range b.Count {
		ec := words[b.Count*b.Data+i*b.EC:][:b.EC]
		reedsolomon.QR.Encode(data[i*b.Data:(i+1)*b.Data], ec)
	}
	n := size(version)
	m := matrix.New(n, n)
	for k, idx := range ml.order {
		m.Pix[idx] = (words[k/8]^ml.flip[mask][k/8])&(0x80>>(k%8)) != 0
	}
	fn, dark := model1Function(version)
	for i := range fn {
		if fn[i] {
			m.Pix[i] = dark[i]
		}
	}
	w := formatWord(level, mask) ^ formatMask ^ model1FormatMask
	for c := range 2 {
		for i, p := range getLayout(version).formatPos[c] {
			m.Pix[p] = w>>i&1 != 0
		}
	}
	return m
}

func TestModel1RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		version int
		level   Level
	}{
		{1, L}, {1, H}, {2, M}, {3, Q}, {4, H}, {5, H}, {6, M}, {7, H},
		{8, L}, {9, Q}, {10, H}, {11, M}, {12, H}, {13, L}, {14, Q}, {14, H},
	} {
		b := model1Blocks(c.version, c.level)
		// Fill the symbol: the byte count and terminator take 3 or 4 bytes.
		textLen := b.Count*b.Data - 3
		if c.version >= 10 {
			textLen--
		}
		var sb strings.Builder
		for range textLen {
			sb.WriteByte(byte('a' + rng.IntN(26)))
		}
		text := sb.String()
		mask := rng.IntN(8)
		data := model1Stream(t, text, c.version, c.level, nil)
		m := buildModel1(c.version, c.level, mask, data)
		name := strconv.Itoa(c.version) + "-" + c.level.String() + " mask " + strconv.Itoa(mask)

		// Errors in every block, up to its correction capacity, in the
		// corner modules too.
		dam := m.Clone()
		ml := getModel1Layout(c.version)
		perBlock := b.EC / 2
		for i := range b.Count {
			for e := range perBlock {
				// A data codeword of block i, never the first one of the
				// symbol, whose corner is damaged below.
				k := i*b.Data + b.Data - 1 - e*b.Data/perBlock
				if e%2 == 1 {
					k = b.Count*b.Data + i*b.EC + e // an error correction codeword
				}
				idx := ml.order[8*k+rng.IntN(8)]
				dam.Pix[idx] = !dam.Pix[idx]
			}
		}
		dam.Pix[len(dam.Pix)-1] = !dam.Pix[len(dam.Pix)-1] // the bottom-right corner

		for _, tc := range []struct {
			name     string
			m        *matrix.Matrix
			mirrored bool
		}{{"clean", m, false}, {"damaged", dam, false}, {"mirrored", m.Transpose(), true}} {
			bc, err := Decode(tc.m)
			if err != nil {
				t.Errorf("%s %s: %v", name, tc.name, err)
				continue
			}
			if bc.Text != text || bc.Identifier != "]Q0" || bc.Version != strconv.Itoa(c.version) ||
				bc.ECLevel != c.level.String() || bc.Mirrored != tc.mirrored || bc.Symbology != "qr" {
				t.Errorf("%s %s: %q %s version %s level %s mirrored %v", name, tc.name, bc.Text, bc.Identifier, bc.Version, bc.ECLevel, bc.Mirrored)
			}
		}
	}
}

// TestModel1Invalid checks what a Model 1 symbol cannot hold: ECI and FNC1
// modes, and anything but 0 in the four leading bits.
func TestModel1Invalid(t *testing.T) {
	for _, c := range []struct {
		name   string
		header func(*qrfamily.BitWriter)
	}{
		{"ECI", func(w *qrfamily.BitWriter) { w.Write(uint32(modeECI), 4); w.Write(26, 8) }},
		{"FNC1 first", func(w *qrfamily.BitWriter) { w.Write(uint32(modeFNC1First), 4) }},
		{"FNC1 second", func(w *qrfamily.BitWriter) { w.Write(uint32(modeFNC1Second), 4); w.Write(37, 8) }},
	} {
		m := buildModel1(3, M, 2, model1Stream(t, "text", 3, M, c.header))
		if _, err := Decode(m); !errors.Is(err, symbology.ErrFormat) {
			t.Errorf("%s: %v, want a format error", c.name, err)
		}
	}
	data := model1Stream(t, "text", 3, M, nil)
	data[0] |= 0x50
	if _, err := Decode(buildModel1(3, M, 2, data)); !errors.Is(err, symbology.ErrFormat) {
		t.Errorf("leading bits 0101: %v, want a format error", err)
	}
}

// TestModel1AmbiguousFormat damages the format information of a Model 1
// symbol until it lies nearer a Model 2 word than the code can tell apart,
// and checks that the reader still gets the Model 1 reading, whose blocks
// correct, and that random modules under valid format information of
// either model read as nothing.
func TestModel1AmbiguousFormat(t *testing.T) {
	const version, level, mask = 4, Q, 5
	m := buildModel1(version, level, mask, model1Stream(t, "ambiguous format", version, level, nil))
	w1 := formatWord(level, mask) ^ formatMask ^ model1FormatMask
	// The Model 2 word nearest to w1, and w1 moved 2 bits towards it.
	var w2 uint32
	best := 16
	for _, w := range formatWords {
		if d := bits.OnesCount64(uint64(w ^ w1)); d < best {
			w2, best = w, d
		}
	}
	if best != 5 {
		t.Fatalf("nearest Model 2 word %d bits away, want 5", best)
	}
	diff, moved := w1^w2, w1
	for range 2 {
		low := diff & -diff
		moved ^= low
		diff ^= low
	}
	l := getLayout(version)
	for c := range 2 {
		for i, p := range l.formatPos[c] {
			m.Pix[p] = moved>>i&1 != 0
		}
	}
	if _, _, d := decodeFormat(moved); d != 3 {
		t.Fatalf("damaged format word %d bits from Model 2, want 3", d)
	}
	if bc, err := Decode(m); err != nil || bc.Text != "ambiguous format" || bc.Identifier != "]Q0" {
		t.Errorf("ambiguous format: %q %s %v", bc.Text, bc.Identifier, err)
	}

	// False positives: random data under each model's format information.
	rng := rand.New(rand.NewPCG(3, 4))
	found := 0
	for i := range 2000 {
		v := 1 + i%maxModel1Version
		n := size(v)
		r := matrix.New(n, n)
		for j := range r.Pix {
			r.Pix[j] = rng.IntN(2) == 0
		}
		fw := formatWords[rng.IntN(32)]
		if i%2 == 0 {
			// A complete Model 1 frame around the random modules.
			fw ^= formatMask ^ model1FormatMask
			fn, dark := model1Function(v)
			for j := range fn {
				if fn[j] {
					r.Pix[j] = dark[j]
				}
			}
		}
		for c := range 2 {
			for k, p := range getLayout(v).formatPos[c] {
				r.Pix[p] = fw>>k&1 != 0
			}
		}
		if bc, err := Decode(r); err == nil {
			found++
			t.Logf("random %d×%d modules read as %q", n, n, bc.Text)
		}
	}
	if found > 0 {
		t.Errorf("%d of 2000 random symbols decoded", found)
	}
}

// TestModel1Extensions checks that a Model 1 symbol reads with a quarter of
// its extension pattern modules wrong, and not with more.
func TestModel1Extensions(t *testing.T) {
	const version = 5 // 2 extension patterns per edge, 32 modules
	m := buildModel1(version, L, 3, model1Stream(t, "extension patterns", version, L, nil))
	n := m.Width
	var ext []int
	for d := 8; d <= 4*version; d += 8 {
		for i := range 4 {
			y := n - 1 - d - i
			ext = append(ext, y*n+n-1, y*n+n-2, (n-1)*n+y, (n-2)*n+y)
		}
	}
	for k, idx := range ext {
		m.Pix[idx] = !m.Pix[idx]
		bc, err := Decode(m)
		if ok := 4*(k+1) <= len(ext); ok != (err == nil) {
			t.Errorf("%d of %d extension modules wrong: %q, %v", k+1, len(ext), bc.Text, err)
		}
	}
}

// TestModel1Corpus reads the Model 1 symbols of the reference corpus
// (../../../shared/corpus/zxing-cpp/qrcode-2, skipped when absent) at the
// four rotations, in both modes.
func TestModel1Corpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "zxing-cpp", "qrcode-2")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("corpus absent:", err)
	}
	for _, c := range []struct {
		file, level, version string
	}{
		{"qr-model-1.png", "M", "2"},
		{"#940.png", "H", "5"},
	} {
		b, err := os.ReadFile(filepath.Join(dir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(c.file, ".png")+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := imageio.DecodeBytes(b, imageio.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := binarize.Luminance(img)
		for rot := 0; rot < 360; rot += 90 {
			for _, fast := range []bool{false, true} {
				res := readGray(g, fast, 0)
				if len(res) != 1 || res[0].Text != string(want) || res[0].Identifier != "]Q0" ||
					res[0].ECLevel != c.level || res[0].Version != c.version {
					t.Errorf("%s rotated %d° (fast %v): %+v", c.file, rot, fast, res)
				}
			}
			g = rotate90(g)
		}
	}
}

// rotate90 returns g turned 90° clockwise.
func rotate90(g *image.Gray) *image.Gray {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	r := image.NewGray(image.Rect(0, 0, h, w))
	for y := range h {
		for x := range w {
			r.Pix[x*r.Stride+h-1-y] = g.Pix[y*g.Stride+x]
		}
	}
	return r
}

// FuzzModel1 decodes Model 1 symbols whose codewords are arbitrary bytes
// under valid format information: Decode must not panic, and what it reads
// must be a Model 1 result.
func FuzzModel1(f *testing.F) {
	f.Add(byte(2), byte(0), []byte("\x04\x0aModel 1 fuzz"))
	f.Add(byte(5), byte(0x1f), []byte{0x02, 0x10, 0xc0, 0xb0, 0xbb, 0x3d})
	f.Add(byte(14), byte(7), []byte{})
	f.Fuzz(func(t *testing.T, v, lm byte, data []byte) {
		version := 1 + int(v)%maxModel1Version
		level, mask := Level(lm>>3&3), int(lm&7)
		b := model1Blocks(version, level)
		words := make([]byte, b.Count*b.Data)
		copy(words, data)
		bc, err := Decode(buildModel1(version, level, mask, words))
		if err == nil && (bc.Identifier != "]Q0" || bc.Version != strconv.Itoa(version)) {
			t.Errorf("version %d read as %s version %s", version, bc.Identifier, bc.Version)
		}
	})
}
