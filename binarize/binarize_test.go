package binarize

import (
	"context"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/barkit/barkit/matrix"
)

// localThresholdSlow is the reference for LocalThreshold: it computes each
// pixel's threshold from first principles, straight from the pixels of the
// blocks around it, with no tables.
func localThresholdSlow(g *image.Gray) *matrix.Matrix {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	bw, bh := (w+blockSize-1)/blockSize, (h+blockSize-1)/blockSize
	in := func(bx, by int) bool { return bx >= 0 && by >= 0 && bx < bw && by < bh }
	extremes := func(bx, by int) (lo, hi int) {
		lo, hi = 255, 0
		for y := by * blockSize; y < min((by+1)*blockSize, h); y++ {
			for x := bx * blockSize; x < min((bx+1)*blockSize, w); x++ {
				v := int(g.Pix[y*g.Stride+x])
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		return lo, hi
	}
	textured := func(bx, by int) bool {
		lo, hi := extremes(bx, by)
		return hi-lo >= minLocalContrast
	}
	texturedThreshold := func(bx, by int) int {
		sum, n := 0, 0
		for y := by - blockRadius; y <= by+blockRadius; y++ {
			for x := bx - blockRadius; x <= bx+blockRadius; x++ {
				if in(x, y) && textured(x, y) {
					lo, hi := extremes(x, y)
					sum += lo + hi
					n++
				}
			}
		}
		return int(math.Floor(float64(sum)/float64(2*n) + 0.5))
	}
	threshold := func(bx, by int) int {
		if textured(bx, by) {
			return texturedThreshold(bx, by)
		}
		for d := 1; d <= fillRadius; d++ {
			sum, n := 0, 0
			for y := by - d; y <= by+d; y++ {
				for x := bx - d; x <= bx+d; x++ {
					if max(abs(x-bx), abs(y-by)) == d && in(x, y) && textured(x, y) {
						sum += texturedThreshold(x, y)
						n++
					}
				}
			}
			if n > 0 {
				return int(math.Floor(float64(sum)/float64(n) + 0.5))
			}
		}
		var hist [256]int
		for y := 0; y < h; y += 4 {
			for x := 0; x < w; x += 4 {
				hist[g.Pix[y*g.Stride+x]]++
			}
		}
		if t, ok := globalLevel(&hist); ok {
			return t
		}
		return 0
	}
	m := matrix.New(w, h)
	memo := map[[2]int]int{} // only to keep the test quick; the value is the same either way
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			k := [2]int{x / blockSize, y / blockSize}
			t, ok := memo[k]
			if !ok {
				t = threshold(k[0], k[1])
				memo[k] = t
			}
			m.Pix[y*w+x] = int(g.Pix[y*g.Stride+x]) < t
		}
	}
	return m
}

// scene draws a test image: a checkerboard of modules of the given size
// (dark 40, light 200) inside a light margin, under a horizontal light
// gradient (the right edge darkened by shade levels), with uniform noise of
// ±noise levels.
func scene(w, h, module, margin, shade, noise int, seed uint64) *image.Gray {
	r := rand.New(rand.NewPCG(seed, 1))
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := 200
			if x >= margin && y >= margin && x < w-margin && y < h-margin {
				if ((x-margin)/module+(y-margin)/module)%2 == 0 {
					v = 40
				}
			}
			v -= shade * x / w
			if noise > 0 {
				v += r.IntN(2*noise+1) - noise
			}
			g.Pix[y*g.Stride+x] = uint8(min(max(v, 0), 255))
		}
	}
	return g
}

// moduleErrors counts the modules of scene's checkerboard whose centre pixel
// m gets wrong.
func moduleErrors(m *matrix.Matrix, module, margin int) int {
	errs := 0
	for y := margin + module/2; y < m.Height-margin; y += module {
		for x := margin + module/2; x < m.Width-margin; x += module {
			want := ((x-margin)/module+(y-margin)/module)%2 == 0
			if m.Get(x, y) != want {
				errs++
			}
		}
	}
	return errs
}

