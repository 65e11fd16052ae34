package code128

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit/symbology"
)

// shortest finds the fewest symbol characters for input by breadth-first
// search over single symbol characters, a formulation of its own, slow but
// plain: a state is the position, the code set, the FNC4 latch and whether
// an FNC4 or a Shift waits for its character.
func shortest(input []int, gs1 bool) int {
	type st struct {
		i, set int
		ext    bool
		wait   int // 0, or waitFNC4, or waitShift
	}
	const waitFNC4, waitShift = 1, 2
	n := len(input)
	dist := map[st]int{}
	var queue []st
	first := 1
	if gs1 {
		first = 2
	}
	for set := 0; set < numSets; set++ {
		s := st{0, set, false, 0}
		dist[s] = first
		queue = append(queue, s)
	}
	in := func(c, set int) bool { return valueIn(c, set) >= 0 }
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		d := dist[s]
		if s.i == n && s.wait == 0 {
			return d
		}
		var next []st
		switch s.wait {
		case 0:
			for set := 0; set < numSets; set++ {
				if set != s.set {
					next = append(next, st{s.i, set, s.ext, 0})
				}
			}
			if s.set != setC {
				next = append(next, st{s.i, s.set, s.ext, waitFNC4}, st{s.i, s.set, s.ext, waitShift})
			}
			if s.i < n {
				c := input[s.i]
				switch {
				case c == separator:
					next = append(next, st{s.i + 1, s.set, s.ext, 0})
				case s.set == setC:
					if s.i+1 < n && c >= '0' && c <= '9' && input[s.i+1] >= '0' && input[s.i+1] <= '9' {
						next = append(next, st{s.i + 2, s.set, s.ext, 0})
					}
				case (c >= 128) == s.ext && in(c&127, s.set):
					next = append(next, st{s.i + 1, s.set, s.ext, 0})
				}
			}
		case waitFNC4:
			next = append(next, st{s.i, s.set, !s.ext, 0})
			if s.i < n {
				if c := input[s.i]; c != separator && (c >= 128) != s.ext && in(c&127, s.set) {
					next = append(next, st{s.i + 1, s.set, s.ext, 0})
				}
			}
		case waitShift:
			if s.i < n {
				if c := input[s.i]; c != separator && (c >= 128) == s.ext && in(c&127, 1-s.set) {
					next = append(next, st{s.i + 1, s.set, s.ext, 0})
				}
			}
		}
		for _, t := range next {
			if _, ok := dist[t]; !ok {
				dist[t] = d + 1
				queue = append(queue, t)
			}
		}
	}
	return -1
}

// TestEncodeShortest compares the encoder's symbol characters with the
// breadth-first search on random inputs mixing digits, upper and lower case,
// controls, ISO/IEC 8859-1 letters and GS1 separators: the same count, and
// a sequence that decodes to the input.
func TestEncodeShortest(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	alphabet := []int{'0', '1', '2', '9', 'A', 'Z', 'a', 'z', ' ', 0, 0x1d, 0x7f, 0xe9, 0xc1, 0xff, 0xa0}
	for trial := range 3000 {
		gs1 := trial%4 == 0
		n := 1 + rng.IntN(9)
		input := make([]int, n)
		for i := range input {
			input[i] = alphabet[rng.IntN(len(alphabet))]
			if gs1 {
				input[i] = int("0123456789ABC"[rng.IntN(13)])
				if i > 0 && rng.IntN(5) == 0 {
					input[i] = separator
				}
			}
		}
		values := encodeValues(input, gs1)
		if want := shortest(input, gs1); len(values) != want {
			t.Fatalf("%v (gs1 %v): %d characters %v, the search finds %d", input, gs1, len(values), values, want)
		}
		m, ok := decodeValues(values)
		var want []byte
		for _, c := range input {
			if c == separator {
				c = groupSeparator
			}
			want = append(want, byte(c))
		}
		if !ok || !slices.Equal(m.data, want) || m.gs1 != gs1 {
			t.Fatalf("%v: encoded as %v, which decodes to %v (gs1 %v, ok %v)", input, values, m.data, m.gs1, ok)
		}
	}
}

