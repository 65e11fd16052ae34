package datamatrix

// This file chooses the encodation of the data: the sequence of ASCII, C40,
// Text, X12, EDIFACT and Base 256 segments (ISO/IEC 16022:2006 §5.2) that
// takes the fewest codewords. Instead of the standard's look-ahead test
// (Annex P), which is a heuristic, it finds the optimum by dynamic
// programming over (position in the data, encodation state), where the
// state of C40, Text, X12 and EDIFACT includes how many values are pending
// in an incomplete group, and costs are counted in twelfths of a codeword
// so that a C40 value (2/3 codeword) and an EDIFACT value (3/4) are whole
// numbers. The end-of-data rules that save codewords only when the data
// reaches the end of the symbol (§5.2.5.2, §5.2.7, §5.2.8.2, §5.2.9) are
// applied when a symbol size is tried: the DP keeps the cost of every
// state, and each size checks the ways the data may end in it.

import "math"

// fnc1 is the unit that stands for FNC1 in GS1 data.
const fnc1 = 256

// unit is one character of the data to encode: a byte, or fnc1.
type unit = int16

// twelfths of a codeword: the cost unit of the search.
const (
	cwCost  = 12
	c40Cost = 8 // a C40, Text or X12 value: two codewords hold three
	ediCost = 9 // an EDIFACT value: three codewords hold four
)

// States of the search: ASCII, then C40, Text and X12 with 0-2 values
// pending, then EDIFACT with 0-3 values pending. Base 256 segments are
// taken whole, from ASCII to ASCII.
const (
	stASCII = 0
	stC40   = 1  // +pending values
	stText  = 4  // +pending values
	stX12   = 7  // +pending values
	stEDI   = 10 // +pending values
	nStates = 14
)

// Actions that lead into a state.
const (
	actNone    = iota
	actASCII   // one character in ASCII encodation
	actPair    // two digits in one ASCII codeword
	actLatch   // from ASCII into another encodation, at the same position
	actUnlatch // back to ASCII, at the same position
	actChar    // one character in C40, Text, X12 or EDIFACT
	actBase256 // a whole Base 256 segment from ASCII to ASCII
)

// Base 256 segment lengths (§5.2.9.1): up to 249 bytes take one length
// codeword, up to 1555 two.
const (
	b256Short = 249
	b256Max   = 1555
)

type node struct {
	cost   int32
	from   int32 // position of the previous node
	fromSt int8
	act    int8
}

const inf = math.MaxInt32 / 2

// c40Table and textTable give the C40 and Text values of the ASCII
// characters (Annex C, Tables C.1 and C.2): one value for the basic set,
// a shift and a value otherwise. They are built from the character sets
// that decode.go reads with.
var c40Table, textTable = func() (c, t [128][]byte) {
	for x := 3; x < len(c40Basic); x++ {
		c[c40Basic[x]] = []byte{byte(x)}
		t[textBasic[x]] = []byte{byte(x)}
	}
	for v := range 32 {
		c[v] = []byte{0, byte(v)} // Shift 1: controls
		t[v] = []byte{0, byte(v)}
	}
	for x := range len(shift2Set) {
		c[shift2Set[x]] = []byte{1, byte(x)}
		t[shift2Set[x]] = []byte{1, byte(x)}
	}
	for v := 96; v < 128; v++ {
		if c[v] == nil {
			c[v] = []byte{2, byte(v - 96)} // C40 Shift 3: ASCII 96-127
		}
	}
	for x := range len(textShift3) {
		t[textShift3[x]] = []byte{2, byte(x)}
	}
	return c, t
}()

// x12Value gives the X12 value of a byte, or -1 (§5.2.7, Table C.3).
var x12Value = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for x := range len(x12Set) {
		t[x12Set[x]] = int8(x)
	}
	return t
}()

// c40Values appends the C40 (or Text) values of u to v: FNC1 is Shift 2
// value 27, and a byte of 128 or more is the upper shift (Shift 2 value 30)
// followed by the values of the byte less 128.
func c40Values(v []byte, u unit, text bool) []byte {
	if u == fnc1 {
		return append(v, 1, 27)
	}
	if u >= 128 {
		v = append(v, 1, 30)
		u -= 128
	}
	if text {
		return append(v, textTable[u]...)
	}
	return append(v, c40Table[u]...)
}

// c40Count returns the number of C40 or Text values of u.
func c40Count(u unit, text bool) int {
	n := 0
	if u == fnc1 {
		return 2
	}
	if u >= 128 {
		n, u = 2, u-128
	}
	if text {
		return n + len(textTable[u])
	}
	return n + len(c40Table[u])
}

