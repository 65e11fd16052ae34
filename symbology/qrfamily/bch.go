package qrfamily

import "math/bits"

// BCH returns data followed by the n check bits of the BCH code with
// generator poly (of degree n): data·x^n plus its remainder modulo poly.
// QR Code's format information is the (15,5) code of generator 0x537,
// its version information the (18,6) code of generator 0x1F25 (ISO/IEC
// 18004:2015 Annexes C and D); Micro QR Code uses the former, rMQR Code
// the latter for its format information (ISO/IEC 23941:2022 §7.9).
func BCH(data, poly uint32, n int) uint32 {
	v := data << n
	deg := bits.Len32(poly) - 1
	for i := bits.Len32(v) - 1; i >= deg; i-- {
		if v&(1<<i) != 0 {
			v ^= poly << (i - deg)
		}
	}
	return data<<n | v
}

// Nearest returns the index of the word of words nearest to w in Hamming
// distance (the first of equals), and that distance. A BCH code of minimum
// distance 7 or more corrects 3 bit errors: callers accept dist <= 3.
func Nearest(words []uint32, w uint32) (index, dist int) {
	dist = 33
	for i, x := range words {
		if d := bits.OnesCount32(x ^ w); d < dist {
			index, dist = i, d
		}
	}
	return index, dist
}
