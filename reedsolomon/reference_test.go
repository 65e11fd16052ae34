package reedsolomon

// A slow reference implementation, sharing no table or code with the
// package, that the fast one is tested against: field arithmetic by
// shift-and-add multiplication, generator polynomials by repeated
// multiplication, check symbols by polynomial long division, and a decoder
// that tries every codeword.

// refField is GF(2^m) or GF(p) computed without tables.
type refField struct {
	binary bool
	m      int // bits, when binary
	poly   int // primitive polynomial, when binary
	p      int // number of elements: 2^m or the prime
	alpha  int // primitive element: 2 (the class of x) or the prime's
	base   int
}

func refBinary(m, poly, base int) refField {
	return refField{binary: true, m: m, poly: poly, p: 1 << m, alpha: 2, base: base}
}

func refPrime(p, alpha, base int) refField {
	return refField{p: p, alpha: alpha, base: base}
}

func (r refField) add(a, b int) int {
	if r.binary {
		return a ^ b
	}
	return (a + b) % r.p
}

func (r refField) neg(a int) int {
	if r.binary {
		return a
	}
	return (r.p - a) % r.p
}

func (r refField) mul(a, b int) int {
	if !r.binary {
		return a * b % r.p
	}
	// Carry-less multiplication, reducing by poly whenever bit m is set.
	prod := 0
	for b > 0 {
		if b&1 != 0 {
			prod ^= a
		}
		b >>= 1
		a <<= 1
		if a&r.p != 0 {
			a ^= r.poly
		}
	}
	return prod
}

func (r refField) pow(a, e int) int {
	v := 1
	for range e {
		v = r.mul(v, a)
	}
	return v
}

// generator returns g(x) = Π (x - α^(base+i)), i in [0, n), highest degree
// first, leading 1 included.
func (r refField) generator(n int) []int {
	g := []int{1}
	for i := range n {
		root := r.neg(r.pow(r.alpha, r.base+i))
		next := make([]int, len(g)+1)
		for j, c := range g {
			next[j] = r.add(next[j], c)                  // x·c
			next[j+1] = r.add(next[j+1], r.mul(c, root)) // -root·c
		}
		g = next
	}
	return g
}

// encode returns the check symbols: the negated remainder of
// data(x)·x^nEC divided by g(x), by schoolbook long division.
func (r refField) encode(data []int, nEC int) []int {
	return r.encodeWith(data, r.generator(nEC))
}

// encodeWith is encode with the generator g of degree len(g)-1.
func (r refField) encodeWith(data, g []int) []int {
	nEC := len(g) - 1
	rem := make([]int, len(data)+nEC)
	copy(rem, data)
	for i := range data {
		q := rem[i] // g is monic
		if q == 0 {
			continue
		}
		for j, c := range g {
			rem[i+j] = r.add(rem[i+j], r.neg(r.mul(q, c)))
		}
	}
	ec := rem[len(data):]
	for j := range ec {
		ec[j] = r.neg(ec[j])
	}
	return ec
}

// isCodeword reports whether block, read highest degree first, vanishes at
// every root of the generator of degree nEC.
func (r refField) isCodeword(block []int, nEC int) bool {
	for j := range nEC {
		root := r.pow(r.alpha, r.base+j)
		v := 0
		for _, c := range block {
			v = r.add(r.mul(v, root), c)
		}
		if v != 0 {
			return false
		}
	}
	return true
}

// bruteDecode returns the codeword c of the code with nEC check symbols
// within decoding distance of block (2·errors + erasures <= nEC, errors
// counted outside the erasures), trying every codeword, and whether there
// is one. It is only practical for p^(len(block)-nEC) up to about 10^5.
func (r refField) bruteDecode(block []int, nEC int, erasures []int) ([]int, bool) {
	k := len(block) - nEC
	erased := make([]bool, len(block))
	for _, e := range erasures {
		erased[e] = true
	}
	data := make([]int, k)
	g := r.generator(nEC)
	var found []int
	for {
		c := append(append([]int(nil), data...), r.encodeWith(data, g)...)
		errs := 0
		for i := range c {
			if !erased[i] && c[i] != block[i] {
				errs++
			}
		}
		if 2*errs+len(erasures) <= nEC {
			if found != nil {
				panic("two codewords within decoding distance")
			}
			found = c
		}
		// Next data vector, as a counter in base p.
		i := k - 1
		for i >= 0 && data[i] == r.p-1 {
			data[i] = 0
			i--
		}
		if i < 0 {
			break
		}
		data[i]++
	}
	return found, found != nil
}
