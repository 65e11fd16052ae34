// Package pixpool keeps the pixel buffers a scan is done with for the
// scans after it. A batch of images, in the command line tool or the
// server, decodes and binarizes one image after another: reusing the
// memory of the last spares the garbage collector, and the kernel, fresh
// pages for every image.
package pixpool

import (
	"math/bits"
	"sync"
)

// Pool keeps buffers of T for reuse, grouped by capacity so that one large
// enough is found at once. Its zero value is an empty pool. Buffers in it
// are freed by the garbage collector as sync.Pool's are.
type Pool[T any] struct {
	// class[k] holds buffers whose capacity c has bits.Len(c) == k.
	class [bits.UintSize + 1]sync.Pool
}

// Get returns a buffer of n elements, a released one when one is large
// enough. Its content is undefined: the caller writes every element before
// reading it.
func (p *Pool[T]) Get(n int) []T {
	if n <= 0 {
		return nil
	}
	k := bits.Len(uint(n))
	if b, ok := p.class[k].Get().(*[]T); ok && cap(*b) >= n {
		return (*b)[:n]
	}
	// A buffer of the class too small for n is dropped, not kept: a pool
	// that kept it would keep it until the next collection but one, and
	// one that keeps every buffer a scan missed with grows the heap that
	// the collector's goal is a multiple of.
	// Every buffer of the next class is large enough.
	if k+1 < len(p.class) {
		if b, ok := p.class[k+1].Get().(*[]T); ok {
			return (*b)[:n]
		}
	}
	return make([]T, n)
}

// Zeroed returns a buffer of n zero elements, a released one cleared when
// one is large enough. Unlike make's, its zeros are written, not only
// promised: memory fresh from the kernel reads as the kernel's shared zero
// page until first written, so a buffer read before it is written (a
// table of counts, a set of done flags) pays a second fault at its first
// write, a copy-on-write that also flushes the page from the TLB of every
// other CPU the process runs on. Written first, it faults once.
func (p *Pool[T]) Zeroed(n int) []T {
	b := p.Get(n)
	clear(b)
	return b
}

// Put hands b over for reuse: the caller must not use it, or any slice of
// its memory, any more.
func (p *Pool[T]) Put(b []T) {
	if cap(b) == 0 {
		return
	}
	p.class[bits.Len(uint(cap(b)))].Put(&b)
}

// Planes holds the luminance planes of decoded images (image.Gray's Pix)
// once their scan is done, for the decoders of later images.
var Planes Pool[byte]
