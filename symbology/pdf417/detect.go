package pdf417

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// Finding symbols (ISO/IEC 15438:2015, ISO/IEC 24728:2006): every
// row of a PDF417 symbol begins with the same start pattern and ends with
// the same stop pattern, so the patterns form two long edges, one on each
// side of the symbol, whatever its rows hold. A straight scan line that
// crosses a pattern sees its bars and spaces in their fixed ratio at any
// angle, so the detector scans the binarized image along rows, columns and
// both diagonals, finds the patterns on each line, chains the crossings of
// one pattern on neighbouring lines into an edge, and pairs start edges with
// stop edges facing them. MicroPDF417 has no fixed patterns; its edges are
// the crossings of its left row address patterns (after a quiet zone) and
// of its right ones (before the final one-module bar and a quiet zone),
// chained where their numbers run on from row to row.

// edgeKind is the kind of pattern an edge is made of.
type edgeKind uint8

const (
	edgeStart      edgeKind = iota // PDF417 start pattern
	edgeStop                       // PDF417 stop pattern
	edgeMicroLeft                  // MicroPDF417 left row address pattern
	edgeMicroRight                 // MicroPDF417 right row address pattern and final bar
	edgeKinds
)

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

// A hit is one crossing of a pattern by a scan line.
type hit struct {
	line  int          // index of the line in its family
	s     float64      // position of the outer edge along the line, in pixels from its start
	outer detect.Point // the pattern's outer edge: where the symbol begins or ends
	inner detect.Point // the pattern's other end
	unit  float64      // module size along the line, in pixels
	rap   int          // MicroPDF417: the row address pattern's number
}

// runs is a scan line as runs of equal pixels: widths, the colour of the
// first, and the positions where each starts.
type runs struct {
	w         []int32
	pos       []int32
	firstDark bool
}

// dark reports whether run i is dark.
func (r *runs) dark(i int) bool { return (i%2 == 0) == r.firstDark }

// load fills r with the runs of line i of f in bin.
func (r *runs) load(bin *matrix.Matrix, f lineFamily, i int) {
	x, y, n := f.start(i)
	r.w, r.pos = r.w[:0], r.pos[:0]
	if n <= 0 {
		return
	}
	step := f.dy*bin.Width + f.dx
	idx := y*bin.Width + x
	cur := bin.Pix[idx]
	r.firstDark = cur
	start := 0
	for k := 1; k < n; k++ {
		idx += step
		if v := bin.Pix[idx]; v != cur {
			r.w = append(r.w, int32(k-start))
			r.pos = append(r.pos, int32(start))
			start, cur = k, v
		}
	}
	r.w = append(r.w, int32(n-start))
	r.pos = append(r.pos, int32(start))
}

// matchRatio compares widths with a pattern's element widths (in modules,
// total modules in all) and returns the module size if each element is
// within tolerance: about 3/4 of a module for thin elements and a little
// more for wide ones, whose edges blur and spread the same but which printers
// and binarizers stretch in proportion.
func matchRatio(w []int32, want []int, total int) (float64, bool) {
	sum := 0
	for _, x := range w[:len(want)] {
		sum += int(x)
	}
	u := float64(sum) / float64(total)
	if u < 0.7 {
		return 0, false
	}
	dev := 0.0
	for i, e := range want {
		d := math.Abs(float64(w[i])/u - float64(e))
		if d > 0.75+0.12*float64(e) {
			return 0, false
		}
		dev += d
	}
	if dev > 0.45*float64(len(want)) {
		return 0, false
	}
	return u, true
}

// Patterns as seen on a scan line that crosses the symbol from its
// start side (forward) or from its stop side (reversed).
var (
	startReversed = []int{3, 1, 1, 1, 1, 1, 1, 8}
	stopReversed  = []int{1, 2, 1, 1, 1, 3, 1, 1, 7}
)

// sampleChar decodes the eight elements w (bar first) as a symbol
// character by reading the colour at the centre of each of its 17 modules.
func sampleChar(w []int32) (value, cluster int, ok bool) {
	total := 0
	for _, x := range w[:elementCount] {
		total += int(x)
	}
	if total < moduleCount/2 {
		return 0, 0, false
	}
	var p uint32
	e, edge := 0, int(w[0]) // element under the sample, its end
	for m := range moduleCount {
		// Centre of module m, in units of 1/(2·17) of the total.
		c := (2*m + 1) * total
		for e < elementCount-1 && 2*moduleCount*edge <= c {
			e++
			edge += int(w[e])
		}
		p <<= 1
		if e%2 == 0 {
			p |= 1
		}
	}
	return lookupPattern(p)
}

