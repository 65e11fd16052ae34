package webp

// Intra prediction of luma, RFC 6386 §12.

// A workspace holds the luma of the macroblock being reconstructed with
// the pixels its prediction reads: row 0 is the row above (with the 4
// pixels above and to the right at columns 24 to 27, repeated in rows 4,
// 8 and 12 for the right-hand subblocks, §12.3), column 7 the column to
// the left (row 0 of it the pixel above and to the left), and the 16×16
// pixels of the macroblock lie at rows 1 to 16, columns 8 to 23.
type workspace [wsRows * wsStride]uint8

const (
	wsStride = 32
	wsRows   = 17
	wsOrigin = wsStride + 8 // the top-left pixel of the macroblock
)

// predict16 fills the workspace's macroblock with the prediction of a
// 16×16 luma mode (§12.2, §12.3). DC_PRED uses only the edges that lie
// within the frame: top and left say which do.
func (ws *workspace) predict16(mode int, top, left bool) {
	switch mode {
	case predDC:
		sum, shift := 0, 3
		if top {
			for x := range 16 {
				sum += int(ws[x+8])
			}
			shift++
		}
		if left {
			for y := range 16 {
				sum += int(ws[wsOrigin-1+y*wsStride])
			}
			shift++
		}
		v := uint8(128)
		if top || left {
			v = uint8((sum + 1<<(shift-1)) >> shift)
		}
		for y := range 16 {
			row := ws[wsOrigin+y*wsStride:][:16]
			for x := range row {
				row[x] = v
			}
		}
	case predV:
		above := ws[8:24]
		for y := range 16 {
			copy(ws[wsOrigin+y*wsStride:][:16], above)
		}
	case predH:
		for y := range 16 {
			v := ws[wsOrigin-1+y*wsStride]
			row := ws[wsOrigin+y*wsStride:][:16]
			for x := range row {
				row[x] = v
			}
		}
	case predTM:
		ws.trueMotion(wsOrigin, 16)
	}
}

// trueMotion predicts the n×n block at off with TM_PRED (§12.2): each
// pixel is its left neighbour plus its top neighbour less the top-left
// one, clamped.
func (ws *workspace) trueMotion(off, n int) {
	above := ws[off-wsStride:][:n]
	corner := int(ws[off-wsStride-1])
	for y := range n {
		d := int(ws[off+y*wsStride-1]) - corner
		row := ws[off+y*wsStride:][:n]
		for x := range row {
			row[x] = clamp255(d + int(above[x]))
		}
	}
}

