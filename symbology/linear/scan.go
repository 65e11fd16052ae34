package linear

import (
	"context"
	"image"
	"slices"

	"github.com/barkit/barkit/detect"
)

// A Decoder reads the symbols of one symbology in a row, appending one Hit
// per symbol to hits, and returns the extended slice. It must not keep or
// modify r, and must not panic whatever the widths.
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
}

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
	// symbol whose bars are 4 pixels tall on two lines.
	thoroughSpacing = 2
	// maxLevels bounds the coarse-to-fine levels: 2^maxLevels lines would
	// be more than any image has.
	maxLevels = 30
)

// Options tunes Scan. The zero value is the thorough default.
type Options struct {
	// Fast reads horizontal lines only, and only as fine as a symbol
	// waiting for a second line needs; it suits clean images.
	Fast bool
}

// Scan reads the symbols dec finds in g: on horizontal lines in both
// directions in fast mode; in thorough mode (the default) also on finer
// lines, on vertical lines (the image turned 90°), on the inverted image,
// and sharpened. A symbol is reported once two lines read it alike (one,
// when the image is less than four pixels across the lines). It returns the
// results horizontal ones first, each in the order of the lines that first
// read it. Scan checks ctx between lines and returns what it has when ctx
// is done.
func Scan(ctx context.Context, g *image.Gray, opts Options, dec Decoder) []Result {
	if g == nil || dec == nil || g.Rect.Dx() <= 0 || g.Rect.Dy() <= 0 {
		return nil
	}
	s := &scanner{ctx: ctx, g: g, dec: dec, thorough: !opts.Fast}
	s.ef = edgeFinder{fraction: contrastFraction, floor: minSwing}
	s.pass(false)
	if s.thorough {
		s.pass(true)
	}
	return s.results
}

// scanner holds the state of one Scan.
type scanner struct {
	ctx      context.Context
	g        *image.Gray
	dec      Decoder
	thorough bool

	prof, sharp   []int32
	ef            edgeFinder
	fwd, rev      Row
	inv, invRev   Row
	hits          []Hit
	found         []lineHit // the hits of the current pass
	results       []Result  // the results of every pass so far
	vertical      bool      // the current pass reads columns
	lines, length int       // lines across the current pass's direction, and their length
}

// lineHit is a hit placed on its scan line.
type lineHit struct {
	Hit
	line     int  // the line: a row in horizontal passes, a column in vertical ones
	reversed bool // read from the line's end to its start
	inverted bool
	// a and b are the symbol's extent along the line, a < b, measured
	// from the line's start; ea and eb its extent with its supplement.
	a, b, ea, eb float64
}

// pass reads the lines of one direction, coarse to fine, and adds the
// symbols they agree on to s.results.
func (s *scanner) pass(vertical bool) {
	s.vertical = vertical
	s.lines, s.length = s.g.Rect.Dy(), s.g.Rect.Dx()
	if vertical {
		s.lines, s.length = s.length, s.lines
	}
	s.prof = resize(s.prof, s.length)
	s.found = s.found[:0]
	agree := minAgree(s.lines)
	done := make([]bool, s.lines)
	hadResults := len(s.results) > 0
	for k := 0; k < maxLevels; k++ {
		step := float64(s.lines) / float64(int(2)<<k)
		if k > 0 && step < 1 {
			break
		}
		for j := 0; j < 1<<k; j++ {
			if s.ctx.Err() != nil {
				return
			}
			c := int(float64(2*j+1) * step)
			if c < s.lines && !done[c] {
				done[c] = true
				s.line(c)
			}
		}
		if step > float64(s.lines)/mandatoryDiv {
			continue
		}
		if s.finished(step/2, agree, hadResults) {
			break
		}
	}
	clusters := clusterHits(s.found, nil, agree)
	for i := range clusters {
		if clusters[i].confirmed {
			s.add(s.result(&clusters[i]))
		}
	}
}

// finished reports whether the current pass may stop before reading the
// lines next apart. Fast mode refines only while a symbol waits for lines
// to agree on it or its supplement, down to a 64th of the image. Thorough
// mode refines down to thoroughSpacing pixels (or a 64th, if finer) unless
// nothing waits and this pass or an earlier one found a symbol: an image
// without symbols gets every line.
func (s *scanner) finished(next float64, agree int, hadResults bool) bool {
	pending, confirmed := false, false
	for _, c := range clusterHits(s.found, nil, agree) {
		pending = pending || c.pending
		confirmed = confirmed || c.confirmed
	}
	if !s.thorough {
		return !pending || next < float64(s.lines)/fastDiv
	}
	return next < min(thoroughSpacing, float64(s.lines)/fastDiv) || !pending && (confirmed || hadResults)
}

