package linear

import "slices"

// Edge detection works on a luminance profile: the sum of one to three
// adjacent pixel rows along a scan line. It finds the profile's alternating
// local maxima (light) and minima (dark) with hysteresis: an extreme counts
// once the profile has moved away from it by the threshold. Between two
// such extremes lies one edge, placed with sub-pixel precision by
// crossing.
const (
	// contrastFraction is the threshold as a fraction of the local
	// contrast, the range of the profile over the three blocks around
	// the pixel. The thin elements of a blurred symbol photographed at
	// two pixels per module swing by as little as a sixth of the
	// contrast; noise and compression artefacts within wide elements
	// mostly stay under a tenth (TestEdgesBlurred, TestEdgesNoise). Of
	// 0.08 to 0.25, 0.1 to 0.12 read the most of the reference corpus.
	contrastFraction = 0.12
	// minSwing is the least threshold, in grey levels per pixel row: in
	// a flat region the local contrast is noise alone, and a fraction of
	// it would cut noise into elements.
	minSwing = 8
	// blockDiv and minBlock set the block size of the local contrast: a
	// 32nd of the line, at least 8 pixels. Three blocks span more than the
	// widest element of a symbol that covers a quarter of the line (EAN
	// and Code 128 elements are at most 4 of 67 to 100+ modules), so each
	// window holds both a bar and a space of the symbol.
	blockDiv = 32
	minBlock = 8
	// swingFraction: a turn counts only when it reverses at least this
	// fraction of the swing before it. A symbol's edges swing from dark
	// to light and back, a blurred narrow element at least a third as
	// far as its neighbours; the step from a white label to the grey
	// surface around it, right after the symbol's last bar, is a small
	// fraction of that last swing and is no edge (TestEdgesLabelBorder).
	swingFraction = 0.25
	// swingDen is 1/swingFraction, for the walks to compare swings in
	// integers (TestSwingDen), a power of two, 1<<swingShift, for them to
	// divide by shifting.
	swingShift = 2
	swingDen   = 1 << swingShift
	// edgeReach is how far, in pixels, from an edge's steepest step the
	// levels on either side of it are taken. A blurred edge spreads over
	// a few pixels; the levels are found within them, and the crossing of
	// their midpoint stays at the edge's centre even when the reach cuts
	// a long edge short, as long as it cuts it evenly.
	edgeReach = 3
)

// extreme is a local maximum or minimum of a profile.
type extreme struct {
	pos int
	v   int32
}

// edgeFinder cuts profiles into elements, holding the scratch buffers of
// edge detection from line to line. It is tuned for speed, as a scan cuts
// thousands of lines, most of them several times: no division per pixel
// or per edge, block-by-block loops, the crossing searched outwards from
// the steepest step, and a line's second walk (findBackward) reusing the
// edges of its first. find cuts exactly the edges of the plain version
// kept beside its tests, and findBackward those of the plain reading of
// the reversed line (TestEdgeFinderMatchesReference,
// TestFindBackwardMatchesReference).
type edgeFinder struct {
	fraction float64 // the threshold as a fraction of the local contrast
	floor    float64 // the least threshold in grey levels per pixel row

	fwd, back blocks    // the local contrast, blocks laid from the start and from the end
	ext       []extreme // the extremes of find's walk (their storage)
	rext      []extreme // those of findBackward's
	pos       []float64 // element boundaries
	// find's extremes and, for its edge j between fext[j] and
	// fext[j+1], its place cross[j], its steepest step step[j] and the
	// level env2[j] of the local contrast it took: what findBackward
	// may reuse. rcross holds findBackward's edges.
	fext       []extreme
	cross      []float64
	step, env2 []int32
	rcross     []float64
	// contrasted counts the edges of the last line find cut where the
	// local contrast, not the floor, set the threshold: the edges of
	// something printed, not of noise on a plain surface.
	contrasted int
}

// blocks is the local contrast of a profile, measured block by block.
type blocks struct {
	size    int  // pixels per block
	n       int  // pixels of the profile
	fromEnd bool // the blocks are laid from the profile's end
	// Per block: the least and greatest value of the profile (lo, hi),
	// twice the midpoint of the range over the block and its neighbours
	// (mid2), and the threshold: contrastFraction of that range, at
	// least the floor.
	lo, hi, mid2, thr []int32
}

