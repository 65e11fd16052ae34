package binarize

import (
	"math/rand/v2"
	"testing"
)

// TestThresholdRow compares thresholdRow, eight pixels a word, with a
// pixel at a time: every pixel value against every threshold, in every
// position of a word, and random rows of every length up to 40 (words and
// a tail), plain and inverted.
func TestThresholdRow(t *testing.T) {
	naive := func(src []uint8, thr []uint8, inverted bool) ([]bool, int) {
		out := make([]bool, len(src))
		n := 0
		for x, v := range src {
			out[x] = (v < thr[x/8]) != inverted
			if out[x] {
				n++
			}
		}
		return out, n
	}
	check := func(src, thr []uint8) {
		t.Helper()
		for _, inv := range []bool{false, true} {
			want, wn := naive(src, thr, inv)
			got := make([]bool, len(src))
			if n := thresholdRow(src, got, thr, inv); n != wn {
				t.Fatalf("src %v thr %v inverted %v: %d true, want %d", src, thr, inv, n, wn)
			}
			for x := range got {
				if got[x] != want[x] {
					t.Fatalf("src %v thr %v inverted %v: pixel %d %v, want %v", src, thr, inv, x, got[x], want[x])
				}
			}
		}
	}
	src := make([]uint8, 8)
	for level := range 256 {
		for v := range 256 {
			for i := range src {
				src[i] = uint8(v + 37*i) // every value in every lane
			}
			check(src, []uint8{uint8(level)})
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 41 {
		src := make([]uint8, n)
		thr := make([]uint8, (n+7)/8)
		for range 20 {
			for i := range src {
				src[i] = uint8(rng.IntN(256))
			}
			for i := range thr {
				thr[i] = uint8(rng.IntN(256))
			}
			check(src, thr)
		}
	}
}
