package linear

import "slices"

// Row is one scan line as a run-length pattern: the widths of its light and
// dark elements in order, in pixels with sub-pixel precision. Even indexes
// are light elements (spaces), odd indexes dark ones (bars). A Row starts and
// ends with a space, of zero width where the line starts or ends dark, so
// len(W) is odd. The first and last elements run to the ends of the line:
// they are quiet zones that the image border may have cut.
//
// Pos[i] is where element i starts along the line, so W[i] = Pos[i+1] -
// Pos[i] and Pos[len(W)] is the length of the line.
//
// A Row must not be modified once a decoder has it: it caches its Starts.
type Row struct {
	W   []float64
	Pos []float64

	starts     []int
	haveStarts bool // starts holds the Starts of W and Pos
	// wbuf and pbuf, when the row owns its storage, hold W and Pos with
	// one more element on either side: a zero-width space before and
	// after W, and Pos[0] and Pos[len(W)] once more. The inverted row is
	// a view of them, no copy (invert).
	wbuf, pbuf []float64
}

// Len returns the number of elements.
func (r *Row) Len() int { return len(r.W) }

// Sum returns the total width of the n elements from i.
func (r *Row) Sum(i, n int) float64 {
	return r.Pos[i+n] - r.Pos[i]
}

// Starts returns, in increasing order, the bars at which a symbol with a
// quiet zone may begin: the first bar of the line, whose quiet zone the
// image border may have cut; the second when the line starts dark (a
// symbol against a dark surround that runs to the border, QuietBefore);
// and every bar i whose preceding space is at least minQuiet times the
// mean width of the startSpan elements from i. A bar with fewer than
// startSpan elements after it (the last, a space, included) is none: no
// symbol is that short.
//
// A decoder whose symbols ask for a quiet zone that this implies tries
// these bars only, not every bar: on a line of noise or print, most bars
// have no wide space before them, and a scan decodes thousands of lines
// with every decoder. The Starts of a row are found once, whichever
// decoders ask.
func (r *Row) Starts() []int {
	if r.haveStarts {
		return r.starts
	}
	r.haveStarts = true
	r.starts = r.starts[:0]
	w, pos := r.W, r.Pos
	n := len(w)
	if n <= 1+startSpan || len(pos) != n+1 {
		return r.starts
	}
	const k = minQuiet / startSpan
	starts := append(r.starts, 1)
	if n > 3+startSpan && (w[0] == 0 || w[2] >= k*(pos[3+startSpan]-pos[3])) {
		starts = append(starts, 3)
	}
	// Bars i from 5 while i+startSpan < n, at j = i-5: the space before
	// each, and where it and its startSpan elements end, in slices of one
	// length (no bounds checks in the loop).
	// Each bar is stored and kept only when it passes, by counting, with
	// no branch on the test, which on a line of noise or print passes and
	// fails at random.
	if m := n - 5 - startSpan; m > 0 {
		space, from, to := w[4:4+m], pos[5:5+m], pos[5+startSpan:5+startSpan+m]
		c := len(starts)
		starts = slices.Grow(starts, (m+1)/2)
		buf := starts[:c+(m+1)/2]
		for j := 0; j < len(space); j += 2 {
			buf[c] = j + 5
			pass := 0
			if space[j] >= k*(to[j]-from[j]) {
				pass = 1
			}
			c += pass
		}
		starts = buf[:c]
	}
	r.starts = starts
	return r.starts
}

// The start test of Starts. Every decoder of this module asks for a quiet
// zone of at least 5 modules before a symbol (EAN/UPC and Code 128; their
// standards ask for 7 to 11, and 10), where the first six elements of a
// symbol span at most 11.1 modules: Code 128's start character spans 11;
// EAN/UPC's guard spans 3 and the first three elements of a digit at most
// 6 modules times 1.35, the most a digit's width may exceed 7 modules of
// the guard's (charRatio). So the quiet zone is at least 5/11.1 × 6 = 2.7
// times the six elements' mean; minQuiet, 2, leaves a margin for a
// decoder's looser module estimate. Raised past 2.7, a symbol with the
// least quiet zone its decoder accepts would no longer read, and
// TestStartsKeepHits in packages ean and code128 fails; lowered, most bars
// of a line of noise or print pass (TestStarts). A decoder that uses
// Starts must ask for a quiet zone this implies.
const (
	startSpan = 6
	minQuiet  = 2.0
)

