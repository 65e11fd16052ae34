package qr

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
	"github.com/barkit/barkit/symbology"
)

// scene describes a synthetic photo of one or more symbols.
type scene struct {
	w, h     int
	symbols  []placement
	gradient float64 // light falling off across the image: 0 none, 0.6 the far side at 40%
	noise    int     // uniform noise of ±noise levels
	invert   bool    // light modules on a dark background
	seed     uint64
	coarse   bool // one sample per pixel instead of 2×2: for large modules
	// texture is the amplitude, in levels, of a fine pattern over the
	// whole image, like the pixels of a screen or the grain of paper
	// seen close up.
	texture float64
}

// placement puts a symbol's module matrix, with a 4-module quiet zone, on
// the image through a transform from module coordinates (of the matrix
// with its quiet zone) to image pixels.
type placement struct {
	modules *matrix.Matrix
	t       detect.Transform
	// warp, when set, moves each image point before it is mapped back to
	// modules: a bent surface.
	warp func(detect.Point) detect.Point
}

// view returns the transform that shows an n-module symbol (with its quiet
// zone) with modules of about module pixels, rotated by deg degrees
// clockwise about its centre, the top edge shortened by persp (0 = none,
// 0.3 = 30% shorter, a tilt away from the camera), centred at c.
func view(n int, module, deg, persp float64, c detect.Point) detect.Transform {
	side := float64(n+8) * module
	a := deg * math.Pi / 180
	unit := [4]detect.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
	var q [4]detect.Point
	for i, u := range unit {
		x, y := (u.X-0.5)*side, (u.Y-0.5)*side
		if u.Y == 0 {
			x *= 1 - persp
		}
		q[i] = detect.Point{X: c.X + x*math.Cos(a) - y*math.Sin(a), Y: c.Y + x*math.Sin(a) + y*math.Cos(a)}
	}
	t, ok := detect.RectToQuad(float64(n+8), float64(n+8), q)
	if !ok {
		panic("view: degenerate quad")
	}
	return t
}

// render draws the scene: each pixel is the mean of 2×2 samples (so edges
// are anti-aliased as a camera would blur them), dark 30 and light 220,
// then light fall-off and noise. A symbol covers those after it in the
// list, quiet zone included.
func (s scene) render() *image.Gray {
	type inverse struct {
		t    detect.Transform
		m    *matrix.Matrix
		warp func(detect.Point) detect.Point
	}
	var invs []inverse
	for _, p := range s.symbols {
		t, ok := p.t.Invert()
		if !ok {
			panic("render: singular transform")
		}
		invs = append(invs, inverse{t, p.modules, p.warp})
	}
	r := rand.New(rand.NewPCG(s.seed, 7))
	ss := 2
	if s.coarse {
		ss = 1
	}
	g := image.NewGray(image.Rect(0, 0, s.w, s.h))
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			dark := 0
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					p := detect.Point{X: float64(x) + (float64(sx)+0.5)/float64(ss), Y: float64(y) + (float64(sy)+0.5)/float64(ss)}
					for _, inv := range invs {
						q := p
						if inv.warp != nil {
							q = inv.warp(q)
						}
						mp := inv.t.Apply(q)
						mx, my := int(math.Floor(mp.X)), int(math.Floor(mp.Y))
						if mx >= 0 && my >= 0 && mx < inv.m.Width+8 && my < inv.m.Height+8 {
							if inv.m.Get(mx-4, my-4) {
								dark++
							}
							break
						}
					}
				}
			}
			v := 220 - float64(dark)*190/float64(ss*ss)
			if s.invert {
				v = 250 - v
			}
			v *= 1 - s.gradient*float64(x+y)/float64(s.w+s.h)
			if s.texture > 0 {
				v += s.texture * math.Sin(2*math.Pi*float64(x)/5) * math.Sin(2*math.Pi*float64(y)/5.5)
			}
			if s.noise > 0 {
				v += float64(r.IntN(2*s.noise+1) - s.noise)
			}
			g.Pix[y*g.Stride+x] = uint8(min(max(v, 0), 255))
		}
	}
	return g
}

func encode(t testing.TB, text string, opts Options) *matrix.Matrix {
	t.Helper()
	c, err := Encode(text, opts)
	if err != nil {
		t.Fatalf("Encode(%q): %v", text, err)
	}
	return c.Modules
}

