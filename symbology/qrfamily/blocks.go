package qrfamily

import (
	"fmt"

	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// Blocks describes the Reed–Solomon blocks of one symbol: Count blocks
// with EC check codewords each, the first Short of them holding Data data
// codewords and the rest Data+1 (ISO/IEC 18004:2015 §7.5.2; ISO/IEC
// 23941:2022 §7.5.2 splits rMQR Code's the same way).
type Blocks struct {
	Count, EC, Short, Data int
}

// SplitBlocks returns the blocks of a symbol of total codewords, data of
// them data codewords, in count blocks: the check codewords are shared
// equally, and the longer blocks come last.
func SplitBlocks(total, data, count int) Blocks {
	ec := (total - data) / count
	long := data % count
	return Blocks{Count: count, EC: ec, Short: count - long, Data: data / count}
}

// DataLen returns the number of data codewords of block i.
func (b Blocks) DataLen(i int) int {
	if i >= b.Short {
		return b.Data + 1
	}
	return b.Data
}

// Start returns the offset of block i when the blocks are stored one
// after another, data then error correction codewords.
func (b Blocks) Start(i int) int {
	long := max(i-b.Short, 0)
	return i*(b.Data+b.EC) + long
}

// Interleave arranges the data codewords of a symbol into blocks, computes
// each block's error correction codewords with ecc, and writes the final
// codeword sequence into out (§7.6): the data codewords of all blocks taken
// column by column (the shorter blocks having no codeword in the last
// column), then the error correction codewords likewise. ecBuf is scratch of
// at least b.Count*b.EC bytes.
func Interleave(out, data []byte, b Blocks, ecBuf []byte, ecc func(data, ec []byte)) {
	ecBuf = ecBuf[:b.Count*b.EC]
	off := 0
	for i := range b.Count {
		nd := b.DataLen(i)
		ecc(data[off:off+nd], ecBuf[i*b.EC:(i+1)*b.EC])
		off += nd
	}
	k := 0
	for col := 0; col <= b.Data; col++ {
		off := 0
		for i := range b.Count {
			nd := b.DataLen(i)
			if col < nd {
				out[k] = data[off+col]
				k++
			}
			off += nd
		}
	}
	for col := range b.EC {
		for i := range b.Count {
			out[k] = ecBuf[i*b.EC+col]
			k++
		}
	}
}

// Deinterleave is the inverse of Interleave's placement: it splits the
// codeword sequence of a symbol into blocks, each block's data codewords
// followed by its error correction codewords, written consecutively into
// blocksOut (len(words) bytes). Block i starts at b.Start(i).
func Deinterleave(blocksOut, words []byte, b Blocks) {
	k := 0
	for col := 0; col <= b.Data; col++ {
		for i := range b.Count {
			if col < b.DataLen(i) {
				blocksOut[b.Start(i)+col] = words[k]
				k++
			}
		}
	}
	for col := range b.EC {
		for i := range b.Count {
			blocksOut[b.Start(i)+b.DataLen(i)+col] = words[k]
			k++
		}
	}
}

// Correct deinterleaves the codewords words of a symbol, corrects each
// block with the QR Code Reed–Solomon code and returns the data codewords
// in order, reusing words' storage. maxFix, when not negative, is the most
// codewords a block may have corrected: fewer than the code allows where
// the standard reserves check codewords for misdecode protection. An
// uncorrectable block is an error wrapping symbology.ErrChecksum, prefixed
// with the symbology id.
func Correct(id string, words []byte, b Blocks, maxFix int) ([]byte, error) {
	blk := make([]byte, len(words))
	Deinterleave(blk, words, b)
	data := words[:0]
	for i := range b.Count {
		nd := b.DataLen(i)
		start := b.Start(i)
		block := blk[start : start+nd+b.EC]
		fixed, err := reedsolomon.QR.Decode(block, b.EC, nil)
		if err == nil && maxFix >= 0 && fixed > maxFix {
			err = fmt.Errorf("%d errors, more than the %d the symbol may correct", fixed, maxFix)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w: block %d of %d: %w", id, symbology.ErrChecksum, i+1, b.Count, err)
		}
		data = append(data, block[:nd]...)
	}
	return data, nil
}
