package itf

import "github.com/barkit/barkit/symbology/linear"

// Row decoding. A symbol is a start pattern of four narrow elements (bar,
// space, bar, space), pairs of digits of ten elements each, and a stop
// pattern of a wide bar, a narrow space and a narrow bar, between quiet
// zones. Each pair is read by which of its bars and which of its spaces
// are wide, measured against the pair itself (linear.NarrowWide, after
// the reference decode algorithm of ISO/IEC 16390:2007).
//
// Interleaved 2 of 5 has no start or stop character of its own to confirm
// a reading, and a short run of its elements can look like a whole
// symbol: the decoder asks for quiet zones on both sides and at least
// minDigits digits, and the scan for two lines that agree.
const (
	// pairLen is the number of elements of a pair of digits.
	pairLen = 10
	// quietNarrow is the quiet zone the decoder requires before the
	// start and after the stop pattern, in narrow elements: the standard
	// asks for 10, labels often leave less; zxing-cpp asks for 6. It
	// implies the quiet zone Row.Starts asks for: the first six elements
	// of a symbol are the four of the start and at most two wide ones of
	// the first pair, 1.83 narrow on average for a wide to narrow ratio
	// up to 3.5, and 6 narrow is 3.3 times that (TestStartsKeepHits).
	quietNarrow = 6
	// minDigits is the fewest digits of a symbol: shorter ones come about
	// by chance in print and noise (a pair of digits is 18 modules of
	// bars and spaces that many patterns share).
	minDigits = 6
	// minCroppedDigits is the fewest digits of a symbol whose quiet zones
	// both run to the ends of the line, an image cropped to the symbol,
	// where there is nothing else to misread (itf-1/#853 of the reference
	// corpus holds four digits so).
	minCroppedDigits = 4
	// pairRatio bounds how much a pair's width may differ from that of
	// the one before it: perspective changes it slowly along a symbol.
	pairRatio = 1.3
	// startSpread bounds the ratio of the widest to the narrowest of the
	// start pattern's four narrow elements: ink spread of 0.35 of a
	// module makes its bars 1.35 modules and its spaces 0.65, a ratio of
	// 2.1; blur and noise at 1.5 pixels per module add some more.
	startSpread = 3
	// minPair and maxPair bound the width of the first pair in narrow
	// elements of the start pattern: a pair is six narrow and four wide
	// elements, 14 to 18 narrow at the wide to narrow ratios of 2 to 3
	// the standard allows, 11.2 at the least ratio NarrowWide takes
	// (linear.MinWideRatio) and 20 at 3.5; the bounds leave a fifth more
	// for blur and perspective. On print and photographs without
	// symbols, four in five places that pass the quiet zone fail this,
	// before the pair is classified (BenchmarkFalsePositives in package
	// linear; TestStartsKeepHits, TestReadLabel).
	minPair = 9
	maxPair = 26
	// maxPairs bounds the pairs of a symbol: ITF holds a few tens of
	// digits at most in practice; a scan line holds a few hundred pairs.
	maxPairs = 64
)

// decodeRow is the linear.Decoder of Interleaved 2 of 5: it reads the
// symbols of a row from left to right. A symbol asks for a quiet zone of
// quietNarrow narrow elements before its start pattern, which r.Starts's
// test implies: it is tried at those bars only.
func decodeRow(r *linear.Row, hits []linear.Hit) []linear.Hit {
	return decodeAtBars(r, r.Starts(), hits)
}

// decodeAtBars reads the symbols of r whose start pattern begins at one of
// bars, in increasing order, past the end of the symbol read before.
func decodeAtBars(r *linear.Row, bars []int, hits []linear.Hit) []linear.Hit {
	w := r.W
	next := 0
	var buf [2 * maxPairs]byte
	for _, i := range bars {
		if i < next || i+4+pairLen+3 >= len(w) || !maybeStart(r, i) {
			continue
		}
		h, ok := decodeAt(r, i, buf[:0])
		if !ok {
			continue
		}
		hits = append(hits, h)
		next = h.End + 1
	}
	return hits
}

// maybeStart reports whether a symbol may start at bar i: the quiet zone
// before it, against the mean of the four elements of the start pattern;
// those elements alike; the first pair's width against them. Most places
// where a symbol might start fail this at once, before the pair is
// classified. A scan makes the test millions of times: the quiet zone
// comes first, as nine places in ten fail it; the rest is one comparison
// of values computed without branches (the min and max of floats compile
// to none), on data no branch predictor foresees.
func maybeStart(r *linear.Row, i int) bool {
	w, pos := r.W, r.Pos
	s := w[i : i+4 : i+4]
	narrow := (s[0] + s[1] + s[2] + s[3]) / 4
	if !r.QuietBefore(i, quietNarrow*narrow) {
		return false
	}
	pw := pos[i+4+pairLen] - pos[i+4]
	return min(startSpread*min(s[0], s[1], s[2], s[3])-max(s[0], s[1], s[2], s[3]), pw-minPair*narrow, maxPair*narrow-pw) >= 0
}

// decodeAt reads a symbol whose start pattern begins at bar i, which
// maybeStart allows, its digits in text.
func decodeAt(r *linear.Row, i int, text []byte) (linear.Hit, bool) {
	w := r.W
	s := w[i : i+4 : i+4]
	narrow := (s[0] + s[1] + s[2] + s[3]) / 4
	j := i + 4
	var width, threshold float64 // of the pair before: its width, and the midpoint of its narrow and wide elements
	for {
		// The pairs end where a quiet zone follows three elements, the
		// stop pattern: no space of a pair is that wide.
		if j+3 < len(w) && r.QuietAfter(j+3, quietNarrow*narrow) {
			break
		}
		if j+pairLen+3 >= len(w) || len(text) >= 2*maxPairs {
			return linear.Hit{}, false
		}
		pw := r.Sum(j, pairLen)
		if width > 0 && (pw > pairRatio*width || pw < width/pairRatio) {
			return linear.Hit{}, false
		}
		cl, ok := linear.NarrowWide(w[j:j+pairLen], 2, 2)
		if !ok {
			return linear.Hit{}, false
		}
		a, b := byWide[bitsAt(cl.Pattern, 0)], byWide[bitsAt(cl.Pattern, 1)]
		if a == 0 || b == 0 {
			return linear.Hit{}, false
		}
		width, narrow, threshold = pw, cl.Narrow, (cl.Narrow+cl.Wide)/2
		if j == i+4 && max(s[0], s[1], s[2], s[3]) >= threshold {
			return linear.Hit{}, false // a wide element in the start pattern
		}
		text = append(text, '0'+a-1, '0'+b-1)
		j += pairLen
	}
	// The stop pattern, measured against the last pair: a wide bar, a
	// narrow space, a narrow bar; then the quiet zone.
	if len(text) == 0 || w[j] < threshold || w[j+1] >= threshold || w[j+2] >= threshold {
		return linear.Hit{}, false
	}
	end := j + 3
	least := minDigits
	if i == 1 && end == len(w)-1 {
		least = minCroppedDigits
	}
	if len(text) < least {
		return linear.Hit{}, false
	}
	return linear.Hit{Text: string(text), Start: i, End: end}, true
}

// bitsAt returns the five bits of p for the bars (k 0) or the spaces
// (k 1) of a pair: bit 2m+k of p as bit m.
func bitsAt(p uint32, k int) int {
	b := 0
	for m := range 5 {
		b |= int(p>>(2*m+k)&1) << m
	}
	return b
}
