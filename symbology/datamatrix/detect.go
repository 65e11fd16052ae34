package datamatrix

// This file finds Data Matrix symbols in a binarized image (ISO/IEC
// 16022:2006 §5.3: the L-shaped finder of two solid edges, and the clock
// tracks of alternating modules on the two opposite edges).
//
// The search follows the outlines of dark regions. A symbol, dark on light
// and framed by its quiet zone, is one region whose outline runs straight
// along the two solid edges of the finder and zigzags along the clock
// tracks. The outline is traced from scan lines, simplified to a polygon,
// and two long polygon edges that meet at a corner make a candidate L.
// Rays cast inwards from outside the symbol then find the outer edges of
// the dark clock-track modules, even where they are not joined to the rest
// of the region (dot-peened marks), and the lines that most of those edge
// points support give the two other sides and so the fourth corner under
// any perspective. Counting the dark modules along the clock tracks gives
// the size.

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// ipt is a pixel position.
type ipt struct{ x, y int32 }

func (p ipt) pt() detect.Point { return detect.Point{X: float64(p.x), Y: float64(p.y)} }

// The 8 neighbours of a pixel in clockwise order (y pointing down),
// starting west, for Moore neighbourhood tracing.
var mooreDir = [8][2]int{{-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}}

// mooreBack[d] is the direction, seen from the pixel reached by a step in
// direction d, of the light neighbour examined just before it: where the
// next search round starts.
var mooreBack = [8]int{6, 6, 0, 0, 2, 2, 4, 4}

// tracer follows outlines in one binarized image.
type tracer struct {
	bin  *matrix.Matrix
	w, h int
	seen pixelSet       // outline pixels already traced
	off  [8]int         // mooreDir as offsets in bin.Pix
	pts  []ipt          // the outline being traced, reused
	fit  []detect.Point // fitArm's points, reused
	arms []arm          // lCandidates' stretches, reused
	ends []int32        // search's runs of a scan line, reused
	// sideLine's and clockCount's buffers, reused
	hits, near []detect.Point
	runs       []float64
	// simplify's buffers, reused
	verts []int
	spans []span
	// area is twice the signed area of the outline trace returned last
	// when it returned ok (see area).
	area int
	// steps is what is left of the budget of steps over outline pixels
	// (traceSteps); once it is spent, trace follows no more.
	steps int
	// corners is what is left of the corners that may be completed into
	// candidates (pixelsPerCorner).
	corners int
	// allHoles has the outlines of holes traced whole (see search): the
	// slow reference the tests compare with.
	allHoles bool
	// covered, when set, appends to dst the ranges of pixels of row y
	// that lie inside symbols found already, in order: no trace starts
	// there.
	covered func(y int, dst [][2]int) [][2]int
}

// traceSteps is the budget of trace steps per pixel of a view. Following
// every outline that crosses the scan lines once takes well under one step
// a pixel, whatever the image holds (0.55 for binarized noise, the
// costliest of internal/adversarial; TestTraceSteps), since traced pixels
// are marked and no outline is followed twice. The budget never cuts a
// search short; it bounds the work of a trace that would not end.
const traceSteps = 4

// newTracer returns a tracer of bin that marks the pixels it has traced in
// seen, which must hold a bit per pixel, all clear (nil: a new one).
func newTracer(bin *matrix.Matrix, seen pixelSet) *tracer {
	t := new(tracer)
	t.reset(bin, seen)
	return t
}

// reset readies t to trace bin as newTracer does, keeping its buffers.
func (t *tracer) reset(bin *matrix.Matrix, seen pixelSet) {
	if len(seen) < setWords(len(bin.Pix)) {
		// Cleared, though new: its bits are read before they are set,
		// and fresh memory read first costs a second fault at the first
		// write (see pixpool.Pool.Zeroed).
		seen = make(pixelSet, setWords(len(bin.Pix)))
		clear(seen)
	}
	*t = tracer{
		bin: bin, w: bin.Width, h: bin.Height, seen: seen,
		pts: t.pts, fit: t.fit, arms: t.arms, ends: t.ends, hits: t.hits, near: t.near, runs: t.runs,
		verts: t.verts, spans: t.spans,
	}
	t.steps = traceSteps * len(bin.Pix)
	t.corners = max(minCorners, len(bin.Pix)/pixelsPerCorner)
	for d, m := range mooreDir {
		t.off[d] = m[1]*t.w + m[0]
	}
}

// A pixelSet is a set of pixels of a view, a bit each by index: an eighth
// of the memory of a []bool, which the tracer of a large photo would clear
// and fault in anew for every view.
type pixelSet []uint64

// setWords is the length of a pixelSet of n pixels.
func setWords(n int) int { return (n + 63) / 64 }

func (s pixelSet) has(i int) bool { return s[uint(i)/64]&(1<<(uint(i)%64)) != 0 }
func (s pixelSet) add(i int)      { s[uint(i)/64] |= 1 << (uint(i) % 64) }

// tracers keeps tracers between views and scans (*tracer): their pixel
// sets, which a large photo's tracer would otherwise allocate and fault in
// anew for every view, and their buffers.
var tracers sync.Pool

func (t *tracer) dark(x, y int) bool {
	return uint(x) < uint(t.w) && uint(y) < uint(t.h) && t.bin.Pix[y*t.w+x]
}

