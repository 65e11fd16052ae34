package symbology

import (
	"cmp"
	"context"
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// A Reader finds and decodes the symbols of one or more symbologies. A
// symbology package registers one (RegisterReader) for the ids it reads;
// Read runs each reader a scan needs once, over the views of its Plan.
type Reader struct {
	// IDs are the registry ids the reader reports: the PDF417 reader
	// reports pdf417, compact-pdf417 and micro-pdf417.
	IDs []string
	// Plan lists the binarized views a matrix or stacked reader looks
	// for symbols in, in the order of binarize views that Read gives
	// them (see Pass); Read picks those that suit the image and the mode.
	// A reader without a plan is given the luminance plane once, at full
	// size, and reads it with machinery of its own (the scan lines of
	// package linear).
	Plan []Pass
	// Find finds and decodes the symbols in one view, adding each with
	// View.Add. It reports whether every candidate it saw was explained
	// by a symbol it decoded there, so that the rest of the plan could
	// only find the same symbols again: then, if the reader has found any
	// symbol, Read ends its plan. It must check View.Next before each
	// candidate it examines, and stop when that reports false.
	Find func(v *View) (complete bool)
	// Rank orders the readers on each view: lower ranks read it first,
	// equal ranks in the order of their first ids. What a reader finds
	// covers its place for the readers after it (View.Covered), whose
	// chance patterns in the data of a symbol found already then cost
	// nothing: a reader whose symbols are common and found cheaply ranks
	// first. Results are grouped by first id, whatever the rank.
	Rank int
}

// Pass is one step of a reader's plan: a view of the image, and when it
// is worth reading.
type Pass struct {
	View binarize.View
	// LastResort passes run only while the scan has found nothing: no
	// reader has reported a symbol in the views (or, for the linear
	// reader, the scan lines) read before. They are for images that
	// hide their symbols from the first views (light on dark, faint,
	// broken or bled modules); in an image that has shown a symbol they
	// would cost every reader that finds nothing else all its passes,
	// for the rare image holding one symbol of each kind.
	LastResort bool
	// Thorough passes run in thorough mode only.
	Thorough bool
	// MinSide and MaxSide bound the long side of the image, in pixels,
	// for which the pass runs; 0 means no bound.
	MinSide, MaxSide int
}

// applies reports whether the pass runs on an image whose long side is
// long pixels, in the given mode.
func (p Pass) applies(long int, thorough bool) bool {
	return (thorough || !p.Thorough) && long >= p.MinSide && (p.MaxSide == 0 || long <= p.MaxSide)
}

// View is what a reader's Find is given: one view of the image, and the
// means to report what it finds there.
type View struct {
	// Bin is the binarized view (true = dark) to look for symbols in;
	// nil for a reader without a plan.
	Bin *matrix.Matrix
	// Base is the view without its morphology (Bin itself unless the
	// pass dilates or opens it): the image to sample modules from.
	Base *matrix.Matrix
	// Lum is the luminance plane at the view's scale; nil when the view
	// is enlarged, since the plane does not match it then.
	Lum *image.Gray
	// Pass is the step of the plan this view is for.
	Pass Pass
	// Thorough reports whether the scan is thorough (not ReadOptions.Fast).
	Thorough bool
	// Found, for a reader without a plan, reports that the scan has
	// found a symbol in the views read before: the reader skips the
	// work that is its last resort, as the last resorts of the plans
	// are skipped then (Pass.LastResort).
	Found bool
	// EANAddOn is the scan's ReadOptions.EANAddOn, for the reader of
	// EAN/UPC symbols.
	EANAddOn EANAddOn

	run    *run
	rd     *readerRun
	scale  float64
	placed []placed // the symbols found in this view, in its pixels
	spans  []Span   // CoveredPixels's, reused
}

// placed is a symbol found in a view: its outline and module size, and
// the reader that found it.
type placed struct {
	outline [4]detect.Point
	module  float64
	by      *Reader
	view    binarize.View // the view it was found in
}

// Context returns the scan's context: a reader passes it to long work of
// its own (such as detect.FindFinders) that checks it.
func (v *View) Context() context.Context { return v.run.ctx }

// Want reports whether the scan asked for symbology id: a reader of
// several ids skips the work only the others need.
func (v *View) Want(id string) bool { return v.run.want[id] }

// Next counts one candidate about to be examined (a finder triple, an
// outline, a pair of row edges: anything that costs a decoding attempt)
// and reports whether the reader should go on: false once the scan is
// cancelled, its result limit is reached, or the reader has examined
// MaxCandidates candidates in this view.
func (v *View) Next() bool {
	if v.run.stopped() || v.rd.viewCandidates >= MaxCandidates {
		return false
	}
	v.rd.viewCandidates++
	v.run.stats.Candidates++
	return true
}

// MaxCandidates caps the candidates a reader examines in one view. The
// readers cap their candidate lists far below it, each for reasons of
// its own, and rank them best first; this is the bound that holds whatever
// a reader does.
const MaxCandidates = 256

// Stopped reports whether the scan is cancelled or has all the results it
// may return: a reader should return at once.
func (v *View) Stopped() bool { return v.run.stopped() }

// Covered reports whether p, in the view's pixels, lies inside a symbol
// found already whose modules are not much smaller than module: one this
// reader found in this view, or another reader in any view. A candidate
// there is a chance pattern of the symbol's data, not worth trying.
// module 0 matches symbols of any module size. (A pattern of much smaller
// modules inside a symbol may be a symbol printed inside another.) The
// reader's own symbols of other views do not count: their outlines, from
// other binarizations and scales, may reach over a neighbour's patterns
// in an image of many small symbols (boofcv-qr lots/image003).
func (v *View) Covered(p detect.Point, module float64) bool {
	for _, s := range v.placed {
		if s.holds(p, module) {
			return true
		}
	}
	if len(v.run.found) == 0 {
		return false
	}
	p, module = p.Mul(v.scale), module*v.scale
	for _, s := range v.run.found {
		if s.by != v.rd.r && s.holds(p, module) {
			return true
		}
	}
	return false
}

// A Span is a part of a segment: from a + T0·(b-a) to a + T1·(b-a).
type Span struct{ T0, T1 float64 }

// CoveredSpans appends to dst the parts of the segment from a to b, in the
// view's pixels, that lie inside the symbols Covered counts, whatever their
// module size, in order and merged where they overlap. A reader that scans
// lines may treat them as light: what lies inside a symbol found already is
// a chance pattern of its modules, not worth the work of reading. A symbol
// found in a view costs the readers after it nearly nothing there.
func (v *View) CoveredSpans(a, b detect.Point, dst []Span) []Span {
	n := len(dst)
	for _, s := range v.placed {
		if t0, t1, ok := detect.ClipSegment(s.outline, a, b); ok {
			dst = append(dst, Span{t0, t1})
		}
	}
	if len(v.run.found) > 0 {
		ia, ib := a.Mul(v.scale), b.Mul(v.scale)
		for _, s := range v.run.found {
			if s.by == v.rd.r {
				continue
			}
			if t0, t1, ok := detect.ClipSegment(s.outline, ia, ib); ok {
				dst = append(dst, Span{t0, t1})
			}
		}
	}
	if len(dst)-n < 2 {
		return dst
	}
	spans := dst[n:]
	slices.SortFunc(spans, func(x, y Span) int { return cmp.Compare(x.T0, y.T0) })
	k := 0
	for _, sp := range spans[1:] {
		if sp.T0 <= spans[k].T1 {
			spans[k].T1 = max(spans[k].T1, sp.T1)
		} else {
			k++
			spans[k] = sp
		}
	}
	return dst[:n+k+1]
}

// CoveredPixels is CoveredSpans for a line of n pixels, pixel k at
// a + k/(n-1)·(b-a): it appends to dst the ranges of pixel indices, first
// and last, that lie inside symbols found already.
func (v *View) CoveredPixels(a, b detect.Point, n int, dst [][2]int) [][2]int {
	if n < 2 || len(v.placed) == 0 && len(v.run.found) == 0 {
		return dst
	}
	v.spans = v.CoveredSpans(a, b, v.spans[:0])
	for _, sp := range v.spans {
		k0 := int(math.Ceil(sp.T0 * float64(n-1)))
		k1 := int(math.Floor(sp.T1 * float64(n-1)))
		if k0 <= k1 {
			dst = append(dst, [2]int{k0, k1})
		}
	}
	return dst
}

// Known reports whether p, in the view's pixels, lies inside a symbol this
// reader found in an earlier view of the scan, whose modules are not much
// smaller than module (0 matches any). A reader that has found a symbol
// again in this view, by the patterns that found it before, may take it
// as decoded without decoding it again. (Covered leaves these symbols
// out: their outlines, from other binarizations and scales, may reach
// over a neighbour's patterns.)
func (v *View) Known(p detect.Point, module float64) bool {
	p, module = p.Mul(v.scale), module*v.scale
	for _, s := range v.run.found {
		if s.by == v.rd.r && s.view != v.Pass.View && s.holds(p, module) {
			return true
		}
	}
	return false
}

// holds reports whether p lies inside s, a symbol whose modules are not
// much smaller than module (0 matches any), in the pixels of s.
func (s placed) holds(p detect.Point, module float64) bool {
	return (module == 0 || s.module == 0 || module > 0.6*s.module) && detect.Inside(s.outline, p)
}

// Add reports a symbol found in the view: bc with its corners in the
// view's pixels, in the symbol's reading orientation, and module its
// module size in those pixels (0 when unknown). Add moves the corners to
// the image's pixels and, for a reader with a plan, sets Orientation from
// them and Inverted from the view; a symbol the reader found already
// (the same content at an overlapping place) is dropped. It reports
// whether the reader may go on: false once the scan has all the results
// it may return, or is cancelled.
func (v *View) Add(bc Barcode, module float64) bool {
	v.placed = append(v.placed, placed{bc.Corners, module, v.rd.r, v.Pass.View})
	for i := range bc.Corners {
		bc.Corners[i] = bc.Corners[i].Mul(v.scale)
	}
	if v.Bin != nil {
		bc.Orientation = detect.Orientation(bc.Corners)
		bc.Inverted = bc.Inverted || v.Pass.View.Inverted
	}
	if bc.Symbology == "" {
		bc.Symbology = v.rd.r.IDs[0]
	}
	if v.run.want[bc.Symbology] {
		v.run.found = append(v.run.found, placed{bc.Corners, module * v.scale, v.rd.r, v.Pass.View})
		n := len(v.rd.results)
		v.rd.results = AppendNew(v.rd.results, bc)
		v.run.total += len(v.rd.results) - n
	}
	return !v.run.stopped()
}
