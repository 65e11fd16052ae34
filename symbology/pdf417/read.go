package pdf417

import (
	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/symbology"
)

// defaultMaxResults is the cap on results when ReadOptions.MaxResults is 0.
const defaultMaxResults = 255

// maxCandidates caps the candidates tried per binarized view: a busy image
// can hold many pattern-like edges, and the best-supported come first.
const maxCandidates = 40

// downscaleAbove is the long side, in pixels, above which thorough mode
// also reads the image halved: photos of that size often have modules so
// large, or noise so fine, that patterns show better at half the size.
const downscaleAbove = 1200

// A readPass is one binarized view of the image.
type readPass struct {
	method     binarize.Method
	inverted   bool
	down       int  // downscaling factor; 1 for the image itself
	lastResort bool // run only when nothing was found before
}

// reader returns the registry's ReadFunc for a kind of symbol.
func reader(k kind) symbology.ReadFunc {
	return func(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
		return read(k, src, opts)
	}
}

// read finds and decodes the symbols of kind k in src.
func read(k kind, src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	if src == nil || src.Lum == nil || src.Lum.Rect.Dx() < 8 || src.Lum.Rect.Dy() < 2 {
		return nil
	}
	limit := opts.MaxResults
	if limit <= 0 {
		limit = defaultMaxResults
	}
	r := &symbolReader{kind: k, thorough: !opts.Fast, limit: limit, src: src}
	for pi, p := range r.passes(src) {
		if p.lastResort && len(r.results) > 0 {
			continue
		}
		s := src.Downscaled(p.down)
		bin := s.Binary(p.method)
		if p.inverted {
			bin = s.Inverted(p.method)
		}
		if bin == nil || bin.Width < 8 {
			continue
		}
		vw := &view{bin: bin, lum: s.Lum, inverted: p.inverted}
		r.scan(vw, p, pi)
		if len(r.results) >= r.limit {
			break
		}
	}
	return r.results
}

// symbolReader holds the state of one read.
type symbolReader struct {
	kind     kind
	thorough bool
	limit    int
	results  []symbology.Barcode
	s        scratch
	src      *binarize.Source // whose memo holds the edges of each pass, shared by the PDF417 and Compact PDF417 readers
}

// passes lists the views to read, in order.
func (r *symbolReader) passes(src *binarize.Source) []readPass {
	ps := []readPass{{method: binarize.Local, down: 1}}
	if !r.thorough {
		return ps
	}
	ps = append(ps,
		readPass{method: binarize.Global, down: 1, lastResort: true},
		readPass{method: binarize.Local, inverted: true, down: 1, lastResort: true})
	b := src.Lum.Rect
	if max(b.Dx(), b.Dy()) > downscaleAbove {
		ps = append(ps, readPass{method: binarize.Local, down: 2, lastResort: true})
	}
	return ps
}

