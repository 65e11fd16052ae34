package reedsolomon

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// PDF417 is GF(929) with primitive element 3 and generator base 1: the
// check codewords of PDF417 and Compact PDF417 (ISO/IEC 15438) and of
// MicroPDF417 (ISO/IEC 24728) are those of g(x) = (x-3)(x-3^2)…(x-3^k).
var PDF417 = NewPrimeField(929, 3, 1)

// A PrimeField is a prime field GF(p) together with a primitive element α
// and the base b of the Reed–Solomon generator polynomial
// g(x) = (x-α^b)(x-α^(b+1))…(x-α^(b+n-1)). Elements are the integers 0 to
// p-1.
//
// A PrimeField is safe for concurrent use. The zero value is not usable;
// create fields with NewPrimeField.
type PrimeField struct {
	p    int // the prime
	base int // generator base b, reduced modulo p-1

	// exp[i] = α^i for 0 <= i < 2*(p-1); entries from 2*(p-1) to 3*p-1 are
	// zero, so that log[0] = 2*(p-1) plus any log or p-1 indexes a zero.
	exp []uint16
	log []uint16

	// gens[n] caches -g(x) for the generator of degree n in log form: the
	// coefficients highest degree first, without the leading 1.
	gens []atomic.Pointer[[]uint16]

	// scratch holds *scratch values reused by DecodeInts.
	scratch sync.Pool
}

// maxPrime bounds the primes NewPrimeField accepts, so that elements and
// logs fit the uint16 tables.
const maxPrime = 1 << 14

// NewPrimeField returns GF(p) with primitive element alpha and generator
// base base. It panics if p is not a prime between 3 and 2^14 or alpha is
// not primitive modulo p: both are programmer errors.
func NewPrimeField(p, alpha, base int) *PrimeField {
	if p < 3 || p > maxPrime {
		panic(fmt.Sprintf("reedsolomon: prime %d out of range", p))
	}
	for d := 2; d*d <= p; d++ {
		if p%d == 0 {
			panic(fmt.Sprintf("reedsolomon: %d is not prime", p))
		}
	}
	order := p - 1
	f := &PrimeField{
		p:    p,
		base: ((base % order) + order) % order,
		exp:  make([]uint16, 3*p),
		log:  make([]uint16, p),
		gens: make([]atomic.Pointer[[]uint16], p),
	}
	x := 1
	for i := range order {
		if x == 1 && i > 0 {
			panic(fmt.Sprintf("reedsolomon: %d is not primitive modulo %d", alpha, p))
		}
		f.exp[i] = uint16(x)
		f.exp[i+order] = uint16(x)
		f.log[x] = uint16(i)
		x = x * alpha % p
	}
	if x != 1 {
		panic(fmt.Sprintf("reedsolomon: %d is not primitive modulo %d", alpha, p))
	}
	f.log[0] = uint16(2 * order)
	return f
}

// add returns a+b for elements a and b.
func (f *PrimeField) add(a, b int) int {
	s := a + b
	if s >= f.p {
		s -= f.p
	}
	return s
}

// sub returns a-b for elements a and b.
func (f *PrimeField) sub(a, b int) int {
	s := a - b
	if s < 0 {
		s += f.p
	}
	return s
}

// mul returns a·b without checking its arguments.
func (f *PrimeField) mul(a, b int) int {
	if a == 0 || b == 0 {
		return 0
	}
	return int(f.exp[int(f.log[a])+int(f.log[b])])
}

// mulExp returns a·α^e for 0 <= e <= p-1, without a branch.
func (f *PrimeField) mulExp(a, e int) int {
	return int(f.exp[int(f.log[a])+e])
}

// Add returns a+b. a and b must be elements of the field (0 <= a, b < p),
// as for every method taking elements.
func (f *PrimeField) Add(a, b int) int { return f.add(a, b) }

// Sub returns a-b.
func (f *PrimeField) Sub(a, b int) int { return f.sub(a, b) }

// Mul returns the product a·b.
func (f *PrimeField) Mul(a, b int) int { return f.mul(a, b) }