// corners returns where a placement puts the symbol's corners (its quiet
// zone excluded), in its own reading order.
func (p placement) corners() [4]detect.Point {
	n := float64(p.modules.Width)
	return [4]detect.Point{
		p.t.Apply(detect.Point{X: 4, Y: 4}),
		p.t.Apply(detect.Point{X: 4 + n, Y: 4}),
		p.t.Apply(detect.Point{X: 4 + n, Y: 4 + n}),
		p.t.Apply(detect.Point{X: 4, Y: 4 + n}),
	}
}

// read reads src for QR Code alone, as a scan for "qr" does.
func read(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	opts.IDs = []string{"qr"}
	got, err := symbology.Read(context.Background(), src, opts)
	if err != nil {
		panic(err)
	}
	return got
}

func readGray(g *image.Gray, fast bool, maxResults int) []symbology.Barcode {
	return read(binarize.NewSource(g), symbology.ReadOptions{Fast: fast, MaxResults: maxResults})
}

// checkResult reports a wrong text, corner (more than tol pixels off) or
// orientation.
func checkResult(t *testing.T, name string, bc symbology.Barcode, text string, corners [4]detect.Point, tol float64, orientation int) {
	t.Helper()
	if bc.Text != text {
		t.Errorf("%s: text %q, want %q", name, bc.Text, text)
	}
	for i := range corners {
		if d := bc.Corners[i].Dist(corners[i]); d > tol {
			t.Errorf("%s: corner %d at %v, want %v (%.1f px off)", name, i, bc.Corners[i], corners[i], d)
		}
	}
	if d := (bc.Orientation - orientation + 360 + 180) % 360; d < 178 || d > 182 {
		t.Errorf("%s: orientation %d, want %d", name, bc.Orientation, orientation)
	}
}

func TestReadClean(t *testing.T) {
	tests := []struct {
		text    string
		version int
		level   Level
		module  float64
	}{
		{"HELLO WORLD", 1, M, 4},
		{"https://example.com/barkit", 0, L, 3},
		{strings.Repeat("0123456789", 12), 7, H, 3},
		{strings.Repeat("barkit ", 40), 0, Q, 2.5},
		{strings.Repeat("X", 500), 25, L, 2.2},
		{strings.Repeat("Y", 1000), 40, L, 2},
	}
	for _, tt := range tests {
		m := encode(t, tt.text, Options{Level: tt.level, Version: tt.version})
		n := m.Width
		size := int(float64(n+8)*tt.module) + 20
		p := placement{m, view(n, tt.module, 0, 0, detect.Point{X: float64(size) / 2, Y: float64(size) / 2}), nil}
		g := scene{w: size, h: size, symbols: []placement{p}}.render()
		for _, fast := range []bool{true, false} {
			name := fmt.Sprintf("v%d module %.1f fast %v", (n-17)/4, tt.module, fast)
			res := readGray(g, fast, 0)
			if len(res) != 1 {
				t.Errorf("%s: %d results, want 1", name, len(res))
				continue
			}
			checkResult(t, name, res[0], tt.text, p.corners(), 1, 0)
			if res[0].Mirrored || res[0].Inverted {
				t.Errorf("%s: mirrored %v, inverted %v", name, res[0].Mirrored, res[0].Inverted)
			}
		}
	}
}

// TestReadPhotos reads symbols at every angle, under perspective, uneven
// light and noise.
func TestReadPhotos(t *testing.T) {
	const text = "barkit reads photos of QR Codes"
	for _, version := range []int{3, 6, 12} {
		m := encode(t, text, Options{Level: M, Version: version})
		n := m.Width
		for deg := 0.0; deg < 360; deg += 41 {
			for _, persp := range []float64{0, 0.25} {
				module := 400 / float64(n+8) / 1.6
				p := placement{m, view(n, module, deg, persp, detect.Point{X: 200, Y: 200}), nil}
				g := scene{w: 400, h: 400, symbols: []placement{p}, gradient: 0.5, noise: 12, seed: uint64(deg)}.render()
				name := fmt.Sprintf("v%d %v° perspective %v", version, deg, persp)
				res := readGray(g, false, 0)
				if len(res) != 1 {
					t.Errorf("%s: %d results, want 1", name, len(res))
					continue
				}
				checkResult(t, name, res[0], text, p.corners(), 2, int(deg))
			}
		}
	}
}

