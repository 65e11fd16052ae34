package aztec

import (
	"math"
)

// The high-level encodation of ISO/IEC 24778:2008 §7.3.1: the data as a
// bit stream of Table 2 codes. encode finds the shortest stream by dynamic
// programming over the data, with one state per position and mode;
// §7.3.1.1 leaves the choice of codes to the encoder, and the greedy
// look-ahead most encoders use is not always shortest.

// A unit is one element of the data to encode: a byte (0-255), FNC1
// (unitFNC1), or an ECI designator (unitECI plus the designator).
type unit = int32

const (
	unitFNC1 unit = 256
	unitECI  unit = 1 << 20
)

// maxUnits caps the data Encode takes: the largest symbol holds 19968
// bits, and no unit takes fewer than 2.5 of them (a Punct pair).
const maxUnits = 19968 * 2 / 5

// Limits of a Binary Shift run (§7.3.1.2): a 5-bit length of 1 to 31, or
// 0 followed by an 11-bit length of 32 to 2078 less 31.
const (
	maxShortRun = 31
	maxRun      = 2047 + 31
)

// isByte reports whether u is a byte, not FNC1 or a designator.
func isByte(u unit) bool { return u < 256 }

// flgDigits returns the number of digits of FLG(n) for a unit that is not
// a byte: 0 for FNC1, the digits of the designator for an ECI.
func flgDigits(u unit) int {
	if u == unitFNC1 {
		return 0
	}
	d := 1
	for v := u - unitECI; v >= 10; v /= 10 {
		d++
	}
	return d
}

// How a state of the dynamic programme was reached.
const (
	viaNone   = iota
	viaChar   // a character of the mode
	viaPair   // a Punct pair in Punct mode
	viaPS     // a Punct character after P/S
	viaPSPair // a Punct pair after P/S
	viaFLG    // FLG(n) in Punct mode
	viaPSFLG  // FLG(n) after P/S
	viaUS     // an Upper character after U/S
	viaBS     // a Binary Shift run
)

// cell is a state of the dynamic programme: the fewest bits that encode
// the data up to a position and end in a mode, and how they got there.
type cell struct {
	cost int32
	via  int8
	from int32 // the position the step came from; for a latch, the mode
}

const infinity = math.MaxInt32 / 2

// encode returns the shortest bit stream of Table 2 codes for units,
// starting in Upper mode, one bit per byte (0 or 1). ok is false when a
// unit cannot be encoded at all (never for valid units).
func encode(units []unit) (bits []byte, ok bool) {
	bits, _, ok = encodeEnd(units)
	return bits, ok
}

