package pdf417

// Data compaction (ISO/IEC 15438:2015 §5.4): the encoder turns bytes into
// codewords in three modes — Text compaction (two characters of printable
// ASCII per codeword, in four sub-modes), Byte compaction (six bytes per
// five codewords) and Numeric compaction (44 digits per 15 codewords) — and
// chooses the modes, sub-modes, latches and shifts that give the fewest
// codewords, by dynamic programming over the input.

// Function codewords (§5.4.1; §5.5 for ECI; Annex H for Macro
// PDF417).
const (
	latchText       = 900 // mode latch to Text compaction, Alpha sub-mode
	latchByte       = 901 // mode latch to Byte compaction (byte count not a multiple of 6)
	latchNumeric    = 902 // mode latch to Numeric compaction
	shiftByte       = 913 // mode shift to Byte compaction for one codeword
	linkageOther    = 918 // linkage flag to an associated non-GS1 symbol
	linkageGS1      = 920 // linkage flag of a GS1 Composite symbol (ISO/IEC 24723)
	readerInit      = 921 // reader initialisation / programming
	macroTerminator = 922 // last segment of a Macro PDF417 file
	macroOptional   = 923 // begins an optional Macro PDF417 field
	latchByte6      = 924 // mode latch to Byte compaction (byte count a multiple of 6)
	eciUser         = 925 // ECI 810900-811799, one codeword
	eciGeneral      = 926 // ECI 900-810899, two codewords
	eciCharset      = 927 // ECI 0-899, one codeword
	macroBegin      = 928 // begins a Macro PDF417 control block
)

// maxNumericGroup is the number of digits Numeric compaction packs into one
// group of at most 15 codewords (§5.4.4, Annex D).
const maxNumericGroup = 44

// Text compaction sub-modes (§5.4.2).
const (
	alpha = iota
	lower
	mixed
	punct
)

// Text compaction sub-mode characters (§5.4.2), at their values.
// The values beyond each string are the sub-mode latches and shifts:
//
//	Alpha: 26 space, 27 ll (latch Lower), 28 ml (latch Mixed), 29 ps (shift Punctuation)
//	Lower: 26 space, 27 as (shift Alpha), 28 ml, 29 ps
//	Mixed: 25 pl (latch Punctuation), 26 space, 27 ll, 28 al (latch Alpha), 29 ps
//	Punctuation: 29 al
var subModeChars = [4]string{
	alpha: "ABCDEFGHIJKLMNOPQRSTUVWXYZ ",
	lower: "abcdefghijklmnopqrstuvwxyz ",
	mixed: "0123456789&\r\t,:#-.$/+%*=^",
	punct: ";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'",
}

// The sub-mode function values.
const (
	valSpace = 26
	valLL    = 27 // Alpha, Mixed: latch Lower
	valAS    = 27 // Lower: shift Alpha
	valML    = 28 // Alpha, Lower: latch Mixed
	valAL    = 28 // Mixed: latch Alpha
	valPS    = 29 // Alpha, Lower, Mixed: shift Punctuation
	valPL    = 25 // Mixed: latch Punctuation
	valPAL   = 29 // Punctuation: latch Alpha
)

// textValue[m][c] is 1 + the value of byte c in sub-mode m, 0 when the
// sub-mode lacks it. The space of Mixed is value 26, beyond its string.
var textValue [4][128]int8

func init() {
	for m, s := range subModeChars {
		for i := 0; i < len(s); i++ {
			textValue[m][s[i]] = int8(i + 1)
		}
	}
	textValue[mixed][' '] = valSpace + 1
}

// inSubMode returns the value of c in sub-mode m, if m has it.
func inSubMode(m int, c byte) (int, bool) {
	if c >= 128 {
		return 0, false
	}
	v := textValue[m][c]
	return int(v) - 1, v != 0
}

