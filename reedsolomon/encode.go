package reedsolomon

import "fmt"

// symbol is the type of a code symbol: byte for fields of at most 256
// elements, int for any field.
type symbol interface{ ~byte | ~int }

// Encode computes the Reed–Solomon check symbols for data and stores them in
// ec; len(ec) is the number of check symbols. data[0] is the coefficient of
// the highest degree, as transmitted first in QR Code, Data Matrix and
// Aztec Code, and the codeword is data followed by ec. Only the low m bits of
// each data symbol are used.
//
// Encode is for fields of at most 8 bits; it panics if f is larger or if
// len(ec) is 2^m or more (a Reed–Solomon code over GF(2^m) has fewer than 2^m
// check symbols). It allocates nothing once the generator polynomial of
// degree len(ec) has been built.
func (f *Field) Encode(data, ec []byte) {
	if f.m > 8 {
		panic(fmt.Sprintf("reedsolomon: byte Encode on GF(2^%d)", f.m))
	}
	encode(f, data, ec)
}

// EncodeInts is Encode for symbols held in ints, for fields of any size.
func (f *Field) EncodeInts(data, ec []int) {
	encode(f, data, ec)
}

// encode divides data(x)·x^n by the generator g(x) of degree n = len(ec) and
// stores the remainder, which is the check part of a systematic codeword, in
// ec. It runs the division as a linear feedback shift register: ec holds the
// running remainder, highest degree first.
func encode[T symbol](f *Field, data, ec []T) {
	n := len(ec)
	if n == 0 {
		return
	}
	if n >= f.size {
		panic(fmt.Sprintf("reedsolomon: %d check symbols in GF(2^%d)", n, f.m))
	}
	g := f.generator(n)
	g = g[:n]
	clear(ec)
	mask := f.size - 1
	for _, d := range data {
		fb := (int(d) & mask) ^ int(ec[0])
		if fb == 0 {
			copy(ec, ec[1:])
			ec[n-1] = 0
			continue
		}
		// ec = (ec·x + fb·g(x)) without the x^n term, which cancels.
		lf := int(f.log[fb])
		exp := f.exp[lf:]
		for j := 0; j < n-1; j++ {
			ec[j] = ec[j+1] ^ T(exp[g[j]])
		}
		ec[n-1] = T(exp[g[n-1]])
	}
}
