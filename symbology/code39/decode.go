package code39

import "github.com/barkit/barkit/symbology/linear"

// Row decoding. A Code 39 character is nine elements, five bars and four
// spaces, three of them wide; characters are separated by a space, the
// intercharacter gap, that belongs to none. The row decoder reads each
// character by which of its elements are wide, measured against the
// character itself (linear.NarrowWide, after the reference decode
// algorithm of ISO/IEC 16388:2007), from a start character '*' after a
// quiet zone to a stop character '*' before one.
const (
	// charLen is the number of elements of a character.
	charLen = 9
	// quietNarrow is the quiet zone the decoder requires before the start
	// and after the stop character, in narrow elements (the mean width of
	// the start or stop character's narrow elements); the standard asks
	// for 10, and printed labels often leave less. It implies the quiet
	// zone Row.Starts asks for: the first six elements of '*' are four
	// narrow and two wide, at most 1.83 narrow on average for a wide to
	// narrow ratio up to 3.5, so 4 narrow is at least 2.2 times their mean
	// (TestStartsKeepHits).
	quietNarrow = 4
	// maxGap bounds the intercharacter gap, as a fraction of the
	// character before it: the standard allows up to 5.3 narrow for small
	// modules (about a third of a character), printers and fonts a little
	// more; a wider space is a quiet zone, and what follows is another
	// symbol or none.
	maxGap = 0.5
	// charRatio bounds how much a character's width may differ from that
	// of the one before it: perspective changes the width of a symbol's
	// characters slowly along it.
	charRatio = 1.3
	// maxChars bounds the characters of a symbol, start and stop
	// included: no printer makes a Code 39 symbol of more than about 50
	// characters, and a scan line holds at most a few hundred.
	maxChars = 128
)

// decodeRow is the linear.Decoder of Code 39: it reads the symbols of a
// row from left to right. A symbol asks for a quiet zone of quietNarrow
// narrow elements before its start character, which r.Starts's test
// implies: it is tried at those bars only.
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
		if i < next || i+charLen >= len(w) || !maybeStart(w[i:i+charLen:i+charLen]) {
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

// maybeStart reports whether the nine elements e may be '*', the start
// character, n w n n w n w n n: most places where a symbol might start
// fail this at once, before the character is classified. The test is
// NarrowWide's for this pattern, so it rejects nothing char would read as
// '*' (TestStartTest). A scan makes it millions of times, on data no
// branch predictor foresees: it is one comparison of values computed
// without branches (the min and max of floats compile to none).
func maybeStart(e []float64) bool {
	const k = linear.MinWideRatio
	bar, space := max(e[0], e[2], e[8]), max(e[3], e[5], e[7]) // the widest narrow ones
	return min(e[4]-k*bar, e[6]-k*bar, e[1]-k*space) >= 0
}

// decodeAt reads a symbol whose start character begins at bar i (which
// maybeStart allows), its characters in text.
func decodeAt(r *linear.Row, i int, text []byte) (linear.Hit, bool) {
	w := r.W
	e := w[i : i+charLen : i+charLen]
	if !r.QuietBefore(i, quietNarrow*(e[0]+e[2]+e[8]+e[3]+e[5]+e[7])/6) {
		return linear.Hit{}, false
	}
	c, narrow, ok := char(e)
	if !ok || c != '*' {
		return linear.Hit{}, false
	}
	width := r.Sum(i, charLen)
	j := i + charLen // the gap after the character
	for {
		if j+charLen >= len(w) || len(text) >= maxChars {
			return linear.Hit{}, false
		}
		if w[j] > maxGap*width {
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
		width, narrow = cw, n
		j += 1 + charLen
		if c == '*' {
			break
		}
		text = append(text, c)
	}
	if len(text) == 0 || !r.QuietAfter(j, quietNarrow*narrow) {
		return linear.Hit{}, false
	}
	return linear.Hit{Text: string(text), Start: i, End: j}, true
}

// char reads the character of the nine elements e: two wide bars and one
// wide space, or three wide spaces. It returns the character and the mean
// width of its narrow elements.
func char(e []float64) (byte, float64, bool) {
	if cl, ok := linear.NarrowWide(e, 2, 1); ok {
		if c := byWide[cl.Pattern]; c != 0 {
			return c, cl.Narrow, true
		}
		return 0, 0, false
	}
	if cl, ok := linear.NarrowWide(e, 0, 3); ok {
		if c := byWide[cl.Pattern]; c != 0 {
			return c, cl.Narrow, true
		}
	}
	return 0, 0, false
}
