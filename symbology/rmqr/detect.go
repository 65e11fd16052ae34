package rmqr

import (
	"cmp"
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// A symbol is located from its finder pattern (ISO/IEC 23941:2022 §6.3.2),
// the one pattern that a row scan finds. Its outer corners give a
// transform of its 7×7 modules; which corner is the symbol's top-left one,
// and whether the symbol is mirrored, the format information beside it
// tells (§7.9), as well as the symbol's size. The symbol may run 130
// modules beyond the finder, too far to extrapolate, so the grid is then
// followed along the timing patterns of the top and bottom edges
// (§6.3.6), each dark module's centre found where the grid so far puts it
// and the grid fitted again to all the points found, out to the finder
// sub-pattern and the corner patterns at the far end.

// A candidate is one reading of a finder pattern as a symbol's: the
// transform of the finder's modules with the corner taken as the symbol's
// top-left one (transposed: the symbol mirrored), and the format
// information beside it.
type candidate struct {
	t          detect.Transform
	transposed bool
	size       Size
	dist       int
}

// maxFormatDist is the most bit errors a format reading beside the finder
// may have. The (18,6) code corrects 3; a chance pattern comes within 3 of
// one of its 64 words one time in four, and the separator, the first
// timing modules and then the timing patterns' walk weed those out.
const maxFormatDist = 3

// swapXY exchanges the x and y module coordinates: a transposed reading.
var swapXY = detect.Transform{0, 1, 0, 1, 0, 0, 0, 0, 1}

// at reports whether bin is dark at the image point of module coordinates
// (x, y).
func at(bin *matrix.Matrix, t detect.Transform, x, y float64) bool {
	p := t.Apply(detect.Point{X: x, Y: y})
	return bin.Get(int(math.Floor(p.X)), int(math.Floor(p.Y)))
}

// candidates reads the format information beside the finder in each of
// its eight readings and returns those within maxFormatDist of a format
// word whose separator and first timing modules show, nearest first.
// Each reading is made through the finder's grid and through that grid
// fitted to the first dark modules of the top timing pattern too
// (refineNear), and the nearer to a format word counts: the format
// information lies beyond the finder, where a half-pixel error in its
// corners puts small modules a good part of a module off.
func candidates(bin *matrix.Matrix, lum *image.Gray, inverted bool, q [4]detect.Point) []candidate {
	var out []candidate
	for k := range 4 {
		t, ok := qrfamily.FinderFrame(q, k)
		if !ok {
			continue
		}
		for _, tr := range [2]bool{false, true} {
			st := t
			if tr {
				st = swapXY.Then(t)
			}
			frames := []detect.Transform{st}
			if rt, ok := refineNear(bin, st); ok {
				frames = append(frames, rt)
			}
			best := candidate{dist: maxFormatDist + 1}
			for _, ft := range frames {
				if c, ok := readCandidate(bin, lum, inverted, ft); ok && c.dist < best.dist {
					best = c
				}
			}
			if best.dist <= maxFormatDist {
				best.transposed = tr
				out = append(out, best)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b candidate) int { return a.dist - b.dist })
	return out
}

// grayFormat reads the format information beside the finder from the
// luminance plane through t, each module against the mean of the finder's
// dark and light rings as t puts them: where blur has run the small
// format modules together in the binarized image, their luminance still
// leans the right way. ok is false when the rings show no contrast.
func grayFormat(lum *image.Gray, inverted bool, t detect.Transform) (uint32, bool) {
	sample := func(x, y float64) (float64, bool) {
		p := t.Apply(detect.Point{X: x, Y: y})
		px, py := int(math.Floor(p.X)), int(math.Floor(p.Y))
		if px < 0 || py < 0 || px >= lum.Rect.Dx() || py >= lum.Rect.Dy() {
			return 0, false
		}
		v := float64(lum.Pix[lum.PixOffset(lum.Rect.Min.X+px, lum.Rect.Min.Y+py)])
		if inverted {
			v = 255 - v
		}
		return v, true
	}
	var dark, light float64
	for i := range 7 {
		c := float64(i) + 0.5
		for _, p := range [4][2]float64{{c, 0.5}, {0.5, c}, {c, 6.5}, {6.5, c}} {
			v, ok := sample(p[0], p[1])
			if !ok {
				return 0, false
			}
			dark += v
		}
	}
	for i := 1; i < 6; i++ {
		c := float64(i) + 0.5
		for _, p := range [4][2]float64{{c, 1.5}, {1.5, c}, {c, 5.5}, {5.5, c}} {
			v, ok := sample(p[0], p[1])
			if !ok {
				return 0, false
			}
			light += v
		}
	}
	dark, light = dark/28, light/20
	if light-dark < 16 {
		return 0, false
	}
	var w uint32
	for i := range 18 {
		x, y := 8+i/5, 1+i%5
		if i >= 15 {
			x, y = 11, i-14
		}
		v, ok := sample(float64(x)+0.5, float64(y)+0.5)
		if !ok {
			return 0, false
		}
		if v < (dark+light)/2 {
			w |= 1 << i
		}
	}
	return w, true
}

// readCandidate reads the format information beside the finder through
// t, from bin and, when that is too far from a format word, from lum
// (grayFormat); ok is false when neither comes within maxFormatDist or the
// separator and first timing modules do not show.
func readCandidate(bin *matrix.Matrix, lum *image.Gray, inverted bool, t detect.Transform) (candidate, bool) {
	var w uint32
	for i := range 18 {
		x, y := 8+i/5, 1+i%5
		if i >= 15 {
			x, y = 11, i-14
		}
		if at(bin, t, float64(x)+0.5, float64(y)+0.5) {
			w |= 1 << i
		}
	}
	_, size, d := decodeFormat(0, w)
	if d > maxFormatDist && lum != nil {
		if gw, ok := grayFormat(lum, inverted, t); ok {
			if _, gs, gd := decodeFormat(0, gw); gd < d {
				size, d = gs, gd
			}
		}
	}
	if d > maxFormatDist || !nearFinderOK(bin, t, size) {
		return candidate{}, false
	}
	return candidate{t: t, size: size, dist: d}, true
}

// nearRuns are the top timing pattern's first dark modules, which every
// size has: the first alignment pattern is 19 modules in.
var nearRuns = []qrfamily.EdgeRun{
	{Mid: detect.Point{X: 8.5, Y: 0.5}, Along: detect.Point{X: 1}, Out: detect.Point{Y: -1}, Len: 1},
	{Mid: detect.Point{X: 10.5, Y: 0.5}, Along: detect.Point{X: 1}, Out: detect.Point{Y: -1}, Len: 1},
	{Mid: detect.Point{X: 12.5, Y: 0.5}, Along: detect.Point{X: 1}, Out: detect.Point{Y: -1}, Len: 1},
}

// refineNear fits a reading's grid t to the finder's corners and the
// first dark modules of the top timing pattern, when two or more are
// found where t puts them.
func refineNear(bin *matrix.Matrix, t detect.Transform) (detect.Transform, bool) {
	anchors := make([]qrfamily.Anchor, 0, 7)
	for _, m := range [4]detect.Point{{X: 0, Y: 0}, {X: 7, Y: 0}, {X: 7, Y: 7}, {X: 0, Y: 7}} {
		anchors = append(anchors, qrfamily.Anchor{Module: m, Image: t.Apply(m)})
	}
	n := 0
	for _, r := range nearRuns {
		if p, ok := qrfamily.FindRun(bin, t, r); ok {
			anchors = append(anchors, qrfamily.Anchor{Module: r.Mid, Image: p})
			n++
		}
	}
	if n < 2 {
		return t, false
	}
	return qrfamily.FitAffine(anchors)
}

// nearFinderOK reports whether the modules next to the finder pattern read
// as a symbol of the given size has them through t: the separator light
// (column 7, and row 7 below a finder that does not fill the height) and
// the top timing pattern's modules 8 to 12 alternating, with few of them
// wrong (maxNearErrors). (Further out, the finder's corners put the timing pattern
// off by half a module when they are off by half a pixel: the walk along
// the edges checks the rest.)
func nearFinderOK(bin *matrix.Matrix, t detect.Transform, s Size) bool {
	errs := 0
	for y := range 7 {
		if at(bin, t, 7.5, float64(y)+0.5) {
			errs++
		}
	}
	if s.Height() > 7 {
		for x := range 7 {
			if at(bin, t, float64(x)+0.5, 7.5) {
				errs++
			}
		}
	}
	l := getLayout(s)
	for x := 8; x < 13; x++ {
		if at(bin, t, float64(x)+0.5, 0.5) != l.base[x] {
			errs++
		}
	}
	return errs <= maxNearErrors
}

// maxNearErrors is how many of the up to 19 modules nearFinderOK checks
// may read wrong: blur, noise and the finder's corners being off by a
// pixel flip a few in a symbol (TestReadScenes), while a chance reading
// of print or of another symbol's data gets about half wrong.
const maxNearErrors = 4

// edgeRuns returns the dark runs of one edge of a size's symbol, in module
// coordinates, as [from, to) ranges along the edge: the timing pattern,
// with the alignment patterns, corner patterns, finder and finder
// sub-pattern it meets. Edge 0 is the top row, 1 the bottom row, 2 the
// left column and 3 the right column.
func edgeRuns(l *layout, edge int) [][2]int {
	n, at := l.w, func(i int) bool { return l.base[i] }
	switch edge {
	case 1:
		at = func(i int) bool { return l.base[(l.h-1)*l.w+i] }
	case 2:
		n, at = l.h, func(i int) bool { return l.base[i*l.w] }
	case 3:
		n, at = l.h, func(i int) bool { return l.base[i*l.w+l.w-1] }
	}
	var runs [][2]int
	for i := 0; i < n; {
		if !at(i) {
			i++
			continue
		}
		i0 := i
		for i < n && at(i) {
			i++
		}
		runs = append(runs, [2]int{i0, i})
	}
	return runs
}

// refitEvery is how many modules the walk along the edges goes between
// fits of the grid to the points found: a fit every few modules keeps the
// next prediction within a fraction of a module however far the edges
// run, and costs a small least-squares solve.
const refitEvery = 6

// minEdgeShare is the share of an edge's dark runs the walk must find for
// the grid to be trusted out to the far side: the walk that loses its way
// finds none after that, while a symbol's edges, blurred or scratched,
// show nearly all.
const minEdgeShare = 0.6

// locate fits a candidate's grid to the finder's corners and the dark runs
// of the symbol's edges (qrfamily.WalkEdges): the timing patterns of the
// top and bottom edges, walked together from left to right so that the
// grid spans the symbol's height wherever it reaches, and those of the
// left and right edges. ok is false when the walk along the top or bottom
// edge does not reach the far side.
func locate(bin *matrix.Matrix, c candidate) (detect.Transform, bool) {
	l := getLayout(c.size)
	base := make([]qrfamily.Anchor, 0, 4)
	for _, m := range [4]detect.Point{{X: 0, Y: 0}, {X: 7, Y: 0}, {X: 7, Y: 7}, {X: 0, Y: 7}} {
		base = append(base, qrfamily.Anchor{Module: m, Image: c.t.Apply(m)})
	}
	// The runs along the left edge below the finder come first: they are
	// nearest it, and fix the bottom edge's place before the walk along
	// it starts. The top and bottom edges follow together, left to
	// right, and the right edge ends the walk.
	var runs []qrfamily.EdgeRun
	var total [2]int
	w, h := float64(l.w), float64(l.h)
	for e := range 4 {
		for _, r := range edgeRuns(l, e) {
			if (e == 0 || e == 2 || l.h == 7) && r[1] <= 7 {
				continue // the finder's own, left to its corners
			}
			mid, length := float64(r[0]+r[1])/2, float64(r[1]-r[0])
			run := qrfamily.EdgeRun{Len: length, Edge: e}
			switch e {
			case 0:
				run.Mid, run.Along, run.Out, run.Reach = detect.Point{X: mid, Y: 0.5}, detect.Point{X: 1}, detect.Point{Y: -1}, mid
			case 1:
				run.Mid, run.Along, run.Out, run.Reach = detect.Point{X: mid, Y: h - 0.5}, detect.Point{X: 1}, detect.Point{Y: 1}, mid
			case 2:
				run.Mid, run.Along, run.Out, run.Reach = detect.Point{X: 0.5, Y: mid}, detect.Point{Y: 1}, detect.Point{X: -1}, 0
			case 3:
				run.Mid, run.Along, run.Out, run.Reach = detect.Point{X: w - 0.5, Y: mid}, detect.Point{Y: 1}, detect.Point{X: 1}, w
			}
			if e < 2 {
				total[e]++
			}
			runs = append(runs, run)
		}
	}
	slices.SortStableFunc(runs, func(a, b qrfamily.EdgeRun) int { return cmp.Compare(a.Reach, b.Reach) })
	found, ok := qrfamily.WalkEdges(bin, c.t, runs, base, refitEvery)
	var count [2]int
	var reach [2]float64
	anchors := base
	for i, r := range runs {
		if ok[i] {
			if r.Edge < 2 {
				count[r.Edge]++
				reach[r.Edge] = r.Mid.X
			}
			anchors = append(anchors, found[i])
		}
	}
	for e := range 2 {
		if count[e] == 0 || count[e] < int(minEdgeShare*float64(total[e])) || reach[e] < float64(l.w)-6 {
			return detect.Transform{}, false
		}
	}
	return qrfamily.Fit(anchors)
}

// decodeFinder decodes the symbol whose finder pattern f is, if any, and
// returns it with its corners in bin's pixels and its module size. Each
// reading of the finder whose format information shows is located along
// its timing patterns, then sampled from bin and, when that does not
// decode, from the luminance plane lum (nil for none; inverted when the
// view is).
//
// It is the qrfamily.FinderDecoder of rMQR Code.
func decodeFinder(bin *matrix.Matrix, lum *image.Gray, inverted bool, f qrfamily.Finder) (symbology.Barcode, bool) {
	for _, c := range candidates(bin, lum, inverted, f.Corners) {
		t, ok := locate(bin, c)
		if !ok {
			continue
		}
		bc, ok := decodeGrid(bin, lum, inverted, t, c.size)
		if !ok {
			continue
		}
		w, h := float64(c.size.Width()), float64(c.size.Height())
		bc.Corners = [4]detect.Point{t.Apply(detect.Point{}), t.Apply(detect.Point{X: w}),
			t.Apply(detect.Point{X: w, Y: h}), t.Apply(detect.Point{Y: h})}
		bc.Mirrored = c.transposed
		return bc, true
	}
	return symbology.Barcode{}, false
}

// decodeGrid samples a size's grid through t, from bin and then from lum,
// and decodes it.
func decodeGrid(bin *matrix.Matrix, lum *image.Gray, inverted bool, t detect.Transform, s Size) (symbology.Barcode, bool) {
	w, h := s.Width(), s.Height()
	if qrfamily.OffImage(t, w, h, bin, lum) {
		return symbology.Barcode{}, false // neither sampler would read the grid
	}
	if m, ok := detect.Sample(bin, t, w, h); ok {
		if bc, err := decodeModules(m.Pix, s); err == nil {
			return bc, true
		}
	}
	if lum == nil {
		return symbology.Barcode{}, false
	}
	g, ok := detect.SampleGray(lum, w, h, []detect.Region{{X0: 0, Y0: 0, X1: w, Y1: h, T: t}})
	if !ok {
		return symbology.Barcode{}, false
	}
	if inverted {
		for i, v := range g.Pix {
			g.Pix[i] = 255 - v
		}
	}
	m := detect.ThresholdModules(g, moduleWindow)
	bc, err := decodeModules(m.Pix, s)
	return bc, err == nil
}

// moduleWindow is the radius, in modules, of the window whose mean
// luminance a module sampled from the luminance plane is compared with:
// 7×7 modules hold enough of both colours, and fit the lowest symbols.
const moduleWindow = 3
