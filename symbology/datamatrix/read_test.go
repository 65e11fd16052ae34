package datamatrix

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// read reads src for Data Matrix alone, as a scan for "data-matrix" does.
func read(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	opts.IDs = []string{"data-matrix"}
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
	dots     float64 // modules drawn as dots of this radius (in modules); 0 for squares
	bend     float64 // the surface bulges by this many modules at the middle
	contrast float64 // difference of light and dark, 0-1; 0 means 0.7
	gradient float64 // light falling off across the image
	noise    int     // uniform noise of ±noise levels
	blur     bool    // a 3×3 box blur
	seed     uint64
}

// render draws m (a symbol) as s describes, centred, with a quiet zone of
// two modules, and returns the image and the symbol's corners (top-left,
// top-right, bottom-right, bottom-left of the symbol as read).
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
					if s.bend != 0 {
						// A cylinder bulging towards the camera: columns
						// near the middle spread, those at the edges
						// crowd.
						u := p.X/float64(m.Width)*2 - 1
						p.X -= s.bend * (1 - u*u) * u
					}
					v := light
					mx, my := int(math.Floor(p.X)), int(math.Floor(p.Y))
					if mx >= 0 && my >= 0 && mx < m.Width && my < m.Height && m.Get(mx, my) {
						if s.dots == 0 || math.Hypot(p.X-float64(mx)-0.5, p.Y-float64(my)-0.5) <= s.dots {
							v = dark
						}
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

// TestReadScenes reads synthetic photos: every shape, rotations at any
// angle, perspective, small modules, mirrored and inverted symbols, dots,
// bends, low contrast, uneven light, noise and blur. The corners found must
// lie within a module of the true ones.
func TestReadScenes(t *testing.T) {
	tests := []struct {
		name string
		data string
		opts Options
		s    scene
		fast bool // also read in fast mode
	}{
		{"plain", "Hello World", Options{}, scene{w: 200, h: 200, module: 6}, true},
		{"rotated 30", "Rotated thirty degrees", Options{}, scene{w: 300, h: 300, module: 6, deg: 30}, true},
		{"rotated 135", "Rotated 135 degrees", Options{}, scene{w: 300, h: 300, module: 6, deg: 135}, true},
		{"rotated 250", "0123456789012345678901234567890123456789", Options{}, scene{w: 300, h: 300, module: 5, deg: 250}, true},
		{"perspective", "Tilted away from the camera", Options{}, scene{w: 320, h: 320, module: 7, deg: 12, persp: 0.25}, true},
		{"small modules", "Two pixels a module", Options{}, scene{w: 120, h: 120, module: 2}, true},
		{"rectangle", "Rectangular symbol 16x48", Options{Shape: Rectangular}, scene{w: 400, h: 200, module: 6, deg: -8}, true},
		{"dmre", "DMRE 8x64 a long narrow one", Options{Size: Size{Rows: 8, Cols: 64, RegionRows: 6, RegionCols: 14, Data: 24, EC: 18, Blocks: 1, DMRE: true}}, scene{w: 460, h: 160, module: 6, deg: 5}, true},
		{"large", string(make([]byte, 600)), Options{Binary: true}, scene{w: 640, h: 640, module: 5, deg: 3}, true},
		{"mirrored", "Seen in a mirror", Options{}, scene{w: 200, h: 200, module: 6, mirror: true, deg: 20}, true},
		{"mirrored rectangle", "Mirrored 12x36", Options{Shape: Rectangular}, scene{w: 300, h: 200, module: 6, mirror: true}, true},
		{"inverted", "Light on dark", Options{}, scene{w: 200, h: 200, module: 6, invert: true, deg: 10}, false},
		{"dots", "Dot peened marking 123", Options{}, scene{w: 240, h: 240, module: 8, dots: 0.38, deg: 15}, false},
		{"bent", "A label on a bottle: the modules crowd at the sides of the symbol", Options{}, scene{w: 400, h: 400, module: 7, bend: 1.6}, false},
		{"low contrast", "Faint print", Options{}, scene{w: 200, h: 200, module: 5, contrast: 0.15, noise: 4}, true},
		{"uneven light", "Shadow across", Options{}, scene{w: 240, h: 240, module: 5, gradient: 0.6, noise: 10}, false},
		{"blurred", "Out of focus 0123456789", Options{}, scene{w: 240, h: 240, module: 4, blur: true, deg: 40}, true},
		{"gs1", "0109501101020917\x1d17190508\x1d10ABCD1234", Options{GS1: true}, scene{w: 220, h: 220, module: 5, deg: 70}, true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Encode(tt.data, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			tt.s.seed = uint64(i)
			img, q := tt.s.render(c.Modules)
			for _, fast := range []bool{false, true} {
				if fast && !tt.fast {
					continue
				}
				got := read(binarize.NewSource(img), symbology.ReadOptions{Fast: fast})
				if len(got) != 1 || string(got[0].Bytes) != string([]byte(tt.data)) && got[0].Text != tt.data {
					t.Fatalf("fast=%v: read %d symbols: %+v", fast, len(got), got)
				}
				bc := got[0]
				if bc.Mirrored != tt.s.mirror || bc.Inverted != tt.s.invert || bc.Version != c.Size.String() {
					t.Errorf("fast=%v: mirrored %v inverted %v version %s", fast, bc.Mirrored, bc.Inverted, bc.Version)
				}
				for k := range q {
					if d := bc.Corners[k].Dist(q[k]); d > tt.s.module*1.2+tt.s.bend*tt.s.module {
						t.Errorf("fast=%v: corner %d at %.1f, want %.1f", fast, k, bc.Corners[k], q[k])
					}
				}
			}
		})
	}
}

// TestReadNothing checks that images without a symbol give nothing: noise,
// a checkerboard, text-like blobs and a QR-like pattern of squares.
func TestReadNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	noise := image.NewGray(image.Rect(0, 0, 200, 150))
	for i := range noise.Pix {
		noise.Pix[i] = uint8(r.IntN(256))
	}
	checker := image.NewGray(image.Rect(0, 0, 160, 160))
	for y := range 160 {
		for x := range 160 {
			if (x/8+y/8)%2 == 0 {
				checker.Pix[y*160+x] = 255
			}
		}
	}
	// An L alone, with nothing like clock tracks beside it.
	ell := image.NewGray(image.Rect(0, 0, 100, 100))
	for i := range ell.Pix {
		ell.Pix[i] = 255
	}
	for y := 10; y < 90; y++ {
		for x := 10; x < 90; x++ {
			if x < 16 || y >= 84 {
				ell.Pix[y*100+x] = 0
			}
		}
	}
	thin := image.NewGray(image.Rect(0, 0, 2000, 3))
	for i := range thin.Pix {
		thin.Pix[i] = uint8(i * 37)
	}
	for name, img := range map[string]*image.Gray{
		"noise": noise, "checker": checker, "ell": ell, "blank": image.NewGray(image.Rect(0, 0, 50, 50)),
		"one pixel": image.NewGray(image.Rect(0, 0, 1, 1)), "empty": image.NewGray(image.Rect(0, 0, 0, 0)),
		"thin": thin,
	} {
		if got := read(binarize.NewSource(img), symbology.ReadOptions{}); len(got) != 0 {
			t.Errorf("%s: read %+v", name, got)
		}
	}
}