// QuietBefore reports whether the space before element i is at least min
// pixels wide or runs to the start of the line. A space of at least
// surroundShare of min between the line's start and a dark surround that
// runs to it also counts: the image was cropped against the surround.
func (r *Row) QuietBefore(i int, min float64) bool {
	if i < 1 || i >= len(r.W) {
		return false
	}
	return i == 1 || r.W[i-1] >= min || i == 3 && r.W[0] == 0 && r.W[2] >= surroundShare*min
}

// QuietAfter reports whether element j, a space, is at least min pixels
// wide or runs to the end of the line. A space of at least surroundShare
// of min between the symbol and a dark surround that runs to the line's
// end also counts.
func (r *Row) QuietAfter(j int, min float64) bool {
	n := len(r.W)
	if j < 0 || j >= n {
		return false
	}
	return j == n-1 || r.W[j] >= min || j == n-3 && r.W[n-1] == 0 && r.W[j] >= surroundShare*min
}

// surroundShare is the share of a quiet zone that a dark surround may leave
// light: a photographed label cropped close to its symbol, against a dark
// background (ean13-1/#526 of the reference corpus keeps 2.7 modules of
// the 7 that EAN-13 asks for on its right).
const surroundShare = 0.4

// own makes r own storage for n elements, W and Pos, padded on either
// side for invert.
func (r *Row) own(n int) {
	r.wbuf = resize(r.wbuf, n+2)
	r.pbuf = resize(r.pbuf, n+3)
	r.W = r.wbuf[1 : n+1]
	r.Pos = r.pbuf[1 : n+2]
	r.haveStarts = false
}

// pad fills the padding of r's storage around its n elements.
func (r *Row) pad(n int) {
	r.wbuf[0], r.wbuf[n+1] = 0, 0
	r.pbuf[0], r.pbuf[n+2] = r.Pos[0], r.Pos[n]
}

// set makes r the row of the element boundaries pos: pos[0] must be 0 and
// the last entry the line's length.
func (r *Row) set(pos []float64) {
	n := len(pos) - 1
	r.own(n)
	copy(r.Pos, pos)
	w := r.W
	for i := range w {
		w[i] = pos[i+1] - pos[i]
	}
	r.pad(n)
}

// reverse makes r the row of src read from its end to its start.
func (r *Row) reverse(src *Row) {
	n := len(src.W)
	length := src.Pos[n]
	r.own(n)
	w, pos := r.W[:n], r.Pos[:n+1]
	sw, sp := src.W[:n], src.Pos[:n+1]
	for k, j := 0, n-1; j >= 0; k, j = k+1, j-1 {
		w[k] = sw[j]
		pos[k] = length - sp[j+1]
	}
	pos[n] = length
	r.pad(n)
}

// invert makes r the row of src with light and dark swapped: a zero-width
// space is put at either end, so that src's spaces become bars. r is a
// view of src's storage when src owns one (set, reverse), so it changes
// with src.
func (r *Row) invert(src *Row) {
	n := len(src.W)
	r.haveStarts = false
	if n > 0 && len(src.wbuf) == n+2 && &src.wbuf[1] == &src.W[0] && src.Pos[0] == 0 {
		r.wbuf, r.pbuf = nil, nil
		r.W = src.wbuf[:n+2]
		r.Pos = src.pbuf[:n+3]
		return
	}
	r.own(n + 2)
	r.W[0], r.Pos[0] = 0, 0
	copy(r.W[1:], src.W)
	copy(r.Pos[1:], src.Pos)
	r.W[n+1], r.Pos[n+2] = 0, src.Pos[n]
	r.pad(n + 2)
}

// NewRow returns the Row of element widths w, light first: a zero width
// is appended when w ends with a bar, so that the row ends with a space.
// Negative widths count as zero. It serves decoders' tests and fuzzing.
func NewRow(w []float64) *Row {
	pos := make([]float64, 1, len(w)+2)
	for _, x := range w {
		pos = append(pos, pos[len(pos)-1]+max(0, x))
	}
	if len(w)%2 == 0 {
		pos = append(pos, pos[len(pos)-1])
	}
	r := &Row{}
	r.set(pos)
	return r
}

// RowOf cuts one line of luminance values into a Row, as Scan cuts each
// of its lines. It serves decoders' tests and tools.
func RowOf(lum []uint8) *Row {
	p := make([]int32, len(lum))
	for i, v := range lum {
		p[i] = int32(v)
	}
	r := &Row{}
	f := edgeFinder{fraction: contrastFraction, floor: minSwing}
	f.find(p, 1, r)
	return r
}
