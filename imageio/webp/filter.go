package webp

// The loop filter, RFC 6386 §15, on the luma plane only: the chroma
// planes are never reconstructed.

// filterParams are the loop filter settings of a macroblock (§15.4).
type filterParams struct {
	level  int // the loop_filter_level; 0: no filtering
	limit  int // the edge limit of subblock edges, 2*level+interior
	ilimit int // the interior limit
	hev    int // the high edge variance threshold
}

// filterSettings returns the loop filter settings of a segment whose
// level is base, for a macroblock predicted as a whole (0) and by
// subblocks (1), given the deltas of intra macroblocks and of B_PRED
// ones and the sharpness (§9.3, §9.4, §15.4).
//
// Like golang.org/x/image/vp8, it sums the level and the deltas in 8 bits
// before clamping them to 0..63: only files with segment levels and
// deltas far out of range see the wrap-around.
func filterSettings(base, refDelta, modeDelta, sharpness int32) [2]filterParams {
	var fs [2]filterParams
	for i := range fs {
		level := int8(base)
		level += int8(refDelta)
		if i == 1 {
			level += int8(modeDelta)
		}
		if level <= 0 {
			continue // no filtering
		}
		l := min(int(level), 63)
		interior := l
		if sharpness > 0 {
			if sharpness > 4 {
				interior >>= 2
			} else {
				interior >>= 1
			}
			interior = min(interior, 9-int(sharpness))
		}
		interior = max(interior, 1)
		hev := 0 // key frames, §15.4
		switch {
		case l >= 40:
			hev = 2
		case l >= 15:
			hev = 1
		}
		fs[i] = filterParams{level: l, limit: 2*l + interior, ilimit: interior, hev: hev}
	}
	return fs
}

// filterMacroblock filters the edges of the macroblock at (mbx, mby) in
// the order of §15.1: its left edge, its inner vertical edges, its top
// edge, its inner horizontal edges. inner says whether it has inner edges
// to filter: it is predicted by subblocks or has coefficients.
func (d *decoder) filterMacroblock(mbx, mby int, f *filterParams, inner bool) {
	if f.level == 0 {
		return
	}
	stride := d.stride
	off := 16*mby*stride + 16*mbx
	pix := d.pix
	if d.simpleFilter {
		if mbx > 0 {
			simpleV(pix, off, stride, f.limit+4)
		}
		if inner {
			for x := 4; x < 16; x += 4 {
				simpleV(pix, off+x, stride, f.limit)
			}
		}
		if mby > 0 {
			simpleH(pix, off, stride, f.limit+4)
		}
		if inner {
			for y := 4; y < 16; y += 4 {
				simpleH(pix, off+y*stride, stride, f.limit)
			}
		}
		return
	}
	if mbx > 0 {
		mbEdgeV(pix, off, stride, f.limit+4, f.ilimit, f.hev)
	}
	if inner {
		for x := 4; x < 16; x += 4 {
			subblockEdgeV(pix, off+x, stride, f.limit, f.ilimit, f.hev)
		}
	}
	if mby > 0 {
		mbEdgeH(pix, off, stride, f.limit+4, f.ilimit, f.hev)
	}
	if inner {
		for y := 4; y < 16; y += 4 {
			subblockEdgeH(pix, off+y*stride, stride, f.limit, f.ilimit, f.hev)
		}
	}
}

// Each filter comes twice: for a vertical edge (...V), whose 16 segments
// are along rows, and for a horizontal edge (...H), whose segments are
// along columns. The edge starts at pix[off], the first pixel after it
// of the top or left segment. The RFC's signed arithmetic on pixels
// less 128 is done here on the pixels themselves: the offsets cancel in
// every difference, and s2u(c(v)) of §15.2 is clamp255 of v+128.

// simpleV and simpleH apply the simple filter (§15.2) to an edge with
// the given edge limit.
func simpleV(pix []uint8, off, stride, limit int) {
	for range 16 {
		s := pix[off-2 : off+2]
		if p0, q0, ok := simpleSegment(s[0], s[1], s[2], s[3], limit); ok {
			s[1], s[2] = p0, q0
		}
		off += stride
	}
}

