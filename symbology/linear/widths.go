package linear

import "math"

// Two-width symbologies. Code 39, Interleaved 2 of 5 and Codabar build
// their characters of narrow and wide elements only, a fixed number of
// each: a character is named by which of its elements are wide. Their
// reference decode algorithms (ISO/IEC 16388:2007 for Code 39, ISO/IEC
// 16390:2007 for Interleaved 2 of 5, EN 798:1995 for Codabar) set a
// threshold between narrow and wide from the widths of the character
// itself. NarrowWide does so for bars and spaces apart, since ink spread
// widens every bar and narrows every space by the same amount: ranked by
// width, the widest of each are the wide ones, and the character reads
// only when its wide elements stand clear of its narrow ones.

// MinWideRatio is the least ratio of a character's narrowest wide bar (or
// space) to its widest narrow one. The standards print wide elements 2 to
// 3 times as wide as narrow ones (Code 39 and Interleaved 2 of 5 at least
// 2.2 below a module of 0.5 mm, Codabar about 2.5); ink spread of 0.3 of a
// module, which widens a narrow bar by more than a wide one in proportion,
// leaves a ratio of 2.2/1.3 = 1.7 in bars, and the edges of a symbol
// photographed at 1.5 pixels per module, placed to a few tenths of a
// pixel, about 1.5. Below this ratio a character does not read
// (TestNarrowWide: a Code 39 character with a wide to narrow ratio of 2
// at 1.5 pixels per module reads; a run of equal elements does not).
// Decoders that test a start character quickly, before NarrowWide, use it
// so as to reject nothing NarrowWide would read.
const MinWideRatio = 1.3

// maxWidths is the most elements NarrowWide classifies at once: a
// character of Interleaved 2 of 5 (a pair of digits) has 10.
const maxWidths = 16

// Classes is how NarrowWide classified the elements of a character.
type Classes struct {
	// Pattern has bit k set when element k is wide.
	Pattern uint32
	// Narrow and Wide are the mean widths of the narrow and of the wide
	// elements (0 where there is none).
	Narrow, Wide float64
	// Margin is the least ratio, among bars and among spaces that have
	// both, of the narrowest wide element to the widest narrow one: how
	// clearly the character reads. Where a symbology's characters differ
	// in how many of their elements are wide, the classification of the
	// greater margin is the better reading.
	Margin float64
}

// NarrowWide classifies the elements w of one character, alternately bars
// and spaces from a bar, as narrow or wide, for a symbology whose
// characters have wideBars wide bars and wideSpaces wide spaces: the
// widest bars and the widest spaces are the wide ones.
//
// ok is false unless the wide elements stand clear of the narrow ones:
// among bars (and among spaces) that have both, the narrowest wide one is
// at least MinWideRatio times the widest narrow one; where all are
// narrow, they differ by less than half of what a wide element adds to a
// narrow one in the other kind (bars or spaces); and where both kinds
// have wide elements, they add about as much to a narrow one in either
// kind (within a factor of maxSpreadRatio), as ink spread cannot change
// that. A row of noise or print seldom passes.
func NarrowWide(w []float64, wideBars, wideSpaces int) (c Classes, ok bool) {
	n := len(w)
	bars, spaces := (n+1)/2, n/2
	if n == 0 || n > maxWidths || wideBars < 0 || wideSpaces < 0 || wideBars > bars || wideSpaces > spaces {
		return Classes{}, false
	}
	// Element indexes of bars and spaces, each sorted by width, widest
	// first (insertion sort: at most 8 of each).
	var bi, si [maxWidths / 2]int8
	rankWidths(w, bi[:bars], 0)
	rankWidths(w, si[:spaces], 1)
	b, okb := classWidths(w, bi[:bars], wideBars)
	sp, oks := classWidths(w, si[:spaces], wideSpaces)
	if !okb || !oks {
		return Classes{}, false
	}
	switch {
	case b.gap > 0 && sp.gap > 0:
		// Both kinds have wide elements: they add about as much.
		if b.gap > maxSpreadRatio*sp.gap || sp.gap > maxSpreadRatio*b.gap {
			return Classes{}, false
		}
	case wideBars == 0 && !alike(w, bi[:bars], sp.gap), wideSpaces == 0 && !alike(w, si[:spaces], b.gap):
		// A kind that is all narrow: its elements must be as alike as
		// the other kind's gap says.
		return Classes{}, false
	}
	c = Classes{Pattern: b.pattern | sp.pattern, Margin: min(b.margin, sp.margin)}
	if nn := n - wideBars - wideSpaces; nn > 0 {
		c.Narrow = (b.narrow + sp.narrow) / float64(nn)
	}
	if nw := wideBars + wideSpaces; nw > 0 {
		c.Wide = (b.wide + sp.wide) / float64(nw)
	}
	return c, true
}

// class is how classWidths classified one kind of element.
type class struct {
	pattern      uint32  // bit e for wide element e
	narrow, wide float64 // the sums of the narrow and of the wide widths
	gap          float64 // what a wide element adds to a narrow one, the difference of their means; -1 without both
	margin       float64 // the narrowest wide over the widest narrow; +Inf without both
}

// rankWidths fills idx with the indexes first, first+2, ... of w, sorted
// by width, widest first.
func rankWidths(w []float64, idx []int8, first int) {
	for k := range idx {
		e := first + 2*k
		j := k
		for j > 0 && w[idx[j-1]] < w[e] {
			idx[j] = idx[j-1]
			j--
		}
		idx[j] = int8(e)
	}
}

// classWidths takes the wideN widest of the elements idx of w, sorted
// widest first, as wide and the others as narrow. ok is false when the
// narrowest wide element is under MinWideRatio times the widest narrow
// one.
func classWidths(w []float64, idx []int8, wideN int) (c class, ok bool) {
	for k, e := range idx {
		if k < wideN {
			c.pattern |= 1 << e
			c.wide += w[e]
		} else {
			c.narrow += w[e]
		}
	}
	if wideN == 0 || wideN == len(idx) {
		c.gap, c.margin = -1, math.Inf(1)
		return c, true
	}
	lo, hi := w[idx[wideN-1]], w[idx[wideN]]
	if lo < MinWideRatio*hi {
		return class{}, false
	}
	c.gap = c.wide/float64(wideN) - c.narrow/float64(len(idx)-wideN)
	c.margin = lo / hi
	return c, true
}

// alike reports whether the elements idx of w, sorted widest first and
// all narrow, differ by less than half of gap, what a wide element adds
// to a narrow one in the other kind (no bound when it has none).
func alike(w []float64, idx []int8, gap float64) bool {
	return len(idx) < 2 || gap <= 0 || w[idx[0]]-w[idx[len(idx)-1]] < gap/2
}

// maxSpreadRatio bounds the ratio of what a wide bar adds to a narrow bar
// to what a wide space adds to a narrow space: the two are equal in print
// (ink spread adds as much to a wide bar as to a narrow one), and differ
// in an image only by where its edges fall, a few tenths of a pixel each.
// A symbol photographed at 1.5 pixels per module with a wide to narrow
// ratio of 2 adds 1.5 pixels, which edges misplaced by 0.4 pixels each
// make 0.7 or 2.3 at worst (TestNarrowWide).
const maxSpreadRatio = 2.5
