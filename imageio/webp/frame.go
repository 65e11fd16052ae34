package webp

import (
	"fmt"
	"image"
)

// The parameters of a segment of macroblocks (RFC 6386 §9.3, §9.6, §15.4):
// its dequantisation factors for luma and its loop filter settings.
type segment struct {
	y1, y2 [2]int32 // dequantisation factors of the DC and AC coefficients
	// filter holds the loop filter settings of a macroblock predicted as
	// a whole (0) and of one predicted by subblocks (1).
	filter [2]filterParams
}

// A decoder holds the state of one Decode call.
type decoder struct {
	width, height int
	mbw, mbh      int // macroblocks across and down

	fp     boolDecoder    // the first partition: headers and modes
	parts  [8]boolDecoder // the token partitions
	nparts int            // 1, 2, 4 or 8

	// Segmentation (RFC 6386 §9.3).
	segmented bool
	updateMap bool
	segProbs  [3]uint8
	segments  [4]segment

	simpleFilter bool // the loop filter type (§9.4); filterLevel 0: none
	filterLevel  int
	sharpness    int32

	useSkip  bool  // mb_no_skip_coeff (§9.11)
	skipProb uint8 // prob_skip_false

	// coeffProbs holds the token probabilities (§13.3) by plane type,
	// by coefficient position rather than band, and by context.
	coeffProbs [4][16][3][numTokenProbs]uint8

	// The output: the luminance plane, padded to whole macroblocks.
	pix    []uint8
	stride int

	// top holds the bottom row of the macroblock row above, before loop
	// filtering: intra prediction uses unfiltered pixels (§12, §15).
	top []uint8
	// above holds the contexts of the macroblock above, by column; left
	// those of the macroblock to the left.
	above []mbContext
	left  mbContext

	ws    workspace
	coeff [16 * 16]int16 // the luma coefficients of a macroblock
	y2    [16]int16      // its Y2 (WHT) coefficients
	uv    [16]int16      // scratch for chroma coefficients, never used
}

// mbContext is what a macroblock's neighbour below or to the right needs
// to decode it: which blocks have coefficients (§13.3) and the subblock
// modes along the shared edge (§11.3).
type mbContext struct {
	// nz has a bit per 4x4 block along the edge: 0-3 luma, 4-5 U, 6-7 V.
	nz    uint8
	nzY2  uint8 // 1 when the last macroblock with a Y2 block had coefficients in it
	modes [4]uint8
}

// decodeFrame decodes the luminance of the VP8 key frame in c (RFC 6386
// §9). canvas is the size a VP8X chunk gave, zero without one.
func decodeFrame(c chunk, canvas image.Point, opts Options) (*image.Gray, error) {
	b := c.data
	// §9.1: a 3-byte frame tag, then for a key frame a start code and
	// the size.
	if c.size < 3 || len(b) < 3 {
		return nil, errShort
	}
	tag := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
	if tag&1 != 0 {
		return nil, unsupported("interframe")
	}
	firstLen := int64(tag >> 5)
	if c.size < 10 || len(b) < 10 {
		return nil, errShort
	}
	if b[3] != 0x9d || b[4] != 0x01 || b[5] != 0x2a {
		return nil, formatError("missing VP8 start code")
	}
	// The scaling bits (the top two of each 16-bit field) ask for
	// upscaling on display; like golang.org/x/image/vp8, ignore them.
	w := int(b[6]) | int(b[7]&0x3f)<<8
	h := int(b[8]) | int(b[9]&0x3f)<<8
	if canvas != (image.Point{}) && canvas != image.Pt(w, h) {
		return nil, formatError("VP8 frame of %dx%d pixels in a canvas of %dx%d", w, h, canvas.X, canvas.Y)
	}
	if w == 0 || h == 0 {
		return nil, formatError("VP8 frame of %dx%d pixels", w, h)
	}
	if opts.MaxPixels > 0 && w > opts.MaxPixels/h {
		return nil, fmt.Errorf("webp: %w: %dx%d pixels", ErrTooLarge, w, h)
	}
	if firstLen > c.size-10 {
		return nil, errShort
	}
	rest := c.size - 10 - firstLen // the token partitions and their sizes
	if int64(len(b)) < c.size {
		// golang.org/x/image/vp8 reads the whole chunk before it
		// decodes any of it.
		return nil, errShort
	}

	d := &decoder{width: w, height: h, mbw: (w + 15) / 16, mbh: (h + 15) / 16}
	d.fp.init(b[10 : 10+firstLen])
	d.parseHeader()
	if err := d.initPartitions(b[10+firstLen:], rest); err != nil {
		return nil, err
	}
	d.parseHeaderRest()
	if d.fp.eof {
		return nil, errShort
	}
	// A partition that a boolean encoder made starts with a byte below
	// 0xFF: the first value it codes lies in the first range, [0, 255)
	// (RFC 6386 §7.3). From 0xFF the value lies outside the range, and
	// decoders go on in ways the RFC does not define (x/image/vp8 gives
	// garbage): refuse it.
	if d.fp.badStart() {
		return nil, errBadStart
	}
	for i := range min(d.nparts, d.mbh) {
		if d.parts[i].badStart() {
			return nil, errBadStart
		}
	}

	d.stride = 16 * d.mbw
	d.pix = make([]uint8, d.stride*16*d.mbh)
	d.top = make([]uint8, d.stride)
	d.above = make([]mbContext, d.mbw)
	if err := d.decodeMacroblocks(); err != nil {
		return nil, err
	}
	return &image.Gray{Pix: d.pix, Stride: d.stride, Rect: image.Rect(0, 0, w, h)}, nil
}

