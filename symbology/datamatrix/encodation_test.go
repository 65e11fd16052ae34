package datamatrix

import (
	"math/rand/v2"
	"testing"
)

// naiveLength returns the number of codewords of data encoded with
// modes[i] for character i (0 ASCII, 1 C40, 2 Text, 3 X12, 4 EDIFACT,
// 5 Base 256), switching through ASCII with explicit latches and unlatches
// and closing the last segment explicitly, or -1 when the assignment is
// impossible (a character the encodation lacks, a C40, Text or X12 segment
// left between groups). It is the slow reference for search: written from
// the encodation rules of §5.2 directly, character by character.
func naiveLength(units []unit, modes []int) int {
	n := 0
	for i := 0; i < len(units); {
		m := modes[i]
		j := i
		for j < len(units) && modes[j] == m {
			j++
		}
		seg := units[i:j]
		switch m {
		case 0:
			for k := 0; k < len(seg); k++ {
				if k+1 < len(seg) && isDigitUnit(seg[k]) && isDigitUnit(seg[k+1]) {
					n++
					k++
					continue
				}
				n += int(asciiCost(seg[k]))
			}
		case 1, 2, 3:
			vals := 0
			for _, u := range seg {
				if m == 3 {
					if u == fnc1 || x12Value[byteOf(u)] < 0 {
						return -1
					}
					vals++
					continue
				}
				vals += c40Count(u, m == 2)
			}
			if vals%3 != 0 {
				return -1
			}
			n += 1 + vals/3*2 + 1 // latch, pairs, unlatch
		case 4:
			for _, u := range seg {
				if ediValue(u) < 0 {
					return -1
				}
			}
			n += 1 + (6*(len(seg)+1)+7)/8 // latch, values and unlatch value, padded
		case 5:
			for _, u := range seg {
				if u == fnc1 {
					return -1
				}
			}
			if len(seg) > b256Max {
				return -1
			}
			n += 2 + len(seg)
			if len(seg) > b256Short {
				n++
			}
		}
		i = j
	}
	return n
}

// TestSearchAgainstNaive checks the optimal search against every way of
// assigning encodations to the characters of short random strings: for
// the fewest codewords any assignment takes, the search must fit too (it
// may need fewer, by the end-of-data rules the naive lengths do not use).
func TestSearchAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []unit{'0', '1', '9', 'A', 'Z', ' ', 'a', 'z', '*', '>', '\r', '.', '@', '^', '!', '`', 0x00, 0x80, 0xe9, fnc1}
	modes := make([]int, 6)
	for iter := range 400 {
		n := 1 + iter%6
		units := make([]unit, n)
		for i := range units {
			units[i] = alphabet[r.IntN(len(alphabet))]
		}
		best := 1 << 30
		total := 1
		for range n {
			total *= 6
		}
		for code := range total {
			c := code
			for i := range n {
				modes[i] = c % 6
				c /= 6
			}
			if l := naiveLength(units, modes[:n]); l >= 0 && l < best {
				best = l
			}
		}
		p := search(units)
		if _, ok := p.fit(best); !ok {
			t.Fatalf("%v: a naive encodation takes %d codewords, the search does not fit them", units, best)
		}
		// And what the search fits, it writes in as many codewords at
		// most, and it reads back.
		e, _ := p.fit(best)
		words := p.emit(e, nil, best)
		if len(words) != best {
			t.Fatalf("%v: %d codewords written for %d", units, len(words), best)
		}
		if len(units) > 1 && units[1] == fnc1 {
			continue // FNC1 in second position marks an AIM application indicator
		}
		pl, err := parse(words)
		if err != nil {
			t.Fatalf("%v: %v reads back as %v", units, words, err)
		}
		var got, want []byte
		for _, sg := range pl.segs {
			got = append(got, sg.b...)
		}
		for i, u := range units {
			switch {
			case u != fnc1:
				want = append(want, byte(u))
			case i > 0:
				want = append(want, 0x1d) // FNC1 after the first position reads as GS
			}
		}
		if string(got) != string(want) {
			t.Fatalf("%v: %v reads back as %q", units, words, got)
		}
	}
}
