package pdf417

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// TestSampleLine checks sampleLine, which builds the runs as it samples,
// against a plain reference that samples every point with math.Floor into
// a list and then cuts the list into runs, on random lines across a random
// image: inside it, leaving it, and wholly outside (which reads light).
func TestSampleLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	const w, h = 61, 47
	bin := matrix.New(w, h)
	for i := range bin.Pix {
		bin.Pix[i] = rng.IntN(3) == 0
	}
	ref := func(a, b detect.Point, ext, step float64) (runs, bool) {
		d := b.Sub(a)
		n := math.Hypot(d.X, d.Y)
		if n < 1 || !(n < maxLineLength(w, h)) {
			return runs{}, false
		}
		dir := d.Mul(1 / n)
		p0 := a.Sub(dir.Mul(ext))
		var s []bool
		for k := range int((n+2*ext)/step) + 1 {
			p := p0.Add(dir.Mul(float64(k) * step))
			x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
			s = append(s, x >= 0 && y >= 0 && x < w && y < h && bin.Pix[y*w+x])
		}
		r := runs{firstDark: s[0]}
		start := 0
		for k := 1; k <= len(s); k++ {
			if k == len(s) || s[k] != s[k-1] {
				r.w = append(r.w, int32(k-start))
				r.pos = append(r.pos, int32(start))
				start = k
			}
		}
		return r, true
	}
	pt := func() detect.Point {
		return detect.Point{X: rng.Float64()*(w+40) - 20, Y: rng.Float64()*(h+40) - 20}
	}
	var l line
	for range 5000 {
		a, b := pt(), pt()
		ext, step := rng.Float64()*8, 0.25+rng.Float64()*0.75
		sampleLine(bin, &l, a, b, ext, step)
		want, ok := ref(a, b, ext, step)
		if !ok {
			if len(l.r.w) != 0 {
				t.Fatalf("line %v-%v: %d runs, want none", a, b, len(l.r.w))
			}
			continue
		}
		if l.r.firstDark != want.firstDark || !slices.Equal(l.r.w, want.w) || !slices.Equal(l.r.pos, want.pos) {
			t.Fatalf("line %v-%v ext %v step %v:\n got %v %v %v\nwant %v %v %v", a, b, ext, step,
				l.r.firstDark, l.r.w, l.r.pos, want.firstDark, want.w, want.pos)
		}
	}
}