// encodeEnd is encode, also returning the mode the stream ends in.
func encodeEnd(units []unit) (bits []byte, end mode, ok bool) {
	n := len(units)
	// arrive[i][m]: data[:i] encoded, in mode m, by a step that ends
	// there; settled[i][m]: the same, after any latches at position i.
	arrive := make([][numModes]cell, n+1)
	settled := make([][numModes]cell, n+1)
	for i := range arrive {
		for m := range numModes {
			arrive[i][m].cost = infinity
			settled[i][m].cost = infinity
		}
	}
	arrive[0][modeUpper].cost = 0

	// Binary Shift runs: a run of k bytes from i0 to i costs
	// 5 + 5 + 8k bits (k ≤ 31) or 5 + 16 + 8k (32 ≤ k ≤ 2078), whatever
	// the bytes, so the best run ending at i comes from the start i0 in
	// a window that minimises settled[i0] - 8·i0. Sliding-window minima
	// (monotone queues) find it for each i in constant time.
	var short, long [3]queue
	key := func(m mode, i0 int) int32 { return settled[i0][m].cost - 8*int32(i0) }
	relax := func(c *cell, cost int32, via int8, from int32) {
		if cost < c.cost {
			*c = cell{cost, via, from}
		}
	}
	lb := 0 // the first position after the last unit that is not a byte
	for i := 0; i <= n; i++ {
		if i > 0 && !isByte(units[i-1]) {
			lb = i
			for m := range short {
				short[m].clear()
				long[m].clear()
			}
		} else if i > 0 {
			for m := modeUpper; m <= modeMixed; m++ {
				if settled[i-1][m].cost < infinity {
					short[m].push(int32(i-1), key(m, i-1))
				}
				short[m].dropBefore(int32(i - maxShortRun))
				if i0 := i - maxShortRun - 1; i0 >= lb && settled[i0][m].cost < infinity {
					long[m].push(int32(i0), key(m, i0))
				}
				long[m].dropBefore(int32(i - maxRun))
				if i0, ok := short[m].front(); ok {
					relax(&arrive[i][m], key(m, int(i0))+8*int32(i)+10, viaBS, i0)
				}
				if i0, ok := long[m].front(); ok {
					relax(&arrive[i][m], key(m, int(i0))+8*int32(i)+21, viaBS, i0)
				}
			}
		}
		// Latches at position i.
		for m := range numModes {
			for m0 := range numModes {
				if c := arrive[i][m0].cost; c < infinity {
					relax(&settled[i][m], c+int32(latches[m0][m].bits), viaNone, int32(m0))
				}
			}
		}
		if i == n {
			break
		}
		u := units[i]
		for m := range numModes {
			base := settled[i][m].cost
			if base >= infinity {
				continue
			}
			w := int32(m.bits())
			if !isByte(u) {
				flg := int32(5 + 3 + 4*flgDigits(u))
				if m == modePunct {
					relax(&arrive[i+1][m], base+flg, viaFLG, int32(i))
				} else {
					relax(&arrive[i+1][m], base+w+flg, viaPSFLG, int32(i))
				}
				continue
			}
			c := byte(u)
			if charCodes[m][c] >= 0 {
				relax(&arrive[i+1][m], base+w, viaChar, int32(i))
			}
			if i+1 < n && pairCode(u, units[i+1]) >= 0 {
				if m == modePunct {
					relax(&arrive[i+2][m], base+5, viaPair, int32(i))
				} else {
					relax(&arrive[i+2][m], base+w+5, viaPSPair, int32(i))
				}
			}
			if m != modePunct && charCodes[modePunct][c] >= 0 {
				relax(&arrive[i+1][m], base+w+5, viaPS, int32(i))
			}
			if (m == modeLower || m == modeDigit) && charCodes[modeUpper][c] >= 0 {
				relax(&arrive[i+1][m], base+w+5, viaUS, int32(i))
			}
		}
	}

	end = modeUpper
	for m := range numModes {
		if settled[n][m].cost < settled[n][end].cost {
			end = m
		}
	}
	if settled[n][end].cost >= infinity {
		return nil, end, false
	}

	// Walk back from the end, collecting the steps, then write them.
	type stepAt struct {
		m    mode // the mode the step is written in (or, for a latch, goes to)
		from mode // for a latch, the mode it leaves
		via  int8
		i, j int // the units it encodes, i to j
	}
	var steps []stepAt
	m, i := end, n
	for i > 0 || m != modeUpper {
		s := settled[i][m]
		if m0 := mode(s.from); m0 != m {
			steps = append(steps, stepAt{m: m, from: m0, via: viaNone})
			m = m0
		}
		if i == 0 {
			break
		}
		a := arrive[i][m]
		steps = append(steps, stepAt{m: m, via: a.via, i: int(a.from), j: i})
		i = int(a.from)
	}
	w := &bitWriter{bits: make([]byte, 0, settled[n][end].cost)}
	for k := len(steps) - 1; k >= 0; k-- {
		s := steps[k]
		sw := s.m.bits()
		switch s.via {
		case viaNone:
			for _, c := range latches[s.from][s.m].codes {
				w.write(c.value, c.bits)
			}
		case viaChar:
			w.write(int(charCodes[s.m][units[s.i]]), sw)
		case viaPair:
			w.write(pairCode(units[s.i], units[s.i+1]), 5)
		case viaPS:
			w.write(codePS, sw)
			w.write(int(charCodes[modePunct][units[s.i]]), 5)
		case viaPSPair:
			w.write(codePS, sw)
			w.write(pairCode(units[s.i], units[s.i+1]), 5)
		case viaFLG, viaPSFLG:
			if s.via == viaPSFLG {
				w.write(codePS, sw)
			}
			writeFLG(w, units[s.i])
		case viaUS:
			if s.m == modeLower {
				w.write(codeUS, 5)
			} else {
				w.write(codeDigitUS, 4)
			}
			w.write(int(charCodes[modeUpper][units[s.i]]), 5)
		case viaBS:
			w.write(codeBS, 5)
			k := s.j - s.i
			if k <= maxShortRun {
				w.write(k, 5)
			} else {
				w.write(0, 5)
				w.write(k-maxShortRun, 11)
			}
			for _, u := range units[s.i:s.j] {
				w.write(int(u), 8)
			}
		}
	}
	return w.bits, end, true
}

// writeFLG writes FLG(n) in Punct mode for FNC1 (n = 0) or an ECI
// designator of n digits, each a Digit mode code (§7.3.1.2).
func writeFLG(w *bitWriter, u unit) {
	w.write(codeFLG, 5)
	d := flgDigits(u)
	w.write(d, 3)
	if d == 0 {
		return
	}
	v := int(u - unitECI)
	div := 1
	for range d - 1 {
		div *= 10
	}
	for ; div > 0; div /= 10 {
		w.write(2+v/div%10, 4)
	}
}

// pairCode returns the Punct code of the pair a, b, or -1.
func pairCode(a, b unit) int {
	for k, p := range punctPairs {
		if a == unit(p[0]) && b == unit(p[1]) {
			return 2 + k
		}
	}
	return -1
}

// queue is a monotone queue of positions for a sliding-window minimum: the
// keys of the positions it holds increase from front to back.
type queue struct {
	pos  []int32
	keys []int32
	head int
}

func (q *queue) clear() { q.pos, q.keys, q.head = q.pos[:0], q.keys[:0], 0 }

// push adds position p, dropping the positions behind it whose key is not
// smaller: they leave the window first and can never be its minimum.
func (q *queue) push(p, k int32) {
	for len(q.pos) > q.head && q.keys[len(q.keys)-1] >= k {
		q.pos, q.keys = q.pos[:len(q.pos)-1], q.keys[:len(q.keys)-1]
	}
	q.pos, q.keys = append(q.pos, p), append(q.keys, k)
}

// dropBefore drops the positions before p from the front.
func (q *queue) dropBefore(p int32) {
	for q.head < len(q.pos) && q.pos[q.head] < p {
		q.head++
	}
}

// front returns the position of the smallest key, if any.
func (q *queue) front() (int32, bool) {
	if q.head < len(q.pos) {
		return q.pos[q.head], true
	}
	return 0, false
}

// bitWriter appends values to a bit stream, most significant bit first,
// one byte (0 or 1) per bit.
type bitWriter struct {
	bits []byte
}

func (w *bitWriter) write(v, n int) {
	for k := n - 1; k >= 0; k-- {
		w.bits = append(w.bits, byte(v>>k&1))
	}
}
