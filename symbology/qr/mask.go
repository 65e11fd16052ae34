package qr

import (
	"math"
	"math/bits"
)

// Penalty weights of the data mask evaluation (ISO/IEC 18004:2015 §7.8.3.1,
// Table 11).
const (
	penaltyN1 = 3  // a run of 5 same-colour modules in a row or column, +1 per module beyond 5
	penaltyN2 = 3  // each 2×2 block of one colour
	penaltyN3 = 40 // each 1:1:3:1:1 finder-like pattern with 4 light modules on one side
	penaltyN4 = 10 // each 5% by which the dark proportion departs from 50%
)

// scoreLines returns the penalty of a symbol given as row and column line
// sets (see layout): n lines of lw words each in rows and in cols, module x
// of a line at bit x+pad. It implements the four rules of §7.8.3.1:
//
//   - N1: runs of five or more modules of one colour in a row or column,
//     3 points plus 1 per module beyond five;
//   - N2: 3 points for each 2×2 block of one colour (blocks may overlap,
//     which is how the standard's m×n area count is usually applied);
//   - N3: 40 points for each dark-light-dark-dark-dark-light-dark run
//     (1:1:3:1:1) in a row or column with four light modules before or after
//     it; the quiet zone outside the symbol counts as light;
//   - N4: 10 points for each full 5% by which the proportion of dark modules
//     departs from 50%.
//
// Each rule is evaluated with word-wide bit operations: for a line x, the
// bit j of x & x>>1 & … & x>>4 is set where modules j…j+4 are all dark, so
// a run of L ≥ 5 dark modules sets L-4 bits there, and its N1 penalty
// 3+(L-5) is that count plus 2.
//
// Since every rule adds, scoring stops as soon as the penalty exceeds limit
// (a mask already scored lower): the result is then some value above limit.
// A negative limit scores in full.
func scoreLines(rows, cols []uint64, n, lw, limit int) int {
	var valid, validPad [3]uint64 // modules of the line; modules and quiet zone
	setRange(valid[:lw], pad, pad+n)
	setRange(validPad[:lw], 0, n+2*pad)
	if limit < 0 {
		limit = math.MaxInt
	}

	// N4 first: it is cheap and makes the early stop earlier.
	dark := 0
	for _, w := range rows[:n*lw] {
		dark += bits.OnesCount64(w)
	}
	total := n * n
	penalty := penaltyN4 * (abs(20*dark-10*total) / total) // whole 5% steps away from 50%

	if lw == 1 {
		return penalty + scoreLines1(rows, cols, n, valid[0], validPad[0], limit-penalty)
	}
	for y := 0; y < n && penalty <= limit; y++ {
		r := rows[y*lw : (y+1)*lw]
		penalty += linePenalty(r, valid[:lw], validPad[:lw])
		penalty += linePenalty(cols[y*lw:(y+1)*lw], valid[:lw], validPad[:lw])
		if y+1 < n {
			penalty += blockPenalty(r, rows[(y+1)*lw:(y+2)*lw], valid[:lw])
		}
	}
	return penalty
}

// setRange sets bits [from, to) of a line.
func setRange(line []uint64, from, to int) {
	for b := from; b < to; {
		off := uint(b % 64)
		cnt := min(64-int(off), to-b)
		line[b/64] |= (1<<uint(cnt) - 1) << off
		b += cnt
	}
}

// shr returns word i of line shifted towards bit 0 by k (1 ≤ k < 64): bit j
// of the result is bit j+k of the line.
func shr(line []uint64, i int, k uint) uint64 {
	w := line[i] >> k
	if i+1 < len(line) {
		w |= line[i+1] << (64 - k)
	}
	return w
}

// shl returns word i of line shifted away from bit 0 by k: bit j of the
// result is bit j-k of the line.
func shl(line []uint64, i int, k uint) uint64 {
	w := line[i] << k
	if i > 0 {
		w |= line[i-1] >> (64 - k)
	}
	return w
}

