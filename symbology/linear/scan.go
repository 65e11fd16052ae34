package linear

import (
	"context"
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
)

// A Decoder reads the symbols of one symbology in a row, appending one Hit
// per symbol to hits, and returns the extended slice. It must not keep or
// modify r, and must not panic whatever the widths. A decoder whose
// symbols ask for a quiet zone before them tries the bars r.Starts gives
// (see there for the quiet zone this takes), not every bar.
type Decoder func(r *Row, hits []Hit) []Hit

// Hit is a symbol read on one scan line.
type Hit struct {
	Kind int    // what was read, as the decoder defines it: a variant, flags
	Text string // the content; hits on several lines agree when Kind and Text are equal
	// Start and End are element indexes of the row: the symbol's first
	// bar and the space after its last bar.
	Start, End int
	// Extra is a supplement read beside the symbol, after it, such as an
	// EAN add-on, or ""; ExtraEnd is the space after its last bar. It is
	// voted on apart from the symbol: a result carries the Extra that
	// enough lines read.
	Extra    string
	ExtraEnd int
	// ExtraChecked reports that the supplement carries a check of its
	// own, strong enough that one line reading it suffices once the
	// symbol is confirmed and no line read another supplement.
	ExtraChecked bool
	// Guide reports that the hit is no symbol but a pattern that shows
	// where one lies on the lines beside it: the clock track of DX film
	// edge, beside its data track. Its symbology's Guided reads those
	// lines (Symbology.Guided); a guide is never a result.
	Guide bool
	// Piece reports that the hit is no whole symbol but a piece of one,
	// which other pieces, read on this line or on others, complete: a
	// half of DataBar Omnidirectional, a row of a stacked symbol. Its
	// symbology's Assemble combines the pieces the lines of a pass read
	// into symbols (Symbology.Assemble); a piece is never a result.
	Piece bool
}

// Piece is a piece of a symbol (Hit.Piece) placed on the scan line that
// read it, or a symbol an Assembler made of pieces, placed on one of the
// lines that read them.
type Piece struct {
	Hit
	// Line is the line of the pass that read the piece: the lines of a
	// pass are parallel, numbered across it a pixel apart.
	Line int
	// A and B are the piece's extent along the line, A < B, in pixels
	// from the line's start, whichever way it was read.
	A, B float64
	// Reversed reports that the piece was read from the line's end to
	// its start; Inverted, light on dark.
	Reversed, Inverted bool
}

// An Assembler combines the pieces that the lines of one pass read
// (Hit.Piece), in the order they were read, into symbols, and appends
// them to out: each symbol as one Piece (Hit.Piece false) for each line
// it is to count on, usually those of the pieces that made it, with the
// symbol's Kind and Text, its extent along the line and the direction
// and polarity of its reading. The scan votes on them as on the hits of
// a Decoder: a symbol is a result once agree lines, lineGap pixels apart,
// read it. An Assembler must not keep or modify pieces, and must not
// panic whatever they hold; its work must stay within a small multiple of
// len(pieces) times the pieces of one symbol.
type Assembler func(pieces []Piece, agree int, out []Piece) []Piece

// Result is a symbol that enough scan lines agreed on.
type Result struct {
	Kind  int
	Text  string
	Extra string // the supplement enough lines agreed on, or ""
	// Corners are the top-left, top-right, bottom-right and bottom-left
	// corners of the region the agreeing lines crossed (with the
	// supplement, when there is one), in the symbol's reading
	// orientation, in pixels of the source image.
	Corners     [4]detect.Point
	Orientation int  // clockwise rotation of the symbol in the image, in degrees
	Inverted    bool // read light on dark
	Lines       int  // scan lines that read it
}

