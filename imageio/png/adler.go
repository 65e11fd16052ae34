package png

import "encoding/binary"

// adler32Sum returns the Adler-32 checksum of b, RFC 1950 §8.2: the same as
// hash/adler32.Checksum, which goes a byte at a time, each step waiting
// for the one before.
//
// Here the bytes are taken eight at a time, as a 64-bit word whose even
// and odd bytes are spread into four 16-bit lanes each, and sixteen words
// (128 bytes) make one step. Over a word, s1 grows by the sum of its
// bytes and s2 by 8×s1 plus the bytes weighted 8, 7, ..., 1 from the
// first; the lanes add up, without a multiplication, what a step needs:
// the bytes by position (t, and o for the odd ones), and the running
// sums before each word (p), whose total times 8 is what s1's growth
// within the step adds to s2.
func adler32Sum(b []byte) uint32 {
	const (
		mod   = 65521
		low   = 0x00ff00ff00ff00ff // the low byte of each 16-bit lane
		lanes = 0x0001000100010001
	)
	s1, s2 := uint64(1), uint64(0)
	for len(b) > 0 {
		// Within 64 KiB the sums stay far below 2^64: s1 below 2^25,
		// s2 below 2^41.
		n := min(len(b), 1<<16)
		block := b[:n]
		b = b[n:]
		for len(block) >= 128 {
			// Over sixteen words no lane overflows: t reaches at most
			// 16×510, o 16×255 and p 510×(0+1+...+15) = 61200.
			var t, o, p uint64
			words := (*[128]byte)(block)
			for i := 0; i < 128; i += 16 {
				// Two words: p gains t before each.
				v := binary.LittleEndian.Uint64(words[i:])
				w := binary.LittleEndian.Uint64(words[i+8:])
				vodd, wodd := v>>8&low, w>>8&low
				vsum := v&low + vodd
				p += 2*t + vsum
				t += vsum + w&low + wodd
				o += vodd + wodd
			}
			block = block[128:]
			// Lane i holds bytes 2i and 2i+1 of each word, weighted
			// 8-2i and 7-2i: 8-2i each, less the odd ones once.
			t0, t1, t2, t3 := t&0xffff, t>>16&0xffff, t>>32&0xffff, t>>48
			weighted := 8*t0 + 6*t1 + 4*t2 + 2*t3 - o*lanes>>48
			// p's lanes may sum past 16 bits: added in two 32-bit lanes.
			p = p&0x0000ffff0000ffff + p>>16&0x0000ffff0000ffff
			s2 += 128*s1 + 8*(p*0x0000000100000001>>32) + weighted
			s1 += t0 + t1 + t2 + t3
		}
		for ; len(block) >= 8; block = block[8:] {
			v := binary.LittleEndian.Uint64(block)
			even := v & low
			odd := v >> 8 & low
			// The top lane of a product by weights w3..w0 (w3 in the
			// top lane) gathers lane i times w(3-i); no lane carries,
			// as none reaches 2^16.
			weighted := (even*0x0008000600040002)>>48 + (odd*0x0007000500030001)>>48
			s2 += 8*s1 + weighted
			s1 += (even + odd) * lanes >> 48
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
