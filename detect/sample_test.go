package detect

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/barkit/barkit/matrix"
)

// sampleSlow is the reference for Sample: one full transform per module.
func sampleSlow(bin *matrix.Matrix, t Transform, w, h int) (*matrix.Matrix, bool) {
	m := matrix.New(w, h)
	outside := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := t.Apply(Point{float64(x) + 0.5, float64(y) + 0.5})
			if px, py, ok := pixel(bin, p.X, p.Y); ok {
				m.Set(x, y, bin.Get(px, py))
			} else {
				outside++
			}
		}
	}
	return m, float64(outside) <= maxOutside*float64(w*h)
}

// render draws a module matrix with a quiet zone of light modules through
// t (module coordinates to image pixels) onto a w×h binary image, taking
// each pixel from the module under its centre.
func render(mod *matrix.Matrix, t Transform, w, h int) *matrix.Matrix {
	inv, ok := t.Invert()
	if !ok {
		panic("render: singular transform")
	}
	img := matrix.New(w, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := inv.Apply(Point{float64(x) + 0.5, float64(y) + 0.5})
			img.Pix[y*w+x] = mod.Get(int(math.Floor(p.X)), int(math.Floor(p.Y)))
		}
	}
	return img
}

func randomMatrix(r *rand.Rand, w, h int) *matrix.Matrix {
	m := matrix.New(w, h)
	for i := range m.Pix {
		m.Pix[i] = r.IntN(2) == 0
	}
	return m
}

func TestSampleMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	img := randomMatrix(r, 300, 240)
	for i := 0; i < 100; i++ {
		q := randomQuad(r)
		n := 10 + r.IntN(60)
		tr, ok := RectToQuad(float64(n), float64(n), q)
		if !ok {
			t.Fatal("RectToQuad failed")
		}
		got, gotOK := Sample(img, tr, n, n)
		want, wantOK := sampleSlow(img, tr, n, n)
		if gotOK != wantOK || gotOK && !got.Equal(want) {
			t.Fatalf("case %d: incremental and straight samplers differ (ok %v, %v)", i, gotOK, wantOK)
		}
	}
}

func TestSampleRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	mod := randomMatrix(r, 25, 25)
	// A perspective view with modules of 4 to 8 pixels.
	q := [4]Point{{40, 30}, {230, 50}, {250, 210}, {20, 240}}
	tr, _ := RectToQuad(25, 25, q)
	img := render(mod, tr, 280, 280)
	got, ok := Sample(img, tr, 25, 25)
	if !ok || !got.Equal(mod) {
		t.Errorf("sampling a rendered grid did not give it back (ok %v)", ok)
	}
	// Partly outside the image: 4 of 25 columns.
	shift := Transform{1, 0, -60, 0, 1, 0, 0, 0, 1}
	if _, ok := Sample(img, tr.Then(shift), 25, 25); ok {
		t.Error("sampled a grid that is a sixth outside the image")
	}
	// Regions: the left half through tr, the right half through a wrong
	// transform, then with the right one.
	left := Region{0, 0, 13, 25, tr}
	got, ok = SampleRegions(img, 25, 25, []Region{left, {13, 0, 25, 25, tr}})
	if !ok || !got.Equal(mod) {
		t.Error("two regions with the same transform differ from one")
	}
	if _, ok := SampleRegions(img, 25, 25, []Region{left}); ok {
		t.Error("half the grid in no region passed")
	}
}

func TestSampleGray(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	mod := randomMatrix(r, 21, 21)
	q := [4]Point{{30, 20}, {190, 35}, {200, 190}, {25, 180}}
	tr, _ := RectToQuad(21, 21, q)
	bin := render(mod, tr, 220, 220)
	// A luminance image under a steep light gradient and low contrast:
	// dark 60..100, light 100..180, so that no single level separates
	// dark from light everywhere.
	lum := image.NewGray(image.Rect(0, 0, 220, 220))
	for y := 0; y < 220; y++ {
		for x := 0; x < 220; x++ {
			light := 100 + 80*x/220
			v := light
			if bin.Pix[y*220+x] {
				v = 60 + 40*x/220
			}
			lum.Pix[y*lum.Stride+x] = uint8(v)
		}
	}
	g, ok := SampleGray(lum, 21, 21, []Region{{0, 0, 21, 21, tr}})
	if !ok {
		t.Fatal("SampleGray failed")
	}
	if got := ThresholdModules(g, 4); !got.Equal(mod) {
		t.Errorf("thresholded samples differ from the grid:\n%v\nwant\n%v", got, mod)
	}
	// Half the grid outside the image.
	shift := Transform{1, 0, -120, 0, 1, 0, 0, 0, 1}
	if _, ok := SampleGray(lum, 21, 21, []Region{{0, 0, 21, 21, tr.Then(shift)}}); ok {
		t.Error("sampled a grid half outside the image")
	}
}

func TestBilinear(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 2, 2))
	copy(g.Pix, []uint8{0, 100, 100, 200})
	tests := []struct {
		x, y float64
		want uint8
	}{
		{0.5, 0.5, 0},   // a pixel centre
		{1.5, 1.5, 200}, // another
		{1, 1, 100},     // between all four
		{1, 0.5, 50},    // between two
		{-0.5, 0.5, 0},  // outside, within the slack: the edge pixel
	}
	for _, tt := range tests {
		if got, ok := bilinear(g, tt.x, tt.y); !ok || got != tt.want {
			t.Errorf("bilinear(%v, %v) = %d, %v; want %d", tt.x, tt.y, got, ok, tt.want)
		}
	}
	if _, ok := bilinear(g, 5, 0); ok {
		t.Error("a point far outside interpolated")
	}
}

func BenchmarkSample(b *testing.B) {
	r := rand.New(rand.NewPCG(23, 24))
	img := randomMatrix(r, 1000, 1000)
	tr, _ := RectToQuad(177, 177, [4]Point{{100, 80}, {900, 120}, {880, 900}, {90, 870}})
	b.ReportAllocs()
	for b.Loop() {
		Sample(img, tr, 177, 177)
	}
}
