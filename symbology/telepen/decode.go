package telepen

import "github.com/barkit/barkit/symbology/linear"

// Row decoding. A symbol is a start pattern after a quiet zone, data
// characters, a check character and a stop pattern before a quiet zone.
// The start pattern's narrow and wide bars and spaces set the thresholds
// between narrow and wide, bars and spaces apart (ink spread widens one
// and narrows the other); each character read moves them to the midpoint
// of its own narrow and wide elements, which follows a symbol whose
// module changes along it.
const (
	// startLen and stopLen are the elements of the start and stop
	// patterns, stopLen without the quiet zone after.
	startLen = 12
	stopLen  = 11
	// quietModules is the quiet zone the decoder requires before the
	// start and after the stop pattern, in modules; the specification
	// asks for 10, zxing-cpp for 5. It implies the quiet zone Row.Starts
	// asks for: the first six elements of every start pattern are narrow,
	// and 5 modules are 5 times their mean (TestStartsKeepHits).
	quietModules = 5
	// maxChars bounds the characters of a symbol, check included.
	maxChars = 128
	// maxElement bounds an element against the threshold of its kind: a
	// wide one is at most 2 times it (3 modules against a threshold of
	// 2), with blur and perspective 3.
	maxElement = 3
)

// decodeRow is the linear.Decoder of Telepen: it reads the symbols of a
// row from left to right. A symbol asks for a quiet zone of quietModules
// before its start pattern, which r.Starts's test implies: it is tried at
// those bars only.
func decodeRow(r *linear.Row, hits []linear.Hit) []linear.Hit {
	return decodeAtBars(r, r.Starts(), hits)
}

