package httpd

import (
	"context"
	"slices"
	"sync"
)

// A budget is a weighted semaphore: it grants up to size units at once, to
// requests in the order they asked. The handler keeps three: scan and
// rendering slots (one unit each), and bytes of request bodies, one budget
// for images and one for texts.
//
// Granting in order means a large request at the head of the queue is not
// overtaken for ever by a stream of small ones.
type budget struct {
	mu      sync.Mutex
	size    int64
	used    int64
	waiters []*waiter // in arrival order
}

// A waiter is a request for n units; ready is closed when they are granted.
type waiter struct {
	n     int64
	ready chan struct{}
}

func newBudget(size int64) *budget {
	return &budget{size: max(size, 1)}
}

// acquire takes n units, waiting for them in turn. A request for more
// than the whole budget takes the whole budget. It returns ctx's error,
// holding nothing, if ctx is done before the units are granted.
func (b *budget) acquire(ctx context.Context, n int64) error {
	n = b.clamp(n)
	b.mu.Lock()
	if len(b.waiters) == 0 && b.used+n <= b.size {
		b.used += n
		b.mu.Unlock()
		return nil
	}
	w := &waiter{n: n, ready: make(chan struct{})}
	b.waiters = append(b.waiters, w)
	b.mu.Unlock()

	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-w.ready:
		// Granted while ctx was being noticed: give the units back.
		b.used -= n
	default:
		b.waiters = slices.DeleteFunc(b.waiters, func(x *waiter) bool { return x == w })
	}
	// Either way the queue may now move: the units are back, or the
	// waiter that left was holding up smaller ones behind it.
	b.grant()
	return ctx.Err()
}

// tryAcquire takes n units if they are free at once with spare units
// left over, and nobody waits; it reports whether it took them. It never
// waits: see body.reserve for why the spare units matter.
func (b *budget) tryAcquire(n, spare int64) bool {
	n = b.clamp(n)
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.waiters) > 0 || b.used+n+spare > b.size {
		return false
	}
	b.used += n
	return true
}

// release returns n units taken by acquire or tryAcquire.
func (b *budget) release(n int64) {
	n = b.clamp(n)
	b.mu.Lock()
	b.used -= n
	b.grant()
	b.mu.Unlock()
}

func (b *budget) clamp(n int64) int64 {
	return min(max(n, 0), b.size)
}

// grant hands units to the waiters at the head of the queue while they
// fit. b.mu is held.
func (b *budget) grant() {
	for len(b.waiters) > 0 {
		w := b.waiters[0]
		if b.used+w.n > b.size {
			return
		}
		b.used += w.n
		b.waiters[0] = nil
		b.waiters = b.waiters[1:]
		close(w.ready)
	}
}

// state returns the units in use and the number of requests waiting.
func (b *budget) state() (used int64, waiting int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used, len(b.waiters)
}