// trace follows the boundary of the dark region through the dark pixel
// (sx, sy), not yet seen, whose west neighbour is light, marks its pixels
// seen and returns them in order. Outer boundaries come out clockwise
// (positive area in image coordinates).
//
// An outline longer than maxLen pixels is no symbol's: ok is false and
// only its first pixels are returned, but it is followed to its end all the
// same, so that all of it is marked seen and no later scan line starts it
// again. (Cut short, the outline of the one dark region that binarized
// noise percolates into was traced anew, up to maxLen, from every scan line
// that crosses it: 25 million steps in a 2000×2000 image.) ok is false too
// once the tracer's budget of steps is spent.
//
// The trace stops, with ok false, at a pixel seen before: the region was
// traced before, its outer boundary first (see search), so this outline,
// which did not start on that, is one of its holes'.
func (t *tracer) trace(sx, sy, maxLen int) (pts []ipt, ok bool) {
	pts = t.pts[:0]
	defer func() {
		// The pixels are marked seen once traced, so that a pixel seen
		// on the way is one of an outline traced before.
		seen, w := t.seen, int(t.w)
		for _, p := range pts {
			seen.add(int(p.y)*w + int(p.x))
		}
		t.pts = pts
	}()
	si := sy*t.w + sx
	x, y, i, back := sx, sy, si, 0
	first := -1 // the direction of the first step
	n := 0      // pixels visited
	a2 := 0     // twice the area of the steps so far
	for {
		if n == maxLen || n == t.steps {
			// Too long for a symbol, or out of steps: follow the
			// rest without storing it.
			t.steps -= n
			t.follow(x, y, i, back, si, first)
			return pts, false
		}
		if t.seen.has(i) && !t.allHoles {
			t.steps -= n
			return pts, false
		}
		n++
		pts = append(pts, ipt{int32(x), int32(y)})
		d := t.next(x, y, i, back)
		if d < 0 {
			break // a lone pixel
		}
		if first < 0 {
			first = d
		} else if i == si && d == first {
			// The outline is about to repeat its first step.
			pts = pts[:len(pts)-1]
			break
		}
		// The step's share of twice the area (see area), summed here
		// where it costs nothing: each step waits on the pixels
		// around the last.
		dx, dy := mooreDX[d], mooreDY[d]
		a2 += x*dy - dx*y
		x, y, i, back = x+dx, y+dy, i+t.off[d], mooreBack[d]
	}
	t.steps -= n
	t.area = a2
	return pts, true
}

// follow follows an outline on from pixel (x, y), index i, whose search
// starts after direction back, to where it leaves its first pixel si in
// direction first again, marking its pixels seen, within the budget of
// steps.
func (t *tracer) follow(x, y, i, back, si, first int) {
	for ; t.steps > 0; t.steps-- {
		t.seen.add(i)
		d := t.next(x, y, i, back)
		if d < 0 || i == si && d == first {
			return
		}
		x, y, i, back = x+mooreDX[d], y+mooreDY[d], i+t.off[d], mooreBack[d]
	}
}

// next returns the direction from pixel (x, y), index i, to the next pixel
// of the outline: the first dark neighbour clockwise after direction back
// (Moore neighbourhood tracing), or -1 for none.
func (t *tracer) next(x, y, i, back int) int {
	if uint(x-1) < uint(t.w-2) && uint(y-1) < uint(t.h-2) {
		// Away from the image's edges the neighbours are all in it:
		// their colours make a byte, bit d for direction d, and the
		// first dark one after back is looked up (firstDark). (Looked
		// at one by one, the neighbours cost a mispredicted branch a
		// step.)
		pix, w := t.bin.Pix, t.w
		// The ors are grouped as a tree, not chained: the next step
		// waits on this byte, and a chain of eight ors is twice as
		// long as a tree of them.
		up, mid, down := pix[i-w-1:i-w+2], pix[i-1:i+2], pix[i+w-1:i+w+2]
		m := ((bit(mid[0]) | bit(up[0])<<1) | (bit(up[1])<<2 | bit(up[2])<<3)) |
			((bit(mid[2])<<4 | bit(down[2])<<5) | (bit(down[1])<<6 | bit(down[0])<<7))
		return int(firstDark[back][m]) - 1
	}
	for k := 1; k <= 8; k++ {
		if e := (back + k) & 7; t.dark(x+mooreDX[e], y+mooreDY[e]) {
			return e
		}
	}
	return -1
}

// firstDark[back][m] is one more than the direction of the first dark
// neighbour clockwise after direction back, m having bit d set for a dark
// neighbour in direction d, or 0 for none: the lowest bit set of m rotated
// to start after back. Looked up, 2 KiB that stay in the cache, it is a
// load where the bit twiddling was a chain of five operations, which the
// next trace step waits on.
var firstDark = func() (t [8][256]uint8) {
	for back := range 8 {
		for m := 1; m < 256; m++ {
			s := (back + 1) & 7
			t[back][m] = uint8((s+bits.TrailingZeros8(bits.RotateLeft8(uint8(m), -s)))&7) + 1
		}
	}
	return t
}()