// Div returns a/b. It panics if b is 0.
func (f *PrimeField) Div(a, b int) int {
	if b == 0 {
		panic("reedsolomon: division by zero")
	}
	if a == 0 {
		return 0
	}
	return int(f.exp[int(f.log[a])+(f.p-1)-int(f.log[b])])
}

// Inv returns the multiplicative inverse 1/a. It panics if a is 0.
func (f *PrimeField) Inv(a int) int { return f.Div(1, a) }

// Exp returns α^e. e may be any integer, including a negative one.
func (f *PrimeField) Exp(e int) int {
	order := f.p - 1
	return int(f.exp[((e%order)+order)%order])
}

// Log returns the discrete logarithm of a: the e in [0, p-1) with α^e = a.
// It panics if a is 0.
func (f *PrimeField) Log(a int) int {
	if a == 0 {
		panic("reedsolomon: log of zero")
	}
	return int(f.log[a])
}

// negGenerator returns the coefficients of -g(x) for the monic generator
// polynomial g of degree n, highest degree first and without the leading
// term, as logs (log[0] for a zero coefficient). n must be between 1 and
// p-1. The result is built once per degree and shared.
func (f *PrimeField) negGenerator(n int) []uint16 {
	if g := f.gens[n].Load(); g != nil {
		return *g
	}
	c := make([]int, n+1)
	c[0] = 1
	for i := range n {
		r := int(f.exp[(f.base+i)%(f.p-1)])
		for j := i + 1; j > 0; j-- {
			c[j] = f.sub(c[j], f.mul(c[j-1], r))
		}
	}
	g := make([]uint16, n)
	for j := range g {
		g[j] = f.log[f.sub(0, c[j+1])]
	}
	f.gens[n].CompareAndSwap(nil, &g)
	return *f.gens[n].Load()
}

// EncodeInts computes the Reed–Solomon check symbols for data and stores
// them in ec; len(ec) is the number of check symbols. data[0] is the
// coefficient of the highest degree, and the codeword is data followed by
// ec. Data symbols are taken modulo p.
//
// The check symbols are the complements -r_i = p - r_i (0 stays 0) of the
// remainder r(x) of data(x)·x^n divided by g(x), as ISO/IEC 15438 computes
// them for PDF417, so that the codeword is a multiple of g(x). EncodeInts panics if len(ec) is p or more. It allocates nothing
// once the generator polynomial of degree len(ec) has been built.
func (f *PrimeField) EncodeInts(data, ec []int) {
	n := len(ec)
	if n == 0 {
		return
	}
	if n >= f.p {
		panic(fmt.Sprintf("reedsolomon: %d check symbols in GF(%d)", n, f.p))
	}
	g := f.negGenerator(n)
	g = g[:n]
	clear(ec)
	for _, d := range data {
		if d < 0 || d >= f.p {
			d = ((d % f.p) + f.p) % f.p
		}
		// ec holds the remainder so far; the feedback is the coefficient
		// of x^n in ec·x + d·x^n, and fb·g(x) is subtracted.
		fb := f.add(d, ec[0])
		if fb == 0 {
			copy(ec, ec[1:])
			ec[n-1] = 0
			continue
		}
		exp := f.exp[f.log[fb]:]
		for j := 0; j < n-1; j++ {
			ec[j] = f.add(ec[j+1], int(exp[g[j]]))
		}
		ec[n-1] = int(exp[g[n-1]])
	}
	for j, r := range ec {
		ec[j] = f.sub(0, r)
	}
}

