package maxicode

import (
	"fmt"

	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// Error correction (ISO/IEC 16023:2000 §4.4): Reed–Solomon codes over
// GF(64) with the primitive polynomial x^6+x+1 and generator roots α^1 to
// α^n (reedsolomon.MaxiCode). The primary message is one block of 10 data
// and 10 check codewords. The secondary message is two interleaved blocks,
// of its odd-numbered and of its even-numbered codewords: 2×(42+20) with
// standard error correction, 2×(34+28) with enhanced (mode 5).

// secondaryShape returns the data and check codewords of the secondary
// message for a mode: enhanced error correction in mode 5, standard
// otherwise.
func secondaryShape(mode int) (data, check int) {
	if mode == 5 {
		return enhancedData, numCodewords - primaryWords - enhancedData
	}
	return secondaryData, numCodewords - primaryWords - secondaryData
}

// addCheck fills in the check codewords of cw, whose data codewords (the
// primary message's first 10, and the secondary message's first n for the
// mode) are set.
func addCheck(cw *[numCodewords]byte, mode int) {
	reedsolomon.MaxiCode.Encode(cw[:primaryData], cw[primaryData:primaryWords])
	nd, nc := secondaryShape(mode)
	sec := cw[primaryWords:]
	var data [secondaryData / 2]byte
	var check [(numCodewords - primaryWords - enhancedData) / 2]byte
	for b := range 2 {
		for i := range nd / 2 {
			data[i] = sec[2*i+b]
		}
		reedsolomon.MaxiCode.Encode(data[:nd/2], check[:nc/2])
		for i := range nc / 2 {
			sec[nd+2*i+b] = check[i]
		}
	}
}

// correctPrimary corrects the primary message in place; erased marks
// codewords known to be unreadable.
func correctPrimary(cw *[numCodewords]byte, erased *[numCodewords]bool) error {
	var block [primaryWords]byte
	var er []int
	for i := range primaryWords {
		block[i] = cw[i]
		if erased != nil && erased[i] {
			er = append(er, i)
		}
	}
	if _, err := reedsolomon.MaxiCode.Decode(block[:], primaryWords-primaryData, er); err != nil {
		return fmt.Errorf("maxicode: %w: primary message: %w", symbology.ErrChecksum, err)
	}
	copy(cw[:primaryWords], block[:])
	return nil
}

// correctSecondary corrects the secondary message of a symbol of the mode
// in place.
func correctSecondary(cw *[numCodewords]byte, erased *[numCodewords]bool, mode int) error {
	nd, nc := secondaryShape(mode)
	n := (nd + nc) / 2
	sec := cw[primaryWords:]
	var block [(numCodewords - primaryWords) / 2]byte
	var er []int
	for b := range 2 {
		er = er[:0]
		for i := range n {
			block[i] = sec[2*i+b]
			if erased != nil && erased[primaryWords+2*i+b] {
				er = append(er, i)
			}
		}
		if _, err := reedsolomon.MaxiCode.Decode(block[:n], nc/2, er); err != nil {
			return fmt.Errorf("maxicode: %w: secondary message: %w", symbology.ErrChecksum, err)
		}
		for i := range n {
			sec[2*i+b] = block[i]
		}
	}
	return nil
}
