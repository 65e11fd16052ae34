package maxicode

import (
	"os"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
)

// goldenCases are symbols zint 2.11.1 wrote (testdata/zint-*.txt, see
// testdata/README), with the data and options that make barkit write the
// same modules.
var goldenCases = []struct {
	file string
	data string
	opts Options
	text string // what a reader returns
}{
	{"zint-mode4-text.txt", "Wikipedia, the free encyclopedia", Options{}, "Wikipedia, the free encyclopedia"},
	{"zint-mode4-digits.txt", "123456789012345678", Options{}, "123456789012345678"},
	{"zint-mode5.txt", "ENHANCED ERROR CORRECTION 42", Options{Mode: 5}, "ENHANCED ERROR CORRECTION 42"},
	{"zint-mode6.txt", "READER PROGRAMMING", Options{Mode: 6}, "READER PROGRAMMING"},
	{"zint-mode2.txt", "[)>\x1e01\x1d96ABC", Options{Mode: 2, Carrier: Carrier{PostalCode: "152382802", Country: 840, Service: 1}},
		"[)>\x1e01\x1d96152382802\x1d840\x1d001\x1dABC"},
	{"zint-mode3.txt", "SECONDARY", Options{Mode: 3, Carrier: Carrier{PostalCode: "B1050", Country: 56, Service: 999}},
		"B1050 \x1d056\x1d999\x1dSECONDARY"},
	{"zint-append.txt", "SEQ", Options{Append: Append{Index: 1, Count: 3}}, "SEQ"},
}

// TestGolden checks barkit's symbols against zint's, module for module,
// and reads zint's: the module sequence (Figure 5), the orientation
// modules, the structured carrier message (modes 2 and 3), structured
// append, and the Reed–Solomon check codewords over GF(64) of every mode
// agree with an independent encoder's.
func TestGolden(t *testing.T) {
	for _, g := range goldenCases {
		data, err := os.ReadFile("testdata/" + g.file)
		if err != nil {
			t.Fatal(err)
		}
		want, err := matrix.Parse(string(data))
		if err != nil {
			t.Fatalf("%s: %v", g.file, err)
		}
		c, err := Encode(g.data, g.opts)
		if err != nil {
			t.Fatalf("%s: %v", g.file, err)
		}
		if !c.Modules.Equal(want) {
			t.Errorf("%s: barkit writes\n%v\nzint wrote\n%v", g.file, c.Modules, want)
		}
		bc, err := Decode(want)
		if err != nil || bc.Text != g.text {
			t.Errorf("%s: read %q, %v; want %q", g.file, bc.Text, err, g.text)
		}
	}
}

// TestReedSolomon checks the check codewords of symbols in every mode
// against the code the standard defines (§4.4): over GF(64) with x^6+x+1,
// each block's codeword polynomial vanishes at α^1 … α^n, n its number of
// check codewords: 10 for the primary message, 20 for each half of the
// secondary message with standard error correction, 28 with enhanced.
func TestReedSolomon(t *testing.T) {
	f := reedsolomon.MaxiCode
	// α is the class of x: α^6 = α + 1.
	if f.Exp(6) != 0b000011 || f.Exp(63) != 1 {
		t.Fatalf("GF(64): α^6 = %#b, α^63 = %d", f.Exp(6), f.Exp(63))
	}
	eval := func(block []byte, x int) int {
		v := 0
		for _, c := range block {
			v = f.Mul(v, x) ^ int(c)
		}
		return v
	}
	for _, mode := range []int{2, 4, 5, 6} {
		o := Options{Mode: mode}
		if mode == 2 {
			o.Carrier = Carrier{PostalCode: "12345", Country: 840, Service: 1}
		}
		c, err := Encode("REED SOLOMON 0123456789 abc", o)
		if err != nil {
			t.Fatal(err)
		}
		cw := codewordsOf(c.Modules)
		blocks := map[string][]byte{"primary": cw[:primaryWords]}
		for b := range 2 {
			var blk []byte
			for i := b; i < numCodewords-primaryWords; i += 2 {
				blk = append(blk, cw[primaryWords+i])
			}
			blocks[[]string{"odd", "even"}[b]] = blk
		}
		_, nc := secondaryShape(mode)
		checks := map[string]int{"primary": 10, "odd": nc / 2, "even": nc / 2}
		for name, blk := range blocks {
			for k := 1; k <= checks[name]; k++ {
				if v := eval(blk, f.Exp(k)); v != 0 {
					t.Errorf("mode %d, %s block: codeword polynomial at α^%d = %d", mode, name, k, v)
				}
			}
		}
	}
}

// TestCorrection spoils codewords of a symbol and reads it: up to the
// Reed–Solomon bound it reads, with erasures marked it reads twice as
// many.
func TestCorrection(t *testing.T) {
	c, err := Encode("ERROR CORRECTION", Options{})
	if err != nil {
		t.Fatal(err)
	}
	clean := codewordsOf(c.Modules)
	// 5 errors in the primary message (10 check codewords), 10 in each
	// half of the secondary (20 each).
	cw := clean
	for _, i := range []int{0, 3, 7, 11, 19} {
		cw[i] ^= 0x2a
	}
	for i := 0; i < 20; i++ {
		cw[primaryWords+5*i] ^= 0x15
	}
	bc, err := decodeCodewords(&cw, nil)
	if err != nil || bc.Text != "ERROR CORRECTION" {
		t.Fatalf("errors: %q, %v", bc.Text, err)
	}
	// Twice as many erasures.
	cw = clean
	var erased [numCodewords]bool
	for i := 0; i < 10; i++ {
		cw[i*2] = 0
		erased[i*2] = true
	}
	for i := 0; i < 40; i++ {
		cw[primaryWords+i*3] ^= 0x3f
		erased[primaryWords+i*3] = true
	}
	bc, err = decodeCodewords(&cw, &erased)
	if err != nil || bc.Text != "ERROR CORRECTION" {
		t.Fatalf("erasures: %q, %v", bc.Text, err)
	}
	// One error too many in the primary message.
	cw = clean
	for i := range 6 {
		cw[i*3] ^= 1
	}
	if _, err := decodeCodewords(&cw, nil); err == nil {
		t.Error("6 errors in the primary message corrected")
	}
}
