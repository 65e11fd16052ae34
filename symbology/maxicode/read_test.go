package maxicode

import (
	"context"
	"image"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// read scans img for MaxiCode alone.
func read(t testing.TB, img image.Image, opts symbology.ReadOptions) []symbology.Barcode {
	t.Helper()
	opts.IDs = []string{"maxicode"}
	got, err := symbology.Read(context.Background(), binarize.NewSource(img), opts)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// renderCode draws c as render draws it, at scale pixels per module.
func renderCode(t testing.TB, c *Code, scale int) *image.Gray {
	t.Helper()
	img, err := render.Image(&symbology.Symbol{Symbology: "maxicode", Modules: c.Modules, QuietZone: quietZone, Hexagonal: true}, render.Options{Scale: scale})
	if err != nil {
		t.Fatal(err)
	}
	return toGray(img)
}

// readsAs reports whether the results hold one MaxiCode of text.
func readsAs(got []symbology.Barcode, text string) bool {
	for _, bc := range got {
		if bc.Symbology == "maxicode" && bc.Text == text {
			return true
		}
	}
	return false
}

// TestReadRendered reads symbols barkit renders, every mode and many
// payloads, at module sizes from 3 to 10 pixels, upright.
func TestReadRendered(t *testing.T) {
	n := 0
	for i, p := range loadPayloads(t) {
		mode := []int{0, 4, 5, 6}[i%4]
		c, err := Encode(p, Options{Mode: mode})
		if err != nil {
			continue
		}
		want, _ := Decode(c.Modules)
		scale := 3 + i%8
		got := read(t, renderCode(t, c, scale), symbology.ReadOptions{})
		if !readsAs(got, want.Text) {
			t.Errorf("payload %d (%.30q) mode %d at scale %d: read %d symbols", i, p, c.Mode, scale, len(got))
			continue
		}
		n++
	}
	t.Logf("%d symbols read", n)
}

// TestReadScenes reads rendered symbols turned to arbitrary angles, in
// perspective, blurred, noised and compressed, mirrored too; orientation
// and Mirrored come out right.
func TestReadScenes(t *testing.T) {
	c, err := Encode("[)>\x1e01\x1d96152382802\x1d840\x1d001\x1d1Z00004951\x1dUPSN\x1d06X610\x1d159\x1d1234567\x1d1/1\x1d\x1dY\x1d634 ALPHA DR\x1dPITTSBURGH\x1dPA\x1e\x04", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Decode(c.Modules)
	src := renderCode(t, c, 8)
	pass, total := 0, 0
	for i := range 36 {
		s := scene{size: 400, angle: float64(i*10 + 3), seed: uint64(i)}
		switch i % 4 {
		case 1:
			s.tilt, s.tiltAt = 0.3, float64(i*37)
		case 2:
			s.blur, s.noise = 1, 6
		case 3:
			s.tilt, s.tiltAt, s.jpeg = 0.2, float64(i*53), 60
		}
		total++
		pic := src
		mirror := i%5 == 4
		if mirror {
			pic = flip(src)
		}
		got := read(t, s.place(pic, 0.7), symbology.ReadOptions{})
		if !readsAs(got, want.Text) {
			t.Errorf("scene %+v (mirrored %v): not read", s, mirror)
			continue
		}
		pass++
		if got[0].Mirrored != mirror {
			t.Errorf("scene %+v: Mirrored %v", s, got[0].Mirrored)
		}
		// Perspective turns the symbol's edges too: the angle is
		// checked on the others.
		if o := got[0].Orientation; !mirror && s.tilt == 0 && angleDiff(float64(o), s.angle) > 8 {
			t.Errorf("scene %+v: orientation %d", s, o)
		}
	}
	t.Logf("%d of %d scenes read", pass, total)
}

// flip mirrors g left to right.
func flip(g *image.Gray) *image.Gray {
	out := image.NewGray(g.Rect)
	w := g.Rect.Dx()
	for y := range g.Rect.Dy() {
		for x := range w {
			out.Pix[y*out.Stride+x] = g.Pix[y*g.Stride+w-1-x]
		}
	}
	return out
}

func angleDiff(a, b float64) float64 {
	d := a - b
	for d > 180 {
		d -= 360
	}
	for d < -180 {
		d += 360
	}
	return max(d, -d)
}

// TestReadSmall reads symbols of modules of 3 pixels and less.
func TestReadSmall(t *testing.T) {
	c, _ := Encode("SMALL MODULES 12345", Options{})
	want, _ := Decode(c.Modules)
	for _, scale := range []int{2, 3} {
		got := read(t, renderCode(t, c, scale), symbology.ReadOptions{})
		if !readsAs(got, want.Text) {
			t.Errorf("scale %d: not read", scale)
		}
	}
	// Rotated, modules of 3 pixels.
	src := renderCode(t, c, 6)
	got := read(t, scene{size: 200, angle: 33}.place(src, 0.5), symbology.ReadOptions{})
	if !readsAs(got, want.Text) {
		t.Errorf("3-pixel modules at 33°: not read")
	}
}

// TestCircular checks the bound on the finder's ellipse: circles and
// circles in perspective pass, the rings fitted to the bars of a 1D symbol
// do not, while the corpus's MaxiCode finders all pass.
func TestCircular(t *testing.T) {
	for _, tc := range []struct {
		a, b, c float64
		want    bool
	}{
		{1, 0, 1, true},
		{1, 0, 0.25, true},          // axes 2 to 1
		{1, 0, 0.24, false},         // a little more
		{0.625, 0.375, 0.625, true}, // axes 2 to 1, turned 45°
		{0.7, 0.3, 0.7, true},
		{0.6, 0.4, 0.6, false},
		{1, 0, -1, false}, // a hyperbola
	} {
		if got := circular(tc.a, tc.b, tc.c); got != tc.want {
			t.Errorf("circular(%v, %v, %v) = %v, want %v", tc.a, tc.b, tc.c, got, tc.want)
		}
	}
	fit := func(lum *image.Gray) (round, elongated int) {
		bin := binarize.NewSource(lum).Binary(binarize.View{})
		for _, b := range findBullseyes(context.Background(), bin, lum, rowStep(bin), nil) {
			c := lightNear(bin, b.center, b.ring/2)
			if _, _, ea, eb, ec, ok := fitRings(castRays(bin, c, 12*b.ring, b.ring, nil)); ok {
				if circular(ea, eb, ec) {
					round++
				} else {
					elongated++
				}
			}
		}
		return round, elongated
	}
	for _, im := range loadCorpus(t, "maxicode-1") {
		if _, n := fit(im.lum); n > 0 {
			t.Errorf("maxicode-1/%s: %d finders fitted as elongated", im.name, n)
		}
	}
	// codabar-2/03's bars give six chance finders upside down, five of
	// them fitted 2.1 to 7.5 times longer one way than the other.
	for _, im := range corpustest.LoadFolder(t, "codabar-2") {
		if im.Name != "03.webp" {
			continue
		}
		if _, n := fit(rotateBy(im.Lum, 180)); n < 4 {
			t.Errorf("codabar-2/03 upside down: %d elongated fits, want 4 or more", n)
		}
	}
}
