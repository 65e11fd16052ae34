package png

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestUnfilter checks unfilter against the filters of §9.2, written
// byte by byte in filterRef, for every filter type and pixel size, on
// rows of random bytes and of bytes near 0 and 255, where the Paeth
// distances tie.
func TestUnfilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for bpp := 1; bpp <= 8; bpp++ {
		for _, pixels := range []int{1, 2, 3, 50} {
			for trial := range 20 {
				n := bpp * pixels
				raw, prev := make([]byte, n), make([]byte, n)
				for i := range raw {
					if trial%2 == 0 {
						raw[i], prev[i] = byte(rng.Uint32()), byte(rng.Uint32())
					} else {
						raw[i], prev[i] = []byte{0, 1, 254, 255}[rng.IntN(4)], []byte{0, 1, 254, 255}[rng.IntN(4)]
					}
				}
				for ft := range byte(5) {
					row := filterRef(ft, raw, prev, bpp)
					if !unfilter(ft, row, prev, bpp) || !bytes.Equal(row, raw) {
						t.Fatalf("bpp %d, filter %d, %d pixels: % x, want % x", bpp, ft, pixels, row, raw)
					}
				}
			}
		}
	}
	if unfilter(5, make([]byte, 4), make([]byte, 4), 1) {
		t.Error("filter type 5 accepted")
	}
}

// TestPaethPredictor checks paeth, which picks the predictor by two
// comparisons with 3c-a-b, against the definition of §9.4 on every a, b
// and c.
func TestPaethPredictor(t *testing.T) {
	for a := range 256 {
		for b := range 256 {
			for c := range 256 {
				if got, want := paeth(a, b, c), paethRef(a, b, c); got != want {
					t.Fatalf("paeth(%d, %d, %d) = %d, want %d", a, b, c, got, want)
				}
			}
		}
	}
}

// BenchmarkUnfilter measures each filter on a row of a 640-pixel image of
// each common pixel size (Paeth, the costliest, also on 16-bit RGBA).
func BenchmarkUnfilter(b *testing.B) {
	for _, f := range []struct {
		name string
		ft   byte
	}{{"sub", ftSub}, {"up", ftUp}, {"average", ftAverage}, {"paeth", ftPaeth}} {
		for _, c := range []struct {
			name string
			bpp  int
		}{{"grey", 1}, {"rgb", 3}, {"rgba", 4}, {"rgba16", 8}} {
			if c.bpp == 8 && f.ft != ftPaeth {
				continue
			}
			b.Run(f.name+"/"+c.name, func(b *testing.B) {
				rng := rand.New(rand.NewPCG(13, 14))
				cur, prev := make([]byte, c.bpp*640), make([]byte, c.bpp*640)
				for i := range cur {
					cur[i], prev[i] = byte(rng.Uint32()), byte(rng.Uint32())
				}
				b.SetBytes(int64(len(cur)))
				for b.Loop() {
					unfilter(f.ft, cur, prev, c.bpp)
				}
			})
		}
	}
}
