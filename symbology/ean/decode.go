package ean

import (
	"math"
	"slices"

	"github.com/barkit/barkit/symbology/linear"
)

// Decoding follows the reference decode algorithm of ISO/IEC 15420:2009
// (its annex on the reference decode algorithm): each digit is measured by
// its width S and two edge-to-similar-edge distances, T1 (the first two
// elements) and T2 (the next two), which ink spread does not change;
// rounded to modules of S/7 they name the digit and its number set, except
// for the pairs 1/7 and 2/8, which the standard tells apart by the widths
// of their bars.
//
// Photographs of small symbols bend the distances more than rounding
// allows: a misplaced edge moves one of them by most of a module. So every
// pattern within edgeTolerance of both distances is a candidate, and the
// one whose element widths, less the growth of the bars measured so far on
// the symbol, come nearest the measured ones wins. On the reference corpus
// this reads 6% more EAN/UPC images than rounding alone in thorough mode
// and 8% more in fast mode, and misreads none (TestCorpus).
const (
	// edgeTolerance is how far, in modules, the similar-edge distances of
	// a candidate pattern may be from the measured ones. The reference
	// algorithm rounds, which is 0.5.
	edgeTolerance = 0.7
	// charRatio bounds how much a character's width may differ from 7
	// modules of the previous one's: perspective changes the module width
	// slowly, a misplaced edge abruptly.
	charRatio = 1.35
	// quietModules is the quiet zone the decoder requires beside the guard
	// patterns, in modules. The standard asks for 7 to 11; printed text
	// and cropping often leave less, and the digits' structure and check
	// digit reject what a short quiet zone lets through.
	quietModules = 5
	// addOnQuiet is the quiet zone required after an add-on (the standard
	// asks for 5).
	addOnQuiet = 3
	// Bounds of the gap between a main symbol and its add-on, in modules:
	// the standard's 7 to 12, widened for perspective.
	minAddOnGap, maxAddOnGap = 5, 16
	// maxGrow bounds the estimated growth of the bars, in modules.
	maxGrow = 0.4
)

// charPattern is a digit of one number set as the reference decoder sees
// it: its two similar-edge distances in modules.
type charPattern struct {
	t1, t2 int
	digit  int
	set    numberSet
}

// leftPatterns holds the digits of sets A and B (the left half of EAN-13
// and UPC-A, UPC-E, add-ons); rightPatterns those of set C, whose
// distances are those of set A.
var leftPatterns, rightPatterns []charPattern

func init() {
	for _, s := range []numberSet{setOdd, setEven} {
		for d := 0; d < 10; d++ {
			w := widths(s, d)
			p := charPattern{t1: w[0] + w[1], t2: w[1] + w[2], digit: d, set: s}
			leftPatterns = append(leftPatterns, p)
			if s == setOdd {
				p.set = setRight
				rightPatterns = append(rightPatterns, p)
			}
		}
	}
}

// symbolReader decodes the characters of one symbol in a row. The digits
// it reads go to buf: the left half at 0-5, the right half at 6-11, an
// add-on at 12-16. Digits 1/7 and 2/8 wait in amb until the symbol is read,
// when the growth of its bars, measured on every guard and every other
// digit, tells them apart.
type symbolReader struct {
	r     *linear.Row
	buf   [17]byte
	sets  [6]byte // number sets of the left half
	grow  [24]float64
	ngrow int
	amb   [17]ambiguous
	namb  int
}

// ambiguous is a digit read as 1 or 7 (2 or 8) whose choice waits.
type ambiguous struct {
	at  int     // index in buf
	bal float64 // (e0+e2) - (e1+e3) in modules
	set numberSet
}

// Buffer places.
const (
	leftAt  = 0
	rightAt = 6
	addOnAt = 12
)

// decodeRow is the linear.Decoder of EAN/UPC: it reads EAN-13 (UPC-A),
// EAN-8 and UPC-E symbols read from left to right, with their add-ons.
// A symbol asks for a quiet zone of quietModules before its guard, which
// r.Starts's test implies: it is tried at those bars only.
func decodeRow(r *linear.Row, hits []linear.Hit) []linear.Hit {
	return decodeAtBars(r, r.Starts(), hits)
}

// decodeAtBars reads the symbols of r whose left guard starts at one of
// bars, in increasing order, past the end of the symbol read before.
func decodeAtBars(r *linear.Row, bars []int, hits []linear.Hit) []linear.Hit {
	sr := symbolReader{r: r}
	next := 0
	var h linear.Hit
	for _, i := range bars {
		if i < next {
			continue
		}
		sr.ngrow, sr.namb = 0, 0
		if !sr.decodeAt(i, &h) {
			continue
		}
		hits = append(hits, h)
		next = max(h.End, h.ExtraEnd) + 1
	}
	return hits
}

