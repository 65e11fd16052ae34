package binarize

import (
	"math/bits"
	"sync"
)

// boolPools hold the pixel buffers of released views for the views of
// later scans, by capacity: pool k holds buffers whose capacity c has
// bits.Len(c) == k. A batch of images scanned one after another then
// reuses the same memory instead of asking the runtime (and the kernel)
// for fresh pages for every image.
var boolPools [bits.UintSize + 1]sync.Pool

// getBools returns a buffer of n elements, reused when a released one is
// large enough; its content is undefined.
func getBools(n int) []bool {
	k := bits.Len(uint(n))
	if p, ok := boolPools[k].Get().(*[]bool); ok {
		if cap(*p) >= n {
			return (*p)[:n]
		}
		boolPools[k].Put(p)
	}
	if k+1 < len(boolPools) {
		if p, ok := boolPools[k+1].Get().(*[]bool); ok {
			return (*p)[:n]
		}
	}
	return make([]bool, n)
}

// putBools hands b over for reuse; the caller must not use it any more.
func putBools(b []bool) {
	if cap(b) == 0 {
		return
	}
	boolPools[bits.Len(uint(cap(b)))].Put(&b)
}
