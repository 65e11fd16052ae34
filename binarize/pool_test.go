package binarize

import "testing"

// TestGetBools checks that a buffer handed out is as long as asked, never
// a released one too small for it, whatever the pools hold.
func TestGetBools(t *testing.T) {
	// Buffers of the same size class as the requests but shorter, and
	// of the next class.
	for _, n := range []int{5, 6, 100, 127, 3000} {
		putBools(make([]bool, n))
	}
	for _, n := range []int{0, 1, 7, 127, 128, 200, 4095, 4096, 5000} {
		for range 3 {
			b := getBools(n)
			if len(b) != n || cap(b) < n {
				t.Fatalf("getBools(%d): len %d, cap %d", n, len(b), cap(b))
			}
			putBools(b)
		}
	}
}
