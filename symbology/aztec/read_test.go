package aztec

import (
	"context"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// read reads src for Aztec Code and Runes, as a scan for both does.
func read(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	opts.IDs = []string{"aztec", "aztec-rune"}
	got, err := symbology.Read(context.Background(), src, opts)
	if err != nil {
		panic(err)
	}
	return got
}

// scene describes a synthetic photo of a symbol.
type scene struct {
	w, h     int
	module   float64 // pixels per module
	deg      float64 // rotation, clockwise
	persp    float64 // the top edge shortened by this share: a tilt
	mirror   bool    // the symbol seen in a mirror
	invert   bool    // light modules on a dark background
	contrast float64 // difference of light and dark, 0-1; 0 means 0.7
	gradient float64 // light falling off across the image
	noise    int     // uniform noise of ±noise levels
	blur     bool    // a 3×3 box blur
	seed     uint64
}

// render draws m as s describes, centred, and returns the image and the
// symbol's corners (top-left, top-right, bottom-right, bottom-left of the
// symbol as read).
func (s scene) render(m *matrix.Matrix) (*image.Gray, [4]detect.Point) {
	if s.mirror {
		f := matrix.New(m.Width, m.Height)
		for y := range m.Height {
			for x := range m.Width {
				f.Set(m.Width-1-x, y, m.Get(x, y))
			}
		}
		m = f
	}
	cw, ch := float64(m.Width)*s.module, float64(m.Height)*s.module
	a := s.deg * math.Pi / 180
	cx, cy := float64(s.w)/2, float64(s.h)/2
	unit := [4]detect.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
	var q [4]detect.Point
	for i, u := range unit {
		x, y := (u.X-0.5)*cw, (u.Y-0.5)*ch
		if u.Y == 0 {
			x *= 1 - s.persp
		}
		q[i] = detect.Point{X: cx + x*math.Cos(a) - y*math.Sin(a), Y: cy + x*math.Sin(a) + y*math.Cos(a)}
	}
	t, ok := detect.RectToQuad(float64(m.Width), float64(m.Height), q)
	if !ok {
		panic("degenerate scene")
	}
	inv, _ := t.Invert()
	contrast := s.contrast
	if contrast == 0 {
		contrast = 0.7
	}
	light, dark := 128+127*contrast, 128-127*contrast
	if s.invert {
		light, dark = dark, light
	}
	r := rand.New(rand.NewPCG(s.seed, 7))
	img := image.NewGray(image.Rect(0, 0, s.w, s.h))
	const sub = 3 // samples per pixel side
	for y := range s.h {
		for x := range s.w {
			sum := 0.0
			for sy := range sub {
				for sx := range sub {
					p := inv.Apply(detect.Point{X: float64(x) + (float64(sx)+0.5)/sub, Y: float64(y) + (float64(sy)+0.5)/sub})
					v := light
					mx, my := int(math.Floor(p.X)), int(math.Floor(p.Y))
					if mx >= 0 && my >= 0 && mx < m.Width && my < m.Height && m.Get(mx, my) {
						v = dark
					}
					sum += v
				}
			}
			v := sum / sub / sub
			v *= 1 - s.gradient*float64(x)/float64(s.w)
			if s.noise > 0 {
				v += float64(r.IntN(2*s.noise+1) - s.noise)
			}
			img.Pix[y*img.Stride+x] = uint8(max(0, min(255, v)))
		}
	}
	if s.blur {
		b := image.NewGray(img.Rect)
		for y := range s.h {
			for x := range s.w {
				sum, n := 0, 0
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < s.w && yy < s.h {
							sum += int(img.Pix[yy*img.Stride+xx])
							n++
						}
					}
				}
				b.Pix[y*b.Stride+x] = uint8(sum / n)
			}
		}
		img = b
	}
	if s.mirror {
		q = [4]detect.Point{q[1], q[0], q[3], q[2]}
	}
	return img, q
}

// TestReadScenes reads synthetic photos: sizes from compact to large
// full-range symbols, turned any way, tilted, mirrored, light on dark,
// under uneven light with noise and blur. The corners must come back
// within a module of where the symbol was drawn.
func TestReadScenes(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i, tc := range []struct {
		size   Size
		module float64
		s      scene
	}{
		{Size{true, 1}, 6, scene{deg: 17}},
		{Size{true, 2}, 4, scene{deg: 45, persp: 0.15}},
		{Size{true, 3}, 3, scene{deg: 100, blur: true, noise: 8}},
		{Size{true, 4}, 2.5, scene{deg: 200, gradient: 0.4}},
		{Size{false, 1}, 5, scene{deg: 290, mirror: true}},
		{Size{false, 3}, 4, scene{deg: 33, invert: true}},
		{Size{false, 5}, 3.5, scene{deg: 75, persp: 0.2, blur: true}},
		{Size{false, 8}, 3, scene{deg: 160, persp: 0.1, noise: 10}},
		{Size{false, 12}, 3, scene{deg: 10, persp: 0.15, gradient: 0.3}},
		{Size{false, 20}, 2.5, scene{deg: 5, persp: 0.1, blur: true}},
		{Size{false, 32}, 2.5, scene{deg: 3, mirror: true}},
		{Size{true, 2}, 3, scene{deg: 135, contrast: 0.25, noise: 6}},
	} {
		kind := payloadKinds[i%len(payloadKinds)]
		var c *Code
		for n := tc.size.Codewords() * tc.size.WordBits() / 8; n > 0; n = n * 8 / 10 {
			var err error
			if c, err = Encode(kind.make(r, n), Options{Size: tc.size, Binary: true}); err == nil {
				break
			}
		}
		s := tc.s
		s.module = tc.module
		side := float64(c.Modules.Width) * tc.module
		s.w, s.h = int(side*1.6)+40, int(side*1.4)+40
		s.seed = uint64(i)
		img, corners := s.render(c.Modules)
		got := read(binarize.NewSource(img), symbology.ReadOptions{})
		name := fmt.Sprintf("%s %+v", tc.size, tc.s)
		if len(got) != 1 {
			t.Errorf("%s: %d results", name, len(got))
			continue
		}
		want, _ := Decode(c.Modules)
		if string(got[0].Bytes) != string(want.Bytes) || got[0].Mirrored != tc.s.mirror || got[0].Inverted != tc.s.invert {
			t.Errorf("%s: read %.30q mirrored %v inverted %v", name, got[0].Bytes, got[0].Mirrored, got[0].Inverted)
		}
		for k, p := range got[0].Corners {
			if p.Dist(corners[k]) > 1.5*tc.module {
				t.Errorf("%s: corner %d at %v, drawn at %v", name, k, p, corners[k])
			}
		}
	}
}

