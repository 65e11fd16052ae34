package detect

import (
	"context"
	"fmt"
	"image"
	_ "image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "golang.org/x/image/webp"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/matrix"
)

// fakeQR returns an n×n matrix laid out like a QR Code (finder patterns
// with separators at three corners, timing patterns, an alignment pattern
// centred at (n-7, n-7)) with random data, inside a 4-module quiet zone:
// the result is (n+8)×(n+8) and module (x, y) of the symbol is (x+4, y+4).
func fakeQR(r *rand.Rand, n int) *matrix.Matrix {
	s := randomMatrix(r, n, n)
	finder := func(x0, y0 int) {
		s.SetRect(x0-1, y0-1, 9, 9, false) // separator
		s.SetRect(x0, y0, 7, 7, true)
		s.SetRect(x0+1, y0+1, 5, 5, false)
		s.SetRect(x0+2, y0+2, 3, 3, true)
	}
	finder(0, 0)
	finder(n-7, 0)
	finder(0, n-7)
	for i := 8; i < n-8; i++ {
		s.Set(i, 6, i%2 == 0)
		s.Set(6, i, i%2 == 0)
	}
	a := n - 7
	s.SetRect(a-2, a-2, 5, 5, true)
	s.SetRect(a-1, a-1, 3, 3, false)
	s.Set(a, a, true)
	out := matrix.New(n+8, n+8)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			out.Set(x+4, y+4, s.Get(x, y))
		}
	}
	return out
}

// view returns the transform that draws an (n+8)-module matrix from fakeQR
// with modules of about module pixels, rotated by deg degrees about its
// centre, tilted by persp (0 = none; 0.3 makes the far side about a third
// shorter), centred in a size×size image.
func view(n int, module, deg, persp float64, size int) Transform {
	side := float64(n+8) * module
	a := deg * math.Pi / 180
	var q [4]Point
	for i, u := range unitSquare {
		x, y := (u.X-0.5)*side, (u.Y-0.5)*side
		// Shrink the top edge for perspective.
		if u.Y == 0 {
			x *= 1 - persp
		}
		q[i] = Point{
			float64(size)/2 + x*math.Cos(a) - y*math.Sin(a),
			float64(size)/2 + x*math.Sin(a) + y*math.Cos(a),
		}
	}
	t, _ := RectToQuad(float64(n+8), float64(n+8), q)
	return t
}

func TestFindFinders(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	tests := []struct {
		n           int
		module, deg float64
		persp       float64
		size        int
	}{
		{21, 4, 0, 0, 160},
		{25, 2.2, 0, 0, 90},
		{25, 3, 30, 0, 160},
		{29, 5, 45, 0, 300},
		{33, 3, 130, 0.2, 200},
		{45, 6, 200, 0.3, 450},
		{21, 20, 10, 0, 700},
		{57, 2.5, 290, 0.15, 220},
	}
	for i, tt := range tests {
		tr := view(tt.n, tt.module, tt.deg, tt.persp, tt.size)
		img := render(fakeQR(r, tt.n), tr, tt.size, tt.size)
		found := FindFinders(context.Background(), img, 1)
		// Random data may hold a pattern crossed by a scan line or two;
		// the true ones must be the three seen on most lines.
		found = found[:min(len(found), 3)]
		for _, c := range []Point{{7.5, 7.5}, {float64(tt.n) + 0.5, 7.5}, {7.5, float64(tt.n) + 0.5}} {
			want := tr.Apply(c)
			ok := false
			for _, f := range found {
				if f.Center.Dist(want) < 0.5*tt.module+0.5 {
					ok = true
					// Perspective changes the module size across the
					// symbol; allow for it.
					if f.Module < tt.module*(0.75-tt.persp) || f.Module > tt.module*1.25 {
						t.Errorf("case %d: finder at %v: module %.2f, want about %.2f", i, want, f.Module, tt.module)
					}
				}
			}
			if !ok {
				t.Errorf("case %d: no finder near %v; found %v", i, want, found)
			}
		}
	}
}