// TestEncode checks encodations whose best form is known.
func TestEncode(t *testing.T) {
	for _, c := range []struct {
		data   string
		gs1    bool
		values []int
	}{
		{"1234", false, []int{startC, 12, 34}},
		{"12345", false, []int{startC, 12, 34, codeB, 21}}, // as short as Start B 1 Code C 23 45
		{"ABC", false, []int{startB, 33, 34, 35}},
		{"A\tB", false, []int{startA, 33, 64 + 9, 34}},
		{"a\tb", false, []int{startB, 65, shift, 64 + 9, 66}},
		{"é", false, []int{startB, codeB, 'i' - 32}},
		{"0109506000134352\x1d10ABC", true, []int{startC, fnc1, 1, 9, 50, 60, 0, 13, 43, 52, fnc1, 10, codeB, 33, 34, 35}},
	} {
		values, err := encode(c.data, c.gs1)
		if err != nil {
			t.Errorf("%q: %v", c.data, err)
			continue
		}
		values = values[:len(values)-2] // check and stop
		if !slices.Equal(values, c.values) {
			t.Errorf("%q: %v, want %v", c.data, values, c.values)
		}
	}
	// The check character of the "PJJ123C" example: Start B, then P J J 1
	// 2 3 C weighted 1 to 7.
	v, _ := encode("PJJ123C", false)
	sum := 104 + 1*48 + 2*42 + 3*42 + 4*17 + 5*18 + 6*19 + 7*35
	if v[len(v)-2] != sum%103 || v[len(v)-1] != stop {
		t.Errorf("PJJ123C: check %d, want %d", v[len(v)-2], sum%103)
	}
}

// TestEncodeErrors checks what the encoder refuses.
func TestEncodeErrors(t *testing.T) {
	for _, c := range []struct {
		data string
		gs1  bool
		err  error
		msg  string
	}{
		{"Ā", false, symbology.ErrInvalidData, "not in ISO/IEC 8859-1"},
		{"ok\xff", false, symbology.ErrInvalidData, "invalid UTF-8"},
		{"", false, symbology.ErrInvalidData, "no data"},
		{"01é", true, symbology.ErrInvalidData, "GS1 character set"},
		{strings.Repeat("A", 101), false, symbology.ErrTooLong, "holds 100 symbol characters"},
		{strings.Repeat("1", 200), false, nil, ""},
		{strings.Repeat("1", 201), false, symbology.ErrTooLong, "at most 200 digits"},
		{"10" + strings.Repeat("A", 47), true, symbology.ErrTooLong, "at most 48"},
	} {
		_, err := encode(c.data, c.gs1)
		if c.err == nil {
			if err != nil {
				t.Errorf("%.20q: %v", c.data, err)
			}
			continue
		}
		if !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%.20q: %v, want %v naming %q", c.data, err, c.err, c.msg)
		}
	}
}

// TestWrite checks the registry's writer: the modules, the quiet zone, the
// human-readable text of GS1 data, and the options it refuses.
func TestWrite(t *testing.T) {
	sym, err := write("0109506000134352\x1d10ABC", symbology.WriteOptions{GS1: true})
	if err != nil {
		t.Fatal(err)
	}
	if sym.Text != "(01)09506000134352(10)ABC" || sym.QuietZone != 10 || sym.Modules.Height != 1 || sym.Symbology != "code128" {
		t.Errorf("GS1: %q quiet %d", sym.Text, sym.QuietZone)
	}
	// Start, FNC1, eight pairs of digits, FNC1, one pair, Code B, three
	// letters and the check character: 17 characters of 11 modules, and
	// the stop's 13.
	if sym.Modules.Width != 17*11+13 {
		t.Errorf("width %d", sym.Modules.Width)
	}
	if _, err := write("01095060001343", symbology.WriteOptions{GS1: true}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("GS1 data with a short GTIN: %v", err)
	}
	if _, err := write("x", symbology.WriteOptions{ECLevel: "H"}); !errors.Is(err, symbology.ErrUnsupported) {
		t.Errorf("EC level: %v", err)
	}
	if _, err := write("x", symbology.WriteOptions{Version: "1"}); !errors.Is(err, symbology.ErrUnsupported) {
		t.Errorf("version: %v", err)
	}
	if sym, err := write("Hello\x00", symbology.WriteOptions{}); err != nil || sym.Text != "Hello\x00" {
		t.Errorf("plain: %v %q", err, sym.Text)
	}
}