func TestLocalMatchesReference(t *testing.T) {
	tests := []struct {
		w, h, module, margin, shade, noise int
	}{
		{64, 64, 4, 8, 0, 0},
		{101, 77, 3, 10, 120, 6},
		{90, 130, 13, 20, 60, 20}, // large flat areas: ring fill
		{40, 9, 2, 0, 0, 30},
		{7, 5, 1, 1, 0, 0},
		{120, 120, 1, 60, 0, 3}, // flat middle far from texture: global fallback
		{50, 50, 5, 0, 0, 0},
		{33, 65, 30, 1, 200, 10},
	}
	for i, tt := range tests {
		g := scene(tt.w, tt.h, tt.module, tt.margin, tt.shade, tt.noise, uint64(i))
		got, want := LocalThreshold(g), localThresholdSlow(g)
		if !got.Equal(want) {
			t.Errorf("case %d %+v: fast and reference binarizers differ", i, tt)
		}
	}
	// A sub-image: Stride differs from the width.
	g := scene(100, 100, 4, 6, 50, 10, 9).SubImage(image.Rect(13, 7, 90, 81)).(*image.Gray)
	rebased := &image.Gray{Pix: g.Pix, Stride: g.Stride, Rect: image.Rect(0, 0, g.Rect.Dx(), g.Rect.Dy())}
	if !LocalThreshold(rebased).Equal(localThresholdSlow(rebased)) {
		t.Error("strided image: fast and reference binarizers differ")
	}
	// The sub-image itself, whose bounds do not start at (0, 0).
	if !LocalThreshold(g).Equal(LocalThreshold(rebased)) || !GlobalThreshold(g).Equal(GlobalThreshold(rebased)) {
		t.Error("an image with an offset origin binarizes differently")
	}
	if d, e := Downscale(g, 2), Downscale(rebased, 2); string(d.Pix) != string(e.Pix) {
		t.Error("an image with an offset origin downscales differently")
	}
}

// TestLocalShadow shows the local binarizer reading modules under a shadow
// that darkens the light modules on one side below the dark modules'
// luminance on the other, where no global threshold can.
func TestLocalShadow(t *testing.T) {
	const module, margin = 6, 18
	g := scene(600, 300, module, margin, 170, 4, 1)
	if n := moduleErrors(LocalThreshold(g), module, margin); n != 0 {
		t.Errorf("local: %d modules wrong under a shadow", n)
	}
	if n := moduleErrors(GlobalThreshold(g), module, margin); n == 0 {
		t.Errorf("global read every module under a shadow; the test shows nothing")
	}
}

// TestLocalLargeModules checks that the inside of large dark modules, where
// whole blocks are flat, is classed dark from the texture around it.
func TestLocalLargeModules(t *testing.T) {
	const module, margin = 20, 40
	g := scene(400, 400, module, margin, 0, 8, 2)
	m := LocalThreshold(g)
	// Every pixel of every module, not only the centres.
	errs := 0
	for y := margin; y < 400-margin; y++ {
		for x := margin; x < 400-margin; x++ {
			want := ((x-margin)/module+(y-margin)/module)%2 == 0
			if m.Get(x, y) != want {
				errs++
			}
		}
	}
	if errs != 0 {
		t.Errorf("%d pixels wrong with %d-pixel modules", errs, module)
	}
}

// TestLocalNoise checks that a flat, noisy area next to a symbol stays light.
func TestLocalNoise(t *testing.T) {
	g := scene(300, 300, 4, 100, 0, 10, 3)
	m := LocalThreshold(g)
	for y := 0; y < 300; y++ {
		for x := 0; x < 300; x++ {
			if m.Get(x, y) && (x < 90 || y < 90 || x >= 210 || y >= 210) {
				t.Fatalf("speckle at (%d, %d) in the noisy margin", x, y)
			}
		}
	}
}

