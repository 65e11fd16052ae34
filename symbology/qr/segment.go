package qr

// A mode is a segment mode indicator (ISO/IEC 18004:2015 §7.4.2, Table 2).
type mode uint8

const (
	modeTerminator mode = 0  // 0000: end of message
	modeNumeric    mode = 1  // 0001
	modeAlnum      mode = 2  // 0010
	modeAppend     mode = 3  // 0011: structured append (§8)
	modeByte       mode = 4  // 0100
	modeFNC1First  mode = 5  // 0101: FNC1 in first position, GS1 data (§7.4.8.2)
	modeECI        mode = 7  // 0111 (§7.4.3)
	modeKanji      mode = 8  // 1000
	modeFNC1Second mode = 9  // 1001: FNC1 in second position (§7.4.8.3)
	modeHanzi      mode = 13 // 1101: Chinese (GB 2312) mode of GB/T 18284, read only
)

// countBits returns the width of the character count indicator of a mode in
// a version class (0: versions 1-9, 1: 10-26, 2: 27-40) (§7.4.2, Table 3).
func countBits(m mode, class int) int {
	switch m {
	case modeNumeric:
		return [3]int{10, 12, 14}[class]
	case modeAlnum:
		return [3]int{9, 11, 13}[class]
	case modeByte:
		return [3]int{8, 16, 16}[class]
	case modeKanji, modeHanzi:
		return [3]int{8, 10, 12}[class]
	}
	return 0
}

// alnumChars is the alphanumeric mode character set in value order
// (§7.4.5, Table 5).
const alnumChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"

// alnumValue maps a byte to its alphanumeric mode value, or -1.
var alnumValue = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(alnumChars); i++ {
		t[alnumChars[i]] = int8(i)
	}
	return t
}()

// A unit is one character of the text being encoded, with the modes that
// can carry it. Segment boundaries fall between units.
type unit struct {
	off   int32  // its bytes in the encoder's byte buffer (for byte mode)
	n     uint8  // number of bytes (1-4)
	caps  uint8  // capNumeric | capAlnum | capByte | capKanji
	alnum uint8  // alphanumeric characters it takes: 1, or 2 for '%' in GS1 data
	kanji uint16 // 13-bit kanji mode value
}

const (
	capNumeric = 1 << iota
	capAlnum
	capByte
	capKanji
)

// DP states: the mode of the open segment and, for numeric and alphanumeric
// mode, the count of characters modulo the group size, which decides the
// cost of the next character (a numeric segment of c digits takes
// 10⌊c/3⌋ + (0, 4, 7)[c mod 3] bits, an alphanumeric one 11⌊c/2⌋ + 6(c mod 2)).
const (
	stNum0 = iota // numeric, count ≡ 0 (mod 3)
	stNum1
	stNum2
	stAln0 // alphanumeric, count even
	stAln1
	stByte
	stKanji
	nStates
)

var stateMode = [nStates]mode{modeNumeric, modeNumeric, modeNumeric, modeAlnum, modeAlnum, modeByte, modeKanji}

// A segment is a run of units [start, end) in one mode.
type segment struct {
	mode       mode
	start, end int
}

// infBits stands for an impossible state; sums of it stay within int32.
const infBits = 1 << 28

// segmentUnits finds the segmentation of units into modes with the fewest
// bits for a version class, by dynamic programming over (position, state):
// cost[i][s] is the fewest bits that encode units[:i] with the last segment
// open in state s, mode indicators and character count indicators included.
// A unit either extends the open segment or starts a new one after the best
// state at its position. The result is exact, not greedy; segment_test.go
// checks it against a brute-force search. It returns the bit count and
// appends the segments to segs.
func (e *encoder) segmentUnits(class int, segs []segment) (int, []segment) {
	units := e.units
	n := len(units)
	if n == 0 {
		return 0, segs
	}
	var hdr [nStates]int32
	for s := range nStates {
		hdr[s] = int32(4 + countBits(stateMode[s], class))
	}
	need := (n + 1) * nStates
	if cap(e.cost) < need {
		e.cost = make([]int32, need)
		e.from = make([]int8, need)
	}
	cost, from := e.cost[:need], e.from[:need]
	for s := range nStates {
		cost[s] = infBits
	}
	best, bestS := int32(0), int8(-1)
	for i, u := range units {
		c := cost[i*nStates : (i+1)*nStates]
		nc := cost[(i+1)*nStates : (i+2)*nStates]
		nf := from[(i+1)*nStates : (i+2)*nStates]
		for s := range nc {
			nc[s] = infBits
		}
		try := func(s int, v int32, f int8) {
			if v < nc[s] {
				nc[s], nf[s] = v, f
			}
		}
		start := 8 + bestS // a new segment after state bestS (7: at the start)
		if u.caps&capNumeric != 0 {
			try(stNum1, c[stNum0]+4, stNum0)
			try(stNum2, c[stNum1]+3, stNum1)
			try(stNum0, c[stNum2]+3, stNum2)
			try(stNum1, best+hdr[stNum1]+4, start)
		}
		if u.caps&capAlnum != 0 {
			if u.alnum == 1 {
				try(stAln1, c[stAln0]+6, stAln0)
				try(stAln0, c[stAln1]+5, stAln1)
				try(stAln1, best+hdr[stAln1]+6, start)
			} else {
				try(stAln0, c[stAln0]+11, stAln0)
				try(stAln1, c[stAln1]+11, stAln1)
				try(stAln0, best+hdr[stAln0]+11, start)
			}
		}
		if u.caps&capByte != 0 {
			b := 8 * int32(u.n)
			try(stByte, c[stByte]+b, stByte)
			try(stByte, best+hdr[stByte]+b, start)
		}
		if u.caps&capKanji != 0 {
			try(stKanji, c[stKanji]+13, stKanji)
			try(stKanji, best+hdr[stKanji]+13, start)
		}
		best, bestS = infBits, -1
		for s, v := range nc {
			if v < best {
				best, bestS = v, int8(s)
			}
		}
	}
	// Walk back, then reverse the segments found.
	first := len(segs)
	s, end := int(bestS), n
	for i := n; i > 0; i-- {
		f := from[i*nStates+s]
		if f >= 7 {
			segs = append(segs, segment{mode: stateMode[s], start: i - 1, end: end})
			end = i - 1
			s = int(f) - 8
			continue
		}
		s = int(f)
	}
	for i, j := first, len(segs)-1; i < j; i, j = i+1, j-1 {
		segs[i], segs[j] = segs[j], segs[i]
	}
	return int(best), segs
}