// bit returns 1 for true and 0 for false.
func bit(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// mooreDX and mooreDY are mooreDir's columns.
var mooreDX, mooreDY = func() (dx, dy [8]int) {
	for d, m := range mooreDir {
		dx[d], dy[d] = m[0], m[1]
	}
	return
}()

// area returns twice the signed area of a closed outline: positive for
// clockwise outlines (outer boundaries) in image coordinates.
func area(pts []ipt) int {
	if len(pts) == 0 {
		return 0
	}
	a := 0
	p := pts[len(pts)-1]
	for _, q := range pts {
		a += int(p.x)*int(q.y) - int(q.x)*int(p.y)
		p = q
	}
	return a
}

// simplify returns the indices, in order, of the vertices of a polygon that
// follows the closed outline pts within tol pixels (Douglas–Peucker, with
// an explicit stack), in t.verts. ok is false when that takes more than
// simplifyWork steps a point.
//
// Only the edges of at least minEdge pixels are wanted: a stretch of the
// outline too short to hold one (a step between outline pixels is at most
// √2 long) is not split further, since the vertices inside it would only
// cut it into shorter edges. Its chord is an edge of the polygon, shorter
// than minEdge, where the full simplification has shorter ones.
//
// The stretches are split depth first, the first half before the second,
// so that the stretches left unsplit come in the outline's order, and the
// vertices are their first points: no flag a point marks the vertices
// among them, to be cleared and looked through again for every outline.
func (t *tracer) simplify(pts []ipt, tol, minEdge float64) (verts []int, ok bool) {
	n := len(pts)
	// Split the outline at the point farthest from the first.
	far, fd := 0, -1
	for i, p := range pts {
		dx, dy := int(p.x-pts[0].x), int(p.y-pts[0].y)
		if d := dx*dx + dy*dy; d > fd {
			far, fd = i, d
		}
	}
	// The stretches of fewer than minSpan points are not split: those
	// of under two points have none inside, and the others are shorter
	// than minEdge.
	minSpan := max(2, int(minEdge/math.Sqrt2))
	for minSpan > 2 && float64(minSpan-1)*math.Sqrt2 >= minEdge {
		minSpan--
	}
	for float64(minSpan)*math.Sqrt2 < minEdge {
		minSpan++
	}
	verts = t.verts[:0]
	stack := append(t.spans[:0], span{far, n}, span{0, far})
	defer func() { t.spans, t.verts = stack[:0], verts }()
	work := simplifyWork * n
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		// Split s, and its first half, and that one's, to a stretch
		// that is not split, whose first point is the next vertex;
		// the second halves wait on the stack.
		for {
			if s.b-s.a < minSpan {
				break
			}
			if work -= s.b - s.a; work < 0 {
				return nil, false
			}
			best := farthest(pts, s, tol)
			if best < 0 {
				break
			}
			stack = append(stack, span{best, s.b})
			s.b = best
		}
		if s.b > s.a {
			verts = append(verts, s.a)
		}
	}
	return verts, true
}

// farthest returns the index of the point of the stretch s of the outline
// pts farthest from its chord (from its first point, when the chord is a
// point), the first of them, if it is more than tol away, or -1.
func farthest(pts []ipt, s span, tol float64) int {
	// The cross product |ab × ap| is the distance times |ab|, compared
	// with tol times |ab| without a division or a square root a point.
	a, b := pts[s.a], pts[s.b%len(pts)]
	dx, dy := int64(b.x-a.x), int64(b.y-a.y)
	best := -1
	if dx == 0 && dy == 0 {
		bd := int64(tol * tol)
		for i := s.a + 1; i < s.b; i++ {
			ex, ey := int64(pts[i].x-a.x), int64(pts[i].y-a.y)
			if d := ex*ex + ey*ey; d > bd {
				best, bd = i, d
			}
		}
		return best
	}
	bd := int64(tol * math.Sqrt(float64(dx*dx+dy*dy)))
	for i := s.a + 1; i < s.b; i++ {
		c := dx*int64(pts[i].y-a.y) - dy*int64(pts[i].x-a.x)
		if c < 0 {
			c = -c
		}
		if c > bd {
			best, bd = i, c
		}
	}
	return best
}

// span is a stretch of an outline, indices a to b; b may be its length:
// the first point again.
type span struct{ a, b int }

// simplifyWork bounds the steps of simplify per point of the outline.
// Douglas–Peucker splits a stretch at its farthest point; along the outline
// of a symbol, or of anything with few corners, the splits fall well inside
// the stretches and each point is looked at a few times for every level of
// splitting (under 12 times in the corpus and TestReadScenes). Along a
// spiral every split cuts one point off, and the steps grow with the square
// of the outline's length: no symbol's outline takes so long.
const simplifyWork = 64

// arm is a straight stretch of an outline: outline indices from..to
// (to may be past the end, wrapping) and its fitted line.
type arm struct {
	from, to int
	a, b     detect.Point // ends, in outline order
	length   float64
	dir      detect.Point // the unit vector from a to b
	line     detect.Line
	// ends are lines fitted near the start and near the end of the
	// stretch only: a bent edge meets the next one where they say.
	ends [2]detect.Line
	// fitted reports whether line and ends are set (fitArm).
	fitted bool
}

// candidate is a possible symbol: its four corners in image pixels, in
// the order top-left, top-right, bottom-right, bottom-left (the corner of
// the L), assuming an unmirrored symbol, the module size, and the module
// counts read from the clock tracks.
type candidate struct {
	q          [4]detect.Point
	alts       [][4]detect.Point // other guesses at the corners, less likely
	mx, my     float64           // module width (along the top edge) and height
	rows, cols float64           // estimates from the clock tracks; 0 when unknown
}

// minArm is the shortest finder edge looked for, in pixels: the 8 modules
// of the smallest side at one pixel per module.
const minArm = 7.5

