package reedsolomon

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// binaryFields lists the predefined GF(2^m) fields by name.
var binaryFields = []struct {
	name string
	f    *Field
}{
	{"QR", QR},
	{"DataMatrix", DataMatrix},
	{"Aztec4", Aztec4},
	{"Aztec6", Aztec6},
	{"Aztec8", Aztec8},
	{"Aztec10", Aztec10},
	{"Aztec12", Aztec12},
	{"MaxiCode", MaxiCode},
}

// A code is one of the package's encoder/decoder pairs, seen through ints,
// so that the same tests run on every field and on the byte API.
type code struct {
	name   string
	size   int // number of field elements
	ref    refField
	encode func(data, ec []int)
	decode func(block []int, nEC int, erasures []int) (int, error)
}

// codes returns every predefined field through the int API, the fields of
// at most 8 bits through the byte API, and PDF417.
func codes() []code {
	var cs []code
	for _, tf := range binaryFields {
		f := tf.f
		cs = append(cs, code{tf.name, f.size, refOf(f), f.EncodeInts, f.DecodeInts})
		if f.m <= 8 {
			cs = append(cs, code{tf.name + "/bytes", f.size, refOf(f),
				func(data, ec []int) {
					b := make([]byte, len(ec))
					f.Encode(toBytes(data), b)
					copy(ec, toInts(b))
				},
				func(block []int, nEC int, erasures []int) (int, error) {
					b := toBytes(block)
					n, err := f.Decode(b, nEC, erasures)
					copy(block, toInts(b))
					return n, err
				}})
		}
	}
	cs = append(cs, code{"PDF417", 929, refPrime(929, 3, 1), PDF417.EncodeInts, PDF417.DecodeInts})
	return cs
}

func toBytes(s []int) []byte {
	b := make([]byte, len(s))
	for i, v := range s {
		b[i] = byte(v)
	}
	return b
}

// randomCodeword returns a random codeword of n symbols with nEC check
// symbols.
func randomCodeword(rng *rand.Rand, c code, n, nEC int) []int {
	block := make([]int, n)
	for i := range n - nEC {
		block[i] = rng.IntN(c.size)
	}
	c.encode(block[:n-nEC], block[n-nEC:])
	return block
}

// damage changes nErr distinct symbols of block to other values and marks
// nEra further distinct symbols as erased, giving most of them a random
// value, and returns the erasure list.
func damage(rng *rand.Rand, block []int, size, nErr, nEra int) []int {
	perm := rng.Perm(len(block))
	for _, i := range perm[:nErr] {
		block[i] = (block[i] + 1 + rng.IntN(size-1)) % size
	}
	erasures := perm[nErr : nErr+nEra]
	for _, i := range erasures {
		if rng.IntN(4) != 0 { // the others happen to be right
			block[i] = rng.IntN(size)
		}
	}
	return erasures
}

// diff returns the number of symbols where a and b differ.
func diff(a, b []int) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// TestDecodeWithinCapacity checks that every pattern with
// 2·errors + erasures <= nEC is corrected, with the count of changed symbols.
func TestDecodeWithinCapacity(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range codes() {
		t.Run(c.name, func(t *testing.T) {
			for trial := range 300 {
				n := 1 + rng.IntN(min(c.size-1, 300))
				nEC := rng.IntN(n + 1)
				want := randomCodeword(rng, c, n, nEC)
				nEra := rng.IntN(nEC + 1)
				nErr := rng.IntN((nEC-nEra)/2 + 1)
				if trial%3 == 0 { // exactly at capacity
					nErr = (nEC - nEra) / 2
				}
				block := slices.Clone(want)
				erasures := damage(rng, block, c.size, nErr, nEra)
				changed := diff(block, want)
				got, err := c.decode(block, nEC, erasures)
				if err != nil || got != changed || !slices.Equal(block, want) {
					t.Fatalf("trial %d: n=%d nEC=%d errors=%d erasures=%d: decode = %d, %v; want %d, nil and the codeword",
						trial, n, nEC, nErr, nEra, got, err, changed)
				}
			}
		})
	}
}