// Scan settings.
const (
	// mandatoryDiv: every pass reads lines down to a spacing of a 16th
	// of the image, 15 lines, before it may stop.
	mandatoryDiv = 16
	// fastDiv: fast mode refines to a 64th of the image at most, and only
	// while a symbol waits for a second line to agree.
	fastDiv = 64
	// thoroughSpacing is the finest line spacing in pixels of thorough
	// mode (or a 64th of the image, when that is finer, as fast mode goes
	// that far): lines three pixel rows thick, two apart, still find a
	// symbol whose bars are 4 pixels tall on two lines. The lines of the
	// finest spacing are read only near a symbol that waits for a second
	// line to agree on it: the reference corpus reads the same without the
	// others, which were a fifth of the work on an image without a
	// symbol (TestScanRereadFinest).
	thoroughSpacing = 2
	// maxLines bounds the lines of a thorough pass: the finest spacing
	// is at least the image over maxLines, so in an image more than 2048
	// pixels across the lines a pass reads about 512 lines rather than
	// one every 4 pixels (coarse to fine, the spacing halves level by
	// level and stops below the finest), and an image without a symbol
	// costs half as much a pixel. A symbol in such a photo has bars far
	// taller than the few spacings (8 pixels at 4096) that two lines
	// need (TestScanLargeSpacing).
	maxLines = 512
	// maxLevels bounds the coarse-to-fine levels: 2^maxLevels lines would
	// be more than any image has.
	maxLevels = 30
)

// Options tunes Scan. The zero value is the thorough default.
type Options struct {
	// Fast reads horizontal lines only, and only as fine as a symbol
	// waiting for a second line needs; it suits clean images.
	Fast bool
	// Columns, in fast mode, reads vertical lines too, as finely as the
	// horizontal ones: symbols at any quarter turn, at about twice the
	// cost of fast mode.
	Columns bool
}

// Scan reads the symbols dec finds in g: on horizontal lines in both
// directions in fast mode; in thorough mode (the default) also on finer
// lines, on vertical lines (the image turned 90°), on oblique lines across
// the regions of the image that look like turned bars, on the inverted
// image, and sharpened. A symbol is reported once two lines read it alike
// (one, when the image is less than six pixels across the lines). It
// returns the results horizontal ones first, then vertical, then oblique,
// each in the order of the lines that first read it. Scan checks ctx between lines and returns what it has when ctx
// is done.
//
// Scan serves tests and tools that read one symbology; a scan reads every
// registered symbology it is asked for at once (Register).
func Scan(ctx context.Context, g *image.Gray, opts Options, dec Decoder) []Result {
	if dec == nil {
		return nil
	}
	return scan(ctx, g, opts, []reading{{dec: dec}})[0]
}

// A Guided decoder reads a symbol of one symbology in a row beside a line
// where its decoder found guide, a pattern that shows where the symbol
// lies (Hit.Guide): from a to b along r, where the guide began and ended.
// It appends what it reads to hits, as a Decoder does, and returns the
// extended slice; it must not keep or modify r, nor panic whatever the
// widths.
type Guided func(r *Row, guide Hit, a, b float64, hits []Hit) []Hit

// reading is how a scan reads one symbology: its decoder and, for a
// symbology with guides, its guided decoder; noReread and noInverted as
// Symbology.NoReread and NoInverted; noExtra drops the supplements of its
// hits (Symbology.AddOns).
type reading struct {
	dec        Decoder
	guided     Guided
	assemble   Assembler
	noReread   bool
	noInverted bool
	noExtra    bool
}

// scan reads the symbols each of decs finds in g, as Scan does for one,
// on one set of lines: each line's profile and edges are found once and
// decoded by every decoder. Each decoder keeps its own hits, agreement and
// refinement, so that it reads what it would read alone: the scan of a
// pass goes on to finer lines while any decoder's would, and a decoder
// whose own scan would have stopped decodes no more lines of the pass. It
// returns each decoder's results, in the order of decs.
func scan(ctx context.Context, g *image.Gray, opts Options, decs []reading) [][]Result {
	return newScanner(ctx, g, opts, decs).run()
}

// newScanner returns the scanner of one scan.
func newScanner(ctx context.Context, g *image.Gray, opts Options, decs []reading) *scanner {
	s := &scanner{ctx: ctx, g: g, thorough: !opts.Fast, columns: !opts.Fast || opts.Columns}
	s.decs = make([]decoderRun, len(decs))
	for k, rd := range decs {
		s.decs[k].dec, s.decs[k].follow, s.decs[k].noReread, s.decs[k].noInverted = rd.dec, rd.guided, rd.noReread, rd.noInverted
		s.decs[k].noExtra = rd.noExtra
		s.decs[k].assemble = rd.assemble
	}
	s.ef = edgeFinder{fraction: contrastFraction, floor: minSwing}
	return s
}