// decodeAtBars reads the symbols of r whose start pattern begins at one of
// bars, in increasing order, past the end of the symbol read before.
func decodeAtBars(r *linear.Row, bars []int, hits []linear.Hit) []linear.Hit {
	w := r.W
	next := 0
	var buf [maxChars]byte
	for _, i := range bars {
		// The quiet zone first, against the module of the start
		// pattern's first six elements, all narrow, as decodeAt
		// measures it: most places fail this, or the start pattern, at
		// once.
		if i < next || i+startLen+stopLen >= len(w) || !r.QuietBefore(i, quietModules*r.Sum(i, 6)/6) || !maybeStart(w[i:i+startLen:i+startLen]) {
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

// maybeStart reports whether the twelve elements e may be a start pattern:
// every one has its first six elements narrow, one wide bar among the next
// three bars and its last space wide. Most places where a symbol might
// start fail this at once. The test is implied by NarrowWide's for the
// start patterns (TestStartTest). A scan makes it millions of times, on
// data no branch predictor foresees: it is one comparison of values
// computed without branches.
func maybeStart(e []float64) bool {
	const k = linear.MinWideRatio
	bar := max(e[6], e[8], e[10])                                               // the wide bar
	next := max(min(e[6], e[8]), min(max(e[6], e[8]), e[10]), e[0], e[2], e[4]) // the widest narrow one
	space := max(e[1], e[3], e[5], e[7], e[9])                                  // the widest narrow space
	return min(bar-k*next, e[11]-k*space) >= 0
}

// decodeAt reads a symbol whose start pattern begins at bar i (which
// maybeStart allows), its characters in text.
func decodeAt(r *linear.Row, i int, text []byte) (linear.Hit, bool) {
	w := r.W
	cl, ok := linear.NarrowWide(w[i:i+startLen], 1, 1)
	if !ok {
		return linear.Hit{}, false
	}
	start := 0
	for s := startAlpha; s <= startMixed; s++ {
		if cl.Pattern == patternBits(starts[s][:]) {
			start = s
		}
	}
	if start == 0 {
		return linear.Hit{}, false
	}
	// The module: the mean of the first six elements, all narrow (the
	// quiet zone before them is decodeAtBars's).
	module := r.Sum(i, 6) / 6
	// The thresholds between narrow and wide, bars [0] and spaces [1]:
	// the midpoints of the start pattern's narrow and wide elements.
	var th [2]float64
	for kind := range 2 {
		var narrow, wide float64
		var nn, nw int
		for k := kind; k < startLen; k += 2 {
			if starts[start][k] == wideModules {
				wide += w[i+k]
				nw++
			} else {
				narrow += w[i+k]
				nn++
			}
		}
		th[kind] = (narrow/float64(nn) + wide/float64(nw)) / 2
	}
	j := i + startLen
	for {
		if j+stopLen >= len(w) || len(text) >= maxChars {
			return linear.Hit{}, false
		}
		if isStop(r, j, start, th, module) {
			break
		}
		c, next, ok := char(w, j, &th)
		if !ok {
			return linear.Hit{}, false
		}
		text = append(text, c)
		module = r.Sum(j, next-j) / charModules
		j = next
	}
	n := len(text)
	if n < 2 || checkChar(text[:n-1]) != text[n-1] {
		return linear.Hit{}, false
	}
	msg, modifier, ok := decodeText(text[:n-1], start)
	if !ok {
		return linear.Hit{}, false
	}
	return linear.Hit{Kind: modifier, Text: msg, Start: i, End: j + stopLen}, true
}

// patternBits returns a start or stop pattern as NarrowWide's bits.
func patternBits(p []int8) uint32 {
	var b uint32
	for k, m := range p {
		if m == wideModules {
			b |= 1 << k
		}
	}
	return b
}

// isStop reports whether the stop pattern of start begins at j, measured
// against the thresholds th, with a quiet zone after it.
func isStop(r *linear.Row, j, start int, th [2]float64, module float64) bool {
	w := r.W
	for k, m := range stops[start] {
		e := w[j+k]
		if (e > th[k%2]) != (m == wideModules) || e > maxElement*th[k%2] {
			return false
		}
	}
	return r.QuietAfter(j+stopLen, quietModules*module)
}

// char reads the character whose pairs of bars and spaces begin at j,
// against the thresholds th, which it then moves to the midpoints of the
// character's own narrow and wide elements (of each kind that has both).
// It returns the character, with its parity bit checked and dropped, and
// where the next one begins.
func char(w []float64, j int, th *[2]float64) (byte, int, bool) {
	var bits [8]byte
	nbits := 0
	block := false
	var sum [2][2]float64 // by kind, narrow and wide
	var cnt [2][2]int
	for nbits < 8 {
		if j+1 >= len(w) {
			return 0, 0, false
		}
		var wide [2]bool
		for kind := range 2 {
			e := w[j+kind]
			if e > maxElement*th[kind] || e < th[kind]/maxElement {
				return 0, 0, false
			}
			wide[kind] = e > th[kind]
			k := 0
			if wide[kind] {
				k = 1
			}
			sum[kind][k] += e
			cnt[kind][k]++
		}
		var tok []byte
		switch {
		case !wide[0] && !wide[1]:
			tok = []byte{1}
		case wide[0] && !wide[1]:
			tok = []byte{0, 0}
		case wide[0] && wide[1]:
			tok = []byte{0, 1, 0}
		case block:
			tok, block = []byte{1, 0}, false
		default:
			tok, block = []byte{0, 1}, true
		}
		if nbits+len(tok) > 8 {
			return 0, 0, false
		}
		nbits += copy(bits[nbits:], tok)
		j += 2
	}
	if block {
		return 0, 0, false
	}
	var c byte
	ones := 0
	for k, b := range bits {
		c |= b << k
		ones += int(b)
	}
	if ones%2 != 0 {
		return 0, 0, false
	}
	for kind := range 2 {
		if cnt[kind][0] > 0 && cnt[kind][1] > 0 {
			th[kind] = (sum[kind][0]/float64(cnt[kind][0]) + sum[kind][1]/float64(cnt[kind][1])) / 2
		}
	}
	return c & 0x7F, j, true
}