// measureBoth measures the ranges of profile p over blocks of a
// blockDiv-th of the line, at least minBlock pixels, laid both from p's
// start (fwd) and from its end (back), in one pass: where the line is not
// a whole number of blocks, r pixels over, a block from the end is the
// last b-r pixels of one block from the start and the first r of the
// next, so the pass takes the range of each block's two parts, split at
// r. It sets the blocks' size and their lo and hi, not their thresholds
// (see threshold).
func measureBoth(p []int32, fwd, back *blocks) {
	n := len(p)
	b := max(minBlock, n/blockDiv)
	nb := (n + b - 1) / b
	r := n % b
	fwd.size, fwd.n, fwd.fromEnd = b, n, false
	back.size, back.n, back.fromEnd = b, n, true
	fwd.lo, fwd.hi = resize(fwd.lo, nb), resize(fwd.hi, nb)
	back.lo, back.hi = resize(back.lo, nb), resize(back.hi, nb)
	if r == 0 {
		for k := range nb {
			fwd.lo[k], fwd.hi[k] = rangeOf(p[k*b : (k+1)*b])
		}
		for k := range nb {
			back.lo[k], back.hi[k] = fwd.lo[nb-1-k], fwd.hi[nb-1-k]
		}
		return
	}
	// Block k from the start is pixels k*b to k*b+r, then to (k+1)*b;
	// block j < nb-1 from the end is the second part of block nb-2-j from
	// the start and the first part of block nb-1-j, and block nb-1 from
	// the end the first part of block 0.
	q := n / b         // the whole blocks; the last from the start holds r pixels
	var loB, hiB int32 // the range of the second part of the block before
	for k := range nb {
		loA, hiA := rangeOf(p[k*b : k*b+r])
		if k > 0 {
			back.lo[q-k], back.hi[q-k] = min(loB, loA), max(hiB, hiA)
		} else {
			back.lo[q], back.hi[q] = loA, hiA
		}
		lo, hi := loA, hiA
		if k < q {
			loB, hiB = rangeOf(p[k*b+r : (k+1)*b])
			lo, hi = min(lo, loB), max(hi, hiB)
		}
		fwd.lo[k], fwd.hi[k] = lo, hi
	}
}

// rangeOf returns the least and greatest of the values of q, which holds
// at least one: two pixels a step, in two pairs of running extremes, for
// the comparisons of each to wait on half as many before.
func rangeOf(q []int32) (lo, hi int32) {
	lo, hi = q[0], q[0]
	lo1, hi1 := lo, hi
	i := 1
	for ; i+1 < len(q); i += 2 {
		u, v := q[i], q[i+1]
		lo, hi = min(lo, u), max(hi, u)
		lo1, hi1 = min(lo1, v), max(hi1, v)
	}
	if i < len(q) {
		lo, hi = min(lo, q[i]), max(hi, q[i])
	}
	return min(lo, lo1), max(hi, hi1)
}

// threshold sets the midpoint and threshold of each block of g, measured,
// for a profile of a line of rows pixel rows: the range over the block and
// its neighbours, and fraction of it, at least floor grey levels per row.
func (g *blocks) threshold(rows int, floor, fraction float64) {
	nb := len(g.lo)
	g.mid2 = resize(g.mid2, nb)
	g.thr = resize(g.thr, nb)
	fl := int32(floor * float64(rows))
	for k := 0; k < nb; k++ {
		lo, hi := g.lo[k], g.hi[k]
		if k > 0 {
			lo, hi = min(lo, g.lo[k-1]), max(hi, g.hi[k-1])
		}
		if k+1 < nb {
			lo, hi = min(lo, g.lo[k+1]), max(hi, g.hi[k+1])
		}
		g.mid2[k] = lo + hi
		g.thr[k] = max(fl, int32(float64(hi-lo)*fraction))
	}
}

// cursor follows the block of a pixel along a line, forwards: at(x) for
// x that never decrease costs no division.
type cursor struct {
	g          *blocks
	blk, bound int // pixel x < bound lies in block blk (and above the block before)
}

func (g *blocks) cursor() cursor {
	if g.fromEnd {
		blk := (g.n - 1) / g.size
		return cursor{g, blk, g.n - blk*g.size}
	}
	return cursor{g, 0, g.size}
}

// at returns the block of pixel x.
func (c *cursor) at(x int) int {
	for x >= c.bound {
		if c.g.fromEnd {
			c.blk--
		} else {
			c.blk++
		}
		c.bound += c.g.size
	}
	return c.blk
}

