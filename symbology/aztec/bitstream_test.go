package aztec

import (
	"errors"
	"testing"

	"github.com/barkit/barkit/symbology"
)

// codes writes a bit stream of (value, bits) codes.
func codes(cs ...[2]int) []byte {
	w := &bitWriter{}
	for _, c := range cs {
		w.write(c[0], c[1])
	}
	return w.bits
}

// TestBitstream reads hand-made bit streams with every kind of code of
// Table 2, and the identifiers, FNC1 positions and headers they make.
func TestBitstream(t *testing.T) {
	const (
		u5 = 5
		d4 = 4
	)
	for _, tc := range []struct {
		name   string
		bits   []byte
		header bool
		text   string
		id     string
		seq    symbology.Sequence
		err    error
	}{
		{name: "upper", bits: codes([2]int{2, u5}, [2]int{3, u5}, [2]int{1, u5}), text: "AB ", id: "]z0"},
		{name: "lower latch, upper shift", bits: codes([2]int{codeLL, u5}, [2]int{2, u5}, [2]int{codeUS, u5}, [2]int{2, u5}, [2]int{3, u5}), text: "aAb", id: "]z0"},
		{name: "digit latch, shifts", bits: codes([2]int{codeDL, u5}, [2]int{3, d4}, [2]int{12, d4}, [2]int{codeDigitUS, d4}, [2]int{26, u5}, [2]int{codePS, d4}, [2]int{3, u5}, [2]int{4, d4}), text: "1,Y. 2", id: "]z0"},
		{name: "mixed and punct latches", bits: codes([2]int{codeML, u5}, [2]int{20, u5}, [2]int{codePL, u5}, [2]int{2, u5}, [2]int{6, u5}, [2]int{codePunctUL, u5}, [2]int{2, u5}), text: "@\r\n!A", id: "]z0"},
		{name: "binary shift", bits: codes([2]int{codeBS, u5}, [2]int{2, u5}, [2]int{0x00, 8}, [2]int{0xff, 8}, [2]int{2, u5}), text: "\x00ÿA", id: "]z0"},
		{name: "long binary shift", bits: append(codes([2]int{codeBS, u5}, [2]int{0, u5}, [2]int{1, 11}), make([]byte, 8*32)...), text: string(make([]byte, 32)), id: "]z0"},
		// D/L U/S B/S: the bytes return to Upper, the mode B/S was read
		// in (aztec-1/dlusbs.png; zxing issue 642).
		{name: "U/S B/S", bits: codes([2]int{codeDL, u5}, [2]int{5, d4}, [2]int{codeDigitUS, d4}, [2]int{codeBS, u5}, [2]int{1, u5}, [2]int{'h', 8}, [2]int{10, u5}), text: "3hI", id: "]z0"},
		{name: "gs1", bits: codes([2]int{codePS, u5}, [2]int{codeFLG, u5}, [2]int{0, 3}, [2]int{codeDL, u5}, [2]int{2, d4}, [2]int{3, d4}), text: "01", id: "]z1"},
		{name: "fnc1 after a letter", bits: codes([2]int{2, u5}, [2]int{codePS, u5}, [2]int{codeFLG, u5}, [2]int{0, 3}, [2]int{3, u5}), text: "AB", id: "]z2"},
		{name: "fnc1 after two digits", bits: codes([2]int{codeDL, u5}, [2]int{3, d4}, [2]int{4, d4}, [2]int{codePS, d4}, [2]int{codeFLG, u5}, [2]int{0, 3}, [2]int{5, d4}), text: "123", id: "]z2"},
		{name: "fnc1 later", bits: codes([2]int{2, u5}, [2]int{3, u5}, [2]int{codePS, u5}, [2]int{codeFLG, u5}, [2]int{0, 3}, [2]int{4, u5}), text: "AB\x1dC", id: "]z0"},
		{name: "eci", bits: codes([2]int{codePS, u5}, [2]int{codeFLG, u5}, [2]int{2, 3}, [2]int{4, d4}, [2]int{8, d4}, [2]int{codeBS, u5}, [2]int{2, u5}, [2]int{0xc3, 8}, [2]int{0xa9, 8}), text: "é", id: "]z3"},
		{name: "append", header: true, bits: codes([2]int{codeML, u5}, [2]int{codeUL, u5}, [2]int{1, u5}, [2]int{27, u5}, [2]int{1, u5}, [2]int{3, u5}, [2]int{5, u5}, [2]int{2, u5}), text: "A", id: "]z6", seq: symbology.Sequence{Index: 1, Count: 4, ID: "Z"}},
		{name: "padding", bits: codes([2]int{2, u5}, [2]int{31, u5}, [2]int{3, 3}), text: "A", id: "]z0"},
		{name: "flg 7", bits: codes([2]int{codePS, u5}, [2]int{codeFLG, u5}, [2]int{7, 3}, [2]int{2, u5}), err: symbology.ErrFormat},
		{name: "eci digit", bits: codes([2]int{codePS, u5}, [2]int{codeFLG, u5}, [2]int{1, 3}, [2]int{15, d4}), err: symbology.ErrFormat},
		{name: "short run", bits: codes([2]int{codeBS, u5}, [2]int{3, u5}, [2]int{0, 8}, [2]int{0, 8}, [2]int{0, 3}), err: symbology.ErrFormat},
	} {
		p, err := decodeBits(tc.bits)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("%s: %v, want %v", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		bc := p.barcode(tc.header || isAppendHeader(tc.bits))
		if bc.Text != tc.text || bc.Identifier != tc.id || bc.Sequence != tc.seq {
			t.Errorf("%s: %q %s %+v, want %q %s %+v", tc.name, bc.Text, bc.Identifier, bc.Sequence, tc.text, tc.id, tc.seq)
		}
	}
}

// TestDecodeDamage checks that a symbol reads with the orientation marks
// maxMarkErrors modules wrong, and with as many codewords wrong as its
// check codewords correct.
func TestDecodeDamage(t *testing.T) {
	c, err := Encode("Damaged but readable, 0123456789", Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := c.Modules.Clone()
	cen := m.Width / 2
	marks := orientationMarks(c.Size.Compact)
	for _, p := range marks[:maxMarkErrors] {
		m.Flip(cen+p[0], cen+p[1])
	}
	// One module of each of CheckWords/2 codewords, from the outermost
	// layer in.
	pos := c.Size.dataModules()
	b := c.Size.WordBits()
	skip := len(pos) - c.Size.Codewords()*b
	for i := range c.CheckWords / 2 {
		m.Pix[pos[skip+i*b]] = !m.Pix[pos[skip+i*b]]
	}
	bc, err := Decode(m)
	if err != nil || bc.Text != "Damaged but readable, 0123456789" {
		t.Errorf("damaged symbol: %q, %v", bc.Text, err)
	}
}