// sampleRAP decodes six elements as a row address pattern of set (0 sides,
// 1 centre).
func sampleRAP(w []int32, set int) (int, bool) {
	total := 0
	for _, x := range w[:6] {
		total += int(x)
	}
	var p uint32
	e, edge := 0, int(w[0])
	for m := range rapWidth {
		c := (2*m + 1) * total
		for e < 5 && 2*rapWidth*edge <= c {
			e++
			edge += int(w[e])
		}
		p <<= 1
		if e%2 == 0 {
			p |= 1
		}
	}
	n := rapPatterns[set][p&(1<<rapWidth-1)]
	return int(n), n != 0
}

// findHits looks for the patterns of the given kinds on one scan line and
// appends what it finds to hits, by kind and reading direction: hits[k][0]
// forward along the line, hits[k][1] reversed.
func findHits(r *runs, line int, f lineFamily, kinds [edgeKinds]bool, hits *[edgeKinds][2][]hit) {
	x0, y0, _ := f.start(line)
	at := func(s float64) detect.Point {
		return detect.Point{X: float64(x0) + 0.5 + s*float64(f.dx), Y: float64(y0) + 0.5 + s*float64(f.dy)}
	}
	add := func(k edgeKind, rev int, outer, inner float64, unit float64, rap int) {
		(*hits)[k][rev] = append((*hits)[k][rev], hit{line: line, s: outer, outer: at(outer), inner: at(inner), unit: unit, rap: rap})
	}
	// Past maxLineHits crossings of a kind and direction the line is
	// texture, and its hits of that kind are dropped (findEdges): looking
	// for more is wasted.
	open := func(k edgeKind, rev int) bool { return len((*hits)[k][rev]) <= maxLineHits }
	n := len(r.w)
	w := r.w
	// span returns the width of the k runs from run i.
	span := func(i, k int) int32 { return r.pos[i+k-1] + w[i+k-1] - r.pos[i] }
	for i := 0; i < n; i++ {
		d := r.dark(i)
		left := float64(r.pos[i])
		// Cheap tests first: the wide bar of a start or stop pattern is
		// at least 2.5 times its thin neighbours, by the tolerance of
		// matchRatio (8 ± 1.7 against 1 ± 0.9 modules).
		if kinds[edgeStart] && i+8 <= n {
			if d && open(edgeStart, 0) && 2*w[i] >= 5*w[i+1] && 2*w[i] >= 5*w[i+2] {
				if u, ok := matchRatio(w[i:], startPattern, startWidth); ok {
					add(edgeStart, 0, left, float64(r.pos[i+7]+w[i+7]), u, 0)
				}
			}
			if !d && open(edgeStart, 1) && 2*w[i+7] >= 5*w[i+6] && 2*w[i+7] >= 5*w[i+5] {
				if u, ok := matchRatio(w[i:], startReversed, startWidth); ok {
					add(edgeStart, 1, float64(r.pos[i+7]+w[i+7]), left, u, 0)
				}
			}
		}
		if kinds[edgeStop] && d && i+9 <= n {
			end := float64(r.pos[i+8] + w[i+8])
			if open(edgeStop, 0) && 2*w[i] >= 5*w[i+1] && 2*w[i] >= 5*w[i+2] {
				if u, ok := matchRatio(w[i:], stopPattern, stopWidth); ok {
					add(edgeStop, 0, end, left, u, 0)
				}
			}
			if open(edgeStop, 1) && 2*w[i+8] >= 5*w[i+7] && 2*w[i+8] >= 5*w[i+6] {
				if u, ok := matchRatio(w[i:], stopReversed, stopWidth); ok {
					add(edgeStop, 1, left, end, u, 0)
				}
			}
		}
		if !d || !kinds[edgeMicroLeft] && !kinds[edgeMicroRight] {
			continue
		}
		// A light run of at least a module beyond a row address
		// pattern.
		quietAt := func(q, rap int) bool {
			return q < 0 || q >= n || 10*w[q] >= 9*span(rap, 6)/rapWidth
		}
		// A row address pattern is only 10 modules wide: a line crosses
		// it within one row of 2 modules when it runs within about 10°
		// of the rows, where a pattern and the character beside it (27
		// modules) would need 4°. The RAP alone is the hit; the chains
		// that make edges of hits must run through consecutive RAP
		// numbers, which chance patterns do not.
		// firstBar reports whether run b, the first bar of a side RAP
		// of the six runs from r0, is 2 to 4 modules wide, as in every
		// side RAP: a cheap test before the pattern is read.
		firstBar := func(r0, b int) bool {
			sw := span(r0, 6)
			return 10*w[b] >= 14*sw/rapWidth && 10*w[b] <= 48*sw/rapWidth
		}
		if kinds[edgeMicroLeft] {
			// Forward: quiet zone, left RAP.
			if i+6 <= n && open(edgeMicroLeft, 0) && firstBar(i, i) && quietAt(i-1, i) {
				if rap, u, ok := sideRAP(w[i:i+6], false); ok {
					add(edgeMicroLeft, 0, left, float64(r.pos[i+5]+w[i+5]), u, rap)
				}
			}
			// Reversed: the same read from the other end of the line.
			if i >= 5 && open(edgeMicroLeft, 1) && firstBar(i-5, i) && quietAt(i+1, i-5) {
				if rap, u, ok := sideRAP(w[i-5:i+1], true); ok {
					add(edgeMicroLeft, 1, float64(r.pos[i]+w[i]), float64(r.pos[i-5]), u, rap)
				}
			}
		}
		if kinds[edgeMicroRight] {
			// Forward: right RAP, final bar, quiet zone.
			if i+7 <= n && open(edgeMicroRight, 0) && firstBar(i, i) && quietAt(i+7, i) {
				if rap, u, ok := sideRAP(w[i:i+6], false); ok && finalBar(w[i+6], u) {
					add(edgeMicroRight, 0, float64(r.pos[i+6]+w[i+6]), left, u, rap)
				}
			}
			// Reversed: quiet zone, final bar (run i), the RAP mirrored.
			if i+7 <= n && open(edgeMicroRight, 1) && firstBar(i+1, i+6) && quietAt(i-1, i+1) {
				if rap, u, ok := sideRAP(w[i+1:i+7], true); ok && finalBar(w[i], u) {
					add(edgeMicroRight, 1, left, float64(r.pos[i+6]+w[i+6]), u, rap)
				}
			}
		}
	}
}