func TestReadMirrored(t *testing.T) {
	const text = "mirror image"
	m := encode(t, text, Options{Level: L, Version: 3})
	p := placement{m.Transpose(), view(m.Width, 5, 20, 0, detect.Point{X: 200, Y: 200}), nil}
	g := scene{w: 400, h: 400, symbols: []placement{p}}.render()
	res := readGray(g, false, 0)
	if len(res) != 1 || !res[0].Mirrored {
		t.Fatalf("got %+v, want one mirrored result", res)
	}
	// The symbol's own top-right corner is the drawn matrix's
	// bottom-left: its corners go round the other way.
	c := p.corners()
	checkResult(t, "mirrored", res[0], text, [4]detect.Point{c[0], c[3], c[2], c[1]}, 1.5, 20+90)
}

func TestReadInverted(t *testing.T) {
	const text = "light on dark"
	m := encode(t, text, Options{Level: M})
	p := placement{m, view(m.Width, 6, -10, 0.1, detect.Point{X: 200, Y: 200}), nil}
	g := scene{w: 400, h: 400, symbols: []placement{p}, invert: true, noise: 5}.render()
	res := readGray(g, false, 0)
	if len(res) != 1 || !res[0].Inverted {
		t.Fatalf("thorough: got %+v, want one inverted result", res)
	}
	checkResult(t, "inverted", res[0], text, p.corners(), 2, 350)
	if res := readGray(g, true, 0); len(res) != 0 {
		t.Errorf("fast mode read an inverted symbol: %+v", res)
	}
}

// TestReadInvertedLarge reads a light-on-dark symbol in a photo larger
// than downscaleAbove, which thorough mode reads inverted at half size
// only: its corners come back in input pixels.
func TestReadInvertedLarge(t *testing.T) {
	const text = "light on dark, large"
	m := encode(t, text, Options{Level: M})
	p := placement{m, view(m.Width, 8, 20, 0, detect.Point{X: 900, Y: 800}), nil}
	g := scene{w: 1800, h: 1600, symbols: []placement{p}, invert: true, noise: 5, coarse: true}.render()
	res := readGray(g, false, 0)
	if len(res) != 1 || !res[0].Inverted {
		t.Fatalf("got %+v, want one inverted result", res)
	}
	checkResult(t, "inverted large", res[0], text, p.corners(), 3, 20)
}

func TestReadSeveral(t *testing.T) {
	var ps []placement
	texts := map[string]bool{}
	for i := 0; i < 4; i++ {
		text := fmt.Sprintf("symbol number %d", i)
		texts[text] = true
		m := encode(t, text, Options{Level: Q, Version: 2 + i})
		c := detect.Point{X: float64(150 + 300*(i%2)), Y: float64(150 + 300*(i/2))}
		ps = append(ps, placement{m, view(m.Width, 5, float64(30*i), 0, c), nil})
	}
	g := scene{w: 600, h: 600, symbols: ps, noise: 8}.render()
	for _, fast := range []bool{true, false} {
		res := readGray(g, fast, 0)
		got := map[string]bool{}
		for _, r := range res {
			got[r.Text] = true
		}
		if len(res) != 4 || len(got) != 4 {
			t.Errorf("fast %v: %d results (%d different), want 4", fast, len(res), len(got))
		}
		for text := range got {
			if !texts[text] {
				t.Errorf("fast %v: unexpected %q", fast, text)
			}
		}
	}
	if res := readGray(g, false, 2); len(res) != 2 {
		t.Errorf("MaxResults 2: %d results", len(res))
	}
}

// TestReadNested reads a small symbol printed inside the data of a large
// one: its finder patterns are not mistaken for chance patterns of the
// large symbol's data (qrcode-2/16 holds such a pair).
func TestReadNested(t *testing.T) {
	outer := encode(t, strings.Repeat("outer ", 15), Options{Level: H, Version: 10})
	inner := encode(t, "inner", Options{Level: H, Version: 1})
	po := placement{outer, view(outer.Width, 6, 0, 0, detect.Point{X: 300, Y: 300}), nil}
	pi := placement{inner, view(inner.Width, 2, 0, 0, detect.Point{X: 300, Y: 300}), nil}
	// The inner symbol is drawn on top: listed first, it wins.
	g := scene{w: 600, h: 600, symbols: []placement{pi, po}}.render()
	res := readGray(g, false, 0)
	found := map[string]bool{}
	for _, r := range res {
		found[r.Text] = true
	}
	if !found["inner"] {
		t.Errorf("the inner symbol was not read; got %d results", len(res))
	}
}

