package png

import (
	"math/rand/v2"
	"testing"
)

// TestRowRGB8 checks the conversion of RGB rows two pixels at a time
// against luma a pixel at a time, at every width up to 9 (the last pixel
// of odd ones alone) on random samples and on samples of 255, whose sums
// are the largest.
func TestRowRGB8(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for width := range 10 {
		for trial := range 50 {
			src := make([]byte, 3*width)
			for i := range src {
				src[i] = byte(rng.Uint32())
				if trial == 0 {
					src[i] = 255
				}
			}
			dst := make([]byte, width)
			rowRGB8(dst, src)
			for x := range dst {
				if want := luma(uint32(src[3*x]), uint32(src[3*x+1]), uint32(src[3*x+2])); dst[x] != want {
					t.Fatalf("width %d, pixel %d % x: %d, want %d", width, x, src[3*x:3*x+3], dst[x], want)
				}
			}
		}
	}
}

// BenchmarkConvert measures the conversion to grey of a 640-pixel row of
// 8-bit RGB and RGBA samples.
func BenchmarkConvert(b *testing.B) {
	for _, c := range []struct {
		name string
		kind int
		bpp  int
	}{{"rgb", convRGB8, 3}, {"rgba", convRGBA8, 4}} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(21, 22))
			src, dst := make([]byte, c.bpp*640), make([]byte, 640)
			for i := range src {
				src[i] = byte(rng.Uint32())
			}
			conv := &converter{kind: c.kind}
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				conv.row(dst, src)
			}
		})
	}
}