// TestDecodeBeyondCapacity damages blocks beyond what their check symbols
// correct: decoding must fail and leave the block alone, or miscorrect to
// another codeword within decoding distance, never return a non-codeword.
func TestDecodeBeyondCapacity(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range codes() {
		t.Run(c.name, func(t *testing.T) {
			failed := 0
			for trial := range 300 {
				n := 2 + rng.IntN(min(c.size-2, 200))
				nEC := 1 + rng.IntN(n)
				want := randomCodeword(rng, c, n, nEC)
				nEra := rng.IntN(nEC)
				minErr := (nEC-nEra)/2 + 1
				if minErr+nEra > n {
					continue
				}
				nErr := minErr + rng.IntN(min(n-nEra-minErr, 3)+1)
				block := slices.Clone(want)
				erasures := damage(rng, block, c.size, nErr, nEra)
				before := slices.Clone(block)
				got, err := c.decode(block, nEC, erasures)
				if err != nil {
					if !errors.Is(err, ErrUncorrectable) {
						t.Fatalf("trial %d: error %v, want ErrUncorrectable", trial, err)
					}
					if !slices.Equal(block, before) {
						t.Fatalf("trial %d: block changed on error", trial)
					}
					failed++
					continue
				}
				if !c.ref.isCodeword(block, nEC) {
					t.Fatalf("trial %d: n=%d nEC=%d: success (%d) with non-zero syndromes", trial, n, nEC, got)
				}
				if got != diff(block, before) {
					t.Fatalf("trial %d: reports %d changes, made %d", trial, got, diff(block, before))
				}
				errs := 0
				for i := range block {
					if block[i] != before[i] && !slices.Contains(erasures, i) {
						errs++
					}
				}
				if 2*errs+nEra > nEC {
					t.Fatalf("trial %d: corrected %d errors and %d erasures with %d check symbols", trial, errs, nEra, nEC)
				}
			}
			if failed == 0 {
				t.Errorf("no block beyond capacity was rejected")
			}
		})
	}
}

