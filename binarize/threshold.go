package binarize

import (
	"encoding/binary"
	"math/bits"
)

// Thresholding eight pixels a word: each pixel, a byte, is compared with
// the threshold in a lane of 16 bits, where adding 256 minus the
// threshold carries into bit 8 exactly when the pixel is at or above it.
// The even and odd bytes of a word take a lane each in two words, and the
// carries, moved back to the bytes they came from, are the pixels' bools.
const (
	lanes16 = 0x00ff00ff00ff00ff // the even bytes of a word, in 16-bit lanes
	ones16  = 0x0001000100010001 // 1 in each 16-bit lane
	ones8   = 0x0101010101010101 // 1 in each byte
)

// light8 returns, for the eight pixels of w (little-endian), a word whose
// bytes are 1 where the pixel is at or above threshold t and 0 below.
func light8(w uint64, t uint8) uint64 {
	k := (256 - uint64(t)) * ones16
	even := ((w&lanes16 + k) >> 8) & ones16
	odd := (((w>>8)&lanes16 + k) >> 8) & ones16
	return even | odd<<8
}

// thresholdRow writes into out (len(out) == len(src)) whether each pixel of
// src is below its threshold (at or above it, when inverted): thr[i]
// applies to the pixels 8i to 8i+7, a block of the local binarizer
// (blockSize). It returns the number of true elements written.
func thresholdRow(src []uint8, out []bool, thr []uint8, inverted bool) int {
	o := bytesOf(out)
	var flip uint64 = ones8 // dark = not light
	if inverted {
		flip = 0
	}
	n := 0
	x := 0
	for ; x+8 <= len(src); x += 8 {
		v := light8(binary.LittleEndian.Uint64(src[x:]), thr[x>>3]) ^ flip
		binary.LittleEndian.PutUint64(o[x:], v)
		n += bits.OnesCount64(v)
	}
	for ; x < len(src); x++ {
		d := (src[x] < thr[x>>3]) != inverted
		out[x] = d
		if d {
			n++
		}
	}
	return n
}

// thresholdRow's blocks of eight pixels are the local binarizer's blocks:
// this fails to compile if blockSize changes.
const _ = uint(blockSize-8) + uint(8-blockSize)

// complementInto writes to dst, of src's length, the complement of src:
// the view binarized the other way round, dark for light.
func complementInto(src, dst []bool) {
	a, b := bytesOf(src), bytesOf(dst)
	x := 0
	for ; x+8 <= len(a); x += 8 {
		binary.LittleEndian.PutUint64(b[x:], binary.LittleEndian.Uint64(a[x:])^ones8)
	}
	for ; x < len(a); x++ {
		dst[x] = !src[x]
	}
}