// The outline corners of one view that may be completed into candidates
// (finishL, some 4 µs each) are one for every pixelsPerCorner pixels and at
// least minCorners, which bounds that work by the pixels. The corpus's
// busiest view has 165 corners and a synthetic photo 29 (TestReadScenes);
// a page of small print dilated for dot-peened symbols has a corner or two
// at every word, 20000 in 2000×2000 pixels, and is searched no further than
// the cap (TestCornerCap).
const (
	pixelsPerCorner = 1024
	minCorners      = 1024
)

// findCandidates looks for symbols along horizontal scan lines step pixels
// apart and passes each candidate to add. slack widens the tolerance of the
// outlines' straight stretches, for the wavy outlines of dilated dots.
// stop, asked every stopLines scan lines, ends the search when it reports
// true.
//
// The work is bounded by the pixels of bin whatever it holds: each outline
// is followed once, within a budget of steps (traceSteps), each no longer
// than maxLen is simplified within a budget (simplifyWork), and the corners
// completed into candidates are capped (pixelsPerCorner).
func findCandidates(bin *matrix.Matrix, covered func(y int, dst [][2]int) [][2]int, step int, slack float64, stop func() bool, add func(candidate)) {
	t, _ := tracers.Get().(*tracer)
	if t == nil {
		t = new(tracer)
	}
	seen := t.seen[:min(cap(t.seen), setWords(len(bin.Pix)))]
	clear(seen)
	t.reset(bin, seen)
	t.covered = covered
	t.search(step, slack, stop, add)
	t.bin, t.covered = nil, nil
	tracers.Put(t)
}

// stopLines is how often, in scan lines, findCandidates asks whether to
// stop (before the first line too): 16 lines of the widest view take a few
// milliseconds at most.
const stopLines = 16

// search is findCandidates with the tracer t.
//
// A dark region that crosses scan lines has its outer boundary traced
// first, from its leftmost pixel on the first of them, whose west neighbour
// lies outside it. (Scan lines across these would add only regions under
// step pixels tall, and a symbol, 8 modules of at least 1.5 pixels, is
// taller.) Any other outline of the region is a hole's, which holds no
// candidate, and is not followed: a start further along a line that is
// seen to belong to the region of an earlier dark run of the line
// (bridged) is skipped, and a trace that meets a pixel traced before stops
// there (see trace). In binarized noise, where almost every light patch is
// a hole of one dark region spanning the image, this spares half the
// tracing, and in checkerboards of squares up to 3 pixels all of it; it
// changes no candidate (TestSkipHoles, which relies on
// TestTraceVisitsBoundary).
func (t *tracer) search(step int, slack float64, stop func() bool, add func(candidate)) {
	w, h := t.w, t.h
	if w < 8 || h < 8 {
		return
	}
	maxLen := 12 * (w + h)
	var skip [][2]int
	if cap(t.ends) < w {
		t.ends = make([]int32, w)
	}
	for y, lines := step/2, 0; y < h; y, lines = y+step, lines+1 {
		if t.steps <= 0 || t.corners <= 0 || lines%stopLines == 0 && stop != nil && stop() {
			return
		}
		row := t.bin.Pix[y*w : (y+1)*w]
		if t.covered != nil {
			// Pixels inside symbols found already start no trace.
			skip = t.covered(y, skip[:0])
		}
		var above, below []bool
		if y > 0 {
			above = t.bin.Pix[(y-1)*w : y*w]
		}
		if y+1 < h {
			below = t.bin.Pix[(y+1)*w : (y+2)*w]
		}
		// Traces start at the first pixel of a dark run: the runs are
		// found a word of pixels at a time.
		ends := t.ends[:detect.RunEnds(row, t.ends)]
		last := -1 // the last dark pixel before x
		sk := 0    // the first of skip not wholly left of x
		x, dark := 0, row[0]
		for _, end := range ends {
			if dark {
				for sk < len(skip) && skip[sk][1] < x {
					sk++
				}
				covered := sk < len(skip) && skip[sk][0] <= x
				if !covered && !t.seen.has(y*w+x) && (t.allHoles || last < 0 || !bridged(above, below, last+1, x)) {
					pts, ok := t.trace(x, y, maxLen)
					if ok && len(pts) >= 30 && t.area > 0 {
						lCandidates(t, pts, slack, add)
					}
				}
				last = int(end) - 1
			}
			x, dark = int(end), !dark
		}
	}
}

// bridged reports whether the row above or the row below (nil for none) is
// dark all along lo..hi-1, a light gap on the scan line between two dark
// pixels: then those pixels, at lo-1 and hi, are of one region (8-connected
// through that row). Gaps longer than maxBridge pixels are not looked at.
func bridged(above, below []bool, lo, hi int) bool {
	if hi-lo > maxBridge {
		return false
	}
	return above != nil && !slices.Contains(above[lo:hi], false) || below != nil && !slices.Contains(below[lo:hi], false)
}

// maxBridge bounds the work of bridged: the gaps it pays to look across,
// those of noise and of fine checkerboards, are a few pixels long.
const maxBridge = 16

