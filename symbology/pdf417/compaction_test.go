package pdf417

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestCompactGolden checks the compaction of inputs whose shortest
// codewords are worked out by hand.
func TestCompactGolden(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []int
	}{
		// Text compaction: P D | F ml | 4 1 | 7 ps-pad.
		{"text PDF417", "PDF417", []int{453, 178, 121, 239}},
		// Alpha pairs: 30·h + l.
		{"alpha", "ABCDEFGH", []int{1, 63, 125, 187}},
		// ll, a | b c.
		{"lower", "abc", []int{27*30 + 0, 1*30 + 2}},
		// Numeric compaction of 000213298174000: the digits with a 1 in
		// front in base 900 (the worked example of Numeric compaction in
		// ISO/IEC 15438:2015).
		{"numeric example", "000213298174000", []int{latchNumeric, 1, 624, 434, 632, 282, 200}},
		// 13 digits: 902 and 5 codewords beat ml and 13 Mixed values (7).
		{"digits beat mixed", "1234567890123", append([]int{latchNumeric}, decimalToBase900([]byte("1234567890123"))...)},
		// Six bytes: 924 and one group of five.
		{"byte group", "\x80\x81\x82\x83\x84\x85", append([]int{latchByte6}, byteGroup("\x80\x81\x82\x83\x84\x85")...)},
		// One byte between letters: A ps-pad | 901 0x80 0x42 — as short
		// as A ll | 913 0x80 | as B, with one switch instead of three.
		{"byte run", "A\x80B", []int{0*30 + valPS, latchByte, 0x80, 'B'}},
		// A byte inside lower-case text: the shift 913 keeps the
		// sub-mode, and needs an even number of values before it, which
		// the two-value latch ml ll to Lower gives: ml ll | a b | c d |
		// 913 0x80 | e f | g h.
		{"byte shift", "abcd\x80efgh", []int{valML*30 + valLL, 0*30 + 1, 2*30 + 3, shiftByte, 0x80, 4*30 + 5, 6*30 + 7}},
		// Space and punctuation shift: A space | ps , | B ps-pad.
		{"punct shift", "A ,B", []int{0*30 + valSpace, valPS*30 + 13, 1*30 + valPS}},
	}
	for _, tt := range tests {
		got, ok := compact([]byte(tt.in), false)
		if !ok || !slices.Equal(got, tt.want) {
			t.Errorf("%s: compact(%q) = %v, want %v", tt.name, tt.in, got, tt.want)
		}
	}
}

// byteGroup returns the five base-900 codewords of six bytes, computed
// with 64-bit arithmetic as ISO/IEC 15438:2015 Annex C describes.
func byteGroup(b string) []int {
	var v uint64
	for i := range 6 {
		v = v<<8 | uint64(b[i])
	}
	out := make([]int, 5)
	for i := 4; i >= 0; i-- {
		out[i] = int(v % 900)
		v /= 900
	}
	return out
}

// TestBase900 checks the base conversions both ways on numbers of every
// length Numeric compaction uses.
func TestBase900(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 1; n <= maxNumericGroup; n++ {
		d := make([]byte, n)
		for i := range d {
			d[i] = byte('0' + rng.IntN(10))
		}
		cw := decimalToBase900(d)
		if len(cw) != numericCodewords(n) {
			t.Errorf("%d digits gave %d codewords, want %d", n, len(cw), numericCodewords(n))
		}
		back := base900ToDecimal(cw)
		if string(back) != "1"+string(d) {
			t.Errorf("%s came back as %s", d, back)
		}
	}
}

// payloadKinds generates inputs that exercise every mode and mix: text of
// each sub-mode, digits, bytes, and runs of all of them.
func payloadKinds(rng *rand.Rand, kind, length int) []byte {
	const (
		upper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ "
		lowerS = "abcdefghijklmnopqrstuvwxyz "
		mixedS = "0123456789&\r\t,:#-.$/+%*=^ "
		punctS = ";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'"
		digits = "0123456789"
	)
	pick := func(set string) byte { return set[rng.IntN(len(set))] }
	b := make([]byte, 0, length)
	for len(b) < length {
		switch kind {
		case 0:
			b = append(b, pick(upper))
		case 1:
			b = append(b, pick(lowerS))
		case 2:
			b = append(b, pick(mixedS))
		case 3:
			b = append(b, pick(punctS))
		case 4:
			b = append(b, pick(digits))
		case 5:
			b = append(b, byte(rng.IntN(256)))
		default: // runs of every kind
			k, run := rng.IntN(6), 1+rng.IntN(20)
			if k == 4 {
				run += rng.IntN(30)
			}
			b = append(b, payloadKinds(rng, k, run)...)
		}
	}
	return b[:length]
}