// subLatch[from][to] is the shortest sequence of values that latches from
// one sub-mode to another (§5.4.2).
var subLatch = [4][4][]int{
	alpha: {lower: {valLL}, mixed: {valML}, punct: {valML, valPL}},
	lower: {alpha: {valML, valAL}, mixed: {valML}, punct: {valML, valPL}},
	mixed: {alpha: {valAL}, lower: {valLL}, punct: {valPL}},
	punct: {alpha: {valPAL}, lower: {valPAL, valLL}, mixed: {valPAL, valML}},
}

// The states of the compaction search. Costs are counted in half codewords
// (one Text compaction value), each worth valueCost, plus 1 for every latch
// or shift: among the shortest encodings the search takes the one with the
// fewest switches, which ends without a needless latch and keeps runs in
// one mode (the conventional encodings of the standard's examples).
const (
	stText    = 0                           // 8 states: sub-mode·2 + parity of the values written
	stByte    = stText + 8                  // 6 states: bytes in the run modulo 6
	stNum     = stByte + 6                  // 45 states: digits in the current group, 0-44
	nStates   = stNum + maxNumericGroup + 1 //
	inf       = int32(1) << 30              // an unreachable state's cost
	valueCost = 1 << 13                     // a half codeword: more than all the switches of any input
	maxData   = 3*(maxCodewords-3) + 100    // more input bytes than any symbol holds
)

// Actions of the search: how a state was reached.
const (
	actInitial = iota // the start state
	actLatch          // text sub-mode latch, or mode latch
	actText           // a character in the current sub-mode
	actShiftP         // ps and a Punctuation character
	actShiftA         // as and an Alpha character
	actShiftB         // 913 and a byte
	actByte           // a byte in Byte compaction
	actDigit          // a digit in Numeric compaction
)

// step is a back pointer of the search.
type step struct {
	prev   int16 // previous state
	action uint8
	sameAt bool // the previous state is at the same input position
}

