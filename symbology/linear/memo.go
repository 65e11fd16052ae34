package linear

import (
	"sync"
	"weak"

	"github.com/barkit/barkit/binarize"
)

// memoSize is the number of scans a Memo remembers: enough for the scans
// of a few images running at once, so that they do not push each other's
// out between the calls of one image's readers.
const memoSize = 4

// Memo remembers the outcome of the last few scans by source and mode. A
// symbology registered under several ids (EAN-13, EAN-8, UPC-A and UPC-E
// share one decoder) gives each id a ReadFunc; the facade calls them one
// after another on the same Source, and a Memo lets them scan it once. It
// holds its sources weakly, so it keeps no image alive. The zero Memo is
// ready to use and safe for concurrent use.
//
// A Source has no place for readers to cache their own work; when it gains
// one, Memo should give way to it.
type Memo[T any] struct {
	mu      sync.Mutex
	entries [memoSize]memoEntry[T]
	next    int
}

type memoEntry[T any] struct {
	src  weak.Pointer[binarize.Source]
	fast bool
	val  T
}

// Do returns the value remembered for src in the given mode, or calls f,
// remembers its value and returns it. The value is shared by every caller:
// it must not be modified. Two calls for the same source at the same time
// may both call f.
func (m *Memo[T]) Do(src *binarize.Source, fast bool, f func() T) T {
	m.mu.Lock()
	for i := range m.entries {
		e := &m.entries[i]
		if e.fast == fast && e.src.Value() == src && src != nil {
			v := e.val
			m.mu.Unlock()
			return v
		}
	}
	m.mu.Unlock()
	v := f()
	if src == nil {
		return v
	}
	m.mu.Lock()
	m.entries[m.next] = memoEntry[T]{src: weak.Make(src), fast: fast, val: v}
	m.next = (m.next + 1) % memoSize
	m.mu.Unlock()
	return v
}
