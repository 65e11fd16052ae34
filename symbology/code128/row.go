package code128

import (
	"math"

	"github.com/barkit/barkit/symbology/linear"
)

// Row decoding follows the reference decode algorithm of ISO/IEC
// 15417:2007 (its annex on the reference decode algorithm): a character is
// named by the four distances between its similar edges, in modules of
// its width over 11, which ink spread does not change. As for EAN/UPC,
// photographs bend the distances: every character within edgeTolerance of
// all four is a candidate, and the one whose widths, less the growth of
// the bars measured on the symbol so far, come nearest wins; the check
// character and the agreement of lines catch what still goes wrong.
const (
	// edgeTolerance is how far, in modules, each similar-edge distance of
	// a candidate may be from the measured one (0.5 rounds).
	edgeTolerance = 0.7
	// charRatio bounds how much a character's width may differ from that
	// of the one before it.
	charRatio = 1.35
	// quietModules is the quiet zone the decoder requires before the
	// start and after the stop character, in modules; the standard asks
	// for 10, printed labels often leave less.
	quietModules = 5
	// maxSymbolChars bounds the characters of one symbol, check and
	// start included.
	maxSymbolChars = maxDataChars + 2
	// maxGrow bounds the estimated growth of the bars, in modules.
	maxGrow = 0.4
)

// symbolReader decodes one symbol in a row.
type symbolReader struct {
	r       *linear.Row
	values  [maxSymbolChars + 1]int
	nvalues int
	// grow holds the samples of the bars' growth, in modules, in
	// increasing order: their median is at hand.
	grow  [2 * maxSymbolChars]float64
	ngrow int
}

// decodeRow is the linear.Decoder of Code 128: it reads the symbols of a
// row from left to right. A symbol asks for a quiet zone of quietModules
// before its start character, which r.Starts's test implies: it is tried
// at those bars only.
func decodeRow(r *linear.Row, hits []linear.Hit) []linear.Hit {
	return decodeAtBars(r, r.Starts(), hits)
}

// decodeAtBars reads the symbols of r whose start character begins at one
// of bars, in increasing order, past the end of the symbol read before.
func decodeAtBars(r *linear.Row, bars []int, hits []linear.Hit) []linear.Hit {
	// On the stack: reading a row allocates nothing, and a scan reads
	// thousands.
	var sr symbolReader
	sr.r = r
	next := 0
	var h linear.Hit
	for _, i := range bars {
		if i < next || i+6 >= len(r.W) {
			continue
		}
		if !sr.decodeAt(i, &h) {
			continue
		}
		hits = append(hits, h)
		next = h.End + 1
	}
	return hits
}

// decodeAt reads a symbol whose start character begins at bar i into *h
// and reports whether it did. It leaves *h as it was when it reads none:
// a Hit returned by value would be copied on every bar tried, and most
// fail: as a result, too large for registers, it was written field by
// field and read back whole, which stalled, and it took most of
// decodeAtBars's own time.
func (sr *symbolReader) decodeAt(i int, h *linear.Hit) bool {
	r := sr.r
	m := r.Sum(i, 6) / charModules
	if m <= 0 || !r.QuietBefore(i, quietModules*m) {
		return false
	}
	sr.nvalues, sr.ngrow = 0, 0
	v, m, ok := sr.char(i, m, startA)
	if !ok {
		return false
	}
	sr.values[0], sr.nvalues = v, 1
	j := i + 6
	for {
		if j+7 >= len(r.W) || sr.nvalues > maxSymbolChars {
			return false
		}
		v, mm, ok := sr.char(j, m, 0)
		if !ok || v >= startA && v != stop {
			return false
		}
		if v == stop {
			break
		}
		sr.values[sr.nvalues] = v
		sr.nvalues++
		m = mm
		j += 6
	}
	// The stop character's last two elements, a space of 1 and the
	// termination bar of 2 modules, then the quiet zone.
	if math.Abs((r.W[j+5]+r.W[j+6])/m-3) > edgeTolerance || !r.QuietAfter(j+7, quietModules*m) {
		return false
	}
	values := sr.values[:sr.nvalues]
	n := len(values)
	if n < 3 || checkValue(values[:n-1]) != values[n-1] {
		return false
	}
	msg, ok := decodeValues(values[:n-1])
	if !ok {
		return false
	}
	*h = linear.Hit{Kind: msg.kind(), Text: string(msg.data), Start: i, End: j + 7}
	return true
}