// run scans and returns each decoder's results.
func (s *scanner) run() [][]Result {
	out := make([][]Result, len(s.decs))
	if s.g == nil || s.g.Rect.Dx() <= 0 || s.g.Rect.Dy() <= 0 {
		return out
	}
	s.pass(rows(s.g))
	if s.columns {
		s.pass(columns(s.g))
	}
	if s.thorough {
		for _, f := range s.obliques() {
			if s.ctx.Err() != nil {
				break
			}
			s.pass(f)
		}
	}
	for k := range s.decs {
		out[k] = s.decs[k].results
	}
	return out
}

// scanner holds the state of one scan.
type scanner struct {
	ctx      context.Context
	g        *image.Gray
	decs     []decoderRun
	thorough bool
	columns  bool // read vertical lines too

	prof, sharp []int32
	ef          edgeFinder
	fwd, rev    Row
	inv, invRev Row
	hits        []Hit
	// guides holds the guides the current line found, to follow once it
	// is read; gprof and grow, grev and ginv the profile and rows of the
	// lines beside a guide.
	guides           []lineHit
	gprof            []int32
	grow, grev, ginv Row
	fam              family // the lines of the current pass
	lines, length    int    // lines across the current pass's direction, and their length
	// waiting holds, for each symbol that waits for lines to agree on
	// it, the lines near it: from a symbol's length before its first
	// line to a symbol's length after its last.
	waiting [][2]int
	// seen holds lines of the current pass read already, whose reading
	// a line of the same profile repeats; noRepeat, for tests, reads
	// every line anew.
	seen     seenLines
	noRepeat bool
	stats    scanStats
}

// scanStats counts the work of a scan, for tests.
type scanStats struct {
	lines   int // lines read
	guided  int // lines read beside a guide
	rereads int // lines read again (walked backwards, sharpened)
	// finestRereads counts the lines of the finest spacing read again:
	// those near a symbol that waits for lines to agree.
	finestRereads int
	// repeats counts the lines whose reading repeated an earlier line's
	// (repeat.go).
	repeats int
}

// decoderRun is one decoder's part of a scan.
type decoderRun struct {
	dec      Decoder
	follow   Guided // the guided decoder; nil for a symbology without guides
	noReread bool   // the decoder does not read lines again (Symbology.NoReread)
	// noInverted: the decoder does not read the light-on-dark readings
	noInverted bool
	noExtra    bool      // the supplements of its hits are dropped
	found      []lineHit // the hits of the current pass
	// guided holds the lines of the current pass read beside a guide:
	// the guide, placed on the line read.
	guided []lineHit
	// assemble is the symbology's Assembler, nil for one without
	// pieces; pieces holds the pieces of the current pass, at most
	// maxPieces, assembled the symbols assemble made of them, and all
	// those with found, the pass's votes (hitsOf).
	assemble  Assembler
	pieces    []Piece
	assembled []Piece
	all       []lineHit
	results   []Result // the results of every pass so far
	// done reports that the decoder's own scan would have stopped the
	// current pass: it decodes no more of its lines.
	done bool
	// hadResults reports that an earlier pass found a symbol.
	hadResults bool
	// lineFound and linePieces are len(found) and len(pieces) when the
	// current line began; skip marks a decoder that does not decode the
	// current way of reading the line.
	lineFound, linePieces int
	skip                  bool
}

// lineHit is a hit placed on its scan line.
type lineHit struct {
	Hit
	dec      int  // the index of the decoder that read it
	line     int  // the line of its pass's family: a row in horizontal passes, a column in vertical ones
	reversed bool // read from the line's end to its start
	inverted bool
	// a and b are the symbol's extent along the line, a < b, measured
	// from the line's start; ea and eb its extent with its supplement.
	a, b, ea, eb float64
}

