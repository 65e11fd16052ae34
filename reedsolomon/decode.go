package reedsolomon

import (
	"errors"
	"fmt"
	"sync"
)

// ErrUncorrectable is returned by the decoders when a block has more errors
// than its check symbols can correct: 2·errors + erasures > nEC, or a
// correction that does not yield a codeword.
var ErrUncorrectable = errors.New("reedsolomon: too many errors")

// ErrInvalid is wrapped by the errors the decoders return for arguments that
// cannot describe a codeword: a negative or too large nEC, a block longer
// than the field allows, a symbol outside the field, or an erasure index
// that is out of range or repeated.
var ErrInvalid = errors.New("reedsolomon: invalid block")

// Decode corrects block in place. block holds a codeword, data followed by
// nEC check symbols, highest degree first, as Encode produces it, possibly
// with errors. erasures lists indices into block of symbols known to be
// wrong or unreadable (their values are ignored). Decode returns the number
// of symbols it changed.
//
// Decode corrects any pattern of errors and erasures with
// 2·errors + erasures <= nEC. Beyond that it returns ErrUncorrectable, or,
// rarely, a correction to another codeword within that distance: a
// successful return always leaves a valid codeword in block. On error block
// is unchanged. Invalid arguments give an error wrapping ErrInvalid.
//
// Decode is for fields of at most 8 bits (it returns an ErrInvalid error
// otherwise) and allocates nothing after warm-up.
func (f *Field) Decode(block []byte, nEC int, erasures []int) (int, error) {
	if f.m > 8 {
		return 0, fmt.Errorf("%w: byte Decode on GF(2^%d)", ErrInvalid, f.m)
	}
	return decode(f, block, nEC, erasures)
}

// DecodeInts is Decode for symbols held in ints, for fields of any size.
func (f *Field) DecodeInts(block []int, nEC int, erasures []int) (int, error) {
	return decode(f, block, nEC, erasures)
}

// scratch holds the working polynomials of one decoding, reused through
// Field.scratch so that decoding does not allocate.
type scratch struct {
	synd   []int    // syndromes S_0 … S_{nEC-1}
	lambda []int    // errata locator Λ, lowest degree first
	prev   []int    // Berlekamp–Massey correction polynomial B
	tmp    []int    // next Λ
	omega  []int    // errata evaluator Ω
	pos    []int    // indices into the block of the errata
	val    []int    // errata values
	loc    []int    // logs of the errata locators
	work   []int    // terms of the Chien search and of the final check
	seen   []uint64 // bitmap of erasure indices, for duplicates
}

// getScratch returns scratch space for a block of n symbols with nEC check
// symbols, with every slice cleared.
func getScratch(pool *sync.Pool, n, nEC int) *scratch {
	s, _ := pool.Get().(*scratch)
	if s == nil {
		s = new(scratch)
	}
	s.synd = grow(s.synd, nEC)
	s.lambda = grow(s.lambda, nEC+2)
	s.prev = grow(s.prev, nEC+2)
	s.tmp = grow(s.tmp, nEC+2)
	s.omega = grow(s.omega, nEC+1)
	s.pos = grow(s.pos, nEC+1)
	s.val = grow(s.val, nEC+1)
	s.loc = grow(s.loc, nEC+1)
	s.work = grow(s.work, nEC+2)
	s.seen = grow(s.seen, n/64+1)
	return s
}