// char reads the character whose six elements start at j, near module
// width m: a start character when first is startA, else any.
// It returns the value and the character's module width.
func (sr *symbolReader) char(j int, m float64, first int) (int, float64, bool) {
	w := sr.r.W
	if j < 1 || j+6 >= len(w) {
		return 0, 0, false
	}
	e := w[j : j+6 : j+6]
	s := e[0] + e[1] + e[2] + e[3] + e[4] + e[5]
	if s < charModules*m/charRatio || s > charModules*m*charRatio {
		return 0, 0, false
	}
	u := charModules / s
	var t [4]float64
	for k := range t {
		t[k] = (e[k] + e[k+1]) * u
	}
	// The start characters, 211412, 211214 and 211232, all begin with
	// distances of 3 and 2 modules: most places where a symbol might
	// start fail this at once, before the candidates are weighed.
	if first == startA && (math.Abs(t[0]-3) >= edgeTolerance || math.Abs(t[1]-2) >= edgeTolerance) {
		return 0, 0, false
	}
	// The candidates: each distance rounded down or up, when within
	// the tolerance; at most 16, looked up in byEdges.
	var opts [4][2]int
	var nopts [4]int
	for k, tk := range t {
		for _, te := range [2]float64{math.Floor(tk), math.Ceil(tk)} {
			if te >= 2 && te <= 7 && math.Abs(tk-te) < edgeTolerance && (nopts[k] == 0 || opts[k][0] != int(te)) {
				opts[k][nopts[k]] = int(te)
				nopts[k]++
			}
		}
		if nopts[k] == 0 {
			return 0, 0, false
		}
	}
	g := sr.growth()
	best, bestScore := -1, math.Inf(1)
	for c := 0; c < 16; c++ {
		var te [4]int
		valid := true
		for k := range te {
			o := c >> k & 1
			if o >= nopts[k] {
				valid = false
				break
			}
			te[k] = opts[k][o]
		}
		if !valid {
			continue
		}
		v := int(byEdges[edgeIndex(te)]) - 1
		if v < 0 || first == startA && (v < startA || v > startC) {
			continue
		}
		p := patterns[v]
		score := 0.0
		for k := range te {
			score = max(score, math.Abs(t[k]-float64(te[k])))
		}
		for k := range 6 {
			want := float64(p[k]-'0') - g
			if k%2 == 0 {
				want += 2 * g // a bar
			}
			score += math.Abs(e[k]*u - want)
		}
		if score < bestScore {
			best, bestScore = v, score
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	// The bars' growth: their measured width less their nominal one.
	p := patterns[best]
	bars := (e[0]+e[2]+e[4])*u - float64(p[0]-'0'+p[2]-'0'+p[4]-'0')
	if sr.ngrow < len(sr.grow) {
		// In order: after the samples not greater.
		g := bars / 3
		k := sr.ngrow
		for k > 0 && sr.grow[k-1] > g {
			sr.grow[k] = sr.grow[k-1]
			k--
		}
		sr.grow[k] = g
		sr.ngrow++
	}
	return best, s / charModules, true
}

// growth returns the median of the growth samples so far, within ±maxGrow;
// 0 when there is none.
func (sr *symbolReader) growth() float64 {
	n := sr.ngrow
	if n == 0 {
		return 0
	}
	s := sr.grow[:n]
	g := s[n/2]
	if n%2 == 0 {
		g = (g + s[n/2-1]) / 2
	}
	return max(-maxGrow, min(maxGrow, g))
}
