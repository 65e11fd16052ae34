package reedsolomon

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

func TestEncodeMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, tf := range binaryFields {
		t.Run(tf.name, func(t *testing.T) {
			f := tf.f
			ref := refOf(f)
			for range 200 {
				n := 1 + rng.IntN(min(f.size-1, 120))
				nEC := 1 + rng.IntN(n)
				data := make([]int, n-nEC)
				for i := range data {
					data[i] = rng.IntN(f.size)
				}
				want := ref.encode(data, nEC)
				got := make([]int, nEC)
				f.EncodeInts(data, got)
				if !slices.Equal(got, want) {
					t.Fatalf("EncodeInts(%v) = %v, want %v", data, got, want)
				}
				if f.m <= 8 {
					b := make([]byte, len(data))
					for i, v := range data {
						b[i] = byte(v)
					}
					ec := make([]byte, nEC)
					f.Encode(b, ec)
					if !slices.Equal(toInts(ec), want) {
						t.Fatalf("Encode(%v) = %v, want %v", b, ec, want)
					}
				}
				if !ref.isCodeword(append(data, want...), nEC) {
					t.Fatalf("reference codeword does not check")
				}
			}
		})
	}
}

func TestPrimeEncodeMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	ref := refPrime(929, 3, 1)
	for range 100 {
		n := 1 + rng.IntN(200)
		nEC := 1 + rng.IntN(n)
		data := make([]int, n-nEC)
		for i := range data {
			data[i] = rng.IntN(929)
		}
		want := ref.encode(data, nEC)
		got := make([]int, nEC)
		PDF417.EncodeInts(data, got)
		if !slices.Equal(got, want) {
			t.Fatalf("EncodeInts(%v) = %v, want %v", data, got, want)
		}
	}
}

// TestLinear checks that encoding is linear: the check symbols of a sum
// are the sum of the check symbols, and scaling the data scales them.
func TestLinear(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, tf := range binaryFields {
		f := tf.f
		for range 100 {
			k, nEC := 1+rng.IntN(min(f.size-2, 60)), 1+rng.IntN(min(f.size-2, 40))
			if k+nEC >= f.size {
				continue
			}
			a, b, sum, scaled := make([]int, k), make([]int, k), make([]int, k), make([]int, k)
			c := rng.IntN(f.size)
			for i := range k {
				a[i], b[i] = rng.IntN(f.size), rng.IntN(f.size)
				sum[i] = a[i] ^ b[i]
				scaled[i] = f.Mul(c, a[i])
			}
			ea, eb, esum, escaled := make([]int, nEC), make([]int, nEC), make([]int, nEC), make([]int, nEC)
			f.EncodeInts(a, ea)
			f.EncodeInts(b, eb)
			f.EncodeInts(sum, esum)
			f.EncodeInts(scaled, escaled)
			for i := range nEC {
				if esum[i] != ea[i]^eb[i] || escaled[i] != f.Mul(c, ea[i]) {
					t.Fatalf("%s: encoding is not linear at check symbol %d", tf.name, i)
				}
			}
		}
	}
	for range 100 {
		k, nEC := 1+rng.IntN(100), 1+rng.IntN(100)
		a, b, sum, scaled := make([]int, k), make([]int, k), make([]int, k), make([]int, k)
		c := rng.IntN(929)
		for i := range k {
			a[i], b[i] = rng.IntN(929), rng.IntN(929)
			sum[i] = PDF417.Add(a[i], b[i])
			scaled[i] = PDF417.Mul(c, a[i])
		}
		ea, eb, esum, escaled := make([]int, nEC), make([]int, nEC), make([]int, nEC), make([]int, nEC)
		PDF417.EncodeInts(a, ea)
		PDF417.EncodeInts(b, eb)
		PDF417.EncodeInts(sum, esum)
		PDF417.EncodeInts(scaled, escaled)
		for i := range nEC {
			if esum[i] != PDF417.Add(ea[i], eb[i]) || escaled[i] != PDF417.Mul(c, ea[i]) {
				t.Fatalf("PDF417: encoding is not linear at check symbol %d", i)
			}
		}
	}
}