// lCandidates finds the L-shaped finders on one outer outline and passes
// each candidate to add.
func lCandidates(t *tracer, pts []ipt, slack float64, add func(candidate)) {
	n := len(pts)
	minX, minY, maxX, maxY := pts[0].x, pts[0].y, pts[0].x, pts[0].y
	for _, p := range pts {
		minX, maxX = min(minX, p.x), max(maxX, p.x)
		minY, maxY = min(minY, p.y), max(maxY, p.y)
	}
	extent := float64(max(maxX-minX, maxY-minY)) + 1
	if extent < minArm {
		return
	}
	// Straight stretches: polygon edges of finder length, merged with the
	// next when they continue the same line past a small notch.
	minLen := math.Max(minArm, extent*0.04)
	tol := math.Max(1.2, extent/150) + slack
	vs, ok := t.simplify(pts, tol, minLen)
	if !ok || len(vs) < 3 {
		return
	}
	arms := t.arms[:0]
	defer func() { t.arms = arms[:0] }()
	// Most edges are far shorter than minLen: their squared lengths, in
	// integers, tell them without a square root (the margin leaves the
	// edges near minLen to the test of their lengths).
	short := minLen * minLen * (1 - 1e-9)
	k := len(vs)
	for i := range k {
		a, b := vs[i], vs[(i+1)%k]
		if b <= a {
			b += n
		}
		dx, dy := int(pts[b%n].x-pts[a].x), int(pts[b%n].y-pts[a].y)
		if float64(dx*dx+dy*dy) < short {
			continue
		}
		pa, pb := pts[a].pt(), pts[b%n].pt()
		if l := pa.Dist(pb); l >= minLen {
			arms = append(arms, arm{from: a, to: b, a: pa, b: pb, length: l, dir: pb.Sub(pa).Unit()})
		}
	}
	if len(arms) < 2 {
		return
	}
	arms = mergeArms(arms, n)
	for i := range arms {
		if len(arms) == 1 {
			break
		}
		a1 := arms[i]
		a2 := arms[(i+1)%len(arms)]
		if !turns(a1, a2, n) || math.Max(a1.length, a2.length) < 0.3*extent {
			continue
		}
		// A corner boxed in by two more straight edges (boxed) is no
		// symbol's unless its modules are too small for the outline to
		// show the notches of a clock track (see finishL).
		box := math.Inf(1)
		if boxed(arms, i, n) {
			box = 2 * tol
		}
		if t.corners <= 0 {
			return
		}
		t.corners--
		// The lines are fitted only for the arms of a corner: most
		// stretches of an outline make none.
		for _, j := range [2]int{i, (i + 1) % len(arms)} {
			if !arms[j].fitted {
				fitArm(&arms[j], pts, &t.fit)
			}
		}
		a1, a2 = arms[i], arms[(i+1)%len(arms)]
		// The edges fitted whole, fitted near each corner, and taken as
		// the chords between the outline's corners: the latter two follow
		// a bent symbol better. All give corners to try.
		// A fit that gives the lines of an earlier one (as the three do
		// for the pixel-straight edges of a clean, upright symbol, or an
		// edge along the image's border) would give its candidate again:
		// it is skipped.
		var cd candidate
		ok := false
		var done [3]finder
		nd := 0
		for _, fit := range [...]int{fitWhole, fitEnds, fitChord} {
			f, okf := fitFinder(a1, a2, fit)
			if !okf || slices.Contains(done[:nd], f) {
				continue
			}
			done[nd] = f
			nd++
			c, ok2 := finishL(t, a1, a2, f, box)
			switch {
			case !ok2:
			case !ok:
				cd, ok = c, true
			default:
				cd.alts = append(append(cd.alts, c.q), c.alts...)
			}
		}
		if ok {
			add(cd)
		}
	}
}

// boxed reports whether the corner of arms i and i+1 of an outline of n
// pixels, the finder edges of a candidate, is boxed in: the outline turns
// at both ends of the L into straight stretches, each at least 90 % as long
// as the finder edge opposite it. The sides of a box are solid; those of a
// symbol are its clock tracks, whose modules notch the outline every
// module, so that a stretch along one is a module long. (Most boxes are
// the finder patterns of QR Codes, the quiet zones of labels, and blobs.)
// Where the notches are within the outline's tolerance, the stretches of
// a symbol's clock tracks too are long: finishL rejects a boxed corner
// only when its modules are larger than twice the tolerance.
func boxed(arms []arm, i, n int) bool {
	k := len(arms)
	if k < 4 {
		return false
	}
	a0, a1, a2, a3 := arms[(i+k-1)%k], arms[i], arms[(i+1)%k], arms[(i+2)%k]
	return a3.length >= 0.9*a1.length && a0.length >= 0.9*a2.length && turns(a0, a1, n) && turns(a2, a3, n)
}

// turns reports whether arm b follows arm a of an outline of n pixels at
// a corner such as a finder's.
func turns(a, b arm, n int) bool {
	// The outline between the two arms must be short: a rounded or
	// notched corner.
	gap := b.from - a.to
	if gap < 0 {
		gap += n
	}
	if float64(gap) > 0.25*math.Min(a.length, b.length)+4 {
		return false
	}
	// The arms meet at 45° to 135°. Clockwise round an unmirrored symbol
	// the outline runs along the bottom edge to the corner, then up the
	// left edge: a convex corner, turning right (positive in image
	// coordinates). Round a mirrored one it runs along the right edge,
	// then the bottom: the edges come out swapped, and Decode reads the
	// grid mirrored.
	da, db := a.dir, b.dir
	return math.Abs(da.X*db.X+da.Y*db.Y) <= 0.7 && da.Cross(db) > 0
}

