package reedsolomon

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// maxM is the largest supported symbol size in bits.
const maxM = 12

// Predefined fields. Each is built once at package initialisation and is
// safe for concurrent use.
var (
	// QR is GF(256) with x^8+x^4+x^3+x^2+1 (0x11D) and generator base 0,
	// the field of QR Code, Micro QR Code and rMQR Code
	// (ISO/IEC 18004:2015 §7.5.2).
	QR = NewField(8, 0x11D, 0)

	// DataMatrix is GF(256) with x^8+x^5+x^3+x^2+1 (0x12D) and generator
	// base 1, the field of Data Matrix ECC 200 (ISO/IEC 16022:2006).
	DataMatrix = NewField(8, 0x12D, 1)

	// Aztec4 is GF(16) with x^4+x+1 (0x13) and generator base 1, used for the
	// Aztec mode message (ISO/IEC 24778:2008).
	Aztec4 = NewField(4, 0x13, 1)

	// Aztec6 is GF(64) with x^6+x+1 (0x43) and generator base 1, for Aztec
	// symbols of 1 and 2 layers (ISO/IEC 24778:2008, 6-bit codewords).
	Aztec6 = NewField(6, 0x43, 1)

	// Aztec8 is GF(256) with x^8+x^5+x^3+x^2+1 (0x12D) and generator base 1,
	// for Aztec symbols of 3 to 8 layers.
	Aztec8 = NewField(8, 0x12D, 1)

	// Aztec10 is GF(1024) with x^10+x^3+1 (0x409) and generator base 1, for
	// Aztec symbols of 9 to 22 layers.
	Aztec10 = NewField(10, 0x409, 1)

	// Aztec12 is GF(4096) with x^12+x^6+x^5+x^3+1 (0x1069) and generator base
	// 1, for Aztec symbols of 23 to 32 layers.
	Aztec12 = NewField(12, 0x1069, 1)

	// MaxiCode is GF(64) with x^6+x+1 (0x43) and generator base 1
	// (ISO/IEC 16023:2000).
	MaxiCode = NewField(6, 0x43, 1)
)

// A Field is a Galois field GF(2^m) together with the base b of the
// Reed–Solomon generator polynomial g(x) = (x-α^b)(x-α^(b+1))…(x-α^(b+n-1)),
// where α, the class of x, is a primitive element. Elements are the integers
// 0 to 2^m-1, read as polynomials over GF(2) in binary.
//
// A Field is safe for concurrent use. The zero value is not usable; create
// fields with NewField.
type Field struct {
	m    int // symbol size in bits
	size int // 2^m
	poly int // primitive polynomial
	base int // generator base b, reduced modulo size-1

	// exp[i] = α^i for 0 <= i < 2*(size-1), so that the sum of two logs
	// needs no reduction; entries from 2*(size-1) to 3*size-1 are zero so
	// that logZero plus any log, or plus size-1, indexes a zero.
	exp []uint16
	// log[x] is the discrete log of x for x != 0; log[0] is logZero.
	log []uint16

	// gens[n] caches the generator polynomial of degree n in log form.
	gens []atomic.Pointer[[]uint16]

	// scratch holds *scratch values reused by Decode and DecodeInts.
	scratch sync.Pool
}

// NewField returns the field GF(2^m) defined by the primitive polynomial
// poly (bit i is the coefficient of x^i, so bit m must be set), with
// generator base base for Reed–Solomon codes. m must be between 2 and 12.
// NewField panics if m is out of range or poly is not primitive: both are
// programmer errors.
func NewField(m, poly, base int) *Field {
	if m < 2 || m > maxM {
		panic(fmt.Sprintf("reedsolomon: field size 2^%d out of range", m))
	}
	size := 1 << m
	if poly < size || poly >= 2*size {
		panic(fmt.Sprintf("reedsolomon: polynomial %#x is not of degree %d", poly, m))
	}
	f := &Field{
		m:    m,
		size: size,
		poly: poly,
		exp:  make([]uint16, 3*size),
		log:  make([]uint16, size),
		gens: make([]atomic.Pointer[[]uint16], size),
	}
	order := size - 1
	f.base = ((base % order) + order) % order
	x := 1
	for i := range order {
		if x == 1 && i > 0 {
			panic(fmt.Sprintf("reedsolomon: polynomial %#x is not primitive", poly))
		}
		f.exp[i] = uint16(x)
		f.exp[i+order] = uint16(x)
		f.log[x] = uint16(i)
		x <<= 1
		if x&size != 0 {
			x ^= poly
		}
	}
	if x != 1 {
		panic(fmt.Sprintf("reedsolomon: polynomial %#x is not primitive", poly))
	}
	f.log[0] = uint16(f.logZero())
	return f
}

// logZero is the value standing for the log of 0 in generator polynomials:
// adding to it any log of a non-zero element indexes a zero of f.exp.
func (f *Field) logZero() int { return 2 * (f.size - 1) }

// mul returns a·b without checking its arguments.
func (f *Field) mul(a, b int) int {
	if a == 0 || b == 0 {
		return 0
	}
	return int(f.exp[int(f.log[a])+int(f.log[b])])
}

// mulExp returns a·α^e for 0 <= e <= 2^m-1. It needs no branch: for a = 0,
// log[0] + e indexes the zero tail of exp.
func (f *Field) mulExp(a, e int) int {
	return int(f.exp[int(f.log[a])+e])
}

// Mul returns the product a·b. a and b must be elements of the field
// (0 <= a, b < 2^m).
func (f *Field) Mul(a, b int) int { return f.mul(a, b) }

// Div returns a/b. It panics if b is 0.
func (f *Field) Div(a, b int) int {
	if b == 0 {
		panic("reedsolomon: division by zero")
	}
	if a == 0 {
		return 0
	}
	return int(f.exp[int(f.log[a])+(f.size-1)-int(f.log[b])])
}

// Inv returns the multiplicative inverse 1/a. It panics if a is 0.
func (f *Field) Inv(a int) int { return f.Div(1, a) }

// Exp returns α^e. e may be any integer, including a negative one.
func (f *Field) Exp(e int) int {
	order := f.size - 1
	return int(f.exp[((e%order)+order)%order])
}

// Log returns the discrete logarithm of a: the e in [0, 2^m-1) with α^e = a.
// It panics if a is 0.
func (f *Field) Log(a int) int {
	if a == 0 {
		panic("reedsolomon: log of zero")
	}
	return int(f.log[a])
}

// generator returns the coefficients of the monic generator polynomial of
// degree n, highest degree first and without the leading 1, as logs (with
// logZero for a zero coefficient). n must be between 1 and 2^m-1. The
// result is built once per degree and shared; callers must not modify it.
func (f *Field) generator(n int) []uint16 {
	if g := f.gens[n].Load(); g != nil {
		return *g
	}
	// g(x) = Π (x - α^(b+i)) for i in [0, n), built one factor at a time
	// with coefficients highest degree first.
	c := make([]int, n+1)
	c[0] = 1
	for i := range n {
		r := f.exp[(f.base+i)%(f.size-1)]
		for j := i + 1; j > 0; j-- {
			c[j] ^= f.mul(c[j-1], int(r))
		}
	}
	g := make([]uint16, n)
	for j := range g {
		v := c[j+1]
		if v == 0 {
			g[j] = uint16(f.logZero())
		} else {
			g[j] = f.log[v]
		}
	}
	// Concurrent builders compute the same polynomial; keep the first.
	f.gens[n].CompareAndSwap(nil, &g)
	return *f.gens[n].Load()
}
