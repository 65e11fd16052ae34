package databar

import (
	"math"
	"strconv"
	"strings"

	"github.com/barkit/barkit/symbology/linear"
)

// Reading. A DataBar symbol has no start and stop characters and asks for
// no quiet zone: its finder patterns find it. The row decoder looks for
// finders at every place of a row, with a few comparisons of element
// widths (sums taken from Row.Pos), and reads the characters around those
// that pass; the characters' values and the checksum do the rest.

// The kinds of hit, Hit.Kind.
const (
	kindOmni = iota + 1
	kindStacked
	kindStackedOmni
	kindLimited
	kindExpanded
	kindExpandedStacked
	kindHalf     // a piece: a half of DataBar Omnidirectional
	kindSegments // a piece: consecutive segment pairs of DataBar Expanded
)

// readChar returns the value of a character of cs whose elements, odd
// ones first, measure w in any unit, over modules modules. The widths are
// rounded to modules so that they add up to modules and the odd ones to
// a number of modules some subset of cs has, moving the fewest modules
// from the widths that rounding moved most.
func readChar(w []float64, modules int, cs *charSet) (int, bool) {
	n := len(w)
	if n != 2*cs.half || n > 2*maxElements {
		return 0, false
	}
	total := 0.0
	for _, x := range w {
		total += x
	}
	if !(total > 0) {
		return 0, false
	}
	scale := float64(modules) / total
	var x [2 * maxElements]float64
	var r [2 * maxElements]int
	sum := 0
	for i, v := range w {
		x[i] = v * scale
		r[i] = max(1, int(math.Round(x[i])))
		sum += r[i]
	}
	// The sum: each step moves one module, at most n of them either way
	// for rounding, more only for widths no character has.
	for k := 0; sum != modules; k++ {
		if k >= n {
			return 0, false
		}
		best, bi := math.Inf(-1), -1
		for i := 0; i < n; i++ {
			d := x[i] - float64(r[i]) // > 0: rounded down
			if sum > modules {
				d = -d
				if r[i] == 1 {
					continue
				}
			}
			if d > best {
				best, bi = d, i
			}
		}
		if bi < 0 {
			return 0, false
		}
		if sum > modules {
			r[bi]--
			sum--
		} else {
			r[bi]++
			sum++
		}
	}
	odd := 0
	for i := 0; i < n; i += 2 {
		odd += r[i]
	}
	if !cs.hasOdd(odd) {
		// Move one module between an odd and an even element, where
		// rounding cost least.
		best, bo, be, dir := math.Inf(1), -1, -1, 0
		for o := 0; o < n; o += 2 {
			for e := 1; e < n; e += 2 {
				for _, d := range [2]int{1, -1} {
					if r[o]+d < 1 || r[e]-d < 1 || !cs.hasOdd(odd+d) {
						continue
					}
					c := math.Abs(float64(r[o]+d)-x[o]) - math.Abs(float64(r[o])-x[o]) +
						math.Abs(float64(r[e]-d)-x[e]) - math.Abs(float64(r[e])-x[e])
					if c < best {
						best, bo, be, dir = c, o, e, d
					}
				}
			}
		}
		if bo < 0 {
			return 0, false
		}
		r[bo] += dir
		r[be] -= dir
	}
	return cs.charValue(r[:n])
}

// hasOdd reports whether a subset of cs has odd elements over m modules.
func (cs *charSet) hasOdd(m int) bool {
	for i := range cs.subsets {
		if cs.subsets[i].oddModules == m {
			return true
		}
	}
	return false
}

// finderTolerance is how far, in modules, an element of a finder pattern
// as read may lie from the pattern's width: the patterns differ by two
// modules at least in some element, and ink spread or blur moves an edge
// by less than half a module in images that read.
const finderTolerance = 0.75

// matchFinder returns the index of the pattern of finders whose widths
// the five elements w match, measured in modules of size module, or -1.
// The patterns are widths from the symbol's outside; with backwards, w is
// read from its end.
func matchFinder(w []float64, module float64, finders [][5]int, backwards bool) int {
	if len(w) != 5 || !(module > 0) {
		return -1
	}
	var x [5]float64
	for k := range x {
		if backwards {
			x[k] = w[4-k] / module
		} else {
			x[k] = w[k] / module
		}
	}
	best, bi := finderTolerance, -1
	for f := range finders {
		worst := 0.0
		for k := 0; k < 5 && worst <= best; k++ {
			worst = max(worst, math.Abs(x[k]-float64(finders[f][k])))
		}
		if worst <= best {
			best, bi = worst, f
		}
	}
	return bi
}

// The finder test of the row decoders. A finder's last two elements, from
// the symbol's outside, are a module wide each in every pattern of
// DataBar Omnidirectional and Expanded, of 15 modules: measured against
// the five together, each lies within smallShare of 1/15 (a module at
// half or twice its width still passes), and their sum is the module.
const (
	smallLo = 0.4 / 15
	smallHi = 2.0 / 15
)

