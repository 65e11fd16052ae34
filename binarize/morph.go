package binarize

import "github.com/barkit/barkit/matrix"

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