// TestEncodeMasks checks that data symbols are reduced into the field
// rather than indexing outside the tables.
func TestEncodeMasks(t *testing.T) {
	ec, want := make([]int, 5), make([]int, 5)
	Aztec6.EncodeInts([]int{1, 64 + 2, -64 + 3, 1 << 20}, ec)
	Aztec6.EncodeInts([]int{1, 2, 3, 0}, want)
	if !slices.Equal(ec, want) {
		t.Errorf("Aztec6 out-of-range data: %v, want %v", ec, want)
	}
	b := make([]byte, 4)
	Aztec4.Encode([]byte{0xF1, 0x12}, b)
	wb := make([]byte, 4)
	Aztec4.Encode([]byte{1, 2}, wb)
	if !slices.Equal(b, wb) {
		t.Errorf("Aztec4 out-of-range data: %v, want %v", b, wb)
	}
	PDF417.EncodeInts([]int{929 + 5, -929 + 453, 178, 121, 239 + 9290}, ec[:4])
	if want := []int{452, 327, 657, 619}; !slices.Equal(ec[:4], want) {
		t.Errorf("PDF417 out-of-range data: %v, want %v", ec[:4], want)
	}
}

func TestEncodePanics(t *testing.T) {
	for name, fn := range map[string]func(){
		"byte Encode on GF(1024)": func() { Aztec10.Encode([]byte{1}, make([]byte, 2)) },
		"16 check symbols GF(16)": func() { Aztec4.EncodeInts([]int{1}, make([]int, 16)) },
		"929 check symbols":       func() { PDF417.EncodeInts([]int{1}, make([]int, 929)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			fn()
		}()
	}
	// The largest number of check symbols is fine, as is no data.
	Aztec4.EncodeInts(nil, make([]int, 15))
	QR.Encode(nil, make([]byte, 255))
	QR.Encode([]byte{1, 2, 3}, nil)
}

func TestEncodeAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop values")
	}
	data, ec := make([]byte, 100), make([]byte, 30)
	ints, iec := make([]int, 100), make([]int, 30)
	QR.Encode(data, ec) // builds the generator
	PDF417.EncodeInts(ints, iec)
	if n := testing.AllocsPerRun(100, func() { QR.Encode(data, ec) }); n != 0 {
		t.Errorf("Encode: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { PDF417.EncodeInts(ints, iec) }); n != 0 {
		t.Errorf("PDF417.EncodeInts: %v allocations", n)
	}
	block := make([]byte, 130)
	QR.Encode(block[:100], block[100:])
	bad := slices.Clone(block)
	for i := range 10 {
		bad[i*7] ^= 0x33
	}
	work := make([]byte, 130)
	QR.Decode(work, 30, nil)
	if n := testing.AllocsPerRun(100, func() {
		copy(work, bad)
		QR.Decode(work, 30, []int{129, 128})
	}); n != 0 {
		t.Errorf("Decode: %v allocations", n)
	}
}

// TestConcurrent encodes and decodes from many goroutines on a fresh field,
// so that generators are built concurrently (run with -race).
func TestConcurrent(t *testing.T) {
	f := NewField(8, 0x11D, 0)
	p := NewPrimeField(929, 3, 1)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 17))
			for range 200 {
				nEC := 2 + rng.IntN(20) // one error needs two check symbols
				data := make([]byte, 1+rng.IntN(50))
				for i := range data {
					data[i] = byte(rng.IntN(256))
				}
				block := append(slices.Clone(data), make([]byte, nEC)...)
				f.Encode(data, block[len(data):])
				want := slices.Clone(block)
				block[rng.IntN(len(block))] ^= 0xA5
				if _, err := f.Decode(block, nEC, nil); err != nil || !slices.Equal(block, want) {
					t.Errorf("Decode: %v", err)
					return
				}
				ints := toInts(data)
				iblock := append(ints, make([]int, nEC)...)
				p.EncodeInts(ints, iblock[len(ints):])
				iwant := slices.Clone(iblock)
				iblock[0] = (iblock[0] + 1) % 929
				if _, err := p.DecodeInts(iblock, nEC, nil); err != nil || !slices.Equal(iblock, iwant) {
					t.Errorf("PDF417 DecodeInts: %v", err)
					return
				}
			}
		})
	}
	wg.Wait()
}