// mergeArms joins stretches that continue one line: a finder edge that a
// defect notches is traced as two edges with a detour between them, which
// may itself hold short stretches.
func mergeArms(arms []arm, n int) []arm {
	for i := 0; i < len(arms) && len(arms) > 1; i++ {
		for k := 1; k < len(arms); k++ {
			j := (i + k) % len(arms)
			a, b := arms[i], arms[j]
			gap := b.from - a.to
			if gap < 0 {
				gap += n
			}
			if float64(gap) > 0.25*(a.length+b.length)+8 {
				break
			}
			da, db := a.dir, b.dir
			if da.X*db.X+da.Y*db.Y < cos10 {
				continue
			}
			// Both ends of the shorter stretch on the longer one's line.
			long, short := a, b
			if b.length > a.length {
				long, short = b, a
			}
			l := detect.LineThrough(long.a, long.b)
			tol := 1.5 + 0.03*(a.length+b.length)
			if l.Dist(short.a) > tol || l.Dist(short.b) > tol {
				continue
			}
			to := a.to + gap + (b.to - b.from)
			if to-a.from >= n {
				break
			}
			arms[i] = arm{from: a.from, to: to, a: a.a, b: b.b, length: a.a.Dist(b.b), dir: b.b.Sub(a.a).Unit()}
			// Remove the stretches from i+1 to j, wrapping.
			for r := 0; r < k; r++ {
				del := (i + 1) % len(arms)
				arms = slices.Delete(arms, del, del+1)
				if del < i {
					i--
				}
			}
			k = 0 // look again from the merged stretch
		}
	}
	return arms
}

// cos10 is the cosine of 10°, the widest angle between two stretches that
// mergeArms joins: worked out once, not for every pair it looks at.
var cos10 = math.Cos(10 * math.Pi / 180)

// fitArm fits the arm's line to the outline pixels of its middle 80%,
// moved half a pixel outwards from the pixel centres to the edge between
// dark and light pixels.
func fitArm(a *arm, pts []ipt, scratch *[]detect.Point) {
	n := len(pts)
	span := a.to - a.from
	lo, hi := a.from+span/10, a.to-span/10
	l := detect.LineThrough(a.a, a.b)
	// Fit to the points near the chord, twice: a notch in the edge, which
	// the outline follows, must not pull the line.
	ps := (*scratch)[:0]
	defer func() { *scratch = ps[:0] }()
	for _, tol := range [2]float64{2, 1.2} {
		ps = ps[:0]
		for i := lo; i <= hi; i++ {
			if p := pts[i%n].pt(); l.Dist(p) <= tol {
				ps = append(ps, p)
			}
		}
		if f, ok := detect.FitLine(ps); ok {
			l = f
		}
	}
	// The ends: the points of the first and the last third that lie near
	// the line, fitted on their own.
	ends := [2]detect.Line{l, l}
	for e := range 2 {
		from, to := a.from+span/20, a.from+span/3
		if e == 1 {
			from, to = a.to-span/3, a.to-span/20
		}
		es := ps[:0]
		for i := from; i <= to; i++ {
			if p := pts[i%n].pt(); l.Dist(p) <= 2.5 {
				es = append(es, p)
			}
		}
		ps = es
		if len(es) >= 8 && es[0].Dist(es[len(es)-1]) >= 6 {
			if f, ok := detect.FitLine(es); ok {
				ends[e] = f
			}
		}
	}
	// Outside is on the left of the clockwise outline's direction; move
	// the lines half a pixel that way, from the centres of the outline
	// pixels to the edge between dark and light.
	d := a.dir
	out := detect.Point{X: d.Y, Y: -d.X}
	a.line = outwards(l, out)
	a.ends = [2]detect.Line{outwards(ends[0], out), outwards(ends[1], out)}
	a.fitted = true
}

// outwards orients l's normal along out and moves l half a pixel that way.
func outwards(l detect.Line, out detect.Point) detect.Line {
	if l.A*out.X+l.B*out.Y < 0 {
		l = detect.Line{A: -l.A, B: -l.B, C: -l.C}
	}
	l.C -= 0.5
	return l
}

// Ways to fit the finder edges (see finishL).
const (
	fitWhole = iota // a line fitted to the whole edge
	fitEnds         // lines fitted near each end
	fitChord        // the chord between the outline's corners
)

// finder is the lines of the two finder edges of a corner, each moved out
// to the edge between dark and light, and the corner where they meet.
type finder struct {
	left, bottom detect.Line
	c            detect.Point
}

// fitFinder returns the finder lines of the bottom edge a1 and the left
// edge a2 fitted as fit says: whole, near the corner, or between the
// outline's corners. ok is false when the lines do not meet.
func fitFinder(a1, a2 arm, fit int) (finder, bool) {
	left, bottom := a2.line, a1.line
	c, ok := a1.line.Intersect(a2.line)
	switch fit {
	case fitEnds:
		left, bottom = a2.ends[1], a1.ends[0]
		c, ok = a1.ends[1].Intersect(a2.ends[0])
	case fitChord:
		d1, d2 := a1.dir, a2.dir
		bottom = outwards(detect.LineThrough(a1.a, a1.b), detect.Point{X: d1.Y, Y: -d1.X})
		left = outwards(detect.LineThrough(a2.a, a2.b), detect.Point{X: d2.Y, Y: -d2.X})
		c, ok = bottom.Intersect(left)
	}
	return finder{left, bottom, c}, ok
}