// decodeAt reads a symbol whose left guard starts at bar i into *out and
// reports whether it did. It leaves *out as it was when it reads none: a
// Hit returned by value would be copied on every bar tried, and most fail
// fail: as a result, too large for registers, it was written field by
// field and read back whole, which stalled, and it took most of
// decodeAtBars's own time.
func (sr *symbolReader) decodeAt(i int, out *linear.Hit) bool {
	r := sr.r
	m := r.Sum(i, 3) / 3
	if i == 1 && r.W[0] == 0 {
		// The first bar runs into the start of the line, the image
		// cropped against a dark surround right before the symbol: the
		// guard's space and second bar give its module.
		m = r.Sum(2, 2) / 2
		if m <= 0 || r.W[1] < 0.3*m {
			return false
		}
	} else if m <= 0 || !r.QuietBefore(i, quietModules*m) || r.W[i] > 1.9*m || r.W[i] < 0.3*m {
		return false
	}
	for _, e := range r.W[i+1 : i+3] {
		if e < 0.3*m || e > 1.9*m {
			return false
		}
	}
	if i > 1 || r.W[0] > 0 {
		sr.guardGrowth(i, 3)
	}

	// The left half: up to six digits of sets A and B.
	var mods [6]float64 // the module width after each digit
	n := 0
	j := i + 3
	for ; n < 6; n++ {
		s, mm, ok := sr.digit(j, m, leftPatterns, leftAt+n)
		if !ok {
			break
		}
		sr.sets[n], mods[n], m = byte(s), mm, mm
		j += 4
	}
	ngrow, namb := sr.ngrow, sr.namb
	if n >= 4 && string(sr.sets[:4]) == "AAAA" {
		if h, ok := sr.ean8(i, mods[3]); ok {
			*out = h
			return true
		}
	}
	if n == 6 {
		sr.ngrow, sr.namb = ngrow, namb
		if h, ok := sr.ean13(i, m); ok {
			*out = h
			return true
		}
		sr.ngrow, sr.namb = ngrow, namb
		if h, ok := sr.upce(i, m); ok {
			*out = h
			return true
		}
	}
	return false
}

// ean13 reads the rest of an EAN-13 symbol whose left guard starts at bar
// i and whose six left digits are read, with module width m after them.
func (sr *symbolReader) ean13(i int, m float64) (linear.Hit, bool) {
	lead := -1
	for d, s := range leadingSets {
		if s == string(sr.sets[:]) {
			lead = d
		}
	}
	c := i + 3 + 6*4
	if lead < 0 || !sr.guard(c, 5, m) {
		return linear.Hit{}, false
	}
	j := c + 5
	for k := 0; k < 6; k++ {
		_, mm, ok := sr.digit(j, m, rightPatterns, rightAt+k)
		if !ok {
			return linear.Hit{}, false
		}
		m = mm
		j += 4
	}
	if !sr.endGuard(j, 3, m) {
		return linear.Hit{}, false
	}
	sr.resolve()
	text := string(rune('0'+lead)) + string(sr.buf[leftAt:leftAt+6]) + string(sr.buf[rightAt:rightAt+6])
	if CheckDigit(text[:12]) != text[12] {
		return linear.Hit{}, false
	}
	return sr.withAddOn(linear.Hit{Kind: int(kindEAN13), Text: text, Start: i, End: j + 3}, m), true
}

// ean8 reads the rest of an EAN-8 symbol whose left guard starts at bar i
// and whose four left digits are read, with module width m after them.
func (sr *symbolReader) ean8(i int, m float64) (linear.Hit, bool) {
	c := i + 3 + 4*4
	if !sr.guard(c, 5, m) {
		return linear.Hit{}, false
	}
	j := c + 5
	for k := 0; k < 4; k++ {
		_, mm, ok := sr.digit(j, m, rightPatterns, rightAt+k)
		if !ok {
			return linear.Hit{}, false
		}
		m = mm
		j += 4
	}
	if !sr.endGuard(j, 3, m) {
		return linear.Hit{}, false
	}
	sr.resolve()
	text := string(sr.buf[leftAt:leftAt+4]) + string(sr.buf[rightAt:rightAt+4])
	if CheckDigit(text[:7]) != text[7] {
		return linear.Hit{}, false
	}
	return linear.Hit{Kind: int(kindEAN8), Text: text, Start: i, End: j + 3}, true
}

