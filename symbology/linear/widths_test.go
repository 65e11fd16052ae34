package linear

import (
	"math/rand/v2"
	"testing"
)

// widthsOf returns the element widths of pattern (n narrow, w wide) at
// narrow and wide pixels, bars widened and spaces narrowed by spread.
func widthsOf(pattern string, narrow, wide, spread float64) []float64 {
	w := make([]float64, len(pattern))
	for k := range pattern {
		w[k] = narrow
		if pattern[k] == 'w' {
			w[k] = wide
		}
		if k%2 == 0 {
			w[k] += spread
		} else {
			w[k] -= spread
		}
	}
	return w
}

// bitsOf returns pattern as NarrowWide's bits.
func bitsOf(pattern string) uint32 {
	var b uint32
	for k := range pattern {
		if pattern[k] == 'w' {
			b |= 1 << k
		}
	}
	return b
}

// TestNarrowWide checks the classification of characters of two widths:
// Code 39 characters (two wide bars and one wide space, or three wide
// spaces) at wide to narrow ratios of 2 and 3, with ink spread, and at
// 1.5 pixels per module with every edge misplaced by up to 0.2 pixels;
// and what it must refuse: equal elements, a ratio under MinWideRatio,
// a kind all narrow whose elements differ as a wide one would, bars and
// spaces whose gaps differ by more than maxSpreadRatio.
func TestNarrowWide(t *testing.T) {
	for _, c := range []struct {
		name            string
		w               []float64
		bars, spaces    int
		want            string // the pattern, or "" for none
		narrow, wideMin float64
	}{
		{"ratio 2", widthsOf("wnnwnnnnw", 2, 4, 0), 2, 1, "wnnwnnnnw", 2, 4},
		{"ratio 3", widthsOf("nnnwwnwnn", 2, 6, 0), 2, 1, "nnnwwnwnn", 2, 6},
		{"ink spread", widthsOf("nwnnwnwnn", 3, 6, 0.9), 2, 1, "nwnnwnwnn", 0, 0},
		{"three wide spaces", widthsOf("nwnwnwnnn", 2, 4, 0.4), 0, 3, "nwnwnwnnn", 0, 0},
		{"ITF pair", widthsOf("wnnwnnnnww", 3, 9, 0), 2, 2, "wnnwnnnnww", 3, 9},
		{"equal", widthsOf("nnnnnnnnn", 2, 2, 0), 2, 1, "", 0, 0},
		{"ratio 1.2", widthsOf("wnnwnnnnw", 2, 2.4, 0), 2, 1, "", 0, 0},
		{"wide bar among narrow ones", widthsOf("wwnwnwnnn", 2, 4, 0), 0, 3, "", 0, 0},
		{"gaps apart", []float64{2, 2, 2, 8, 3, 2, 2, 2, 3}, 2, 1, "", 0, 0},
	} {
		cl, ok := NarrowWide(c.w, c.bars, c.spaces)
		if ok != (c.want != "") || ok && cl.Pattern != bitsOf(c.want) {
			t.Errorf("%s: %09b %v, want %q", c.name, cl.Pattern, ok, c.want)
			continue
		}
		if c.narrow != 0 && (cl.Narrow != c.narrow || cl.Wide != c.wideMin || cl.Margin != c.wideMin/c.narrow) {
			t.Errorf("%s: %+v", c.name, cl)
		}
	}
	// 1.5 pixels per module, wide to narrow 2, each edge off by up to
	// 0.2 pixels: every character reads.
	rng := rand.New(rand.NewPCG(3, 4))
	for _, pattern := range []string{"wnnwnnnnw", "nnwwnnnnw", "nwnnwnwnn", "nnnwwnwnn"} {
		for range 1000 {
			w := widthsOf(pattern, 1.5, 3, 0)
			edges := make([]float64, len(w)+1)
			for k := range edges {
				edges[k] = 0.4*rng.Float64() - 0.2
			}
			for k := range w {
				w[k] += edges[k+1] - edges[k]
			}
			if cl, ok := NarrowWide(w, 2, 1); !ok || cl.Pattern != bitsOf(pattern) {
				t.Fatalf("%s at 1.5 pixels per module: %v read %09b %v", pattern, w, cl.Pattern, ok)
			}
		}
	}
	// No panic on anything.
	for _, c := range []struct {
		n, bars, spaces int
	}{{0, 0, 0}, {17, 2, 1}, {9, 6, 1}, {9, 2, 5}, {9, -1, 1}} {
		if _, ok := NarrowWide(make([]float64, c.n), c.bars, c.spaces); ok {
			t.Errorf("%+v: ok", c)
		}
	}
}