// finishL completes a candidate from its finder f: the lines of the bottom
// edge a1 and the left edge a2 (fitFinder). A finder of modules larger
// than box both ways is rejected: the corner is boxed in by solid edges
// where a symbol has its clock tracks (see boxed).
func finishL(t *tracer, a1, a2 arm, f finder, box float64) (candidate, bool) {
	left, bottom, c := f.left, f.bottom, f.c
	// The far ends: the ends of the straight stretches, projected on the
	// fitted lines.
	br := bottom.Project(a1.a)
	tl := left.Project(a2.b)
	u, v := tl.Sub(c).Unit(), br.Sub(c).Unit() // up the left edge, along the bottom
	hLen, wLen := tl.Dist(c), br.Dist(c)
	if hLen < minArm || wLen < minArm {
		return candidate{}, false
	}
	// The thickness of the bottom edge is the module height, that of the
	// left edge the module width: they differ in a photo taken at a
	// slant. Thicker than a sixth of the other edge, the finder is
	// rejected below whatever the thickness: the measures stop there, and
	// the left edge is not measured when the bottom one is that thick.
	// (Most corners of an image without a symbol end here: the corners
	// of blobs.) Nor is the left edge measured beyond three times the
	// bottom one's thickness, where it is rejected too.
	my := armWidth(t, a1, u, hLen/6)
	if hLen/my < 6 {
		return candidate{}, false
	}
	mx := armWidth(t, a2, v, math.Min(wLen/6, 3*my))
	if mx <= 0 || my <= 0 || mx > 3*my || my > 3*mx {
		return candidate{}, false
	}
	if math.Min(hLen/my, wLen/mx) < 6 || math.Max(hLen/my, wLen/mx) > 180 {
		return candidate{}, false
	}
	if mx > box && my > box {
		return candidate{}, false
	}
	// Refine the far ends where the solid edge stops.
	tl = edgeEnd(t, c, u, v, hLen, mx, my)
	br = edgeEnd(t, c, v, u, wLen, my, mx)
	tr0 := tl.Add(br.Sub(c))
	top, okTop := sideLine(t, tl, tr0, u, mx, my)
	right, okRight := sideLine(t, br, tr0, v, my, mx)
	// Where a clock track is too faint to give its edge, that side is
	// taken parallel to the opposite finder edge; the parallelogram of the
	// finder is the last guess.
	if !okTop {
		top = detect.LineThrough(tl, tl.Add(v))
	}
	if !okRight {
		right = detect.LineThrough(br, br.Add(u))
	}
	var qs [][4]detect.Point
	addQuad := func(top, right detect.Line) {
		tr, ok1 := top.Intersect(right)
		tl2, ok2 := top.Intersect(left)
		br2, ok3 := right.Intersect(bottom)
		if !ok1 || !ok2 || !ok3 {
			return
		}
		q := [4]detect.Point{tl2, tr, br2, c}
		if !convex(q) || tr.Dist(tr0) > 0.5*math.Max(hLen, wLen) {
			return
		}
		for _, o := range qs {
			if o[1].Dist(q[1]) < 0.5*math.Min(mx, my) && o[0].Dist(q[0]) < 0.5*my && o[2].Dist(q[2]) < 0.5*mx {
				return
			}
		}
		qs = append(qs, q)
	}
	addQuad(top, right)
	addQuad(top, detect.LineThrough(br, br.Add(u)))
	addQuad(detect.LineThrough(tl, tl.Add(v)), right)
	addQuad(detect.LineThrough(tl, tl.Add(v)), detect.LineThrough(br, br.Add(u)))
	if len(qs) == 0 {
		return candidate{}, false
	}
	cd := candidate{q: qs[0], alts: qs[1:], mx: mx, my: my}
	cd.cols = clockCount(t, cd.q, mx, my, false)
	cd.rows = clockCount(t, cd.q, my, mx, true)
	return cd, true
}

// armWidth estimates the module size as the thickness of the finder edge
// a, measured from its outline pixels (which follow a bent edge) towards
// in: the lower quartile of the dark runs from the edge inwards, since
// where the data modules next to the edge are dark the run is longer. The
// runs are followed no further than a quarter of the edge's length, nor
// than limit: a thickness beyond limit comes out beyond it all the same.
// (Unbounded, the runs crossed the whole of the solid blobs that a dilated
// page of print makes, over and over.)
func armWidth(t *tracer, a arm, in detect.Point, limit float64) float64 {
	pts := t.pts
	n := len(pts)
	var buf [15]float64
	runs := buf[:0]
	limit = math.Min(limit, a.length/4)
	full := 0 // the runs that reached the limit
	for k := 1; k < 16; k++ {
		q := pts[(a.from+(a.to-a.from)*k/16)%n]
		p := detect.Point{X: float64(q.x) + 0.5, Y: float64(q.y) + 0.5}
		r := 0.0
		for r < limit && darkAt(t, p.Add(in.Mul(r))) {
			r += 0.25
		}
		runs = append(runs, r+0.25)
		if r >= limit {
			// Every run that reaches the limit stops at the same r, the
			// longest run there is: once 12 of the 15 have, that is the
			// lower quartile whatever the others.
			if full++; full == len(buf)-len(buf)/4 {
				return r + 0.25
			}
		}
	}
	slices.Sort(runs)
	return runs[len(runs)/4]
}

// edgeEnd walks along the finder edge from c in direction dir, half a
// module inside it (towards in), and returns where the solid edge ends: the
// corner of the symbol, projected back onto the edge. across is the module
// size across the edge, m along it.
func edgeEnd(t *tracer, c, dir, in detect.Point, length, across, m float64) detect.Point {
	// The outline's corner is within a module or so of the end; walk
	// from a module before it and stop at the first light gap, which
	// the quiet zone beyond the corner makes (texture beyond it must not
	// carry the walk on).
	base := c.Add(in.Mul(across / 2))
	last := length - 0.5
	gap := 0.0
	for s := length - m; s < length+1.5*m; s += 0.5 {
		p := base.Add(dir.Mul(s))
		if darkAt(t, p) {
			last, gap = s, 0
			continue
		}
		gap += 0.5
		if gap > m*0.5 {
			break
		}
	}
	return c.Add(dir.Mul(last + 0.5))
}

