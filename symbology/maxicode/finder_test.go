package maxicode

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// TestFinderTextures guards the finder's tests on images that are all
// texture (internal/adversarial): no regular texture may give a candidate
// that passes the column and both diagonals (stripes at 45° pass the row,
// the column and one diagonal; stripes at 80° pass the row and, but for
// maxAspect, the column), none may exceed the caps, and the chance
// patterns of noise and clutter, which do pass, must not decode.
func TestFinderTextures(t *testing.T) {
	const n = 600
	for _, c := range adversarial.Cases() {
		lum := binarize.Luminance(c.Make(n, n))
		bin := binarize.LocalThreshold(lum)
		var st finderStats
		got := findBullseyesStats(context.Background(), bin, lum, 1, nil, &st)
		if len(got) > maxBullseyes || st.confirms > maxConfirms(n, n)+1 {
			t.Errorf("%s: %d candidates, %+v: over a cap", c.Name, len(got), st)
		}
		if c.Name == "noise" || c.Name == "clutter" {
			for _, b := range got {
				if bc, _, ok := decodeAt(bin, lum, b); ok {
					t.Errorf("%s: decoded %q", c.Name, bc.Text)
				}
			}
			continue
		}
		if st.found != 0 {
			t.Errorf("%s: %+v: %d row hits confirmed", c.Name, st, st.found)
		}
	}
}

// TestFinderThresholds reads symbols whose finders test each threshold of
// the row test: the finders of zint (light centre 1.2X, rings 0.8X), of
// Figure 8 as barkit draws them (1.15X, 0.78X) and of maxicode-1 (2X,
// 0.7X; TestCorpusMaxiCode) are found; and one whose light centre is
// under half a ring wide (minCentre) is not.
func TestFinderThresholds(t *testing.T) {
	c, _ := Encode("THRESHOLDS", Options{})
	img := renderCode(t, c, 6)
	if got := read(t, img, symbology.ReadOptions{}); len(got) != 1 {
		t.Fatalf("barkit's finder: %d symbols", len(got))
	}
	// Paint the centre's light disc dark but for a dot under half a
	// ring wide.
	g := toGray(img)
	cx, cy := 6*(1+14.5), 6*(1+16*rowPitch+(2/1.7320508)/2)
	u := 6 * (9 - 2/1.7320508) / 10
	for y := range g.Rect.Dy() {
		for x := range g.Rect.Dx() {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			r := dx*dx + dy*dy
			switch {
			case r < (u/5)*(u/5):
				g.Pix[y*g.Stride+x] = 255
			case r < (6*0.577)*(6*0.577):
				g.Pix[y*g.Stride+x] = 0
			}
		}
	}
	bin := binarize.LocalThreshold(g)
	for _, b := range findBullseyes(context.Background(), bin, g, 1, nil) {
		if b.center.Dist(detect.Point{X: cx, Y: cy}) < 6 {
			t.Errorf("a finder with a thin centre: found at %v", b.center)
		}
	}
}

// TestFinderNoise reads a symbol of modules of 4 pixels on a plain page
// with noise, blurred: the local binarizer turns the page's noise into
// patterns that pass the finder's run tests, more of them than the
// candidates kept, unless minContrast sets them aside.
func TestFinderNoise(t *testing.T) {
	c, _ := Encode("NOISE ON A PLAIN PAGE", Options{})
	want, _ := Decode(c.Modules)
	pic := scene{size: 400, angle: 10, blur: 1, noise: 6, seed: 3}.place(renderCode(t, c, 8), 0.32)
	if got := read(t, pic, symbology.ReadOptions{}); !readsAs(got, want.Text) {
		t.Errorf("not read: %d symbols", len(got))
	}
}

// TestCrossRuns checks crossRuns, which walks a run at a time within
// bounds set once, against refCrossRuns, a pixel at a time, from every
// pixel of small random and striped images, along the eight directions,
// with limits from none to past the image.
func TestCrossRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 40 {
		w, h := 5+rng.IntN(30), 5+rng.IntN(30)
		bin := matrix.New(w, h)
		density := rng.Float64()
		for y := range h {
			for x := range w {
				switch i % 2 {
				case 0:
					bin.Set(x, y, rng.Float64() < density)
				default:
					bin.Set(x, y, (x+y)/(1+i%5)%2 == 0)
				}
			}
		}
		for y := -1; y <= h; y++ {
			for x := -1; x <= w; x++ {
				for _, d := range [...][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
					limit, maxFirst, maxRun := rng.IntN(40), rng.IntN(8), rng.IntN(8)
					got, okG := crossRuns(bin, x, y, d[0], d[1], limit, maxFirst, maxRun)
					want, okW := refCrossRuns(bin, x, y, d[0], d[1], limit, maxFirst, maxRun)
					if okG != okW || okG && got != want {
						t.Fatalf("image %d at (%d, %d) along %v, limits %d %d %d: got %v %v, want %v %v",
							i, x, y, d, limit, maxFirst, maxRun, got, okG, want, okW)
					}
				}
			}
		}
	}
}

// refCrossRuns is crossRuns as first written: a pixel at a time, each
// checked against the image's bounds and each run against its bound.
func refCrossRuns(bin *matrix.Matrix, x, y, dx, dy, limit, maxFirst, maxRun int) (runs [6]int, ok bool) {
	want := false
	j := 0
	for s := 0; s < limit; s++ {
		px, py := x+s*dx, y+s*dy
		if px < 0 || py < 0 || px >= bin.Width || py >= bin.Height {
			return runs, false
		}
		if bin.Pix[py*bin.Width+px] != want {
			j++
			if j == 6 {
				return runs, true
			}
			want = !want
		}
		runs[j]++
		if j == 0 && runs[0] > maxFirst || j > 0 && j < 5 && runs[j] > maxRun {
			return runs, false
		}
	}
	return runs, false
}
