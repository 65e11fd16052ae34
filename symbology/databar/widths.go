package databar

// Character values and element widths. Every DataBar character is a group
// of elements, bars and spaces, whose widths in modules spell its value:
// the widths of its odd elements and those of its even elements are each
// one of the ways to split a number of modules into a number of elements,
// none wider than a limit and, for some of them, at least one a single
// module wide. The ways are numbered in the order of their widths, the
// first element's slowest, and a character's value combines the numbers
// of its odd and even widths (ISO/IEC 24724:2011 Annex B, the element
// width encoder and decoder).

// binomial returns the number of ways to choose r of n, 0 when r or n is
// negative or r > n.
func binomial(n, r int) int {
	if r < 0 || n < 0 || r > n {
		return 0
	}
	r = min(r, n-r)
	v := 1
	for i := 1; i <= r; i++ {
		v = v * (n - r + i) / i
	}
	return v
}

// following returns how many width patterns Annex B counts for the
// elements after element k of a group of elements, once element k is w
// modules wide and n modules are left for it and those after it: the
// splits of the n-w modules into elements-k-1 elements, less those
// without a single-module element when the group needs one and none of
// its elements so far is one (narrow), less those with an element wider
// than maxWidth. This is the count of the standard's reference algorithm,
// which may differ from the exact count where two elements could both be
// too wide: character values are defined by it.
func following(n, w, k, elements, maxWidth int, narrow bool) int {
	rest := elements - k - 1 // elements after k
	c := binomial(n-w-1, rest-1)
	if narrow && n-w-rest >= rest {
		// Splits with every element at least two modules wide.
		c -= binomial(n-w-rest-1, rest-1)
	}
	if rest > 1 {
		less := 0
		for m := n - w - (rest - 1); m > maxWidth; m-- {
			less += binomial(n-w-m-1, rest-2)
		}
		c -= less * rest
	} else if n-w > maxWidth {
		c--
	}
	return c
}

// maxElements is the most elements of one parity a character has: 7 in
// DataBar Limited.
const maxElements = 7

// widthsOf sets w[:elements] to the widths of the pattern numbered v among
// the splits of n modules into elements elements at most maxWidth wide,
// with a single-module element when narrow is set (Annex B's getRSSwidths).
// It reports false when v is not the number of such a pattern.
func widthsOf(w []int, v, n, elements, maxWidth int, narrow bool) bool {
	if elements < 1 || elements > maxElements || len(w) < elements || v < 0 {
		return false
	}
	seen := false // a single-module element so far
	for k := 0; k < elements-1; k++ {
		width := 1
		for ; ; width++ {
			if width > maxWidth || n-width < elements-k-1 {
				return false // no pattern numbered v
			}
			c := following(n, width, k, elements, maxWidth, narrow && !seen && width != 1)
			if v < c {
				break
			}
			v -= c
		}
		seen = seen || width == 1
		w[k] = width
		n -= width
	}
	if v != 0 || n < 1 || n > maxWidth || narrow && !seen && n != 1 {
		return false
	}
	w[elements-1] = n
	return true
}

// valueOf returns the number of the pattern of widths w among the splits
// of their sum into len(w) elements at most maxWidth wide, with a
// single-module element when narrow is set (Annex B's getRSSvalue). It
// reports false when w is no such pattern.
func valueOf(w []int, maxWidth int, narrow bool) (int, bool) {
	elements := len(w)
	if elements < 1 || elements > maxElements {
		return 0, false
	}
	n, seen := 0, false
	for _, x := range w {
		if x < 1 || x > maxWidth {
			return 0, false
		}
		n += x
		seen = seen || x == 1
	}
	if narrow && !seen {
		return 0, false
	}
	v := 0
	seen = false
	for k := 0; k < elements-1; k++ {
		for width := 1; width < w[k]; width++ {
			v += following(n, width, k, elements, maxWidth, narrow && !seen && width != 1)
		}
		seen = seen || w[k] == 1
		n -= w[k]
	}
	return v, true
}

// patterns returns the number of patterns of elements elements over n
// modules at most maxWidth wide, with a single-module element when narrow
// is set: the size of a character subset, as the standard lists it.
func patterns(n, elements, maxWidth int, narrow bool) int {
	total := 0
	for width := 1; width <= maxWidth && n-width >= elements-1; width++ {
		if elements == 1 {
			if n <= maxWidth && (!narrow || n == 1) {
				return 1
			}
			return 0
		}
		total += following(n, width, 0, elements, maxWidth, narrow && width != 1)
	}
	return total
}

// size returns the number of values of subset s.
func (s *subset) size() int { return s.oddCount * s.evenCount }

// charWidths sets w[:2×cs.half] to the widths in modules of the character
// of value v, the odd elements at the even indexes (element 0 is the
// first odd one). It reports false when v is no value of cs.
func (cs *charSet) charWidths(w []int, v int) bool {
	if len(w) < 2*cs.half {
		return false
	}
	for i := len(cs.subsets) - 1; i >= 0; i-- {
		s := &cs.subsets[i]
		if v < s.first {
			continue
		}
		odd, even := s.oddCount, s.evenCount
		x := v - s.first
		if x >= odd*even {
			return false
		}
		var vo, ve int
		if s.oddMajor {
			vo, ve = x/even, x%even
		} else {
			vo, ve = x%odd, x/odd
		}
		var ow, ew [maxElements]int
		if !widthsOf(ow[:], vo, s.oddModules, cs.half, s.oddWidest, s.oddNarrow) ||
			!widthsOf(ew[:], ve, s.evenModules, cs.half, s.evenWidest, s.evenNarrow) {
			return false
		}
		for k := 0; k < cs.half; k++ {
			w[2*k], w[2*k+1] = ow[k], ew[k]
		}
		return true
	}
	return false
}

// charValue returns the value of the character whose element widths in
// modules are w (2×cs.half of them, odd elements at the even indexes),
// and reports whether they make one.
func (cs *charSet) charValue(w []int) (int, bool) {
	if len(w) != 2*cs.half {
		return 0, false
	}
	var ow, ew [maxElements]int
	oddSum := 0
	for k := 0; k < cs.half; k++ {
		ow[k], ew[k] = w[2*k], w[2*k+1]
		oddSum += ow[k]
	}
	for i := range cs.subsets {
		s := &cs.subsets[i]
		if s.oddModules != oddSum {
			continue
		}
		vo, ok1 := valueOf(ow[:cs.half], s.oddWidest, s.oddNarrow)
		ve, ok2 := valueOf(ew[:cs.half], s.evenWidest, s.evenNarrow)
		if !ok1 || !ok2 {
			return 0, false
		}
		odd, even := s.oddCount, s.evenCount
		if vo >= odd || ve >= even {
			return 0, false
		}
		if s.oddMajor {
			return s.first + vo*even + ve, true
		}
		return s.first + ve*odd + vo, true
	}
	return 0, false
}
