package pdf417

import (
	"math"
	"sort"
	"sync"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// The row scan: the scan lines of one direction across a view, each as
// runs of equal pixels, and the crossings of the patterns of every kind
// wanted found on them (see detect.go for how they become edges). Its work
// grows with the pixels and the runs of the lines scanned, so it is built
// for images without a symbol, which hold the most runs (noise, fine
// checkerboards, print): a run is rejected by a comparison or two of
// integer widths, each run sequence is read as a row address pattern at
// most once, and the line's runs are found without a branch per pixel.

// A lineFamily is a set of parallel scan lines across the image: line i
// starts at start(i) and steps by (dx, dy) from pixel to pixel.
type lineFamily struct {
	dx, dy int
	w, h   int
}

// familyDirs are the scan directions: rows, columns and the two diagonals.
var familyDirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// count returns the number of lines of the family.
func (f lineFamily) count() int {
	switch {
	case f.dy == 0:
		return f.h
	case f.dx == 0:
		return f.w
	}
	return f.w + f.h - 1
}

// start returns the first pixel of line i and the number of pixels on it.
func (f lineFamily) start(i int) (x, y, n int) {
	switch {
	case f.dy == 0:
		return 0, i, f.w
	case f.dx == 0:
		return i, 0, f.h
	case f.dy == 1:
		// x - y = c, c from -(h-1) to w-1.
		c := i - (f.h - 1)
		x, y = max(c, 0), max(-c, 0)
		return x, y, min(f.w-x, f.h-y)
	}
	// x + y = c, stepping (1, -1).
	c := i
	x, y = max(0, c-(f.h-1)), min(c, f.h-1)
	return x, y, min(f.w-x, y+1)
}

// lineRuns is a scan line as runs of equal pixels: their widths, the colour
// of the first, and where each starts, followed by the line's length, so
// that runs i to j-1 span pos[j]-pos[i] pixels.
type lineRuns struct {
	w, pos    []int32
	firstDark bool
	// padded is w with padRuns runs of padWidth pixels on each side, so
	// that the test that rejects most runs (findHits) reads the runs
	// beside any run without testing where the line ends.
	padded []int32
	line   []bool // a line's pixels, for loadBlanked
}

// padRuns and padWidth pad a line's runs (lineRuns.padded): runs wider
// than any line, which no pattern holds.
const (
	padRuns  = 2
	padWidth = 1 << 28
)

// load fills r with the runs of line i of f in bin, pixels j0 to j1 of
// each of light read as light.
func (r *lineRuns) load(bin *matrix.Matrix, f lineFamily, i int, light [][2]int) {
	x, y, n := f.start(i)
	r.w, r.pos = r.w[:0], r.pos[:0]
	if n <= 0 {
		return
	}
	if len(light) > 0 {
		r.loadBlanked(bin, f, x, y, n, light)
		return
	}
	if cap(r.pos) < n+1 {
		r.pos = make([]int32, 0, max(bin.Width, bin.Height)+1)
		r.padded = make([]int32, 0, cap(r.pos)+2*padRuns)
	}
	pos := r.pos[:n+1]
	step := f.dy*bin.Width + f.dx
	pix := bin.Pix
	idx := y*bin.Width + x
	cur := pix[idx]
	r.firstDark = cur
	if step == 1 {
		// A row: its pixels lie side by side, read a word at a time.
		pos[0] = 0
		k := detect.RunEnds(pix[idx:idx+n], pos[1:])
		r.setWidths(pos[:k+1])
		return
	}
	// pos[k] is written at every pixel and kept by counting a run only
	// where the colour changes: a conditional increment, not a branch
	// that noise would mispredict at every other pixel.
	k := 1
	for j := 1; j < n; j++ {
		idx += step
		v := pix[idx]
		pos[k] = int32(j)
		if v != cur {
			k++
		}
		cur = v
	}
	pos[k] = int32(n)
	r.setWidths(pos[:k+1])
}

// loadBlanked is load for a line of n pixels from (x, y) with ranges to
// read as light: the line is copied, the ranges cleared, and its runs
// found as a row's are.
func (r *lineRuns) loadBlanked(bin *matrix.Matrix, f lineFamily, x, y, n int, light [][2]int) {
	if cap(r.pos) < n+1 {
		r.pos = make([]int32, 0, max(bin.Width, bin.Height)+1)
		r.padded = make([]int32, 0, cap(r.pos)+2*padRuns)
	}
	if cap(r.line) < n {
		r.line = make([]bool, max(bin.Width, bin.Height))
	}
	line := r.line[:n]
	step := f.dy*bin.Width + f.dx
	idx := y*bin.Width + x
	if step == 1 {
		copy(line, bin.Pix[idx:idx+n])
	} else {
		for j := range line {
			line[j] = bin.Pix[idx]
			idx += step
		}
	}
	for _, l := range light {
		clear(line[max(l[0], 0):min(l[1]+1, n)])
	}
	r.firstDark = line[0]
	pos := r.pos[:n+1]
	pos[0] = 0
	k := detect.RunEnds(line, pos[1:])
	r.setWidths(pos[:k+1])
}

// setWidths sets r's runs from the positions where they start and the
// line's end.
func (r *lineRuns) setWidths(pos []int32) {
	k := len(pos) - 1
	r.pos = pos
	r.padded = r.padded[:k+2*padRuns]
	w := r.padded[padRuns : padRuns+k]
	for j := range w {
		w[j] = pos[j+1] - pos[j]
	}
	for j := range padRuns {
		r.padded[j], r.padded[padRuns+k+j] = padWidth, padWidth
	}
	r.w = w
}

// Patterns as seen on a scan line that crosses the symbol from its
// start side (forward) or from its stop side (reversed).
var (
	startReversed = []int{3, 1, 1, 1, 1, 1, 1, 8}
	stopReversed  = []int{1, 2, 1, 1, 1, 3, 1, 1, 7}
)

// wideBar reports whether a bar of width bar is at least 2.5 times as wide
// as each of the given thin elements. The wide bar of a start or stop
// pattern (8 or 7 modules) is that much wider than each of its one-module
// elements whenever matchRatio accepts the pattern: its tolerance leaves
// the bar at least 5.41 modules and a thin element at most 1.87, 2.9 times
// less. Noise and print rarely hold a bar that much wider than the six
// runs around it, so the test rejects nearly every run before matchRatio
// is tried (TestPatternFilters).
func wideBar(bar int32, thin ...int32) bool {
	for _, t := range thin {
		if 2*bar < 5*t {
			return false
		}
	}
	return true
}

// wideShare reports whether a bar of width bar is at least share percent
// of the width of its pattern, whole pixels wide. matchRatio leaves the
// wide bar of a start pattern at least 6.29 of its 17 modules (37%), and
// that of a stop pattern 5.41 of its 18 (30%); startMinShare and
// stopMinShare are a point lower, for the rounding of matchRatio's
// arithmetic (TestPatternFilters).
func wideShare(bar, whole int32, share int32) bool { return 100*bar >= share*whole }

const (
	startMinShare = 36
	stopMinShare  = 29
)

// findHits looks for the patterns of the given kinds on one scan line and
// appends what it finds to hits, by kind and reading direction: hits[k][0]
// forward along the line, hits[k][1] reversed.
//
// Every pattern is looked for from one dark run: the wide bar of a start
// or stop pattern, the first bar of a row address pattern as read (the
// last run of a reversed one).
//
// It returns the lists of hits to drop, one bit for each kind k and
// direction rev (bit 2k+rev): past maxLineHits crossings of a kind and
// direction the line is crossing texture, not symbols, and for
// MicroPDF417, whose row address patterns noise and print imitate most
// often, the line is texture for both sides and directions at once.
// Looking for more hits of a dropped list is wasted: on a line of
// texture the lists fill after a few dozen runs, and the rest of the line
// costs little.
func findHits(r *lineRuns, line int, f lineFamily, kinds [edgeKinds]bool, hits *[edgeKinds][2][]hit) (drop uint8) {
	var want uint8 // lists of the kinds wanted
	for k := range edgeKinds {
		if kinds[k] {
			want |= 3 << (2 * k)
		}
	}
	open := want // lists still looked for
	const (      // bit 2k+rev for kind k, direction rev
		startFwd = 1 << iota
		startRev
		stopFwd
		stopRev
		leftFwd
		leftRev
		rightFwd
		rightRev
		patterns = startFwd | startRev | stopFwd | stopRev
		micro    = leftFwd | leftRev | rightFwd | rightRev
	)
	// add records a hit. Its ends become points of the image if it is
	// part of an edge (placeHits).
	add := func(k edgeKind, rev int, outer, inner int32, unit float64, rap int) {
		hs := append((*hits)[k][rev], hit{line: line, s: float64(outer), sIn: float64(inner), unit: unit, rap: rap})
		(*hits)[k][rev] = hs
		if len(hs) > maxLineHits {
			if k == edgeMicroLeft || k == edgeMicroRight {
				open &^= micro
			} else {
				open &^= 1 << (2*int(k) + rev)
			}
		}
	}
	w, pos := r.w, r.pos
	n := len(w)
	i := 0
	if !r.firstDark {
		i = 1
	}
	g := r.padded
	for ; i < n && open != 0; i += 2 {
		b := w[i]
		// The wide bar of a start or stop pattern is at least 2.5 times
		// as wide as the two runs beside it on one side (wideBar): one
		// test, without a branch for each side, rejects most runs.
		j := i + padRuns
		if open&patterns != 0 && 2*b >= 5*min(max(g[j+1], g[j+2]), max(g[j-1], g[j-2])) {
			// Forward: the wide bar begins the pattern.
			if i+7 < n && 2*b >= 5*max(w[i+1], w[i+2]) {
				if open&startFwd != 0 && wideShare(b, pos[i+8]-pos[i], startMinShare) && wideBar(b, w[i+3], w[i+4], w[i+5], w[i+6]) {
					if u, ok := matchRatio(w[i:], startPattern, startWidth); ok {
						add(edgeStart, 0, pos[i], pos[i+8], u, 0)
					}
				}
				if i+8 < n && open&stopFwd != 0 && wideShare(b, pos[i+9]-pos[i], stopMinShare) && wideBar(b, w[i+4], w[i+5], w[i+6], w[i+8]) {
					if u, ok := matchRatio(w[i:], stopPattern, stopWidth); ok {
						add(edgeStop, 0, pos[i+9], pos[i], u, 0)
					}
				}
			}
			// Reversed: the wide bar ends it.
			if i >= 7 && 2*b >= 5*max(w[i-1], w[i-2]) {
				if open&startRev != 0 && wideShare(b, pos[i+1]-pos[i-7], startMinShare) && wideBar(b, w[i-3], w[i-4], w[i-5], w[i-6]) {
					if u, ok := matchRatio(w[i-7:], startReversed, startWidth); ok {
						add(edgeStart, 1, pos[i+1], pos[i-7], u, 0)
					}
				}
				if i >= 8 && open&stopRev != 0 && wideShare(b, pos[i+1]-pos[i-8], stopMinShare) && wideBar(b, w[i-4], w[i-5], w[i-6], w[i-8]) {
					if u, ok := matchRatio(w[i-8:], stopReversed, stopWidth); ok {
						add(edgeStop, 1, pos[i-8], pos[i+1], u, 0)
					}
				}
			}
		}
		if open&micro == 0 {
			continue
		}
		// A row address pattern is only 10 modules wide: a line crosses
		// it within one row of 2 modules when it runs within about 10°
		// of the rows, where a pattern and the character beside it (27
		// modules) would need 4°. The RAP alone is the hit; the chains
		// that make edges of hits must run through consecutive RAP
		// numbers, which chance patterns do not.
		//
		// Forward, runs i to i+5 are a left RAP after a quiet zone, or a
		// right RAP before the final bar and a quiet zone; reversed, runs
		// i-5 to i are a left RAP before a quiet zone, or a right RAP
		// after the final bar (run i-6) and a quiet zone. Each is read
		// once for both sides.
		if lf, rf := open&leftFwd != 0, open&rightFwd != 0 && i+7 <= n; (lf || rf) && i+6 <= n {
			sw := pos[i+6] - pos[i]
			if rapLike(b, w[i+5], sw) {
				left := lf && quiet(w, i-1, sw)
				right := rf && finalBarLike(w[i+6], sw) && quiet(w, i+7, sw)
				if left || right {
					if rap, u, ok := sideRAP(w[i:i+6], false, sw); ok {
						if left {
							add(edgeMicroLeft, 0, pos[i], pos[i+6], u, rap)
						}
						if right && finalBar(w[i+6], u) {
							add(edgeMicroRight, 0, pos[i+7], pos[i], u, rap)
						}
					}
				}
			}
		}
		if lr, rr := open&leftRev != 0, open&rightRev != 0 && i >= 6; (lr || rr) && i >= 5 {
			sw := pos[i+1] - pos[i-5]
			if rapLike(b, w[i-5], sw) {
				left := lr && quiet(w, i+1, sw)
				right := rr && finalBarLike(w[i-6], sw) && quiet(w, i-7, sw)
				if left || right {
					if rap, u, ok := sideRAP(w[i-5:i+1], true, sw); ok {
						if left {
							add(edgeMicroLeft, 1, pos[i+1], pos[i-5], u, rap)
						}
						if right && finalBar(w[i-6], u) {
							add(edgeMicroRight, 1, pos[i-6], pos[i+1], u, rap)
						}
					}
				}
			}
		}
	}
	return want &^ open
}

// pairRowEnds keeps the MicroPDF417 hits of one line and direction that
// may be the two ends of a row: a left and a right row address pattern as
// far apart as one of the four symbol widths puts them. Both ends of the
// rows are needed for a candidate (candidates), a line crossing a symbol
// within 10° of its rows crosses both, and a row whose one end a line
// misses still has its ends on the lines around it; most hits, chance
// patterns of a picture, have no partner at such a distance: on
// falsepositives-1/-2 this drops about half of the hits before chaining,
// the reader's largest cost on images without a symbol. It returns the
// hits kept, in place.
//
// The rights are in order along the line, as findHits finds them: a left
// hit's partners lie on one side of it, the nearest first, and past the
// widest row its module and the largest of the rights' allow
// (rowEnds) none does. A line of texture holds up to maxLineHits+1 hits of
// each, of which a left one has a few within reach.
func pairRowEnds(lefts, rights []hit, reversed bool) ([]hit, []hit) {
	if len(lefts) == 0 || len(rights) == 0 {
		return lefts[:0], rights[:0]
	}
	maxUnit := 0.0
	for _, r := range rights {
		maxUnit = max(maxUnit, r.unit)
	}
	widest := rowWidths[len(rowWidths)-1][1]
	// Bit i of a mask: hit i is kept. A line holds at most maxLineHits+1
	// hits of a kind and direction (findHits).
	var keepL, keepR uint64
	for i, l := range lefts {
		// rowEnds(d, l.unit, r.unit) is false for every right r when 2d
		// is beyond far: the products and sums rise with their terms,
		// rounding included.
		far := widest * (l.unit + maxUnit)
		j := sort.Search(len(rights), func(m int) bool { return rights[m].s > l.s }) // the first right past l
		if !reversed {
			for ; j < len(rights); j++ {
				d := rights[j].s - l.s
				if 2*d > far {
					break
				}
				if rowEnds(d, l.unit, rights[j].unit) {
					keepL |= 1 << i
					keepR |= 1 << j
				}
			}
			continue
		}
		// Reversed, the row's right end comes first: the rights before
		// l, nearest first.
		for j--; j >= 0; j-- {
			d := -(rights[j].s - l.s)
			if d <= 0 {
				continue // at l itself
			}
			if 2*d > far {
				break
			}
			if rowEnds(d, l.unit, rights[j].unit) {
				keepL |= 1 << i
				keepR |= 1 << j
			}
		}
	}
	return keepHits(lefts, keepL), keepHits(rights, keepR)
}

// lineHits keeps the hits of one line that findEdges chains: those of the
// lists findHits did not drop, paired (pairRowEnds) when pair is set, and
// kept by uncover, which drops those inside the symbols found already.
//
// Pairing needs only the hits' places along the line, so it comes before
// uncover, which it spares the hits it drops (about half). It keeps the
// hits that pairing the uncovered ones would: a hit that pairs with an
// uncovered one is itself paired, so pairing again after uncover, where
// uncover dropped a MicroPDF417 hit, keeps exactly those
// (TestLineHitsOrder).
func lineHits(hits *[edgeKinds][2][]hit, drop uint8, pair bool, uncover func([]hit) []hit) {
	for k := range edgeKinds {
		for rev := range 2 {
			if drop&(1<<(2*int(k)+rev)) != 0 {
				hits[k][rev] = hits[k][rev][:0]
			}
		}
	}
	if pair {
		pairLine(hits)
	}
	repair := false
	for k := range edgeKinds {
		for rev := range 2 {
			if hs := hits[k][rev]; len(hs) > 0 {
				hits[k][rev] = uncover(hs)
				repair = repair || len(hits[k][rev]) < len(hs) && (k == edgeMicroLeft || k == edgeMicroRight)
			}
		}
	}
	if pair && repair {
		pairLine(hits)
	}
}

// pairLine keeps the MicroPDF417 hits of one line that pair up
// (pairRowEnds), in both directions.
func pairLine(hits *[edgeKinds][2][]hit) {
	for rev := range 2 {
		hits[edgeMicroLeft][rev], hits[edgeMicroRight][rev] = pairRowEnds(hits[edgeMicroLeft][rev], hits[edgeMicroRight][rev], rev == 1)
	}
}

// keepHits keeps the hits whose bits are set in keep, in place.
func keepHits(hs []hit, keep uint64) []hit {
	out := hs[:0]
	for i, h := range hs {
		if keep&(1<<i) != 0 {
			out = append(out, h)
		}
	}
	return out
}

// rowWidthTolerance is how far, as a share of the width, the distance
// between a row's ends may be from a symbol width in modules: the module
// sizes measured on the two patterns of ten modules are off by up to a
// pixel each, which at the smallest modules read is a tenth, and the two
// differ in perspective.
const rowWidthTolerance = 0.15

// rowWidths are the ranges of widths in modules, with rowWidthTolerance,
// of MicroPDF417 symbols of one to four columns.
var rowWidths = func() (r [4][2]float64) {
	for i := range r {
		w := float64(microWidth(i + 1))
		r[i] = [2]float64{w * (1 - rowWidthTolerance), w * (1 + rowWidthTolerance)}
	}
	return r
}()

// rowEnds reports whether a left and a right row address pattern d pixels
// apart, of modules ul and ur pixels, may end one row of a symbol.
func rowEnds(d, ul, ur float64) bool {
	d2 := 2 * d
	u := ul + ur
	// The ranges rise with the columns: outside all of them at once,
	// which most chance pairs are, is two comparisons.
	if d2 < rowWidths[0][0]*u || d2 > rowWidths[len(rowWidths)-1][1]*u {
		return false
	}
	for _, r := range rowWidths {
		if d2 >= r[0]*u && d2 <= r[1]*u {
			return true
		}
	}
	return false
}

// uncovered keeps the hits of line i of f outside the symbols the scan
// has found (any reader's, View.Covered), in place: the patterns a line
// finds in the data of a symbol read already (the modules of a QR Code
// hold many chance row address patterns) would only be chained and tried.
func uncovered(v *symbology.View, hs []hit, f lineFamily, i int) []hit {
	out := hs[:0]
	for _, h := range hs {
		if !v.Covered(f.point(i, h.s), 0) {
			out = append(out, h)
		}
	}
	return out
}

// point returns the point of the image s pixels along line i of f, from
// the centre of its first pixel.
func (f lineFamily) point(i int, s float64) detect.Point {
	x0, y0, _ := f.start(i)
	return detect.Point{X: float64(x0) + 0.5 + s*float64(f.dx), Y: float64(y0) + 0.5 + s*float64(f.dy)}
}

// placeHits returns the hits of a chain found on lines of f with their
// ends as points of the image: only for the chains that may be edges,
// since a line of texture holds many hits that come to nothing.
func placeHits(hs []hit, f lineFamily) []placedHit {
	ps := make([]placedHit, len(hs))
	for j, h := range hs {
		ps[j] = placedHit{hit: h, outer: f.point(h.line, h.s), inner: f.point(h.line, h.sIn)}
	}
	return ps
}

// rapLike reports whether six runs of sw pixels in all, the first b
// pixels wide and the last last, may be read as a side row address
// pattern (sideRAP): a module of at least 0.7 pixel, a first bar of 2 to 4
// modules and a last space of 1 to 3, as every side RAP has (sideRAPs).
// sampleRAP counts the modules of the runs before an end e as
// ⌈(20e - sw)/(2sw)⌉, so that the first bar has 2 to 4 modules when
// 3sw < 20b ≤ 9sw, and the last space 1 to 3 when sw ≤ 20·last < 7sw:
// the test rejects none of the patterns sideRAP reads (TestRAPLike), and
// spares it a quarter of the runs it read in falsepositives-1/-2.
func rapLike(b, last, sw int32) bool {
	return sw >= 7 && 20*b > 3*sw && 20*b <= 9*sw && 20*last >= sw && 20*last < 7*sw
}

// quiet reports whether run q of w, beside a row address pattern of sw
// pixels, is a light run of at least about a module, as the quiet zone
// beside a MicroPDF417 row is, or lies beyond the line's ends.
func quiet(w []int32, q int, sw int32) bool {
	return q < 0 || q >= len(w) || 10*w[q] >= 9*sw/rapWidth
}

// finalBarLike reports whether a run of b pixels after a row address
// pattern of sw pixels may be the final bar: finalBar allows up to 1.8
// modules, this 2. A cheap test before the pattern is read
// (TestRAPFilters).
func finalBarLike(b, sw int32) bool { return 5*b <= sw }

// sideRAP decodes six runs of sum pixels (mirrored when reversed) as a
// left or right row address pattern, returning its number and the module
// size.
func sideRAP(w []int32, reversed bool, sum int32) (int, float64, bool) {
	var buf [6]int32
	if reversed {
		for j := range buf {
			buf[j] = w[5-j]
		}
	} else {
		copy(buf[:], w)
	}
	u := float64(sum) / rapWidth
	// Every side RAP begins with a bar of 2 to 4 modules, and no element
	// is wider than 4 modules.
	if u < 0.7 || float64(buf[0]) < 1.4*u || float64(max(buf[0], buf[1], buf[2], buf[3], buf[4], buf[5])) > 4.8*u {
		return 0, 0, false
	}
	n, ok := sampleRAP(buf[:], 0)
	return n, u, ok
}

// finalBar reports whether a run is the one-module bar that ends every
// MicroPDF417 row.
func finalBar(w int32, u float64) bool { return math.Abs(float64(w)/u-1) <= 0.8 }

// scanDirections returns how many of familyDirs the row scan follows on a
// view. Fast mode scans rows only. Thorough mode scans columns and both
// diagonals too on its first view; on the views it tries when that found
// nothing it scans rows only (another binarization, half size), or rows
// and columns (light on dark, which only that view shows, at any quarter
// turn). The others are for symbols that the first view does not show,
// which the corpus has none of (its first view reads every image, at
// every quarter turn, on rows and columns alone), while on an image
// without a symbol each direction of a view costs about as much as the
// first view's rows. TestScanDirections holds the scan to the pixels this
// walks, and TestReadDiagonal shows what the diagonals are for.
func scanDirections(thorough, lastResort, inverted bool) int {
	switch {
	case thorough && !lastResort:
		return len(familyDirs)
	case thorough && inverted:
		return 2
	}
	return 1
}

// coveredPixels appends to dst the pixels of line i of f that lie inside
// symbols found already (View.CoveredPixels), as ranges of indices along
// the line: the scan reads them as light, so that the modules of a symbol
// another reader found cost it nothing.
func coveredPixels(v *symbology.View, f lineFamily, i int, dst [][2]int) [][2]int {
	x, y, n := f.start(i)
	a := detect.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5}
	b := a.Add(detect.Point{X: float64(f.dx), Y: float64(f.dy)}.Mul(float64(n - 1)))
	return v.CoveredPixels(a, b, n, dst)
}