// pass reads the lines of one family, coarse to fine, and adds the
// symbols they agree on to each decoder's results.
func (s *scanner) pass(f family) {
	s.fam = f
	s.lines, s.length = f.lines, f.length
	if s.lines <= 0 || s.length <= 0 {
		return
	}
	s.prof = resize(s.prof, s.length)
	for k := range s.decs {
		d := &s.decs[k]
		d.found = d.found[:0]
		d.guided = d.guided[:0]
		d.pieces = d.pieces[:0]
		d.done = false
		d.hadResults = len(d.results) > 0
	}
	s.seen.reset()
	agree := minAgree(s.lines)
	done := make([]bool, s.lines)
	for k := 0; k < maxLevels; k++ {
		step := float64(s.lines) / float64(int(2)<<k)
		if k > 0 && step < 1 {
			break
		}
		// The finest lines are read only near a symbol that waits for
		// them (thoroughSpacing), and then read again.
		finest := s.thorough && step/2 < s.finestSpacing()
		for j := 0; j < 1<<k; j++ {
			if s.ctx.Err() != nil {
				return
			}
			c := int(float64(2*j+1) * step)
			if c < s.lines && !done[c] && (!finest || s.nearWaiting(c)) {
				done[c] = true
				reread := !finest && s.fam.kind != oblique || s.nearWaiting(c)
				s.line(c, reread)
				s.stats.lines++
				if s.thorough && reread {
					s.stats.rereads++
					if finest {
						s.stats.finestRereads++
					}
				}
			}
		}
		if s.fam.kind == oblique && step <= min(float64(s.lines)/obliqueProbe, probeSpacing) && !s.anyHits() {
			break // nothing on the first lines of an oblique region
		}
		if step > float64(s.lines)/mandatoryDiv {
			continue
		}
		all := true
		s.waiting = s.waiting[:0]
		for i := range s.decs {
			d := &s.decs[i]
			d.done = d.done || s.finished(i, step/2, agree)
			all = all && d.done
		}
		if all {
			break
		}
	}
	for i := range s.decs {
		d := &s.decs[i]
		found := s.hitsOf(i, agree)
		clusters := clusterHits(found, nil, agree)
		for j := range clusters {
			if clusters[j].confirmed {
				d.add(s.result(found, &clusters[j]))
			}
		}
	}
}

// maxPieces bounds the pieces a decoder's lines may read in a pass
// (Hit.Piece): the pieces of a symbol are read on a few lines each, and
// an image without symbols reads few or none; the bound keeps the work
// of an Assembler within a small multiple of a pass's lines (maxLines).
const maxPieces = 2 * maxLines

// hitsOf returns the hits of decoder k in the current pass: those it read
// and, for a symbology with pieces, the symbols its Assembler made of
// them, placed on their lines.
func (s *scanner) hitsOf(k, agree int) []lineHit {
	d := &s.decs[k]
	if d.assemble == nil || len(d.pieces) == 0 {
		return d.found
	}
	d.assembled = d.assemble(d.pieces, agree, d.assembled[:0])
	d.all = append(d.all[:0], d.found...)
	for _, p := range d.assembled {
		if p.Piece || p.Guide || !(p.B > p.A) || p.Line < 0 || p.Line >= s.lines {
			continue // no symbol, or no place for one
		}
		h := p.Hit
		h.Extra = ""
		d.all = append(d.all, lineHit{Hit: h, dec: k, line: p.Line, reversed: p.Reversed, inverted: p.Inverted, a: p.A, b: p.B, ea: p.A, eb: p.B})
	}
	return d.all
}

