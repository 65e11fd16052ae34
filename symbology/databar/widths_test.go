package databar

import (
	"strings"
	"testing"
)

// TestSubsetSizes checks the character subsets transcribed from ISO/IEC
// 24724:2011 (the tables of §5.2.2, §6.2.2 and §7.2.3): each subset's values
// follow the last's, up to the set's last value; the width algorithm
// numbers at least as many odd and even patterns as the subset uses, and
// exactly as many where the standard's counts are those of the plain
// combinatorics (a width limit or a single-module element, not both).
func TestSubsetSizes(t *testing.T) {
	tests := []struct {
		name string
		set  *charSet
		last int // the last value of the set
	}{
		{"outside", &outside, 2840},
		{"inside", &inside, 1596},
		{"limited", &limitedSet, 2013570},
		{"expanded", &expandedSet, 4191},
	}
	for _, tt := range tests {
		for i := range tt.set.subsets {
			s := &tt.set.subsets[i]
			next := tt.last + 1
			if i+1 < len(tt.set.subsets) {
				next = tt.set.subsets[i+1].first
			}
			if s.first+s.size() != next {
				t.Errorf("%s subset %d: values %d to %d, next subset from %d", tt.name, i, s.first, s.first+s.size()-1, next)
			}
			odd := patterns(s.oddModules, tt.set.half, s.oddWidest, s.oddNarrow)
			even := patterns(s.evenModules, tt.set.half, s.evenWidest, s.evenNarrow)
			if odd < s.oddCount || even < s.evenCount {
				t.Errorf("%s subset %d: %d odd and %d even patterns, the standard uses %d and %d", tt.name, i, odd, even, s.oddCount, s.evenCount)
			}
			if !s.oddNarrow && odd != s.oddCount || !s.evenNarrow && even != s.evenCount {
				t.Errorf("%s subset %d: %d odd and %d even patterns, the standard counts %d and %d", tt.name, i, odd, even, s.oddCount, s.evenCount)
			}
		}
	}
}

// TestCharRoundTrip turns every value of every set into widths and back.
func TestCharRoundTrip(t *testing.T) {
	for _, cs := range []*charSet{&outside, &inside, &expandedSet} {
		last := cs.subsets[len(cs.subsets)-1]
		n := last.first + last.size()
		w := make([]int, 2*cs.half)
		for v := 0; v < n; v++ {
			if !cs.charWidths(w, v) {
				t.Fatalf("value %d: no widths", v)
			}
			got, ok := cs.charValue(w)
			if !ok || got != v {
				t.Fatalf("value %d: widths %v read as %d, %v", v, w, got, ok)
			}
		}
	}
	// Limited: every thousandth value and the ends of each subset.
	w := make([]int, 14)
	for i, s := range limitedSet.subsets {
		size := s.size()
		for _, x := range []int{0, 1, size / 2, size - 1} {
			v := s.first + x
			if !limitedSet.charWidths(w, v) {
				t.Fatalf("limited subset %d value %d: no widths", i, v)
			}
			if got, ok := limitedSet.charValue(w); !ok || got != v {
				t.Fatalf("limited value %d: widths %v read as %d, %v", v, w, got, ok)
			}
		}
	}
}

// TestTables checks the form of the transcribed tables that cannot be
// computed: the finder patterns of DataBar Omnidirectional and Expanded
// are distinct, 15 modules wide, and end in two single modules, the wide
// pair taking 10 modules at least (wideShare); the finder sequences of
// Expanded start with A1 and use each finder of their symbol once; the
// check characters of Limited are distinct, 14 elements of 1 to 3 modules
// over 18, the last two single modules.
func TestTables(t *testing.T) {
	finders := map[string][][5]int{"omni": omniFinders[:], "expanded": expandedFinders[:]}
	for name, fs := range finders {
		seen := make(map[[5]int]bool)
		for i, f := range fs {
			sum := 0
			for _, x := range f {
				sum += x
			}
			if sum != 15 || f[3] != 1 || f[4] != 1 || f[1]+f[2] < 10 || seen[f] {
				t.Errorf("%s finder %d: %v", name, i, f)
			}
			seen[f] = true
		}
	}
	for n, seq := range finderSequences {
		if n < 2 {
			continue
		}
		seen := make(map[int]bool)
		if len(seq) != n || seq[0] != 1 {
			t.Errorf("finder sequence %d: %v", n, seq)
		}
		for _, f := range seq {
			if f < 1 || f > 12 || seen[f] {
				t.Errorf("finder sequence %d: %v", n, seq)
			}
			seen[f] = true
		}
	}
	seen := make(map[string]bool)
	for v, c := range limitedChecks {
		sum := 0
		for _, d := range c {
			sum += int(d - '0')
		}
		// limitedCheckValue and decodeLimited rely on elements of 1
		// to 3 modules, the last two single.
		if len(c) != 14 || sum != 18 || seen[c] || strings.Trim(c, "123") != "" || c[12:] != "11" {
			t.Errorf("limited check %d: %q", v, c)
		}
		seen[c] = true
	}
}
