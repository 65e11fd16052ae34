package detect

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// SameRow reports whether rows a and b, both not empty, hold the same
// pixels. It compares them as bytes (a bool is a byte, 0 or 1), far
// cheaper than finding the runs of a row again: a detector that scans
// rows keeps the runs of a row equal to the one before (an enlarged view
// repeats every row, and drawn symbols repeat rows by the module).
func SameRow(a, b []bool) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	return bytes.Equal(unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), len(a)), unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)))
}

// RunEnds writes to ends where each run of equal pixels of row ends (the
// index after its last pixel) and returns the number of runs; ends must
// hold len(row) elements, as many as a row has runs at most, and those
// past the runs may be overwritten. Eight pixels are compared with their
// left neighbours a word at a time: a stretch of one colour costs a step
// per eight pixels, and noise, whose pixels change at random, a step per
// change with no branch on the pixels.
func RunEnds(row []bool, ends []int32) int {
	n := len(row)
	if n == 0 {
		return 0
	}
	ends = ends[:n]
	b := unsafe.Slice((*byte)(unsafe.Pointer(&row[0])), n) // a bool is a byte, 0 or 1
	k := 0
	prev := uint64(b[0])
	x := 1
	for ; x+8 <= n; x += 8 {
		w := binary.LittleEndian.Uint64(b[x:])
		// Byte i of c is 1 where pixel x+i differs from pixel x+i-1.
		c := w ^ (w<<8 | prev)
		prev = w >> 56
		changes := bits.OnesCount64(c) // a byte of c is 0 or 1
		// The first two changes are written whether or not the word has
		// them, and k counts only those it has: how many changes a word
		// of a photo holds, mostly none to two, varies at random from
		// word to word, and a branch on it would be mispredicted at
		// every other word. A write past the last change lands in
		// ends[k+1], unused yet and in ends: the pixels before x hold
		// fewer than x changes, so k+1 <= x < n.
		e := ends[k : k+2 : k+2]
		e[0] = int32(x + bits.TrailingZeros64(c)>>3)
		c &= c - 1
		e[1] = int32(x + bits.TrailingZeros64(c)>>3)
		c &= c - 1
		k += min(changes, 2)
		for c != 0 {
			ends[k] = int32(x + bits.TrailingZeros64(c)>>3)
			k++
			c &= c - 1
		}
	}
	for ; x < n; x++ {
		if b[x] != b[x-1] {
			ends[k] = int32(x)
			k++
		}
	}
	ends[k] = int32(n)
	return k + 1
}