// TestDecodeBruteForce compares the decoder with trying every codeword, on
// codes small enough to enumerate: the decoder must succeed exactly when a
// codeword lies within decoding distance, and return that codeword.
func TestDecodeBruteForce(t *testing.T) {
	type small struct {
		ref    refField
		decode func([]int, int, []int) (int, error)
		encode func([]int, []int)
	}
	var smalls []small
	for _, b := range []struct{ m, poly, base int }{{3, 0xB, 0}, {3, 0xB, 1}, {4, 0x13, 1}, {4, 0x13, 0}} {
		f := NewField(b.m, b.poly, b.base)
		smalls = append(smalls, small{refBinary(b.m, b.poly, b.base), f.DecodeInts, f.EncodeInts})
	}
	for _, p := range []struct{ p, alpha, base int }{{7, 3, 1}, {11, 2, 0}, {13, 2, 1}} {
		f := NewPrimeField(p.p, p.alpha, p.base)
		smalls = append(smalls, small{refPrime(p.p, p.alpha, p.base), f.DecodeInts, f.EncodeInts})
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for _, s := range smalls {
		name := fmt.Sprintf("GF(%d) base %d", s.ref.p, s.ref.base)
		t.Run(name, func(t *testing.T) {
			agree, found := 0, 0
			for range 500 {
				n := 1 + rng.IntN(s.ref.p-1)
				nEC := rng.IntN(n + 1)
				// Keep p^k small enough to enumerate.
				for pk := 1; ; {
					k := n - nEC
					pk = 1
					for range k {
						pk *= s.ref.p
					}
					if pk <= 5000 {
						break
					}
					nEC++
				}
				block := make([]int, n)
				for i := range n - nEC {
					block[i] = rng.IntN(s.ref.p)
				}
				s.encode(block[:n-nEC], block[n-nEC:])
				nEra := rng.IntN(nEC + 1)
				nErr := rng.IntN(n - nEra + 1)
				if nErr > nEC/2+2 {
					nErr = rng.IntN(nEC/2 + 3)
				}
				erasures := damage(rng, block, s.ref.p, min(nErr, n-nEra), nEra)
				received := slices.Clone(block)
				want, ok := s.ref.bruteDecode(received, nEC, erasures)
				_, err := s.decode(block, nEC, erasures)
				switch {
				case ok && err != nil:
					t.Fatalf("n=%d nEC=%d erasures=%v: %v decodes to %v, decoder fails: %v", n, nEC, erasures, received, want, err)
				case !ok && err == nil:
					t.Fatalf("n=%d nEC=%d erasures=%v: %v has no codeword in reach, decoder gives %v", n, nEC, erasures, received, block)
				case ok && !slices.Equal(block, want):
					t.Fatalf("n=%d nEC=%d erasures=%v: %v decodes to %v, decoder gives %v", n, nEC, erasures, received, want, block)
				}
				agree++
				if ok {
					found++
				}
			}
			if found == 0 || found == agree {
				t.Errorf("%d of %d blocks decodable: the test does not exercise both outcomes", found, agree)
			}
		})
	}
}

func TestDecodeInvalid(t *testing.T) {
	good := make([]byte, 10)
	QR.Encode(good[:6], good[6:])
	tests := []struct {
		name     string
		f        *Field
		block    []byte
		nEC      int
		erasures []int
		want     error
	}{
		{"negative nEC", QR, good, -1, nil, ErrInvalid},
		{"nEC beyond block", QR, good, 11, nil, ErrInvalid},
		{"erasure below", QR, good, 4, []int{-1}, ErrInvalid},
		{"erasure beyond", QR, good, 4, []int{10}, ErrInvalid},
		{"erasure repeated", QR, good, 4, []int{3, 3}, ErrInvalid},
		{"too many erasures", QR, good, 4, []int{0, 1, 2, 3, 4}, ErrUncorrectable},
		{"erasures without check symbols", QR, good, 0, []int{0}, ErrUncorrectable},
		{"block too long", QR, make([]byte, 256), 4, nil, ErrInvalid},
		{"symbol outside GF(16)", Aztec4, []byte{1, 2, 16, 0}, 2, nil, ErrInvalid},
		{"bytes on GF(1024)", Aztec10, good, 4, nil, ErrInvalid},
	}
	for _, tt := range tests {
		block := slices.Clone(tt.block)
		n, err := tt.f.Decode(block, tt.nEC, tt.erasures)
		if !errors.Is(err, tt.want) || n != 0 || !slices.Equal(block, tt.block) {
			t.Errorf("%s: Decode = %d, %v; want 0, %v and the block unchanged", tt.name, n, err, tt.want)
		}
	}
	if _, err := Aztec10.DecodeInts([]int{1, 1024, 0}, 2, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("DecodeInts with symbol 1024 in GF(1024): %v", err)
	}
	if _, err := Aztec10.DecodeInts([]int{1, -1, 0}, 2, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("DecodeInts with symbol -1: %v", err)
	}
	if _, err := PDF417.DecodeInts([]int{1, 929, 0}, 2, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("PDF417 DecodeInts with symbol 929: %v", err)
	}
	if _, err := PDF417.DecodeInts(make([]int, 929), 2, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("PDF417 DecodeInts of 929 symbols: %v", err)
	}
	// Edge cases that are valid.
	for _, tt := range []struct {
		name  string
		block []byte
		nEC   int
	}{
		{"empty", nil, 0},
		{"no check symbols", []byte{1, 2, 3}, 0},
		{"all check symbols", []byte{0, 0, 0}, 3},
		{"longest block", make([]byte, 255), 30},
	} {
		if n, err := QR.Decode(tt.block, tt.nEC, nil); n != 0 || err != nil {
			t.Errorf("%s: Decode = %d, %v; want 0, nil", tt.name, n, err)
		}
	}
}

// TestDecodeErrorOutsideBlock gives the decoders a shortened block whose
// syndromes are those of a single error just before its first symbol, at
// locator α^n. The locator polynomial then has its root outside the block,
// and no pattern inside the block is within reach, so decoding must fail.
func TestDecodeErrorOutsideBlock(t *testing.T) {
	const nEC = 6
	for _, c := range codes() {
		n := min(20, c.size-2)
		// x^n mod g(x) is the check part of the data 1 0 … 0 of length
		// n-nEC+1 (negated in GF(p)): the block is the codeword
		// 1 0 … 0 check, less its first symbol.
		data := make([]int, n-nEC+1)
		data[0] = 1
		block := make([]int, n)
		c.encode(data, block[n-nEC:])
		before := slices.Clone(block)
		if _, err := c.decode(block, nEC, nil); !errors.Is(err, ErrUncorrectable) || !slices.Equal(block, before) {
			t.Errorf("%s: decode = %v, %v; want ErrUncorrectable and the block unchanged", c.name, err, block)
		}
		// The same block with one more leading symbol, which places that
		// error at index 0, inside the block.
		longer := append([]int{0}, before...)
		if k, err := c.decode(longer, nEC, nil); err != nil || k != 1 || longer[0] != 1 {
			t.Errorf("%s: one symbol longer: decode = %d, %v, %v; want the error at index 0 corrected", c.name, k, err, longer)
		}
	}
}