func TestFindFindersNone(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	// Random noise and an alignment pattern have no 1:1:3:1:1 squares.
	if f := FindFinders(context.Background(), randomMatrix(r, 200, 200), 1); len(f) != 0 {
		t.Errorf("found %d finders in noise: %v", len(f), f)
	}
	if f := FindFinders(context.Background(), &matrix.Matrix{}, 1); len(f) != 0 {
		t.Error("found finders in an empty image")
	}
	// Rows without pixels, as a one-pixel column halved gives.
	if f := FindFinders(context.Background(), &matrix.Matrix{Height: 50}, 1); len(f) != 0 {
		t.Error("found finders in an image 0 pixels wide")
	}
}

func TestMatchRuns(t *testing.T) {
	tests := []struct {
		runs [5]int
		ok   bool
	}{
		{[5]int{2, 2, 6, 2, 2}, true},
		{[5]int{3, 1, 7, 1, 3}, true}, // 2-pixel modules, dark bleeding by half a pixel
		{[5]int{10, 9, 31, 11, 10}, true},
		{[5]int{10, 10, 10, 10, 10}, false}, // 1:1:1:1:1
		{[5]int{10, 10, 60, 10, 10}, false},
		{[5]int{2, 0, 6, 2, 2}, false},
		{[5]int{20, 10, 30, 10, 10}, false},
	}
	for _, tt := range tests {
		if _, ok := matchRuns(tt.runs, finderPattern, 0); ok != tt.ok {
			t.Errorf("matchRuns(%v) = %v, want %v", tt.runs, ok, tt.ok)
		}
	}
}

// TestCentreLongest checks centreLongest against its definition, run by
// run, on every five runs of 0 to 9 pixels.
func TestCentreLongest(t *testing.T) {
	var runs [5]int
	var all func(i int)
	all = func(i int) {
		if i == len(runs) {
			want := runs[2] >= 3
			for _, r := range runs {
				if r > runs[2]+1 {
					want = false
				}
			}
			if got := centreLongest(runs); got != want {
				t.Fatalf("centreLongest(%v) = %v, want %v", runs, got, want)
			}
			return
		}
		for runs[i] = 0; runs[i] < 10; runs[i]++ {
			all(i + 1)
		}
	}
	all(0)
}

// TestMayMatchFinder checks that mayMatchFinder rejects only runs that
// matchRuns rejects: every run of 0 to 13 pixels, and random runs of
// patterns with modules up to 200 pixels, blurred and stretched about
// the bounds.
func TestMayMatchFinder(t *testing.T) {
	check := func(runs [5]int) {
		if _, ok := matchRuns(runs, finderPattern, 0); ok && !mayMatchFinder(runs) {
			t.Fatalf("mayMatchFinder(%v) = false, matchRuns true", runs)
		}
	}
	var runs [5]int
	var all func(i int)
	all = func(i int) {
		if i == len(runs) {
			check(runs)
			return
		}
		for runs[i] = 0; runs[i] < 14; runs[i]++ {
			all(i + 1)
		}
	}
	all(0)
	r := rand.New(rand.NewPCG(15, 16))
	for range 1_000_000 {
		m := 1 + r.Float64()*200
		for i, p := range finderPattern {
			runs[i] = max(0, int(p*m*(0.4+1.2*r.Float64())+0.5))
		}
		check(runs)
	}
}

