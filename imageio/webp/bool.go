package webp

import (
	"encoding/binary"
	"sync"
)

// A boolDecoder reads one partition of a VP8 frame: a stream of booleans,
// each coded with its probability of being false (RFC 6386 §7).
//
// RFC 6386 §7.3 keeps a two-byte window on the stream and shifts it a bit
// at a time to renormalise the range after each boolean. Here the window,
// value, holds up to 64 bits of the stream, loaded seven bytes at a time,
// and a decision takes three table look-ups: the split, the renormalised
// range and its shift (see decide).
//
// The data ends exactly where golang.org/x/image/vp8 says it does: a
// decision that needs a bit past the end of the partition (n < 0 with no
// byte left to load) sets eof, and the decoder then reports the data as
// truncated. Near the end bytes are loaded one at a time so that eof is
// raised at the same decision whatever the loading strategy.
type boolDecoder struct {
	data  []byte
	pos   int    // the next byte of data to load
	value uint64 // loaded bits not yet consumed, right-aligned
	// n is the number of loaded bits below the 8 that the next decision
	// compares with the split: value holds n+8 bits. It is negative when
	// a load is due.
	n int
	// r is the range after the last decision, 1 to 255, before it is
	// renormalised: normRange[r] is the renormalised range less 1, and n
	// already counts the shift normShift[r].
	r   uint32
	eof bool // a decision needed bits past the end of data
}

// init readies d to read data from its start (RFC 6386 §7.3: the range
// starts at 255).
func (d *boolDecoder) init(data []byte) {
	splitOnce()
	*d = boolDecoder{data: data, n: -8, r: 255}
}

// badStart reports whether d's data starts with 0xFF, which no boolean
// encoder writes.
func (d *boolDecoder) badStart() bool {
	return len(d.data) > 0 && d.data[0] == 0xff
}

// errBadStart reports a partition that starts with 0xFF.
var errBadStart = formatError("partition starts with 0xFF")

// load adds bits to the window: 56 when 8 bytes can be read at once,
// else 8, else (at the end of the data) 8 zero bits with eof set.
func (d *boolDecoder) load() {
	switch {
	case d.pos+8 <= len(d.data):
		d.value = d.value<<56 | binary.BigEndian.Uint64(d.data[d.pos:])>>8
		d.pos += 7
		d.n += 56
	case d.pos < len(d.data):
		d.value = d.value<<8 | uint64(d.data[d.pos])
		d.pos++
		d.n += 8
	default:
		d.value <<= 8
		d.n += 8
		d.eof = true
	}
}

// The hot loops keep a boolDecoder's value, n and r in local variables and
// call decide and decideBit, which the compiler inlines, with refill when
// n < 0; readBit is the same for the rest of the decoder.

// decide decodes one boolean of probability prob/256 of being false from
// the state (value, n, r) of a boolDecoder, whose n must not be negative,
// and returns it with the new state (RFC 6386 §7.3, bool_decoder
// read_bool): the split is 1 + (range-1)*prob/256; the boolean is 1 when
// the 8 bits at value>>n are split or more, which then leave value; the
// new range is the rest of the range above the split, or the split.
func decide(value uint64, n int, r uint32, prob uint8) (bool, uint64, int, uint32) {
	split := uint32(splitTable[prob][uint8(r)]) // the split less 1
	bit := uint32(value>>(uint(n)&63)) > split
	if bit {
		r = uint32(normRange[uint8(r)]) - split
		value -= uint64(split+1) << (uint(n) & 63)
	} else {
		r = split + 1
	}
	return bit, value, n - int(normShift[uint8(r)]), r
}

// decideBit is decide without branches, for booleans whose value is used
// as a number rather than to choose what to decode next (the signs and
// extra bits of coefficients), which are hard to predict. It returns the
// boolean as 0 or 1.
func decideBit(value uint64, n int, r uint32, prob uint8) (uint32, uint64, int, uint32) {
	split := uint32(splitTable[prob][uint8(r)]) + 1
	sh := uint(n) & 63
	// mask is all ones when the boolean is 1.
	mask := uint32(int32(split-1-uint32(value>>sh)) >> 31)
	value -= uint64(split&mask) << sh
	r = split + (uint32(normRange[uint8(r)])+1-2*split)&mask
	return -mask, value, n - int(normShift[uint8(r)]), r
}

// refill loads more bits into a state taken out of d.
func (d *boolDecoder) refill(value uint64, n int) (uint64, int) {
	d.value, d.n = value, n
	d.load()
	return d.value, d.n
}

// readBit decodes one boolean whose probability of being false is
// prob/256.
func (d *boolDecoder) readBit(prob uint8) bool {
	if d.n < 0 {
		d.load()
	}
	var bit bool
	bit, d.value, d.n, d.r = decide(d.value, d.n, d.r, prob)
	return bit
}