// TestReadSeveral reads two symbols side by side and caps the results.
func TestReadSeveral(t *testing.T) {
	a, _ := Encode("first symbol", Options{})
	b, _ := Encode("second symbol", Options{})
	img := image.NewGray(image.Rect(0, 0, 400, 200))
	for i := range img.Pix {
		img.Pix[i] = 230
	}
	for k, m := range []*matrix.Matrix{a.Modules, b.Modules} {
		for y := range m.Height * 6 {
			for x := range m.Width * 6 {
				if m.Get(x/6, y/6) {
					img.Pix[(30+y)*400+30+k*200+x] = 20
				}
			}
		}
	}
	got := read(binarize.NewSource(img), symbology.ReadOptions{})
	if len(got) != 2 {
		t.Fatalf("read %d symbols", len(got))
	}
	if got := read(binarize.NewSource(img), symbology.ReadOptions{MaxResults: 1}); len(got) != 1 {
		t.Errorf("MaxResults 1: read %d symbols", len(got))
	}
}

// TestReadLarge reads symbols in images above downscaleAbove, whose views
// other than the first are made at half size: dot-peened symbols whose dots
// only dilation at half size joins (the full-size dilation that the plan
// had before reads none of these three), and a light-on-dark symbol of
// 3-pixel modules.
func TestReadLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("renders large images")
	}
	tests := []struct {
		name string
		s    scene
	}{
		{"dots 20", scene{w: 1300, h: 1300, module: 20, dots: 0.38, deg: 15}},
		{"dots 28", scene{w: 1300, h: 1300, module: 28, dots: 0.38, deg: 15}},
		{"small dots 20", scene{w: 1300, h: 1300, module: 20, dots: 0.33, deg: 15}},
		{"inverted", scene{w: 1300, h: 1300, module: 3, invert: true, deg: 10}},
	}
	const data = "Dot peened marking 123"
	c, err := Encode(data, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, tt := range tests {
		tt.s.seed = uint64(i)
		img, _ := tt.s.render(c.Modules)
		if got := read(binarize.NewSource(img), symbology.ReadOptions{}); len(got) != 1 || got[0].Text != data || got[0].Inverted != tt.s.invert {
			t.Errorf("%s: read %+v", tt.name, got)
		}
	}
}

