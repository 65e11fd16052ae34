package code128

import "testing"

// TestPatterns checks the structure ISO/IEC 15417 gives the symbol
// characters: six elements of 1 to 4 modules, 11 modules in all, the bars
// an even number of them (the characters' self-check); the stop character
// seven elements and 13 modules; and no two characters with the same
// edge-to-similar-edge distances, which the decoder reads them by.
func TestPatterns(t *testing.T) {
	seen := map[[4]int]int{}
	for v, p := range patterns {
		n := 6
		if v == stop {
			n = 7
		}
		if len(p) != n {
			t.Errorf("%d: %d elements", v, len(p))
			continue
		}
		sum, bars := 0, 0
		for k, c := range p {
			w := int(c - '0')
			if w < 1 || w > 4 {
				t.Errorf("%d: element of %d modules", v, w)
			}
			sum += w
			if k%2 == 0 {
				bars += w
			}
		}
		want := charModules
		if v == stop {
			want = stopModules
		}
		if sum != want || v != stop && bars%2 != 0 {
			t.Errorf("%d: %d modules, %d of them dark", v, sum, bars)
		}
		e := similarEdges(p)
		if u, ok := seen[e]; ok {
			t.Errorf("%d and %d share the similar-edge distances %v", v, u, e)
		}
		seen[e] = v
		if got := int(byEdges[edgeIndex(e)]) - 1; got != v {
			t.Errorf("byEdges finds %d for %d", got, v)
		}
	}
	n := 0
	for _, v := range byEdges {
		if v != 0 {
			n++
		}
	}
	if n != len(patterns) {
		t.Errorf("byEdges holds %d characters", n)
	}
}
