package qrfamily

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

func TestBits(t *testing.T) {
	var w BitWriter
	fields := [][2]int{{5, 3}, {0, 1}, {1023, 10}, {1, 1}, {0xABCDE, 20}, {7, 4}}
	for _, f := range fields {
		w.Write(uint32(f[0]), f[1])
	}
	w.Flush()
	if w.Len() != 39 || len(w.Bytes()) != 5 {
		t.Fatalf("%d bits in %d bytes", w.Len(), len(w.Bytes()))
	}
	r := NewBitReader(w.Bytes(), w.Len())
	for _, f := range fields {
		if p := r.Peek(f[1]); p != f[0] {
			t.Errorf("Peek(%d) = %d, want %d", f[1], p, f[0])
		}
		if v := r.Read(f[1]); v != f[0] {
			t.Errorf("Read(%d) = %d, want %d", f[1], v, f[0])
		}
	}
	if r.Left() != 0 || r.Read(8) != 0 {
		t.Errorf("past the end: %d left", r.Left())
	}
}

// microDialect is Micro QR Code M3's dialect (ISO/IEC 18004:2015 Tables 2
// and 3): 2-bit mode indicators, and a 7-bit terminator that reads as an
// empty numeric segment.
var microDialect = Dialect{Symbology: "test", ModeBits: 2, Modes: []Mode{Numeric, Alnum, Byte, Kanji}, TermBits: 7,
	Count: [NumModes]int{Numeric: 5, Alnum: 4, Byte: 4, Kanji: 3}, NoECI: true}

// rmqrDialect is rMQR Code R11x43's (ISO/IEC 23941:2022 Tables 2 and 3).
var rmqrDialect = Dialect{Symbology: "test", ModeBits: 3, TermBits: 3,
	Modes: []Mode{Terminator, Numeric, Alnum, Byte, Kanji, FNC1First, FNC1Second, ECI},
	Count: [NumModes]int{Numeric: 6, Alnum: 5, Byte: 5, Kanji: 4}}

// TestStreamDialects writes texts in the segmentation Segment finds and
// parses them back, in a dialect of each kind, with the terminator and
// padding Pad writes, which PaddingOK accepts.
func TestStreamDialects(t *testing.T) {
	for _, d := range []*Dialect{&microDialect, &rmqrDialect} {
		hdr := Headers(d)
		for _, text := range []string{"", "1", "123456", "HELLO 12", "ab", "漢字", "A1漢b"} {
			var tx Text
			if _, err := tx.Prepare(text, TextOptions{Symbology: "test", NoECI: d.NoECI, MaxUnits: 20}); err != nil {
				t.Fatal(err)
			}
			var sg Segmenter
			n, segs := sg.Segment(tx.Units, &hdr, nil)
			var w BitWriter
			for _, s := range segs {
				if err := tx.WriteSegment(&w, s, d); err != nil {
					t.Fatal(err)
				}
			}
			if w.Len() != n {
				t.Errorf("%q: wrote %d bits, Segment counted %d", text, w.Len(), n)
			}
			capBits := (n+d.TermBits+12)/8*8 + 4 // a last 4-bit codeword, as Micro QR M1 and M3 have
			Pad(&w, capBits, d)
			p, err := Parse(w.Bytes(), capBits, d)
			if err != nil {
				t.Errorf("%q: %v", text, err)
				continue
			}
			var got []byte
			for _, s := range p.Segments {
				got = append(got, s.Bytes...)
			}
			if p.End != n || !bytes.Equal(got, tx.Bytes) && text != "漢字" && text != "A1漢b" {
				t.Errorf("%q: parsed % x ending at %d, want % x ending at %d", text, got, p.End, tx.Bytes, n)
			}
			if !PaddingOK(w.Bytes(), capBits, p, d) {
				t.Errorf("%q: padding % x refused", text, w.Bytes())
			}
			b := append([]byte(nil), w.Bytes()...)
			b[len(b)-1] ^= 0x10
			if PaddingOK(b, capBits, p, d) {
				t.Errorf("%q: bad padding % x accepted", text, b)
			}
		}
	}
}

