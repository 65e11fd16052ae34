package webp

// The inverse transforms of RFC 6386 §14.3 and §14.4.
//
// The RFC keeps the intermediate results in 16 bits; golang.org/x/image/vp8
// keeps them in 32 and so do these, so that the two give the same pixels
// even for coefficients that no encoder makes.

// inverseWHT turns the Y2 coefficients in (raster order) into the DC
// coefficients of the 16 luma blocks of coeff, block i's at coeff[16*i]
// (§14.3, vp8_short_inv_walsh4x4_c).
func inverseWHT(in *[16]int16, coeff *[256]int16) {
	var t [16]int32
	for i := range 4 {
		a1 := int32(in[i]) + int32(in[12+i])
		b1 := int32(in[4+i]) + int32(in[8+i])
		c1 := int32(in[4+i]) - int32(in[8+i])
		d1 := int32(in[i]) - int32(in[12+i])
		t[i] = a1 + b1
		t[4+i] = c1 + d1
		t[8+i] = a1 - b1
		t[12+i] = d1 - c1
	}
	for i := range 4 {
		a1 := t[4*i] + t[4*i+3]
		b1 := t[4*i+1] + t[4*i+2]
		c1 := t[4*i+1] - t[4*i+2]
		d1 := t[4*i] - t[4*i+3]
		coeff[16*(4*i)] = int16((a1 + b1 + 3) >> 3)
		coeff[16*(4*i+1)] = int16((c1 + d1 + 3) >> 3)
		coeff[16*(4*i+2)] = int16((a1 - b1 + 3) >> 3)
		coeff[16*(4*i+3)] = int16((d1 - c1 + 3) >> 3)
	}
}

// The constants of the inverse DCT, §14.4: 65536·√2·cos(π/8), which the
// RFC writes x + x*20091>>16 (cospi8sqrt2minus1), and 65536·√2·sin(π/8)
// (sinpi8sqrt2). Multiplying by the first in one step gives the same
// result in 32 bits as long as the product does not overflow, and the
// same result as golang.org/x/image/vp8 when it does.
const (
	cos8Sqrt2 = 85627
	sin8Sqrt2 = 35468
)

// inverseDCT adds the inverse transform of the coefficients in (raster
// order) to the 4×4 block of the workspace at off (§14.4,
// vp8_short_idct4x4llm_c, and §14.5): first down each column, then
// along each row with rounding.
func (ws *workspace) inverseDCT(off int, in *[16]int16) {
	// The first pass: column i gives t[i], t[4+i], t[8+i], t[12+i] for
	// its rows 0 to 3.
	var t [16]int32
	for i := range 4 {
		i0, i4, i8, i12 := int32(in[i]), int32(in[4+i]), int32(in[8+i]), int32(in[12+i])
		a1 := i0 + i8
		b1 := i0 - i8
		c1 := i4*sin8Sqrt2>>16 - i12*cos8Sqrt2>>16
		d1 := i4*cos8Sqrt2>>16 + i12*sin8Sqrt2>>16
		t[i] = a1 + d1
		t[4+i] = b1 + c1
		t[8+i] = b1 - c1
		t[12+i] = a1 - d1
	}
	// The second pass, row k from t[4k] to t[4k+3].
	for k := range 4 {
		r := (*[4]int32)(t[4*k:])
		a1 := r[0] + r[2] + 4
		b1 := r[0] - r[2] + 4
		c1 := r[1]*sin8Sqrt2>>16 - r[3]*cos8Sqrt2>>16
		d1 := r[1]*cos8Sqrt2>>16 + r[3]*sin8Sqrt2>>16
		row := (*[4]uint8)(ws[off+k*wsStride:])
		row[0] = clamp255(int(row[0]) + int((a1+d1)>>3))
		row[1] = clamp255(int(row[1]) + int((b1+c1)>>3))
		row[2] = clamp255(int(row[2]) + int((b1-c1)>>3))
		row[3] = clamp255(int(row[3]) + int((a1-d1)>>3))
	}
}

// inverseDCT3 is inverseDCT for a block whose only non-zero
// coefficients are in[0], in[1] and in[4]: the terms of the others
// vanish from the same arithmetic.
func (ws *workspace) inverseDCT3(off int, in *[16]int16) {
	i0, i1, i4 := int32(in[0]), int32(in[1]), int32(in[4])
	// The first pass gives column 0 from in[0] and in[4], and in[1]
	// down column 1; the second adds column 1's terms along each row.
	c4, d4 := i4*sin8Sqrt2>>16, i4*cos8Sqrt2>>16
	c1, d1 := i1*sin8Sqrt2>>16, i1*cos8Sqrt2>>16
	for k, r0 := range [4]int32{i0 + d4, i0 + c4, i0 - c4, i0 - d4} {
		a := r0 + 4
		row := (*[4]uint8)(ws[off+k*wsStride:])
		row[0] = clamp255(int(row[0]) + int((a+d1)>>3))
		row[1] = clamp255(int(row[1]) + int((a+c1)>>3))
		row[2] = clamp255(int(row[2]) + int((a-c1)>>3))
		row[3] = clamp255(int(row[3]) + int((a-d1)>>3))
	}
}

// addDC adds the inverse transform of a block whose only non-zero
// coefficient is its DC, dc, to the 4×4 block of the workspace at off:
// the general transform reduces to (dc+4)>>3 on every pixel.
func (ws *workspace) addDC(off int, dc int16) {
	v := (int(dc) + 4) >> 3
	for k := range 4 {
		row := ws[off+k*wsStride:][:4]
		for x := range row {
			row[x] = clamp255(int(row[x]) + v)
		}
	}
}
