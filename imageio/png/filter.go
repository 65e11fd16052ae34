package png

// Filter types, ISO/IEC 15948:2004 §9.2, Table 9.1.
const (
	ftNone    = 0
	ftSub     = 1
	ftUp      = 2
	ftAverage = 3
	ftPaeth   = 4
)

// unfilter reverses filter type ft on the row cur in place, given the
// unfiltered row above it, prev (zeros for the first row of a pass), and
// the distance in bytes to the corresponding byte of the pixel on the
// left, bpp (§9.2: bytes per complete pixel, at least one). It reports
// whether ft is a filter type of Table 9.1.
//
// Each filter adds back a prediction from a, the byte to the left, b, the
// byte above, and c, the byte above a, all zero where they would fall
// outside the image. The Paeth loops are written once per pixel size so
// that the bounds checks go away.
func unfilter(ft byte, cur, prev []byte, bpp int) bool {
	prev = prev[:len(cur)]
	switch ft {
	case ftNone:
	case ftSub:
		for i := bpp; i < len(cur); i++ {
			cur[i] += cur[i-bpp]
		}
	case ftUp:
		for i, b := range prev {
			cur[i] += b
		}
	case ftAverage:
		for i := 0; i < bpp && i < len(cur); i++ {
			cur[i] += prev[i] / 2
		}
		for i := bpp; i < len(cur); i++ {
			cur[i] += uint8((int(cur[i-bpp]) + int(prev[i])) / 2)
		}
	case ftPaeth:
		switch bpp {
		case 1:
			paeth1(cur, prev)
		case 3:
			paeth3(cur, prev)
		case 4:
			paeth4(cur, prev)
		default:
			paethN(cur, prev, bpp)
		}
	default:
		return false
	}
	return true
}

// paeth returns the Paeth predictor of §9.4: whichever of a, b and c is
// closest to p = a+b-c, preferring a, then b, on ties.
//
// It does not compute the three distances. With lo and hi the lesser and
// the greater of a and b, p-lo and p-hi are hi-c and lo-c, and p-c is
// lo+hi-2c; comparing them shows that the predictor is hi when
// 3c-a-b ≤ lo (c at or below lo, or within a third of the way from lo to
// hi), lo when 3c-a-b ≥ hi (the same from hi), and c in between, ties
// included: the two conditions meet only when lo = hi, and an equality
// falls on the side of a or b, as §9.4 prefers them to c.
// TestPaethPredictor checks this on every a, b and c. The comparisons
// compile to conditional moves, and the chain from a, the byte just
// decoded, to the predictor is short.
func paeth(a, b, c int) int {
	lo, hi := min(a, b), max(a, b)
	t := 3*c - a - b
	p := c
	if t >= hi {
		p = lo
	}
	if t <= lo {
		p = hi
	}
	return p
}

// paeth1 reverses the Paeth filter on a row of one byte per pixel.
func paeth1(cur, prev []byte) {
	var a, c int
	for i := range cur {
		b := int(prev[i])
		a = int(cur[i] + uint8(paeth(a, b, c)))
		cur[i] = uint8(a)
		c = b
	}
}

// paeth3 reverses the Paeth filter on a row of three bytes per pixel.
// The bytes on the left, a, are loaded again from the row rather than
// kept in registers: with the predictors inlined, keeping them costs
// spills, and a load from a store just made is forwarded (BenchmarkPaeth
// per 640-pixel row: 3.9 µs with a call per byte, 2.3 µs so).
func paeth3(cur, prev []byte) {
	if len(cur) < 3 {
		return
	}
	// The first pixel has nothing on its left: the predictor is b.
	cur[0] += prev[0]
	cur[1] += prev[1]
	cur[2] += prev[2]
	for i := 3; i+3 <= len(cur); i += 3 {
		x := cur[i-3 : i+3 : i+3]  // a, then the bytes decoded
		p := prev[i-3 : i+3 : i+3] // c, then b
		x[3] += uint8(paeth(int(x[0]), int(p[3]), int(p[0])))
		x[4] += uint8(paeth(int(x[1]), int(p[4]), int(p[1])))
		x[5] += uint8(paeth(int(x[2]), int(p[5]), int(p[2])))
	}
}

// paeth4 reverses the Paeth filter on a row of four bytes per pixel, as
// paeth3 does (5.0 µs per 640-pixel row with a call per byte, 2.8 µs so).
func paeth4(cur, prev []byte) {
	if len(cur) < 4 {
		return
	}
	cur[0] += prev[0]
	cur[1] += prev[1]
	cur[2] += prev[2]
	cur[3] += prev[3]
	for i := 4; i+4 <= len(cur); i += 4 {
		x := cur[i-4 : i+4 : i+4]
		p := prev[i-4 : i+4 : i+4]
		x[4] += uint8(paeth(int(x[0]), int(p[4]), int(p[0])))
		x[5] += uint8(paeth(int(x[1]), int(p[5]), int(p[1])))
		x[6] += uint8(paeth(int(x[2]), int(p[6]), int(p[2])))
		x[7] += uint8(paeth(int(x[3]), int(p[7]), int(p[3])))
	}
}

// paethN reverses the Paeth filter on a row of bpp bytes per pixel, for
// the rarer sizes (2, 6 and 8 bytes).
func paethN(cur, prev []byte, bpp int) {
	for i := 0; i < bpp && i < len(cur); i++ {
		cur[i] += prev[i] // a and c are zero: the predictor is b
	}
	for i := bpp; i < len(cur); i++ {
		cur[i] += uint8(paeth(int(cur[i-bpp]), int(prev[i]), int(prev[i-bpp])))
	}
}