// parseHeader reads the frame header (RFC 6386 §9.2 to §9.4, §19.2) up
// to the number of token partitions.
func (d *decoder) parseHeader() {
	fp := &d.fp
	fp.readBit(128) // color_space: only 0 is defined
	fp.readBit(128) // clamping_type: pixels are clamped either way

	// §9.3: segmentation.
	var (
		relative  bool // segment_feature_mode 0: deltas
		segQuant  [4]int32
		segFilter [4]int32
	)
	if d.segmented = fp.readBit(128); d.segmented {
		d.updateMap = fp.readBit(128)
		if fp.readBit(128) { // update_segment_feature_data
			relative = !fp.readBit(128)
			for i := range segQuant {
				segQuant[i] = fp.readOptionalSigned(7)
			}
			for i := range segFilter {
				segFilter[i] = fp.readOptionalSigned(6)
			}
		}
		if d.updateMap {
			for i := range d.segProbs {
				d.segProbs[i] = 255
				if fp.readBit(128) {
					d.segProbs[i] = uint8(fp.readLiteral(8))
				}
			}
		}
	}

	// §9.4: the loop filter.
	d.simpleFilter = fp.readBit(128)
	level := int32(fp.readLiteral(6))
	d.sharpness = int32(fp.readLiteral(3))
	var refDelta, modeDelta int32 // the deltas of intra frames and of B_PRED
	if fp.readBit(128) {          // loop_filter_adj_enable
		if fp.readBit(128) { // mode_ref_lf_delta_update
			var deltas [8]int32
			for i := range deltas {
				deltas[i] = fp.readOptionalSigned(6)
			}
			// ref_frame_delta_update for the intra frame comes first,
			// mb_mode_delta_update for B_PRED fifth.
			refDelta, modeDelta = deltas[0], deltas[4]
		}
	}
	d.filterLevel = int(level)
	for i := range d.segments {
		base := level
		if d.segmented {
			base = segFilter[i]
			if relative {
				base += level
			}
		}
		d.segments[i].filter = filterSettings(base, refDelta, modeDelta, d.sharpness)
	}

	d.nparts = 1 << fp.readLiteral(2) // §9.5

	// §9.6: the dequantisation indices, and the factors of §14.1 for
	// each segment. Chroma's are read past but never used.
	q := int32(fp.readLiteral(7))
	y1DC := fp.readOptionalSigned(4)
	y2DC := fp.readOptionalSigned(4)
	y2AC := fp.readOptionalSigned(4)
	fp.readOptionalSigned(4) // uv_dc
	fp.readOptionalSigned(4) // uv_ac
	for i := range d.segments {
		qi := q
		if d.segmented {
			qi = segQuant[i]
			if relative {
				qi += q
			}
		}
		s := &d.segments[i]
		s.y1 = [2]int32{int32(dcQLookup[qindex(qi+y1DC)]), int32(acQLookup[qindex(qi)])}
		// dixie.c (RFC 6386 §20.4): the Y2 DC factor is doubled, the
		// Y2 AC factor scaled by 155/100 and at least 8.
		s.y2 = [2]int32{2 * int32(dcQLookup[qindex(qi+y2DC)]), 155 * int32(acQLookup[qindex(qi+y2AC)]) / 100}
		s.y2[1] = max(s.y2[1], 8)
	}
}

// qindex clamps a quantiser index to the tables of RFC 6386 §14.1.
func qindex(q int32) int32 { return min(max(q, 0), 127) }

// initPartitions sets up the token partitions from b, which holds them
// after the sizes of all but the last (RFC 6386 §9.5). size is the number
// of bytes the VP8 chunk gives them.
func (d *decoder) initPartitions(b []byte, size int64) error {
	n := int64(3 * (d.nparts - 1))
	last := size - n
	if last < 0 {
		return errShort
	}
	sizes := b[:n]
	b = b[n:]
	for i := range d.nparts - 1 {
		s := int64(u24(sizes[3*i:]))
		if s > last {
			return errShort
		}
		d.parts[i].init(b[:s])
		b = b[s:]
		last -= s
	}
	// Like golang.org/x/image/vp8, refuse a last partition of 16 MiB or
	// more: its size could not have been written in 24 bits.
	if last >= 1<<24 {
		return formatError("token partition of %d bytes", last)
	}
	d.parts[d.nparts-1].init(b[:last])
	return nil
}

// parseHeaderRest reads the rest of the frame header after the
// dequantisation indices (RFC 6386 §9.8 to §9.11, §13.4).
func (d *decoder) parseHeaderRest() {
	fp := &d.fp
	fp.readBit(128) // refresh_entropy_probs: only one frame is decoded
	for i := range d.coeffProbs {
		for pos := range d.coeffProbs[i] {
			band := coeffBands[pos]
			for ctx := range d.coeffProbs[i][pos] {
				d.coeffProbs[i][pos][ctx] = defaultCoeffProbs[i][band][ctx]
			}
		}
	}
	for i := range coeffUpdateProbs {
		for band := range coeffUpdateProbs[i] {
			for ctx := range coeffUpdateProbs[i][band] {
				for t, up := range coeffUpdateProbs[i][band][ctx] {
					if !fp.readBit(up) {
						continue
					}
					v := uint8(fp.readLiteral(8))
					// Every position of the band has the new value.
					for pos, b := range coeffBands {
						if int(b) == band {
							d.coeffProbs[i][pos][ctx][t] = v
						}
					}
				}
			}
		}
	}
	if d.useSkip = fp.readBit(128); d.useSkip {
		d.skipProb = uint8(fp.readLiteral(8))
	}
}