// TestRoundTripRender writes symbols of every size, at several error
// correction levels and with data of every kind of encodation, renders
// them with package render at module sizes 1 to 4, turned by each quarter
// turn and mirrored, and reads them back (Generate → render → Scan).
func TestRoundTripRender(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	levels := []int{MinEC, DefaultEC, 36, 50, 80}
	var reads int
	for i, s := range sizes {
		pct := levels[i%len(levels)]
		kind := payloadKinds[i%len(payloadKinds)]
		var c *Code
		var data string
		for n := s.dataWords(pct, false) * (s.WordBits() - 1) / 4; n > 0; n = n * 9 / 10 {
			data = kind.make(r, n)
			var err error
			if c, err = Encode(data, Options{Size: s, ECPercent: pct, Binary: true}); err == nil {
				break
			}
		}
		if c == nil {
			t.Fatalf("%s: nothing fits", s)
		}
		for scale := 1; scale <= 4; scale++ {
			if testing.Short() && scale != 1+i%4 {
				continue
			}
			for _, rot := range []int{0, 90, 180, 270} {
				for _, mirror := range []bool{false, true} {
					m := c.Modules
					if mirror {
						m = m.Transpose()
					}
					img, err := render.Image(&symbology.Symbol{Symbology: "aztec", Modules: m, QuietZone: 1}, render.Options{Scale: scale, Rotate: rot})
					if err != nil {
						t.Fatal(err)
					}
					got := read(binarize.NewSource(img), symbology.ReadOptions{})
					reads++
					if len(got) != 1 || string(got[0].Bytes) != data || got[0].Mirrored != mirror || got[0].Version != s.String() {
						t.Errorf("%s %d%% %s, scale %d, turned %d, mirrored %v: %d results", s, pct, kind.name, scale, rot, mirror, len(got))
						if len(got) > 0 {
							t.Logf("read %.30q %s mirrored %v", got[0].Bytes, got[0].Version, got[0].Mirrored)
						}
					}
				}
			}
		}
	}
	t.Logf("%d images read", reads)
}

// TestRoundTripRenderFeatures reads back, through render, every rune and
// the symbols of GS1, ECI, structured append and reader initialisation.
func TestRoundTripRenderFeatures(t *testing.T) {
	check := func(name string, c *Code, i int, want func(symbology.Barcode) bool) {
		t.Helper()
		scale := 1 + i%4
		rot := 90 * (i % 4)
		img, err := render.Image(symbol("aztec", c), render.Options{Scale: scale, Rotate: rot})
		if err != nil {
			t.Fatal(err)
		}
		got := read(binarize.NewSource(img), symbology.ReadOptions{})
		if len(got) != 1 || !want(got[0]) {
			t.Errorf("%s (scale %d, turned %d): %+v", name, scale, rot, got)
		}
	}
	for v := range 256 {
		c := EncodeRune(v)
		check(fmt.Sprint("rune ", v), c, v, func(bc symbology.Barcode) bool {
			return bc.Symbology == "aztec-rune" && bc.Text == fmt.Sprintf("%03d", v) && bc.Identifier == "]zC"
		})
	}
	for i, tc := range []struct {
		data string
		opts Options
		want func(symbology.Barcode) bool
	}{
		{"0109506000134352\x1d10ABC123", Options{GS1: true}, func(bc symbology.Barcode) bool {
			return bc.GS1 && bc.Identifier == "]z1" && bc.Text == "(01)09506000134352(10)ABC123"
		}},
		{"Grüße, 世界", Options{}, func(bc symbology.Barcode) bool { return bc.Text == "Grüße, 世界" && len(bc.Segments) == 1 }},
		{"part two", Options{Append: Append{Index: 1, Count: 3, ID: "MSG"}}, func(bc symbology.Barcode) bool {
			return bc.Text == "part two" && bc.Sequence == symbology.Sequence{Index: 1, Count: 3, ID: "MSG"}
		}},
		{"$I", Options{ReaderInit: true}, func(bc symbology.Barcode) bool { return bc.ReaderInit && bc.Text == "$I" }},
		{strings.Repeat("Mixed 123 text. ", 8), Options{ECPercent: 95}, func(bc symbology.Barcode) bool {
			return bc.Text == strings.Repeat("Mixed 123 text. ", 8)
		}},
	} {
		c, err := Encode(tc.data, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		check(tc.data, c, i, tc.want)
	}
}
