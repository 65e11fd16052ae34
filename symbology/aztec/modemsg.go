package aztec

import (
	"github.com/barkit/barkit/reedsolomon"
)

// The mode message (ISO/IEC 24778:2008 §7.2): the symbol's size and data
// length, in 4-bit words protected by Reed–Solomon check words over GF(16)
// (x^4+x+1). A compact symbol's message is 2 data words (2 bits of layers
// less one, 6 of data codewords less one) and 5 check words, 28 bits; a
// full-range symbol's is 4 data words (5 bits of layers less one, 11 of
// data codewords less one) and 6 check words, 40 bits. A reader
// initialisation symbol sets the top bit of the data codeword count
// (§9). An Aztec Rune carries its value in a compact message, every other
// bit inverted (Annex A).

// modeMessage holds what the mode message says.
type modeMessage struct {
	layers     int
	dataWords  int
	readerInit bool
}

// modeWords returns the number of data and check words of the mode
// message of a compact or full-range symbol.
func modeWords(compact bool) (data, check int) {
	if compact {
		return 2, 5
	}
	return 4, 6
}

// encodeModeMessage returns the bits of the mode message of a symbol, one
// per byte, in the order they are placed (modeMessageModules).
func encodeModeMessage(compact bool, mm modeMessage) []byte {
	var v int
	if compact {
		v = (mm.layers-1)<<6 | (mm.dataWords - 1)
		if mm.readerInit {
			v |= 1 << 5
		}
	} else {
		v = (mm.layers-1)<<11 | (mm.dataWords - 1)
		if mm.readerInit {
			v |= 1 << 10
		}
	}
	nd, _ := modeWords(compact)
	return modeWordsBits(compact, v, nd)
}

// modeWordsBits spreads the nd-word value v into data words, appends the
// check words and returns the message's bits.
func modeWordsBits(compact bool, v, nd int) []byte {
	_, nc := modeWords(compact)
	data := make([]byte, nd)
	for i := range nd {
		data[i] = byte(v >> (4 * (nd - 1 - i)) & 0xF)
	}
	check := make([]byte, nc)
	reedsolomon.Aztec4.Encode(data, check)
	w := &bitWriter{}
	for _, d := range append(data, check...) {
		w.write(int(d), 4)
	}
	return w.bits
}

// runeMask inverts every other bit of a rune's mode message, the first
// one included (Annex A): the message of rune 0 is then not that of a
// compact symbol.
func runeMask(bits []byte) {
	for i := 0; i < len(bits); i += 2 {
		bits[i] ^= 1
	}
}

// encodeRuneMessage returns the mode message bits of Aztec Rune v.
func encodeRuneMessage(v int) []byte {
	bits := modeWordsBits(true, v, 2)
	runeMask(bits)
	return bits
}

// decodeModeWords corrects the mode message bits (one per byte) and
// returns the value of its data words. ok is false when the Reed–Solomon
// check fails.
func decodeModeWords(compact bool, bits []byte) (v int, corrected int, ok bool) {
	nd, nc := modeWords(compact)
	words := make([]byte, nd+nc)
	for i := range words {
		for k := range 4 {
			words[i] = words[i]<<1 | bits[4*i+k]
		}
	}
	n, err := reedsolomon.Aztec4.Decode(words, nc, nil)
	if err != nil {
		return 0, 0, false
	}
	for _, d := range words[:nd] {
		v = v<<4 | int(d)
	}
	return v, n, true
}

// parseModeMessage reads the mode message value of a compact or
// full-range symbol. The top bit of the data codeword count is reader
// initialisation when the count with it would exceed the symbol's
// codewords (§9): in every symbol where encoders set it.
func parseModeMessage(compact bool, v int) (Size, modeMessage) {
	var mm modeMessage
	if compact {
		mm.layers, mm.dataWords = v>>6+1, v&0x3F+1
	} else {
		mm.layers, mm.dataWords = v>>11+1, v&0x7FF+1
	}
	s := Size{Compact: compact, Layers: mm.layers}
	top := 1 << 5
	if !compact {
		top = 1 << 10
	}
	if mm.dataWords > s.Codewords() && (mm.dataWords-1)&top != 0 {
		mm.readerInit = true
		mm.dataWords -= top
	}
	return s, mm
}
