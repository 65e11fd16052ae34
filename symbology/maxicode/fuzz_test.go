package maxicode

import (
	"errors"
	"image"
	"testing"
	"unicode/utf8"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// FuzzDecodeCodewords decodes arbitrary data codewords: the first byte
// picks the mode, the rest are the data codewords, given their check
// codewords so that the bit stream, not error correction, decides.
// Decode must not panic, errors must be typed, and whatever decodes
// without ECI in modes 4-6 must encode again to a symbol that reads the
// same.
func FuzzDecodeCodewords(f *testing.F) {
	for _, p := range []string{"HELLO", "abc\x00é", "123456789012"} {
		c, err := Encode(p, Options{})
		if err != nil {
			f.Fatal(err)
		}
		cw := codewordsOf(c.Modules)
		f.Add(append([]byte{4}, cw[1:primaryData]...))
	}
	f.Add([]byte{2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 31, 63, 63, 63, 63, 63})
	f.Add([]byte{5, 27, 63, 63, 63})
	f.Add([]byte{6, 33, 0x3f, 62, 62, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 {
			return
		}
		mode := 2 + int(b[0])%5
		var cw [numCodewords]byte
		var stream []int
		if mode == 2 || mode == 3 {
			for i := range primaryData {
				if 1+i < len(b) {
					cw[i] = b[1+i] & 63
				}
			}
			cw[0] = cw[0]&^15 | byte(mode)
			b = b[min(len(b), 1+primaryData):]
		} else {
			cw[0] = byte(mode)
			for i := 1; i < primaryData; i++ {
				stream = append(stream, i)
			}
			b = b[1:]
		}
		nd, _ := secondaryShape(mode)
		for i := range nd {
			stream = append(stream, primaryWords+i)
		}
		for i, k := range stream {
			if i < len(b) {
				cw[k] = b[i] & 63
			} else {
				cw[k] = valPad
			}
		}
		addCheck(&cw, mode)
		bc, err := decodeCodewords(&cw, nil)
		if err != nil {
			if !errors.Is(err, symbology.ErrFormat) && !errors.Is(err, symbology.ErrChecksum) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if bc.Segments != nil || mode < 4 || !utf8.ValidString(bc.Text) {
			return
		}
		c, err := Encode(bc.Text, Options{Mode: mode, Append: Append{Index: bc.Sequence.Index, Count: bc.Sequence.Count}})
		if err != nil {
			return // e.g. text that needs an ECI and no longer fits
		}
		again, err := Decode(c.Modules)
		if err != nil || again.Text != bc.Text {
			t.Fatalf("%q: re-encoded reads %q, %v", bc.Text, again.Text, err)
		}
	})
}

// FuzzDecodeMatrix decodes arbitrary modules: Decode must not panic and
// must return typed errors.
func FuzzDecodeMatrix(f *testing.F) {
	c, _ := Encode("MATRIX", Options{})
	seed := make([]byte, (Rows*Cols+7)/8)
	for i, d := range c.Modules.Pix {
		if d {
			seed[i/8] |= 1 << (i % 8)
		}
	}
	f.Add(seed)
	f.Add([]byte{0xff, 0x00})
	f.Fuzz(func(t *testing.T, b []byte) {
		m := matrix.New(Cols, Rows)
		for i := range m.Pix {
			if i/8 < len(b) {
				m.Pix[i] = b[i/8]>>(i%8)&1 == 1
			}
		}
		if _, err := Decode(m); err != nil && !errors.Is(err, symbology.ErrFormat) && !errors.Is(err, symbology.ErrChecksum) {
			t.Fatalf("untyped error %v", err)
		}
	})
}

// FuzzEncode encodes arbitrary text in each mode with arbitrary options:
// either a typed error, or a symbol that reads the same text (in modes 2
// and 3, after the structured carrier message).
func FuzzEncode(f *testing.F) {
	for _, p := range loadPayloads(f) {
		f.Add(p, byte(0), 0)
	}
	f.Add("12345\x1d840\x1d001\x1dX", byte(2), 0)
	f.Add("Ελλη", byte(4), 9)
	f.Fuzz(func(t *testing.T, text string, mode byte, eci int) {
		o := Options{Mode: []int{0, 2, 3, 4, 5, 6}[int(mode)%6], ECI: eci % 1000}
		c, err := Encode(text, o)
		if err != nil {
			if !errors.Is(err, symbology.ErrInvalidData) && !errors.Is(err, symbology.ErrTooLong) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("%q %+v: %v", text, o, err)
		}
		if c.Mode == 2 || c.Mode == 3 {
			// The carrier message comes back padded and in the
			// standard's order: check that it is one.
			if _, _, ok := SplitCarrier(bc.Text, false); !ok {
				if _, _, ok := SplitCarrier(bc.Text, true); !ok {
					t.Fatalf("%q %+v: read %q, no carrier message", text, o, bc.Text)
				}
			}
			return
		}
		if bc.Text != text {
			t.Fatalf("%q %+v: read %q", text, o, bc.Text)
		}
	})
}

// FuzzRead reads arbitrary small grey images: no panic.
func FuzzRead(f *testing.F) {
	c, _ := Encode("FUZZ", Options{})
	img := renderCode(f, c, 2)
	f.Add(img.Rect.Dx(), img.Pix)
	f.Add(8, make([]byte, 64))
	f.Fuzz(func(t *testing.T, w int, pix []byte) {
		if w <= 0 || w > 256 || len(pix) < w || len(pix) > 1<<16 {
			return
		}
		h := len(pix) / w
		g := &image.Gray{Pix: pix[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}
		read(t, g, symbology.ReadOptions{})
	})
}
