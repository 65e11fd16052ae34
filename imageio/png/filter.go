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
// outside the image. The loops are written once per pixel size so that
// the bytes on the left stay in registers and the bounds checks go away.
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
// closest to p = a+b-c, preferring a, then b, on ties. It is small
// enough to be inlined, and its comparisons compile to conditional moves.
func paeth(a, b, c int) int {
	pa := abs(b - c) // |p-a|
	pb := abs(a - c) // |p-b|
	pc := abs(a + b - c - c)
	if pb < pa {
		a, pa = b, pb
	}
	if pc < pa {
		a = c
	}
	return a
}

// abs returns |x|; the comparison compiles to a conditional move.
func abs(x int) int {
	if x < 0 {
		x = -x
	}
	return x
}

// paethCall is paeth kept out of line, with the absolute values taken by
// sign masks, for pixels of more than one byte. Inlined three or four
// times into the loops of paeth3 and paeth4, paeth makes the compiler
// compute the predictors side by side and spill; a call per byte is
// faster (BenchmarkPaeth per 640-pixel row, inlined and called: rgb 5.2
// and 3.8 µs, rgba 7.1 and 5.0 µs). For one byte per pixel, whose
// predictors follow one another, inlining is faster (1.8 and 2.0 µs).
//
//go:noinline
func paethCall(a, b, c int) int {
	u := b - c // p-a
	t := a - c // p-b
	s := t + u // p-c
	mu, mt, ms := u>>63, t>>63, s>>63
	pa, pb, pc := (u^mu)-mu, (t^mt)-mt, (s^ms)-ms
	if pb < pa {
		a, pa = b, pb
	}
	if pc < pa {
		a = c
	}
	return a
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
// The bytes on the left, a, stay in registers; those above on the left,
// c, are loaded again rather than kept, which would leave fewer
// registers for the predictors.
func paeth3(cur, prev []byte) {
	if len(cur) < 3 {
		return
	}
	// The first pixel has nothing on its left: the predictor is b.
	cur[0] += prev[0]
	cur[1] += prev[1]
	cur[2] += prev[2]
	a0, a1, a2 := int(cur[0]), int(cur[1]), int(cur[2])
	for i := 3; i+3 <= len(cur); i += 3 {
		x := cur[i : i+3 : i+3]
		p := prev[i-3 : i+3 : i+3] // c, then b
		a0 = int(x[0] + uint8(paethCall(a0, int(p[3]), int(p[0]))))
		a1 = int(x[1] + uint8(paethCall(a1, int(p[4]), int(p[1]))))
		a2 = int(x[2] + uint8(paethCall(a2, int(p[5]), int(p[2]))))
		x[0], x[1], x[2] = uint8(a0), uint8(a1), uint8(a2)
	}
}

// paeth4 reverses the Paeth filter on a row of four bytes per pixel, as
// paeth3 does.
func paeth4(cur, prev []byte) {
	if len(cur) < 4 {
		return
	}
	cur[0] += prev[0]
	cur[1] += prev[1]
	cur[2] += prev[2]
	cur[3] += prev[3]
	a0, a1, a2, a3 := int(cur[0]), int(cur[1]), int(cur[2]), int(cur[3])
	for i := 4; i+4 <= len(cur); i += 4 {
		x := cur[i : i+4 : i+4]
		p := prev[i-4 : i+4 : i+4]
		a0 = int(x[0] + uint8(paethCall(a0, int(p[4]), int(p[0]))))
		a1 = int(x[1] + uint8(paethCall(a1, int(p[5]), int(p[1]))))
		a2 = int(x[2] + uint8(paethCall(a2, int(p[6]), int(p[2]))))
		a3 = int(x[3] + uint8(paethCall(a3, int(p[7]), int(p[3]))))
		x[0], x[1], x[2], x[3] = uint8(a0), uint8(a1), uint8(a2), uint8(a3)
	}
}

// paethN reverses the Paeth filter on a row of bpp bytes per pixel, for
// the rarer sizes (2, 6 and 8 bytes).
func paethN(cur, prev []byte, bpp int) {
	for i := 0; i < bpp && i < len(cur); i++ {
		cur[i] += prev[i] // a and c are zero: the predictor is b
	}
	for i := bpp; i < len(cur); i++ {
		cur[i] += uint8(paethCall(int(cur[i-bpp]), int(prev[i]), int(prev[i-bpp])))
	}
}
