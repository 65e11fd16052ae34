package pdf417

import (
	"slices"
	"testing"

	"github.com/barkit/barkit/reedsolomon"
)

// TestGeneratorCoefficients checks the check codewords of the data
// polynomial 1, which are the coefficients of the generator polynomial
// g(x) = (x-3)(x-3²)…(x-3^k), against the tables the standards print,
// lowest degree first: for PDF417 k = 2, 4 and 8 (ISO/IEC 15438:2015 Annex
// F), and for MicroPDF417 k = 7 and 9 (ISO/IEC 24728:2006 Annex F).
func TestGeneratorCoefficients(t *testing.T) {
	tests := [][]int{
		{27, 917},
		{522, 568, 723, 809},
		{237, 308, 436, 284, 646, 653, 428, 379},
		{76, 925, 537, 597, 784, 691, 437},
		{567, 527, 622, 257, 289, 362, 501, 441, 205},
	}
	for _, coef := range tests {
		ec := make([]int, len(coef))
		reedsolomon.PDF417.EncodeInts([]int{1}, ec)
		slices.Reverse(ec)
		if !slices.Equal(ec, coef) {
			t.Errorf("k = %d: coefficients %v, want %v", len(coef), ec, coef)
		}
	}
}

// TestRowIndicators checks that the row indicators of every row of every
// shape and level give back the row, the rows, the columns and the level,
// as the reader takes them apart.
func TestRowIndicators(t *testing.T) {
	for rows := minRows; rows <= maxRows; rows++ {
		for cols := 1; cols <= maxColumns; cols += 7 {
			for level := 0; level <= maxLevel; level += 4 {
				if rows*cols > maxCodewords {
					continue
				}
				var ris []indicator
				for r := range rows {
					left, right := rowIndicators(r, rows, cols, level)
					k := r % 3
					ris = append(ris, indicator{v: float64(r) + 0.5, value: left, cluster: k, left: true},
						indicator{v: float64(r) + 0.5, value: right, cluster: k})
					for _, ri := range ris[len(ris)-2:] {
						if ri.row() != r || ri.value > 928 {
							t.Fatalf("%dx%d level %d row %d: indicator %d gives row %d", cols, rows, level, r, ri.value, ri.row())
						}
					}
				}
				sh, _, _, ok := shapeFromIndicators(ris)
				if !ok || sh != (shape{cols, rows, level}) {
					t.Fatalf("%dx%d level %d: indicators give %+v", cols, rows, level, sh)
				}
			}
		}
	}
}

// TestSymbolLengthDescriptor checks that the first codeword counts the
// data codewords, itself and the padding included (ISO/IEC 15438:2015
// §5.2.3), and that padding comes before a Macro PDF417 control block.
func TestSymbolLengthDescriptor(t *testing.T) {
	c, err := Encode("ABC", Options{Columns: 2, Rows: 10, Level: 3, Macro: &Macro{FileID: "001"}})
	if err != nil {
		t.Fatal(err)
	}
	n := len(c.Codewords) - c.ECCodewords
	if c.Codewords[0] != n || n != 20-8 {
		t.Errorf("length descriptor %d, %d data codewords", c.Codewords[0], n)
	}
	// ABC (A B | C pad), padding, 928 111 100 1.
	want := []int{n, 1, 2*30 + valPS, latchText, latchText, latchText, latchText, latchText, macroBegin, 111, 100, 1}
	if !slices.Equal(c.Codewords[:n], want) {
		t.Errorf("data codewords %v, want %v", c.Codewords[:n], want)
	}
}