// TestPlanLarge checks that the plan reads a large image at full size
// once: every other view of it is at half size, where it costs a quarter
// (see readPlan).
func TestPlanLarge(t *testing.T) {
	for _, long := range []int{downscaleAbove + 1, 2000, 8000} {
		for _, thorough := range []bool{false, true} {
			full := 0
			for _, p := range readPlan {
				applies := (thorough || !p.Thorough) && long >= p.MinSide && (p.MaxSide == 0 || long <= p.MaxSide)
				if v := p.View.Norm(); applies && v.Down == 1 && v.Up == 1 {
					full++
				}
			}
			if full != 1 {
				t.Errorf("long side %d, thorough %v: %d views at full size", long, thorough, full)
			}
		}
	}
}

// TestReadMany reads a sheet of 40 symbols: each view ranks and tries up
// to maxRanked candidates.
func TestReadMany(t *testing.T) {
	const cols, rows, module, pitch = 8, 5, 4, 64
	img := image.NewGray(image.Rect(0, 0, cols*pitch, rows*pitch))
	for i := range img.Pix {
		img.Pix[i] = 235
	}
	want := map[string]bool{}
	for k := range cols * rows {
		data := fmt.Sprintf("Label %02d", k)
		want[data] = true
		c, err := Encode(data, Options{})
		if err != nil {
			t.Fatal(err)
		}
		m := c.Modules
		x0, y0 := k%cols*pitch+8, k/cols*pitch+8
		for y := range m.Height * module {
			for x := range m.Width * module {
				if m.Get(x/module, y/module) {
					img.Pix[(y0+y)*img.Stride+x0+x] = 25
				}
			}
		}
	}
	got := read(binarize.NewSource(img), symbology.ReadOptions{})
	for _, bc := range got {
		delete(want, bc.Text)
	}
	if len(got) != cols*rows || len(want) > 0 {
		t.Errorf("read %d symbols; not read: %v", len(got), want)
	}
}