// compact returns the shortest codeword sequence for data that starts in
// Text compaction Alpha sub-mode, as every symbol does. With textOnly it
// stays in Text compaction, with byte shifts (913) for the bytes Text lacks,
// as the text fields of a Macro PDF417 control block must (Annex H). It
// never fails for data shorter than maxData; longer data gives nil, false.
func compact(data []byte, textOnly bool) ([]int, bool) {
	n := len(data)
	if n > maxData {
		return nil, false
	}
	cost := make([]int32, (n+1)*nStates)
	back := make([]step, (n+1)*nStates)
	for i := range cost {
		cost[i] = inf
	}
	cost[stText+alpha*2] = 0
	back[stText+alpha*2] = step{prev: -1, action: actInitial}

	relax := func(pos, from, to int, halves int32, action uint8, same bool) {
		c := cost[pos*nStates+from] + halves*valueCost
		switch action {
		case actLatch, actShiftP, actShiftA, actShiftB:
			c++
		}
		tp := pos
		if !same {
			tp = pos + 1
		}
		if c < cost[tp*nStates+to] {
			cost[tp*nStates+to] = c
			back[tp*nStates+to] = step{prev: int16(from), action: action, sameAt: same}
		}
	}
	for pos := 0; pos <= n; pos++ {
		row := cost[pos*nStates : (pos+1)*nStates]
		// Latches at this position: a few rounds settle every chain
		// (mode latch, then sub-mode latches).
		for range 3 {
			for s := 0; s < nStates; s++ {
				if row[s] >= inf {
					continue
				}
				switch {
				case s < stByte:
					m, par := (s-stText)/2, (s-stText)%2
					for to := range 4 {
						if to == m {
							continue
						}
						l := len(subLatch[m][to])
						relax(pos, s, stText+to*2+(par+l)%2, int32(l), actLatch, true)
					}
					if textOnly {
						continue
					}
					// Leaving Text pads an odd value count.
					relax(pos, s, stByte, int32(par+2), actLatch, true)
					relax(pos, s, stNum, int32(par+2), actLatch, true)
				case s < stNum:
					relax(pos, s, stText+alpha*2, 2, actLatch, true)
					relax(pos, s, stNum, 2, actLatch, true)
				default:
					relax(pos, s, stText+alpha*2, 2, actLatch, true)
					relax(pos, s, stByte, 2, actLatch, true)
				}
			}
		}
		if pos == n {
			break
		}
		c := data[pos]
		for s := 0; s < nStates; s++ {
			if row[s] >= inf {
				continue
			}
			switch {
			case s < stByte:
				m, par := (s-stText)/2, (s-stText)%2
				if _, ok := inSubMode(m, c); ok {
					relax(pos, s, stText+m*2+(par+1)%2, 1, actText, false)
				} else if m != punct {
					if _, ok := inSubMode(punct, c); ok {
						relax(pos, s, s, 2, actShiftP, false)
					} else if _, ok := inSubMode(alpha, c); ok && m == lower {
						relax(pos, s, s, 2, actShiftA, false)
					}
				}
				if par == 0 {
					relax(pos, s, s, 4, actShiftB, false)
				}
			case s < stNum:
				k := s - stByte
				add := int32(2)
				if k == 5 {
					add = 0 // the sixth byte turns five single codewords into a group of five
				}
				relax(pos, s, stByte+(k+1)%6, add, actByte, false)
			default:
				if c >= '0' && c <= '9' {
					d := s - stNum
					next := d%maxNumericGroup + 1
					add := int32(2 * (numericCodewords(next) - numericCodewords(next-1)))
					relax(pos, s, stNum+next, add, actDigit, false)
				}
			}
		}
	}
	// The end: Text pads an odd value count.
	best, bestCost := -1, inf
	for s := 0; s < nStates; s++ {
		c := cost[n*nStates+s]
		if s < stByte && c < inf {
			c += int32((s-stText)%2) * valueCost
		}
		if c < bestCost {
			best, bestCost = s, c
		}
	}
	// Walk back to the start, then emit forwards.
	type move struct {
		state, pos int
		action     uint8
	}
	var moves []move
	pos, s := n, best
	for guard := 0; guard < (n+1)*nStates*2; guard++ {
		b := back[pos*nStates+s]
		if b.action == actInitial {
			break
		}
		moves = append(moves, move{s, pos, b.action})
		if !b.sameAt {
			pos--
		}
		s = int(b.prev)
	}
	e := emitter{mode: stText, sub: alpha}
	for i := len(moves) - 1; i >= 0; i-- {
		mv := moves[i]
		switch mv.action {
		case actLatch:
			e.latch(mv.state)
		case actText:
			v, _ := inSubMode(e.sub, data[mv.pos-1])
			e.values = append(e.values, v)
		case actShiftP:
			v, _ := inSubMode(punct, data[mv.pos-1])
			e.values = append(e.values, valPS, v)
		case actShiftA:
			v, _ := inSubMode(alpha, data[mv.pos-1])
			e.values = append(e.values, valAS, v)
		case actShiftB:
			e.flushText()
			e.out = append(e.out, shiftByte, int(data[mv.pos-1]))
		case actByte, actDigit:
			e.run = append(e.run, data[mv.pos-1])
		}
	}
	e.finish()
	return e.out, true
}

// numericCodewords returns the codewords Numeric compaction spends on a
// group of d digits (§5.4.4, Annex D): the group with a leading 1, in
// base 900.
func numericCodewords(d int) int {
	if d == 0 {
		return 0
	}
	return d/3 + 1
}

// emitter writes the codewords of a path found by compact.
type emitter struct {
	out    []int
	mode   int // stText, stByte or stNum
	sub    int // Text sub-mode
	values []int
	run    []byte // bytes or digits of the current Byte or Numeric run
}

// latch moves the emitter to state s of the search.
func (e *emitter) latch(s int) {
	switch {
	case s < stByte:
		to := (s - stText) / 2
		if e.mode != stText {
			e.finishRun()
			e.out = append(e.out, latchText)
			e.mode, e.sub = stText, alpha
		}
		if to != e.sub {
			e.values = append(e.values, subLatch[e.sub][to]...)
			e.sub = to
		}
	case s < stNum:
		e.finish()
		e.mode = stByte
	default:
		e.finish()
		e.mode = stNum
	}
}