// TestLocalDark reads a photo taken in dim light: 4-pixel modules with 15
// levels of contrast on light that falls from 36 to 6 levels across the
// image, so that no one threshold separates them, with noise of ±2. The
// least contrast of a textured block falls with the image's light
// (minContrast): at the full minLocalContrast every block is flat, and the
// global threshold takes the dark side for all dark.
func TestLocalDark(t *testing.T) {
	const module, margin, w = 4, 20, 240
	r := rand.New(rand.NewPCG(5, 6))
	g := image.NewGray(image.Rect(0, 0, w, w))
	for y := 0; y < w; y++ {
		for x := 0; x < w; x++ {
			v := 21 + 15*(w-x)/w
			if x >= margin && y >= margin && x < w-margin && y < w-margin && ((x-margin)/module+(y-margin)/module)%2 == 0 {
				v -= 15
			}
			g.Pix[y*w+x] = uint8(v + r.IntN(5) - 2)
		}
	}
	hist := sampledHistogram(g)
	if c := minContrast(&hist); c >= 15 {
		t.Fatalf("least contrast %d for a dark image: its modules would be flat", c)
	}
	if n := moduleErrors(LocalThreshold(g), module, margin); n != 0 {
		t.Errorf("%d modules wrong in a dark image", n)
	}
	// The margin's noise stays light.
	m := LocalThreshold(g)
	for y := 0; y < w; y++ {
		for x := 0; x < w; x++ {
			if m.Get(x, y) && (x < margin-4 || y < margin-4 || x >= w-margin+4 || y >= w-margin+4) {
				t.Fatalf("speckle at (%d, %d) in the dark margin", x, y)
			}
		}
	}
}

// TestLocalLowContrast reads 2-pixel modules with 100 levels of contrast,
// smoothed by a 1-2-1 blur as a camera would: on a checkerboard, the worst
// case, the blur leaves 25 levels between neighbouring pixels.
func TestLocalLowContrast(t *testing.T) {
	const module, margin = 2, 20
	g := scene(200, 200, module, margin, 0, 0, 4)
	for i, v := range g.Pix {
		g.Pix[i] = uint8(90 + int(v-40)*100/160)
	}
	b := image.NewGray(g.Rect)
	for y := 0; y < 200; y++ {
		for x := 0; x < 200; x++ {
			s, n := 0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < 200 && yy < 200 {
						w := (1 + boolInt(dx == 0)) * (1 + boolInt(dy == 0)) // 1-2-1 kernel
						s += w * int(g.Pix[yy*200+xx])
						n += w
					}
				}
			}
			b.Pix[y*200+x] = uint8(s / n)
		}
	}
	if n := moduleErrors(LocalThreshold(b), module, margin); n != 0 {
		t.Errorf("%d modules wrong at low contrast", n)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestGlobal(t *testing.T) {
	const module, margin = 5, 25
	g := scene(300, 200, module, margin, 0, 12, 5)
	if n := moduleErrors(GlobalThreshold(g), module, margin); n != 0 {
		t.Errorf("%d modules wrong on an evenly lit image", n)
	}
	// Mostly background: the level must still fall between ink and paper.
	g = scene(400, 400, 3, 170, 0, 12, 6)
	if n := moduleErrors(GlobalThreshold(g), 3, 170); n != 0 {
		t.Errorf("%d modules wrong with a small symbol on a large page", n)
	}
}

// TestGlobalBlank checks that an evenly lit blank page with sensor noise
// comes out all light from both binarizers.
func TestGlobalBlank(t *testing.T) {
	g := scene(200, 200, 4, 100, 0, 5, 7)
	for _, m := range []*matrix.Matrix{GlobalThreshold(g), LocalThreshold(g)} {
		for _, v := range m.Pix {
			if v {
				t.Fatal("dark pixel on a blank page")
			}
		}
	}
}

func TestGlobalLevel(t *testing.T) {
	var hist [256]int
	hist[30], hist[220] = 1000, 9000
	level, ok := globalLevel(&hist)
	if !ok || level <= 30 || level > 220 {
		t.Errorf("two-level histogram: level %d, %v", level, ok)
	}
	hist = [256]int{}
	hist[100], hist[110] = 500, 500
	if _, ok := globalLevel(&hist); ok {
		t.Error("a 10-level spread passed as contrast")
	}
}

func TestDownscale(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 5, 4))
	for i := range g.Pix {
		g.Pix[i] = uint8(10 * i)
	}
	d := Downscale(g, 2)
	if d.Rect.Dx() != 2 || d.Rect.Dy() != 2 {
		t.Fatalf("size %v, want 2x2", d.Rect)
	}
	// Box (0,0): pixels 0, 1, 5, 6 → (0+10+50+60)/4 = 30.
	want := []uint8{30, 50, 130, 150}
	for i, v := range want {
		if d.Pix[i] != v {
			t.Errorf("pixel %d = %d, want %d", i, d.Pix[i], v)
		}
	}
	if Downscale(g, 9).Rect.Dx() != 0 {
		t.Error("factor larger than the image gave pixels")
	}
}

