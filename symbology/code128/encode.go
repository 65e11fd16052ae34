package code128

import (
	"fmt"
	"unicode/utf8"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Encodation. A Code 128 symbol spells its data in three code sets: A
// (ASCII controls, digits, upper case), B (printable ASCII) and C (pairs
// of digits), switched by Code A/B/C characters, with Shift taking one
// character from the other of A and B, and FNC4 adding 128 to the next
// character (two FNC4s in a row latch that until two more) for ISO/IEC
// 8859-1 text (ISO/IEC 15417:2007, code sets and function characters). The encoder chooses the shortest
// sequence of symbol characters by dynamic programming over the input
// position and the state (code set, FNC4 latch), so that odd runs of
// digits, shifts and latches all come out optimal, not greedy.

// Limits of the encoder.
const (
	// maxDataChars bounds the symbol characters between the start and
	// the check character: a symbol of 100 is over 1,100 modules long,
	// more than scanners are built to take in one sweep.
	maxDataChars = 100
	// maxGS1Chars is the most data characters GS1-128 allows, separators
	// not counted (GS1 General Specifications, GS1-128 symbol size).
	maxGS1Chars = 48
)

// separator marks an FNC1 in the input of the encoder: a GS1 field
// separator.
const separator = 256

// The code sets, as encoder states.
const (
	setA = iota
	setB
	setC
	numSets
)

// state is a code set and whether the FNC4 latch is on.
type state struct {
	set int
	ext bool
}

func (s state) index() int {
	if s.ext {
		return s.set + numSets
	}
	return s.set
}

// step is the way the encoder reached a state: the previous position and
// state, and the symbol characters it spent.
type step struct {
	cost  int
	prev  int // previous position, -1 at the start
	from  int // previous state index
	chars [3]int16
	n     int8
}

// valueIn returns the value of ASCII character c (0-127) in code set A or
// B, or -1 when the set lacks it.
func valueIn(c, set int) int {
	switch {
	case set == setA && c < 32:
		return c + 64
	case set == setA && c < 96, set == setB && c >= 32:
		return c - 32
	}
	return -1
}

// fnc4Of returns the value of FNC4 in code set A or B.
func fnc4Of(set int) int {
	if set == setA {
		return codeA
	}
	return codeB
}

// switchTo returns the value of the character that switches to code set
// to.
func switchTo(to int) int {
	switch to {
	case setA:
		return codeA
	case setB:
		return codeB
	}
	return codeC
}

// order is the order the encoder tries states in, so that of two equally
// short encodations it keeps the one in set B, the set of most text, then
// C, then A, and without the FNC4 latch.
var order = [2 * numSets]int{setB, setC, setA, numSets + setB, numSets + setC, numSets + setA}

// encodeValues returns the symbol characters of input, from the start
// character to the last data character, without check and stop. Input
// holds bytes (0-255) and separators; with gs1, FNC1 follows the start.
func encodeValues(input []int, gs1 bool) []int {
	n := len(input)
	const inf = 1 << 30
	const states = 2 * numSets
	steps := make([][states]step, n+1)
	for i := range steps {
		for s := range steps[i] {
			steps[i][s].cost = inf
		}
	}
	relax := func(i, s int, st step) {
		if st.cost < steps[i][s].cost {
			steps[i][s] = st
		}
	}
	start := [numSets]int{startA, startB, startC}
	for _, set := range order[:numSets] {
		st := step{cost: 1, prev: -1, chars: [3]int16{int16(start[set])}, n: 1}
		if gs1 {
			st.cost, st.chars[1], st.n = 2, fnc1, 2
		}
		steps[0][set] = st
	}
	isDigit := func(i int) bool { return i < n && input[i] >= '0' && input[i] <= '9' }
	for i := 0; i <= n; i++ {
		// Within a position: switch the code set, or toggle the latch
		// in set A or B. Three rounds reach every state from any other.
		for range 3 {
			for _, from := range order {
				cur := steps[i][from]
				if cur.cost == inf {
					continue
				}
				fs := state{set: from % numSets, ext: from >= numSets}
				for set := 0; set < numSets; set++ {
					if set != fs.set {
						relax(i, state{set, fs.ext}.index(), step{cost: cur.cost + 1, prev: i, from: from,
							chars: [3]int16{int16(switchTo(set))}, n: 1})
					}
				}
				if fs.set != setC {
					f := int16(fnc4Of(fs.set))
					relax(i, state{fs.set, !fs.ext}.index(), step{cost: cur.cost + 2, prev: i, from: from,
						chars: [3]int16{f, f}, n: 2})
				}
			}
		}
		if i == n {
			break
		}
		// Across positions: encode input[i] (and input[i+1] in set C).
		for _, from := range order {
			cur := steps[i][from]
			if cur.cost == inf {
				continue
			}
			fs := state{set: from % numSets, ext: from >= numSets}
			c := input[i]
			if c == separator {
				relax(i+1, from, step{cost: cur.cost + 1, prev: i, from: from, chars: [3]int16{fnc1}, n: 1})
				continue
			}
			if fs.set == setC {
				if isDigit(i) && isDigit(i+1) {
					v := (c-'0')*10 + input[i+1] - '0'
					relax(i+2, from, step{cost: cur.cost + 1, prev: i, from: from, chars: [3]int16{int16(v)}, n: 1})
				}
				continue
			}
			high := c >= 128
			base := c & 127
			if v := valueIn(base, fs.set); v >= 0 {
				if high == fs.ext {
					relax(i+1, from, step{cost: cur.cost + 1, prev: i, from: from, chars: [3]int16{int16(v)}, n: 1})
				} else {
					relax(i+1, from, step{cost: cur.cost + 2, prev: i, from: from,
						chars: [3]int16{int16(fnc4Of(fs.set)), int16(v)}, n: 2})
				}
			} else if other := 1 - fs.set; high == fs.ext {
				// Shift: one character of the other of sets A and B.
				relax(i+1, from, step{cost: cur.cost + 2, prev: i, from: from,
					chars: [3]int16{shift, int16(valueIn(base, other))}, n: 2})
			}
		}
	}
	// The cheapest end state, then back along the steps.
	best := order[0]
	for _, s := range order[1:] {
		if steps[n][s].cost < steps[n][best].cost {
			best = s
		}
	}
	var path []step
	for i, s := n, best; ; {
		st := steps[i][s]
		path = append(path, st)
		if st.prev < 0 {
			break
		}
		i, s = st.prev, st.from
	}
	var out []int
	for k := len(path) - 1; k >= 0; k-- {
		for _, c := range path[k].chars[:path[k].n] {
			out = append(out, int(c))
		}
	}
	return out
}

// checkValue returns the symbol check character of values, which start
// with the start character: their weighted sum modulo 103, the start
// character and the first data character both weighing 1 (ISO/IEC
// 15417:2007, symbol check character).
func checkValue(values []int) int {
	sum := values[0]
	for k, v := range values[1:] {
		sum += (k + 1) * v
	}
	return sum % 103
}

// input converts data to the encoder's input: ISO/IEC 8859-1 characters as
// bytes and, with gs1, each GS (0x1D) as a separator.
func input(data string, gs1 bool) ([]int, error) {
	in := make([]int, 0, len(data))
	pos := 0
	for i, r := range data {
		pos++
		switch {
		case r == utf8.RuneError && invalidAt(data, i):
			return nil, fmt.Errorf("code128: %w: invalid UTF-8 at byte %d", symbology.ErrInvalidData, i)
		case gs1 && r == 0x1D:
			if len(in) > 0 && in[len(in)-1] != separator {
				in = append(in, separator)
			}
		case gs1 && (r < 0x20 || r > 0x7E):
			return nil, fmt.Errorf("code128: %w: GS1 data: character %q at position %d is not in the GS1 character set", symbology.ErrInvalidData, r, pos)
		case r > 0xFF:
			return nil, fmt.Errorf("code128: %w: character %q at position %d is not in ISO/IEC 8859-1, which Code 128 encodes", symbology.ErrInvalidData, r, pos)
		default:
			in = append(in, int(r))
		}
	}
	for len(in) > 0 && in[len(in)-1] == separator {
		in = in[:len(in)-1] // a separator ends a field; the last needs none
	}
	return in, nil
}

// invalidAt reports whether data holds an invalid UTF-8 sequence at byte i
// (rather than an encoded U+FFFD).
func invalidAt(data string, i int) bool {
	_, size := utf8.DecodeRuneInString(data[i:])
	return size == 1
}

// Encode returns the modules of a Code 128 symbol of data (without its
// quiet zones), one module high: ISO/IEC 8859-1 text, written in the
// fewest symbol characters. With gs1 set, data is a GS1 element string
// whose variable-length fields end in GS (0x1D): the symbol starts with
// FNC1 (GS1-128) and each GS becomes FNC1.
func Encode(data string, opts Options) (*matrix.Matrix, error) {
	values, err := encode(data, opts.GS1)
	if err != nil {
		return nil, err
	}
	return modules(values), nil
}

// Options tunes Encode. The zero value encodes plain data.
type Options struct {
	GS1 bool // data is a GS1 element string; write GS1-128
}

// encode returns every symbol character of the symbol of data, from start
// to stop.
func encode(data string, gs1 bool) ([]int, error) {
	in, err := input(data, gs1)
	if err != nil {
		return nil, err
	}
	if len(in) == 0 {
		return nil, fmt.Errorf("code128: %w: no data to encode", symbology.ErrInvalidData)
	}
	if gs1 {
		chars := 0
		for _, c := range in {
			if c != separator {
				chars++
			}
		}
		if chars > maxGS1Chars {
			return nil, &symbology.TooLongError{Symbology: "code128", Data: symbology.Quantity{N: chars, Unit: "AI and data characters"},
				Symbol: "a GS1-128 symbol", Holds: symbology.Quantity{N: maxGS1Chars, Unit: "AI and data characters"}}
		}
	}
	if len(in) > 4*maxDataChars {
		return nil, tooLong(in, 0)
	}
	values := encodeValues(in, gs1)
	if len(values)-1 > maxDataChars {
		return nil, tooLong(in, len(values)-1)
	}
	return append(values, checkValue(values), stop), nil
}

// tooLong returns the error for the input in that takes chars symbol
// characters (0 when too long to weigh), more than maxDataChars: digits
// are counted as digits, which code set C writes two to a symbol
// character; other data in characters with the symbol characters it
// takes.
func tooLong(in []int, chars int) error {
	digits := true
	for _, c := range in {
		digits = digits && c >= '0' && c <= '9'
	}
	e := &symbology.TooLongError{Symbology: "code128", Symbol: "a Code 128 symbol"}
	if digits && e.OneKind(len(in), 2*maxDataChars, "digits") {
		return e
	}
	e.Data = symbology.Quantity{N: len(in), Unit: "characters"}
	e.Need = symbology.Quantity{N: chars, Unit: "symbol characters"}
	e.Holds = symbology.Quantity{N: maxDataChars, Unit: "symbol characters"}
	// One symbol character for each ASCII character in code set A or B.
	e.Fits = []symbology.Quantity{{N: 2 * maxDataChars, Unit: "digits"}, {N: maxDataChars, Unit: "other ASCII characters"}}
	return e
}

// modules lays out symbol characters, from start to stop, as modules.
func modules(values []int) *matrix.Matrix {
	width := 0
	for _, v := range values {
		for _, c := range patterns[v] {
			width += int(c - '0')
		}
	}
	m := matrix.New(width, 1)
	x := 0
	for _, v := range values {
		for k, c := range patterns[v] {
			w := int(c - '0')
			if k%2 == 0 {
				for i := x; i < x+w; i++ {
					m.Pix[i] = true
				}
			}
			x += w
		}
	}
	return m
}