// sideRAP decodes six runs (mirrored when reversed) as a left or right
// row address pattern, returning its number and the module size.
func sideRAP(w []int32, reversed bool) (int, float64, bool) {
	var buf [6]int32
	copy(buf[:], w)
	if reversed {
		slices.Reverse(buf[:])
	}
	sum := int32(0)
	for _, x := range buf {
		sum += x
	}
	u := float64(sum) / rapWidth
	// Every side RAP begins with a bar of 2 to 4 modules.
	if u < 0.7 || float64(buf[0]) < 1.4*u {
		return 0, 0, false
	}
	for _, x := range buf {
		if float64(x) > 4.8*u {
			return 0, 0, false
		}
	}
	n, ok := sampleRAP(buf[:], 0)
	return n, u, ok
}

// finalBar reports whether a run is the one-module bar that ends every
// MicroPDF417 row.
func finalBar(w int32, u float64) bool { return math.Abs(float64(w)/u-1) <= 0.8 }

// An edge is a pattern found on neighbouring scan lines: one side of a
// symbol.
type edge struct {
	kind   edgeKind
	a, b   detect.Point // ends of the outer edge
	in     detect.Point // unit normal of the edge pointing into the symbol
	module float64      // module size across the edge, in pixels
	hits   []hit
	step   float64 // pixels per step along the scan lines that found it
}

// minEdgeHits is the number of scan lines that must cross a pattern for it
// to count as an edge: a symbol of 3 rows drawn 3 pixels tall still gives
// 9 rows of pixels, while a pattern-like stretch of a picture rarely
// repeats on four neighbouring lines at the same place.
const minEdgeHits = 4

// maxLineHits is the most crossings of one kind of pattern, in one
// direction, that a scan line may hold for them to be chained: a line
// crosses one edge per symbol, and more than this many symbols side by
// side is no label or page; a line with more is crossing a texture
// (a checkerboard, stripes, a screen's moiré) whose chance patterns would
// only cost work. It bounds the chains a line can start.
const maxLineHits = 16