// linePenalty returns the N1 and N3 penalties of one row or column.
func linePenalty(d, valid, validPad []uint64) int {
	var light, lightPad [3]uint64
	for i, w := range d {
		light[i] = ^w & valid[i]
		lightPad[i] = ^w & validPad[i]
	}
	l, lp := light[:len(d)], lightPad[:len(d)]
	p := 0
	for i := range d {
		// N1, dark runs and light runs.
		for _, x := range [2][]uint64{d, l} {
			run := x[i] & shr(x, i, 1) & shr(x, i, 2) & shr(x, i, 3) & shr(x, i, 4)
			if run == 0 {
				continue
			}
			// Extend the run sets across the word boundary for the start test.
			var prev uint64
			if i > 0 {
				pw := x[i-1] & shr(x, i-1, 1) & shr(x, i-1, 2) & shr(x, i-1, 3) & shr(x, i-1, 4)
				prev = pw >> 63
			}
			starts := run &^ (run<<1 | prev)
			// A run of L ≥ 5 sets L-4 bits of run and one of starts.
			p += bits.OnesCount64(run) + (penaltyN1-1)*bits.OnesCount64(starts)
		}
		// N3: 1011101 starting at bit j, with 0000 at j-4…j-1 or j+7…j+10.
		core := d[i] & shr(lp, i, 1) & shr(d, i, 2) & shr(d, i, 3) & shr(d, i, 4) & shr(lp, i, 5) & shr(d, i, 6)
		if core == 0 {
			continue
		}
		after := shr(lp, i, 7) & shr(lp, i, 8) & shr(lp, i, 9) & shr(lp, i, 10)
		before := shl(lp, i, 1) & shl(lp, i, 2) & shl(lp, i, 3) & shl(lp, i, 4)
		p += penaltyN3 * bits.OnesCount64(core&(after|before))
	}
	return p
}

// blockPenalty returns the N2 penalty of the 2×2 blocks spanning rows a and b.
func blockPenalty(a, b, valid []uint64) int {
	var dd, ll [3]uint64
	for i := range a {
		dd[i] = a[i] & b[i]
		ll[i] = ^a[i] & ^b[i] & valid[i]
	}
	p := 0
	for i := range a {
		p += bits.OnesCount64(dd[i] & shr(dd[:len(a)], i, 1))
		p += bits.OnesCount64(ll[i] & shr(ll[:len(a)], i, 1))
	}
	return penaltyN2 * p
}

// scoreLines1 is the N1-N3 part of scoreLines for lines of one word
// (versions 1-9), the common case, without the carries between words.
func scoreLines1(rows, cols []uint64, n int, valid, validPad uint64, limit int) int {
	penalty := 0
	rows, cols = rows[:n], cols[:n]
	for y, r := range rows {
		penalty += linePenalty1(r, valid, validPad) + linePenalty1(cols[y], valid, validPad)
		if y+1 < n {
			r2 := rows[y+1]
			dd, ll := r&r2, ^r&^r2&valid
			penalty += penaltyN2 * (bits.OnesCount64(dd&(dd>>1)) + bits.OnesCount64(ll&(ll>>1)))
		}
		if penalty > limit {
			break
		}
	}
	return penalty
}

// linePenalty1 is linePenalty for a one-word line.
func linePenalty1(d, valid, validPad uint64) int {
	run := d & (d >> 1) & (d >> 2) & (d >> 3) & (d >> 4)
	p := bits.OnesCount64(run) + (penaltyN1-1)*bits.OnesCount64(run&^(run<<1))
	l := ^d & valid
	run = l & (l >> 1) & (l >> 2) & (l >> 3) & (l >> 4)
	p += bits.OnesCount64(run) + (penaltyN1-1)*bits.OnesCount64(run&^(run<<1))
	lp := ^d & validPad
	core := d & (lp >> 1) & (d >> 2) & (d >> 3) & (d >> 4) & (lp >> 5) & (d >> 6)
	if core != 0 {
		after := (lp >> 7) & (lp >> 8) & (lp >> 9) & (lp >> 10)
		before := (lp << 1) & (lp << 2) & (lp << 3) & (lp << 4)
		p += penaltyN3 * bits.OnesCount64(core&(after|before))
	}
	return p
}