// wideShare is the least share of a finder's width that its two wide
// elements, the second and third from the symbol's outside, take: they
// are 10 modules of 15 at least in every pattern of DataBar
// Omnidirectional and Expanded, and each lies within finderTolerance of
// its width where matchFinder accepts it. A cheap test that passes every
// finder matchFinder accepts, and few places of a row that are none.
const wideShare = (10 - 2*finderTolerance) / 15

// wideEnough reports whether the elements of a row from i, read as a
// finder of width f forwards (its single modules last) or backwards
// (first), have wide elements that take wideShare of it.
func wideEnough(w []float64, i int, f float64, fwd bool) bool {
	if fwd {
		return w[i+1]+w[i+2] >= wideShare*f
	}
	return w[i+2]+w[i+3] >= wideShare*f
}

// The characters around a finder are as wide as the finder's modules say,
// within charSpread: a symbol turned or tilted on its label changes its
// module width by a few percent from one end of the symbol to the other;
// a row that is no symbol seldom passes both this and the finder test.
const (
	charSpreadLo = 0.8
	charSpreadHi = 1.25
)

// decodeRow is the row decoder of the DataBar reader: the halves of
// DataBar Omnidirectional, the segment pairs of DataBar Expanded and the
// symbols of DataBar Limited in r.
func decodeRow(r *linear.Row, hits []linear.Hit) []linear.Hit {
	var buf [64]int32
	cands := finderCandidates(r, buf[:0])
	hits = decodeOmni(r, hits, cands)
	hits = decodeExpanded(r, hits, cands)
	hits = decodeLimited(r, hits)
	return hits
}

// minFinderWidth is the least width, in pixels, of a finder of 15
// modules that the reader reads: modules of 0.8 pixels. Symbols of
// smaller modules do not survive a camera's blur; most places of a line
// through texture or noise, whose elements are a pixel or two wide, fail
// this first and cheapest test of the row decoder (the cost budget of a
// scan of images without symbols, TestTextureWork).
const minFinderWidth = 12

// finderCandidates appends to out the elements of r where a finder of
// DataBar Omnidirectional or Expanded may start, in increasing order: the
// five elements from there, read forwards from an even element (a space)
// or backwards from an odd one, have their single modules last and their
// wide elements wide enough (smallLo, smallHi, wideShare), and a
// character beside them. The tests are the two decoders' first, made once
// for both. Either way, the single modules are the odd element j and
// j+1: the row is walked by those pairs, each tried first against the
// wide pairs beside it, the cheapest test.
func finderCandidates(r *linear.Row, out []int32) []int32 {
	w := r.W
	n := len(w)
	first := len(out)
	for j := 1; j+1 < n; j += 2 {
		m := w[j] // the wider single module (no max: it weighs NaNs)
		if w[j+1] > m {
			m = w[j+1]
		}
		var wl, wr float64 // the wide pairs before and after
		if j >= 3 {
			wl = w[j-2] + w[j-1]
		}
		if j+3 < n {
			wr = w[j+2] + w[j+3]
		}
		if wl < pairRatio*m && wr < pairRatio*m {
			continue
		}
		if i := j - 3; i >= 1 && i+5 < n && wl >= pairRatio*m && finderAt(r, i, true) {
			out = append(out, int32(i))
		}
		if i := j; i+5 < n && wr >= pairRatio*m && finderAt(r, i, false) {
			out = append(out, int32(i))
		}
	}
	// In order: a pair's backward finder (at j) precedes the next pair's
	// forward one (at j-1).
	for k := first + 1; k < len(out); k++ {
		for m := k; m > first && out[m] < out[m-1]; m-- {
			out[m], out[m-1] = out[m-1], out[m]
		}
	}
	return out
}

// pairRatio is how many times wider than each of a finder's single
// modules its wide pair is at least: wideShare over smallHi.
const pairRatio = wideShare / smallHi

// finderAt reports whether the five elements of r from i may be a
// finder, read forwards (its single modules last) or backwards.
func finderAt(r *linear.Row, i int, fwd bool) bool {
	w, pos := r.W, r.Pos
	f := pos[i+5] - pos[i]
	if !(f >= minFinderWidth) {
		return false
	}
	a, b := w[i+3], w[i+4]
	if !fwd {
		a, b = w[i], w[i+1]
	}
	if a < smallLo*f || a > smallHi*f || b < smallLo*f || b > smallHi*f || !wideEnough(w, i, f, fwd) {
		return false
	}
	// A character of 15 to 17 modules beside it, as each decoder asks
	// (near): 12 to 21.25 modules of the finder's.
	lo, hi := charSpreadLo*15/15*f, charSpreadHi*17/15*f
	left := i >= 8 && pos[i]-pos[i-8] >= lo && pos[i]-pos[i-8] <= hi
	right := i+13 < len(w) && pos[i+13]-pos[i+5] >= lo && pos[i+13]-pos[i+5] <= hi
	return left || right
}