// TestReadTiny reads symbols drawn with one pixel per module, which only
// the enlarged pass sees.
func TestReadTiny(t *testing.T) {
	for _, version := range []int{1, 5, 40} {
		text := strings.Repeat("7", 10*version)
		m := encode(t, text, Options{Version: version})
		n := m.Width
		g := image.NewGray(image.Rect(0, 0, n+4, n+4))
		for i := range g.Pix {
			g.Pix[i] = 255
		}
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				if m.Get(x, y) {
					g.Pix[(y+2)*g.Stride+x+2] = 0
				}
			}
		}
		for _, fast := range []bool{true, false} {
			res := readGray(g, fast, 0)
			if len(res) != 1 || res[0].Text != text {
				t.Errorf("version %d fast %v: %d results", version, fast, len(res))
				continue
			}
			want := [4]detect.Point{{X: 2, Y: 2}, {X: float64(n + 2), Y: 2}, {X: float64(n + 2), Y: float64(n + 2)}, {X: 2, Y: float64(n + 2)}}
			checkResult(t, fmt.Sprintf("version %d", version), res[0], text, want, 0.75, 0)
		}
	}
}

// TestReadBent reads a large symbol on a bent sheet, which no single
// perspective transform fits: the alignment lattice follows it.
func TestReadBent(t *testing.T) {
	text := strings.Repeat("bent paper ", 60)
	m := encode(t, text, Options{Level: M, Version: 20})
	n := m.Width
	p := placement{m, view(n, 4, 3, 0, detect.Point{X: 250, Y: 250}), nil}
	// The sheet bulges towards the camera in the middle: points move
	// outwards by up to 8 pixels, most in the middle of each side.
	p.warp = func(q detect.Point) detect.Point {
		dx, dy := q.X-250, q.Y-250
		s := 1 - 8*math.Cos(dx/250*math.Pi/2)*math.Cos(dy/250*math.Pi/2)/250
		return detect.Point{X: 250 + dx*s, Y: 250 + dy*s}
	}
	g := scene{w: 500, h: 500, symbols: []placement{p}}.render()
	res := readGray(g, false, 0)
	if len(res) != 1 || res[0].Text != text {
		t.Fatalf("got %d results, want the bent symbol", len(res))
	}
}

// TestReadNothing checks that images without a symbol give no result.
func TestReadNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	noise := image.NewGray(image.Rect(0, 0, 300, 200))
	for i := range noise.Pix {
		noise.Pix[i] = uint8(r.IntN(256))
	}
	blank := image.NewGray(image.Rect(0, 0, 50, 50))
	// Finder patterns and timing patterns with random data: a symbol whose
	// error correction cannot succeed.
	m := encode(t, "will be scrambled", Options{Level: L, Version: 4})
	for y := 9; y < m.Height-9; y++ {
		for x := 9; x < m.Width-9; x++ {
			m.Set(x, y, r.IntN(2) == 0)
		}
	}
	fake := scene{w: 300, h: 300, symbols: []placement{{m, view(m.Width, 6, 0, 0, detect.Point{X: 150, Y: 150}), nil}}}.render()
	for name, g := range map[string]*image.Gray{"noise": noise, "blank": blank, "scrambled": fake, "empty": image.NewGray(image.Rectangle{})} {
		for _, fast := range []bool{true, false} {
			if res := readGray(g, fast, 0); len(res) != 0 {
				t.Errorf("%s, fast %v: %d results", name, fast, len(res))
			}
		}
	}
	if res := read(nil, symbology.ReadOptions{}); res != nil {
		t.Error("nil source gave results")
	}
	if res := read(&binarize.Source{}, symbology.ReadOptions{}); res != nil {
		t.Error("zero source gave results")
	}
}

