package jpeg

import "fmt"

// unzig maps the zig-zag index of a coefficient (ITU-T T.81 Figure A.6)
// to its natural, row-major index in the block.
var unzig = [64]uint8{
	0, 1, 8, 16, 9, 2, 3, 10,
	17, 24, 32, 25, 18, 11, 4, 5,
	12, 19, 26, 33, 40, 48, 41, 34,
	27, 20, 13, 6, 7, 14, 21, 28,
	35, 42, 49, 56, 57, 50, 43, 36,
	29, 22, 15, 23, 30, 37, 44, 51,
	58, 59, 52, 45, 38, 31, 39, 46,
	53, 60, 61, 54, 47, 55, 62, 63,
}

// A scanComp is one component of a scan header (§B.2.3).
type scanComp struct {
	ci     int   // index in d.comps; 0 is the luminance
	td, ta uint8 // DC and AC Huffman tables
}

// errBadCode reports bits that start no code of a Huffman table.
var errBadCode = formatError("bad Huffman code")

// scan reads the scan header seg (§B.2.3) and decodes the scan whose data
// starts at p. It returns the position of the marker after the scan.
func (d *decoder) scan(seg []byte, p int) (int, error) {
	if !d.frame {
		return 0, formatError("scan before the frame header")
	}
	d.scans++
	if d.opts.MaxScans > 0 && d.scans > d.opts.MaxScans {
		return 0, fmt.Errorf("jpeg: %w: more than %d", ErrTooManyScans, d.opts.MaxScans)
	}
	if len(seg) < 1 {
		return 0, formatError("short scan header")
	}
	ns := int(seg[0])
	if ns < 1 || ns > len(d.comps) || len(seg) != 4+2*ns {
		return 0, formatError("scan header of %d components", ns)
	}
	var sc [4]scanComp
	luma := false
	for i := range ns {
		id, t := seg[1+2*i], seg[2+2*i]
		ci := -1
		for j, c := range d.comps {
			if c.id == id {
				ci = j
			}
		}
		if ci < 0 {
			return 0, formatError("scan of unknown component %d", id)
		}
		for _, o := range sc[:i] {
			if o.ci == ci {
				return 0, formatError("component %d repeated in a scan", id)
			}
		}
		sc[i] = scanComp{ci: ci, td: t >> 4, ta: t & 15}
		if sc[i].td > 3 || sc[i].ta > 3 {
			return 0, formatError("Huffman table selector 0x%02x", t)
		}
		luma = luma || ci == 0
	}
	ss, se := int(seg[1+2*ns]), int(seg[2+2*ns])
	ah, al := uint(seg[3+2*ns]>>4), uint(seg[3+2*ns]&15)
	if d.progressive {
		// §G.1.1.1.1: a DC scan codes only the DC coefficient, an AC
		// scan one component's band of AC coefficients.
		if ss > se || se > 63 || ss == 0 && se != 0 || ss > 0 && ns != 1 {
			return 0, formatError("spectral selection %d..%d in a scan of %d components", ss, se, ns)
		}
		// Table B.3: Ah and Al are at most 13. A coefficient of 8-bit
		// samples has 11 bits and a sign, so it fits the int16 of
		// d.coef after the shift by al.
		if ah > 13 || al > 13 || ah != 0 && ah != al+1 {
			return 0, formatError("successive approximation %d, %d", ah, al)
		}
	} else {
		// Sequential scans code all 64 coefficients whatever the
		// header says (§B.2.3: Ss, Se, Ah, Al are fixed).
		ss, se, ah, al = 0, 63, 0, 0
	}
	if !luma {
		// The scan holds no luminance: its data is skipped unread.
		return d.nextMarker(p), nil
	}
	scan := sc[:ns]
	for _, s := range scan {
		if (ss == 0 && ah == 0 && !d.dc[s.td].ok) || (se > 0 && !d.ac[s.ta].ok) {
			return 0, formatError("scan uses an undefined Huffman table")
		}
	}
	tq := d.comps[0].tq
	if !d.quantOK[tq] {
		return 0, formatError("undefined quantization table %d", tq)
	}
	d.lumaScans++
	d.startData(p)
	var err error
	switch {
	case !d.progressive:
		err = d.sequential(scan)
	case ss == 0:
		err = d.progressiveDC(scan, ah, al)
	default:
		err = d.progressiveAC(scan[0], ss, se, ah, al)
	}
	if err != nil {
		return 0, err
	}
	if d.eof {
		return 0, errShort
	}
	return d.nextMarker(d.pos), nil
}

// blocks calls fn for each block of a scan in coding order (§A.2), with
// the block's index in the scan's components and its position in blocks
// of the component, and moves from one restart interval to the next.
func (d *decoder) blocks(scan []scanComp, fn func(i, bx, by int) error) error {
	left := d.restart
	next := func() error {
		if d.restart == 0 {
			return nil
		}
		if left == 0 {
			if err := d.nextInterval(); err != nil {
				return err
			}
			left = d.restart
		}
		left--
		return nil
	}
	if len(scan) == 1 {
		// A non-interleaved scan (§A.2.2) covers the blocks of the
		// component's own size. Only the full-size luminance gets here.
		bw, bh := (d.width+7)/8, (d.height+7)/8
		for by := range bh {
			for bx := range bw {
				if err := next(); err != nil {
					return err
				}
				if err := fn(0, bx, by); err != nil {
					return err
				}
			}
		}
		return nil
	}
	// An interleaved scan (§A.2.3) codes, in each MCU, h×v blocks of each
	// component in turn.
	for my := range d.mcusY {
		for mx := range d.mcusX {
			if err := next(); err != nil {
				return err
			}
			for i, s := range scan {
				c := &d.comps[s.ci]
				for v := range c.v {
					for h := range c.h {
						if err := fn(i, mx*c.h+h, my*c.v+v); err != nil {
							return err
						}
					}
				}
			}
		}
	}
	return nil
}

