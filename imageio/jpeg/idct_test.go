package jpeg

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestIDCTConstants(t *testing.T) {
	for k, c := range []int{0, c1, c2, c3, c4, c5, c6, c7} {
		if k == 0 {
			continue
		}
		if want := int(math.Round(math.Cos(float64(k)*math.Pi/16) * (1 << constBits))); c != want {
			t.Errorf("c%d = %d, want %d", k, c, want)
		}
	}
}

// referenceIDCT is the inverse DCT of ITU-T T.81 §A.3.3 in floating
// point, level-shifted, rounded and clamped.
func referenceIDCT(b *[64]int32) [64]uint8 {
	var out [64]uint8
	for y := range 8 {
		for x := range 8 {
			sum := 0.0
			for v := range 8 {
				for u := range 8 {
					cu, cv := 1.0, 1.0
					if u == 0 {
						cu = 1 / math.Sqrt2
					}
					if v == 0 {
						cv = 1 / math.Sqrt2
					}
					sum += cu * cv * float64(b[8*v+u]) *
						math.Cos(float64(2*x+1)*float64(u)*math.Pi/16) *
						math.Cos(float64(2*y+1)*float64(v)*math.Pi/16)
				}
			}
			out[8*y+x] = clamp(int(math.Round(sum/4 + 128)))
		}
	}
	return out
}

// randomBlock returns coefficients as a JPEG block holds them: mostly
// small, dense at low frequencies, with n of the 64 (in zig-zag order)
// possibly non-zero.
func randomBlock(r *rand.Rand, n int) *[64]int32 {
	var b [64]int32
	for k := range n {
		scale := 1024 >> (k / 8)
		b[unzig[k]] = int32(r.IntN(2*scale+1) - scale)
	}
	return &b
}

// TestIDCT compares idct and fillDC with the floating-point transform:
// the error must stay within one grey level and average well below one
// half, as IEEE 1180 asks of an IDCT.
func TestIDCT(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var sum, count, most int
	for i := range 4000 {
		n := []int{1, 3, 6, 10, 15, 28, 64}[i%7]
		b := randomBlock(r, n)
		want := referenceIDCT(b)
		var got [64]uint8
		if n == 1 {
			fillDC(b[0], got[:], 8)
			var viaIDCT [64]uint8
			idct(b, viaIDCT[:], 8)
			if viaIDCT != got {
				t.Fatalf("fillDC(%d) = %v, idct gives %v", b[0], got[:8], viaIDCT[:8])
			}
		} else {
			idct(b, got[:], 8)
		}
		for k := range got {
			d := int(got[k]) - int(want[k])
			d = max(d, -d)
			most = max(most, d)
			sum += d
			count++
		}
	}
	mean := float64(sum) / float64(count)
	t.Logf("largest error %d, mean %.4f", most, mean)
	if most > 1 || mean > 0.05 {
		t.Errorf("largest error %d, mean %.4f; want at most 1 and 0.05", most, mean)
	}
}

func BenchmarkIDCT(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	blocks := make([]*[64]int32, 64)
	for i := range blocks {
		blocks[i] = randomBlock(r, 15+i%20)
	}
	dst := make([]uint8, 64)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		idct(blocks[i%len(blocks)], dst, 8)
		i++
	}
}