// finished reports whether decoder d's scan of the current pass may stop
// before reading the lines next apart, and adds the lines near d's symbols
// that wait for lines to agree to s.waiting. Fast mode refines only while
// a symbol waits for lines to agree on it or its supplement, down to a
// 64th of the image. Thorough mode refines down to thoroughSpacing pixels
// (or a 64th, if finer) unless nothing waits and this pass or an earlier
// one found a symbol: an image without symbols gets every line but the
// finest, which only lines near a waiting symbol get.
func (s *scanner) finished(k int, next float64, agree int) bool {
	d := &s.decs[k]
	found := s.hitsOf(k, agree)
	pending, confirmed := false, false
	for _, c := range clusterHits(found, nil, agree) {
		pending = pending || c.pending
		confirmed = confirmed || c.confirmed
		if c.pending {
			// A line joins the cluster within a symbol's length of it.
			reach := int(math.Ceil(c.b - c.a))
			s.waiting = append(s.waiting, [2]int{found[c.members[0]].line - reach, c.lastLine + reach})
		}
	}
	if !s.thorough {
		return !pending || next < float64(s.lines)/fastDiv
	}
	return next < s.finestSpacing() || !pending && (confirmed || d.hadResults)
}

// finestSpacing returns the spacing of the finest lines of a thorough
// pass: thoroughSpacing pixels (or a 64th of the image, if finer), but no
// finer than keeps the lines of the pass near maxLines.
func (s *scanner) finestSpacing() float64 {
	spacing := float64(thoroughSpacing)
	if s.fam.kind == oblique {
		spacing = obliqueSpacing
	}
	return max(min(spacing, float64(s.lines)/fastDiv), float64(s.lines)/maxLines)
}

// minAgree returns the number of lines that must agree on a symbol in an
// image lines pixels across: two, or one in an image too thin for two
// distinct lines. The scan reads lines lineGap apart only in an image of
// six pixels or more: in one of four or five, its lines (rows 1 to 3)
// share pixels, and a symbol would never be confirmed (itf-1/with-tail of
// the reference corpus is four pixels tall; TestScanThin).
func minAgree(lines int) int {
	if lines < 2*lineGap {
		return 1
	}
	return 2
}

// line reads line c of the current pass with every decoder not done. In
// thorough mode, with reread, a line that reads nothing is read again,
// walked backwards and sharpened. Oblique lines are read again only near
// a symbol that waits for lines to agree on it, as the finest lines of the
// other passes are: they cross regions of print and texture as often as
// symbols, and each costs three times a row's sampling.
//
// The finest lines of a pass are read only near a symbol that waits for
// lines to agree on it (pass, thoroughSpacing), and read again there, for
// that is where its second line is found: images of ean13-4, upca-2,
// upca-4 and upce-3 of the reference corpus read only so (TestCorpus of
// the repository root). Reading a line again costs three times reading
// it once; an image without symbols would pay it on every line
// (BenchmarkAdversarial, TestScanRereadFinest).
//
// A line whose profile is that of a line read before in the pass records
// what that line recorded, without reading it (repeat.go).
func (s *scanner) line(c int, reread bool) {
	defer s.followGuides()
	for k := range s.decs {
		d := &s.decs[k]
		d.lineFound, d.linePieces, d.skip = len(d.found), len(d.pieces), d.done
	}
	rows := s.profile(c)
	if s.noRepeat {
		s.read(c, rows, reread)
		return
	}
	if e := s.seen.lookup(s, rows, reread); e != nil {
		s.stats.repeats++
		s.replay(e, c)
		return
	}
	s.read(c, rows, reread)
	s.seen.remember(s, c, rows, reread)
}

// read reads line c, whose profile of rows pixel rows s.prof holds, as
// line describes.
func (s *scanner) read(c, rows int, reread bool) {
	s.ef.find(s.prof, rows, &s.fwd)
	elements, contrasted := len(s.fwd.W), s.ef.contrasted
	s.decodeBoth(c)
	if s.thorough && reread {
		// Edge detection walks the line one way; walked the other way,
		// its hysteresis may cut a blurred or noisy symbol differently.
		// Where it finds the same edges, the decoders would read the
		// same: their hits count again. Decoders that gain nothing from
		// reading a line again (Symbology.NoReread) are left out.
		for k := range s.decs {
			d := &s.decs[k]
			d.skip = d.skip || d.noReread
		}
		if s.ef.findBackward(s.prof, rows, &s.fwd) {
			s.repeatHits()
		} else {
			s.decodeBoth(c)
		}
		if s.readNothing() {
			// Nothing read: once more with the thin elements sharpened,
			// mildly, then, if that reads nothing either, strongly.
			s.sharpen(mildSharpen, rows)
			s.ef.find(s.sharp, rows, &s.fwd)
			s.decodeBoth(c)
			if s.readNothing() && contrasted >= minStrongElements {
				// The strong mask is there to split elements that
				// blur merged: a row it split none of differs from
				// the unsharpened one only by slightly moved edges.
				s.sharpen(strongSharpen, rows)
				s.ef.floor = minSwing * strongNoise
				more := s.ef.findMore(s.sharp, rows, &s.fwd, elements)
				s.ef.floor = minSwing
				if more {
					s.decodeBoth(c)
				}
			}
		}
	}
}

