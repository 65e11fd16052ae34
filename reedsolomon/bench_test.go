package reedsolomon

import (
	"math/rand/v2"
	"testing"
)

// benchBlock returns a QR-field codeword of 100 data and 30 check bytes.
func benchBlock() []byte {
	rng := rand.New(rand.NewPCG(5, 6))
	block := make([]byte, 130)
	for i := range 100 {
		block[i] = byte(rng.IntN(256))
	}
	QR.Encode(block[:100], block[100:])
	return block
}

func BenchmarkEncode(b *testing.B) {
	block := benchBlock()
	b.SetBytes(100)
	b.ReportAllocs()
	for b.Loop() {
		QR.Encode(block[:100], block[100:])
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, nErr := range []int{0, 10} {
		b.Run(map[int]string{0: "clean", 10: "10errors"}[nErr], func(b *testing.B) {
			want := benchBlock()
			bad := append([]byte(nil), want...)
			for i := range nErr {
				bad[i*13] ^= byte(1 + i)
			}
			block := make([]byte, len(want))
			b.SetBytes(int64(len(want)))
			b.ReportAllocs()
			for b.Loop() {
				copy(block, bad)
				if n, err := QR.Decode(block, 30, nil); n != nErr || err != nil {
					b.Fatalf("Decode = %d, %v", n, err)
				}
			}
		})
	}
}

// BenchmarkPDF417 encodes and decodes a PDF417 block of 200 data and 64
// check codewords (error correction level 5).
func BenchmarkPDF417(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	want := make([]int, 264)
	for i := range 200 {
		want[i] = rng.IntN(929)
	}
	PDF417.EncodeInts(want[:200], want[200:])
	b.Run("encode", func(b *testing.B) {
		ec := make([]int, 64)
		b.ReportAllocs()
		for b.Loop() {
			PDF417.EncodeInts(want[:200], ec)
		}
	})
	for _, nErr := range []int{0, 16} {
		b.Run(map[int]string{0: "decode-clean", 16: "decode-16errors"}[nErr], func(b *testing.B) {
			bad := append([]int(nil), want...)
			for i := range nErr {
				bad[i*16] = (bad[i*16] + 1 + i) % 929
			}
			block := make([]int, len(want))
			b.ReportAllocs()
			for b.Loop() {
				copy(block, bad)
				if n, err := PDF417.DecodeInts(block, 64, nil); n != nErr || err != nil {
					b.Fatalf("DecodeInts = %d, %v", n, err)
				}
			}
		})
	}
}
