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
	dilateInto(m.Pix, out.Pix, m.Width, m.Height, r, false)
	return out
}

// Open returns m eroded and then dilated by one pixel: dark specks smaller
// than 3×3 pixels vanish and larger shapes keep their outline, which
// clears the speckles that noise on a plain background leaves joined to a
// symbol's edge.
func Open(m *matrix.Matrix) *matrix.Matrix {
	out := matrix.New(m.Width, m.Height)
	openInto(m.Pix, out.Pix, m.Width, m.Height)
	return out
}

// openInto writes src (w×h, dark true) opened (see Open) into dst and
// returns the number of dark pixels of dst. src and dst must not be the
// same buffer.
//
// It streams the erosion into the dilation as dilateWords streams its
// rows' pass into its columns' pass: eroded row a needs the erosion's
// rows' pass up to row a+1, output row y needs eroded rows up to y+1, and
// each pass keeps only the three rows the next one reads, so the eroded
// image is never held whole.
func openInto(src, dst []bool, w, h int) (dark int) {
	s, d := bytesOf(src), bytesOf(dst)
	k := min(3, h)
	buf := make([]byte, (2*k+1)*w)
	eroding, dilating, eroded := buf[:k*w], buf[k*w:2*k*w], buf[2*k*w:]
	slot := func(ring []byte, a int) []byte { return ring[a%k*w : (a%k+1)*w] }
	var window [3][]byte
	rows := func(ring []byte, y int) [][]byte {
		for j := range window {
			window[j] = slot(ring, min(max(y-1+j, 0), h-1))
		}
		return window[:]
	}
	nextRow, nextEroded := 0, 0
	for y := range h {
		for ; nextEroded <= min(h-1, y+1); nextEroded++ {
			for ; nextRow <= min(h-1, nextEroded+1); nextRow++ {
				windowRow(s[nextRow*w:(nextRow+1)*w], slot(eroding, nextRow), 1, ones8)
			}
			combineRows(eroded, rows(eroding, nextEroded), ones8)
			windowRow(eroded, slot(dilating, nextEroded), 1, 0)
		}
		dark += combineRows(d[y*w:(y+1)*w], rows(dilating, y), 0)
	}
	return dark
}