// DecodeInts corrects block in place. block holds a codeword, data followed
// by nEC check symbols, highest degree first, as EncodeInts produces it,
// possibly with errors. erasures lists indices into block of symbols known
// to be wrong or unreadable. DecodeInts returns the number of symbols it
// changed.
//
// It corrects any pattern with 2·errors + erasures <= nEC and otherwise
// returns ErrUncorrectable or, rarely, a correction to another codeword
// within that distance; a successful return always leaves a valid codeword
// in block, and on error block is unchanged. Invalid arguments, including
// symbols outside [0, p), give an error wrapping ErrInvalid. DecodeInts
// allocates nothing after warm-up.
//
// The steps are those of Field.DecodeInts; in GF(p) the signs matter:
// the erasure locator is Π(1 - X_k·x), the error value is
// Y = -X^(1-b)·Ω(X^-1)/Λ'(X^-1) with the formal derivative Λ' = Σ j·Λ_j·x^(j-1),
// and the correction subtracts Y.
func (f *PrimeField) DecodeInts(block []int, nEC int, erasures []int) (int, error) {
	n := len(block)
	order := f.p - 1
	if err := checkLengths(n, nEC, order); err != nil {
		return 0, err
	}
	s := getScratch(&f.scratch, n, nEC)
	defer f.scratch.Put(s)
	if err := checkErasures(n, nEC, erasures, s.seen); err != nil {
		return 0, err
	}
	for i, v := range block {
		if v < 0 || v >= f.p {
			return 0, fmt.Errorf("%w: symbol %d at %d is outside GF(%d)", ErrInvalid, v, i, f.p)
		}
	}

	// 1. Syndromes S_j = r(α^(b+j)), all advanced together.
	synd := s.synd[:nEC]
	for _, c := range block {
		root := f.base
		for j, v := range synd {
			synd[j] = f.add(f.mulExp(v, root), c)
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
		x := (n - 1 - e) % order
		for j := k + 1; j > 0; j-- {
			lambda[j] = f.sub(lambda[j], f.mulExp(lambda[j-1], x))
		}
	}
	ne := len(erasures)
	copy(prev, lambda)
	l := ne
	w := ne + 1
	for r := ne; r < nEC; r++ {
		delta := 0
		for j := 0; j <= l && j <= r; j++ {
			delta = f.add(delta, f.mul(lambda[j], synd[r-j]))
		}
		// Λ and B are zero from index w on; B ← x·B widens them by one.
		w = min(w+1, len(prev))
		copy(prev[1:w], prev[:w-1])
		prev[0] = 0
		if delta == 0 {
			continue
		}
		ld := int(f.log[delta])
		for j := range w {
			tmp[j] = f.sub(lambda[j], f.mulExp(prev[j], ld))
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
	if deg != l || l == 0 || 2*l-ne > nEC {
		return 0, ErrUncorrectable
	}

	// 3. Chien search over the block's positions.
	term := s.work[:l+1]
	copy(term, lambda[:l+1])
	pos := s.pos[:0]
	for p := 0; p < n && len(pos) < l; p++ {
		v := 0
		for j, t := range term {
			v = f.add(v, t)
			term[j] = f.mulExp(t, order-j) // j <= L <= nEC < p
		}
		if v == 0 {
			pos = append(pos, n-1-p)
		}
	}
	if len(pos) != l {
		return 0, ErrUncorrectable
	}

	// 4. Forney.
	omega := s.omega[:l]
	for i := range omega {
		v := 0
		for j := 0; j <= i; j++ {
			v = f.add(v, f.mul(synd[i-j], lambda[j]))
		}
		omega[i] = v
	}
	val := s.val[:l]
	loc := s.loc[:l]
	for k, i := range pos {
		x := (n - 1 - i) % order
		xinv := (order - x) % order
		num := 0
		for j := l - 1; j >= 0; j-- {
			num = f.add(f.mulExp(num, xinv), omega[j])
		}
		den := 0
		for j := l; j >= 1; j-- {
			den = f.add(f.mulExp(den, xinv), f.mul(j%f.p, lambda[j]))
		}
		if den == 0 {
			return 0, ErrUncorrectable
		}
		e := (x*((1-f.base+order)%order) + order - int(f.log[den])) % order
		val[k] = f.sub(0, f.mulExp(num, e))
		loc[k] = x
	}

	// 5. Check that S_j - Σ Y_k·X_k^(b+j) = 0 for every j.
	term = s.work[:l]
	for k := range term {
		term[k] = f.mulExp(val[k], loc[k]*f.base%order)
	}
	for j := range synd {
		v := synd[j]
		for k, t := range term {
			v = f.sub(v, t)
			term[k] = f.mulExp(t, loc[k])
		}
		if v != 0 {
			return 0, ErrUncorrectable
		}
	}
	corrected := 0
	for k, i := range pos {
		if val[k] != 0 {
			block[i] = f.sub(block[i], val[k])
			corrected++
		}
	}
	return corrected, nil
}
