package reedsolomon

import (
	"encoding/binary"
	"errors"
	"slices"
	"testing"
)

// fuzzFields are the fields FuzzDecode picks from; index len(fuzzFields)
// picks PDF417.
var fuzzFields = []*Field{QR, DataMatrix, Aztec4, Aztec6, Aztec10, Aztec12}

// FuzzDecode feeds arbitrary blocks, check-symbol counts and erasure lists
// to every decoder. They must not panic, must leave the block unchanged on
// error, and on success must leave a codeword within decoding distance.
func FuzzDecode(f *testing.F) {
	// Seeds: clean and damaged codewords, and malformed arguments.
	qr := make([]byte, 26)
	copy(qr, []byte{16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17})
	QR.Encode(qr[:16], qr[16:])
	f.Add(uint8(0), 10, qr, []byte{})
	damaged := slices.Clone(qr)
	damaged[0], damaged[5], damaged[25] = 0, 0, 0
	f.Add(uint8(0), 10, damaged, []byte{0, 0, 0, 5})
	f.Add(uint8(1), 5, []byte{142, 164, 186, 114, 25, 5, 88, 102}, []byte{0, 1})
	f.Add(uint8(2), 4, []byte{1, 2, 3, 4, 5, 6, 7}, []byte{0, 9, 0, 9})
	f.Add(uint8(4), 6, []byte{0xFF, 0xFF, 3, 0, 1, 0, 0, 0, 4, 0}, []byte{})
	f.Add(uint8(6), 4, []byte{5, 0, 197, 1, 178, 0, 121, 0, 239, 0, 196, 1, 71, 1, 145, 2, 107, 2}, []byte{})
	f.Add(uint8(6), 4, []byte{5, 0, 197, 1, 178, 0, 121, 0, 239, 0, 196, 1, 71, 1, 145, 2, 0, 0}, []byte{0xFF, 0xFF})
	f.Add(uint8(0), -3, qr, []byte{})
	f.Add(uint8(0), 1000, qr, []byte{})
	f.Add(uint8(3), 0, []byte{}, []byte{})

	f.Fuzz(func(t *testing.T, which uint8, nEC int, raw, rawErasures []byte) {
		erasures := make([]int, len(rawErasures)/2)
		for i := range erasures {
			erasures[i] = int(int16(binary.LittleEndian.Uint16(rawErasures[2*i:])))
		}
		k := int(which) % (len(fuzzFields) + 1)
		if k < len(fuzzFields) && fuzzFields[k].m <= 8 {
			fld := fuzzFields[k]
			block := slices.Clone(raw)
			n, err := fld.Decode(block, nEC, erasures)
			checkDecoded(t, toInts(raw), toInts(block), n, err, nEC, erasures, func(b []int) bool { return fieldCodeword(fld, b, nEC) })
			return
		}
		ints := make([]int, len(raw)/2)
		for i := range ints {
			ints[i] = int(int16(binary.LittleEndian.Uint16(raw[2*i:])))
		}
		block := slices.Clone(ints)
		var n int
		var err error
		var isCodeword func([]int) bool
		if k < len(fuzzFields) {
			fld := fuzzFields[k]
			n, err = fld.DecodeInts(block, nEC, erasures)
			isCodeword = func(b []int) bool { return fieldCodeword(fld, b, nEC) }
		} else {
			n, err = PDF417.DecodeInts(block, nEC, erasures)
			isCodeword = func(b []int) bool { return primeCodeword(PDF417, b, nEC) }
		}
		checkDecoded(t, ints, block, n, err, nEC, erasures, isCodeword)
	})
}

// checkDecoded checks the outcome of decoding before into after.
func checkDecoded(t *testing.T, before, after []int, n int, err error, nEC int, erasures []int, isCodeword func([]int) bool) {
	t.Helper()
	if err != nil {
		if !errors.Is(err, ErrUncorrectable) && !errors.Is(err, ErrInvalid) {
			t.Fatalf("error %v is neither ErrUncorrectable nor ErrInvalid", err)
		}
		if n != 0 || !slices.Equal(before, after) {
			t.Fatalf("failed decoding returned %d and changed the block", n)
		}
		return
	}
	if n != diff(before, after) {
		t.Fatalf("reports %d changes, made %d", n, diff(before, after))
	}
	errs := 0
	for i := range after {
		if after[i] != before[i] && !slices.Contains(erasures, i) {
			errs++
		}
	}
	if 2*errs+len(erasures) > nEC {
		t.Fatalf("corrected %d errors and %d erasures with %d check symbols", errs, len(erasures), nEC)
	}
	if !isCodeword(after) {
		t.Fatalf("success, but %v is not a codeword", after)
	}
}

// fieldCodeword reports whether block has zero syndromes, by Horner's rule
// with Mul rather than the decoder's log-domain loop.
func fieldCodeword(f *Field, block []int, nEC int) bool {
	for j := range nEC {
		root := f.Exp(f.base + j)
		v := 0
		for _, c := range block {
			v = f.Mul(v, root) ^ c
		}
		if v != 0 {
			return false
		}
	}
	return true
}

// primeCodeword reports whether block has zero syndromes in GF(p), with
// plain integer arithmetic.
func primeCodeword(f *PrimeField, block []int, nEC int) bool {
	for j := range nEC {
		root := f.Exp(f.base + j)
		v := 0
		for _, c := range block {
			v = (v*root + c) % f.p
		}
		if v != 0 {
			return false
		}
	}
	return true
}