func TestSourceViews(t *testing.T) {
	s := NewSource(scene(120, 90, 3, 10, 30, 5, 8))
	views := []View{{}, {Method: Global}, {Inverted: true}, {Method: Global, Inverted: true}, {Down: 2}, {Up: 2}, {Open: true}, {Dilate: 2}}
	var wg sync.WaitGroup
	got := make([][]*matrix.Matrix, 8)
	for i := range got {
		wg.Go(func() {
			for _, v := range views {
				got[i] = append(got[i], s.Binary(v))
			}
		})
	}
	wg.Wait()
	for i := range got {
		for j, v := range views {
			if got[i][j] != got[0][j] || got[i][j] == nil {
				t.Errorf("%+v: made more than once, or not at all", v)
			}
		}
	}
	local, global := LocalThreshold(s.Lum), GlobalThreshold(s.Lum)
	for _, tc := range []struct {
		v    View
		want *matrix.Matrix
	}{
		{View{}, local},
		{View{Down: 1, Up: 1}, local}, // the same view
		{View{Method: Global}, global},
		{View{Inverted: true}, inverted(local)},
		{View{Method: Global, Inverted: true}, inverted(global)},
		{View{Down: 2}, LocalThreshold(Downscale(s.Lum, 2))},
		{View{Up: 2}, Enlarge(local, 2)},
		{View{Open: true}, Open(local)},
		{View{Dilate: 2}, Dilate(local, 2)},
		{View{Dilate: 1, Open: true}, Dilate(local, 1)}, // a dilation is not opened
		{View{Up: 2, Dilate: 1}, Dilate(Enlarge(local, 2), 1)},
		{View{Up: 2, Open: true}, Open(Enlarge(local, 2))},
	} {
		if m := s.Binary(tc.v); !m.Equal(tc.want) {
			t.Errorf("%+v differs from the matrix made directly", tc.v)
		}
	}
	if s.Downscaled(2) != s.Downscaled(2) || s.Downscaled(1) != s {
		t.Error("Downscaled not kept")
	}
	for _, v := range []View{{Method: Method(99)}, {Method: -1}, {Up: maxFactor + 1}, {Dilate: maxFactor + 1}} {
		if s.Binary(v) != nil {
			t.Errorf("%+v gave a matrix", v)
		}
	}
	var zero Source
	if b := zero.Binary(View{}); b != nil {
		t.Error("zero Source gave pixels")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if m, err := NewSource(s.Lum).View(ctx, View{}); m != nil || err != context.Canceled {
		t.Errorf("cancelled View = %v, %v", m, err)
	}
}

// TestSourceComplement checks the views made as the complement of the
// other way round, made first (either way), against those thresholded
// directly, and their counts of dark pixels, which Uniform reads: on an
// image whose width is no multiple of 8, and on a uniform one.
func TestSourceComplement(t *testing.T) {
	for _, g := range []*image.Gray{scene(123, 77, 3, 10, 30, 5, 8), image.NewGray(image.Rect(0, 0, 13, 5))} {
		for _, m := range []Method{Local, Global} {
			for _, first := range []bool{false, true} {
				s := NewSource(g)
				a, b := View{Method: m, Inverted: first}, View{Method: m, Inverted: !first}
				s.Binary(a)
				direct := NewSource(g)
				if got, want := s.Binary(b), direct.Binary(b); !got.Equal(want) {
					t.Errorf("%dx%d %+v after %+v differs from the view made directly", g.Rect.Dx(), g.Rect.Dy(), b, a)
				}
				if got, want := s.views[b.Norm()].dark, direct.views[b.Norm()].dark; got != want || s.Uniform(b) != direct.Uniform(b) {
					t.Errorf("%dx%d %+v after %+v: %d dark, want %d", g.Rect.Dx(), g.Rect.Dy(), b, a, got, want)
				}
			}
		}
	}
}

// TestSourceDilateFromSmaller checks the dilations a Source makes from a
// smaller one made first against those made directly, and their counts
// of dark pixels, on images whose scene reaches the borders.
func TestSourceDilateFromSmaller(t *testing.T) {
	for _, g := range []*image.Gray{scene(123, 77, 3, 0, 30, 5, 8), scene(64, 9, 2, 0, 30, 5, 3), scene(9, 50, 2, 0, 30, 5, 4)} {
		for _, first := range []int{1, 2} {
			for _, inv := range []bool{false, true} {
				s := NewSource(g)
				s.Binary(View{Inverted: inv, Dilate: first})
				for r := first + 1; r <= 5; r++ {
					v := View{Inverted: inv, Dilate: r}
					direct := NewSource(g)
					if got, want := s.Binary(v), direct.Binary(v); !got.Equal(want) {
						t.Errorf("%dx%d: %+v after dilating by %d differs from the view made directly", g.Rect.Dx(), g.Rect.Dy(), v, first)
					}
					if got, want := s.views[v].dark, direct.views[v].dark; got != want {
						t.Errorf("%dx%d: %+v after dilating by %d: %d dark, want %d", g.Rect.Dx(), g.Rect.Dy(), v, first, got, want)
					}
				}
			}
		}
	}
}

// TestSourceRelease checks that a released view is made anew, and that the
// views made after it, which may take its memory, hold the right pixels.
func TestSourceRelease(t *testing.T) {
	s := NewSource(scene(120, 90, 3, 10, 30, 5, 8))
	global := s.Binary(View{Method: Global})
	want := global.Clone()
	s.Release(View{Method: Global})
	if inv := s.Binary(View{Inverted: true}); !inv.Equal(inverted(LocalThreshold(s.Lum))) {
		t.Error("the view made after a release is wrong")
	}
	if again := s.Binary(View{Method: Global}); !again.Equal(want) || again == global {
		t.Error("a released view was not made anew")
	}
	s.Release(View{Down: 2}) // not made: nothing to do
	d := s.Binary(View{Down: 2})
	s.Release(View{Down: 2})
	if s.Binary(View{Down: 2}) == d {
		t.Error("a released downscaled view was kept")
	}
}

// TestSourcesShareBuffers makes and releases views of two images at once,
// over and over, and checks each view against one made afresh: the
// buffers released views hand on must never be in two views at once
// (run with -race too).
func TestSourcesShareBuffers(t *testing.T) {
	imgs := []*image.Gray{scene(120, 90, 3, 10, 30, 5, 8), scene(90, 120, 4, 20, 10, 6, 7)}
	views := []View{{}, {Method: Global}, {Inverted: true}, {Up: 2}, {Open: true}, {Dilate: 1}, {Down: 2}}
	var want [2][]*matrix.Matrix
	for i, img := range imgs {
		for _, v := range views {
			want[i] = append(want[i], NewSource(img).Binary(v).Clone())
		}
	}
	var wg sync.WaitGroup
	for i, img := range imgs {
		wg.Go(func() {
			for range 20 {
				s := NewSource(img)
				for k, v := range views {
					if m := s.Binary(v); !m.Equal(want[i][k]) {
						t.Errorf("image %d, %+v: wrong pixels", i, v)
						return
					}
					if k%2 == 1 {
						s.Release(views[k-1])
					}
				}
				for _, v := range views {
					s.Release(v)
				}
			}
		})
	}
	wg.Wait()
}

// TestSourceUniform checks that views all of one colour are known as such,
// and that the opening or dilation of one is the view itself.
func TestSourceUniform(t *testing.T) {
	blank := NewSource(image.NewGray(image.Rect(0, 0, 30, 20)))
	for _, v := range []View{{}, {Method: Global}, {Inverted: true}, {Down: 2}, {Up: 2}, {Open: true}, {Dilate: 2}} {
		if blank.Uniform(v) {
			t.Errorf("%+v: uniform before it is made", v)
		}
		blank.Binary(v)
		if !blank.Uniform(v) {
			t.Errorf("%+v of a blank image is not uniform", v)
		}
	}
	base := blank.Binary(View{})
	if blank.Binary(View{Dilate: 2}) != base {
		t.Error("the dilation of a uniform view is a copy")
	}
	blank.Release(View{Dilate: 2})
	if blank.Binary(View{}) != base || &views.Get(600)[0] == &base.Pix[0] {
		t.Error("releasing a shared view freed its base")
	}
	s := NewSource(scene(120, 90, 3, 10, 30, 5, 8))
	for _, v := range []View{{}, {Method: Global}, {Inverted: true}, {Down: 2}, {Up: 2}, {Open: true}, {Dilate: 1}} {
		s.Binary(v)
		if s.Uniform(v) {
			t.Errorf("%+v of a scene is uniform", v)
		}
	}
}

// TestMorphology checks Dilate and Open against their definitions.
func TestMorphology(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	sizes := [][2]int{{37, 23}, {5, 9}, {1, 1}, {8, 3}, {17, 1}, {64, 40}, {1, 17}, {2, 31}, {9, 2}, {15, 16}, {23, 7}, {33, 11}}
	for _, size := range sizes {
		for _, density := range []int{2, 3, 20} {
			m := matrix.New(size[0], size[1])
			for i := range m.Pix {
				m.Pix[i] = r.IntN(density) == 0
			}
			testMorphology(t, m)
			// Dark only at the borders, where the windows are cut.
			b := matrix.New(size[0], size[1])
			for y := range b.Height {
				for x := range b.Width {
					border := x == 0 || y == 0 || x == b.Width-1 || y == b.Height-1
					b.Set(x, y, border && r.IntN(density) == 0)
				}
			}
			testMorphology(t, b)
		}
	}
}

// testMorphology checks Dilate, at radii on both sides of maxWordRadius,
// and Open on m against their definitions.
func testMorphology(t *testing.T, m *matrix.Matrix) {
	darkNear := func(m *matrix.Matrix, x, y, rad int, dark bool) bool {
		for yy := y - rad; yy <= y+rad; yy++ {
			for xx := x - rad; xx <= x+rad; xx++ {
				if m.In(xx, yy) && m.Pix[yy*m.Width+xx] == dark {
					return true
				}
			}
		}
		return false
	}
	for _, rad := range []int{1, 2, 3, maxWordRadius, maxWordRadius + 1, 7} {
		d := Dilate(m, rad)
		for _, erode := range []bool{false, true} {
			out := make([]bool, len(m.Pix))
			n, want := dilateInto(m.Pix, out, m.Width, m.Height, rad, erode), 0
			for i, v := range out {
				want += map[bool]int{true: 1}[v]
				x, y := i%m.Width, i/m.Width
				if def := darkNear(m, x, y, rad, !erode) != erode; v != def {
					t.Fatalf("%dx%d: dilateInto(%d, erode %v) wrong at %d,%d", m.Width, m.Height, rad, erode, x, y)
				}
			}
			if n != want {
				t.Fatalf("%dx%d: dilateInto(%d, erode %v) counts %d dark, want %d", m.Width, m.Height, rad, erode, n, want)
			}
		}
		for y := range m.Height {
			for x := range m.Width {
				if d.Get(x, y) != darkNear(m, x, y, rad, true) {
					t.Fatalf("Dilate(%d) wrong at %d,%d", rad, x, y)
				}
			}
		}
		// Source makes a dilation from a smaller one when it has it.
		for first := 1; first < rad; first++ {
			if !Dilate(Dilate(m, first), rad-first).Equal(d) {
				t.Fatalf("%dx%d: Dilate(Dilate(%d), %d) is not Dilate(%d)", m.Width, m.Height, first, rad-first, rad)
			}
		}
	}
	eroded := matrix.New(m.Width, m.Height)
	for y := range m.Height {
		for x := range m.Width {
			eroded.Set(x, y, !darkNear(m, x, y, 1, false))
		}
	}
	opened := Dilate(eroded, 1)
	if !Open(m).Equal(opened) {
		t.Errorf("%dx%d: Open is not erosion then dilation", m.Width, m.Height)
	}
	want := 0
	for _, v := range opened.Pix {
		want += boolInt(v)
	}
	if n := openInto(m.Pix, make([]bool, len(m.Pix)), m.Width, m.Height); n != want {
		t.Errorf("%dx%d: openInto counts %d dark, want %d", m.Width, m.Height, n, want)
	}
	if !Dilate(m, 0).Equal(m) {
		t.Error("Dilate(0) changed the matrix")
	}
}

// TestLuminance16 checks the 16-bit fast paths against image/color's
// conversion.
func TestLuminance16(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	rgba := image.NewRGBA64(image.Rect(0, 0, 13, 7))
	nrgba := image.NewNRGBA64(image.Rect(0, 0, 13, 7))
	gray := image.NewGray16(image.Rect(0, 0, 13, 7))
	for y := range 7 {
		for x := range 13 {
			rgba.SetRGBA64(x, y, color.RGBA64{uint16(r.IntN(65536)), uint16(r.IntN(65536)), uint16(r.IntN(65536)), 0xffff})
			nrgba.SetNRGBA64(x, y, color.NRGBA64{uint16(r.IntN(65536)), uint16(r.IntN(65536)), uint16(r.IntN(65536)), 0xffff})
			gray.SetGray16(x, y, color.Gray16{uint16(r.IntN(65536))})
		}
	}
	// Transparency blends onto white.
	nrgba.SetNRGBA64(0, 0, color.NRGBA64{0, 0, 0, 0})
	rgba.SetRGBA64(0, 0, color.RGBA64{0, 0, 0, 0})
	for _, img := range []image.Image{rgba, nrgba, gray} {
		g := Luminance(img)
		for y := range 7 {
			for x := range 13 {
				want := color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y
				if x == 0 && y == 0 && img != image.Image(gray) {
					want = 255 // transparent: white
				}
				if d := int(g.GrayAt(x, y).Y) - int(want); d < -1 || d > 1 {
					t.Fatalf("%T at %d,%d: %d, want %d", img, x, y, g.GrayAt(x, y).Y, want)
				}
			}
		}
	}
}

// TestLuminanceAlpha checks the fast paths of the 8-bit types with an
// alpha channel (PNG's NRGBA, WebP's NYCbCrA) against image/color's
// conversion of the colour blended onto white.
func TestLuminanceAlpha(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	rect := image.Rect(0, 0, 13, 7)
	nrgba := image.NewNRGBA(rect)
	ycc := image.NewNYCbCrA(rect, image.YCbCrSubsampleRatio420)
	for y := range 7 {
		for x := range 13 {
			a := uint8(255)
			if r.IntN(3) == 0 {
				a = uint8(r.IntN(256))
			}
			nrgba.SetNRGBA(x, y, color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), a})
			ycc.Y[ycc.YOffset(x, y)] = uint8(30 + r.IntN(196))
			ycc.A[ycc.AOffset(x, y)] = a
		}
	}
	for i := range ycc.Cb {
		// Colours within the RGB gamut, which Y is the luma of.
		ycc.Cb[i], ycc.Cr[i] = uint8(118+r.IntN(21)), uint8(118+r.IntN(21))
	}
	for _, img := range []image.Image{nrgba, ycc, ycc.SubImage(image.Rect(3, 2, 11, 7))} {
		g := Luminance(img)
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				cr, cg, cb, ca := img.At(x, y).RGBA() // premultiplied
				white := 0xffff - ca
				want := color.GrayModel.Convert(color.RGBA64{uint16(cr + white), uint16(cg + white), uint16(cb + white), 0xffff}).(color.Gray).Y
				got := g.GrayAt(x-b.Min.X, y-b.Min.Y).Y
				if d := int(got) - int(want); d < -2 || d > 2 {
					t.Fatalf("%T at %d,%d: %d, want %d", img, x, y, got, want)
				}
			}
		}
	}
}

