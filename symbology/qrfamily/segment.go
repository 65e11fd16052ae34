package qrfamily

import (
	"fmt"

	"github.com/barkit/barkit/symbology"
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

var stateMode = [nStates]Mode{Numeric, Numeric, Numeric, Alnum, Alnum, Byte, Kanji}

// A Segment is a run of units [Start, End) in one mode.
type Segment struct {
	Mode       Mode
	Start, End int
}

// infBits stands for an impossible state; sums of it stay within int32.
const infBits = 1 << 28

// Headers returns the bits a segment header takes in each mode of
// dialect d, mode indicator and character count indicator together, or -1
// for a mode the dialect lacks: what Segmenter.Segment charges for
// starting a segment.
func Headers(d *Dialect) [NumModes]int {
	var h [NumModes]int
	for m := range NumModes {
		h[m] = -1
		if d.Count[m] > 0 && d.Has(m) {
			h[m] = d.ModeBits + d.Count[m]
		}
	}
	return h
}

// A Segmenter splits text into mode segments. Its buffers are reused from
// call to call; the zero value is ready to use.
type Segmenter struct {
	cost []int32
	from []int8
}

// Segment finds the segmentation of units into modes with the fewest bits,
// given the header bits of each mode (see Headers), by dynamic programming
// over (position, state): cost[i][s] is the fewest bits that encode
// units[:i] with the last segment open in state s, mode indicators and
// character count indicators included. A unit either extends the open
// segment or starts a new one after the best state at its position. The
// result is exact, not greedy; segment_test.go checks it against a
// brute-force search. It returns the bit count and appends the segments
// to segs; when some unit fits no mode of the dialect, the count is at
// least 1<<28 and no segment is appended.
func (sg *Segmenter) Segment(units []Unit, hdrs *[NumModes]int, segs []Segment) (int, []Segment) {
	n := len(units)
	if n == 0 {
		return 0, segs
	}
	var hdr [nStates]int32
	for s := range nStates {
		hdr[s] = infBits
		if h := hdrs[stateMode[s]]; h >= 0 {
			hdr[s] = int32(h)
		}
	}
	need := (n + 1) * nStates
	if cap(sg.cost) < need {
		sg.cost = make([]int32, need)
		sg.from = make([]int8, need)
	}
	cost, from := sg.cost[:need], sg.from[:need]
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
		if u.Caps&CapNumeric != 0 {
			try(stNum1, c[stNum0]+4, stNum0)
			try(stNum2, c[stNum1]+3, stNum1)
			try(stNum0, c[stNum2]+3, stNum2)
			try(stNum1, best+hdr[stNum1]+4, start)
		}
		if u.Caps&CapAlnum != 0 {
			if u.Alnum == 1 {
				try(stAln1, c[stAln0]+6, stAln0)
				try(stAln0, c[stAln1]+5, stAln1)
				try(stAln1, best+hdr[stAln1]+6, start)
			} else {
				try(stAln0, c[stAln0]+11, stAln0)
				try(stAln1, c[stAln1]+11, stAln1)
				try(stAln0, best+hdr[stAln0]+11, start)
			}
		}
		if u.Caps&CapByte != 0 {
			b := 8 * int32(u.N)
			try(stByte, c[stByte]+b, stByte)
			try(stByte, best+hdr[stByte]+b, start)
		}
		if u.Caps&CapKanji != 0 {
			try(stKanji, c[stKanji]+13, stKanji)
			try(stKanji, best+hdr[stKanji]+13, start)
		}
		best, bestS = infBits, -1
		for s, v := range nc {
			if v < best {
				best, bestS = v, int8(s)
			}
		}
		if bestS < 0 {
			return infBits, segs // no mode of the dialect holds unit i
		}
	}
	// Walk back, then reverse the segments found.
	first := len(segs)
	s, end := int(bestS), n
	for i := n; i > 0; i-- {
		f := from[i*nStates+s]
		if f >= 7 {
			segs = append(segs, Segment{Mode: stateMode[s], Start: i - 1, End: end})
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

// WriteSegment writes one segment of t in dialect d: mode indicator,
// character count and data (ISO/IEC 18004:2015 §7.4.4-§7.4.7). A count
// too large for its indicator is an ErrTooLong error.
func (t *Text) WriteSegment(w *BitWriter, s Segment, d *Dialect) error {
	units := t.Units[s.Start:s.End]
	count := 0
	switch s.Mode {
	case Numeric, Kanji:
		count = len(units)
	case Alnum:
		for _, u := range units {
			count += int(u.Alnum)
		}
	case Byte:
		for _, u := range units {
			count += int(u.N)
		}
	}
	ind, ok := d.Indicator(s.Mode)
	cb := d.Count[s.Mode]
	if !ok || cb == 0 {
		return fmt.Errorf("%s: %w: no %v mode", d.Symbology, symbology.ErrInvalidData, s.Mode)
	}
	if count >= 1<<cb {
		// Cannot happen for data that fits (see the capacity tests), but
		// a wrong count would corrupt the symbol.
		return fmt.Errorf("%s: %w: segment of %d characters", d.Symbology, symbology.ErrTooLong, count)
	}
	w.Write(ind, d.ModeBits)
	w.Write(uint32(count), cb)
	switch s.Mode {
	case Numeric:
		for i := 0; i < len(units); i += 3 {
			g := units[i:min(i+3, len(units))]
			v := 0
			for _, u := range g {
				v = v*10 + int(t.Bytes[u.Off]-'0')
			}
			w.Write(uint32(v), [4]int{0, 4, 7, 10}[len(g)])
		}
	case Alnum:
		pending := -1
		emit := func(v int) {
			if pending < 0 {
				pending = v
				return
			}
			w.Write(uint32(pending*45+v), 11)
			pending = -1
		}
		for _, u := range units {
			b := t.Bytes[u.Off]
			switch {
			case t.GS1 && b == 0x1D:
				emit(int(AlnumValue['%']))
			case t.GS1 && b == '%':
				emit(int(AlnumValue['%']))
				emit(int(AlnumValue['%']))
			default:
				emit(int(AlnumValue[b]))
			}
		}
		if pending >= 0 {
			w.Write(uint32(pending), 6)
		}
	case Byte:
		for _, u := range units {
			for _, b := range t.Bytes[u.Off : u.Off+int32(u.N)] {
				w.Write(uint32(b), 8)
			}
		}
	case Kanji:
		for _, u := range units {
			w.Write(uint32(u.Kanji), 13)
		}
	}
	return nil
}

// WriteMode writes the indicator of mode m in dialect d, which must have
// it.
func WriteMode(w *BitWriter, d *Dialect, m Mode) {
	ind, _ := d.Indicator(m)
	w.Write(ind, d.ModeBits)
}

// Pad ends a bit stream of capBits bits, written to w, as ISO/IEC
// 18004:2015 §7.4.9-§7.4.10 says: the terminator (d.TermBits zero bits, or
// as many as there is room for), zero bits to the codeword boundary, then
// the pad codewords 11101100 and 00010001 in turn. In Micro QR Code
// symbols M1 and M3, whose last data codeword is 4 bits, that codeword is
// padded with 0000. The result, after Flush, is the data codewords, a
// 4-bit last codeword in the high half of the last byte.
func Pad(w *BitWriter, capBits int, d *Dialect) {
	w.Write(0, min(d.TermBits, capBits-w.Len()))
	if r := w.Len() % 8; r != 0 {
		w.Write(0, min(8-r, capBits-w.Len()))
	}
	for i := 0; capBits-w.Len() >= 8; i++ {
		w.Write(uint32([2]byte{0xEC, 0x11}[i%2]), 8)
	}
	w.Write(0, capBits-w.Len())
	w.Flush()
}
