package pixpool

import "testing"

// TestPool checks that a buffer handed out is as long as asked, never a
// released one too small for it, whatever the pool holds.
func TestPool(t *testing.T) {
	var p Pool[bool]
	// Buffers of the requests' size classes but shorter, and of the
	// next classes.
	for _, n := range []int{5, 6, 100, 127, 3000} {
		p.Put(make([]bool, n))
	}
	p.Put(nil)
	for _, n := range []int{1, 7, 127, 128, 200, 4095, 4096, 5000} {
		for range 3 {
			b := p.Get(n)
			if len(b) != n || cap(b) < n {
				t.Fatalf("Get(%d): len %d, cap %d", n, len(b), cap(b))
			}
			p.Put(b)
		}
	}
	for _, n := range []int{5, 6, 100} {
		b := p.Get(n)
		for i := range b {
			b[i] = true
		}
		p.Put(b)
	}
	for _, n := range []int{4, 6, 64} {
		for i, v := range p.Zeroed(n) {
			if v {
				t.Fatalf("Zeroed(%d): element %d set", n, i)
			}
		}
	}
	if b := p.Get(0); len(b) != 0 {
		t.Errorf("Get(0): len %d", len(b))
	}
}
