package rmqr

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// TestRoundTrip encodes texts of every mode and mixes of them in every
// size and level that holds them and decodes them, straight and mirrored.
func TestRoundTrip(t *testing.T) {
	texts := []string{"", "7", "0123456789", "HELLO WORLD", "hello", "Mixed 123 CASE abc", "漢字", "ABC漢字123", "Grüße", "😀 ok"}
	n := 0
	for s := Size(1); s <= NumSizes; s++ {
		for l := M; l <= H; l++ {
			for _, text := range texts {
				c, err := Encode(text, Options{Size: s, Level: l})
				if err != nil {
					continue
				}
				n++
				for _, mirrored := range []bool{false, true} {
					m := c.Modules
					if mirrored {
						m = flipRows(m)
					}
					bc, err := Decode(m)
					name := fmt.Sprintf("%q %v-%v mirrored %v", text, s, l, mirrored)
					if err != nil {
						t.Errorf("%s: %v", name, err)
						continue
					}
					if bc.Text != text || bc.Version != s.String() || bc.ECLevel != l.String() || bc.Mirrored != mirrored || bc.Symbology != "rmqr" {
						t.Errorf("%s: read %+v", name, bc)
					}
				}
			}
		}
	}
	if n < 300 {
		t.Errorf("only %d symbols", n)
	}
}

// TestECIAndGS1 checks the ECI designators and FNC1 in first position,
// and the symbology identifiers they give (]Q2, ]Q3).
func TestECIAndGS1(t *testing.T) {
	tests := []struct {
		text    string
		opts    Options
		id      string
		content symbology.ContentType
	}{
		{"Grüße", Options{}, "]Q1", symbology.Text},                   // ISO-8859-1 no reader guesses is other: no designator
		{"Straße, Bär", Options{}, "]Q2", symbology.Text},             // ISO-8859-1 that is valid Shift_JIS: a designator
		{"Привет мир", Options{ECI: eci.UTF8}, "]Q2", symbology.Text}, // forced UTF-8
		{"0109506000134352\x1d10AB-1", Options{GS1: true}, "]Q3", symbology.GS1},
		{"plain", Options{}, "]Q1", symbology.Text},
	}
	for _, tt := range tests {
		c, err := Encode(tt.text, tt.opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		if string(bc.Bytes) != tt.text && !tt.opts.GS1 && tt.opts.ECI == 0 && tt.id == "]Q1" && tt.text != "Grüße" {
			t.Errorf("%q: bytes %q", tt.text, bc.Bytes)
		}
		if bc.Identifier != tt.id || bc.ContentType != tt.content || (tt.opts.GS1 != bc.GS1) {
			t.Errorf("%q: %s %s GS1 %v", tt.text, bc.Identifier, bc.ContentType, bc.GS1)
		}
		if !tt.opts.GS1 && bc.Text != tt.text {
			t.Errorf("%q: text %q", tt.text, bc.Text)
		}
		if tt.opts.GS1 && bc.Text != "(01)09506000134352(10)AB-1" {
			t.Errorf("GS1 text %q", bc.Text)
		}
	}
}

// TestCorrection checks that a symbol is read with as many codewords of a
// block wrong as its check codewords correct, half of them.
func TestCorrection(t *testing.T) {
	for _, s := range []Size{5, 12, 32} {
		for l := M; l <= H; l++ {
			c, err := Encode("fix", Options{Size: s, Level: l})
			if err != nil {
				t.Fatal(err)
			}
			b := blocks(s, l)
			lay := getLayout(s)
			m := c.Modules.Clone()
			// The interleaved codewords of block 0 are every b.Count-th:
			// flip a bit in b.EC/2 of them.
			for j := range b.EC / 2 {
				idx := lay.order[8*j*b.Count]
				m.Pix[idx] = !m.Pix[idx]
			}
			if bc, err := Decode(m); err != nil || bc.Text != "fix" {
				t.Errorf("%v-%v with %d errors: %q, %v", s, l, b.EC/2, bc.Text, err)
			}
		}
	}
}

func TestDecodeBadMatrix(t *testing.T) {
	for _, m := range []*matrix.Matrix{nil, matrix.New(0, 0), matrix.New(43, 8), matrix.New(27, 7), matrix.New(43, 7)} {
		if _, err := Decode(m); !errors.Is(err, symbology.ErrFormat) {
			t.Errorf("%v: error %v, want ErrFormat", m, err)
		}
	}
}

// FuzzDecode decodes arbitrary module matrices of every size: Decode must
// not panic, and whatever decodes must encode again and decode to the
// same bytes.
func FuzzDecode(f *testing.F) {
	for _, text := range []string{"12345", "HELLO", "hello", "漢字"} {
		c, _ := Encode(text, Options{})
		f.Add(uint8(c.Size), packBits(c.Modules.Pix))
	}
	f.Fuzz(func(t *testing.T, n uint8, bits []byte) {
		s := Size(n%NumSizes + 1)
		m := matrix.New(s.Width(), s.Height())
		for i := range m.Pix {
			if i/8 < len(bits) {
				m.Pix[i] = bits[i/8]&(0x80>>(i%8)) != 0
			}
		}
		bc, err := Decode(m)
		if err != nil {
			return
		}
		c, err := Encode(string(bc.Bytes), Options{Binary: true})
		if err != nil {
			return
		}
		bc2, err := Decode(c.Modules)
		if err != nil || string(bc2.Bytes) != string(bc.Bytes) {
			t.Errorf("re-encoded % x read % x, %v", bc.Bytes, bc2.Bytes, err)
		}
	})
}

func packBits(pix []bool) []byte {
	b := make([]byte, (len(pix)+7)/8)
	for i, v := range pix {
		if v {
			b[i/8] |= 0x80 >> (i % 8)
		}
	}
	return b
}

// FuzzEncode encodes arbitrary text: Encode must not panic, and what it
// encodes must decode to the same text, or it gives a typed error.
func FuzzEncode(f *testing.F) {
	for _, s := range []string{"", "1", "HELLO", "hello", "漢字", "\xff", strings.Repeat("9", 400)} {
		f.Add(s, uint8(0), false)
	}
	f.Fuzz(func(t *testing.T, text string, o uint8, gs1 bool) {
		opts := Options{Level: Level(o % 2), Height: []int{0, 7, 9, 11, 13, 15, 17}[o/2%7], GS1: gs1}
		c, err := Encode(text, opts)
		if err != nil {
			if !errors.Is(err, symbology.ErrTooLong) && !errors.Is(err, symbology.ErrInvalidData) {
				t.Errorf("Encode(%q, %+v): untyped error %v", text, opts, err)
			}
			return
		}
		bc, err := Decode(c.Modules)
		if err != nil || (!gs1 && bc.Text != text) || (gs1 && string(bc.Bytes) != text) {
			t.Errorf("Encode(%q, %+v) read back %q, %v", text, opts, bc.Text, err)
		}
	})
}
