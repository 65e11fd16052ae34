package jpeg

// The inverse DCT of ITU-T T.81 §A.3.3,
//
//	s(y,x) = 1/4 Σu Σv C(u) C(v) S(v,u) cos((2x+1)uπ/16) cos((2y+1)vπ/16),
//
// with C(0) = 1/√2 and C(k) = 1 otherwise, is computed as eight 1-D
// transforms down the columns and eight along the rows, each
//
//	x[n] = 1/2 Σk C(k) X[k] cos((2n+1)kπ/16),
//
// in integers. A 1-D transform splits into an even part, from X0, X2, X4,
// X6, which is the same for x[n] and x[7-n], and an odd part, from X1, X3,
// X5, X7, which changes sign between them. As in the fast algorithms of
// Loeffler, Ligtenberg and Moschytz ("Practical fast 1-D DCT algorithms
// with 11 multiplications", ICASSP 1989), the products pair up as plane
// rotations
//
//	(u, v) → (a·u + b·v, b·u − a·v),
//
// each computed with three multiplications as z = b·(u+v), z + (a−b)·u,
// z − (a+b)·v. The even part is one rotation (c2, c6) and two products by
// c4, as in that paper; the odd part here is four rotations, 12
// multiplications where the paper's needs 9 through a longer chain: with
// ck = cos(kπ/16),
//
//	o0 = c1X1 + c3X3 + c5X5 + c7X7 = A(X1,X7; c1,c7) + A(X3,X5; c3,c5)
//	o1 = c3X1 − c7X3 − c1X5 − c5X7 = B(X1,X7; c5,c3) − A(X3,X5; c7,c1)
//	o2 = c5X1 − c1X3 + c7X5 + c3X7 = A(X1,X7; c5,c3) − B(X3,X5; c7,c1)
//	o3 = c7X1 − c5X3 + c3X5 − c1X7 = B(X1,X7; c1,c7) − B(X3,X5; c3,c5)
//
// where A and B are a rotation's two outputs. The constants carry
// constBits fractional bits; the column pass keeps passBits more bits of
// its outputs than the pixels have, the row pass drops them.

const (
	constBits = 13
	passBits  = 3

	// fix(cos(kπ/16)), checked by TestIDCTConstants.
	c1 = 8035
	c2 = 7568
	c3 = 6811
	c4 = 5793
	c5 = 4551
	c6 = 3135
	c7 = 1598

	// The column pass computes 2^constBits·2x[n] and keeps 2^passBits·x[n].
	shift1 = constBits + 1 - passBits
	// The row pass computes 2^(constBits+passBits)·2x[n].
	shift2 = constBits + passBits + 1
	// round2 rounds the row pass and adds the level shift of §A.3.1.
	round2 = 1<<(shift2-1) + 128<<shift2
)

