package webp

// The coefficient tokens of RFC 6386 §13: most of a frame's data.

// planeProbs are the token probabilities of one plane type, by position
// and context.
type planeProbs = [16][3][numTokenProbs]uint8

// tokens decodes the tokens of one 4×4 block (§13.2, §13.3) from
// position first (1 for the luma blocks of a macroblock with a Y2 block)
// and stores the coefficients they give, multiplied by dq[0] for the DC
// and dq[1] for the others (§14.1), at their places in out: positions
// with no token are left as they are. ctx is the number of the blocks
// above and to the left that have coefficients. It returns 0 when the
// block's first token is dct_eob, and otherwise the position after the
// last token: coefficients from there on are zero.
//
// The coefficients are kept in 16 bits, wrapping around as in
// golang.org/x/image/vp8 (the RFC's dequantised coefficients are 16-bit
// too).
func (d *boolDecoder) tokens(probs *planeProbs, ctx, first int, dq *[2]int32, out *[16]int16) int {
	v, n, rng := d.value, d.n, d.r
	var bit bool
	i := first
	p := &probs[i][ctx]
	if n < 0 {
		v, n = d.refill(v, n)
	}
	if bit, v, n, rng = decide(v, n, rng, p[0]); !bit {
		d.value, d.n, d.r = v, n, rng
		return 0 // dct_eob
	}
	for {
		// The token at position i is not dct_eob.
		if n < 0 {
			v, n = d.refill(v, n)
		}
		if bit, v, n, rng = decide(v, n, rng, p[1]); !bit {
			// DCT_0, which no dct_eob can follow.
			if i++; i == 16 {
				break
			}
			p = &probs[i][0]
			continue
		}
		if n < 0 {
			v, n = d.refill(v, n)
		}
		abs, next := int32(1), 1 // the value and the context it makes
		if bit, v, n, rng = decide(v, n, rng, p[2]); bit {
			abs, v, n, rng = d.largeValue(v, n, rng, p)
			next = 2
		}
		if n < 0 {
			v, n = d.refill(v, n)
		}
		var sign uint32
		sign, v, n, rng = decideBit(v, n, rng, 128)
		neg := -int32(sign) // all ones for a negative value
		out[zigzag[i]] = int16((abs*dq[min(i, 1)] ^ neg) - neg)
		if i++; i == 16 {
			break
		}
		p = &probs[i][next]
		if n < 0 {
			v, n = d.refill(v, n)
		}
		if bit, v, n, rng = decide(v, n, rng, p[0]); !bit {
			break // dct_eob
		}
	}
	d.value, d.n, d.r = v, n, rng
	return i
}

// largeValue decodes the rest of a token known to be neither dct_eob,
// DCT_0 nor DCT_1 (the subtree at node 6 of coeff_tree, §13.2) with the
// probabilities p, from and to the state (v, n, rng) of d, and returns its
// value.
func (d *boolDecoder) largeValue(v uint64, n int, rng uint32, p *[numTokenProbs]uint8) (int32, uint64, int, uint32) {
	var bit bool
	if n < 0 {
		v, n = d.refill(v, n)
	}
	if bit, v, n, rng = decide(v, n, rng, p[3]); !bit {
		if n < 0 {
			v, n = d.refill(v, n)
		}
		if bit, v, n, rng = decide(v, n, rng, p[4]); !bit {
			return 2, v, n, rng // DCT_2
		}
		if n < 0 {
			v, n = d.refill(v, n)
		}
		var b uint32
		b, v, n, rng = decideBit(v, n, rng, p[5])
		return 3 + int32(b), v, n, rng // DCT_3 or DCT_4
	}
	var cat uint32 // dct_cat1 to dct_cat6, 0 to 5
	if n < 0 {
		v, n = d.refill(v, n)
	}
	if bit, v, n, rng = decide(v, n, rng, p[6]); !bit {
		if n < 0 {
			v, n = d.refill(v, n)
		}
		cat, v, n, rng = decideBit(v, n, rng, p[7])
	} else {
		var hi, lo uint32
		if n < 0 {
			v, n = d.refill(v, n)
		}
		hi, v, n, rng = decideBit(v, n, rng, p[8])
		if n < 0 {
			v, n = d.refill(v, n)
		}
		lo, v, n, rng = decideBit(v, n, rng, p[9+hi])
		cat = 2 + 2*hi + lo
	}
	// DCTextra: the offset from the category's base, most significant
	// bit first.
	var extra uint32
	for _, prob := range catProbs[cat] {
		if n < 0 {
			v, n = d.refill(v, n)
		}
		var b uint32
		b, v, n, rng = decideBit(v, n, rng, prob)
		extra = extra<<1 | b
	}
	return catBase[cat] + int32(extra), v, n, rng
}
