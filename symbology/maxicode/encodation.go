package maxicode

// Encodation (ISO/IEC 16023:2000 §4.3): the data bytes become codewords of
// the code sets, with shifts, latches, lock-ins and numeric shifts between
// them. encodeBytes finds the fewest codewords by dynamic programming over
// the bytes and the set latched after each, as the standard's Annex on
// encodation suggests but without its greedy look-ahead: every way of
// writing each byte (in the latched set, after a single shift, in a run
// of two or three set A characters after 2 Shift A or 3 Shift A from set
// B, in a numeric shift of nine digits) and every latch is weighed.

// maxEncodeBytes bounds the input of encodeBytes: no symbol holds more
// than 93 data codewords, which carry at most 138 characters (digits in
// numeric shifts, 9 per 6 codewords); longer input is too long whatever
// its content, and the bound keeps the search's tables small.
const maxEncodeBytes = 144

// step is how one stretch of the input is written: n bytes in the latched
// set (possibly through a shift), or a numeric shift, after latching from
// set from to set to.
type step struct {
	from, to int8 // latched set before and after the latch (equal: none)
	kind     int8 // stepPlain, stepShift, stepShiftN, stepNS
	set      int8 // set the bytes are taken from (for a shift: the set shifted to)
	n        int8 // bytes consumed
}

const (
	stepPlain = iota
	stepShift
	stepShiftN // 2 Shift A or 3 Shift A, from set B
	stepNS
)

// encodeBytes returns the codewords that write data, starting in set A,
// and the set latched at their end; of two encodations as short once
// padding is counted (a latch to A first when the data ends in set C or D,
// which have no pad character), the one that is shorter without it. It
// reports false when data is longer than maxEncodeBytes.
func encodeBytes(data []byte) ([]byte, int, bool) {
	n := len(data)
	if n > maxEncodeBytes {
		return nil, 0, false
	}
	const inf = 1 << 20
	// cost[i][s]: fewest codewords writing data[:i] and ending latched in
	// set s; how[i][s]: the last step.
	cost := make([][numSets]int, n+1)
	how := make([][numSets]step, n+1)
	for i := range cost {
		for s := range cost[i] {
			cost[i][s] = inf
		}
	}
	cost[0][setA] = 0
	relax := func(i, s, c int, st step) {
		if c < cost[i][s] {
			cost[i][s] = c
			how[i][s] = st
		}
	}
	for i := 0; i <= n; i++ {
		// Latches first: a latch at position i changes only the state.
		// One round suffices, since no latch is cheaper done in two.
		base := cost[i]
		for from := range numSets {
			if base[from] >= inf {
				continue
			}
			for to := range numSets {
				if to != from {
					relax(i, to, base[from]+latchCost[from][to], step{from: int8(from), to: int8(to), kind: -1})
				}
			}
		}
		if i == n {
			break
		}
		b := data[i]
		digits := 0
		for digits < 9 && i+digits < n && isDigit(data[i+digits]) {
			digits++
		}
		for s := range numSets {
			c := cost[i][s]
			if c >= inf {
				continue
			}
			if charValue[s][b] >= 0 {
				relax(i+1, s, c+1, step{from: int8(s), to: int8(s), kind: stepPlain, set: int8(s), n: 1})
			}
			for t := range numSets {
				if shiftValue[s][t] >= 0 && charValue[t][b] >= 0 {
					relax(i+1, s, c+2, step{from: int8(s), to: int8(s), kind: stepShift, set: int8(t), n: 1})
				}
			}
			if s == setB {
				for k := 2; k <= 3 && i+k <= n; k++ {
					if !allIn(data[i:i+k], setA) {
						break
					}
					relax(i+k, s, c+1+k, step{from: int8(s), to: int8(s), kind: stepShiftN, set: setA, n: int8(k)})
				}
			}
			if digits == 9 {
				relax(i+9, s, c+6, step{from: int8(s), to: int8(s), kind: stepNS, n: 9})
			}
		}
	}
	// The end state: padding is a pad character in sets A, B and E, and
	// needs a latch to A first in sets C and D.
	// Of equal totals, the one without the latch: a symbol the data
	// fills to the last codeword needs no padding.
	best, bestCost := -1, inf
	for s := range numSets {
		c := cost[n][s] + padLatch(s)
		if c < bestCost || c == bestCost && cost[n][s] < cost[n][best] {
			best, bestCost = s, c
		}
	}
	// Walk back to list the steps.
	var steps []step
	for i, s := n, best; i > 0 || s != setA; {
		st := how[i][s]
		steps = append(steps, st)
		if st.kind < 0 {
			s = int(st.from)
			continue
		}
		i -= int(st.n)
	}
	cw := make([]byte, 0, bestCost)
	pos := 0
	for k := len(steps) - 1; k >= 0; k-- {
		st := steps[k]
		switch st.kind {
		case -1:
			cw = appendLatch(cw, int(st.from), int(st.to))
		case stepPlain:
			cw = append(cw, byte(charValue[st.set][data[pos]]))
		case stepShift:
			cw = append(cw, byte(shiftValue[st.from][st.set]), byte(charValue[st.set][data[pos]]))
		case stepShiftN:
			cw = append(cw, byte(56+st.n-2))
			for j := range int(st.n) {
				cw = append(cw, byte(charValue[setA][data[pos+j]]))
			}
		case stepNS:
			v := 0
			for _, d := range data[pos : pos+9] {
				v = v*10 + int(d-'0')
			}
			cw = append(cw, valNS, byte(v>>24&63), byte(v>>18&63), byte(v>>12&63), byte(v>>6&63), byte(v&63))
		}
		if st.kind >= 0 {
			pos += int(st.n)
		}
	}
	return cw, best, true
}

// padLatch is the number of codewords needed before padding in set s.
func padLatch(s int) int {
	if s == setC || s == setD {
		return 1
	}
	return 0
}

// padValue is the pad character of set s, after padLatch's latch.
func padValue(s int) byte {
	if s == setE {
		return 28
	}
	return valPad
}

func allIn(b []byte, set int) bool {
	for _, c := range b {
		if charValue[set][c] < 0 {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
