package binarize

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/barkit/barkit/matrix"
)

// Dilate returns m with every pixel within r pixels of a dark pixel (a
// square of side 2r+1 around it) dark: it joins the separate dots of a
// dot-peened symbol into solid edges. r below 1 returns a copy of m.
func Dilate(m *matrix.Matrix, r int) *matrix.Matrix {
	if r < 1 {
		return m.Clone()
	}
	out := matrix.New(m.Width, m.Height)
	dilateInto(m.Pix, out.Pix, make([]bool, len(m.Pix)), m.Width, m.Height, r, false)
	return out
}

// Open returns m eroded and then dilated by one pixel: dark specks smaller
// than 3×3 pixels vanish and larger shapes keep their outline, which
// clears the speckles that noise on a plain background leaves joined to a
// symbol's edge.
func Open(m *matrix.Matrix) *matrix.Matrix {
	out := matrix.New(m.Width, m.Height)
	tmp := make([]bool, len(m.Pix))
	eroded := make([]bool, len(m.Pix))
	dilateInto(m.Pix, eroded, tmp, m.Width, m.Height, 1, true)
	dilateInto(eroded, out.Pix, tmp, m.Width, m.Height, 1, false)
	return out
}

// dilateInto writes src (w×h, dark true) dilated by r into dst, using tmp
// for the rows' pass. With erode it erodes instead: a pixel stays dark only
// when every pixel of its square that lies in the image is dark. src and
// dst must not be the same buffer. It returns the number of dark pixels of
// dst.
//
// A pixel of the window "counts" when it is dark (dilating) or light
// (eroding); the output is dark when some pixel counts (dilating) or none
// does (eroding). Each pass keeps, walking ahead of the output by r, where
// the last counting pixel was: the window of x counts when that is at
// x-r or later. So the cost does not grow with r, and the loops hold no
// branch on the pixels, which in noise change at random.
func dilateInto(src, dst, tmp []bool, w, h, r int, erode bool) (dark int) {
	if r <= maxWordRadius {
		return dilateWords(src, dst, tmp, w, h, r, erode)
	}
	counts := !erode
	const never = -1 << 30 // no counting pixel seen
	for y := range h {
		row, out := src[y*w:(y+1)*w], tmp[y*w:(y+1)*w]
		last := never
		for x := -r; x < w; x++ {
			if a := x + r; a < w && row[a] == counts {
				last = a
			}
			if x >= 0 {
				out[x] = (last >= x-r) == counts
			}
		}
	}
	// The columns' pass goes row by row, with a last counting row per
	// column, to read memory in order.
	last := make([]int32, w)
	for x := range last {
		last[x] = never
	}
	for y := -r; y < h; y++ {
		if a := y + r; a < h {
			for x, v := range tmp[a*w : (a+1)*w] {
				if v == counts {
					last[x] = int32(a)
				}
			}
		}
		if y >= 0 {
			out := dst[y*w : (y+1)*w]
			lo := int32(y - r)
			n := 0
			for x, l := range last {
				d := (l >= lo) == counts
				out[x] = d
				if d {
					n++
				}
			}
			dark += n
		}
	}
	return dark
}

// maxWordRadius is the largest radius dilateInto combines a word of
// eight pixels at a time for (dilateWords), whose cost grows with the
// radius; beyond it, the walk whose cost does not is cheaper.
const maxWordRadius = 4

// dilateWords is dilateInto for small radii: every output pixel combines
// (ORs when dilating, ANDs when eroding) the 2r+1 pixels of its row
// window that lie in the image, then of its column window, eight pixels
// at a time. A bool is one byte, 0 or 1 (the Go specification's size
// guarantees and the compiler's representation), so the bytes of eight
// pixels combine as one 64-bit word, and the dark pixels of a word are its
// set bits.
func dilateWords(src, dst, tmp []bool, w, h, r int, erode bool) (dark int) {
	s, t, d := bytesOf(src), bytesOf(tmp), bytesOf(dst)
	for y := range h {
		windowRow(s[y*w:(y+1)*w], t[y*w:(y+1)*w], r, erode)
	}
	for y := range h {
		lo, hi := max(0, y-r), min(h-1, y+r)
		out := d[y*w : (y+1)*w]
		copy(out, t[lo*w:(lo+1)*w])
		for k := lo + 1; k <= hi; k++ {
			if erode {
				andInto(out, t[k*w:(k+1)*w])
			} else {
				orInto(out, t[k*w:(k+1)*w])
			}
		}
		dark += ones(out)
	}
	return dark
}

// bytesOf returns the bytes of b.
func bytesOf(b []bool) []byte {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b))
}

// windowRow sets out[x] to the OR (AND, with and) of row[x-r] to row[x+r],
// those that lie in the row.
func windowRow(row, out []byte, r int, and bool) {
	n := len(row)
	x := 0
	// The ends, where the window is cut, and rows too short for a word.
	edge := func(x int) {
		lo, hi := max(0, x-r), min(n-1, x+r)
		v := row[lo]
		for _, c := range row[lo+1 : hi+1] {
			if and {
				v &= c
			} else {
				v |= c
			}
		}
		out[x] = v
	}
	for ; x < min(r, n); x++ {
		edge(x)
	}
	for ; x+r+8 <= n; x += 8 {
		v := binary.LittleEndian.Uint64(row[x-r:])
		for k := x - r + 1; k <= x+r; k++ {
			if and {
				v &= binary.LittleEndian.Uint64(row[k:])
			} else {
				v |= binary.LittleEndian.Uint64(row[k:])
			}
		}
		binary.LittleEndian.PutUint64(out[x:], v)
	}
	for ; x < n; x++ {
		edge(x)
	}
}

// orInto ORs src into dst, eight bytes at a time.
func orInto(dst, src []byte) {
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		binary.LittleEndian.PutUint64(dst[i:], binary.LittleEndian.Uint64(dst[i:])|binary.LittleEndian.Uint64(src[i:]))
	}
	for ; i < len(dst); i++ {
		dst[i] |= src[i]
	}
}

// andInto ANDs src into dst, eight bytes at a time.
func andInto(dst, src []byte) {
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		binary.LittleEndian.PutUint64(dst[i:], binary.LittleEndian.Uint64(dst[i:])&binary.LittleEndian.Uint64(src[i:]))
	}
	for ; i < len(dst); i++ {
		dst[i] &= src[i]
	}
}

// ones returns the number of bytes of b that are 1, b holding only 0s and
// 1s.
func ones(b []byte) int {
	n, i := 0, 0
	for ; i+8 <= len(b); i += 8 {
		n += bits.OnesCount64(binary.LittleEndian.Uint64(b[i:]))
	}
	for _, c := range b[i:] {
		n += int(c)
	}
	return n
}