// TestReadDownscaled checks that a symbol read from the downscaled pyramid
// has its corners in input pixels.
func TestReadDownscaled(t *testing.T) {
	const text = "big modules in a big photo"
	m := encode(t, text, Options{Level: H})
	// Modules of 30 pixels in a 1600-pixel photo, which the thorough mode
	// also reads at half and a third of the size.
	p := placement{m, view(m.Width, 30, 12, 0, detect.Point{X: 800, Y: 800}), nil}
	g := scene{w: 1600, h: 1600, symbols: []placement{p}, gradient: 0.6, noise: 6, coarse: true}.render()
	res := readGray(g, false, 0)
	if len(res) != 1 {
		t.Fatalf("%d results, want 1", len(res))
	}
	checkResult(t, "full size", res[0], text, p.corners(), 3, 12)
	for _, down := range []int{2, 3} {
		got := read(binarize.NewSource(g), symbology.ReadOptions{Plan: []symbology.Pass{{View: binarize.View{Down: down}}}})
		if len(got) != 1 {
			t.Errorf("downscaled %d: %d results, want 1", down, len(got))
			continue
		}
		checkResult(t, fmt.Sprintf("downscaled %d", down), got[0], text, p.corners(), 1.5*float64(down), 12)
	}
}

// TestReadFillingFrame reads symbols that fill large photos of a screen:
// modules of 40 and 60 pixels, far larger than the local binarizer's
// window, under a fine pattern of pixels strong enough that the local
// thresholds and the global one break every module into speckles at full
// size, and at half and a third of it the local ones. The image shrunk
// to a third (photos up to downscaleAbove) or a sixth (larger ones) and
// thresholded as a whole reads them.
func TestReadFillingFrame(t *testing.T) {
	const text = "https://example.com/ticket/4376471154038"
	m := encode(t, text, Options{Level: M})
	for _, c := range []struct {
		side   int
		module float64
		down   int // the view that reads it
	}{
		{1400, 40, 3},
		{2100, 60, 6},
	} {
		p := placement{m, view(m.Width, c.module, 4, 0.05, detect.Point{X: float64(c.side) / 2, Y: float64(c.side) / 2}), nil}
		g := scene{w: c.side, h: c.side, symbols: []placement{p}, gradient: 0.3, noise: 6, coarse: true, texture: 110}.render()
		for _, v := range []binarize.View{{}, {Method: binarize.Global}, {Down: 2}, {Down: 3}} {
			if got := read(binarize.NewSource(g), symbology.ReadOptions{Plan: []symbology.Pass{{View: v}}}); len(got) != 0 {
				t.Errorf("%d pixels: view %+v reads the symbol: the test no longer shows what the shrunk views are for", c.side, v)
			}
		}
		res := readGray(g, false, 0)
		if len(res) != 1 {
			t.Errorf("%d pixels: %d results, want 1", c.side, len(res))
			continue
		}
		checkResult(t, fmt.Sprint(c.side, " pixels"), res[0], text, p.corners(), 1.5*float64(c.down), 4)
	}
}

// TestReadLargeFineModules reads symbols of 2-pixel modules in a photo
// larger than downscaleAbove, whose full-size views are scanned for
// finder patterns on every other row (finderStep), at several angles.
func TestReadLargeFineModules(t *testing.T) {
	const text = "fine modules in a large photo"
	m := encode(t, text, Options{Level: M, Version: 6})
	for _, deg := range []float64{0, 17, 30} {
		p := placement{m, view(m.Width, 2, deg, 0, detect.Point{X: 900, Y: 800}), nil}
		g := scene{w: 1800, h: 1600, symbols: []placement{p}, noise: 4}.render()
		res := readGray(g, false, 0)
		if len(res) != 1 || res[0].Text != text {
			t.Errorf("%v°: %d results, want 1", deg, len(res))
		}
	}
}

func TestOrientation(t *testing.T) {
	sq := [4]detect.Point{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}}
	tests := []struct {
		q    [4]detect.Point
		want int
	}{
		{sq, 0},
		{[4]detect.Point{sq[3], sq[0], sq[1], sq[2]}, 270},
		{[4]detect.Point{sq[1], sq[2], sq[3], sq[0]}, 90},
		{[4]detect.Point{sq[2], sq[3], sq[0], sq[1]}, 180},
		{[4]detect.Point{{X: 0, Y: 0}, {X: 10, Y: 1}}, 6},
	}
	for _, tt := range tests {
		if got := detect.Orientation(tt.q); got != tt.want {
			t.Errorf("detect.Orientation(%v) = %d, want %d", tt.q, got, tt.want)
		}
	}
}