// upce reads the rest of a UPC-E symbol whose left guard starts at bar i
// and whose six digits are read, with module width m after them. The hit's
// text is the 8-digit UPC-E code.
func (sr *symbolReader) upce(i int, m float64) (linear.Hit, bool) {
	g := i + 3 + 6*4
	if !sr.endGuard(g, 6, m) {
		return linear.Hit{}, false
	}
	sr.resolve()
	sets := string(sr.sets[:])
	for check := 0; check < 10; check++ {
		for ns := 0; ns < 2; ns++ {
			if upceSetsFor(ns, check) != sets {
				continue
			}
			text := string(rune('0'+ns)) + string(sr.buf[leftAt:leftAt+6]) + string(rune('0'+check))
			a := expandUPCE(text)
			if CheckDigit(a[:11]) != a[11] {
				return linear.Hit{}, false
			}
			return sr.withAddOn(linear.Hit{Kind: int(kindUPCE), Text: text, Start: i, End: g + 6}, m), true
		}
	}
	return linear.Hit{}, false
}

// withAddOn looks for an add-on after main symbol h, whose module width is
// m, and adds it to h as its Extra.
func (sr *symbolReader) withAddOn(h linear.Hit, m float64) linear.Hit {
	r := sr.r
	gap := h.End
	if gap >= len(r.W)-1 || r.W[gap] < minAddOnGap*m || r.W[gap] > maxAddOnGap*m {
		return h
	}
	if digits, end, ok := sr.addOn(gap+1, m); ok {
		// An EAN-5 add-on carries a check value in its number sets, which
		// catches any one wrong digit; an EAN-2's value modulo 4 does not.
		h.Extra, h.ExtraEnd, h.ExtraChecked = digits, end, len(digits) == 5
	}
	return h
}

// addOn reads an EAN-5 or EAN-2 add-on whose guard starts at bar a, near
// module width m. It returns the digits and the index of the space after
// the add-on.
func (sr *symbolReader) addOn(a int, m float64) (string, int, bool) {
	w := sr.r.W
	if a+2 >= len(w) {
		return "", 0, false
	}
	// The guard 1011: bar 1, space 1, bar 2.
	ma := sr.r.Sum(a, 3) / 4
	if ma < m/charRatio || ma > m*charRatio {
		return "", 0, false
	}
	if t := (w[a] + w[a+1]) / ma; math.Abs(t-2) > guardTolerance {
		return "", 0, false
	}
	if t := (w[a+1] + w[a+2]) / ma; math.Abs(t-3) > guardTolerance {
		return "", 0, false
	}
	var sets [5]byte
	j := a + 3
	m = ma
	for n := 0; n < 5; n++ {
		if n > 0 {
			// The delineator 01: space 1, bar 1.
			if j+1 >= len(w) || math.Abs((w[j]+w[j+1])/m-2) > guardTolerance {
				return "", 0, false
			}
			j += 2
		}
		s, mm, ok := sr.digit(j, m, leftPatterns, addOnAt+n)
		if !ok {
			return "", 0, false
		}
		sets[n], m = byte(s), mm
		j += 4
		if n == 1 && sr.r.QuietAfter(j, addOnQuiet*m) {
			sr.resolve()
			text := string(sr.buf[addOnAt : addOnAt+2])
			if string(sets[:2]) != addOn2Sets[addOn2Value(text)%4] {
				return "", 0, false
			}
			return text, j, true
		}
	}
	sr.resolve()
	text := string(sr.buf[addOnAt : addOnAt+5])
	if !sr.r.QuietAfter(j, addOnQuiet*m) || string(sets[:]) != addOn5Sets[addOn5Check(text)] {
		return "", 0, false
	}
	return text, j, true
}

// guardTolerance is how far, in modules, a similar-edge distance of an
// auxiliary pattern may be from its nominal 2 (or 3): more than a digit's,
// since no pattern of the symbology comes near a guard's.
const guardTolerance = 0.7

// guard reports whether the n elements from j form an auxiliary pattern
// of one-module elements near module width m: their total fits n modules
// and each pair of neighbours spans two. The pattern's bars, measured
// against its spaces, give a sample of the bars' growth.
func (sr *symbolReader) guard(j, n int, m float64) bool {
	w := sr.r.W
	if j < 1 || j+n > len(w) {
		return false
	}
	s := sr.r.Sum(j, n)
	if s < float64(n)*m/charRatio || s > float64(n)*m*charRatio {
		return false
	}
	u := float64(n) / s
	for k := 0; k+1 < n; k++ {
		if math.Abs((w[j+k]+w[j+k+1])*u-2) > guardTolerance {
			return false
		}
	}
	sr.guardGrowth(j, n)
	return true
}

// endGuard reports whether the n elements from j form a symbol's closing
// guard pattern followed by its quiet zone. A guard whose last bar runs
// into the end of the line, the image cropped against a dark surround
// right after the symbol, is judged by its other elements.
func (sr *symbolReader) endGuard(j, n int, m float64) bool {
	w := sr.r.W
	if j+n == len(w)-1 && w[len(w)-1] == 0 && n > 2 {
		return sr.guard(j, n-1, m)
	}
	return sr.guard(j, n, m) && sr.r.QuietAfter(j+n, quietModules*m)
}

