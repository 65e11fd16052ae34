package datamatrix

import (
	"fmt"

	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// addEC returns the data codewords followed by the error correction
// codewords of a format. The larger formats split their codewords into
// interleaved blocks: codeword i belongs to block i mod Blocks, in the data
// and in the check codewords alike, and each block has EC/Blocks check
// codewords of the Reed–Solomon code over GF(256) with the polynomial
// x^8+x^5+x^3+x^2+1 and generator base 1 (ISO/IEC 16022:2006 §5.7).
//
// The 144×144 symbol, whose 1558 data codewords do not divide evenly among
// its 10 blocks, gets its check codewords dealt on from where the data
// stopped (block 8 first), not from the first block again as §5.7.2 reads:
// the de facto layout that most encoders write and most readers expect
// (zint's default, zxing; see zxing-cpp issue #259), unless iso is set.
// Decode reads both.
func addEC(s Size, data []byte, iso bool) []byte {
	out := make([]byte, s.Data+s.EC)
	copy(out, data)
	nb := s.Blocks
	ecPer := s.EC / nb
	off := s.Data % nb // 8 for 144×144, 0 for the others
	if iso {
		off = 0
	}
	block := make([]byte, 0, s.blockData(0))
	ec := make([]byte, ecPer)
	for b := range nb {
		block = block[:0]
		for i := b; i < s.Data; i += nb {
			block = append(block, data[i])
		}
		reedsolomon.DataMatrix.Encode(block, ec)
		for j, c := range ec {
			out[s.Data+(b-off+nb)%nb+j*nb] = c
		}
	}
	return out
}

// correct corrects the codewords read from a symbol in place, block by
// block, and returns the data codewords and the number of codewords it
// changed. erased marks codewords known to be unreadable (nil for none).
//
// With continuous set, the check codewords are taken as dealt on from where
// the data codewords stopped, not from the first block again: the de facto
// layout of the 144×144 symbol (see addEC). For the other formats both
// layouts are the same.
func correct(s Size, words []byte, erased []bool, continuous bool) ([]byte, int, error) {
	nb := s.Blocks
	ecPer := s.EC / nb
	block := make([]byte, 0, s.blockData(0)+ecPer)
	var idx []int // codeword index of each block position
	var erasures []int
	fixed := 0
	for b := range nb {
		block, idx, erasures = block[:0], idx[:0], erasures[:0]
		for i := b; i < s.Data; i += nb {
			block = append(block, words[i])
			idx = append(idx, i)
		}
		for j := range ecPer {
			i := s.Data + b + j*nb
			if continuous {
				// Codeword p of the whole stream goes to block p mod nb.
				off := s.Data % nb
				i = s.Data + (b-off+nb)%nb + j*nb
			}
			block = append(block, words[i])
			idx = append(idx, i)
		}
		if erased != nil {
			for k, i := range idx {
				if erased[i] {
					erasures = append(erasures, k)
				}
			}
			if len(erasures) > ecPer {
				erasures = erasures[:0] // too many to help: plain decoding
			}
		}
		n, err := reedsolomon.DataMatrix.Decode(block, ecPer, erasures)
		if err != nil {
			return nil, 0, fmt.Errorf("datamatrix: %w: block %d of %d: %w", symbology.ErrChecksum, b+1, nb, err)
		}
		fixed += n
		for k, i := range idx {
			words[i] = block[k]
		}
	}
	return words[:s.Data], fixed, nil
}