// mid2 returns twice the midpoint of the local contrast at the edge whose
// steepest step is from pixel k to k+1: that of the block of the step's
// first pixel in the walk's direction (k forwards, k+1 backwards).
func (c *cursor) mid2(k int) int32 {
	if c.g.fromEnd {
		return c.g.mid2[c.at(k+1)]
	}
	return c.g.mid2[c.at(k)]
}

// find cuts profile p, the sum of rows pixel rows along a line, into
// elements and stores them in r.
func (f *edgeFinder) find(p []int32, rows int, r *Row) {
	f.findMore(p, rows, r, 0)
}

// findMore is find for a line whose elements matter only when they are
// more than fewer: it reports whether they are, and when they are not, it
// leaves r as it was, and stops before placing the edges, which are most
// of find's work once the extremes are known. A line is read strongly
// sharpened only where sharpening split elements (line); most lines stop
// so.
func (f *edgeFinder) findMore(p []int32, rows int, r *Row, fewer int) bool {
	n := len(p)
	f.fext, f.cross, f.step, f.env2 = f.fext[:0], f.cross[:0], f.step[:0], f.env2[:0]
	if n == 0 {
		if fewer >= 1 {
			return false
		}
		r.set(append(f.pos[:0], 0, 0))
		return true
	}
	measureBoth(p, &f.fwd, &f.back)
	f.fwd.threshold(rows, f.floor, f.fraction)
	f.ext = f.walk(p, f.ext[:0])
	ext := trimBackground(f.ext)
	f.fext = ext
	if elementCount(ext) <= fewer {
		f.fext = f.fext[:0]
		return false
	}
	ne := max(0, len(ext)-1)
	f.cross, f.step, f.env2 = resize(f.cross, ne), resize(f.step, ne), resize(f.env2, ne)
	cross, step, env2 := f.cross[:ne], f.step[:ne], f.env2[:ne]
	floor := int32(f.floor * float64(rows))
	contrasted := 0
	b, thr, mid2 := f.fwd.size, f.fwd.thr, f.fwd.mid2
	blkA, endA := 0, b // the block of ext[j] and where it ends
	blkK, endK := 0, b // the block of the steepest step
	for j := range ne {
		a, z := ext[j], ext[j+1]
		for a.pos >= endA {
			blkA++
			endA += b
		}
		if thr[blkA] > floor {
			contrasted++
		}
		// The steepest step, the first of the steepest (steepest,
		// written out: a call per edge costs as much).
		q := p[a.pos : z.pos+1]
		k := 0
		if a.v >= z.v {
			best := q[0] - q[1]
			for i := 1; i+1 < len(q); i++ {
				if d := q[i] - q[i+1]; d > best {
					k, best = i, d
				}
			}
		} else {
			best := q[1] - q[0]
			for i := 1; i+1 < len(q); i++ {
				if d := q[i+1] - q[i]; d > best {
					k, best = i, d
				}
			}
		}
		k += a.pos
		for k >= endK {
			blkK++
			endK += b
		}
		step[j], env2[j] = int32(k), mid2[blkK]
	}
	crossings(p, ext, step, env2, cross)
	f.contrasted = contrasted
	f.pos = elements(f.pos, ext, f.cross, n)
	r.set(f.pos)
	return true
}

