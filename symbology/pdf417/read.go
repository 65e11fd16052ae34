package pdf417

import (
	"math"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/symbology"
)

// maxCandidates caps the candidates tried per view and kind (PDF417 and
// Compact PDF417 together, MicroPDF417 apart): a busy image can hold many
// pattern-like edges, and the best-supported come first.
const maxCandidates = 40

// downscaleAbove is the long side, in pixels, above which thorough mode
// also reads the image halved: photos of that size often have modules so
// large, or noise so fine, that patterns show better at half the size.
const downscaleAbove = 1200

// readPlan is the reader's plan: the locally binarized image; in thorough
// mode, when nothing was found, the globally binarized image, large photos
// halved and the inverted image (for large photos, all at half size),
// each scanned in fewer directions than the first (scanDirections).
var readPlan = []symbology.Pass{
	{View: binarize.View{}},
	{View: binarize.View{Method: binarize.Global}, LastResort: true, Thorough: true, MaxSide: downscaleAbove},
	{View: binarize.View{Down: 2}, LastResort: true, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Inverted: true}, LastResort: true, Thorough: true, MaxSide: downscaleAbove},
	// Large photos read their other fallbacks at half size too: their
	// symbols have modules large enough there, and the full-size views
	// would cost a large photo without a symbol a third more
	// (BenchmarkAdversarial).
	{View: binarize.View{Method: binarize.Global, Down: 2}, LastResort: true, Thorough: true, MinSide: downscaleAbove + 1},
	{View: binarize.View{Inverted: true, Down: 2}, LastResort: true, Thorough: true, MinSide: downscaleAbove + 1},
}

// find reads the PDF417, Compact PDF417 and MicroPDF417 symbols of one
// view, of the kinds the scan asks for. The row scan that finds the
// patterns' edges serves every kind at once.
func find(v *symbology.View) bool {
	bin := v.Bin
	if bin.Width < 8 || bin.Height < 2 {
		return false
	}
	full, compact, micro := v.Want(kindFull.id()), v.Want(kindCompact.id()), v.Want(kindMicro.id())
	var kinds [edgeKinds]bool
	kinds[edgeStart] = full || compact
	kinds[edgeStop] = full // a Compact PDF417 has no stop pattern
	kinds[edgeMicroLeft], kinds[edgeMicroRight] = micro, micro
	edges := findEdges(v, kinds)
	vw := &view{bin: bin, lum: v.Lum, inverted: v.Pass.View.Inverted}
	var s scratch
	if full || compact {
		// PDF417 candidates include lone start edges: Compact PDF417.
		k, stops := kindFull, edges[edgeStop]
		if !full {
			k, stops = kindCompact, nil
		}
		if !tryCandidates(v, vw, candidates(k, edges[edgeStart], stops), &s) {
			return false
		}
	}
	if micro {
		tryCandidates(v, vw, candidates(kindMicro, edges[edgeMicroLeft], edges[edgeMicroRight]), &s)
	}
	return false
}

// tryCandidates tries the candidates of one kind, best first, and reports whether
// the reader may go on.
func tryCandidates(v *symbology.View, vw *view, cands []candidate, s *scratch) bool {
	tried := 0
	var failed []*candidate // pairs outlined as symbols that did not decode
	for ci := range cands {
		c := &cands[ci]
		if v.Covered(c.middle(), 0) || repeats(c, failed) {
			continue
		}
		if tried++; tried > maxCandidates {
			break
		}
		if !v.Next() {
			return false
		}
		// Lines sampled from the binarized image are cheap, a tenth of
		// the cost of the luminance's, and read most symbols (and
		// separate jagged, uneven print best: pdf417-4/02-01); lines
		// sampled from the luminance resolve small modules and blur
		// best, and are tried when the first fail. Reading the
		// luminance first cost the corpus's PDF417 folders 45% more
		// time for the same symbols.
		var rd reading
		for _, gray := range [2]bool{false, true} {
			if gray && vw.lum == nil {
				continue
			}
			w := *vw
			w.gray = gray
			if c.kind == kindMicro {
				rd = readMicro(&w, c, s)
			} else {
				rd = readFull(&w, c, s)
			}
			if rd.ok || gray {
				break
			}
		}
		if !rd.ok {
			if rd.outlined && c.left != nil && c.right != nil {
				failed = append(failed, c)
			}
			continue
		}
		bc := rd.bc
		if bc.Symbology == kindCompact.id() && !v.Want(bc.Symbology) {
			// A Compact PDF417 is a PDF417 symbol to a scan that asks
			// for PDF417 and not for Compact PDF417.
			bc.Symbology = kindFull.id()
		}
		if !v.Want(bc.Symbology) {
			continue
		}
		bc.Corners = rd.outline
		bc.Mirrored = rd.mirrored
		if !v.Add(bc, c.module) {
			return false
		}
	}
	return true
}

// middle returns the point of a candidate that a symbol found already
// must cover for the candidate to be skipped: the centre of a pair of
// edges, or two modules inside a lone edge.
func (c *candidate) middle() detect.Point {
	if c.left != nil && c.right != nil {
		return detect.Centre(c.quad)
	}
	e := c.left
	if e == nil {
		e = c.right
	}
	return e.a.Add(e.b).Mul(0.5).Add(e.in.Mul(2 * e.module))
}

// repeats reports whether candidate c pairs edges on the same lines as a
// pair in failed, whose rows were numbered but did not decode: the same
// start and stop patterns, found over a different stretch of their rows,
// read the same row indicators and characters again. A pair crossing a
// symbol whose row indicators are damaged on one side gave three such
// repeats in pdf417-4/02-01, each a failed reading in both the binarized
// and the luminance lines. Lone edges are still tried: the one on the
// undamaged side reads that symbol.
func repeats(c *candidate, failed []*candidate) bool {
	if c.left == nil || c.right == nil {
		return false
	}
	for _, f := range failed {
		if f.kind == c.kind && sameLine(c.left, f.left) && sameLine(c.right, f.right) {
			return true
		}
	}
	return false
}

// sameLine reports whether edge e lies on the line of edge f: both its
// ends within two modules of it, facing the same way.
func sameLine(e, f *edge) bool {
	if e.in.Dot(f.in) < 0.95 {
		return false
	}
	tol := 2 * max(e.module, f.module)
	return math.Abs(e.a.Sub(f.a).Dot(f.in)) <= tol && math.Abs(e.b.Sub(f.a).Dot(f.in)) <= tol
}