// sideLine finds the outer edge of the clock track that starts at the
// corner from and runs towards to: rays parallel to out (pointing away from
// the symbol) come in from two modules outside and stop at the first dark
// pixel; the line through from that most of those stops support, refitted
// to its supporters, is the edge. along is the module size along the edge,
// depth across it.
func sideLine(t *tracer, from, to, out detect.Point, along, depth float64) (detect.Line, bool) {
	length := from.Dist(to)
	step := math.Max(0.5, along/3)
	m := depth
	hits := t.hits[:0]
	defer func() { t.hits = hits[:0] }()
	dir := to.Sub(from).Unit()
	for s := -along; s < length+along; s += step {
		base := from.Add(dir.Mul(s))
		start := base.Add(out.Mul(2.5 * m))
		for r := 0.0; r < 5*m; r += 0.5 {
			p := start.Sub(out.Mul(r))
			if darkAt(t, p) {
				hits = append(hits, p.Add(out.Mul(0.25)))
				break
			}
		}
	}
	if len(hits) < 4 {
		return detect.Line{}, false
	}
	tol := math.Max(0.9, depth/4)
	best, bestN := detect.Line{}, 0
	for _, h := range hits {
		if h.Dist(from) < 0.3*length {
			continue
		}
		l := detect.LineThrough(from, h)
		if l == (detect.Line{}) {
			continue
		}
		cnt := 0
		for j, q := range hits {
			if l.Dist(q) <= tol {
				cnt++
			} else if cnt+len(hits)-1-j <= bestN {
				break // it cannot beat the best any more
			}
		}
		if cnt > bestN {
			best, bestN = l, cnt
		}
	}
	if bestN < 4 {
		return detect.Line{}, false
	}
	for range 2 {
		in := t.near[:0]
		for _, q := range hits {
			if best.Dist(q) <= tol {
				in = append(in, q)
			}
		}
		t.near = in[:0]
		l, ok := detect.FitLine(in)
		if !ok {
			break
		}
		best = l
	}
	return best, true
}

// clockCount estimates the number of modules of the symbol q along a clock
// track: the top one (columns), or with right the right one (rows). Each
// track alternates dark and light, so the centres of its dark modules are
// two modules apart; the median of their spacings is robust to a module
// that blur merges with a neighbour or a speck splits. It returns 0 when
// the track shows too few dark modules. m is the module size along the
// track, across the size across it.
func clockCount(t *tracer, q [4]detect.Point, m, across float64, right bool) float64 {
	// The track's centre line, half a module inside the edge.
	var a, b detect.Point
	var full float64
	if right {
		a = q[1].Add(q[0].Sub(q[1]).Unit().Mul(across / 2))
		b = q[2].Add(q[3].Sub(q[2]).Unit().Mul(across / 2))
		full = q[1].Dist(q[2])
	} else {
		a = q[0].Add(q[3].Sub(q[0]).Unit().Mul(across / 2))
		b = q[1].Add(q[2].Sub(q[1]).Unit().Mul(across / 2))
		full = q[0].Dist(q[1])
	}
	length := a.Dist(b)
	if length < 2 {
		return 0
	}
	d := b.Sub(a).Unit()
	step := math.Max(0.25, m/8)
	centres := t.runs[:0]
	defer func() { t.runs = centres[:0] }()
	start, prev := 0.0, false
	for s := 0.0; s <= length+step; s += step {
		p := a.Add(d.Mul(s))
		dk := s <= length && darkAt(t, p)
		switch {
		case dk && !prev:
			start = s
		case !dk && prev && s-start >= m/4:
			centres = append(centres, (start+s)/2)
		}
		prev = dk
	}
	if len(centres) < 3 {
		return 0
	}
	// Drop the dark runs at the ends, which the finder and the corner
	// module make longer, and take the median spacing of the others; a
	// short track keeps them all.
	gaps := make([]float64, 0, len(centres))
	first, last := 2, len(centres)-1
	if len(centres) < 7 {
		first, last = 1, len(centres)
	}
	for i := first; i < last; i++ {
		gaps = append(gaps, centres[i]-centres[i-1])
	}
	if len(gaps) == 0 {
		return 0
	}
	slices.Sort(gaps)
	period := gaps[len(gaps)/2]
	if period <= 0 {
		return 0
	}
	return 2 * full / period
}

// darkAt reports whether the pixel under p is dark.
func darkAt(t *tracer, p detect.Point) bool {
	// Left of or above the image, p is outside whatever its pixel; in
	// it, truncation is the floor, and cheaper.
	if !(p.X >= 0 && p.Y >= 0) {
		return false
	}
	return t.dark(int(p.X), int(p.Y))
}

// convex reports whether the quadrilateral q is convex and not degenerate.
func convex(q [4]detect.Point) bool {
	var pos, neg bool
	for i := range q {
		c := q[(i+1)%4].Sub(q[i]).Cross(q[(i+2)%4].Sub(q[(i+1)%4]))
		pos = pos || c > 0
		neg = neg || c < 0
		if math.IsNaN(c) {
			return false
		}
	}
	return pos != neg
}
