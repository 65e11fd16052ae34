package jpeg

// Progressive decoding (ITU-T T.81 Annex G) gathers the luminance
// coefficients in d.coef over all the scans and transforms them at the
// end. The other components' AC scans are skipped unread; their DC
// coefficients, interleaved with the luminance's, are decoded and
// dropped.

// symbol decodes one Huffman-coded value.
func (d *decoder) symbol(h *huffman) (uint8, error) {
	if d.nbits < 32 {
		d.acc, d.nbits = d.fill(d.acc, d.nbits)
	}
	s, l := uint8(0), uint(0)
	if e := h.lookup[d.acc>>(64-lookupBits)]; e != 0 {
		s, l = uint8(e), uint(e>>8)
	} else if s, l = h.slow(d.acc); l == 0 {
		return 0, errBadCode
	}
	d.acc, d.nbits = d.acc<<l, d.nbits-l
	return s, nil
}

// bits returns the next s bits, s at most 16.
func (d *decoder) bits(s uint) int32 {
	if d.nbits < 32 {
		d.acc, d.nbits = d.fill(d.acc, d.nbits)
	}
	v := int32(d.acc >> (64 - s))
	d.acc, d.nbits = d.acc<<s, d.nbits-s
	return v
}

// errCoefRange reports a coefficient too large for 8-bit samples.
var errCoefRange = formatError("coefficient out of range")

// block returns the coefficients of the luminance block at (bx, by).
func (d *decoder) block(bx, by int) []int16 {
	i := 64 * (by*d.blocksX + bx)
	return d.coef[i : i+64 : i+64]
}

// progressiveDC decodes a DC scan (§G.1.2.1): the first scan of the DC
// coefficients when ah is 0, one more bit of them otherwise.
func (d *decoder) progressiveDC(scan []scanComp, ah, al uint) error {
	return d.blocks(scan, func(i, bx, by int) error {
		s := &scan[i]
		if ah != 0 {
			bit := d.bits(1)
			if s.ci == 0 {
				d.block(bx, by)[0] |= int16(bit << al)
			}
			return nil
		}
		t, err := d.symbol(&d.dc[s.td])
		if err != nil {
			return err
		}
		if t > 15 {
			return formatError("DC difference of %d bits", t)
		}
		v := extend(d.bits(uint(t)), uint(t))
		if s.ci == 0 {
			d.pred += v
			dc := d.pred << al
			if dc != int32(int16(dc)) {
				return errCoefRange
			}
			d.block(bx, by)[0] = int16(dc)
		}
		return nil
	})
}

// progressiveAC decodes an AC scan of the luminance: the band ss..se of
// every block, its first bits when ah is 0 (§G.1.2.2), one more bit
// otherwise (§G.1.2.3).
func (d *decoder) progressiveAC(s scanComp, ss, se int, ah, al uint) error {
	h := &d.ac[s.ta]
	first := func(_, bx, by int) error {
		if d.eobrun > 0 {
			d.eobrun--
			return nil
		}
		b := d.block(bx, by)
		for k := ss; k <= se; k++ {
			rs, err := d.symbol(h)
			if err != nil {
				return err
			}
			r, t := int(rs>>4), uint(rs&15)
			if t == 0 {
				if r < 15 {
					// EOBr: this block and 2^r + (r more bits) - 1
					// more end here.
					d.eobrun = 1<<r - 1 + int(d.bits(uint(r)))
					break
				}
				k += 15 // ZRL
				continue
			}
			if k += r; k > se {
				return errTooManyCoefs
			}
			v := extend(d.bits(t), t) << al
			if v != int32(int16(v)) {
				return errCoefRange
			}
			b[unzig[k]] = int16(v)
		}
		return nil
	}
	p1, m1 := int16(1)<<al, int16(-1)<<al
	// refine adds one bit to a coefficient already non-zero. (The bit
	// of the coefficient at p1 is 0 in a valid stream, as earlier scans
	// coded it only down to bit ah.)
	refine := func(c *int16) {
		if d.bits(1) != 0 {
			if *c >= 0 {
				*c += p1
			} else {
				*c += m1
			}
		}
	}
	refinement := func(_, bx, by int) error {
		b := d.block(bx, by)
		k := ss
		if d.eobrun == 0 {
			for ; k <= se; k++ {
				rs, err := d.symbol(h)
				if err != nil {
					return err
				}
				r, t := int(rs>>4), rs&15
				var z int16
				switch {
				case t > 1:
					return formatError("refinement coefficient of %d bits", t)
				case t == 1:
					// A newly non-zero coefficient: one bit gives
					// its sign.
					if d.bits(1) != 0 {
						z = p1
					} else {
						z = m1
					}
				case r < 15:
					d.eobrun = 1<<r + int(d.bits(uint(r)))
				}
				if d.eobrun > 0 {
					break
				}
				// Pass r zero coefficients, refining the non-zero
				// ones on the way, and put z at the next zero one.
				for ; k <= se; k++ {
					c := &b[unzig[k]]
					if *c != 0 {
						refine(c)
						continue
					}
					if r == 0 {
						*c = z
						break
					}
					r--
				}
				if k > se {
					return errTooManyCoefs
				}
			}
		}
		if d.eobrun > 0 {
			// The rest of the band is in an end-of-band run: only
			// its non-zero coefficients get a correction bit.
			for ; k <= se; k++ {
				if c := &b[unzig[k]]; *c != 0 {
					refine(c)
				}
			}
			d.eobrun--
		}
		return nil
	}
	if ah == 0 {
		return d.blocks([]scanComp{s}, first)
	}
	return d.blocks([]scanComp{s}, refinement)
}

// transformAll dequantizes and transforms the luminance coefficients of a
// progressive image into pixels.
func (d *decoder) transformAll() error {
	tq := d.comps[0].tq
	if !d.quantOK[tq] {
		return formatError("undefined quantization table %d", tq)
	}
	var q [64]int32 // natural order
	for k, z := range unzig {
		q[z] = d.quant[tq][k]
	}
	var blk [64]int32
	for by := range (d.height + 7) / 8 {
		for bx := range (d.width + 7) / 8 {
			c := d.block(bx, by)
			var ac int16
			for k := 1; k < 64; k++ {
				ac |= c[k]
			}
			dst := d.pix[8*by*d.stride+8*bx:]
			if ac == 0 {
				fillDC(int32(c[0])*q[0], dst, d.stride)
				continue
			}
			for k := range blk {
				blk[k] = int32(c[k]) * q[k]
			}
			idct(&blk, dst, d.stride)
		}
	}
	return nil
}
