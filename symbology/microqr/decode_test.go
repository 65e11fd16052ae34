package microqr

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// roundTripTexts are texts of every mode and mixes of them, each tried in
// every version and level that holds it.
var roundTripTexts = []string{
	"", "0", "12345", "0123456789", "12345678901234567890123", "12345678901234567890123456789012345",
	"A", "HELLO", "ABC-123", "$%*+-./:", "HELLO WORLD 12345",
	"a", "hello", "Hello, World", "mixed 1234 ABCD x",
	"漢", "漢字", "誠の字", "ABC漢字123",
	"é", "Grüße", "日本語テキスト", "😀",
	"\x00\x01\x7f",
}

func TestRoundTrip(t *testing.T) {
	n := 0
	for _, text := range roundTripTexts {
		for v := M1; v <= M4; v++ {
			for l := L; l <= Q; l++ {
				c, err := Encode(text, Options{Version: v, Level: l})
				if err != nil {
					continue
				}
				n++
				for _, mirrored := range []bool{false, true} {
					m := c.Modules
					if mirrored {
						m = m.Transpose()
					}
					bc, err := Decode(m)
					name := fmt.Sprintf("%q %v-%v mirrored %v", text, v, l, mirrored)
					if err != nil {
						t.Errorf("%s: %v", name, err)
						continue
					}
					if bc.Text != text || bc.Version != v.String() || bc.ECLevel != l.String() || bc.Mirrored != mirrored ||
						bc.Identifier != "]Q1" || bc.Symbology != "micro-qr" {
						t.Errorf("%s: read %+v", name, bc)
					}
				}
			}
		}
	}
	if n < 60 {
		t.Errorf("only %d symbols", n)
	}
}

// TestRoundTripBinary writes bytes as they are.
func TestRoundTripBinary(t *testing.T) {
	for _, data := range []string{"\x00\xff\x80", "\xc3\x28", "ABC\x1d123"} {
		c, err := Encode(data, Options{Binary: true})
		if err != nil {
			t.Fatal(err)
		}
		bc, err := Decode(c.Modules)
		if err != nil || string(bc.Bytes) != data {
			t.Errorf("% x: read % x, %v", data, bc.Bytes, err)
		}
	}
}

// TestCorrection checks that each symbol corrects as many codeword errors
// as the standard allows, (ec-p)/2 (Table 9), and refuses one more.
func TestCorrection(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for num, s := range symbols {
		c, err := Encode("1", Options{Version: s.version, Level: s.level})
		if err != nil {
			t.Fatal(err)
		}
		fix := (s.ec - s.protect) / 2
		l := getLayout(s.version)
		for errs := 0; errs <= fix+1; errs++ {
			m := c.Modules.Clone()
			// Flip one bit of each of errs distinct whole codewords
			// (the first 8-bit codewords), in the placement order.
			for _, k := range r.Perm(s.data - 1)[:min(errs, s.data-1)] {
				idx := l.order[8*k+r.IntN(8)]
				m.Pix[idx] = !m.Pix[idx]
			}
			_, err := Decode(m)
			switch {
			case errs <= fix && err != nil:
				t.Errorf("symbol %d (%v-%v), %d errors: %v", num, s.version, s.level, errs, err)
			case errs > fix && err == nil && errs <= s.data-1:
				t.Errorf("symbol %d (%v-%v), %d errors: decoded, beyond the %d it may correct", num, s.version, s.level, errs, fix)
			}
		}
	}
}

// TestM1Padding checks that an M1 symbol whose padding is not the
// prescribed one is refused: its two check codewords only detect errors,
// and the padding is what a chance pattern rarely has.
func TestM1Padding(t *testing.T) {
	c, err := Encode("1", Options{Version: M1})
	if err != nil {
		t.Fatal(err)
	}
	good := codewords(c)[:3] // 001 0001 000 00000 0000: count, digit, terminator, padding
	if good[2] != 0 {
		t.Fatalf("M1 data % x", good)
	}
	bad := []byte{good[0], good[1], 0x10} // the last, 4-bit codeword 0001
	if _, err := Decode(place(symbols[0], bad, 0).Modules); !errors.Is(err, symbology.ErrFormat) {
		t.Errorf("M1 with bad padding: error %v, want ErrFormat", err)
	}
	if bc, err := Decode(place(symbols[0], good, 0).Modules); err != nil || bc.Text != "1" {
		t.Errorf("M1: read %q, %v", bc.Text, err)
	}
}

func TestDecodeBadMatrix(t *testing.T) {
	for _, m := range []*matrix.Matrix{nil, matrix.New(0, 0), matrix.New(11, 13), matrix.New(12, 12), matrix.New(19, 19), matrix.New(11, 11)} {
		if _, err := Decode(m); !errors.Is(err, symbology.ErrFormat) {
			t.Errorf("%v: error %v, want ErrFormat", m, err)
		}
	}
}

// FuzzDecode decodes arbitrary module matrices: Decode must not panic, and
// whatever decodes must encode again and decode to the same bytes.
func FuzzDecode(f *testing.F) {
	for _, text := range []string{"12345", "HELLO", "hello", "漢字"} {
		c, _ := Encode(text, Options{})
		f.Add(uint8(c.Modules.Width), packBits(c.Modules.Pix))
	}
	f.Fuzz(func(t *testing.T, n uint8, bits []byte) {
		size := 11 + 2*int(n%4)
		m := matrix.New(size, size)
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
			return // a segmentation the encoder would not choose may fit where its own does not
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
	for _, s := range []string{"", "1", "HELLO", "hello", "漢字", "\xff", strings.Repeat("9", 40)} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, text string, o uint8) {
		opts := Options{Level: Level(o % 3), Version: Version(o / 3 % 5)}
		c, err := Encode(text, opts)
		if err != nil {
			if !errors.Is(err, symbology.ErrTooLong) && !errors.Is(err, symbology.ErrInvalidData) {
				t.Errorf("Encode(%q, %+v): untyped error %v", text, opts, err)
			}
			return
		}
		bc, err := Decode(c.Modules)
		if err != nil || bc.Text != text {
			t.Errorf("Encode(%q, %+v) read back %q, %v", text, opts, bc.Text, err)
		}
	})
}