// bruteForce returns the fewest bits over every assignment of a mode to
// each unit, charging each run of one mode as a segment.
func bruteForce(units []Unit, hdr [NumModes]int) int {
	modes := []Mode{Numeric, Alnum, Byte, Kanji}
	caps := []uint8{CapNumeric, CapAlnum, CapByte, CapKanji}
	n := len(units)
	assign := make([]int, n)
	best := -1
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			bits := 0
			for s := 0; s < n; {
				e, chars := s, 0
				for e < n && assign[e] == assign[s] {
					switch modes[assign[s]] {
					case Alnum:
						chars += int(units[e].Alnum)
					case Byte:
						chars += int(units[e].N)
					default:
						chars++
					}
					e++
				}
				bits += hdr[modes[assign[s]]]
				switch modes[assign[s]] {
				case Numeric:
					bits += 10*(chars/3) + []int{0, 4, 7}[chars%3]
				case Alnum:
					bits += 11*(chars/2) + 6*(chars%2)
				case Byte:
					bits += 8 * chars
				case Kanji:
					bits += 13 * chars
				}
				s = e
			}
			if best < 0 || bits < best {
				best = bits
			}
			return
		}
		for m := range modes {
			if units[i].Caps&caps[m] != 0 && hdr[modes[m]] >= 0 {
				assign[i] = m
				rec(i + 1)
			}
		}
	}
	rec(0)
	return best
}

// TestSegmentOptimal compares the dynamic programming segmentation with a
// brute-force search, in the Micro QR Code and rMQR Code dialects (QR
// Code's segment_test.go does the same in its own).
func TestSegmentOptimal(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"0", "12", "345", "A", "BC", " ", "a", "bc", "漢", "."}
	for range 300 {
		var s string
		for len([]rune(s)) < 2+r.IntN(8) {
			s += pieces[r.IntN(len(pieces))]
		}
		for _, d := range []*Dialect{&microDialect, &rmqrDialect} {
			var tx Text
			if _, err := tx.Prepare(s, TextOptions{Symbology: "test", NoECI: d.NoECI, MaxUnits: 40}); err != nil {
				t.Fatal(err)
			}
			if len(tx.Units) > 11 {
				continue
			}
			hdr := Headers(d)
			var sg Segmenter
			got, _ := sg.Segment(tx.Units, &hdr, nil)
			if want := bruteForce(tx.Units, hdr); got != want {
				t.Errorf("%q: %d bits, brute force %d", s, got, want)
			}
		}
	}
	// A mode the dialect lacks is not used, and a unit only it holds
	// makes the text unencodable.
	hdr := Headers(&microDialect)
	hdr[Byte] = -1
	var tx Text
	tx.Prepare("ab", TextOptions{Symbology: "test", MaxUnits: 9})
	var sg Segmenter
	if n, segs := sg.Segment(tx.Units, &hdr, nil); n < infBits || len(segs) != 0 {
		t.Errorf("byte data without byte mode: %d bits, %v", n, segs)
	}
}

func TestParseErrors(t *testing.T) {
	for _, data := range [][]byte{{0b11_000_000}, {0b10_1111_00, 0}} { // kanji of 0 then junk; byte count 15, truncated
		if _, err := Parse(data, -1, &microDialect); err != nil && !errors.Is(err, symbology.ErrFormat) {
			t.Errorf("% x: error %v", data, err)
		}
	}
	if _, err := Parse([]byte{0b111_11111, 0xff}, -1, &rmqrDialect); !errors.Is(err, ErrStream) {
		t.Errorf("bad ECI designator: %v", err)
	}
}

func TestBlocks(t *testing.T) {
	b := SplitBlocks(85, 53, 2) // rMQR Code R13x77-M
	if b.Count != 2 || b.EC != 16 || b.Short != 1 || b.Data != 26 || b.DataLen(1) != 27 || b.Start(1) != 42 {
		t.Fatalf("blocks %+v", b)
	}
	data := make([]byte, 53)
	for i := range data {
		data[i] = byte(i * 7)
	}
	words := make([]byte, 85)
	Interleave(words, data, b, make([]byte, 32), reedsolomon.QR.Encode)
	for _, maxFix := range []int{-1, 2} {
		w := append([]byte(nil), words...)
		w[0] ^= 1
		w[2] ^= 1 // both in block 0
		got, err := Correct("test", w, b, maxFix)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("maxFix %d: % x, %v", maxFix, got, err)
		}
	}
	w := append([]byte(nil), words...)
	w[0] ^= 1
	w[2] ^= 1
	if _, err := Correct("test", w, b, 1); !errors.Is(err, symbology.ErrChecksum) {
		t.Errorf("2 errors with maxFix 1: %v", err)
	}
}