// anyHits reports whether any decoder has read anything in the current
// pass, a symbol or a guide.
func (s *scanner) anyHits() bool {
	for k := range s.decs {
		if len(s.decs[k].found) > 0 || len(s.decs[k].guided) > 0 || len(s.decs[k].pieces) > 0 {
			return true
		}
	}
	return false
}

// nearWaiting reports whether line c lies near a symbol that waits for
// lines to agree on it.
func (s *scanner) nearWaiting(c int) bool {
	for _, w := range s.waiting {
		if c >= w[0] && c <= w[1] {
			return true
		}
	}
	return false
}

// repeatHits adds once more the hits each decoder read on the current line
// so far, as decoding the same row again would.
func (s *scanner) repeatHits() {
	for k := range s.decs {
		d := &s.decs[k]
		if !d.skip {
			d.found = append(d.found, d.found[d.lineFound:]...)
		}
	}
}

// readNothing marks the decoders that read something on the current line
// as done with it, and reports whether any decoder is left: a line is
// read again, sharpened, for the decoders that read nothing on it.
func (s *scanner) readNothing() bool {
	left := false
	for k := range s.decs {
		d := &s.decs[k]
		d.skip = d.skip || len(d.found) > d.lineFound
		left = left || !d.skip
	}
	return left
}

// The strengths of the unsharp masks of sharpen, in halves of the
// profile's second difference.
const (
	// mildSharpen, half the second difference, reads 9% more EAN/UPC
	// images of the reference corpus (TestCorpus in package ean).
	mildSharpen = 1
	// strongSharpen, one and a half times the second difference, undoes
	// more blur: a symbol of two pixels per module blurred so that a
	// one-module space between bars dims the profile by a tenth of the
	// contrast keeps its thin elements only so sharpened
	// (TestScanStrongSharpen; code128-2/06 of the reference corpus,
	// TestCorpusTurned in package code128; of 0.5 to 2 times, 1.5 read
	// it on the most lines). Its overshoot is clipped to the range of
	// luminance: beyond black and white it would widen the local
	// contrast and with it the edge threshold, and hide the thin
	// elements again. The mild mask stays unclipped, as it was tuned
	// (clipped, it loses an image of upce-2).
	strongSharpen = 3
	// strongNoise is how much the strong mask amplifies pixel noise, the
	// root of the sum of the squares of its weights -1.5, 4, -1.5: the
	// least threshold of edge detection grows by as much, so that the
	// noise of a flat region cuts the line no more often than
	// unsharpened (TestScanStrongSharpen; unraised, noise of one grey
	// level cuts its quiet zones).
	strongNoise = 4.53
	// minStrongElements is the fewest edges a line must have,
	// unsharpened, where the local contrast rather than minSwing set the
	// threshold (edges of print, not of noise), to be read strongly
	// sharpened. Sharpening splits elements that blur merged; it cannot
	// make a symbol of a line that shows hardly any: the shortest linear
	// symbols have 17 bars and spaces and more (an ITF symbol of two
	// digits; Code 128 of one character has 25), and blur that takes
	// more than a few of them leaves nothing to read. Most lines of a
	// photograph cross no symbol, or only noise, and stop here
	// (TestScanStrongGate).
	minStrongElements = 16
)