// decodeOmni reads the halves of DataBar Omnidirectional symbols in r: a
// left half read forwards, its finder at an even element (a space), and
// a right half read backwards, its finder at an odd one, so that a symbol
// reads in one direction only, that of its text. A left half followed by
// the right half that completes it is a symbol; every other half is a
// piece (Hit.Piece), for the assembler. cands are the row's finder
// candidates (finderCandidates).
func decodeOmni(r *linear.Row, hits []linear.Hit, cands []int32) []linear.Hit {
	w, pos := r.W, r.Pos
	n := len(w)
	var lefts [maxHalves]struct {
		at, hit int // the finder's element, the piece's index in hits
		h       half
	}
	nl := 0
	first := len(hits)
	for _, c := range cands {
		i := int(c)
		if i < 9 || i+13 >= n {
			continue
		}
		f := pos[i+5] - pos[i]
		fwd := i%2 == 0
		module := f * (1.0 / 15)
		var outer, inner []float64
		var start, end int
		if fwd {
			if i < 10 {
				continue
			}
			// Guard bar, outside character, finder, inside character.
			if !near(pos[i]-pos[i-8], 16*module) || !near(pos[i+13]-pos[i+5], 15*module) || !guard(w[i-9], module) {
				continue
			}
			outer, inner = w[i-8:i], w[i+5:i+13]
			start, end = i-9, i+12
		} else {
			if i+15 >= n || i < 8 {
				continue
			}
			// Inside character, finder, outside character, guard
			// space and bar, read backwards.
			if !near(pos[i+13]-pos[i+5], 16*module) || !near(pos[i]-pos[i-8], 15*module) || !guard(w[i+13], module) || !guard(w[i+14], module) {
				continue
			}
			outer, inner = w[i+5:i+13], w[i-8:i]
			start, end = i-8, i+15
		}
		fv := matchFinder(w[i:i+5], module, omniFinders[:], !fwd)
		if fv < 0 {
			continue
		}
		var ow, iw [8]float64
		for k := 0; k < 8; k++ {
			if fwd {
				ow[k], iw[k] = outer[k], inner[7-k]
			} else {
				ow[k], iw[k] = outer[7-k], inner[k]
			}
		}
		ov, ok1 := readChar(ow[:], 16, &outside)
		iv, ok2 := readChar(iw[:], 15, &inside)
		if !ok1 || !ok2 {
			continue
		}
		h := half{right: !fwd, finder: fv, outer: ov, inner: iv}
		if !fwd && nl > 0 && lefts[nl-1].at+21 == i {
			if v, ok := omniCheck(lefts[nl-1].h, h); ok {
				// The left half's piece becomes the symbol.
				hits[lefts[nl-1].hit] = linear.Hit{Kind: kindOmni, Text: gtinText(v), Start: lefts[nl-1].at - 9, End: end}
				nl--
				continue
			}
		}
		if len(hits)-first >= maxHalves {
			break
		}
		hits = append(hits, linear.Hit{Kind: kindHalf, Text: h.String(), Start: start, End: end, Piece: true})
		if fwd && nl < maxHalves {
			lefts[nl].at, lefts[nl].hit, lefts[nl].h = i, len(hits)-1, h
			nl++
		}
	}
	return hits
}

// maxHalves bounds the halves one row may read: a row crosses a few
// symbols at most.
const maxHalves = 16

// near reports whether a width is within charSpread of the width want.
func near(got, want float64) bool {
	return got >= charSpreadLo*want && got <= charSpreadHi*want
}

// guard reports whether w may be a guard's element of a single module.
func guard(w, module float64) bool {
	return w >= 0.4*module && w <= 2.2*module
}

// String encodes a half as the text of its piece: "L" or "R", its finder
// and its characters.
func (h half) String() string {
	side := "L"
	if h.right {
		side = "R"
	}
	return side + strconv.Itoa(h.finder) + "," + strconv.Itoa(h.outer) + "," + strconv.Itoa(h.inner)
}

// parseHalf is the inverse of half.String.
func parseHalf(s string) (half, bool) {
	if len(s) < 2 || s[0] != 'L' && s[0] != 'R' {
		return half{}, false
	}
	parts := strings.Split(s[1:], ",")
	if len(parts) != 3 {
		return half{}, false
	}
	var v [3]int
	for i, p := range parts {
		x, err := strconv.Atoi(p)
		if err != nil || x < 0 {
			return half{}, false
		}
		v[i] = x
	}
	return half{right: s[0] == 'R', finder: v[0], outer: v[1], inner: v[2]}, true
}

// gtinText returns the GTIN-14 of symbol value v: its 13 digits and the
// check digit.
func gtinText(v int64) string {
	s := strconv.FormatInt(v, 10)
	s = strings.Repeat("0", 13-len(s)) + s
	return s + string(checkDigit(s))
}

// checkDigit returns the GS1 check digit of digits (GS1 General
// Specifications, the standard check digit calculation; ISO/IEC
// 24724:2011 Annex A).
func checkDigit(digits string) byte {
	sum := 0
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if (len(digits)-1-i)%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return byte('0' + (10-sum%10)%10)
}