// predict4 fills the 4×4 subblock at off with the prediction of a
// subblock mode (§12.3, subblock_intra_predict).
func (ws *workspace) predict4(off int, mode uint8) {
	// The RFC's edge: A[0..7] above (A[4..7] above and to the right), P
	// above and to the left, L[0..3] to the left. E runs from L[3] up
	// to P and on along A: E[0..3] = L[3..0], E[4] = P, E[5..8] = A[0..3].
	top := (*[9]uint8)(ws[off-wsStride-1:])
	p := int(top[0])
	a0, a1, a2, a3 := int(top[1]), int(top[2]), int(top[3]), int(top[4])
	l0, l1 := int(ws[off-1]), int(ws[off+wsStride-1])
	l2, l3 := int(ws[off+2*wsStride-1]), int(ws[off+3*wsStride-1])
	r0 := (*[4]uint8)(ws[off:])
	r1 := (*[4]uint8)(ws[off+wsStride:])
	r2 := (*[4]uint8)(ws[off+2*wsStride:])
	r3 := (*[4]uint8)(ws[off+3*wsStride:])
	switch mode {
	case bDC:
		v := uint8((a0 + a1 + a2 + a3 + l0 + l1 + l2 + l3 + 4) >> 3)
		*r0 = [4]uint8{v, v, v, v}
		*r1, *r2, *r3 = *r0, *r0, *r0
	case bTM:
		ws.trueMotion(off, 4)
	case bVE:
		*r0 = [4]uint8{avg3(p, a0, a1), avg3(a0, a1, a2), avg3(a1, a2, a3), avg3(a2, a3, int(top[5]))}
		*r1, *r2, *r3 = *r0, *r0, *r0
	case bHE:
		// L[-1] is P; the bottom row has no L[4] and repeats L[3].
		v := avg3(p, l0, l1)
		*r0 = [4]uint8{v, v, v, v}
		v = avg3(l0, l1, l2)
		*r1 = [4]uint8{v, v, v, v}
		v = avg3(l1, l2, l3)
		*r2 = [4]uint8{v, v, v, v}
		v = avg3(l2, l3, l3)
		*r3 = [4]uint8{v, v, v, v}
	case bLD:
		// Down and to the left, from A[1..7]; A[8] does not exist.
		a4, a5, a6, a7 := int(top[5]), int(top[6]), int(top[7]), int(top[8])
		x1, x2, x3 := avg3(a0, a1, a2), avg3(a1, a2, a3), avg3(a2, a3, a4)
		x4, x5, x6 := avg3(a3, a4, a5), avg3(a4, a5, a6), avg3(a5, a6, a7)
		x7 := avg3(a6, a7, a7)
		*r0 = [4]uint8{x1, x2, x3, x4}
		*r1 = [4]uint8{x2, x3, x4, x5}
		*r2 = [4]uint8{x3, x4, x5, x6}
		*r3 = [4]uint8{x4, x5, x6, x7}
	case bRD:
		// Down and to the right, from E[1..7]: e[i] is avg3p(E + i).
		e1, e2, e3 := avg3(l3, l2, l1), avg3(l2, l1, l0), avg3(l1, l0, p)
		e4, e5, e6 := avg3(l0, p, a0), avg3(p, a0, a1), avg3(a0, a1, a2)
		e7 := avg3(a1, a2, a3)
		*r0 = [4]uint8{e4, e5, e6, e7}
		*r1 = [4]uint8{e3, e4, e5, e6}
		*r2 = [4]uint8{e2, e3, e4, e5}
		*r3 = [4]uint8{e1, e2, e3, e4}
	case bVR:
		// avg3p(E + i) and avg2p(E + i).
		e2, e3, e4 := avg3(l2, l1, l0), avg3(l1, l0, p), avg3(l0, p, a0)
		e5, e6, e7 := avg3(p, a0, a1), avg3(a0, a1, a2), avg3(a1, a2, a3)
		h4, h5, h6, h7 := avg2(p, a0), avg2(a0, a1), avg2(a1, a2), avg2(a2, a3)
		*r0 = [4]uint8{h4, h5, h6, h7}
		*r1 = [4]uint8{e4, e5, e6, e7}
		*r2 = [4]uint8{e3, h4, h5, h6}
		*r3 = [4]uint8{e2, e4, e5, e6}
	case bVL:
		a4, a5, a6, a7 := int(top[5]), int(top[6]), int(top[7]), int(top[8])
		// The last two do not follow the pattern.
		*r0 = [4]uint8{avg2(a0, a1), avg2(a1, a2), avg2(a2, a3), avg2(a3, a4)}
		*r1 = [4]uint8{avg3(a0, a1, a2), avg3(a1, a2, a3), avg3(a2, a3, a4), avg3(a3, a4, a5)}
		*r2 = [4]uint8{avg2(a1, a2), avg2(a2, a3), avg2(a3, a4), avg3(a4, a5, a6)}
		*r3 = [4]uint8{avg3(a1, a2, a3), avg3(a2, a3, a4), avg3(a3, a4, a5), avg3(a5, a6, a7)}
	case bHD:
		h0, h1, h2, h3 := avg2(l3, l2), avg2(l2, l1), avg2(l1, l0), avg2(l0, p)
		e1, e2, e3 := avg3(l3, l2, l1), avg3(l2, l1, l0), avg3(l1, l0, p)
		e4, e5, e6 := avg3(l0, p, a0), avg3(p, a0, a1), avg3(a0, a1, a2)
		*r0 = [4]uint8{h3, e4, e5, e6}
		*r1 = [4]uint8{h2, e3, h3, e4}
		*r2 = [4]uint8{h1, e2, h2, e3}
		*r3 = [4]uint8{h0, e1, h1, e2}
	case bHU:
		// The last pixels lie on diagonals that meet no pixel: L[3].
		v := uint8(l3)
		*r0 = [4]uint8{avg2(l0, l1), avg3(l0, l1, l2), avg2(l1, l2), avg3(l1, l2, l3)}
		*r1 = [4]uint8{avg2(l1, l2), avg3(l1, l2, l3), avg2(l2, l3), avg3(l2, l3, l3)}
		*r2 = [4]uint8{avg2(l2, l3), avg3(l2, l3, l3), v, v}
		*r3 = [4]uint8{v, v, v, v}
	}
}

// avg3 is the weighted average of 3 pixels, centred on y (§12.3).
func avg3(x, y, z int) uint8 { return uint8((x + 2*y + z + 2) >> 2) }

// avg2 is the average of 2 pixels (§12.3).
func avg2(x, y int) uint8 { return uint8((x + y + 1) >> 1) }
