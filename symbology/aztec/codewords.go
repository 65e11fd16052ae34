package aztec

// Data codewords from the bit stream, and their check codewords
// (ISO/IEC 24778:2008 §7.3.1.2, §7.3.3).

// stuff cuts bits (one bit per byte) into codewords of b bits as §7.3.1.2
// forms them: a codeword whose first b-1 bits are all 0 gets a dummy 1 as
// its last bit, one whose first b-1 bits are all 1 a dummy 0, and the bit
// that would have ended it starts the next codeword instead; so no
// codeword is all 0 or all 1. The last codeword is filled with 1 bits,
// and its last bit is 0 if it would be all 1.
//
// Empty data still takes a codeword, all padding: 1 bits and a last 0.
func stuff(bits []byte, b int) []int {
	if len(bits) == 0 {
		return []int{1<<b - 2}
	}
	words := make([]int, 0, len(bits)/(b-1)+1)
	all1 := 1<<(b-1) - 1 // b-1 one bits
	for i := 0; i < len(bits); {
		v, k := 0, 0
		for ; k < b-1; k++ {
			bit := 1 // padding
			if i < len(bits) {
				bit = int(bits[i])
				i++
			}
			v = v<<1 | int(bit)
		}
		switch {
		case v == 0:
			v = v<<1 | 1
		case v == all1:
			v <<= 1
		case i < len(bits):
			v = v<<1 | int(bits[i])
			i++
		default:
			v = v<<1 | 1 // padding
		}
		words = append(words, v)
	}
	return words
}

// stuffedLen returns len(stuff(bits, b)) without building the codewords.
func stuffedLen(bits []byte, b int) int {
	if len(bits) == 0 {
		return 1
	}
	n := 0
	all1 := 1<<(b-1) - 1
	for i := 0; i < len(bits); {
		v := 0
		for k := 0; k < b-1; k++ {
			bit := 1
			if i < len(bits) {
				bit = int(bits[i])
				i++
			}
			v = v<<1 | bit
		}
		if v != 0 && v != all1 && i < len(bits) {
			i++
		}
		n++
	}
	return n
}

// unstuff turns data codewords of b bits back into the bit stream: a
// codeword whose first b-1 bits are all 0 or all 1 gives only those. ok is
// false for a codeword that is all 0 or all 1, which no encoder writes.
func unstuff(words []int, b int) (bits []byte, ok bool) {
	bits = make([]byte, 0, len(words)*b)
	top := 1<<b - 1
	for _, w := range words {
		n := b
		switch w {
		case 0, top:
			return nil, false
		case 1, top - 1:
			n = b - 1
			w >>= 1
		}
		for k := n - 1; k >= 0; k-- {
			bits = append(bits, byte(w>>k&1))
		}
	}
	return bits, true
}

// padBits returns the number of padding bits stuff puts in the last
// codeword of b bits.
func padBits(bits []byte, b int) int {
	if len(bits) == 0 {
		return b
	}
	all1 := 1<<(b-1) - 1
	for i := 0; i < len(bits); {
		v, k := 0, 0
		for ; k < b-1 && i < len(bits); k++ {
			v = v<<1 | int(bits[i])
			i++
		}
		if k < b-1 {
			return b - k // the stream ended inside the first b-1 bits
		}
		if v != 0 && v != all1 {
			if i == len(bits) {
				return 1
			}
			i++
		}
	}
	return 0
}

// endLatch returns the latch codes that keep the padding of the last
// codeword from reading as a Binary Shift with a length, for a stream that
// ends in mode end and leaves pad padding bits, or nil when none is
// needed. Ten or more 1 bits in Upper, Lower or Mixed mode read as B/S and
// a run length of 31, which the standard's reader takes as padding
// (§7.3.1.2) but older readers (zxing-cpp before 2.2, ZXingReader 1.4 of
// Debian) read as 31 bytes. After a latch to Digit mode the padding reads
// as U/S and a code cut short, which every reader drops. Only codewords of
// 12 bits leave 10 padding bits or more.
func endLatch(end mode, pad int) []code {
	if pad < 10 || end == modeDigit || end == modePunct {
		return nil
	}
	return latches[end][modeDigit].codes
}