// ediValue returns the EDIFACT value of u, or -1: ASCII 32-94 are the
// low six bits of the character (§5.2.8, Table C.4).
func ediValue(u unit) int {
	if u >= 32 && u <= 94 {
		return int(u) & 0x3f
	}
	return -1
}

func isDigitUnit(u unit) bool { return u >= '0' && u <= '9' }

// asciiCost returns the codewords of u in ASCII encodation: the upper shift
// and the byte less 128 for bytes of 128 or more.
func asciiCost(u unit) int32 {
	if u >= 128 && u != fnc1 {
		return 2
	}
	return 1
}

// plan is the result of the search over one input.
type plan struct {
	units []unit
	n     int
	nodes []node // (n+1)·nStates
	// tail[i] is the number of codewords units[i:] take in ASCII.
	tail []int32
	// longB256 is the cost of the best way to end the data with a Base 256
	// segment of 250 bytes or more, whose second length codeword a symbol
	// it exactly fills can save; longFrom is where that segment starts.
	longB256 int32
	longFrom int32
}

func (p *plan) at(i, s int) *node { return &p.nodes[i*nStates+s] }

// search runs the dynamic program over units.
func search(units []unit) *plan {
	n := len(units)
	p := &plan{units: units, n: n, nodes: make([]node, (n+1)*nStates), tail: make([]int32, n+1), longB256: inf}
	for i := range p.nodes {
		p.nodes[i].cost = inf
	}
	for i := n - 1; i >= 0; i-- {
		p.tail[i] = p.tail[i+1] + asciiCost(units[i])
		if i+1 < n && isDigitUnit(units[i]) && isDigitUnit(units[i+1]) {
			p.tail[i] = min(p.tail[i], p.tail[i+2]+1)
		}
	}
	relax := func(i, s int, c int32, from, fromSt, act int) {
		nd := p.at(i, s)
		if c < nd.cost {
			*nd = node{cost: c, from: int32(from), fromSt: int8(fromSt), act: int8(act)}
		}
	}
	p.at(0, stASCII).cost = 0

	// Base 256 segments: the best start for a segment ending at j is the
	// ASCII node i minimising cost(i) - 12·i, within 249 bytes for one
	// length codeword and within 1555 for two. Monotonic queues keep the
	// minimum over each sliding window.
	var short, long window
	minStart := 0 // a segment cannot hold FNC1: it starts after the last one
	key := func(i int) int32 { return p.at(i, stASCII).cost - int32(cwCost*i) }

	for i := 0; i <= n; i++ {
		// Base 256 segments ending at i.
		if i > 0 {
			if units[i-1] == fnc1 {
				minStart = i
				short.clear()
				long.clear()
			}
			if s := i - b256Short - 1; s >= minStart && s >= 0 && p.at(s, stASCII).cost < inf {
				long.push(s, key(s))
			}
			short.dropBefore(i - b256Short)
			long.dropBefore(i - b256Max)
			if s, k, ok := short.min(); ok {
				relax(i, stASCII, k+int32(cwCost*(i+2)), s, stASCII, actBase256)
			}
			if s, k, ok := long.min(); ok {
				c := k + int32(cwCost*(i+3))
				relax(i, stASCII, c, s, stASCII, actBase256)
				if i == n {
					p.longB256, p.longFrom = c, int32(s)
				}
			}
		}
		// Unlatches to ASCII: C40, Text and X12 between groups; EDIFACT
		// with the unlatch value and the padding to the codeword
		// boundary: 1 codeword after a whole group, and for 1, 2 or 3
		// pending values the rest of a 2, 3 or 3 codeword group.
		for _, s := range [3]int{stC40, stText, stX12} {
			if c := p.at(i, s).cost; c < inf {
				relax(i, stASCII, c+cwCost, i, s, actUnlatch)
			}
		}
		for r, extra := range [4]int32{12, 15, 18, 9} {
			if c := p.at(i, stEDI+r).cost; c < inf {
				relax(i, stASCII, c+extra, i, stEDI+r, actUnlatch)
			}
		}
		a := p.at(i, stASCII).cost
		if a < inf {
			if i >= minStart {
				short.push(i, key(i))
			}
			for _, s := range [4]int{stC40, stText, stX12, stEDI} {
				relax(i, s, a+cwCost, i, stASCII, actLatch)
			}
		}
		if i == n {
			break
		}
		u := units[i]
		// ASCII.
		if a < inf {
			relax(i+1, stASCII, a+cwCost*asciiCost(u), i, stASCII, actASCII)
			if i+1 < n && isDigitUnit(u) && isDigitUnit(units[i+1]) {
				relax(i+2, stASCII, a+cwCost, i, stASCII, actPair)
			}
		}
		// C40 and Text.
		for _, base := range [2]int{stC40, stText} {
			k := c40Count(u, base == stText)
			for r := range 3 {
				if c := p.at(i, base+r).cost; c < inf {
					relax(i+1, base+(r+k)%3, c+int32(c40Cost*k), i, base+r, actChar)
				}
			}
		}
		// X12.
		if x12Value[byteOf(u)] >= 0 && u != fnc1 {
			for r := range 3 {
				if c := p.at(i, stX12+r).cost; c < inf {
					relax(i+1, stX12+(r+1)%3, c+c40Cost, i, stX12+r, actChar)
				}
			}
		}
		// EDIFACT.
		if ediValue(u) >= 0 {
			for r := range 4 {
				if c := p.at(i, stEDI+r).cost; c < inf {
					relax(i+1, stEDI+(r+1)%4, c+ediCost, i, stEDI+r, actChar)
				}
			}
		}
	}
	return p
}