// findBackward cuts p into elements as find does, as if the line were
// read from its other end: the extremes found walking p from its end to
// its start, with the local contrast measured over blocks laid from the
// end. Hysteresis may cut a blurred or noisy symbol differently walked
// the other way, and blocks laid otherwise place edges otherwise: the
// second reading of a line finds what the first missed (ean13-extension-1
// of the reference corpus reads an add-on only so).
//
// It must follow find of the same p, which measured its blocks from the
// end (measureBoth), and whose edges it reuses where the same two
// extremes bound an edge with the same level of local contrast (an edge
// depends on nothing else): on most lines, most of them. It reports
// same when the walks found the same extremes and every edge was reused:
// then the elements are those of find.
func (f *edgeFinder) findBackward(p []int32, rows int, r *Row) (same bool) {
	n := len(p)
	if n == 0 {
		r.set(append(f.pos[:0], 0, 0))
		return true
	}
	// find measured the blocks from the end too.
	f.back.threshold(rows, f.floor, f.fraction)
	f.rext = f.walkBackward(p, f.rext[:0])
	ext := trimBackground(f.rext)
	slices.Reverse(ext)
	same = len(ext) == len(f.fext)
	cross := f.rcross[:0]
	steps := f.back.cursor()
	m := 0 // ext[j] is f.fext[m] when they are one
	for j := 0; j+1 < len(ext); j++ {
		for m < len(f.fext) && f.fext[m].pos < ext[j].pos {
			m++
		}
		if m+1 < len(f.fext) && f.fext[m] == ext[j] && f.fext[m+1] == ext[j+1] && steps.mid2(int(f.step[m])) == f.env2[m] {
			cross = append(cross, f.cross[m])
			continue
		}
		same = false
		k := steepest(p, ext[j], ext[j+1])
		ks, ms := [1]int32{int32(k)}, [1]int32{steps.mid2(k)}
		cross = append(cross, 0)
		crossings(p, ext[j:j+2], ks[:], ms[:], cross[len(cross)-1:])
	}
	f.rcross = cross
	if same {
		r.set(f.pos)
		return true
	}
	f.pos = elements(f.pos, ext, cross, n)
	r.set(f.pos)
	return false
}

// elements returns in pos the element boundaries of a line of n pixels
// whose extremes are ext and whose edges between them are cross: a
// zero-width space first when the line starts dark, one boundary per
// edge, and a zero-width space last when it ends dark.
func elements(pos []float64, ext []extreme, cross []float64, n int) []float64 {
	pos = append(pos[:0], 0)
	if len(ext) > 0 && ext[0].v < ext[min(1, len(ext)-1)].v {
		pos = append(pos, 0)
	}
	pos = append(pos, cross...)
	if len(ext) > 1 && ext[len(ext)-1].v < ext[len(ext)-2].v {
		pos = append(pos, float64(n))
	}
	return append(pos, float64(n))
}

// elementCount returns the number of elements of a line whose extremes
// are ext, as elements cuts them: one more than its boundaries between
// the line's ends.
func elementCount(ext []extreme) int {
	n := 1 + max(0, len(ext)-1)
	if len(ext) > 0 && ext[0].v < ext[min(1, len(ext)-1)].v {
		n++
	}
	if len(ext) > 1 && ext[len(ext)-1].v < ext[len(ext)-2].v {
		n++
	}
	return n
}

// walk appends to ext the alternating extremes of p, walking it from its
// start: each is the most extreme value of its run, and consecutive ones
// differ by at least the threshold of the block where the profile turned.
//
// The walk looks for a maximum and a minimum in turn. To look for both in
// one loop, without a branch on which it looks for, it reads the profile
// through a mask, m: 0 while it looks for a maximum, -1 (every bit set)
// while it looks for a minimum, when v^m is -v-1, which orders the values
// the other way. The running extreme cur and the one before, last, are
// kept masked, so the loop always looks for a maximum of v^m. A turn
// counts when the profile has dropped from cur by d, at least the
// block's threshold t and at least a swingDen-th of the swing before,
// cur-last: swingDen*d >= cur-last is d >= ceil((cur-last)/swingDen),
// which is (cur-last+swingDen-1)>>swingShift as >> rounds down. The
// pixel that sets a new maximum has d = 0, under t (at least the floor,
// which is positive), so updating cur before the test leaves the test as
// it was; with the test a single comparison, the loop's one unpredictable
// branch is the turn.
func (f *edgeFinder) walk(p []int32, ext []extreme) []extreme {
	n := len(p)
	b, thr := f.fwd.size, f.fwd.thr
	s, i, ok := firstSwing(p, thr, b, false)
	if !ok {
		return ext
	}
	ext = append(ext, s.first)
	m, cur, curPos, last := s.m, s.cur, s.curPos, s.last
	for k := i / b; k < len(thr); k++ {
		t := thr[k]
		blk := p[:min(n, (k+1)*b)]
		for ; i < len(blk); i++ {
			w := blk[i] ^ m
			if w > cur {
				cur, curPos = w, i
			}
			if cur-w >= max(t, (cur-last+swingDen-1)>>swingShift) {
				ext = append(ext, extreme{curPos, cur ^ m})
				// Masked the other way, last is ^cur and the
				// new running extreme ^w.
				m, last, cur, curPos = ^m, ^cur, ^w, i
			}
		}
	}
	return append(ext, extreme{curPos, cur ^ m})
}