// maxChainGap bounds the lines a chain may skip (see chain.gap), whatever
// the module size: with maxLineHits it bounds the chains open at once.
const maxChainGap = 64

// maxEdges is the most edges of one kind a scan direction keeps, those of
// the most hits: far more than the symbols of any image, and a bound on
// the pairing and merging of edges, which grow with their square.
const maxEdges = 64

// A chain is hits on neighbouring lines whose outer ends line up: an edge
// in the making.
type chain struct {
	hits  []hit
	lastS float64
	line  int // line of the last hit
	gap   int // lines the chain may skip
	fresh bool
}

// A chainer links the hits of one kind and direction on neighbouring lines
// into edges, a line at a time, in line order.
type chainer struct {
	kind   edgeKind
	step   float64 // pixels per step along the scan lines
	active []*chain
	edges  []edge
	free   []*chain // retired chains, for reuse: most chains are chance hits that end young

	// Scratch reused from line to line.
	pairs     []chainPair
	usedHit   []bool
	usedChain []bool
	grown     []*chain
}

// chainPair is a hit of the current line (h) that may continue an active
// chain (c), d pixels from where the chain predicts it.
type chainPair struct {
	h, c int
	d    float64
}

// newChainer returns a chainer for edges of kind k found on lines of f.
func newChainer(k edgeKind, f lineFamily) *chainer {
	return &chainer{kind: k, step: math.Hypot(float64(f.dx), float64(f.dy))}
}

// add chains the hits of one line, line, which comes after the lines of
// every earlier call.
func (ch *chainer) add(line int, line0 []hit) {
	// Retire the chains that can no longer grow, and sort the others by
	// where they end, to find them by binary search.
	keep := ch.active[:0]
	for _, c := range ch.active {
		if line-c.line > c.gap {
			ch.retire(c)
		} else {
			keep = append(keep, c)
		}
	}
	clear(ch.active[len(keep):])
	ch.active = keep
	active := ch.active
	slices.SortFunc(active, func(a, b *chain) int { return cmp.Compare(a.lastS, b.lastS) })
	// Pair the line's hits with the chains they continue, nearest pairs
	// first, each hit and each chain once: a chance pattern next to an
	// edge must not take the edge's chain from the hit that belongs to
	// it.
	pairs := ch.pairs[:0]
	for hi, h := range line0 {
		// Chains ending within reach: the tolerance below, and a slope of
		// up to 3 pixels a line (an edge within about 70° of the scan
		// lines' normal) over the largest gap.
		maxGap := min(3+int(4*h.unit), maxChainGap)
		reach := 2*h.unit + 1.5 + 4*float64(maxGap)
		lo := sort.Search(len(active), func(i int) bool { return active[i].lastS >= h.s-reach })
		for ci := lo; ci < len(active); ci++ {
			c := active[ci]
			if c.lastS > h.s+reach {
				break
			}
			if line-c.line > maxGap {
				continue
			}
			pred, tol := c.lastS, 2*h.unit+1.5
			first := c.hits[0]
			if c.line-first.line >= 4 {
				slope := (c.lastS - first.s) / float64(c.line-first.line)
				pred += slope * float64(line-c.line)
			} else {
				tol += float64(line - c.line)
			}
			if d := math.Abs(h.s - pred); d <= tol {
				pairs = append(pairs, chainPair{hi, ci, d})
			}
		}
	}
	slices.SortFunc(pairs, func(a, b chainPair) int { return cmp.Compare(a.d, b.d) })
	ch.pairs = pairs
	ch.usedHit = append(ch.usedHit[:0], make([]bool, len(line0))...)
	ch.usedChain = append(ch.usedChain[:0], make([]bool, len(active))...)
	grown := ch.grown[:0]
	for _, p := range pairs {
		if ch.usedHit[p.h] || ch.usedChain[p.c] {
			continue
		}
		ch.usedHit[p.h], ch.usedChain[p.c] = true, true
		c := active[p.c]
		c.hits = append(c.hits, line0[p.h])
		grown = append(grown, c)
	}
	for hi, h := range line0 {
		if !ch.usedHit[hi] {
			c := ch.newChain()
			c.gap, c.fresh, c.hits = min(4+int(4*h.unit), maxChainGap), true, append(c.hits, h)
			grown = append(grown, c)
		}
	}
	for _, c := range grown {
		last := c.hits[len(c.hits)-1]
		if c.fresh {
			ch.active = append(ch.active, c)
			c.fresh = false
		}
		c.lastS, c.line = last.s, last.line
	}
	clear(grown)
	ch.grown = grown[:0]
}