// TestCrossRuns checks crossRuns, which stops walking once a run is too
// long for matchRuns, against the plain measure of all five runs: through
// every pixel of random matrices and of a rendered symbol, along rows,
// columns and diagonals, with several limits.
func TestCrossRuns(t *testing.T) {
	plain := func(bin *matrix.Matrix, cx, cy float64, dx, dy, limit int) ([5]int, float64, bool) {
		x, y := int(math.Floor(cx)), int(math.Floor(cy))
		if !bin.Get(x, y) {
			return [5]int{}, 0, false
		}
		back := walk(bin, x, y, -dx, -dy, true, limit)
		r1 := walk(bin, x-dx*back, y-dy*back, -dx, -dy, false, limit)
		r0 := walk(bin, x-dx*(back+r1), y-dy*(back+r1), -dx, -dy, true, limit)
		fwd := walk(bin, x, y, dx, dy, true, limit)
		r3 := walk(bin, x+dx*fwd, y+dy*fwd, dx, dy, false, limit)
		r4 := walk(bin, x+dx*(fwd+r3), y+dy*(fwd+r3), dx, dy, true, limit)
		runs := [5]int{r0, r1, back + fwd - 1, r3, r4}
		if _, ok := matchRuns(runs, finderPattern, 0); !ok {
			return runs, 0, false
		}
		step := math.Hypot(float64(dx), float64(dy))
		off := float64(fwd-back)/2*step + (float64(x)+0.5-cx)*float64(dx)/step + (float64(y)+0.5-cy)*float64(dy)/step
		if dx != 0 && dy != 0 {
			off = 0
		}
		return runs, off, true
	}
	r := rand.New(rand.NewPCG(17, 18))
	bins := []*matrix.Matrix{
		render(fakeQR(r, 25), view(25, 3, 20, 0.1, 110), 110, 110),
		render(randomMatrix(r, 40, 40), view(32, 2.5, 10, 0, 110), 110, 110),
		randomMatrix(r, 60, 50),
	}
	accepted := 0
	for _, bin := range bins {
		for y := range bin.Height {
			for x := range bin.Width {
				for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
					for _, limit := range []int{3, 12, 40} {
						cx, cy := float64(x)+0.3, float64(y)+0.6
						runs, off, ok := crossRuns(bin, cx, cy, d[0], d[1], limit)
						wantRuns, wantOff, wantOK := plain(bin, cx, cy, d[0], d[1], limit)
						if ok != wantOK || ok && (runs != wantRuns || off != wantOff) {
							t.Fatalf("crossRuns at (%d,%d) along %v, limit %d = %v %v %v, want %v %v %v",
								x, y, d, limit, runs, off, ok, wantRuns, wantOff, wantOK)
						}
						if ok {
							accepted++
						}
					}
				}
			}
		}
	}
	if accepted == 0 {
		t.Error("no crossing accepted: the test checks nothing")
	}
}

func TestFindAlignment(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	tests := []struct {
		n                  int
		module, deg, persp float64
		size               int
	}{
		{25, 4, 0, 0, 200},
		{29, 3, 33, 0.2, 200},
		{41, 2.5, 100, 0.1, 200},
		{33, 8, 250, 0.3, 450},
	}
	for i, tt := range tests {
		tr := view(tt.n, tt.module, tt.deg, tt.persp, tt.size)
		img := render(fakeQR(r, tt.n), tr, tt.size, tt.size)
		want := tr.Apply(Point{float64(tt.n) - 7 + 4.5, float64(tt.n) - 7 + 4.5})
		// Start the search two modules off, as an affine estimate would.
		est := want.Add(Point{2 * tt.module, -1.5 * tt.module})
		got, ok := FindAlignment(img, est, tt.module, 5*tt.module)
		if !ok || got.Dist(want) > 0.5*tt.module+0.5 {
			t.Errorf("case %d: alignment at %v (%v), want %v", i, got, ok, want)
		}
	}
}

