package code93

import (
	"math"

	"github.com/barkit/barkit/symbology/linear"
)

// Row decoding follows the reference decode algorithm of AIM USS-93, as
// ISO/IEC 15417 does for Code 128: a character is named by the four
// distances between its similar edges, in modules of its width over 9,
// which ink spread does not change. Every character within edgeTolerance
// of all four is a candidate, and the one whose element widths come
// nearest wins; the two check characters and the agreement of lines catch
// what still goes wrong.
const (
	// edgeTolerance is how far, in modules, each similar-edge distance of
	// a candidate may be from the measured one (0.5 rounds); Code 128's
	// decoder, on the same measure, found 0.7 to read the photographs of
	// the reference corpus.
	edgeTolerance = 0.7
	// charRatio bounds how much a character's width may differ from that
	// of the one before it.
	charRatio = 1.35
	// quietModules is the quiet zone the decoder requires before the
	// start and after the stop character, in modules; the standard asks
	// for 10, printed labels often leave less. It implies the quiet zone
	// Row.Starts asks for: the six elements of the start character span 9
	// modules, and 5 modules are 3.3 times their mean
	// (TestStartsKeepHits).
	quietModules = 5
	// maxChars bounds the characters of a symbol, start, checks and stop
	// included.
	maxChars = 128
)

// decodeRow is the linear.Decoder of Code 93: it reads the symbols of a row
// from left to right. A symbol asks for a quiet zone of quietModules
// before its start character, which r.Starts's test implies: it is tried
// at those bars only.
func decodeRow(r *linear.Row, hits []linear.Hit) []linear.Hit {
	return decodeAtBars(r, r.Starts(), hits)
}

// decodeAtBars reads the symbols of r whose start character begins at one
// of bars, in increasing order, past the end of the symbol read before.
func decodeAtBars(r *linear.Row, bars []int, hits []linear.Hit) []linear.Hit {
	w := r.W
	next := 0
	for _, i := range bars {
		// The quiet zone first, against the start character's module
		// (its six elements are 9 modules), as decodeAt measures it:
		// most places fail this, or the start character, at once.
		if i < next || i+7 >= len(w) || !r.QuietBefore(i, quietModules*r.Sum(i, 6)/charModules) || !maybeStart(w[i:i+6:i+6]) {
			continue
		}
		h, ok := decodeAt(r, i)
		if !ok {
			continue
		}
		hits = append(hits, h)
		next = h.End + 1
	}
	return hits
}

// maybeStart reports whether the six elements e may be the start
// character, 1 1 1 1 4 1 modules: its similar-edge distances are 2, 2, 2
// and 5 modules, each within edgeTolerance, as char asks of a candidate.
// Most places where a symbol might start fail this at once. A scan makes
// the test millions of times, on data no branch predictor foresees: it is
// one comparison of values computed without branches.
func maybeStart(e []float64) bool {
	u := charModules / (e[0] + e[1] + e[2] + e[3] + e[4] + e[5])
	d := max(math.Abs((e[0]+e[1])*u-2), math.Abs((e[1]+e[2])*u-2), math.Abs((e[2]+e[3])*u-2), math.Abs((e[3]+e[4])*u-5))
	return d < edgeTolerance
}

// decodeAt reads a symbol whose start character begins at bar i (which
// maybeStart allows).
func decodeAt(r *linear.Row, i int) (linear.Hit, bool) {
	var buf [maxChars]int // here, not per row: it costs its zeroing
	values := buf[:0]
	w := r.W
	m := r.Sum(i, 6) / charModules
	if m <= 0 || !r.QuietBefore(i, quietModules*m) {
		return linear.Hit{}, false
	}
	v, m, ok := char(w[i:i+6], m)
	if !ok || v != startStop {
		return linear.Hit{}, false
	}
	j := i + 6
	for {
		if j+7 >= len(w) || len(values) >= maxChars {
			return linear.Hit{}, false
		}
		v, mm, ok := char(w[j:j+6], m)
		if !ok {
			return linear.Hit{}, false
		}
		m = mm
		j += 6
		if v == startStop {
			break
		}
		values = append(values, v)
	}
	// The termination bar, one module, then the quiet zone.
	if math.Abs(w[j]/m-1) > edgeTolerance || !r.QuietAfter(j+1, quietModules*m) {
		return linear.Hit{}, false
	}
	n := len(values)
	if n < 3 || checkValue(values[:n-2], 20) != values[n-2] || checkValue(values[:n-1], 15) != values[n-1] {
		return linear.Hit{}, false
	}
	text, ok := decodeValues(values[:n-2])
	if !ok {
		return linear.Hit{}, false
	}
	return linear.Hit{Text: text, Start: i, End: j + 1}, true
}

// char reads the character of the six elements e, near module width m. It
// returns the value and the character's module width.
func char(e []float64, m float64) (int, float64, bool) {
	e = e[:6:6]
	s := e[0] + e[1] + e[2] + e[3] + e[4] + e[5]
	if s < charModules*m/charRatio || s > charModules*m*charRatio {
		return 0, 0, false
	}
	u := charModules / s
	var t [4]float64
	for k := range t {
		t[k] = (e[k] + e[k+1]) * u
	}
	// The candidates: each distance rounded down or up, when within the
	// tolerance; at most 16, looked up in byEdges.
	var opts [4][2]int
	var nopts [4]int
	for k, tk := range t {
		for _, te := range [2]float64{math.Floor(tk), math.Ceil(tk)} {
			if te >= 2 && te <= 5 && math.Abs(tk-te) < edgeTolerance && (nopts[k] == 0 || opts[k][0] != int(te)) {
				opts[k][nopts[k]] = int(te)
				nopts[k]++
			}
		}
		if nopts[k] == 0 {
			return 0, 0, false
		}
	}
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
		if v < 0 {
			continue
		}
		p := chars[v]
		score := 0.0
		for k := range te {
			score = max(score, math.Abs(t[k]-float64(te[k])))
		}
		for k := range 6 {
			score += math.Abs(e[k]*u - float64(p[k]-'0'))
		}
		if score < bestScore {
			best, bestScore = v, score
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return best, s / charModules, true
}

// decodeValues returns the Full ASCII text of data values (check
// characters excluded): a shift character and the letter after it make one
// character. It reports false for a shift character without a letter that
// makes a pair, or a start character inside.
func decodeValues(values []int) (string, bool) {
	b := make([]byte, 0, len(values))
	for i := 0; i < len(values); i++ {
		v := values[i]
		switch {
		case v < shiftDollar:
			b = append(b, letters[v])
		case v < startStop && i+1 < len(values):
			c, ok := shifted(v, values[i+1])
			if !ok {
				return "", false
			}
			b = append(b, c)
			i++
		default:
			return "", false
		}
	}
	return string(b), true
}