// sharpen fills s.sharp with s.prof less k halves of its second
// difference, an unsharp mask that gives back to thin elements some of the
// contrast blur took from them: in thorough mode a line that reads nothing
// is read again sharpened.
func (s *scanner) sharpen(k int32, rows int) {
	n := len(s.prof)
	p := s.prof[:n]
	s.sharp = resize(s.sharp, n)
	q := s.sharp[:n]
	q[0], q[n-1] = p[0], p[n-1]
	white := int32(255 * rows)
	prev, cur := p[0], p[min(1, n-1)]
	for i := 1; i+1 < n; i++ {
		next := p[i+1]
		v := cur + k*(2*cur-prev-next)/2
		if k > mildSharpen {
			v = max(0, min(white, v))
		}
		q[i] = v
		prev, cur = cur, next
	}
}

// decodeBoth decodes s.fwd, the row of line c, in both directions, and in
// thorough mode inverted too.
func (s *scanner) decodeBoth(c int) {
	s.decode(&s.fwd, c, false, false)
	s.rev.reverse(&s.fwd)
	s.decode(&s.rev, c, true, false)
	if s.thorough {
		// Views of the rows above, not copies.
		s.inv.invert(&s.fwd)
		s.decode(&s.inv, c, false, true)
		s.invRev.invert(&s.rev)
		s.decode(&s.invRev, c, true, true)
	}
}

// profile fills s.prof with the sum of the pixel rows (or columns) c-1 to
// c+1 that are in the image and returns how many there are.
func (s *scanner) profile(c int) int {
	return s.profileInto(s.prof, c)
}

// profileInto fills p, of the length of a line, with the profile of line
// c, as profile does: the sum of three lines a pixel apart, c-1 to c+1,
// those in the image (rows and columns), or sampled across the image
// (oblique lines, sample).
func (s *scanner) profileInto(p []int32, c int) int {
	g := s.g
	p = p[:s.length]
	if s.fam.kind == oblique {
		s.sample(p, c)
		return obliqueRows
	}
	c0, c1 := max(0, c-1), min(s.lines-1, c+1)
	if s.fam.kind == rowLines {
		row := func(y int) []uint8 { return g.Pix[y*g.Stride : y*g.Stride+len(p)] }
		a := row(c0)
		if c1-c0 == 2 {
			// Three rows, as on all lines but the first and
			// last, summed in one pass.
			b, c := row(c0 + 1)[:len(a)], row(c1)[:len(a)]
			for x, v := range a {
				p[x] = int32(v) + int32(b[x]) + int32(c[x])
			}
			return 3
		}
		for x, v := range a {
			p[x] = int32(v)
		}
		for y := c0 + 1; y <= c1; y++ {
			for x, v := range row(y)[:len(p)] {
				p[x] += int32(v)
			}
		}
		return c1 - c0 + 1
	}
	pix := g.Pix
	if c1-c0 == 2 {
		for y := range p {
			col := pix[y*g.Stride+c0 : y*g.Stride+c0+3]
			p[y] = int32(col[0]) + int32(col[1]) + int32(col[2])
		}
		return 3
	}
	for y := range p {
		col := pix[y*g.Stride+c0 : y*g.Stride+c1+1]
		var sum int32
		for _, v := range col {
			sum += int32(v)
		}
		p[y] = sum
	}
	return c1 - c0 + 1
}

// decode runs the decoders on row r of line c and records their hits.
func (s *scanner) decode(r *Row, c int, reversed, inverted bool) {
	for k := range s.decs {
		d := &s.decs[k]
		if d.skip || inverted && d.noInverted {
			continue
		}
		s.hits = d.dec(r, s.hits[:0])
		s.record(k, r, c, reversed, inverted, true)
	}
}