func TestFinderWidth(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for _, deg := range []float64{0, 17, 45, 62, 90, 135, 200, 333} {
		const n, module = 25, 4.0
		tr := view(n, module, deg, 0, 220)
		img := render(fakeQR(r, n), tr, 220, 220)
		c := tr.Apply(Point{7.5, 7.5})
		along := tr.Apply(Point{n + 0.5, 7.5}).Sub(c)
		w, ok := FinderWidth(img, c, along)
		if !ok || math.Abs(w-7*module) > 2 {
			t.Errorf("%v°: width %.2f (%v), want %.0f", deg, w, ok, 7*module)
		}
		// Along the diagonal the pattern is √2 times wider.
		diag := tr.Apply(Point{n + 0.5, n + 0.5}).Sub(c)
		w, ok = FinderWidth(img, c, diag)
		if !ok || math.Abs(w-7*math.Sqrt2*module) > 3 {
			t.Errorf("%v° diagonal: width %.2f (%v), want %.1f", deg, w, ok, 7*math.Sqrt2*module)
		}
	}
}

func TestFinderCorners(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	tests := []struct {
		n                  int
		module, deg, persp float64
	}{
		{21, 5, 0, 0},
		{25, 4, 30, 0},
		{29, 3, 75, 0.25},
		{33, 6, 160, 0.4},
		{21, 2.5, 300, 0.1},
	}
	for i, tt := range tests {
		const size = 400
		tr := view(tt.n, tt.module, tt.deg, tt.persp, size)
		img := render(fakeQR(r, tt.n), tr, size, size)
		n := float64(tt.n)
		// Finder centres and their outer corners, in module
		// coordinates of the matrix with its quiet zone.
		for _, origin := range []Point{{4, 4}, {n - 3, 4}, {4, n - 3}} {
			c := tr.Apply(origin.Add(Point{3.5, 3.5}))
			u := tr.Apply(origin.Add(Point{10.5, 3.5})).Sub(c)
			v := tr.Apply(origin.Add(Point{3.5, 10.5})).Sub(c)
			f := Finder{Center: c, Module: tt.module}
			got, ok := FinderCorners(img, f, u, v)
			if !ok {
				t.Errorf("case %d: no corners for the finder at %v", i, origin)
				continue
			}
			for k, m := range []Point{{0, 0}, {7, 0}, {7, 7}, {0, 7}} {
				want := tr.Apply(origin.Add(m))
				if got[k].Dist(want) > 1.5 {
					t.Errorf("case %d: finder at %v corner %d = %v, want %v", i, origin, k, got[k], want)
				}
			}
		}
	}
}

func TestLine(t *testing.T) {
	a := LineThrough(Point{0, 0}, Point{10, 10})
	b := LineThrough(Point{0, 10}, Point{10, 0})
	if p, ok := a.Intersect(b); !ok || !near(p, Point{5, 5}, 1e-9) {
		t.Errorf("diagonals meet at %v (%v), want (5, 5)", p, ok)
	}
	c := LineThrough(Point{0, 1}, Point{10, 11})
	if _, ok := a.Intersect(c); ok {
		t.Error("parallel lines met")
	}
	// The vanishing point of two parallel lines joined to a point gives
	// the parallel through it.
	through := Join(Point{3, 0}, a.Meet(c))
	if d := through.Dist(Point{13, 10}); d > 1e-9 {
		t.Errorf("Join with a point at infinity misses by %v", d)
	}
	if d := a.Dist(Point{0, 2}); math.Abs(d-math.Sqrt2) > 1e-9 {
		t.Errorf("Dist = %v, want √2", d)
	}
	fit, ok := FitLine([]Point{{0, 1}, {1, 1.1}, {2, 0.9}, {3, 1}, {4, 1}})
	if !ok || fit.Dist(Point{20, 1}) > 0.3 || fit.Dist(Point{-20, 1}) > 0.3 {
		t.Errorf("FitLine = %+v, want about y = 1", fit)
	}
	vert, ok := FitLine([]Point{{5, 0}, {5, 3}, {5, 9}})
	if !ok || vert.Dist(Point{5, 100}) > 1e-9 {
		t.Errorf("FitLine of a vertical line = %+v", vert)
	}
	if _, ok := FitLine([]Point{{1, 1}, {1, 1}}); ok {
		t.Error("FitLine of one point succeeded")
	}
}

