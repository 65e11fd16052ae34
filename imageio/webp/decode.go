package webp

// The macroblocks of a key frame, RFC 6386 §10 to §14, luma only: the
// chroma modes and coefficients are decoded, as they must be to follow
// the stream and because chroma coefficients count in the loop filter's
// choice of edges (§15.1), but chroma is never predicted, transformed or
// filtered.

// decodeMacroblocks decodes the macroblocks in raster order, filtering
// each as soon as it is reconstructed: the filter changes only pixels of
// the macroblock and of those above and to the left, in the order of
// §15.1, and prediction reads the unfiltered pixels kept in d.top and in
// the workspace.
func (d *decoder) decodeMacroblocks() error {
	ws := &d.ws
	for mby := range d.mbh {
		tp := &d.parts[mby&(d.nparts-1)]
		d.left = mbContext{}
		for mbx := range d.mbw {
			d.prepare(mbx, mby)
			seg, bpred, inner := d.macroblock(mbx, mby, tp)
			// Keep the unfiltered bottom row for the row below and the
			// right column for the macroblock to the right.
			copy(d.top[16*mbx:16*mbx+16], ws[wsOrigin+15*wsStride:][:16])
			pix := d.pix[16*mby*d.stride+16*mbx:]
			for y := range 16 {
				copy(pix[y*d.stride:y*d.stride+16], ws[wsOrigin+y*wsStride:][:16])
			}
			for y := -1; y < 16; y++ {
				ws[wsOrigin-1+y*wsStride] = ws[wsOrigin+15+y*wsStride]
			}
			if d.filterLevel != 0 {
				f := &d.segments[seg].filter[0]
				if bpred {
					f = &d.segments[seg].filter[1]
				}
				d.filterMacroblock(mbx, mby, f, inner)
			}
		}
		if d.fp.eof || tp.eof {
			return errShort
		}
	}
	return nil
}

// prepare fills the edges of the workspace for the macroblock at (mbx,
// mby) (§12.2, §12.3): the row above from d.top, 127 above the frame; the
// column to the left, already in place from the macroblock before, 129
// left of the frame. The pixels above and to the right of the last
// macroblock of a row repeat the last pixel above.
func (d *decoder) prepare(mbx, mby int) {
	ws := &d.ws
	if mbx == 0 {
		for y := -1; y < 16; y++ {
			ws[wsOrigin-1+y*wsStride] = 129
		}
	}
	above := ws[8 : 8+20]
	switch {
	case mby == 0:
		for i := -1; i < 20; i++ {
			ws[8+i] = 127
		}
	case mbx == d.mbw-1:
		copy(above, d.top[16*mbx:16*mbx+16])
		for i := 16; i < 20; i++ {
			above[i] = above[15]
		}
	default:
		copy(above, d.top[16*mbx:16*mbx+20])
	}
	// The right-hand subblocks of the rows below use the same pixels
	// above and to the right (§12.3).
	for y := 4; y < 16; y += 4 {
		copy(ws[y*wsStride+24:y*wsStride+28], ws[24:28])
	}
}

// macroblock decodes the macroblock at (mbx, mby) into the workspace:
// its header from the first partition (§10, §11, §19.3), its tokens from
// tp (§13), and its luma (§12, §14). It returns its segment, whether it
// is predicted by subblocks, and whether the loop filter is to filter its
// inner edges.
func (d *decoder) macroblock(mbx, mby int, tp *boolDecoder) (seg int, bpred, inner bool) {
	fp := &d.fp
	if d.updateMap {
		seg = fp.readTree(mbSegmentTree, d.segProbs[:])
	}
	skip := d.useSkip && fp.readBit(d.skipProb) // mb_skip_coeff, §11.1
	ymode := fp.readTree(kfYModeTree, kfYModeProbs[:])
	above := &d.above[mbx]
	var bmodes [16]uint8
	if ymode == predB {
		fp.readBModes(&above.modes, &d.left.modes, &bmodes)
	} else {
		m := impliedBMode[ymode]
		above.modes = [4]uint8{m, m, m, m}
		d.left.modes = above.modes
	}
	fp.readTree(uvModeTree, kfUVModeProbs[:]) // the chroma mode, unused

	// residue says which transform each luma block needs.
	var residue [16]uint8
	bpred = ymode == predB
	if skip {
		// §13.1 and §13.3: a skipped macroblock has no coefficients.
		above.nz, d.left.nz = 0, 0
		if !bpred {
			above.nzY2, d.left.nzY2 = 0, 0
		}
	} else {
		inner = d.residuals(tp, above, &d.segments[seg], bpred, &residue)
	}
	inner = inner || bpred

	ws := &d.ws
	if bpred {
		for b := range 16 {
			off := wsOrigin + (b>>2)*4*wsStride + (b&3)*4
			ws.predict4(off, bmodes[b])
			d.addResidual(off, b, residue[b])
		}
	} else {
		ws.predict16(ymode, mby > 0, mbx > 0)
		for b := range 16 {
			d.addResidual(wsOrigin+(b>>2)*4*wsStride+(b&3)*4, b, residue[b])
		}
	}
	return seg, bpred, inner
}