// newChain returns an empty chain, reused if one is free.
func (ch *chainer) newChain() *chain {
	if n := len(ch.free); n > 0 {
		c := ch.free[n-1]
		ch.free = ch.free[:n-1]
		*c = chain{hits: c.hits[:0]}
		return c
	}
	return &chain{}
}

// retire makes an edge of a chain that can grow no more, if it is one,
// and frees the chain.
func (ch *chainer) retire(c *chain) {
	defer func() { ch.free = append(ch.free, c) }()
	if len(c.hits) < minEdgeHits {
		return
	}
	if (ch.kind == edgeMicroLeft || ch.kind == edgeMicroRight) && !rapSequence(c.hits) {
		return
	}
	if e, ok := makeEdge(slices.Clone(c.hits), ch.kind, ch.step); ok {
		ch.edges = append(ch.edges, e)
	}
}

// finish retires the chains still open and returns the edges, at most
// maxEdges of them, the longest-supported first.
func (ch *chainer) finish() []edge {
	for _, c := range ch.active {
		ch.retire(c)
	}
	ch.active = nil
	es := ch.edges
	if len(es) > maxEdges {
		slices.SortStableFunc(es, func(a, b edge) int { return len(b.hits) - len(a.hits) })
		es = es[:maxEdges]
	}
	return es
}

// rapSequence reports whether the row address patterns of a MicroPDF417
// edge's hits, in line order, run through consecutive numbers as the rows of
// a symbol do: at least two steps of one to the next number, all the same
// way (but one stray), and few other steps than those and repeats.
func rapSequence(hs []hit) bool {
	up, down, other := 0, 0, 0
	for i := 1; i < len(hs); i++ {
		switch (hs[i].rap - hs[i-1].rap + rapCount) % rapCount {
		case 0:
		case 1:
			up++
		case rapCount - 1:
			down++
		default:
			other++
		}
	}
	steps := len(hs) - 1
	if up < down {
		up, down = down, up
	}
	return up >= 2 && down <= max(0, up/3) && 5*other <= steps
}