// record adds s.hits, decoder k's on row r of line c, to its hits; with
// guides, the guides among them are queued to be followed once the line
// is read (a decoder without a guided decoder has none).
func (s *scanner) record(k int, r *Row, c int, reversed, inverted, guides bool) {
	d := &s.decs[k]
	n := len(r.W)
	for _, h := range s.hits {
		if d.noExtra {
			h.Extra, h.ExtraEnd, h.ExtraChecked = "", 0, false
		}
		if h.Start < 0 || h.End <= h.Start || h.End > n || h.Extra != "" && (h.ExtraEnd <= h.End || h.ExtraEnd > n) {
			continue // a decoder bug; a hit without a place cannot be checked
		}
		end := h.End
		if h.Extra != "" {
			end = h.ExtraEnd
		}
		a, b, ea, eb := r.Pos[h.Start], r.Pos[h.End], r.Pos[h.Start], r.Pos[end]
		if reversed {
			l := float64(s.length)
			a, b, ea, eb = l-b, l-a, l-eb, l-ea
		}
		lh := lineHit{Hit: h, line: c, reversed: reversed, inverted: inverted, a: a, b: b, ea: ea, eb: eb, dec: k}
		switch {
		case h.Piece:
			if d.assemble != nil && len(d.pieces) < maxPieces {
				d.pieces = append(d.pieces, Piece{Hit: h, Line: c, A: a, B: b, Reversed: reversed, Inverted: inverted})
			}
		case !h.Guide:
			d.found = append(d.found, lh)
		case guides && d.follow != nil && len(s.guides) < maxGuides:
			s.guides = append(s.guides, lh)
		}
	}
}

// Guides. A decoder's guide (Hit.Guide) shows where a symbol lies on the
// lines beside it: its guided decoder reads them, from where the guide
// began to where it ended, in the guide's direction and polarity. The
// lines read so are lineGap apart, within guideReach of the guide's length
// on either side, and at most guideLines on each; a line read so already
// in the pass, over the same extent, is not read again. Guides are rare
// where there is no symbol: DX film edge's, its clock track, is a bar of
// 5 modules and 15 or 23 narrow elements alike.
const (
	// guideReach: DX film edge's data track lies beside its clock track,
	// within its own height, a few modules; a third of the symbol's
	// length (31 or 23 modules) leaves room for tall tracks.
	guideReach = 1.0 / 3
	// guideLines bounds the lines read on either side of a guide.
	guideLines = 12
	// maxGuides bounds the guides one line may queue, and maxGuided the
	// lines a decoder's guides have read in a pass: the work they cause
	// stays within a few lines' for each guide, and within twice a pass's
	// finest lines (maxLines) for all.
	maxGuides = 16
	maxGuided = 2 * maxLines
)

// followGuides reads the lines beside the guides the current line found,
// with their decoders' guided decoders.
func (s *scanner) followGuides() {
	for _, g := range s.guides {
		d := &s.decs[g.dec]
		reach := int(guideReach * (g.b - g.a))
		for k := 1; k <= guideLines && k*lineGap <= reach; k++ {
			for _, c := range [2]int{g.line - k*lineGap, g.line + k*lineGap} {
				if c < 0 || c >= s.lines || len(d.guided) >= maxGuided || s.ctx.Err() != nil || slices.ContainsFunc(d.guided, func(f lineHit) bool {
					return f.line == c && f.reversed == g.reversed && f.inverted == g.inverted && min(f.b, g.b) > max(f.a, g.a)
				}) {
					continue
				}
				m := g
				m.line = c
				d.guided = append(d.guided, m)
				s.guidedLine(g, c)
			}
		}
	}
	s.guides = s.guides[:0]
}

// guidedLine reads line c with the guided decoder of guide g's decoder, in
// g's direction and polarity, between g's ends.
func (s *scanner) guidedLine(g lineHit, c int) {
	s.stats.guided++
	s.gprof = resize(s.gprof, s.length)
	rows := s.profileInto(s.gprof, c)
	s.ef.find(s.gprof, rows, &s.grow)
	r := &s.grow
	a, b := g.a, g.b
	if g.reversed {
		s.grev.reverse(r)
		r = &s.grev
		l := float64(s.length)
		a, b = l-g.b, l-g.a
	}
	if g.inverted {
		s.ginv.invert(r)
		r = &s.ginv
	}
	d := &s.decs[g.dec]
	s.hits = d.follow(r, g.Hit, a, b, s.hits[:0])
	s.record(g.dec, r, c, g.reversed, g.inverted, false)
}

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// point returns the image point at position t along line c of the current
// pass: rows and columns run through the centres of their pixels.
func (s *scanner) point(c int, t float64) detect.Point {
	return s.fam.point(c, t)
}