func simpleH(pix []uint8, off, stride, limit int) {
	rp1, rp0 := pix[off-2*stride:][:16], pix[off-stride:][:16]
	rq0, rq1 := pix[off:][:16], pix[off+stride:][:16]
	for x := range 16 {
		if p0, q0, ok := simpleSegment(rp1[x], rp0[x], rq0[x], rq1[x], limit); ok {
			rp0[x], rq0[x] = p0, q0
		}
	}
}

// simpleSegment filters one segment with the simple filter
// (simple_segment): it returns the new p0 and q0 and whether the segment
// is to change.
func simpleSegment(p1, p0, q0, q1 uint8, limit int) (uint8, uint8, bool) {
	a, b, c, e := int(p1), int(p0), int(q0), int(q1)
	if 2*abs(b-c)+abs(a-e)>>1 > limit {
		return 0, 0, false
	}
	np0, nq0 := adjustOuter(a, b, c, e)
	return np0, nq0, true
}

// adjustOuter is common_adjust with the outer taps (§15.2): it returns
// the new p0 and q0.
func adjustOuter(p1, p0, q0, q1 int) (uint8, uint8) {
	a := clamp127(clamp127(p1-q1) + 3*(q0-p0))
	return clamp255(p0 + clamp127(a+3)>>3), clamp255(q0 - clamp127(a+4)>>3)
}

// mbEdgeV and mbEdgeH apply the normal filter of macroblock edges
// (§15.3, MBfilter) to an edge.
func mbEdgeV(pix []uint8, off, stride, limit, ilimit, hev int) {
	for range 16 {
		s := (*[8]uint8)(pix[off-4:])
		p3, p2, p1, p0 := int(s[0]), int(s[1]), int(s[2]), int(s[3])
		q0, q1, q2, q3 := int(s[4]), int(s[5]), int(s[6]), int(s[7])
		off += stride
		if !filterYes(p3, p2, p1, p0, q0, q1, q2, q3, limit, ilimit) {
			continue
		}
		if max(abs(p1-p0), abs(q1-q0)) > hev { // high edge variance
			s[3], s[4] = adjustOuter(p1, p0, q0, q1)
			continue
		}
		s[1], s[2], s[3], s[4], s[5], s[6] = adjustMB(p2, p1, p0, q0, q1, q2)
	}
}

func mbEdgeH(pix []uint8, off, stride, limit, ilimit, hev int) {
	var b rows
	b.load(pix, off, stride)
	for x := range 16 {
		p3, p2, p1, p0 := int(b[0][x]), int(b[1][x]), int(b[2][x]), int(b[3][x])
		q0, q1, q2, q3 := int(b[4][x]), int(b[5][x]), int(b[6][x]), int(b[7][x])
		if !filterYes(p3, p2, p1, p0, q0, q1, q2, q3, limit, ilimit) {
			continue
		}
		if max(abs(p1-p0), abs(q1-q0)) > hev { // high edge variance
			b[3][x], b[4][x] = adjustOuter(p1, p0, q0, q1)
			continue
		}
		b[1][x], b[2][x], b[3][x], b[4][x], b[5][x], b[6][x] = adjustMB(p2, p1, p0, q0, q1, q2)
	}
	b.store(pix, off, stride)
}

// rows holds the 8 rows of 16 pixels around a horizontal edge, p3 to q3,
// while the edge is filtered: working on a copy with a fixed layout
// spares the filter a pointer per row.
type rows [8][16]uint8

// load copies the rows around the edge at pix[off] into b.
func (b *rows) load(pix []uint8, off, stride int) {
	off -= 4 * stride
	for k := range b {
		b[k] = [16]uint8(pix[off : off+16])
		off += stride
	}
}

// store copies the rows the filter may change, p2 to q2, back.
func (b *rows) store(pix []uint8, off, stride int) {
	off -= 3 * stride
	for k := 1; k < 7; k++ {
		copy(pix[off:off+16], b[k][:])
		off += stride
	}
}

