package reedsolomon

import (
	"slices"
	"testing"
)

// Worked examples from the symbologies' standards.
var goldenTests = []struct {
	name     string
	field    *Field
	data, ec []byte
}{
	{
		// ISO/IEC 18004:2015 Annex I: "01234567" as version 1-M. The
		// last check codeword is 01010101 = 85.
		name:  "QR 1-M 01234567",
		field: QR,
		data:  []byte{16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17},
		ec:    []byte{165, 36, 212, 193, 237, 54, 199, 135, 44, 85},
	},
	{
		// "HELLO WORLD" as version 1-M, the widely published tutorial
		// example (thonky.com QR Code Tutorial, "Error Correction Coding").
		name:  "QR 1-M HELLO WORLD",
		field: QR,
		data:  []byte{32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17},
		ec:    []byte{196, 35, 39, 119, 235, 215, 231, 226, 93, 23},
	},
	{
		// ISO/IEC 16022:2006 worked example: "123456" in a 10x10 symbol.
		name:  "DataMatrix 10x10 123456",
		field: DataMatrix,
		data:  []byte{142, 164, 186},
		ec:    []byte{114, 25, 5, 88, 102},
	},
}

func TestGolden(t *testing.T) {
	for _, tt := range goldenTests {
		t.Run(tt.name, func(t *testing.T) {
			ec := make([]byte, len(tt.ec))
			tt.field.Encode(tt.data, ec)
			if !slices.Equal(ec, tt.ec) {
				t.Errorf("Encode = %v, want %v", ec, tt.ec)
			}
			ints := make([]int, len(tt.ec))
			tt.field.EncodeInts(toInts(tt.data), ints)
			if !slices.Equal(ints, toInts(tt.ec)) {
				t.Errorf("EncodeInts = %v, want %v", ints, tt.ec)
			}
			block := append(slices.Clone(tt.data), tt.ec...)
			n, err := tt.field.Decode(block, len(tt.ec), nil)
			if n != 0 || err != nil {
				t.Errorf("Decode(codeword) = %d, %v; want 0, nil", n, err)
			}
			// Damage as many symbols as the code corrects.
			for i := 0; i < len(tt.ec)/2; i++ {
				block[i*3%len(block)] ^= byte(0x5A + i)
			}
			n, err = tt.field.Decode(block, len(tt.ec), nil)
			if want := append(slices.Clone(tt.data), tt.ec...); err != nil || !slices.Equal(block, want) {
				t.Errorf("Decode(damaged) = %d, %v, block %v; want %v", n, err, block, want)
			}
		})
	}
}

func toInts(b []byte) []int {
	s := make([]int, len(b))
	for i, v := range b {
		s[i] = int(v)
	}
	return s
}

// TestPDF417Golden checks the PDF417 worked example of ISO/IEC 15438: the
// text "PDF417" at error correction level 1 gives the data codewords
// 5 453 178 121 239 and the check codewords 452 327 657 619.
func TestPDF417Golden(t *testing.T) {
	data := []int{5, 453, 178, 121, 239}
	want := []int{452, 327, 657, 619}
	ec := make([]int, 4)
	PDF417.EncodeInts(data, ec)
	if !slices.Equal(ec, want) {
		t.Fatalf("EncodeInts = %v, want %v", ec, want)
	}
	block := append(slices.Clone(data), want...)
	good := slices.Clone(block)
	if n, err := PDF417.DecodeInts(block, 4, nil); n != 0 || err != nil {
		t.Errorf("DecodeInts(codeword) = %d, %v", n, err)
	}
	block[1], block[7] = 0, 928
	if n, err := PDF417.DecodeInts(block, 4, nil); n != 2 || err != nil || !slices.Equal(block, good) {
		t.Errorf("DecodeInts(2 errors) = %d, %v, %v; want 2, nil, %v", n, err, block, good)
	}
	block[0], block[2], block[8] = 1, 2, 3
	if n, err := PDF417.DecodeInts(block, 4, []int{0, 2}); n != 3 || err != nil || !slices.Equal(block, good) {
		t.Errorf("DecodeInts(2 erasures, 1 error) = %d, %v, %v; want 3, nil, %v", n, err, block, good)
	}
}

// TestPDF417Generator checks the generator polynomials against the
// coefficient tables of ISO/IEC 15438:2001 Annex F for error correction
// levels 0 to 2, listed there from a_0, the constant term, upwards.
func TestPDF417Generator(t *testing.T) {
	for level, want := range [][]int{
		{27, 917},
		{522, 568, 723, 809},
		{237, 308, 436, 284, 646, 653, 428, 379},
	} {
		n := len(want)
		neg := PDF417.negGenerator(n)
		got := make([]int, n)
		for j := range n {
			// neg holds -g highest degree first; a_j is at n-1-j.
			if v := int(neg[n-1-j]); v != 2*928 {
				got[j] = PDF417.Sub(0, PDF417.Exp(v))
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("level %d: generator coefficients %v, want %v", level, got, want)
		}
	}
}