// idct transforms the dequantized coefficients in b, in natural order, to
// 8×8 pixels at dst, stride bytes apart, clamped to 0..255.
func idct(b *[64]int32, dst []uint8, stride int) {
	var ws [64]int32
	for x := range 8 {
		if b[8+x]|b[16+x]|b[24+x]|b[32+x]|b[40+x]|b[48+x]|b[56+x] == 0 {
			// Only the DC term: every output is the same.
			v := int32((int(b[x])*c4 + 1<<(shift1-1)) >> shift1)
			for y := range 8 {
				ws[8*y+x] = v
			}
			continue
		}
		x0, x1, x2, x3 := int(b[x]), int(b[8+x]), int(b[16+x]), int(b[24+x])
		x4, x5, x6, x7 := int(b[32+x]), int(b[40+x]), int(b[48+x]), int(b[56+x])
		var e0, e1, e2, e3, o0, o1, o2, o3 int
		if x4|x5|x6|x7 == 0 {
			// The lower half is zero, as in most blocks of photos.
			e0, e1, e2, e3 = even4(x0, x2)
			o0, o1, o2, o3 = odd4(x1, x3)
		} else {
			e0, e1, e2, e3 = even(x0, x2, x4, x6)
			a1, b1 := rotate(x1, x7, c1, c7) // odd(x1, x3, x5, x7)
			a2, b2 := rotate(x3, x5, c3, c5)
			a3, b3 := rotate(x1, x7, c5, c3)
			a4, b4 := rotate(x3, x5, c7, c1)
			o0, o1, o2, o3 = a1+a2, b3-a4, a3-b4, b1-b2
		}
		const r = 1 << (shift1 - 1)
		ws[x] = int32((e0 + o0 + r) >> shift1)
		ws[56+x] = int32((e0 - o0 + r) >> shift1)
		ws[8+x] = int32((e1 + o1 + r) >> shift1)
		ws[48+x] = int32((e1 - o1 + r) >> shift1)
		ws[16+x] = int32((e2 + o2 + r) >> shift1)
		ws[40+x] = int32((e2 - o2 + r) >> shift1)
		ws[24+x] = int32((e3 + o3 + r) >> shift1)
		ws[32+x] = int32((e3 - o3 + r) >> shift1)
	}
	for y := range 8 {
		row := ws[8*y : 8*y+8 : 8*y+8]
		out := dst[y*stride : y*stride+8 : y*stride+8]
		if row[1]|row[2]|row[3]|row[4]|row[5]|row[6]|row[7] == 0 {
			v := clamp((int(row[0])*c4 + round2) >> shift2)
			for i := range out {
				out[i] = v
			}
			continue
		}
		x0, x1, x2, x3 := int(row[0]), int(row[1]), int(row[2]), int(row[3])
		x4, x5, x6, x7 := int(row[4]), int(row[5]), int(row[6]), int(row[7])
		var e0, e1, e2, e3, o0, o1, o2, o3 int
		if x4|x5|x6|x7 == 0 {
			e0, e1, e2, e3 = even4(x0, x2)
			o0, o1, o2, o3 = odd4(x1, x3)
		} else {
			e0, e1, e2, e3 = even(x0, x2, x4, x6)
			a1, b1 := rotate(x1, x7, c1, c7) // odd(x1, x3, x5, x7)
			a2, b2 := rotate(x3, x5, c3, c5)
			a3, b3 := rotate(x1, x7, c5, c3)
			a4, b4 := rotate(x3, x5, c7, c1)
			o0, o1, o2, o3 = a1+a2, b3-a4, a3-b4, b1-b2
		}
		out[0] = clamp((e0 + o0 + round2) >> shift2)
		out[7] = clamp((e0 - o0 + round2) >> shift2)
		out[1] = clamp((e1 + o1 + round2) >> shift2)
		out[6] = clamp((e1 - o1 + round2) >> shift2)
		out[2] = clamp((e2 + o2 + round2) >> shift2)
		out[5] = clamp((e2 - o2 + round2) >> shift2)
		out[3] = clamp((e3 + o3 + round2) >> shift2)
		out[4] = clamp((e3 - o3 + round2) >> shift2)
	}
}

// even returns the even part of a 1-D transform, scaled by 2^constBits,
// for x[0], x[1], x[2], x[3].
func even(x0, x2, x4, x6 int) (e0, e1, e2, e3 int) {
	t0 := (x0 + x4) * c4
	t1 := (x0 - x4) * c4
	z := (x2 + x6) * c6
	t2 := z + x2*(c2-c6) // c2·x2 + c6·x6
	t3 := z - x6*(c2+c6) // c6·x2 − c2·x6
	return t0 + t2, t1 + t3, t1 - t3, t0 - t2
}

// even4 is even for x4 = x6 = 0.
func even4(x0, x2 int) (e0, e1, e2, e3 int) {
	t0, t2, t3 := x0*c4, x2*c2, x2*c6
	return t0 + t2, t0 + t3, t0 - t3, t0 - t2
}

// odd4 is odd for x5 = x7 = 0: the products taken directly.
func odd4(x1, x3 int) (o0, o1, o2, o3 int) {
	return c1*x1 + c3*x3, c3*x1 - c7*x3, c5*x1 - c1*x3, c7*x1 - c5*x3
}

// odd returns the odd part of a 1-D transform, scaled by 2^constBits, for
// x[0], x[1], x[2], x[3]; x[7-n] takes its negation. It is inlined by hand
// in idct: Go does not inline a function this long.
func odd(x1, x3, x5, x7 int) (o0, o1, o2, o3 int) {
	a1, b1 := rotate(x1, x7, c1, c7)
	a2, b2 := rotate(x3, x5, c3, c5)
	a3, b3 := rotate(x1, x7, c5, c3)
	a4, b4 := rotate(x3, x5, c7, c1)
	return a1 + a2, b3 - a4, a3 - b4, b1 - b2
}

// rotate returns a·u + b·v and b·u − a·v with three multiplications.
func rotate(u, v, a, b int) (int, int) {
	z := b * (u + v)
	return z + (a-b)*u, z - (a+b)*v
}

// fillDC writes the 8×8 pixels of a block whose AC coefficients are all
// zero, from its dequantized DC coefficient, as idct would.
func fillDC(dc int32, dst []uint8, stride int) {
	v := int((int(dc)*c4 + 1<<(shift1-1)) >> shift1)
	p := clamp((v*c4 + round2) >> shift2)
	for y := range 8 {
		row := dst[y*stride : y*stride+8 : y*stride+8]
		for i := range row {
			row[i] = p
		}
	}
}

// clamp limits v to a pixel value.
func clamp(v int) uint8 {
	if uint(v) <= 255 {
		return uint8(v)
	}
	if v < 0 {
		return 0
	}
	return 255
}