// The residue of a luma block, by the coefficients it has: those it
// does not have are zero, and the inverse DCT of §14.4 then simplifies.
const (
	residueNone = iota
	residueDC   // the DC only
	residueAC3  // coefficients 0, 1 and 4 (zig-zag positions 0 to 2) only
	residueAll
)

// addResidual adds the residue of luma block b to the workspace at off
// and clears its coefficients for the next macroblock.
func (d *decoder) addResidual(off, b int, kind uint8) {
	c := (*[16]int16)(d.coeff[16*b:])
	switch kind {
	case residueDC:
		d.ws.addDC(off, c[0])
		c[0] = 0
	case residueAC3:
		d.ws.inverseDCT3(off, c)
		c[0], c[1], c[4] = 0, 0, 0
	case residueAll:
		d.ws.inverseDCT(off, c)
		*c = [16]int16{}
	}
}

// residuals decodes the tokens of a macroblock (§13) into d.coeff (luma)
// and updates the contexts. It sets the residue of each luma block and
// returns whether the macroblock has any coefficient at all, chroma
// included, which decides whether the loop filter filters its inner
// edges (§15.1).
//
// Like golang.org/x/image/vp8 and libwebp, a block counts as having
// coefficients when it has tokens or a non-zero DC, the Y2 block's own
// tokens counting only through the DCs they give.
func (d *decoder) residuals(tp *boolDecoder, above *mbContext, s *segment, bpred bool, residue *[16]uint8) (any bool) {
	probs := &d.coeffProbs[planeY1WithDC]
	first := 0
	if !bpred {
		// The Y2 block, whose inverse WHT gives the luma DCs (§14.2).
		nz := b2u8(tp.tokens(&d.coeffProbs[planeY2], int(above.nzY2+d.left.nzY2), 0, &s.y2, &d.y2) != 0)
		above.nzY2, d.left.nzY2 = nz, nz
		if nz != 0 {
			inverseWHT(&d.y2, &d.coeff)
			clear(d.y2[:])
		}
		probs = &d.coeffProbs[planeY1AfterY2]
		first = 1
	}

	// Luma: the context of a block is the number of the blocks above and
	// to the left with tokens (§13.3).
	anz, lnz := above.nz, d.left.nz
	for y := range 4 {
		l := lnz >> y & 1
		for x := range 4 {
			b := 4*y + x
			end := tp.tokens(probs, int(l+anz>>x&1), first, &s.y1, (*[16]int16)(d.coeff[16*b:]))
			l = b2u8(end != 0)
			anz = anz&^(1<<x) | l<<x
			any = any || end != 0
			switch {
			case end > 3:
				residue[b] = residueAll
			case end > 1:
				residue[b] = residueAC3
			case d.coeff[16*b] != 0:
				residue[b] = residueDC
				any = true
			}
		}
		lnz = lnz&^(1<<y) | l<<y
	}

	// Chroma: two 2×2 planes of blocks, U then V, whose tokens are
	// decoded and dropped.
	for c := 4; c < 8; c += 2 {
		for y := range 2 {
			l := lnz >> (c + y) & 1
			for x := range 2 {
				l = b2u8(tp.tokens(&d.coeffProbs[planeUV], int(l+anz>>(c+x)&1), 0, &s.y1, &d.uv) != 0)
				anz = anz&^(1<<(c+x)) | l<<(c+x)
				any = any || l != 0
			}
			lnz = lnz&^(1<<(c+y)) | l<<(c+y)
		}
	}
	above.nz, d.left.nz = anz, lnz
	return any
}

// b2u8 converts a boolean to 0 or 1.
func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// b2i converts a boolean to 0 or 1.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