// makeEdge fits a line to the outer ends of chained hits.
func makeEdge(hs []hit, kind edgeKind, step float64) (edge, bool) {
	pts := make([]detect.Point, len(hs))
	var inner detect.Point
	unit := 0.0
	for i, h := range hs {
		pts[i] = h.outer
		inner = inner.Add(h.inner)
		unit += h.unit
	}
	inner = inner.Mul(1 / float64(len(hs)))
	unit = unit / float64(len(hs)) * step
	l, ok := detect.FitLine(pts)
	if !ok {
		return edge{}, false
	}
	// Drop the hits off the line (a pattern-like stretch next to the edge
	// that the chain picked up) and fit again.
	var in []hit
	for _, h := range hs {
		if l.Dist(h.outer) <= max(2, 0.75*unit) {
			in = append(in, h)
		}
	}
	if len(in) < len(hs) {
		if len(in) < minEdgeHits || 10*len(in) < 5*len(hs) {
			return edge{}, false
		}
		hs = in
		pts = pts[:0]
		for _, h := range hs {
			pts = append(pts, h.outer)
		}
		if l, ok = detect.FitLine(pts); !ok {
			return edge{}, false
		}
	}
	n := detect.Point{X: l.A, Y: l.B}
	dir := detect.Point{X: -l.B, Y: l.A}
	proj := func(p detect.Point) detect.Point {
		d := l.A*p.X + l.B*p.Y + l.C
		return p.Sub(n.Mul(d))
	}
	// The ends: the extreme projections, in line order, extended by half
	// a line's reach.
	if hs[len(hs)-1].outer.Sub(hs[0].outer).Dot(dir) < 0 {
		dir = dir.Mul(-1)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, h := range hs {
		t := h.outer.Dot(dir)
		lo, hi = min(lo, t), max(hi, t)
	}
	base := proj(hs[0].outer)
	t0 := base.Dot(dir)
	a := base.Add(dir.Mul(lo - t0 - 0.5))
	b := base.Add(dir.Mul(hi - t0 + 0.5))
	mid := a.Add(b).Mul(0.5)
	if inner.Sub(mid).Dot(n) < 0 {
		n = n.Mul(-1)
	}
	// The scan direction's angle to the normal shortens the module.
	sd := hs[len(hs)-1].inner.Sub(hs[len(hs)-1].outer)
	cos := 1.0
	if ln := math.Hypot(sd.X, sd.Y); ln > 0 {
		cos = math.Abs(sd.Dot(n)) / ln
	}
	if cos < 0.3 {
		return edge{}, false
	}
	return edge{kind: kind, a: a, b: b, in: n, module: unit * cos, hits: hs, step: step}, true
}

// mergeEdges joins the pieces of one pattern that chaining left apart — a
// damaged stretch, or a scan direction that crosses the pattern whole on
// short runs of lines only: edges of one scan family facing the same way
// whose lines lie within a module and a half of each other and whose ends
// come within 12 modules.
func mergeEdges(es []edge) []edge {
	slices.SortFunc(es, func(a, b edge) int { return cmp.Compare(b.length(), a.length()) })
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(es) && !changed; i++ {
			for j := i + 1; j < len(es) && !changed; j++ {
				a, b := &es[i], &es[j]
				if a.step != b.step || a.in.Dot(b.in) < 0.95 {
					continue
				}
				m := max(a.module, b.module)
				n := a.in
				if math.Abs(b.a.Sub(a.a).Dot(n)) > 1.5*m || math.Abs(b.b.Sub(a.a).Dot(n)) > 1.5*m {
					continue
				}
				d := a.b.Sub(a.a).Mul(1 / max(a.length(), 1e-9))
				ta, tb := b.a.Sub(a.a).Dot(d), b.b.Sub(a.a).Dot(d)
				lo, hi := min(ta, tb), max(ta, tb)
				if lo > a.length()+12*m || hi < -12*m {
					continue
				}
				hs := append(slices.Clone(a.hits), b.hits...)
				slices.SortFunc(hs, func(x, y hit) int { return cmp.Compare(x.line, y.line) })
				merged, ok := makeEdge(hs, a.kind, a.step)
				if !ok {
					continue
				}
				es[i] = merged
				es = slices.Delete(es, j, j+1)
				changed = true
			}
		}
	}
	return es
}

// length returns the length of the edge.
func (e *edge) length() float64 { return e.a.Dist(e.b) }

// A candidate is a place where a symbol may be: its outline, and what
// found it.
type candidate struct {
	kind    kind
	quad    [4]detect.Point // top-left, top-right, bottom-right, bottom-left, as the edges suggest
	left    *edge           // start or left-RAP edge; nil when only the right one was found
	right   *edge           // stop or right-RAP edge; nil when only the left one was found
	module  float64
	quality int // hits behind it: candidates are tried best first
}

// orient returns the ends of an edge as (top, bottom) for reading
// direction r: "down" is r turned a quarter clockwise (y points down).
func orient(e *edge, r detect.Point) (top, bottom detect.Point) {
	down := detect.Point{X: -r.Y, Y: r.X}
	if e.a.Dot(down) <= e.b.Dot(down) {
		return e.a, e.b
	}
	return e.b, e.a
}

// maxEdgeAngle is the largest angle between the two edges of a symbol:
// perspective seen from above one end of a symbol turns its edges toward
// each other by tens of degrees (micropdf417-1/1x20-pitch+45 by about 35°).
const maxEdgeAngle = 50 * math.Pi / 180