// scan reads the symbols of pass pi's binarized view.
func (r *symbolReader) scan(vw *view, p readPass, pi int) {
	var cands []candidate
	if r.kind == kindMicro {
		var kinds [edgeKinds]bool
		kinds[edgeMicroLeft], kinds[edgeMicroRight] = true, true
		edges := r.findEdges(vw, p, kinds)
		cands = candidates(kindMicro, edges[edgeMicroLeft], edges[edgeMicroRight])
	} else {
		// Both readers find start and stop edges, once per view: the
		// Compact PDF417 reader pairs none of them, but the PDF417 reader
		// that shares them does.
		ve := r.src.Memo(edgesKey{fast: !r.thorough, pass: pi}, func() any {
			var kinds [edgeKinds]bool
			kinds[edgeStart], kinds[edgeStop] = true, true
			edges := r.findEdges(vw, p, kinds)
			return &viewEdges{edges[edgeStart], edges[edgeStop]}
		}).(*viewEdges)
		if r.kind == kindCompact {
			cands = candidates(kindCompact, ve[0], nil)
		} else {
			cands = candidates(r.kind, ve[0], ve[1])
		}
	}
	scale := float64(p.down)
	var found [][4]detect.Point // decoded outlines in bin's pixels
	tried := 0
	for ci := range cands {
		c := &cands[ci]
		if covered(found, c) {
			continue
		}
		if tried++; tried > maxCandidates {
			break
		}
		// Lines sampled from the luminance resolve small modules and
		// blur best; the binarized image sometimes separates jagged,
		// uneven print better (pdf417-4/02-01). The second is tried
		// when the first fails after numbering the rows.
		var rd reading
		for _, gray := range [2]bool{true, false} {
			if gray && vw.lum == nil {
				continue
			}
			v := *vw
			v.gray = gray
			if c.kind == kindMicro {
				rd = readMicro(&v, c, &r.s)
			} else {
				rd = readFull(&v, c, &r.s)
			}
			// Read again from the binarized image only a candidate
			// whose rows could be numbered.
			if rd.ok || !rd.outlined {
				break
			}
		}
		if !rd.ok || !r.accepts(rd.bc.Symbology) {
			continue
		}
		bc, quad := rd.bc, rd.outline
		found = append(found, quad)
		for i := range quad {
			bc.Corners[i] = quad[i].Mul(scale)
		}
		bc.Mirrored = rd.mirrored
		bc.Inverted = p.inverted
		bc.Orientation = detect.Orientation(bc.Corners)
		r.results = symbology.AppendNew(r.results, bc)
		if len(r.results) >= r.limit {
			return
		}
	}
}

// findEdges finds the edges of the given kinds on a view.
func (r *symbolReader) findEdges(vw *view, p readPass, kinds [edgeKinds]bool) [edgeKinds][]edge {
	bin := vw.bin
	// Fast mode scans rows only; thorough mode scans columns and both
	// diagonals too on its first view, and rows and columns on the views
	// it tries when that found nothing (another binarization, light on
	// dark), which only need the extra directions for symbols both
	// rotated and hard to binarize.
	fams := 1
	switch {
	case r.thorough && !p.lastResort:
		fams = len(familyDirs)
	case r.thorough:
		fams = 2
	}
	var edges [edgeKinds][]edge
	var rr runs
	for fi := range fams {
		f := lineFamily{dx: familyDirs[fi][0], dy: familyDirs[fi][1], w: bin.Width, h: bin.Height}
		var hits [edgeKinds][2][]hit
		// Diagonal lines lie 1/√2 pixel apart: every other one is as
		// dense as the rows and columns.
		step := 1
		if f.dx != 0 && f.dy != 0 {
			step = 2
		}
		for i := 0; i < f.count(); i += step {
			rr.load(bin, f, i)
			findHits(&rr, i, f, kinds, &hits)
		}
		for k := range edgeKinds {
			for rev := range 2 {
				edges[k] = append(edges[k], mergeEdges(chainHits(hits[k][rev], k, f))...)
			}
		}
	}
	return edges
}

// accepts reports whether the reader returns symbols of the symbology id:
// each reader its own, and the PDF417 reader Compact PDF417 too, which
// readers in the field (and the reference corpus) count as PDF417.
func (r *symbolReader) accepts(id string) bool {
	return id == r.kind.id() || r.kind == kindFull && id == kindCompact.id()
}

// covered reports whether a candidate lies inside a symbol already decoded.
func covered(found [][4]detect.Point, c *candidate) bool {
	m := detect.Centre(c.quad)
	if c.left == nil || c.right == nil {
		// A lone edge: its middle.
		e := c.left
		if e == nil {
			e = c.right
		}
		m = e.a.Add(e.b).Mul(0.5).Add(e.in.Mul(2 * e.module))
	}
	for _, q := range found {
		if detect.Inside(q, m) {
			return true
		}
	}
	return false
}