// minAgree returns the number of lines that must agree on a symbol in an
// image lines pixels across: two, or one in an image too thin for two
// distinct lines.
func minAgree(lines int) int {
	if lines < 4 {
		return 1
	}
	return 2
}

// line reads line c of the current pass.
func (s *scanner) line(c int) {
	rows := s.profile(c)
	s.ef.find(s.prof, rows, &s.fwd)
	elements, contrasted := len(s.fwd.W), s.ef.contrasted
	found := len(s.found)
	s.decodeBoth(c)
	if s.thorough {
		// Edge detection walks the line one way; walked the other way,
		// its hysteresis may cut a blurred or noisy symbol differently.
		slices.Reverse(s.prof)
		s.ef.find(s.prof, rows, &s.rev)
		s.fwd.reverse(&s.rev)
		s.decodeBoth(c)
		if len(s.found) == found {
			// Nothing read: once more with the thin elements sharpened,
			// mildly, then, if that reads nothing either, strongly.
			slices.Reverse(s.prof)
			s.sharpen(mildSharpen, rows)
			s.ef.find(s.sharp, rows, &s.fwd)
			s.decodeBoth(c)
			if len(s.found) == found && contrasted >= minStrongElements {
				// The strong mask is there to split elements that
				// blur merged: a row it split none of differs from
				// the unsharpened one only by slightly moved edges.
				s.sharpen(strongSharpen, rows)
				s.ef.floor = minSwing * strongNoise
				s.ef.find(s.sharp, rows, &s.fwd)
				s.ef.floor = minSwing
				if len(s.fwd.W) > elements {
					s.decodeBoth(c)
				}
			}
		}
	}
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
	p := s.prof
	s.sharp = resize(s.sharp, len(p))
	q := s.sharp
	q[0], q[len(p)-1] = p[0], p[len(p)-1]
	white := int32(255 * rows)
	for i := 1; i+1 < len(p); i++ {
		q[i] = p[i] + k*(2*p[i]-p[i-1]-p[i+1])/2
		if k > mildSharpen {
			q[i] = max(0, min(white, q[i]))
		}
	}
}

// decodeBoth decodes s.fwd, the row of line c, in both directions, and in
// thorough mode inverted too.
func (s *scanner) decodeBoth(c int) {
	s.decode(&s.fwd, c, false, false)
	s.rev.reverse(&s.fwd)
	s.decode(&s.rev, c, true, false)
	if s.thorough {
		s.inv.invert(&s.fwd)
		s.decode(&s.inv, c, false, true)
		s.invRev.reverse(&s.inv)
		s.decode(&s.invRev, c, true, true)
	}
}

// profile fills s.prof with the sum of the pixel rows (or columns) c-1 to
// c+1 that are in the image and returns how many there are.
func (s *scanner) profile(c int) int {
	g := s.g
	c0, c1 := max(0, c-1), min(s.lines-1, c+1)
	p := s.prof
	clear(p)
	if !s.vertical {
		for y := c0; y <= c1; y++ {
			row := g.Pix[y*g.Stride : y*g.Stride+s.length]
			for x, v := range row {
				p[x] += int32(v)
			}
		}
		return c1 - c0 + 1
	}
	for y := range p {
		row := g.Pix[y*g.Stride+c0 : y*g.Stride+c1+1]
		var sum int32
		for _, v := range row {
			sum += int32(v)
		}
		p[y] = sum
	}
	return c1 - c0 + 1
}

// decode runs the decoder on row r of line c and records its hits.
func (s *scanner) decode(r *Row, c int, reversed, inverted bool) {
	s.hits = s.dec(r, s.hits[:0])
	n := len(r.W)
	for _, h := range s.hits {
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
		s.found = append(s.found, lineHit{Hit: h, line: c, reversed: reversed, inverted: inverted, a: a, b: b, ea: ea, eb: eb})
	}
}

// point returns the image point at position t along line c of the current
// pass: lines run through the centres of their pixels.
func (s *scanner) point(c int, t float64) detect.Point {
	if s.vertical {
		return detect.Point{X: float64(c) + 0.5, Y: t}
	}
	return detect.Point{X: t, Y: float64(c) + 0.5}
}