func byteOf(u unit) byte {
	if u < 0 || u > 255 {
		return 0
	}
	return byte(u)
}

// window is a monotonic queue over (index, key) pairs pushed in increasing
// index order, giving the minimum key of those not yet dropped.
type window struct {
	idx  []int
	key  []int32
	head int
}

func (w *window) clear() { w.idx, w.key, w.head = w.idx[:0], w.key[:0], 0 }

func (w *window) push(i int, k int32) {
	for len(w.idx) > w.head && w.key[len(w.key)-1] >= k {
		w.idx, w.key = w.idx[:len(w.idx)-1], w.key[:len(w.key)-1]
	}
	w.idx, w.key = append(w.idx, i), append(w.key, k)
}

// dropBefore removes the indices below i.
func (w *window) dropBefore(i int) {
	for w.head < len(w.idx) && w.idx[w.head] < i {
		w.head++
	}
}

func (w *window) min() (int, int32, bool) {
	if w.head >= len(w.idx) {
		return 0, 0, false
	}
	return w.idx[w.head], w.key[w.head], true
}

// Ways the data may end (see ending).
const (
	endPlain   = iota // every character encoded; close the encodation as the space left requires
	endPad            // C40 or Text with two values pending, completed by a Shift 1 pad, filling the symbol (§5.2.5.2 b)
	endPartial        // EDIFACT with 1-3 values pending, closed by the unlatch value
	endImplied        // C40, Text, X12 or EDIFACT closed without unlatch, the rest in ASCII to the end of the symbol
	endLong           // a final Base 256 segment of 250 bytes or more filling the symbol: length codeword 0
)

// ending is one way to finish the encodation in a symbol of some capacity.
type ending struct {
	kind  int
	pos   int // position of the last node of the search
	state int
	words int // data codewords used
}

// fit returns the way to end the data in a symbol of cap data codewords
// that uses the fewest codewords, and whether there is one.
func (p *plan) fit(cap int) (ending, bool) {
	best := ending{words: math.MaxInt}
	try := func(e ending) {
		if e.words <= cap && e.words < best.words {
			best = e
		}
	}
	n := p.n
	words := func(c int32) int { return int((c + cwCost - 1) / cwCost) }
	for _, s := range [5]int{stASCII, stC40, stText, stX12, stEDI} {
		if c := p.at(n, s).cost; c < inf {
			// Whole groups: the unlatch is needed only if two or more
			// codewords are left (C40, Text, X12: one left is read in
			// ASCII; EDIFACT: one or two left are read in ASCII).
			try(ending{endPlain, n, s, words(c)})
		}
	}
	for _, s := range [2]int{stC40 + 2, stText + 2} {
		if c := p.at(n, s).cost; c < inf && words(c+c40Cost) == cap {
			try(ending{endPad, n, s, cap})
		}
	}
	for r := 1; r <= 3; r++ {
		c := p.at(n, stEDI+r).cost
		if c >= inf {
			continue
		}
		before := int(c-int32(ediCost*r)) / cwCost // codewords before the group
		w := before + [4]int{0, 2, 3, 3}[r]
		// The group must start with three or more codewords left, or a
		// reader takes what follows for ASCII.
		if cap-before >= 3 {
			try(ending{endPartial, n, stEDI + r, w})
		}
	}
	for i := n; i >= 0 && p.tail[i] <= 2; i-- {
		t := int(p.tail[i])
		if t == 0 {
			continue
		}
		for _, s := range [3]int{stC40, stText, stX12} {
			if c := p.at(i, s).cost; c < inf && t == 1 && words(c)+1 == cap {
				try(ending{endImplied, i, s, cap})
			}
		}
		if c := p.at(i, stEDI).cost; c < inf {
			if left := cap - words(c); left >= t && left <= 2 {
				try(ending{endImplied, i, stEDI, words(c) + t})
			}
		}
	}
	if p.longB256 < inf && words(p.longB256)-1 == cap {
		try(ending{endLong, n, stASCII, cap})
	}
	return best, best.words <= cap
}