// TestBorderOnly checks the planner's scoring of a grid from its border
// modules alone against the border of the whole grid sampled by
// detect.Sample, for the grids of the candidates of photos and of grids
// moved about them, and that a grid inside the image samples.
func TestBorderOnly(t *testing.T) {
	c, err := Encode("Border only 0123456789", Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	tested := 0
	for i, s := range []scene{
		{w: 200, h: 200, module: 6, deg: 20},
		{w: 240, h: 200, module: 4, persp: 0.2, deg: 100, noise: 20},
		{w: 120, h: 120, module: 4, deg: 45, seed: 1},
	} {
		s.seed = uint64(i)
		img, _ := s.render(c.Modules)
		bin := binarize.NewSource(img).Binary(binarize.View{})
		var p planner
		findCandidates(bin, nil, scanStep(bin.Width, bin.Height), 0, nil, func(cd candidate) {
			for range 20 {
				// The candidate's grids, and grids moved by up to
				// 40 pixels: some near the edge or out of the image.
				dx, dy := r.Float64()*80-40, r.Float64()*80-40
				if tested%20 == 0 {
					dx, dy = 0, 0
				}
				moved := cd
				for k := range moved.q {
					moved.q[k] = moved.q[k].Add(detect.Point{X: dx, Y: dy})
				}
				moved.alts = nil
				for _, a := range p.plan(bin, moved) {
					g, ok := detect.Sample(bin, a.t, a.cols, a.rows)
					if !ok {
						t.Fatalf("planned grid %v does not sample", a.q)
					}
					score, good := borderScore(g)
					if score != a.score || good != a.ok {
						t.Fatalf("grid %v: border alone %v %v, whole grid %v %v", a.q, a.score, a.ok, score, good)
					}
					if inside(bin, a.t, a.rows, a.cols) && a.grid != nil {
						t.Errorf("grid %v inside the image sampled whole", a.q)
					}
					tested++
				}
			}
		})
	}
	if tested < 100 {
		t.Errorf("only %d grids tested", tested)
	}
}

// dimsRef is dims as a sort of every size near the estimates: the
// reference TestDims compares dims with.
func dimsRef(c candidate, q [4]detect.Point) [][2]int {
	wEst := (q[0].Dist(q[1]) + q[3].Dist(q[2])) / 2 / c.mx
	hEst := (q[0].Dist(q[3]) + q[1].Dist(q[2])) / 2 / c.my
	type near struct {
		rc [2]int
		d  float64
	}
	var all []near
	for _, s := range sizes {
		for k, rc := range [2][2]int{{s.Rows, s.Cols}, {s.Cols, s.Rows}} {
			if k == 1 && s.Square() {
				continue
			}
			if d := sideDistance(rc[0], hEst, c.rows) + sideDistance(rc[1], wEst, c.cols); d <= 6 {
				all = append(all, near{rc, d})
			}
		}
	}
	slices.SortStableFunc(all, func(a, b near) int { return cmp.Compare(a.d, b.d) })
	var out [][2]int
	for _, x := range all[:min(len(all), maxDims)] {
		out = append(out, x.rc)
	}
	return out
}

// TestDims checks dims against dimsRef for candidates of every shape and
// module size, with and without module counts from the clock tracks, and
// at the module counts of the sizes themselves, where distances tie.
func TestDims(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 20000 {
		w, h := 20+r.Float64()*400, 20+r.Float64()*400
		if i%4 == 0 {
			// Square, so that a size and its transpose tie.
			h = w
		}
		q := [4]detect.Point{{X: 0, Y: 0}, {X: w, Y: 0}, {X: w, Y: h}, {X: 0, Y: h}}
		c := candidate{q: q, mx: 1 + r.Float64()*20, my: 1 + r.Float64()*20}
		switch i % 3 {
		case 1:
			c.rows, c.cols = float64(8+r.IntN(140)), float64(8+r.IntN(140))
		case 2:
			s := sizes[r.IntN(len(sizes))]
			c.rows, c.cols = float64(s.Rows), float64(s.Cols)
		}
		ds, n := dims(c, q)
		got := ds[:n]
		want := dimsRef(c, q)
		if len(got) != len(want) || (len(want) > 0 && !slices.Equal(got, want)) {
			t.Fatalf("candidate %+v: dims %v, reference %v", c, got, want)
		}
	}
}