func inverted(m *matrix.Matrix) *matrix.Matrix {
	c := m.Clone()
	c.Invert()
	return c
}

// photo1000 is a 1000×1000 photo-like scene for the benchmarks.
func photo1000() *image.Gray {
	return scene(1000, 1000, 5, 200, 90, 8, 10)
}

func BenchmarkLocalThreshold(b *testing.B) {
	g := photo1000()
	b.ReportAllocs()
	for b.Loop() {
		LocalThreshold(g)
	}
}

func BenchmarkGlobalThreshold(b *testing.B) {
	g := photo1000()
	b.ReportAllocs()
	for b.Loop() {
		GlobalThreshold(g)
	}
}

func BenchmarkDownscale(b *testing.B) {
	g := photo1000()
	b.ReportAllocs()
	for b.Loop() {
		Downscale(g, 2)
	}
}

func TestEnlarge(t *testing.T) {
	m, _ := matrix.Parse("#.\n.#\n#.\n")
	want := "##..\n##..\n..##\n..##\n##..\n##..\n"
	if got := Enlarge(m, 2).String(); got != want {
		t.Errorf("Enlarge(2) =\n%s\nwant\n%s", got, want)
	}
	if !Enlarge(m, 1).Equal(m) {
		t.Error("Enlarge(1) changed the matrix")
	}
}