// sequential decodes a scan of a sequential image (Annex F): the
// luminance blocks into pixels, the others to nothing.
func (d *decoder) sequential(scan []scanComp) error {
	var blk [64]int32
	q := &d.quant[d.comps[0].tq]
	return d.blocks(scan, func(i, bx, by int) error {
		s := &scan[i]
		if s.ci != 0 {
			return d.skipBlock(&d.dc[s.td], &d.ac[s.ta])
		}
		ac, err := d.decodeBlock(&blk, &d.dc[s.td], &d.ac[s.ta], q)
		if err != nil {
			return err
		}
		dst := d.pix[8*by*d.stride+8*bx:]
		if ac {
			idct(&blk, dst, d.stride)
			blk = [64]int32{}
		} else {
			fillDC(blk[0], dst, d.stride)
			blk[0] = 0
		}
		return nil
	})
}

// decodeBlock decodes the 64 coefficients of a luminance block (§F.2.2)
// into blk, dequantized by q and in natural order; blk must be all zero.
// It reports whether any AC coefficient is non-zero.
func (d *decoder) decodeBlock(blk *[64]int32, dc, ac *huffman, q *[64]int32) (bool, error) {
	acc, n := d.acc, d.nbits
	if n < 32 {
		acc, n = d.fill(acc, n)
	}
	s, l := uint8(0), uint(0)
	if e := dc.lookup[acc>>(64-lookupBits)]; e != 0 {
		s, l = uint8(e), uint(e>>8)
	} else if s, l = dc.slow(acc); l == 0 {
		return false, errBadCode
	}
	if s > 15 {
		return false, formatError("DC difference of %d bits", s)
	}
	acc, n = acc<<l, n-l
	var diff int32
	diff, acc, n = receive(acc, n, uint(s))
	d.pred += diff
	blk[0] = d.pred * q[0]

	nonzero := false
	for k := 1; k < 64; {
		if n < 32 {
			acc, n = d.fill(acc, n)
		}
		i := acc >> (64 - lookupBits)
		if f := ac.ac[i]; f != 0 {
			// A short code and its extra bits together.
			k += int(f>>8) & 0xff
			b := uint(f & 0xff)
			acc, n = acc<<b, n-b
			if k > 63 {
				return false, errTooManyCoefs
			}
			blk[unzig[k]] = f >> 16 * q[k]
			nonzero = true
			k++
			continue
		}
		var rs uint8
		if e := ac.lookup[i]; e != 0 {
			rs, l = uint8(e), uint(e>>8)
		} else if rs, l = ac.slow(acc); l == 0 {
			return false, errBadCode
		}
		acc, n = acc<<l, n-l
		r, s := int(rs>>4), uint(rs&15)
		if s == 0 {
			if r != 15 {
				break // EOB
			}
			k += 16 // ZRL
			continue
		}
		if k += r; k > 63 {
			return false, errTooManyCoefs
		}
		var v int32
		v, acc, n = receive(acc, n, s)
		blk[unzig[k]] = v * q[k]
		nonzero = true
		k++
	}
	d.acc, d.nbits = acc, n
	return nonzero, nil
}

// errTooManyCoefs reports a block whose run lengths go past its last
// coefficient.
var errTooManyCoefs = formatError("more than 64 coefficients in a block")

// skipBlock reads past the coefficients of a block of a component whose
// pixels are not wanted.
func (d *decoder) skipBlock(dc, ac *huffman) error {
	acc, n := d.acc, d.nbits
	if n < 32 {
		acc, n = d.fill(acc, n)
	}
	s, l := uint8(0), uint(0)
	if e := dc.lookup[acc>>(64-lookupBits)]; e != 0 {
		s, l = uint8(e), uint(e>>8)
	} else if s, l = dc.slow(acc); l == 0 {
		return errBadCode
	}
	if s > 15 {
		return formatError("DC difference of %d bits", s)
	}
	acc, n = acc<<(l+uint(s)), n-l-uint(s)
	for k := 1; k < 64; {
		if n < 32 {
			acc, n = d.fill(acc, n)
		}
		i := acc >> (64 - lookupBits)
		if f := ac.ac[i]; f != 0 {
			k += int(f>>8)&0xff + 1
			b := uint(f & 0xff)
			acc, n = acc<<b, n-b
			continue
		}
		var rs uint8
		if e := ac.lookup[i]; e != 0 {
			rs, l = uint8(e), uint(e>>8)
		} else if rs, l = ac.slow(acc); l == 0 {
			return errBadCode
		}
		r, s := int(rs>>4), uint(rs&15)
		acc, n = acc<<(l+s), n-l-s
		if s == 0 && r != 15 {
			break // EOB
		}
		k += r + 1
	}
	d.acc, d.nbits = acc, n
	return nil
}