// flushText writes the pending Text values as codewords, padding an odd
// count with ps (or al in Punctuation), which ISO/IEC 15438 §5.4.2.4 lets a
// reader ignore at the end of Text compaction.
func (e *emitter) flushText() {
	if len(e.values)%2 == 1 {
		e.values = append(e.values, valPS)
	}
	for i := 0; i+1 < len(e.values); i += 2 {
		e.out = append(e.out, 30*e.values[i]+e.values[i+1])
	}
	e.values = e.values[:0]
}

// finishRun writes the pending Byte or Numeric run with its latch.
func (e *emitter) finishRun() {
	switch e.mode {
	case stByte:
		if len(e.run) > 0 {
			e.out = appendBytes(e.out, e.run)
		}
	case stNum:
		if len(e.run) > 0 {
			e.out = append(e.out, latchNumeric)
			e.out = appendNumeric(e.out, e.run)
		}
	}
	e.run = e.run[:0]
}

// finish writes whatever is pending.
func (e *emitter) finish() {
	if e.mode == stText {
		e.flushText()
	} else {
		e.finishRun()
	}
}

// appendBytes appends a Byte compaction run with its latch (§5.4.3, Annex
// C): 924
// when the count is a multiple of 6, all in groups; otherwise 901, whole
// groups of six bytes as five base-900 codewords and the rest one codeword
// per byte.
func appendBytes(out []int, b []byte) []int {
	if len(b)%6 == 0 {
		out = append(out, latchByte6)
	} else {
		out = append(out, latchByte)
	}
	for len(b) >= 6 {
		var v uint64
		for _, c := range b[:6] {
			v = v<<8 | uint64(c)
		}
		var g [5]int
		for i := 4; i >= 0; i-- {
			g[i] = int(v % 900)
			v /= 900
		}
		out = append(out, g[:]...)
		b = b[6:]
	}
	for _, c := range b {
		out = append(out, int(c))
	}
	return out
}

// appendNumeric appends the Numeric compaction codewords of a run of digits
// (§5.4.4, Annex D): groups of up to 44 digits, each with a 1 put in front and
// written in base 900, most significant codeword first.
func appendNumeric(out []int, digits []byte) []int {
	for len(digits) > 0 {
		g := digits[:min(len(digits), maxNumericGroup)]
		digits = digits[len(g):]
		out = append(out, decimalToBase900(g)...)
	}
	return out
}

// decimalToBase900 returns the base-900 digits of the decimal number 1
// followed by the digits of g, most significant first, by long division.
func decimalToBase900(g []byte) []int {
	dec := make([]int, 0, len(g)+1)
	dec = append(dec, 1)
	for _, c := range g {
		dec = append(dec, int(c-'0'))
	}
	var rev []int
	for len(dec) > 0 {
		var q []int
		r := 0
		for _, d := range dec {
			r = r*10 + d
			if len(q) > 0 || r/900 > 0 {
				q = append(q, r/900)
			}
			r %= 900
		}
		rev = append(rev, r)
		dec = q
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// base900ToDecimal returns the decimal digits of the number whose base-900
// digits are cw, most significant first, without leading zeros.
func base900ToDecimal(cw []int) []byte {
	dec := []int{0} // least significant digit first
	for _, c := range cw {
		carry := c
		for i := range dec {
			v := dec[i]*900 + carry
			dec[i] = v % 10
			carry = v / 10
		}
		for carry > 0 {
			dec = append(dec, carry%10)
			carry /= 10
		}
	}
	for len(dec) > 1 && dec[len(dec)-1] == 0 {
		dec = dec[:len(dec)-1]
	}
	out := make([]byte, len(dec))
	for i, d := range dec {
		out[len(dec)-1-i] = byte('0' + d)
	}
	return out
}
