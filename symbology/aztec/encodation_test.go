package aztec

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// exhaustiveBits returns the length of the shortest bit stream of Table 2
// codes for units, searching every sequence of codes: from each position
// and mode, every direct latch of Table 2 (in chains of up to three),
// every character code, every shift (P/S, U/S) and every Binary Shift run
// length. It shares no logic with encode but the character tables, and
// memoises on (position, mode), which drops no sequence.
func exhaustiveBits(units []unit) int {
	type key struct {
		i int
		m mode
	}
	memo := map[key]int{}
	var best func(i int, m mode, chain int) int
	best = func(i int, m mode, chain int) int {
		if i == len(units) {
			return 0
		}
		if chain == 0 {
			if v, ok := memo[key{i, m}]; ok {
				return v
			}
		}
		b := 1 << 30
		try := func(cost int) { b = min(b, cost) }
		w := m.bits()
		u := units[i]
		if chain < 3 {
			for k, c := range directLatches {
				if k[0] == m {
					try(c.bits + best(i, k[1], chain+1))
				}
			}
		}
		if !isByte(u) {
			flg := 5 + 3 + 4*flgDigits(u)
			if m == modePunct {
				try(flg + best(i+1, m, 0))
			} else {
				try(w + flg + best(i+1, m, 0))
			}
		} else {
			c := byte(u)
			for code, ch := range modeChars[m] {
				if ch == c && ch != 0 {
					_ = code
					try(w + best(i+1, m, 0))
				}
			}
			if i+1 < len(units) {
				for _, p := range punctPairs {
					if unit(p[0]) == u && unit(p[1]) == units[i+1] {
						if m == modePunct {
							try(5 + best(i+2, m, 0))
						} else {
							try(w + 5 + best(i+2, m, 0))
						}
					}
				}
			}
			if m != modePunct && bytes.IndexByte(modeChars[modePunct], c) > 0 {
				try(w + 5 + best(i+1, m, 0))
			}
			if (m == modeLower || m == modeDigit) && bytes.IndexByte(modeChars[modeUpper], c) > 0 {
				try(w + 5 + best(i+1, m, 0))
			}
			if m == modeUpper || m == modeLower || m == modeMixed {
				for k := 1; i+k <= len(units) && k <= maxRun && isByte(units[i+k-1]); k++ {
					head := 10
					if k > maxShortRun {
						head = 21
					}
					try(head + 8*k + best(i+k, m, 0))
				}
			}
		}
		if chain == 0 {
			memo[key{i, m}] = b
		}
		return b
	}
	return best(0, modeUpper, 0)
}

// The alphabet the encodation tests draw from: characters of every mode,
// those of several modes (space, CR, comma, full stop), the Punct pairs'
// characters, bytes of no mode, and FNC1.
var testAlphabet = []unit{'A', 'Z', 'a', 'z', '0', '9', ' ', '.', ',', ':', '\r', '\n', '!', '@', '\\', '\x01', '\x7f', '\x00', 0x80, 0xff, unitFNC1}

// TestEncodeOptimal checks that encode's bit stream is as short as the
// exhaustive search finds, and reads back as the data: every string of up
// to 3 units of the test alphabet, and random strings of up to 14.
func TestEncodeOptimal(t *testing.T) {
	check := func(units []unit) {
		t.Helper()
		bits, ok := encode(units)
		if !ok {
			t.Fatalf("%v: not encoded", units)
		}
		if want := exhaustiveBits(units); len(bits) != want {
			t.Fatalf("%v: %d bits, the exhaustive search finds %d", units, len(bits), want)
		}
		p, err := decodeBits(bits)
		if err != nil {
			t.Fatalf("%v: %v", units, err)
		}
		if got, want := p.bytes(), unitBytes(units); !bytes.Equal(got, want) {
			t.Fatalf("%v: read %q, want %q", units, got, want)
		}
	}
	var all func(prefix []unit, n int)
	all = func(prefix []unit, n int) {
		check(prefix)
		if n == 0 {
			return
		}
		for _, u := range testAlphabet {
			all(append(prefix[:len(prefix):len(prefix)], u), n-1)
		}
	}
	all(nil, 3)
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		n := 1 + r.IntN(14)
		units := make([]unit, n)
		for i := range units {
			units[i] = testAlphabet[r.IntN(len(testAlphabet))]
			if r.IntN(8) == 0 {
				units[i] = unitECI + unit(r.IntN(1000000))
			}
		}
		check(units)
	}
}

// unitBytes returns the bytes a reader gives for units: FNC1 as GS, ECI
// designators as nothing.
func unitBytes(units []unit) []byte {
	var b []byte
	for _, u := range units {
		switch {
		case isByte(u):
			b = append(b, byte(u))
		case u == unitFNC1:
			b = append(b, 0x1d)
		}
	}
	return b
}

// TestBinaryShiftRuns checks the run lengths where the B/S length field
// grows (31 to 32 bytes), where a long run beats two short ones (63), and
// where one run must become two (2078 to 2079).
func TestBinaryShiftRuns(t *testing.T) {
	for _, tc := range []struct {
		n, bits int
	}{
		{1, 5 + 5 + 8},
		{31, 5 + 5 + 8*31},
		// Up to 62 bytes, two short runs (10 bits each) beat one long
		// one (21 bits); from 63 on, one long run wins.
		{32, 2*10 + 8*32},
		{62, 2*10 + 8*62},
		{63, 5 + 5 + 11 + 8*63},
		{2078, 5 + 5 + 11 + 8*2078},
		// 2079 bytes: a run of 2078 and one of 1, or two shorter ones.
		{2079, 5 + 5 + 11 + 8*2078 + 5 + 5 + 8},
	} {
		units := make([]unit, tc.n)
		for i := range units {
			units[i] = 0x80
		}
		bits, _ := encode(units)
		if len(bits) != tc.bits {
			t.Errorf("%d bytes: %d bits, want %d", tc.n, len(bits), tc.bits)
		}
		p, err := decodeBits(bits)
		if err != nil || !bytes.Equal(p.bytes(), unitBytes(units)) {
			t.Errorf("%d bytes: read back %d bytes, %v", tc.n, len(p.bytes()), err)
		}
	}
}

// TestEncodeExamples checks the encodation of strings whose best codes a
// reader can work out by hand.
func TestEncodeExamples(t *testing.T) {
	for _, tc := range []struct {
		data string
		bits int
	}{
		{"123456789012", 5 + 12*4},                   // D/L, 12 digits
		{"ABC", 15},                                  // Upper
		{"abc", 5 + 15},                              // L/L
		{"aBc", 5 + 5 + 10 + 5},                      // L/L a U/S B c
		{"A. B", 5 + 5 + 5 + 5},                      // A P/S ". " B
		{"A\r\nB", 5 + 5 + 5 + 5},                    // A P/S CRLF B
		{"12.34", 5 + 5*4},                           // D/L 1 2 . 3 4
		{"\x80", 5 + 5 + 8},                          // B/S 1 byte
		{"!!!!", 10 + 4*5},                           // M/L P/L, 4 Punct
		{strings.Repeat("a", 10) + "X", 5 + 50 + 10}, // U/S for one capital
	} {
		units := appendBytes(nil, tc.data)
		bits, _ := encode(units)
		if len(bits) != tc.bits {
			t.Errorf("%q: %d bits, want %d", tc.data, len(bits), tc.bits)
		}
	}
}