// dilateInto writes src (w×h, dark true) dilated by r into dst. With erode it erodes instead: a pixel stays dark only
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
func dilateInto(src, dst []bool, w, h, r int, erode bool) (dark int) {
	if r <= maxWordRadius {
		return dilateWords(src, dst, w, h, r, erode)
	}
	tmp := make([]bool, w*h) // the rows' pass
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
//
// An AND of 0s and 1s is the complement of the OR of their complements,
// so eroding ORs words XORed with ones8, and the loops hold no branch on
// the operation. The rows' pass runs r rows ahead of the columns' pass
// and keeps only the 2r+1 rows the columns' pass reads, in a ring, so
// they are still in the cache when read and no image-sized buffer is
// needed for them.
func dilateWords(src, dst []bool, w, h, r int, erode bool) (dark int) {
	s, d := bytesOf(src), bytesOf(dst)
	var flip uint64
	if erode {
		flip = ones8
	}
	// Row a of the rows' pass is in slot a%k: the rows one output row
	// reads are at most k consecutive ones, in distinct slots.
	k := min(2*r+1, h)
	t := make([]byte, k*w)
	slot := func(a int) []byte { return t[a%k*w : (a%k+1)*w] }
	var window [2*maxWordRadius + 1][]byte
	rows := window[:2*r+1]
	next := 0 // the next row for the rows' pass
	for y := range h {
		for ; next <= min(h-1, y+r); next++ {
			windowRow(s[next*w:(next+1)*w], slot(next), r, flip)
		}
		// Rows beyond the image repeat the edge row, which the OR (or
		// AND) of the window already holds.
		for j := range rows {
			rows[j] = slot(min(max(y-r+j, 0), h-1))
		}
		dark += combineRows(d[y*w:(y+1)*w], rows, flip)
	}
	return dark
}

// combineRows writes to out the OR of rows (the AND, with flip ones8, as
// dilateWords does), all of out's length, and returns the number of 1s
// written. Three and five rows, the windows of radii 1 and 2, take loops
// of their own.
func combineRows(out []byte, rows [][]byte, flip uint64) (n int) {
	i := 0
	if len(rows) == 3 {
		a, b, c := rows[0][:len(out)], rows[1][:len(out)], rows[2][:len(out)]
		for ; i+8 <= len(out); i += 8 {
			v := (binary.LittleEndian.Uint64(a[i:]) ^ flip) | (binary.LittleEndian.Uint64(b[i:]) ^ flip) | (binary.LittleEndian.Uint64(c[i:]) ^ flip)
			v ^= flip
			binary.LittleEndian.PutUint64(out[i:], v)
			n += bits.OnesCount64(v)
		}
	} else if len(rows) == 5 {
		a, b, c := rows[0][:len(out)], rows[1][:len(out)], rows[2][:len(out)]
		d, e := rows[3][:len(out)], rows[4][:len(out)]
		for ; i+8 <= len(out); i += 8 {
			v := (binary.LittleEndian.Uint64(a[i:]) ^ flip) | (binary.LittleEndian.Uint64(b[i:]) ^ flip) |
				(binary.LittleEndian.Uint64(c[i:]) ^ flip) | (binary.LittleEndian.Uint64(d[i:]) ^ flip) |
				(binary.LittleEndian.Uint64(e[i:]) ^ flip)
			v ^= flip
			binary.LittleEndian.PutUint64(out[i:], v)
			n += bits.OnesCount64(v)
		}
	} else {
		for ; i+8 <= len(out); i += 8 {
			var v uint64
			for _, row := range rows {
				v |= binary.LittleEndian.Uint64(row[i:]) ^ flip
			}
			v ^= flip
			binary.LittleEndian.PutUint64(out[i:], v)
			n += bits.OnesCount64(v)
		}
	}
	// The bytes short of a word: one more word, overlapping the last,
	// counting only its new bytes (the high ones).
	if i < len(out) && len(out) >= 8 {
		j := len(out) - 8
		var v uint64
		for _, row := range rows {
			v |= binary.LittleEndian.Uint64(row[j:]) ^ flip
		}
		v ^= flip
		binary.LittleEndian.PutUint64(out[j:], v)
		n += bits.OnesCount64(v >> (8 * (i - j)))
		i = len(out)
	}
	f := byte(flip)
	for ; i < len(out); i++ {
		var v byte
		for _, row := range rows {
			v |= row[i] ^ f
		}
		v ^= f
		out[i] = v
		n += int(v)
	}
	return n
}

// bytesOf returns the bytes of b.
func bytesOf(b []bool) []byte {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b))
}

// windowRow sets out[x] to the OR of row[x-r] to row[x+r], those that lie
// in the row; with flip ones8, to their AND (see dilateWords).
func windowRow(row, out []byte, r int, flip uint64) {
	n := len(row)
	f := byte(flip)
	x := 0
	// The ends, where the window is cut, and rows too short for a word.
	edge := func(x int) {
		var v byte
		for _, c := range row[max(0, x-r) : min(n-1, x+r)+1] {
			v |= c ^ f
		}
		out[x] = v ^ f
	}
	for ; x < min(r, n); x++ {
		edge(x)
	}
	if r == 1 {
		for ; x+9 <= n; x += 8 {
			p := row[x-1 : x+9 : x+9]
			v := (binary.LittleEndian.Uint64(p) ^ flip) | (binary.LittleEndian.Uint64(p[1:]) ^ flip) | (binary.LittleEndian.Uint64(p[2:]) ^ flip)
			binary.LittleEndian.PutUint64(out[x:], v^flip)
		}
	}
	for ; x+r+8 <= n; x += 8 {
		var v uint64
		for k := x - r; k <= x+r; k++ {
			v |= binary.LittleEndian.Uint64(row[k:]) ^ flip
		}
		binary.LittleEndian.PutUint64(out[x:], v^flip)
	}
	// The pixels short of a word: one more word, overlapping the last,
	// rather than pixel by pixel.
	if x < n-r && n-r-8 >= r {
		x = n - r - 8
		var v uint64
		for k := x - r; k <= x+r; k++ {
			v |= binary.LittleEndian.Uint64(row[k:]) ^ flip
		}
		binary.LittleEndian.PutUint64(out[x:], v^flip)
		x += 8
	}
	for ; x < n; x++ {
		edge(x)
	}
}
