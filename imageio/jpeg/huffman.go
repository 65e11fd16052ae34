package jpeg

// lookupBits is how many bits of the stream index a Huffman table's
// lookup arrays. Most codes of real files are shorter than 9 bits; longer
// ones take the slow path of Annex F.2.2.3.
const lookupBits = 9

// A huffman is one Huffman table (ITU-T T.81 Annex C) made ready for
// decoding.
type huffman struct {
	// lookup, indexed by the next lookupBits bits of the stream, holds
	// the length of the code those bits start with in its high byte and
	// the code's value in its low byte, or 0 when the code is longer than
	// lookupBits bits (or is no code).
	lookup [1 << lookupBits]uint16
	// ac, for an AC table, holds for the same index the whole coefficient
	// when a code of value RRRRSSSS (SSSS > 0) and its SSSS extra bits fit
	// in lookupBits: the coefficient in the high 16 bits, RRRR in bits
	// 8-15 and the bits taken in bits 0-7; 0 otherwise.
	ac [1 << lookupBits]int32
	// maxCode[l] is one more than the largest code of length l, or 0
	// when there is none (MAXCODE of §F.2.2.3, shifted by one so that
	// "none" needs no sign).
	maxCode [17]int32
	// delta[l] turns a code of length l into its index in vals
	// (VALPTR - MINCODE of §F.2.2.3).
	delta [17]int32
	vals  [256]uint8
	ok    bool // the table has been defined
}

// build makes h from the 16 code counts and the values of a DHT segment
// (§B.2.4.2), generating the codes as §C.2 does. It reports whether the
// counts give a valid prefix code.
func (h *huffman) build(counts *[16]uint8, vals []uint8, isAC bool) bool {
	*h = huffman{}
	copy(h.vals[:], vals)
	code, k := int32(0), 0
	for l := 1; l <= 16; l++ {
		n := int32(counts[l-1])
		if code+n > 1<<l {
			return false // more codes than fit in l bits
		}
		h.delta[l] = int32(k) - code
		for range n {
			if l <= lookupBits {
				// Every index that starts with this code.
				shift := lookupBits - l
				first := code << shift
				for i := first; i < first+1<<shift; i++ {
					h.lookup[i] = uint16(l)<<8 | uint16(vals[k])
				}
			}
			code++
			k++
		}
		if n > 0 {
			h.maxCode[l] = code
		}
		code <<= 1
	}
	if isAC {
		h.buildAC()
	}
	h.ok = true
	return true
}

// buildAC fills h.ac from h.lookup.
func (h *huffman) buildAC() {
	for i, e := range h.lookup {
		if e == 0 {
			continue
		}
		l, rs := int(e>>8), int(e&0xff)
		r, s := rs>>4, rs&15
		if s == 0 || l+s > lookupBits {
			continue
		}
		// The s bits after the code, within the index.
		v := int32(i>>(lookupBits-l-s)) & (1<<s - 1)
		v = extend(v, uint(s))
		h.ac[i] = v<<16 | int32(r)<<8 | int32(l+s)
	}
}

// slow decodes the code at the top of acc when it is longer than
// lookupBits bits (§F.2.2.3, DECODE): it returns the value and the code
// length, or a length of 0 when the bits start no code.
func (h *huffman) slow(acc uint64) (uint8, uint) {
	for l := lookupBits + 1; l <= 16; l++ {
		code := int32(acc >> (64 - l))
		if code < h.maxCode[l] {
			return h.vals[(code+h.delta[l])&0xff], uint(l)
		}
	}
	return 0, 0
}

// extend turns the s extra bits v of a coefficient into its value
// (§F.2.2.1, Figure F.12): values with a leading 0 bit are negative.
func extend(v int32, s uint) int32 {
	if s > 0 && v < 1<<(s-1) {
		v += -1<<s + 1
	}
	return v
}