func TestBCH(t *testing.T) {
	// QR Code's format word for level M, mask 0 (ISO/IEC 18004:2015
	// Annex C) before its XOR mask, and version 7's version word (Annex D).
	if got := BCH(0, 0x537, 10) ^ 0x5412; got != 0x5412 {
		t.Errorf("format word %#x", got)
	}
	if got := BCH(7, 0x1F25, 12); got != 0x07C94 {
		t.Errorf("version word %#x", got)
	}
	words := []uint32{0b1111, 0b0000, 0b1010}
	if i, d := Nearest(words, 0b1000); i != 1 || d != 1 {
		t.Errorf("Nearest = %d, %d", i, d)
	}
}

func TestPlacement(t *testing.T) {
	for _, c := range []struct{ w, h, skip int }{{11, 11, -1}, {21, 21, 6}, {43, 7, 42}} {
		fn := make([]bool, c.w*c.h)
		for x := range c.w {
			fn[x] = x%5 == 0 // some function modules
		}
		col := c.skip
		if col < 0 {
			col = 0 // Micro QR Code's timing column, which the pairs of columns never reach
		}
		for y := range c.h {
			fn[y*c.w+col] = true
		}
		order := Placement(c.w, c.h, fn, c.skip)
		seen := make([]bool, c.w*c.h)
		for _, i := range order {
			if fn[i] || seen[i] {
				t.Fatalf("%+v: module %d placed twice or on a function module", c, i)
			}
			seen[i] = true
		}
		for i := range seen {
			if !seen[i] && !fn[i] {
				t.Errorf("%+v: module %d not placed", c, i)
			}
		}
		if first := int(order[0]); first != (c.h-1)*c.w+c.w-1 && c.skip != c.w-1 || c.skip == c.w-1 && first != (c.h-1)*c.w+c.w-2 {
			t.Errorf("%+v: placement starts at module %d", c, first)
		}
	}
}

func TestFitAffine(t *testing.T) {
	want := detect.Transform{2, 0.5, 10, -0.3, 3, 20, 0, 0, 1}
	var as []Anchor
	for _, m := range []detect.Point{{X: 0, Y: 0}, {X: 7, Y: 0}, {X: 0, Y: 7}, {X: 30, Y: 2}, {X: 5, Y: 9}} {
		as = append(as, Anchor{m, want.Apply(m)})
	}
	got, ok := FitAffine(as)
	if !ok {
		t.Fatal("no fit")
	}
	for _, a := range as {
		if d := got.Apply(a.Module).Dist(a.Image); d > 1e-9 {
			t.Errorf("%v off by %g", a.Module, d)
		}
	}
	if _, ok := FitAffine(as[:2]); ok {
		t.Error("fit to two points")
	}
	line := []Anchor{{detect.Point{X: 0}, detect.Point{}}, {detect.Point{X: 1}, detect.Point{X: 1}}, {detect.Point{X: 2}, detect.Point{X: 2}}}
	if _, ok := FitAffine(line); ok {
		t.Error("fit to collinear points")
	}
}

// TestFindRun finds the dark runs of a drawn edge row where a grid a
// fraction of a module off puts them.
func TestFindRun(t *testing.T) {
	const module = 4
	m := matrix.New(30*module, 12*module)
	for x := 2; x < 28; x += 2 {
		m.SetRect(x*module, 2*module, module, module, true) // row 2, below a quiet zone
	}
	m.SetRect(2*module, 3*module, 26*module, module, true) // dark data below
	truth := detect.Transform{module, 0, 0, 0, module, 0, 0, 0, 1}
	off := detect.Transform{module * 1.005, 0.02, 1.5, 0.01, module * 0.99, -1.8, 0, 0, 1}
	for x := 2; x < 28; x += 2 {
		r := EdgeRun{Mid: detect.Point{X: float64(x) + 0.5, Y: 2.5}, Along: detect.Point{X: 1}, Out: detect.Point{Y: -1}, Len: 1}
		p, ok := FindRun(m, off, r)
		if !ok {
			t.Errorf("run %d not found", x)
			continue
		}
		if d := p.Dist(truth.Apply(r.Mid)); d > 0.6 {
			t.Errorf("run %d at %v, want %v", x, p, truth.Apply(r.Mid))
		}
	}
}