// facing reports whether edges l and r face each other across a symbol:
// nearly parallel, each on the inner side of the other, overlapping along
// their length, with similar modules. It returns the distance between them
// in modules.
func facing(l, r *edge) (float64, bool) {
	dl := l.b.Sub(l.a).Mul(1 / max(l.length(), 1e-9))
	dr := r.b.Sub(r.a).Mul(1 / max(r.length(), 1e-9))
	if math.Abs(dl.Dot(dr)) < math.Cos(maxEdgeAngle) {
		return 0, false
	}
	ml := l.a.Add(l.b).Mul(0.5)
	mr := r.a.Add(r.b).Mul(0.5)
	if mr.Sub(ml).Dot(l.in) <= 0 || ml.Sub(mr).Dot(r.in) <= 0 {
		return 0, false
	}
	if l.module > 2.2*r.module || r.module > 2.2*l.module {
		return 0, false
	}
	// The edges must face each other across the rows: the line between
	// their middles runs within 35° of the normals (shear and perspective
	// tilt it), and neither is much shorter than the other (a piece of a
	// damaged pattern may be shorter; MicroPDF417 edges are the same rows
	// seen at both ends).
	mm := mr.Sub(ml)
	dist := math.Hypot(mm.X, mm.Y)
	if dist == 0 || mm.Dot(l.in) < math.Cos(35*math.Pi/180)*dist {
		return 0, false
	}
	need := 0.3
	if l.kind == edgeMicroLeft {
		need = 0.5
	}
	if min(l.length(), r.length()) < need*max(l.length(), r.length()) {
		return 0, false
	}
	return mm.Dot(l.in) / ((l.module + r.module) / 2), true
}

// candidates pairs the edges of one kind of symbol into candidates, best
// first: each left edge with the nearest right edge facing it, and the
// edges left over on their own.
func candidates(k kind, lefts, rights []edge) []candidate {
	var out []candidate
	for i := range lefts {
		l := &lefts[i]
		// The nearest right edge facing l belongs to its symbol; of the
		// pieces of that edge (a damaged pattern may be found as two),
		// take the longest.
		dmin := math.Inf(1)
		ds := make([]float64, len(rights))
		for j := range rights {
			d, ok := facing(l, &rights[j])
			if !ok || !plausibleWidth(k, d) {
				ds[j] = -1
				continue
			}
			ds[j] = d
			dmin = min(dmin, d)
		}
		// MicroPDF417 widths differ by only 17 or 27 modules, and a
		// right edge found in the data can stand nearer than the real
		// one: its candidates also take the next group of right edges.
		tries := 1
		if k == kindMicro {
			tries = 2
		}
		for range tries {
			best := -1
			for j := range rights {
				if ds[j] < 0 || ds[j] > dmin+max(8, 0.1*dmin) {
					continue
				}
				if best < 0 || rights[j].length() > rights[best].length() {
					best = j
				}
			}
			if best < 0 {
				break
			}
			r := &rights[best]
			read := l.in
			tl, bl := orient(l, read)
			tr, br := orient(r, read)
			out = append(out, candidate{kind: k, quad: [4]detect.Point{tl, tr, br, bl}, left: l, right: r,
				module: (l.module + r.module) / 2, quality: len(l.hits) + len(r.hits)})
			// The next group: edges beyond this one.
			limit := dmin + max(8, 0.1*dmin)
			dmin = math.Inf(1)
			for j := range ds {
				if ds[j] >= 0 && ds[j] <= limit {
					ds[j] = -1
				} else if ds[j] >= 0 {
					dmin = min(dmin, ds[j])
				}
			}
		}
	}
	if k != kindMicro {
		// Every edge also stands alone, after the pairs: a pair may join
		// a start pattern to a stop pattern found only in part, or to
		// another symbol's.
		for i := range lefts {
			l := &lefts[i]
			tl, bl := orient(l, l.in)
			out = append(out, candidate{kind: k, quad: [4]detect.Point{tl, tl, bl, bl}, left: l, module: l.module, quality: len(l.hits)})
		}
		for j := range rights {
			r := &rights[j]
			tr, br := orient(r, r.in.Mul(-1))
			out = append(out, candidate{kind: k, quad: [4]detect.Point{tr, tr, br, br}, right: r, module: r.module, quality: len(r.hits)})
		}
	}
	slices.SortStableFunc(out, func(a, b candidate) int {
		pa, pb := a.left != nil && a.right != nil, b.left != nil && b.right != nil
		if pa != pb {
			if pa {
				return -1
			}
			return 1
		}
		return b.quality - a.quality
	})
	return out
}

// plausibleWidth reports whether d modules between the outer edges fits a
// symbol of kind k.
func plausibleWidth(k kind, d float64) bool {
	if k == kindMicro {
		for c := 1; c <= 4; c++ {
			if math.Abs(d-float64(microWidth(c))) <= 0.12*float64(microWidth(c)) {
				return true
			}
		}
		return false
	}
	return d >= 0.85*float64(symbolWidth(1, false)) && d <= 1.1*float64(symbolWidth(maxColumns, false))
}