// corpusDir is the reference corpus, beside the repository.
var corpusDir = filepath.Join("..", "..", "shared", "corpus", "zxing-cpp")

// TestFindFindersCorpus checks the finder search on real photos: the
// patterns listed in testdata/corpus-finders.tsv (see testdata/README) must
// be found within a module of their recorded centre, with a module size
// within a quarter of the recorded one.
func TestFindFindersCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("corpus not found:", err)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "corpus-finders.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		fields := strings.Split(line, "\t")
		f, err := os.Open(filepath.Join(corpusDir, fields[0]))
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := image.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", fields[0], err)
		}
		found := FindFinders(context.Background(), binarize.LocalThreshold(binarize.Luminance(img)), 1)
		for _, field := range fields[1:] {
			var want Finder
			if _, err := fmt.Sscanf(field, "%g,%g,%g", &want.Center.X, &want.Center.Y, &want.Module); err != nil {
				t.Fatalf("%s: bad field %q", fields[0], field)
			}
			ok := false
			for _, g := range found {
				if g.Center.Dist(want.Center) <= want.Module && math.Abs(g.Module-want.Module) <= want.Module/4 {
					ok = true
				}
			}
			if !ok {
				t.Errorf("%s: no finder pattern near %v (module %.2f)", fields[0], want.Center, want.Module)
			}
		}
	}
}

func BenchmarkFindFinders(b *testing.B) {
	r := rand.New(rand.NewPCG(25, 26))
	tr := view(57, 8, 23, 0.2, 1000)
	img := render(fakeQR(r, 57), tr, 1000, 1000)
	b.ReportAllocs()
	for b.Loop() {
		FindFinders(context.Background(), img, 1)
	}
}

// sceneDir holds PNG copies of the corpus folders, at each rotation,
// made by the scan cache; benchmarks that read it skip when it is absent.
const sceneDir = "/tmp/sc-cache/rotated"

// sceneViews returns the views the QR reader searches first in each PNG
// of the folders matching pattern under sceneDir: the local binarization,
// its inverse and the global one.
func sceneViews(tb testing.TB, pattern string) []*matrix.Matrix {
	files, _ := filepath.Glob(filepath.Join(sceneDir, pattern, "*.png"))
	if len(files) == 0 {
		tb.Skip("no PNG copies in", filepath.Join(sceneDir, pattern))
	}
	var views []*matrix.Matrix
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			tb.Fatal(err)
		}
		img, _, err := image.Decode(f)
		f.Close()
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		src := binarize.NewSource(img)
		for _, v := range []binarize.View{{}, {Inverted: true}, {Method: binarize.Global}} {
			if bin := src.Binary(v); bin != nil {
				views = append(views, bin)
			}
		}
	}
	return views
}

// BenchmarkFindFindersScenes searches the views of the corpus images
// without a symbol (most of the QR reader's time on them is this search)
// and of the QR Code folders, every row: one op searches every view.
func BenchmarkFindFindersScenes(b *testing.B) {
	for _, c := range []struct{ name, pattern string }{
		{"falsepositives", "falsepositives-*"},
		{"qrcode", "qrcode-*"},
	} {
		b.Run(c.name, func(b *testing.B) {
			views := sceneViews(b, c.pattern)
			for b.Loop() {
				for _, bin := range views {
					FindFinders(context.Background(), bin, 1)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(views)), "ns/view")
		})
	}
}

// BenchmarkFindFindersNoise searches binarized noise, 2000×2000: the most
// runs, and chance patterns, an image can hold.
func BenchmarkFindFindersNoise(b *testing.B) {
	img := binarize.LocalThreshold(adversarial.Noise(2000, 2000, 1))
	b.ReportAllocs()
	for b.Loop() {
		FindFinders(context.Background(), img, 1)
	}
}