// walkBackward is walk from the end of p to its start, with the
// thresholds of the blocks laid from the end: it appends the extremes in
// the order it finds them, from the end.
func (f *edgeFinder) walkBackward(p []int32, ext []extreme) []extreme {
	n := len(p)
	b, thr := f.back.size, f.back.thr
	s, i, ok := firstSwing(p, thr, b, true)
	if !ok {
		return ext
	}
	ext = append(ext, s.first)
	m, cur, curPos, last := s.m, s.cur, s.curPos, s.last
	for k := (n - 1 - i) / b; k < len(thr); k++ {
		t := thr[k]
		// The block's pixels from its start, first, to i, walked from
		// i: q[j] is p[first+j].
		first := max(0, n-(k+1)*b)
		q := p[first : i+1]
		for j := len(q) - 1; j >= 0; j-- {
			w := q[j] ^ m
			if w > cur {
				cur, curPos = w, first+j
			}
			if cur-w >= max(t, (cur-last+swingDen-1)>>swingShift) {
				ext = append(ext, extreme{curPos, cur ^ m})
				m, last, cur, curPos = ^m, ^cur, ^w, first+j
			}
		}
		i = first - 1
	}
	return append(ext, extreme{curPos, cur ^ m})
}

// swing is where a walk stands once its first extreme is known: the
// extreme, and the state walk and walkBackward go on from, masked.
type swing struct {
	first  extreme
	m, cur int32
	curPos int
	last   int32
}

// firstSwing follows p from its start, or from its end when backward,
// until the range of the values so far reaches the threshold of the
// block (of size b, laid from the same end) where it is: of the range's
// two extremes, the one met first is the walk's first extreme and the
// other its running one. It returns that state and the pixel where the
// walk goes on, or false when the range never reaches the threshold.
func firstSwing(p []int32, thr []int32, b int, backward bool) (s swing, next int, ok bool) {
	n := len(p)
	start, step := 0, 1
	if backward {
		start, step = n-1, -1
	}
	hi, lo := p[start], p[start]
	hiPos, loPos := 0, 0 // in the walk's order
	blk, end := 0, b     // pixel i lies in block blk, i/b, until end (no division a pixel)
	for i := 1; i < n; i++ {
		if i == end {
			blk++
			end += b
		}
		x := start + step*i // pixel i in the walk's direction
		v := p[x]
		if v > hi {
			hi, hiPos = v, i
		}
		if v < lo {
			lo, loPos = v, i
		}
		if hi-lo < thr[blk] {
			continue
		}
		hx, lx := start+step*hiPos, start+step*loPos // their pixels
		if hiPos < loPos {
			s = swing{extreme{hx, hi}, -1, ^lo, lx, ^hi}
		} else {
			s = swing{extreme{lx, lo}, 0, hi, hx, lo}
		}
		return s, x + step, true
	}
	return s, 0, false
}

// trimBackground drops the first extremes of a walk, in the order found,
// while the first swing is much smaller than the one after it. The walk
// accepts a first swing as small as the threshold; when the swing after
// it is much larger, the first was a step in the background (a grey
// surface meeting a white label), not an edge of the symbol.
func trimBackground(ext []extreme) []extreme {
	for len(ext) >= 3 && absDiff(ext[0].v, ext[1].v) < swingFraction*absDiff(ext[1].v, ext[2].v) {
		ext = ext[1:]
	}
	return ext
}

// absDiff returns |a-b|.
func absDiff(a, b int32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}

// steepest returns k, the first pixel of the steepest step between
// extremes a and b, a before b: the first of the steepest, from pixel k
// to k+1.
func steepest(p []int32, a, b extreme) int {
	q := p[a.pos : b.pos+1]
	k := 0
	if a.v >= b.v { // a falling edge
		best := q[0] - q[1]
		for i := 1; i+1 < len(q); i++ {
			if d := q[i] - q[i+1]; d > best {
				k, best = i, d
			}
		}
	} else {
		best := q[1] - q[0]
		for i := 1; i+1 < len(q); i++ {
			if d := q[i+1] - q[i]; d > best {
				k, best = i, d
			}
		}
	}
	return a.pos + k
}

