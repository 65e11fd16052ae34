package symbology

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/barkit/barkit/binarize"
)

// MaxResults is the most symbols one Read returns, and its default.
const MaxResults = 255

// ReadOptions tunes Read. The zero value reads every registered symbology
// thoroughly.
type ReadOptions struct {
	// IDs are the registry ids to report; empty means every readable one.
	IDs []string
	// Fast turns off the thorough search (more binarizers, rotations,
	// inverted images, scan lines and a downscaled pyramid); it suits
	// clean, high-contrast images.
	Fast bool
	// MaxResults caps the number of symbols returned; 0 means MaxResults.
	MaxResults int
	// EANAddOn says what to do with EAN/UPC add-ons; the zero value reads
	// them when they are there.
	EANAddOn EANAddOn
	// Stats, when not nil, receives the work the read did.
	Stats *Stats
	// Plan, when not nil, replaces the plan of every reader that has
	// one: a test or an experiment can read one view alone.
	Plan []Pass
}

// Stats is the work of one Read, for tests and profiles: it grows with the
// views read and the candidates examined, and the caps on both are what
// bound a scan whatever the image holds.
type Stats struct {
	Views      int // passes of a reader over a view
	Candidates int // candidates examined (View.Next)
}

// run is the state of one Read.
type run struct {
	ctx   context.Context
	want  map[string]bool
	limit int
	total int // results kept so far, over every reader
	// thorough is the mode: not ReadOptions.Fast.
	thorough bool
	eanAddOn EANAddOn // ReadOptions.EANAddOn
	found    []placed // the symbols found so far, by every reader, in the image's pixels (View.Covered)
	stats    Stats
}

// stopped reports whether the read is cancelled or has all its results.
func (r *run) stopped() bool {
	return r.total >= r.limit || r.ctx.Err() != nil
}

// readerRun is one reader's part of a Read.
type readerRun struct {
	r              *Reader
	plan           []Pass // the passes that apply, in view order
	results        []Barcode
	done           bool // its plan ended early (Reader.Find)
	viewCandidates int  // candidates examined in the current view
}

