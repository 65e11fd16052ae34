package png

import "encoding/binary"

// adler32Sum returns the Adler-32 checksum of b, RFC 1950 §8.2: the same as
// hash/adler32.Checksum, which goes a byte at a time, each step waiting
// for the one before. Here eight bytes make one step: over them, s1 grows
// by their sum and s2 by 8×s1 plus their sum weighted 8, 7, ..., 1 from
// the first, and both sums come from multiplications of the bytes spread
// into 16-bit lanes.
func adler32Sum(b []byte) uint32 {
	const mod = 65521
	s1, s2 := uint64(1), uint64(0)
	for len(b) > 0 {
		// Within 64 KiB the sums stay far below 2^64: s1 below 2^25,
		// s2 below 2^41.
		n := min(len(b), 1<<16)
		block := b[:n]
		b = b[n:]
		for ; len(block) >= 8; block = block[8:] {
			v := binary.LittleEndian.Uint64(block)
			even := v & 0x00ff00ff00ff00ff     // bytes 0, 2, 4, 6, one per lane
			odd := v >> 8 & 0x00ff00ff00ff00ff // bytes 1, 3, 5, 7
			// The top lane of a product by weights w3..w0 (w3 in the
			// top lane) gathers lane i times w(3-i); no lane carries,
			// as none reaches 2^16.
			weighted := (even*0x0008000600040002)>>48 + (odd*0x0007000500030001)>>48
			s2 += 8*s1 + weighted
			s1 += (even + odd) * 0x0001000100010001 >> 48
		}
		for _, x := range block {
			s1 += uint64(x)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return uint32(s2<<16 | s1)
}
