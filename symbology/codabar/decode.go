package codabar

import "github.com/barkit/barkit/symbology/linear"

// Row decoding. A Codabar character is seven elements, four bars and three
// spaces, two or three of them wide; characters are separated by a space,
// the intercharacter gap, that belongs to none. The row decoder reads each
// character by which of its elements are wide, measured against the
// character itself (linear.NarrowWide), from a start character A to D
// after a quiet zone to a stop character A to D before one.
const (
	// quietNarrow is the quiet zone the decoder requires before the start
	// and after the stop character, in narrow elements (the mean of the
	// character's narrow elements): EN 798 asks for 10; zxing-cpp asks for
	// half a character, 5 to 6.5. It implies the quiet zone Row.Starts
	// asks for: the first six elements of a start character are at most
	// three narrow and three wide, 2.25 narrow on average for a wide to
	// narrow ratio up to 3.5, so 5 narrow is 2.2 times their mean
	// (TestStartsKeepHits).
	quietNarrow = 5
	// maxGap bounds the intercharacter gap, as a fraction of the
	// character before it: the standard allows a few narrow elements; a
	// wider space is a quiet zone.
	maxGap = 0.5
	// charRatio bounds how much a character's width may differ from that
	// of the one before it: characters of three wide elements are wider
	// than those of two, by a factor of 1.18 at a ratio of 3, and
	// perspective changes the width slowly along a symbol.
	charRatio = 1.4
	// minData is the fewest data characters between the start and stop
	// characters: shorter symbols come about by chance in print and
	// noise, as zxing-cpp found.
	minData = 2
	// maxChars bounds the characters of a symbol, start and stop
	// included.
	maxChars = 128
)

// decodeRow is the linear.Decoder of Codabar: it reads the symbols of a row
// from left to right. A symbol asks for a quiet zone of quietNarrow narrow
// elements before its start character, which r.Starts's test implies: it
// is tried at those bars only.
func decodeRow(r *linear.Row, hits []linear.Hit) []linear.Hit {
	return decodeAtBars(r, r.Starts(), hits)
}

// decodeAtBars reads the symbols of r whose start character begins at one
// of bars, in increasing order, past the end of the symbol read before.
func decodeAtBars(r *linear.Row, bars []int, hits []linear.Hit) []linear.Hit {
	w := r.W
	next := 0
	var buf [maxChars]byte
	for _, i := range bars {
		if i < next || i+charLen >= len(w) || !maybeStart(r, i) {
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

// maybeStart reports whether a symbol may start at bar i: whether its
// seven elements may be a start character (A to D have one wide bar, not
// the first, and two wide spaces, the second among them), with the quiet
// zone before them. Most places where a symbol might start fail this at
// once, before the character is classified; the test is implied by
// NarrowWide's for these patterns, and so is the classification as one
// of them that decodeAt makes next: char reads A to D only so, and
// measures the quiet zone against the same narrow elements (to a rounding
// of their sum, which quickSlack allows for; TestStartTest). A scan makes
// the test millions of times, on data no branch predictor foresees: it is
// one comparison of values computed without branches (the min and max of
// floats compile to none), but at the line's start, where QuietBefore has
// rules of its own.
func maybeStart(r *linear.Row, i int) bool {
	const k = linear.MinWideRatio
	w := r.W
	e := w[i : i+charLen : i+charLen]
	wide := max(e[2], e[4], e[6])                                  // the wide bar
	next := max(min(e[2], e[4]), min(max(e[2], e[4]), e[6]), e[0]) // the widest narrow one
	lo, hi := min(e[1], e[5]), max(e[1], e[5])
	m := min(wide-k*next, e[3]-k*lo, hi-k*lo)
	// The narrow elements: the first bar, the other two bars, the
	// narrower of the first and last spaces.
	narrow := (e[0] + e[2] + e[4] + e[6] - wide + lo) / 4 * quickSlack
	if i > 3 {
		return min(m, w[i-1]-quietNarrow*narrow) >= 0
	}
	return m >= 0 && r.QuietBefore(i, quietNarrow*narrow)
}

// quickSlack lowers maybeStart's measure of the narrow elements by far
// more than the rounding of their sum in another order, and far less
// than matters.
const quickSlack = 1 - 1e-9

// decodeAt reads a symbol whose start character begins at bar i (which
// maybeStart allows), its characters in text.
func decodeAt(r *linear.Row, i int, text []byte) (linear.Hit, bool) {
	w := r.W
	e := w[i : i+charLen : i+charLen]
	if cl, ok := linear.NarrowWide(e, 1, 2); !ok || !isStartStop(byWide[cl.Pattern]) {
		return linear.Hit{}, false
	}
	c, narrow, ok := char(e)
	if !ok || !isStartStop(c) || !r.QuietBefore(i, quietNarrow*narrow) {
		return linear.Hit{}, false
	}
	text = append(text, c)
	width := r.Sum(i, charLen)
	j := i + charLen // the gap after the character
	for {
		if j+charLen >= len(w) || len(text) >= maxChars || w[j] > maxGap*width {
			return linear.Hit{}, false
		}
		cw := r.Sum(j+1, charLen)
		if cw > charRatio*width || cw < width/charRatio {
			return linear.Hit{}, false
		}
		c, n, ok := char(w[j+1 : j+1+charLen])
		if !ok {
			return linear.Hit{}, false
		}
		text = append(text, c)
		width, narrow = cw, n
		j += 1 + charLen
		if isStartStop(c) {
			break
		}
	}
	if len(text) < minData+2 || !r.QuietAfter(j, quietNarrow*narrow) {
		return linear.Hit{}, false
	}
	return linear.Hit{Text: string(text), Start: i, End: j}, true
}

// char reads the character of the seven elements e: one wide bar and one
// wide space, three wide bars, or one wide bar and two wide spaces. It
// returns the character and the mean width of its narrow elements. Where
// the elements read as characters of two of these kinds (a narrow space
// blurred wide reads as a start character, or a wide one narrowed as a
// digit), the reading of the greater margin between narrow and wide wins.
func char(e []float64) (byte, float64, bool) {
	var c byte
	var best linear.Classes
	for _, k := range [3][2]int{{1, 1}, {1, 2}, {3, 0}} {
		if cl, ok := linear.NarrowWide(e, k[0], k[1]); ok && byWide[cl.Pattern] != 0 && (c == 0 || cl.Margin > best.Margin) {
			c, best = byWide[cl.Pattern], cl
		}
	}
	return c, best.Narrow, c != 0
}