// A rowScan is the storage of findEdges, kept from view to view and scan
// to scan (rowScans): its chainers' chains and their hits, the runs and
// hits of a line. An image scanned afresh grows them again, about 60 KB
// of garbage for each view of a photo.
type rowScan struct {
	chainers [edgeKinds][2]*chainer
	rr       lineRuns
	hits     [edgeKinds][2][]hit // the hits of one line
	light    [][2]int            // the line's pixels to read as light
}

// rowScans holds the rowScans not in use.
var rowScans = sync.Pool{New: func() any { return new(rowScan) }}

// findEdges finds the edges of the given kinds on a view.
func findEdges(v *symbology.View, kinds [edgeKinds]bool) [edgeKinds][]edge {
	bin := v.Bin
	fams := scanDirections(v.Thorough, v.Pass.LastResort, v.Pass.View.Inverted)
	var edges [edgeKinds][]edge
	rs := rowScans.Get().(*rowScan)
	defer rowScans.Put(rs)
	rr, hits := &rs.rr, &rs.hits
	// A view scanned in several directions keeps only the MicroPDF417
	// hits that pair up on their line (pairRowEnds): a symbol turned far
	// from the rows, whose rows a line crosses before it has crossed
	// both ends of one, is read on the lines of another direction. A
	// view scanned on rows alone keeps every hit.
	pair := fams > 1 && kinds[edgeMicroLeft] && kinds[edgeMicroRight]
	chainers := &rs.chainers
	for k := range edgeKinds {
		for rev := range 2 {
			if ch := chainers[k][rev]; ch != nil {
				ch.reset(k)
			}
		}
	}
	for fi := range fams {
		f := lineFamily{dx: familyDirs[fi][0], dy: familyDirs[fi][1], w: bin.Width, h: bin.Height}
		for k := range edgeKinds {
			if !kinds[k] {
				continue
			}
			for rev := range 2 {
				if chainers[k][rev] == nil {
					chainers[k][rev] = newChainer(k, f)
				} else {
					chainers[k][rev].restart(f)
				}
			}
		}
		// Every other row or column: a symbol of 3 rows drawn 3 pixels
		// tall still crosses 4 of them, minEdgeHits, and a MicroPDF417
		// row of 2 modules of 1 pixel one, so that its row address
		// patterns still run on from line to line. The reference corpus
		// reads the same as on every line, at half the cost on an image
		// without a symbol. Diagonal lines lie 1/√2 pixel apart: every
		// fourth one, 2.8 pixels apart, is dense enough for the symbols
		// they are for, turned far from the rows and columns, whose start
		// and stop patterns cross many more of them than minEdgeHits
		// (TestReadDiagonal), and costs an image without a symbol half
		// what every other one would.
		step := 2
		if f.dx != 0 && f.dy != 0 {
			step = 4
		}
		if max(bin.Width, bin.Height) > downscaleAbove {
			// A view this large is a photo whose symbols' rows are many
			// pixels tall: every other line crosses each edge more than
			// minEdgeHits times, at half the cost of every line.
			step *= 2
		}
		for i := 0; i < f.count(); i += step {
			if i&63 == 0 && v.Stopped() {
				return edges
			}
			rs.light = coveredPixels(v, f, i, rs.light[:0])
			rr.load(bin, f, i, rs.light)
			for k := range hits {
				hits[k][0], hits[k][1] = hits[k][0][:0], hits[k][1][:0]
			}
			drop := findHits(rr, i, f, kinds, hits)
			// The hits of the lines kept, paired, outside the symbols
			// found already.
			lineHits(hits, drop, pair, func(hs []hit) []hit {
				return uncovered(v, hs, f, i)
			})
			for k := range edgeKinds {
				for rev := range 2 {
					if hs := hits[k][rev]; len(hs) > 0 {
						chainers[k][rev].add(i, hs)
					}
				}
			}
		}
		for k := range edgeKinds {
			if kinds[k] {
				for rev := range 2 {
					edges[k] = append(edges[k], mergeEdges(chainers[k][rev].finish())...)
				}
			}
		}
	}
	return edges
}