// TestCompactRoundTrip decodes what compact writes, for every kind of data
// and mixes of them, and checks the result is never longer than plain
// encodings in one mode.
func TestCompactRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for kind := 0; kind <= 6; kind++ {
		for range 60 {
			in := payloadKinds(rng, kind, 1+rng.IntN(300))
			for _, textOnly := range []bool{false, true} {
				cw, ok := compact(in, textOnly)
				if !ok {
					t.Fatalf("compact(%q) failed", in)
				}
				p := &payload{eci: -1}
				var got []byte
				if textOnly {
					if _, err := p.text(cw, 0, &got); err != nil {
						t.Fatalf("text-only %q: %v (codewords %v)", in, err, cw)
					}
				} else {
					pp, err := parseData(cw)
					if err != nil {
						t.Fatalf("%q: %v (codewords %v)", in, err, cw)
					}
					for _, s := range pp.segs {
						got = append(got, s.b...)
					}
				}
				if !bytes.Equal(got, in) {
					t.Fatalf("kind %d textOnly %v: %q came back as %q (codewords %v)", kind, textOnly, in, got, cw)
				}
			}
			cw, _ := compact(in, false)
			if byteOnly := 1 + 5*(len(in)/6) + len(in)%6; len(cw) > byteOnly {
				t.Errorf("%q: %d codewords, more than Byte compaction's %d", in, len(cw), byteOnly)
			}
			if isAllDigits(in) {
				num := 1
				for n := len(in); n > 0; n -= maxNumericGroup {
					num += numericCodewords(min(n, maxNumericGroup))
				}
				if len(cw) > num {
					t.Errorf("%q: %d codewords, more than Numeric compaction's %d", in, len(cw), num)
				}
			}
			if tc, ok := compact(in, true); ok && len(cw) > len(tc) {
				t.Errorf("%q: %d codewords, more than Text compaction's %d", in, len(cw), len(tc))
			}
		}
	}
}

func isAllDigits(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

// TestCompactOptimal compares compact with an exhaustive search over every
// way of cutting short inputs into runs of one mode each, with each Text
// run written by its best sub-mode path, on inputs drawn from a small
// alphabet that makes every choice matter.
func TestCompactOptimal(t *testing.T) {
	alphabet := []byte("aA1,\x80 ")
	rng := rand.New(rand.NewPCG(7, 8))
	for range 3000 {
		n := 1 + rng.IntN(9)
		in := make([]byte, n)
		for i := range in {
			in[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cw, _ := compact(in, false)
		best := bruteForce(in)
		if len(cw) != best {
			t.Fatalf("%q: compact gives %d codewords %v, exhaustive search %d", in, len(cw), cw, best)
		}
	}
}

// bruteForce returns the fewest codewords for in over every cut into runs
// of Text, Byte and Numeric compaction. Text runs cost their best sub-mode
// path (textCost); the symbol starts in Text, Alpha sub-mode.
func bruteForce(in []byte) int {
	n := len(in)
	// best[i][m]: fewest codewords for in[:i] ending in mode m (0 text,
	// 1 byte, 2 numeric), where a Text run is closed (padded).
	best := make([][3]int, n+1)
	for i := range best {
		best[i] = [3]int{1 << 20, 1 << 20, 1 << 20}
	}
	for j := 1; j <= n; j++ {
		for i := 0; i < j; i++ {
			run := in[i:j]
			for m := range 3 {
				var prev int
				if i == 0 {
					prev = 0
				} else {
					prev = min(best[i][0], best[i][1], best[i][2])
				}
				latch := 1
				if i == 0 && m == 0 {
					latch = 0 // the symbol starts in Text
				}
				var c int
				switch m {
				case 0:
					c = textCost(run)
				case 1:
					c = 5*(len(run)/6) + len(run)%6
				case 2:
					if !isAllDigits(run) {
						continue
					}
					for k := len(run); k > 0; k -= maxNumericGroup {
						c += numericCodewords(min(k, maxNumericGroup))
					}
				}
				if c >= 1<<20 {
					continue
				}
				best[j][m] = min(best[j][m], prev+latch+c)
			}
		}
	}
	return min(best[n][0], best[n][1], best[n][2])
}

// textCost returns the codewords of the best Text compaction of run,
// starting in Alpha, by exhaustive search over sub-mode paths (and byte
// shifts), counting values and padding at the end.
func textCost(run []byte) int {
	type state struct{ sub, parity int }
	cost := map[state]int{{alpha, 0}: 0}
	relaxLatches := func() {
		for range 3 {
			for s, c := range cost {
				for to := range 4 {
					if to == s.sub {
						continue
					}
					l := len(subLatch[s.sub][to])
					ns := state{to, (s.parity + l) % 2}
					if old, ok := cost[ns]; !ok || c+l < old {
						cost[ns] = c + l
					}
				}
			}
		}
	}
	for _, ch := range run {
		relaxLatches()
		next := map[state]int{}
		set := func(s state, c int) {
			if old, ok := next[s]; !ok || c < old {
				next[s] = c
			}
		}
		for s, c := range cost {
			if _, ok := inSubMode(s.sub, ch); ok {
				set(state{s.sub, 1 - s.parity}, c+1)
			}
			if _, ok := inSubMode(punct, ch); ok && s.sub != punct {
				set(s, c+2)
			}
			if _, ok := inSubMode(alpha, ch); ok && s.sub == lower {
				set(s, c+2)
			}
			if s.parity == 0 {
				set(s, c+4) // 913 and the byte, in values
			}
		}
		cost = next
	}
	best := 1 << 20
	for s, c := range cost {
		best = min(best, (c+s.parity)/2)
	}
	return best
}

// TestCompactTooLong checks the input bound.
func TestCompactTooLong(t *testing.T) {
	if _, ok := compact([]byte(strings.Repeat("1", maxData+1)), false); ok {
		t.Error("compact accepted more bytes than any symbol holds")
	}
}