// photo1000 is the photo-like benchmark image: a version 10 symbol filling
// about half of a 1000×1000 image, rotated, in perspective, under uneven
// light and noise.
func photo1000(b *testing.B) *image.Gray {
	m := encode(b, strings.Repeat("benchmark photo ", 12), Options{Level: M, Version: 10})
	p := placement{m, view(m.Width, 8, 23, 0.2, detect.Point{X: 520, Y: 480}), nil}
	return scene{w: 1000, h: 1000, symbols: []placement{p}, gradient: 0.5, noise: 10, seed: 1}.render()
}

// clean400 is a rendered version 3 symbol in a 400×400 image.
func clean400(b *testing.B) *image.Gray {
	m := encode(b, "https://example.com/clean", Options{Level: M, Version: 3})
	p := placement{m, view(m.Width, 10, 0, 0, detect.Point{X: 200, Y: 200}), nil}
	return scene{w: 400, h: 400, symbols: []placement{p}}.render()
}

func benchmarkRead(b *testing.B, g *image.Gray, fast bool) {
	if res := readGray(g, fast, 0); len(res) != 1 {
		b.Fatalf("%d results, want 1", len(res))
	}
	b.ReportAllocs()
	for b.Loop() {
		read(binarize.NewSource(g), symbology.ReadOptions{Fast: fast})
	}
}

func BenchmarkReadClean400(b *testing.B) {
	g := clean400(b)
	b.Run("fast", func(b *testing.B) { benchmarkRead(b, g, true) })
	b.Run("thorough", func(b *testing.B) { benchmarkRead(b, g, false) })
}

func BenchmarkReadPhoto1000(b *testing.B) {
	g := photo1000(b)
	b.Run("fast", func(b *testing.B) { benchmarkRead(b, g, true) })
	b.Run("thorough", func(b *testing.B) { benchmarkRead(b, g, false) })
}

// FuzzRead feeds arbitrary small images to the reader: it must not panic,
// and whatever it returns must have finite corners.
func FuzzRead(f *testing.F) {
	m := encode(f, "fuzz", Options{Version: 1})
	seed := []byte{byte(m.Width + 4)}
	for y := -2; y < m.Height+2; y++ {
		for x := -2; x < m.Width+2; x++ {
			v := byte(255)
			if m.Get(x, y) {
				v = 0
			}
			seed = append(seed, v)
		}
	}
	f.Add(seed)
	f.Add([]byte{3, 0, 255, 0, 255, 0, 255})
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 || data[0] == 0 {
			return
		}
		w := int(data[0])
		h := min((len(data)-1)/w, 256)
		if h == 0 {
			return
		}
		g := image.NewGray(image.Rect(0, 0, w, h))
		copy(g.Pix, data[1:])
		for _, fast := range []bool{true, false} {
			for _, bc := range readGray(g, fast, 0) {
				for _, c := range bc.Corners {
					if math.IsNaN(c.X) || math.IsNaN(c.Y) || math.IsInf(c.X, 0) || math.IsInf(c.Y, 0) {
						t.Fatalf("corner %v", c)
					}
				}
			}
		}
	})
}

// TestReadComplete checks when the plan ends early: after a view whose
// every confirmed finder pattern a decoded symbol explains, except in a
// thorough scan of a large photo, which reads every view of its plan that
// is not a last resort all the same.
func TestReadComplete(t *testing.T) {
	m := encode(t, "one clean symbol", Options{Level: M})
	for _, c := range []struct {
		side  int
		fast  bool
		views int
	}{
		{400, true, 1},
		{400, false, 1},
		{1600, true, 1},
		{1600, false, 5}, // local, global, halved, a third, a sixth thresholded whole
	} {
		p := placement{m, view(m.Width, float64(c.side)/50, 0, 0, detect.Point{X: float64(c.side) / 2, Y: float64(c.side) / 2}), nil}
		g := scene{w: c.side, h: c.side, symbols: []placement{p}, coarse: true}.render()
		var st symbology.Stats
		res := read(binarize.NewSource(g), symbology.ReadOptions{Fast: c.fast, Stats: &st})
		if len(res) != 1 || st.Views != c.views {
			t.Errorf("%d pixels, fast %v: %d results in %d views, want 1 in %d", c.side, c.fast, len(res), st.Views, c.views)
		}
	}
}