// crossings sets cross[j] to the position of the edge between extremes
// ext[j] and ext[j+1] along the line, whose steepest step is from pixel
// step[j] to the next and where twice the midpoint of the local contrast
// is mid2[j]: pixel k covers [k, k+1) and its value is taken at its
// centre, k+0.5. The edge is where the profile crosses a level,
// interpolated between the two pixels around the crossing nearest the
// steepest step.
//
// Blur lowers the swing of thin elements. Put at the midpoint of the
// levels on either side of the edge, a thin element's edges fall outside
// it and it reads wide; put at the midpoint of the full local contrast
// (the darkest and lightest values of the three blocks around the step),
// they fall inside it and it reads narrow. The level is the mean of the
// two, which keeps one- and three-module elements within a few tenths of
// a module of their width at blurs up to 0.4 of a module
// (TestEdgesBlurred); of weights 0, 0.3, 0.5, 0.7 and 1 for the full
// contrast, 0.5 read the most EAN/UPC images of the reference corpus
// (274 in thorough mode, against 242 and 244 at either end, when it was
// chosen). An element too thin and blurred to cross the
// contrast's midpoint takes the midpoint of its own levels. The levels on
// either side of the edge are taken within edgeReach pixels of its
// steepest step, not at the extremes, which may lie far off across a slow
// shading of the background.
func crossings(p []int32, ext []extreme, step, mid2 []int32, cross []float64) {
	// The levels on either side, within edgeReach of the step, and
	// twice the level between them, to stay in integers; then the
	// crossing of the level nearest the steepest step, the earlier of
	// two as near, searched outwards from it. Written out for falling
	// and rising edges, in one loop: a scan places millions of edges.
	// The levels are taken over edgeReach pixels each side whatever the
	// edge's length, pixels beyond an extreme replaced by the extreme
	// itself (lo, hi), which changes neither the least nor the greatest
	// value: a fixed count of pixels, written out for edgeReach 3, with
	// no loop end for the processor to predict (another edgeReach fails
	// TestEdgeFinderMatchesReference until they are written again).
	cross = cross[:len(step)]
	mid2 = mid2[:len(step)]
	for j := range cross {
		a, b, k, m := ext[j], ext[j+1], int(step[j]), mid2[j]
		lo, hi := max(a.pos, k-edgeReach), min(b.pos, k+1+edgeReach)
		va, vb := p[k], p[k+1]
		best := k
		var level2 int32
		if a.v >= b.v { // falling
			va = max(va, p[max(lo, k-1)], p[max(lo, k-2)], p[max(lo, k-3)])
			vb = min(vb, p[min(hi, k+2)], p[min(hi, k+3)], p[min(hi, k+4)])
			level2 = va + vb
			// The midpoint of the local contrast, when the edge
			// crosses it.
			if 2*a.v > m && 2*b.v < m {
				level2 = (level2 + m) / 2
				lo, hi = a.pos, b.pos
			}
			if !(2*p[k] > level2 && 2*p[k+1] <= level2) {
				for d := 1; k-d >= lo || k+d < hi; d++ {
					if i := k - d; i >= lo && 2*p[i] > level2 && 2*p[i+1] <= level2 {
						best = i
						break
					}
					if i := k + d; i < hi && 2*p[i] > level2 && 2*p[i+1] <= level2 {
						best = i
						break
					}
				}
			}
		} else {
			va = min(va, p[max(lo, k-1)], p[max(lo, k-2)], p[max(lo, k-3)])
			vb = max(vb, p[min(hi, k+2)], p[min(hi, k+3)], p[min(hi, k+4)])
			level2 = va + vb
			if 2*a.v < m && 2*b.v > m {
				level2 = (level2 + m) / 2
				lo, hi = a.pos, b.pos
			}
			if !(2*p[k] < level2 && 2*p[k+1] >= level2) {
				for d := 1; k-d >= lo || k+d < hi; d++ {
					if i := k - d; i >= lo && 2*p[i] < level2 && 2*p[i+1] >= level2 {
						best = i
						break
					}
					if i := k + d; i < hi && 2*p[i] < level2 && 2*p[i+1] >= level2 {
						best = i
						break
					}
				}
			}
		}
		// Interpolated between the centres of pixels best and best+1.
		if d := 2 * (p[best] - p[best+1]); d == 0 {
			cross[j] = float64(best) + 1
		} else {
			cross[j] = float64(best) + 0.5 + float64(2*p[best]-level2)/float64(d)
		}
	}
}

// resize returns s with length n, reusing its storage.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