// guardGrowth records the growth of the bars of the n one-module elements
// from j: half the difference of the mean bar and the mean space, in
// modules.
func (sr *symbolReader) guardGrowth(j, n int) {
	var bars, spaces float64
	var nb, ns int
	for k := j; k < j+n; k++ {
		if k%2 == 1 {
			bars += sr.r.W[k]
			nb++
		} else {
			spaces += sr.r.W[k]
			ns++
		}
	}
	if nb == 0 || ns == 0 {
		return
	}
	m := sr.r.Sum(j, n) / float64(n)
	sr.addGrowth((bars/float64(nb) - spaces/float64(ns)) / 2 / m)
}

// addGrowth records a sample of the bars' growth, in modules.
func (sr *symbolReader) addGrowth(g float64) {
	if sr.ngrow < len(sr.grow) {
		sr.grow[sr.ngrow] = g
		sr.ngrow++
	}
}

// digit reads the digit whose four elements start at j, near module width
// m, among patterns, and stores it in buf[at]. It returns its number set
// and its module width. A digit whose distances are those of 1 and 7 (2
// and 8) is stored as 1 (2) and waits for resolve.
func (sr *symbolReader) digit(j int, m float64, patterns []charPattern, at int) (numberSet, float64, bool) {
	w := sr.r.W
	if j < 0 || j+4 >= len(w) {
		return 0, 0, false
	}
	e := w[j : j+4 : j+4]
	s := e[0] + e[1] + e[2] + e[3]
	if s < 7*m/charRatio || s > 7*m*charRatio {
		return 0, 0, false
	}
	u := 7 / s
	t1, t2 := (e[0]+e[1])*u, (e[1]+e[2])*u
	// The candidate nearest in distances and widths: the score is the
	// larger distance error plus the sum of the width errors, in modules.
	g := sr.growth()
	best, bestScore := -1, math.Inf(1)
	for k, p := range patterns {
		d := max(math.Abs(t1-float64(p.t1)), math.Abs(t2-float64(p.t2)))
		if d >= edgeTolerance {
			continue
		}
		nw := widths(p.set, p.digit)
		dark := p.set == setRight
		score := d
		for i := range 4 {
			want := float64(nw[i]) - g
			if dark {
				want += 2 * g
			}
			score += math.Abs(e[i]*u - want)
			dark = !dark
		}
		if score < bestScore {
			best, bestScore = k, score
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	p := patterns[best]
	d := p.digit
	switch d {
	case 1, 2, 7, 8:
		if d >= 7 {
			d -= 6
		}
		if sr.namb < len(sr.amb) {
			sr.amb[sr.namb] = ambiguous{at: at, bal: (e[0] + e[2] - e[1] - e[3]) * u, set: p.set}
			sr.namb++
		}
	default:
		// The bars' growth: their measured width less their nominal one.
		nw := widths(p.set, d)
		b0, b1 := 1, 3 // the bars of sets A and B, space first
		if p.set == setRight {
			b0, b1 = 0, 2
		}
		sr.addGrowth(((e[b0]+e[b1])*u - float64(nw[b0]+nw[b1])) / 2)
	}
	sr.buf[at] = byte('0' + d)
	return p.set, s / 7, true
}

// growth returns the median of the growth samples so far, in modules,
// within ±maxGrow; 0 when there is none.
func (sr *symbolReader) growth() float64 {
	if sr.ngrow == 0 {
		return 0
	}
	var tmp [len(symbolReader{}.grow)]float64
	s := tmp[:sr.ngrow]
	copy(s, sr.grow[:sr.ngrow])
	slices.Sort(s)
	g := s[len(s)/2]
	if len(s)%2 == 0 {
		g = (g + s[len(s)/2-1]) / 2
	}
	return max(-maxGrow, min(maxGrow, g))
}

// resolve chooses between 1 and 7, 2 and 8, for the digits waiting in amb.
// The two of each pair have the same similar-edge distances; the balance
// of spaces and bars, (e0+e2) - (e1+e3), tells them apart once the bars'
// growth (the median of the samples, which ink spread and blur share over
// the symbol) is taken out. Nominally the balance is 1 for 1 and 2 and -3
// for 7 and 8 in sets A and C (in set B, -1 and 3); growth g moves it by
// 4g, against set C's.
func (sr *symbolReader) resolve() {
	g := sr.growth()
	for _, a := range sr.amb[:sr.namb] {
		var small bool // 1 or 2 rather than 7 or 8
		switch a.set {
		case setOdd:
			small = a.bal+4*g > -1
		case setRight:
			small = a.bal-4*g > -1
		case setEven:
			small = a.bal+4*g < 1
		}
		d := sr.buf[a.at] - '0'
		if d > 2 {
			d -= 6
		}
		if !small {
			d += 6
		}
		sr.buf[a.at] = '0' + d
	}
	sr.namb = 0
}