// subblockEdgeV and subblockEdgeH apply the normal filter of subblock
// edges (§15.3, subblock_filter) to an edge.
func subblockEdgeV(pix []uint8, off, stride, limit, ilimit, hev int) {
	for range 16 {
		s := (*[8]uint8)(pix[off-4:])
		p3, p2, p1, p0 := int(s[0]), int(s[1]), int(s[2]), int(s[3])
		q0, q1, q2, q3 := int(s[4]), int(s[5]), int(s[6]), int(s[7])
		off += stride
		if !filterYes(p3, p2, p1, p0, q0, q1, q2, q3, limit, ilimit) {
			continue
		}
		if max(abs(p1-p0), abs(q1-q0)) > hev { // high edge variance
			s[3], s[4] = adjustOuter(p1, p0, q0, q1)
			continue
		}
		s[2], s[3], s[4], s[5] = adjustInner(p1, p0, q0, q1)
	}
}

func subblockEdgeH(pix []uint8, off, stride, limit, ilimit, hev int) {
	var b rows
	b.load(pix, off, stride)
	for x := range 16 {
		p3, p2, p1, p0 := int(b[0][x]), int(b[1][x]), int(b[2][x]), int(b[3][x])
		q0, q1, q2, q3 := int(b[4][x]), int(b[5][x]), int(b[6][x]), int(b[7][x])
		if !filterYes(p3, p2, p1, p0, q0, q1, q2, q3, limit, ilimit) {
			continue
		}
		if max(abs(p1-p0), abs(q1-q0)) > hev { // high edge variance
			b[3][x], b[4][x] = adjustOuter(p1, p0, q0, q1)
			continue
		}
		b[2][x], b[3][x], b[4][x], b[5][x] = adjustInner(p1, p0, q0, q1)
	}
	b.store(pix, off, stride)
}

// filterYes is filter_yes of §15.3: whether the normal filter changes
// the segment p3..q3, given the edge limit and the interior limit.
func filterYes(p3, p2, p1, p0, q0, q1, q2, q3, limit, ilimit int) bool {
	return 2*abs(p0-q0)+abs(p1-q1)>>1 <= limit &&
		max(abs(p3-p2), abs(p2-p1), abs(p1-p0), abs(q3-q2), abs(q2-q1), abs(q1-q0)) <= ilimit
}

// adjustMB is the macroblock filter without high edge variance
// (MBfilter, §15.3): it returns the new p2, p1, p0, q0, q1 and q2. The
// three adjustments are within -27..27: the RFC's clamps of them change
// nothing.
func adjustMB(p2, p1, p0, q0, q1, q2 int) (np2, np1, np0, nq0, nq1, nq2 uint8) {
	w := clamp127(clamp127(p1-q1) + 3*(q0-p0))
	a0, a1, a2 := (27*w+63)>>7, (18*w+63)>>7, (9*w+63)>>7
	return clamp255(p2 + a2), clamp255(p1 + a1), clamp255(p0 + a0),
		clamp255(q0 - a0), clamp255(q1 - a1), clamp255(q2 - a2)
}

// adjustInner is the subblock filter without high edge variance:
// common_adjust without the outer taps, and half its adjustment to p1
// and q1. It returns the new p1, p0, q0 and q1.
func adjustInner(p1, p0, q0, q1 int) (uint8, uint8, uint8, uint8) {
	a := clamp127(3 * (q0 - p0))
	f := clamp127(a+4) >> 3
	np0, nq0 := clamp255(p0+clamp127(a+3)>>3), clamp255(q0-f)
	f = (f + 1) >> 1
	return clamp255(p1 + f), np0, nq0, clamp255(q1 - f)
}

// abs returns the absolute value of x.
func abs(x int) int {
	m := x >> 63
	return (x ^ m) - m
}

// clamp127 is c of RFC 6386 §15.2: v clamped to a signed byte.
func clamp127(v int) int { return min(max(v, -128), 127) }

// clamp255 clamps v to a pixel value.
func clamp255(v int) uint8 { return uint8(min(max(v, 0), 255)) }