// TestDownscaleFactors checks every factor's loop against the box mean
// computed plainly.
func TestDownscaleFactors(t *testing.T) {
	g := scene(61, 47, 3, 10, 30, 5, 8)
	for factor := 2; factor <= 5; factor++ {
		d := Downscale(g, factor)
		for y := range d.Rect.Dy() {
			for x := range d.Rect.Dx() {
				s := 0
				for yy := y * factor; yy < (y+1)*factor; yy++ {
					for xx := x * factor; xx < (x+1)*factor; xx++ {
						s += int(g.GrayAt(xx, yy).Y)
					}
				}
				area := factor * factor
				if want := uint8((s + area/2) / area); d.GrayAt(x, y).Y != want {
					t.Fatalf("factor %d at %d,%d: %d, want %d", factor, x, y, d.GrayAt(x, y).Y, want)
				}
			}
		}
	}
}

// BenchmarkMorphology opens and dilates a binarized noisy scene of a
// megapixel: the last-resort views of the Data Matrix reader.
func BenchmarkMorphology(b *testing.B) {
	m := LocalThreshold(photo1000())
	b.Run("open", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Open(m)
		}
	})
	b.Run("dilate2", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Dilate(m, 2)
		}
	})
}

// TestDownscaledComposite checks an image shrunk by a factor with a
// smaller factor in it: made from the image shrunk by that one (kept
// too), of the size the direct one has, every pixel within a level of it.
func TestDownscaledComposite(t *testing.T) {
	g := scene(1003, 767, 3, 10, 120, 20, 9)
	for _, c := range []struct{ factor, via int }{{4, 2}, {6, 3}, {9, 3}, {8, 4}} {
		s := &Source{Lum: g}
		got := s.Downscaled(c.factor).Lum
		if _, ok := s.down[c.via]; !ok {
			t.Errorf("shrunk by %d: not made from the image shrunk by %d", c.factor, c.via)
		}
		want := Downscale(g, c.factor)
		if got.Rect != want.Rect {
			t.Fatalf("shrunk by %d: %v, want %v", c.factor, got.Rect, want.Rect)
		}
		for i := range want.Pix {
			if d := int(got.Pix[i]) - int(want.Pix[i]); d < -1 || d > 1 {
				t.Fatalf("shrunk by %d: pixel %d is %d, direct %d", c.factor, i, got.Pix[i], want.Pix[i])
			}
		}
	}
}

// BenchmarkViews makes, on a fresh Source per image, the views a thorough
// scan makes of the falsepositives images (the scan cache's PNG copies,
// skipped when absent): images without a symbol, where making views is a
// large part of a scan's work.
func BenchmarkViews(b *testing.B) {
	var lums []*image.Gray
	for _, dir := range []string{"falsepositives-1", "falsepositives-2"} {
		files, _ := filepath.Glob(filepath.Join("/tmp/sc-cache/rotated", dir, "*.png"))
		for _, name := range files {
			f, err := os.Open(name)
			if err != nil {
				b.Fatal(err)
			}
			img, err := png.Decode(f)
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
			lums = append(lums, Luminance(img))
		}
	}
	if len(lums) == 0 {
		b.Skip("no falsepositives copies in /tmp/sc-cache")
	}
	views := []View{{}, {Inverted: true}, {Method: Global}, {Method: Global, Inverted: true}, {Dilate: 1}, {Dilate: 2}, {Open: true}, {Up: 2}, {Down: 2}}
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range lums {
			s := &Source{Lum: g}
			for _, v := range views {
				s.Binary(v)
			}
		}
	}
}