// Read finds and decodes the symbols of the symbologies opts.IDs names in
// src: it runs each reader that reports one of them once, keeps the
// results of the ids asked for, each symbol once, and returns at most
// opts.MaxResults, grouped by reader (in the order of their first ids),
// each reader's in the order found.
//
// The matrix and stacked readers go through the binarized views of the
// image together, view by view, in one order (binarize views with no
// morphology before those with, not enlarged before enlarged, not inverted
// before inverted, then by downscaling factor and method): each view is
// made once, read by every reader whose plan holds it (in the order of
// their ranks, Reader.Rank), and released once no later view needs it, so
// a scan holds few views at once whatever the readers. A view all light or all dark holds no symbol and is read by
// none. Readers without a plan read the luminance plane after the passes
// that are not last resorts (Pass.LastResort), before those that are, so
// that what they find spares the last resorts too.
//
// Read stops when ctx is done, returning ctx's error and no results; an
// unknown id is an ErrUnknown error. Finding nothing is not an error.
func Read(ctx context.Context, src *binarize.Source, opts ReadOptions) ([]Barcode, error) {
	want := make(map[string]bool)
	for _, id := range opts.IDs {
		if _, ok := readBy[id]; !ok {
			if info := lookup(id); info == nil || info.ID != id {
				return nil, fmt.Errorf("%w %q", ErrUnknown, id)
			}
			continue // registered, not readable
		}
		want[id] = true
	}
	if len(opts.IDs) == 0 {
		for id := range readBy {
			want[id] = true
		}
	}
	limit := opts.MaxResults
	if limit <= 0 || limit > MaxResults {
		limit = MaxResults
	}
	if !opts.EANAddOn.Valid() {
		return nil, fmt.Errorf("%w: EAN add-on mode %v", ErrInvalidData, opts.EANAddOn)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if src == nil || src.Lum == nil || src.Lum.Rect.Dx() <= 0 || src.Lum.Rect.Dy() <= 0 || len(want) == 0 {
		return nil, nil
	}
	rn := &run{ctx: ctx, want: want, limit: limit, thorough: !opts.Fast, eanAddOn: opts.EANAddOn}
	runs := plan(src, want, !opts.Fast, opts.Plan)
	rn.read(src, runs)
	if opts.Stats != nil {
		*opts.Stats = rn.stats
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []Barcode
	for _, rr := range runs {
		out = append(out, rr.results...)
	}
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// plan returns a run for every reader that reports a wanted id, in the
// order of their first ids, with the passes of its plan (or of override,
// when not nil) that apply to src in the given mode, in view order.
func plan(src *binarize.Source, want map[string]bool, thorough bool, override []Pass) []*readerRun {
	long := max(src.Lum.Rect.Dx(), src.Lum.Rect.Dy())
	var runs []*readerRun
	for _, r := range readers {
		if !slices.ContainsFunc(r.IDs, func(id string) bool { return want[id] }) {
			continue
		}
		rr := &readerRun{r: r}
		passes := r.Plan
		if override != nil && len(passes) > 0 {
			passes = override
		}
		for _, p := range passes {
			if !p.applies(long, thorough) {
				continue
			}
			p.View = p.View.Norm()
			if !slices.ContainsFunc(rr.plan, func(q Pass) bool { return q.View == p.View }) {
				rr.plan = append(rr.plan, p)
			}
		}
		slices.SortStableFunc(rr.plan, func(a, b Pass) int { return compareViews(a.View, b.View) })
		runs = append(runs, rr)
	}
	slices.SortStableFunc(runs, func(a, b *readerRun) int { return cmp.Compare(a.r.IDs[0], b.r.IDs[0]) })
	return runs
}

// compareViews orders views as Read goes through them: plain before
// morphology (opening, then dilations by growing radius), not enlarged
// before enlarged, not inverted before inverted, then by downscaling
// factor, then by method.
func compareViews(a, b binarize.View) int {
	morph := func(v binarize.View) int {
		switch {
		case v.Dilate > 0:
			return 1 + v.Dilate
		case v.Open:
			return 1
		}
		return 0
	}
	inv := func(v binarize.View) int {
		if v.Inverted {
			return 1
		}
		return 0
	}
	return cmp.Or(
		cmp.Compare(morph(a), morph(b)),
		cmp.Compare(a.Up, b.Up),
		cmp.Compare(inv(a), inv(b)),
		cmp.Compare(a.Down, b.Down),
		cmp.Compare(a.Method, b.Method),
	)
}

// read runs the readers: those with a plan view by view, those without
// on the luminance plane after the views that are not only last resorts.
func (rn *run) read(src *binarize.Source, runs []*readerRun) {
	// The views in order, and the last of them that needs each view
	// (itself, or a view made from it), after which it is released.
	var stages []binarize.View
	for _, rr := range runs {
		for _, p := range rr.plan {
			if !slices.Contains(stages, p.View) {
				stages = append(stages, p.View)
			}
		}
	}
	slices.SortFunc(stages, compareViews)
	// The readers without a plan read after the last view that is not
	// only a last resort (before the readers for which it is one): by
	// then the views every reader reads have been read, and a reader
	// without a plan knows whether the scan found something (View.Found).
	plain := -1
	for i, v := range stages {
		for _, rr := range runs {
			if j := slices.IndexFunc(rr.plan, func(p Pass) bool { return p.View == v }); j >= 0 && !rr.plan[j].LastResort {
				plain = i
			}
		}
	}
	lines := func() {
		for _, rr := range runs {
			if len(rr.r.Plan) > 0 || rn.stopped() {
				continue
			}
			rn.find(rr, &View{Lum: src.Lum, Thorough: rn.thorough, Found: rn.total > 0, EANAddOn: rn.eanAddOn, scale: 1})
		}
	}
	if plain < 0 {
		lines()
	}
	lastUse := make(map[binarize.View]int)
	for i, v := range stages {
		lastUse[v] = i
		lastUse[v.Base()] = i
		if v.Up > 1 {
			lastUse[binarize.View{Method: v.Method, Inverted: v.Inverted, Down: v.Down, Up: 1}] = i
		}
	}
	defer func() {
		for v := range lastUse {
			src.Release(v)
		}
	}()

	// runs are in the order of their first ids; they read each view in
	// the order of their ranks.
	order := slices.Clone(runs)
	slices.SortStableFunc(order, func(a, b *readerRun) int { return cmp.Compare(a.r.Rank, b.r.Rank) })
	for i, view := range stages {
		if i == plain {
			// The readers for which this view is only a last resort read
			// it after the scan lines: a symbol the lines find (most
			// images of a 1D symbol) spares them.
			if !rn.readView(src, order, view, notLastResort) {
				return
			}
			lines()
			if !rn.readView(src, order, view, onlyLastResort) {
				return
			}
		} else if !rn.readView(src, order, view, anyPass) {
			return
		}
		for v, last := range lastUse {
			if last == i {
				src.Release(v)
				delete(lastUse, v)
			}
		}
	}
}

// Which passes of a view readView runs.
const (
	anyPass = iota
	notLastResort
	onlyLastResort
)

// readView runs the readers in order whose plan holds view, those of
// which's passes. It reports false once the scan has stopped.
func (rn *run) readView(src *binarize.Source, order []*readerRun, view binarize.View, which int) bool {
	for _, rr := range order {
		j := slices.IndexFunc(rr.plan, func(p Pass) bool { return p.View == view })
		if j < 0 || rr.done || rr.plan[j].LastResort && rn.total > 0 {
			continue
		}
		if which == notLastResort && rr.plan[j].LastResort || which == onlyLastResort && !rr.plan[j].LastResort {
			continue
		}
		if rn.stopped() {
			return false
		}
		p := rr.plan[j]
		bin, _ := src.View(rn.ctx, p.View)
		if bin == nil {
			continue // cancelled, or a view no Source makes
		}
		if src.Uniform(p.View) {
			continue // all light or all dark: no symbol there
		}
		base := bin
		if p.View.Dilate > 0 || p.View.Open {
			if base, _ = src.View(rn.ctx, p.View.Base()); base == nil {
				continue
			}
		}
		v := &View{Bin: bin, Base: base, Pass: p, Thorough: rn.thorough, EANAddOn: rn.eanAddOn, scale: p.View.Scale()}
		if p.View.Up <= 1 {
			v.Lum = src.Downscaled(p.View.Down).Lum
		}
		if complete := rn.find(rr, v); complete && len(rr.results) > 0 {
			rr.done = true
		}
	}
	return !rn.stopped()
}

// find runs rr's reader on one view.
func (rn *run) find(rr *readerRun, v *View) (complete bool) {
	v.run, v.rd = rn, rr
	rr.viewCandidates = 0
	rn.stats.Views++
	return rr.r.Find(v)
}
