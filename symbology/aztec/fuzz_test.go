package aztec

import (
	"bytes"
	"errors"
	"math"
	"testing"
	"unicode/utf8"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// FuzzDecodeMatrix decodes arbitrary data codewords and module matrices.
// The first byte picks a size (or a rune), the second the mode message's
// data codeword count; the rest are the symbol's codewords (placed as the
// encoder places them, so that their error correction decides) or, when
// the count byte is odd, its modules row by row. Decode must not panic,
// and whatever it decodes must encode again to a symbol that decodes to
// the same bytes.
func FuzzDecodeMatrix(f *testing.F) {
	for _, g := range goldens {
		c, err := Encode(g.data, g.opts)
		if err != nil {
			f.Fatal(err)
		}
		seed := []byte{0, byte(2 * c.DataWords)}
		for i, s := range sizes {
			if s == c.Size {
				seed[0] = byte(i)
			}
		}
		for _, dark := range c.Modules.Pix {
			seed = append(seed, map[bool]byte{false: 0, true: 1}[dark])
		}
		f.Add(seed)
	}
	f.Add([]byte{255, 1, 0xff, 0x00, 0xaa})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 2 {
			return
		}
		var m *matrix.Matrix
		if int(b[0]) >= len(sizes) {
			m = matrix.New(11, 11)
			for i := range m.Pix {
				if k := 2 + i; k < len(b) {
					m.Pix[i] = b[k]&1 == 1
				}
			}
		} else {
			s := sizes[b[0]]
			if b[1]%2 == 0 {
				words := make([]int, s.Codewords())
				for i := range words {
					if k := 2 + 2*i; k+1 < len(b) {
						words[i] = (int(b[k])<<8 | int(b[k+1])) & (1<<s.WordBits() - 1)
					}
				}
				data := max(1, min(int(b[1])/2, s.Codewords()-1, s.maxData(false)))
				m = build(s, words[:data], false).Modules
			} else {
				m = matrix.New(s.Side(), s.Side())
				for i := range m.Pix {
					if k := 2 + i/8; k < len(b) {
						m.Pix[i] = b[k]>>(i%8)&1 == 1
					}
				}
			}
		}
		bc, err := Decode(m)
		if err != nil {
			if !errors.Is(err, symbology.ErrFormat) && !errors.Is(err, symbology.ErrChecksum) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if bc.Symbology == "aztec-rune" || bc.GS1 || bc.ReaderInit || bc.Sequence.Count > 0 || len(bc.Segments) > 0 {
			return // structure the bytes do not show
		}
		c, err := Encode(string(bc.Bytes), Options{Binary: true})
		if err != nil {
			if errors.Is(err, symbology.ErrTooLong) {
				return // a symbol at low error correction may not fit at the default
			}
			t.Fatalf("re-encoding %q: %v", bc.Bytes, err)
		}
		again, err := Decode(c.Modules)
		if err != nil || string(again.Bytes) != string(bc.Bytes) {
			t.Fatalf("%q re-encoded reads %q, %v", bc.Bytes, again.Bytes, err)
		}
	})
}

// FuzzEncode encodes arbitrary data with options taken from the first
// byte. Encode must give a symbol that decodes to the data, or a typed
// error.
func FuzzEncode(f *testing.F) {
	for _, g := range goldens {
		f.Add(byte(0), g.data)
	}
	f.Add(byte(1), "\x00\x80\xff")
	f.Add(byte(2), "0109506000134352\x1d10ABC")
	f.Add(byte(4), "$I")
	f.Add(byte(8), "part")
	f.Fuzz(func(t *testing.T, opt byte, data string) {
		if len(data) > 3000 {
			return
		}
		o := Options{
			Binary:     opt&1 != 0,
			GS1:        opt&2 != 0,
			ReaderInit: opt&4 != 0,
			ECPercent:  []int{0, 5, 23, 50, 95}[int(opt>>5)%5],
		}
		if opt&8 != 0 {
			o.Append = Append{Index: 1, Count: 3, ID: "ID"}
		}
		if opt&16 != 0 {
			o.Size = sizes[int(opt>>5)%len(sizes)]
		}
		c, err := Encode(data, o)
		if err != nil {
			if !errors.Is(err, symbology.ErrInvalidData) && !errors.Is(err, symbology.ErrTooLong) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("Encode(%q, %+v) does not decode: %v", data, o, err)
		}
		want := data
		if o.GS1 {
			want = string(bc.Bytes) // the element string, FNC1 as GS
			if want != data {
				t.Fatalf("GS1 %q read as %q", data, want)
			}
			return
		}
		if o.Binary && string(bc.Bytes) != want || !o.Binary && bc.Text != want {
			t.Fatalf("Encode(%q, %+v) reads %q / %q", data, o, bc.Text, bc.Bytes)
		}
		if bc.ReaderInit != o.ReaderInit || bc.Sequence.Count != o.Append.Count {
			t.Fatalf("flags: %+v", bc)
		}
	})
}

// maxFuzzPixels caps the images FuzzRead decodes: large enough for a
// symbol of 151 modules at two pixels each, small enough for many runs a
// second.
const maxFuzzPixels = 400 * 400

// FuzzRead reads arbitrary image bytes (PNG and the other formats package
// imageio decodes) for Aztec symbols. It must not panic, and every symbol
// it reports must have valid UTF-8 text, corners inside the image's
// neighbourhood, and content that decodes the same when written again.
func FuzzRead(f *testing.F) {
	for i, g := range goldens {
		c, err := Encode(g.data, g.opts)
		if err != nil {
			f.Fatal(err)
		}
		var b bytes.Buffer
		if err := render.PNG(&b, symbol("aztec", c), render.Options{Scale: 1 + i%3}); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, _, err := imageio.DecodeBytes(data, imageio.Options{MaxPixels: maxFuzzPixels})
		if err != nil {
			return
		}
		bounds := img.Bounds()
		for _, bc := range read(binarize.NewSource(img), symbology.ReadOptions{}) {
			if !utf8.ValidString(bc.Text) {
				t.Fatalf("invalid UTF-8 %q", bc.Text)
			}
			for _, p := range bc.Corners {
				if math.IsNaN(p.X) || math.IsNaN(p.Y) || p.X < -float64(bounds.Dx()) || p.X > 2*float64(bounds.Dx()) || p.Y < -float64(bounds.Dy()) || p.Y > 2*float64(bounds.Dy()) {
					t.Fatalf("corner %v far outside a %v image", p, bounds)
				}
			}
		}
	})
}