// normShift and normRange renormalise a range of 1 to 255 (RFC 6386
// §7.3): normShift is the number of doublings that bring it to 128 or
// more, normRange the range so doubled, less 1.
var normShift, normRange = func() (shift, rng [256]uint8) {
	for r := 1; r < 256; r++ {
		for r<<shift[r] < 128 {
			shift[r]++
		}
		rng[r] = uint8(r<<shift[r] - 1)
	}
	return shift, rng
}()

// splitTable[prob][r] is the split less 1 of a decision of probability
// prob from the range r before renormalisation: (normRange[r]*prob)>>8.
// Looking it up rather than renormalising and multiplying shortens the
// chain of dependent instructions from one decision to the next, which
// bounds the speed of the whole decoder.
var splitTable [256][256]uint8

// splitOnce fills splitTable, the first time a decoder starts: a process
// that decodes no WebP image, as most scans do not, is spared it.
var splitOnce = sync.OnceFunc(func() {
	for p := range splitTable {
		for r := range splitTable[p] {
			splitTable[p][r] = uint8(int(normRange[r]) * p >> 8)
		}
	}
})

// readLiteral decodes an n-bit unsigned number, most significant bit
// first, each bit of probability one half (RFC 6386 §8, L(n)).
func (d *boolDecoder) readLiteral(n int) uint32 {
	var v uint32
	for range n {
		v <<= 1
		if d.readBit(128) {
			v |= 1
		}
	}
	return v
}

// readSigned decodes an n-bit magnitude followed by a sign bit, 1 for
// negative (RFC 6386 §9.3, §9.6).
func (d *boolDecoder) readSigned(n int) int32 {
	v := int32(d.readLiteral(n))
	if d.readBit(128) {
		return -v
	}
	return v
}

// readOptionalSigned decodes a flag and, when it is set, a signed number
// of n bits; zero otherwise (RFC 6386 §9.3, §9.6: F? delta() : 0).
func (d *boolDecoder) readOptionalSigned(n int) int32 {
	if !d.readBit(128) {
		return 0
	}
	return d.readSigned(n)
}

// readTree decodes a value coded with tree, whose node at i has the
// probability probs[i/2] (RFC 6386 §8.1, treed_read).
func (d *boolDecoder) readTree(tree []int8, probs []uint8) int {
	i := 0
	for {
		bit := 0
		if d.readBit(probs[i>>1]) {
			bit = 1
		}
		if i = int(tree[i+bit]); i <= 0 {
			return -i
		}
	}
}

// readBModes decodes the 16 subblock modes of a macroblock (RFC 6386
// §11.2, §11.3) into out, in raster order, each with bModeTree and the
// probabilities that the modes above and to the left select. above and
// left hold the modes along the macroblock's top and left edges and are
// updated to those along its bottom and right edges. The tree walk is
// readTree unrolled, as the modes are many.
func (d *boolDecoder) readBModes(above, left *[4]uint8, out *[16]uint8) {
	v, n, r := d.value, d.n, d.r
	var bit bool
	for b := range 16 {
		p := &kfBModeProbs[above[b&3]][left[b>>2]]
		var m uint8
		if n < 0 {
			v, n = d.refill(v, n)
		}
		if bit, v, n, r = decide(v, n, r, p[0]); !bit {
			m = bDC
		} else {
			if n < 0 {
				v, n = d.refill(v, n)
			}
			if bit, v, n, r = decide(v, n, r, p[1]); !bit {
				m = bTM
			} else {
				if n < 0 {
					v, n = d.refill(v, n)
				}
				if bit, v, n, r = decide(v, n, r, p[2]); !bit {
					m = bVE
				} else {
					m, v, n, r = d.readBModeRest(v, n, r, p)
				}
			}
		}
		out[b] = m
		above[b&3], left[b>>2] = m, m
	}
	d.value, d.n, d.r = v, n, r
}

// readBModeRest decodes the rest of a subblock mode known not to be
// B_DC_PRED, B_TM_PRED or B_VE_PRED: the subtree at node 6 of bModeTree.
func (d *boolDecoder) readBModeRest(v uint64, n int, r uint32, p *[numBModes - 1]uint8) (uint8, uint64, int, uint32) {
	var bit bool
	if n < 0 {
		v, n = d.refill(v, n)
	}
	if bit, v, n, r = decide(v, n, r, p[3]); !bit {
		if n < 0 {
			v, n = d.refill(v, n)
		}
		if bit, v, n, r = decide(v, n, r, p[4]); !bit {
			return bHE, v, n, r
		}
		if n < 0 {
			v, n = d.refill(v, n)
		}
		if bit, v, n, r = decide(v, n, r, p[5]); !bit {
			return bRD, v, n, r
		}
		return bVR, v, n, r
	}
	for i, m := range [...]uint8{bLD, bVL, bHD} {
		if n < 0 {
			v, n = d.refill(v, n)
		}
		if bit, v, n, r = decide(v, n, r, p[6+i]); !bit {
			return m, v, n, r
		}
	}
	return bHU, v, n, r
}