// grow returns a cleared slice of length n, reusing s when it is large
// enough.
func grow[E int | uint64](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// checkLengths validates the shape of a block of n symbols with nEC check
// symbols, for a code whose blocks are at most maxLen symbols long.
func checkLengths(n, nEC, maxLen int) error {
	if nEC < 0 || nEC > n {
		return fmt.Errorf("%w: %d check symbols in a block of %d", ErrInvalid, nEC, n)
	}
	if n > maxLen {
		return fmt.Errorf("%w: block of %d symbols, longer than %d", ErrInvalid, n, maxLen)
	}
	return nil
}

// checkErasures validates erasure indices into a block of n symbols with
// nEC check symbols. seen must be a cleared bitmap of at least n bits.
func checkErasures(n, nEC int, erasures []int, seen []uint64) error {
	for _, e := range erasures {
		if e < 0 || e >= n {
			return fmt.Errorf("%w: erasure %d out of range [0, %d)", ErrInvalid, e, n)
		}
		if seen[e/64]&(1<<(e%64)) != 0 {
			return fmt.Errorf("%w: erasure %d repeated", ErrInvalid, e)
		}
		seen[e/64] |= 1 << (e % 64)
	}
	if len(erasures) > nEC {
		return ErrUncorrectable
	}
	return nil
}

// decode implements Decode and DecodeInts. The block is the polynomial
// r(x) = Σ block[i]·x^(n-1-i), so the symbol at index i has locator
// X = α^(n-1-i). The steps are the classic ones (see Blahut, "Algebraic Codes
// for Data Transmission", §7.4 and §7.6):
//
//  1. syndromes S_j = r(α^(b+j)), j in [0, nEC);
//  2. Berlekamp–Massey started from the erasure locator Γ(x) = Π(1 - X_k·x)
//     with length e, which yields the errata locator Λ(x) of degree L;
//  3. Chien search for the L roots X^-1 of Λ among the block's positions;
//  4. Forney: Ω(x) = S(x)·Λ(x) mod x^nEC and
//     Y = X^(1-b)·Ω(X^-1) / Λ'(X^-1) (in characteristic 2 signs vanish);
//  5. a check that r - e has zero syndromes before block is changed.
func decode[T symbol](f *Field, block []T, nEC int, erasures []int) (int, error) {
	n := len(block)
	order := f.size - 1
	if err := checkLengths(n, nEC, order); err != nil {
		return 0, err
	}
	s := getScratch(&f.scratch, n, nEC)
	defer f.scratch.Put(s)
	if err := checkErasures(n, nEC, erasures, s.seen); err != nil {
		return 0, err
	}
	for i, v := range block {
		if int(v) >= f.size || int(v) < 0 {
			return 0, fmt.Errorf("%w: symbol %d at %d is outside GF(2^%d)", ErrInvalid, int(v), i, f.m)
		}
	}

	// 1. Syndromes.
	// All nEC evaluations by Horner's rule advance together, one block
	// symbol at a time, so that the inner loop has no dependency chain.
	synd := s.synd[:nEC]
	for _, c := range block {
		root := f.base
		for j, v := range synd {
			synd[j] = int(f.exp[int(f.log[v])+root]) ^ int(c)
			root++
			if root == order {
				root = 0
			}
		}
	}
	nonzero := false
	for _, v := range synd {
		if v != 0 {
			nonzero = true
			break
		}
	}
	if !nonzero {
		return 0, nil
	}

	// 2. Erasure locator, then Berlekamp–Massey.
	lambda, prev, tmp := s.lambda, s.prev, s.tmp
	lambda[0] = 1
	for k, e := range erasures {
		x := (n - 1 - e) % order // log of the locator
		for j := k + 1; j > 0; j-- {
			lambda[j] ^= f.mulExp(lambda[j-1], x)
		}
	}
	ne := len(erasures)
	copy(prev, lambda)
	l := ne
	w := ne + 1
	for r := ne; r < nEC; r++ {
		// Discrepancy Δ = Σ Λ_j·S_(r-j).
		delta := 0
		for j := 0; j <= l && j <= r; j++ {
			delta ^= f.mul(lambda[j], synd[r-j])
		}
		// Λ and B are zero from index w on; B ← x·B widens them by one.
		w = min(w+1, len(prev))
		copy(prev[1:w], prev[:w-1])
		prev[0] = 0
		if delta == 0 {
			continue
		}
		// Λ ← Λ - Δ·x·B, and B ← Λ/Δ when the length grows.
		ld := int(f.log[delta])
		for j := range w {
			tmp[j] = lambda[j] ^ f.mulExp(prev[j], ld)
		}
		if 2*l <= r+ne {
			inv := order - ld
			for j := range w {
				prev[j] = f.mulExp(lambda[j], inv)
			}
			l = r + 1 + ne - l
		}
		lambda, tmp = tmp, lambda
	}
	deg := len(lambda) - 1
	for deg > 0 && lambda[deg] == 0 {
		deg--
	}
	// 2·errors + erasures = 2(L-e) + e must fit in nEC.
	if deg != l || l == 0 || 2*l-ne > nEC {
		return 0, ErrUncorrectable
	}

	// 3. Chien search over the positions of the block only: a root
	// elsewhere would be an error outside the block. The position with
	// locator X = α^p is a root when Σ Λ_j·α^(-jp) = 0; term j is kept in
	// term[j] and multiplied by α^-j from one p to the next, so that the
	// terms are independent of each other.
	term := s.work[:l+1]
	copy(term, lambda[:l+1])
	pos := s.pos[:0]
	for p := 0; p < n && len(pos) < l; p++ {
		v := 0
		for j, t := range term {
			v ^= t
			term[j] = f.mulExp(t, order-j) // j <= L <= nEC < 2^m
		}
		if v == 0 {
			pos = append(pos, n-1-p)
		}
	}
	if len(pos) != l {
		return 0, ErrUncorrectable
	}

	// 4. Forney. Ω needs only its terms of degree below L.
	omega := s.omega[:l]
	for i := range omega {
		v := 0
		for j := 0; j <= i; j++ {
			v ^= f.mul(synd[i-j], lambda[j])
		}
		omega[i] = v
	}
	val := s.val[:l]
	for k, i := range pos {
		x := (n - 1 - i) % order
		xinv := (order - x) % order
		// Ω(X^-1) by Horner.
		num := 0
		for j := l - 1; j >= 0; j-- {
			num = f.mulExp(num, xinv) ^ omega[j]
		}
		// Λ'(X^-1) = Σ over odd j of Λ_j·X^-(j-1).
		x2 := (2 * xinv) % order
		den := 0
		top := l
		if top%2 == 0 {
			top--
		}
		for j := top; j >= 1; j -= 2 {
			den = f.mulExp(den, x2) ^ lambda[j]
		}
		if den == 0 {
			return 0, ErrUncorrectable
		}
		// Y = X^(1-b)·Ω(X^-1)/Λ'(X^-1).
		e := (x*((1-f.base+order)%order) + order - int(f.log[den])) % order
		val[k] = f.mulExp(num, e)
	}

	// 5. The corrected block must have zero syndromes: since syndromes are
	// linear, S_j(r - e) = S_j - Σ Y_k·X_k^(b+j). term[k] holds
	// Y_k·X_k^(b+j) as j advances. When Λ has L distinct roots in the
	// block this follows from the steps above; the check costs L·nEC
	// operations and makes a wrong success impossible whatever went before.
	term = s.work[:l]
	loc := s.loc[:l]
	for k, i := range pos {
		loc[k] = (n - 1 - i) % order
		term[k] = f.mulExp(val[k], loc[k]*f.base%order)
	}
	for j := range synd {
		v := synd[j]
		for k, t := range term {
			v ^= t
			term[k] = f.mulExp(t, loc[k])
		}
		synd[j] = v
	}
	for _, v := range synd {
		if v != 0 {
			return 0, ErrUncorrectable
		}
	}
	corrected := 0
	for k, i := range pos {
		if val[k] != 0 {
			block[i] ^= T(val[k])
			corrected++
		}
	}
	return corrected, nil
}
