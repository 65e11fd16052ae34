package pdf417

import (
	"cmp"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
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

// A hit is one crossing of a pattern by a scan line. A line of a photo
// holds many that come to nothing, copied from list to list and chain to
// chain: its points in the image are found only for the hits of an edge
// (placedHit).
type hit struct {
	line int     // index of the line in its family
	s    float64 // position of the outer edge along the line, in pixels from its start
	sIn  float64 // position of the other end along the line
	unit float64 // module size along the line, in pixels
	rap  int     // MicroPDF417: the row address pattern's number
}

// A placedHit is a hit of an edge, with its ends as points of the image.
type placedHit struct {
	hit
	outer detect.Point // the pattern's outer edge: where the symbol begins or ends
	inner detect.Point // the pattern's other end
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
// 1 centre), reading the colour at the centre of each of its 10 modules as
// sampleChar does. It counts the module centres before each element's end,
// a quotient each, rather than walking the modules, which costs three
// times as much in branches that noise mispredicts: the row scan reads
// runs of noise and print as patterns by the million (TestSampleRAP checks
// it against the walk).
func sampleRAP(w []int32, set int) (int, bool) {
	w = w[:6]
	total := int(w[0]) + int(w[1]) + int(w[2]) + int(w[3]) + int(w[4]) + int(w[5])
	if total <= 0 {
		return 0, false
	}
	// Module m, centred at (2m+1)/20 of the total, lies before an
	// element ending at e when (2m+1)·total < 20·e: the modules before
	// it number ⌈(20·e - total)/(2·total)⌉, at most 10.
	//
	// Each count is taken by multiplying with the reciprocal of the
	// divisor, d = 2·total, a fifth of the cost of a division and with
	// no branch on the widths: for a dividend g below 11·d and d below
	// 2³⁶, the product of g and the rounded 1/d lies within 2⁻⁴⁸ of
	// g/d, so that truncated it is ⌊g/d⌋, or one less when g/d is
	// whole, which the test of (q+1)·d against g puts right.
	d := 2 * total
	rcp := 1 / float64(d)
	count := func(end int) uint {
		// ⌈a/d⌉ for a = 20·end - total, taken as ⌊(a+d-1)/d⌋: 0 for
		// a of 0 or less, 10 for a of 10·d or more.
		g := min(max(2*rapWidth*end-total, 0), rapWidth*d) + d - 1
		q := int(float64(g) * rcp)
		if (q+1)*d <= g {
			q++
		}
		return uint(q)
	}
	e0 := int(w[0])
	e1 := e0 + int(w[1])
	e2 := e1 + int(w[2])
	e3 := e2 + int(w[3])
	e4 := e3 + int(w[4])
	t0, t1, t2, t3, t4 := count(e0), count(e1), count(e2), count(e3), count(e4)
	// The bars are modules 0 to t0, t1 to t2 and t3 to t4, module m
	// bit 9-m of the pattern (all>>t is modules t to 9). Widths of no
	// pixels or fewer put the counts out of order: the mask keeps their
	// pattern to 10 bits, though no pattern of runs is such.
	const all = 1<<rapWidth - 1
	p := uint32(all-all>>t0+all>>t1-all>>t2+all>>t3-all>>t4) & all
	n := rapPatterns[set][p]
	return int(n), n != 0
}

// An edge is a pattern found on neighbouring scan lines: one side of a
// symbol.
type edge struct {
	kind   edgeKind
	a, b   detect.Point // ends of the outer edge
	in     detect.Point // unit normal of the edge pointing into the symbol
	module float64      // module size across the edge, in pixels
	hits   []placedHit
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
// only cost work. Such a line holds no MicroPDF417 pattern of either side
// or direction once it holds too many of one (findHits). It bounds the
// chains a line can start, and the reading of a line of texture
// (TestTextureLine).
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
	// slope is the pixels the chain's hits move along the lines from
	// line to line, from its first hit to its last, once those lie at
	// least 4 lines apart (steady): kept here, since every hit of a
	// line is tried against every chain near it.
	slope  float64
	steady bool
	// predSlope and tolSlope are what the distance from lastS, in lines,
	// adds to the prediction and to the tolerance (chainer.add): slope and
	// 0 once steady, 0 and 1 before, so that no branch, which chance
	// chains would mispredict, picks one.
	predSlope, tolSlope float64
	grew                int // 1 + the line of the last hit chainer.add gave it, for add
}

// A chainer links the hits of one kind and direction on neighbouring lines
// into edges, a line at a time, in line order.
type chainer struct {
	kind   edgeKind
	f      lineFamily // the scan lines
	step   float64    // pixels per step along the scan lines
	active []*chain   // by where they end (lastS)
	edges  []edge
	free   []*chain // retired chains, for reuse: most chains are chance hits that end young

	// Scratch reused from line to line.
	pairs   []chainPair
	usedHit []bool
	grown   []*chain
	spare   []*chain // the other buffer of active
}

// chainPair is a hit of the current line (h) that may continue an active
// chain (c), d pixels from where the chain predicts it.
type chainPair struct {
	h, c int
	d    float64
}

// newChainer returns a chainer for edges of kind k found on lines of f.
func newChainer(k edgeKind, f lineFamily) *chainer {
	ch := &chainer{kind: k}
	ch.restart(f)
	return ch
}

// reset readies a chainer of an earlier scan, finished or not, for edges
// of kind k, keeping its free chains and scratch.
func (ch *chainer) reset(k edgeKind) {
	ch.kind = k
	ch.free = append(ch.free, ch.active...)
	ch.active, ch.edges = ch.active[:0], nil
}

// restart readies a chainer that has finished for the lines of family f,
// keeping its free chains and scratch: a view is scanned in up to four
// directions, and chains made anew for each cost their hits' storage
// again.
func (ch *chainer) restart(f lineFamily) {
	ch.f, ch.step = f, math.Hypot(float64(f.dx), float64(f.dy))
}

// add chains the hits of one line, line, which comes after the lines of
// every earlier call.
func (ch *chainer) add(line int, line0 []hit) {
	// Retire the chains that can no longer grow; the others stay in
	// order of where they end, to be found by binary search.
	keep := ch.active[:0]
	for _, c := range ch.active {
		if line-c.line > c.gap {
			ch.retire(c)
		} else {
			keep = append(keep, c)
		}
	}
	// The retired chains left past keep's end, like those left in the
	// buffers below, are all on ch.free or active: nothing is kept alive
	// by them, and clearing them would cost a write barrier each.
	ch.active = keep
	active := ch.active
	// Pair the line's hits with the chains they continue, nearest pairs
	// first, each hit and each chain once: a chance pattern next to an
	// edge must not take the edge's chain from the hit that belongs to
	// it.
	pairs := ch.pairs[:0]
	for hi := range line0 {
		h := &line0[hi] // a pointer: a hit is large to copy
		// Chains ending within reach: the tolerance below, and a slope of
		// up to 3 pixels a line (an edge within about 70° of the scan
		// lines' normal) over the largest gap.
		maxGap := min(3+int(4*h.unit), maxChainGap)
		tol0 := 2*h.unit + 1.5
		reach := tol0 + 4*float64(maxGap)
		for ci := firstEndingFrom(active, h.s-reach); ci < len(active); ci++ {
			c := active[ci]
			if c.lastS > h.s+reach {
				break
			}
			if line-c.line > maxGap {
				continue
			}
			// Adding 0 changes neither: the same sums as with a branch.
			dl := float64(line - c.line)
			pred, tol := c.lastS+c.predSlope*dl, tol0+c.tolSlope*dl
			if d := math.Abs(h.s - pred); d <= tol {
				pairs = append(pairs, chainPair{hi, ci, d})
			}
		}
	}
	sortPairs(pairs)
	ch.pairs = pairs
	ch.usedHit = append(ch.usedHit[:0], make([]bool, len(line0))...)
	// A chain that takes a hit is marked with the line, which is never
	// the mark of a chain that did not (the lines only rise).
	grew := line + 1
	grown := ch.grown[:0]
	for _, p := range pairs {
		c := active[p.c]
		if ch.usedHit[p.h] || c.grew == grew {
			continue
		}
		ch.usedHit[p.h], c.grew = true, grew
		c.hits = append(c.hits, line0[p.h])
		grown = append(grown, c)
	}
	for hi := range line0 {
		if !ch.usedHit[hi] {
			c := ch.newChain()
			c.gap, c.hits = min(4+int(4*line0[hi].unit), maxChainGap), append(c.hits, line0[hi])
			grown = append(grown, c)
		}
	}
	for _, c := range grown {
		first, last := &c.hits[0], &c.hits[len(c.hits)-1]
		c.lastS, c.line = last.s, last.line
		c.predSlope, c.tolSlope = 0, 1
		if c.steady = c.line-first.line >= 4; c.steady {
			c.slope = (c.lastS - first.s) / float64(c.line-first.line)
			c.predSlope, c.tolSlope = c.slope, 0
		}
	}
	// Keep active in order: the chains that did not grow are in order
	// still, and the few that grew or began on this line (at most
	// maxLineHits) are sorted and merged in, rather than sorting every
	// chain on every line.
	sortChains(grown)
	merged := ch.spare[:0]
	j := 0
	for _, c := range active {
		if c.grew == grew {
			continue
		}
		for ; j < len(grown) && grown[j].lastS < c.lastS; j++ {
			merged = append(merged, grown[j])
		}
		merged = append(merged, c)
	}
	merged = append(merged, grown[j:]...)
	ch.spare, ch.active = active[:0], merged
	ch.grown = grown[:0]
}

// firstEndingFrom returns the index of the first of the chains, in order
// of where they end, that ends at s or beyond: sort.Search without its
// call per step, since it runs for every hit.
func firstEndingFrom(active []*chain, s float64) int {
	lo, hi := 0, len(active)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if active[m].lastS >= s {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// sortPairs sorts a line's pairs of hits and chains by distance, stably,
// so that of pairs equally near, the earlier hit (then the earlier chain)
// is served first. A line holds a few pairs: an insertion sort does them
// without a call per comparison.
func sortPairs(ps []chainPair) {
	if len(ps) > smallSort {
		slices.SortStableFunc(ps, func(a, b chainPair) int { return cmp.Compare(a.d, b.d) })
		return
	}
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && ps[j].d < ps[j-1].d; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

// sortChains sorts chains by where they end, stably, as sortPairs does.
func sortChains(cs []*chain) {
	if len(cs) > smallSort {
		slices.SortStableFunc(cs, func(a, b *chain) int { return cmp.Compare(a.lastS, b.lastS) })
		return
	}
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].lastS < cs[j-1].lastS; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// smallSort is the length up to which sortPairs and sortChains sort by
// insertion, as the sort package does its small slices.
const smallSort = 12

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
	if e, ok := makeEdge(placeHits(c.hits, ch.f), ch.kind, ch.step); ok {
		ch.edges = append(ch.edges, e)
	}
}

// finish retires the chains still open and returns the edges, at most
// maxEdges of them, the longest-supported first.
func (ch *chainer) finish() []edge {
	for _, c := range ch.active {
		ch.retire(c)
	}
	ch.active = ch.active[:0]
	es := ch.edges
	ch.edges = nil
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
func makeEdge(hs []placedHit, kind edgeKind, step float64) (edge, bool) {
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
	var in []placedHit
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
	base := l.Project(hs[0].outer)
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
				slices.SortFunc(hs, func(x, y placedHit) int { return cmp.Compare(x.line, y.line) })
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