// TestWalk checks walk against a plain walk, pixel by pixel, from every
// pixel of a random matrix in every direction.
func TestWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	m := randomMatrix(r, 17, 11)
	plain := func(x, y, dx, dy int, dark bool, limit int) int {
		n := 0
		for n <= limit && m.In(x, y) && m.Get(x, y) == dark {
			n++
			x, y = x+dx, y+dy
		}
		return n
	}
	for y := -1; y <= m.Height; y++ {
		for x := -1; x <= m.Width; x++ {
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}} {
				for _, limit := range []int{0, 2, 30} {
					for _, dark := range []bool{false, true} {
						if got, want := walk(m, x, y, d[0], d[1], dark, limit), plain(x, y, d[0], d[1], dark, limit); got != want {
							t.Fatalf("walk(%d,%d dir %v, %v, limit %d) = %d, want %d", x, y, d, dark, limit, got, want)
						}
					}
				}
			}
		}
	}
}

// TestRunEnds checks RunEnds against runs counted plainly: rows of every
// length up to 40 (words and tails) and longer, of noise and of long runs.
func TestRunEnds(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var lengths []int
	for n := range 41 {
		lengths = append(lengths, n)
	}
	for _, n := range append(lengths, 100, 1001) {
		for _, p := range []int{1, 2, 10} {
			row := make([]bool, n)
			for i := range row {
				row[i] = r.IntN(p) == 0
			}
			var want []int32
			for x := 1; x <= n; x++ {
				if x == n || row[x] != row[x-1] {
					want = append(want, int32(x))
				}
			}
			ends := make([]int32, n+1)
			if got := ends[:RunEnds(row, ends)]; !slices.Equal(got, want) {
				t.Errorf("RunEnds(%v) = %v, want %v", row, got, want)
			}
		}
	}
}

// TestFindFindersTwoRows checks that a pattern's hits, confirmed once two
// rows in a row have one at the same place, count every row that crosses
// it: the first row's too.
func TestFindFindersTwoRows(t *testing.T) {
	const m = 3 // pixels per module
	img := matrix.New(60, 40)
	for y := range 7 {
		for x := range 7 {
			ring := max(x-3, 3-x, y-3, 3-y)
			img.SetRect(20+x*m, 10+y*m, m, m, ring != 2)
		}
	}
	f := FindFinders(context.Background(), img, 1)
	if len(f) != 1 || f[0].Count != 3*m {
		t.Fatalf("a 7×7 pattern: %+v, want one seen on %d rows", f, 3*m)
	}
}

// BenchmarkRunEnds finds the runs of rows of 4000 pixels: of noise,
// which changes at every other pixel, and of runs 20 pixels long on
// average, as a binarized photo has.
func BenchmarkRunEnds(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		name string
		p    int // a pixel differs from the one before with probability 1/p
	}{{"noise", 2}, {"photo", 20}} {
		row := make([]bool, 4000)
		for i := 1; i < len(row); i++ {
			row[i] = row[i-1] != (r.IntN(c.p) == 0)
		}
		ends := make([]int32, len(row))
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				RunEnds(row, ends)
			}
		})
	}
}

// TestSameRow checks SameRow on equal rows, rows differing in one pixel
// anywhere, rows of other lengths and empty rows.
func TestSameRow(t *testing.T) {
	a := make([]bool, 37)
	for i := range a {
		a[i] = i%3 == 0
	}
	b := slices.Clone(a)
	if !SameRow(a, b) {
		t.Error("equal rows differ")
	}
	for i := range b {
		b[i] = !b[i]
		if SameRow(a, b) {
			t.Errorf("rows differing at %d are the same", i)
		}
		b[i] = !b[i]
	}
	if SameRow(a, b[:36]) || SameRow(nil, nil) || SameRow(a[:0], b[:0]) {
		t.Error("rows of other lengths, or empty, are the same")
	}
}
