package datamatrix

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/matrix"
)

// searchAll runs the search of bin as findCandidates does and returns the
// candidates and the tracer, to look at what the search spent.
func searchAll(bin *matrix.Matrix, allHoles bool) ([]candidate, *tracer) {
	t := newTracer(bin, nil)
	t.allHoles = allHoles
	var cands []candidate
	t.search(scanStep(bin.Width, bin.Height), 0, nil, func(c candidate) { cands = append(cands, c) })
	return cands, t
}

// comb returns an n×n image of one dark region with a long outline: a
// spine down the left edge and 1-pixel teeth every 4 rows, across the
// image.
func comb(n int) *matrix.Matrix {
	m := matrix.New(n, n)
	for y := range n {
		for x := range n - 1 {
			m.Pix[y*n+x] = x < 2 || y%4 == 0
		}
	}
	return m
}

// TestNext checks next away from the image's edges, where it looks its
// answer up, against the neighbours looked at one by one: for every
// neighbourhood and every direction the search starts after.
func TestNext(t *testing.T) {
	for m := range 256 {
		bin := matrix.New(5, 5)
		for d, dir := range mooreDir {
			bin.Set(2+dir[0], 2+dir[1], m&(1<<d) != 0)
		}
		tr := newTracer(bin, nil)
		for back := range 8 {
			want := -1
			for k := 1; k <= 8; k++ {
				if e := (back + k) & 7; tr.dark(2+mooreDX[e], 2+mooreDY[e]) {
					want = e
					break
				}
			}
			if got := tr.next(2, 2, 2*5+2, back); got != want {
				t.Errorf("neighbours %08b, after direction %d: next %d, want %d", m, back, got, want)
			}
		}
	}
}

// TestTraceSteps checks that following the outlines that cross the scan
// lines takes under one step a pixel of each adversarial image, binarized
// locally and globally, and of a comb, far within the budget traceSteps:
// the budget never cuts a search short. The comb's outline, longer than
// maxLen and crossing every scan line, is followed once; cut short at
// maxLen, it was traced again from each line, four steps a pixel.
func TestTraceSteps(t *testing.T) {
	const n = 1000
	bins := map[string]*matrix.Matrix{"comb": comb(n)}
	for _, c := range adversarial.Cases() {
		src := binarize.NewSource(c.Make(n, n))
		for _, v := range []binarize.View{{}, {Method: binarize.Global}} {
			bins[c.Name+" "+v.Method.String()] = src.Binary(v)
		}
	}
	for name, bin := range bins {
		_, tr := searchAll(bin, false)
		steps := traceSteps*len(bin.Pix) - tr.steps
		if perPixel := float64(steps) / float64(len(bin.Pix)); perPixel > 1 {
			t.Errorf("%s: %.2f steps a pixel", name, perPixel)
		}
	}
}

// TestTraceBudget checks that a search whose budget of steps is spent
// stops there, whatever it was following.
func TestTraceBudget(t *testing.T) {
	bin := binarize.NewSource(adversarial.Noise(600, 600, 3)).Binary(binarize.View{Method: binarize.Global})
	for _, budget := range []int{0, 1, 100, 5000} {
		tr := newTracer(bin, nil)
		tr.steps = budget
		tr.search(scanStep(bin.Width, bin.Height), 0, nil, func(candidate) {})
		if tr.steps != 0 {
			t.Errorf("budget %d: %d steps left, want all spent", budget, tr.steps)
		}
		seen := 0
		for _, s := range tr.seen {
			seen += bits.OnesCount64(s)
		}
		if seen > budget {
			t.Errorf("budget %d: %d pixels traced", budget, seen)
		}
	}
}

// TestTraceVisitsBoundary checks, on small random images, the property of
// Moore neighbourhood tracing that the skipping of holes relies on (see
// tracer.search): a trace from a dark pixel visits every pixel of the dark
// region that is 4-adjacent to the light region the trace starts beside;
// and that the area the trace sums as it goes is its outline's.
func TestTraceVisitsBoundary(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type pt struct{ x, y int }
	for iter := range 1500 {
		w, h := 3+r.IntN(14), 3+r.IntN(14)
		density := []float64{0.3, 0.45, 0.55, 0.7}[iter%4]
		m := matrix.New(w, h)
		for i := range m.Pix {
			m.Pix[i] = r.Float64() < density
		}
		dark := func(p pt) bool { return p.x >= 0 && p.y >= 0 && p.x < w && p.y < h && m.Pix[p.y*w+p.x] }
		// fill returns the region of p: 4-connected light pixels, with
		// a frame of light pixels round the image, or 8-connected dark
		// ones.
		fill := func(p pt, isDark bool) map[pt]bool {
			reg := map[pt]bool{p: true}
			for stack := []pt{p}; len(stack) > 0; {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						q := pt{p.x + dx, p.y + dy}
						if !isDark && dx != 0 && dy != 0 || reg[q] || dark(q) != isDark ||
							q.x < -1 || q.y < -1 || q.x > w || q.y > h {
							continue
						}
						reg[q] = true
						stack = append(stack, q)
					}
				}
			}
			return reg
		}
		for sy := range h {
			for sx := range w {
				s := pt{sx, sy}
				if !dark(s) || dark(pt{sx - 1, sy}) {
					continue
				}
				tr := newTracer(m, nil)
				pts, ok := tr.trace(sx, sy, len(m.Pix)*8)
				if !ok {
					t.Fatalf("%d×%d image, trace from %v: not ok", w, h, s)
				}
				if tr.area != area(pts) {
					t.Fatalf("%d×%d image, trace from %v: area %d, outline's %d", w, h, s, tr.area, area(pts))
				}
				light := fill(pt{sx - 1, sy}, false)
				for p := range fill(s, true) {
					for _, d := range [4]pt{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
						if light[pt{p.x + d.x, p.y + d.y}] && !tr.seen.has(p.y*w+p.x) {
							t.Fatalf("%d×%d image, trace from %v: pixel %v beside its light region not visited", w, h, s, p)
						}
					}
				}
			}
		}
	}
}

// TestSkipHoles compares the search with its slow reference, which traces
// the holes whole (tracer.allHoles): the candidates must be the same, on
// symbols and on the adversarial images; the search must take at least a
// third fewer steps in binarized noise, and a twentieth of them in a
// checkerboard of 2-pixel squares.
func TestSkipHoles(t *testing.T) {
	bins := map[string]*matrix.Matrix{}
	for i, tt := range []struct {
		data string
		s    scene
	}{
		{"Hello World", scene{w: 200, h: 200, module: 6}},
		{"Rotated 135 degrees", scene{w: 300, h: 300, module: 6, deg: 135}},
		{"Small modules, noisy light", scene{w: 240, h: 240, module: 3, gradient: 0.6, noise: 40, deg: 20}},
		{"Dot peened marking 123", scene{w: 240, h: 240, module: 8, dots: 0.38, deg: 15}},
	} {
		c, err := Encode(tt.data, Options{})
		if err != nil {
			t.Fatal(err)
		}
		tt.s.seed = uint64(i)
		img, _ := tt.s.render(c.Modules)
		src := binarize.NewSource(img)
		for _, v := range []binarize.View{{}, {Method: binarize.Global}, {Inverted: true}, {Dilate: 1}} {
			bins[fmt.Sprintf("%q %+v", tt.data, v)] = src.Binary(v)
		}
	}
	for _, c := range adversarial.Cases() {
		src := binarize.NewSource(c.Make(600, 600))
		for _, v := range []binarize.View{{}, {Method: binarize.Global}} {
			bins[fmt.Sprintf("%s %s", c.Name, v.Method)] = src.Binary(v)
		}
	}
	for name, bin := range bins {
		got, fast := searchAll(bin, false)
		want, slow := searchAll(bin, true)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d candidates skipping holes, %d tracing them", name, len(got), len(want))
		}
		spent := func(t *tracer) int { return traceSteps*len(bin.Pix) - t.steps }
		if strings.HasPrefix(name, "noise local") && 3*spent(fast) > 2*spent(slow) ||
			strings.HasPrefix(name, "checker2 local") && 20*spent(fast) > spent(slow) {
			t.Errorf("%s: %d steps skipping holes, %d tracing them", name, spent(fast), spent(slow))
		}
	}
}

// spiral returns an n×n image of a square spiral of 1-pixel lines, gap
// pixels apart.
func spiral(n, gap int) *matrix.Matrix {
	m := matrix.New(n, n)
	x, y, dx, dy := 1, 1, 1, 0
	for length := n - 3; length > 0; {
		for range length {
			m.Set(x, y, true)
			x, y = x+dx, y+dy
		}
		dx, dy = -dy, dx
		if dy == 0 {
			length -= gap + 1
		}
	}
	return m
}

// simplifyRef is simplify's plain reference: Douglas–Peucker that splits
// the stretches in any order and marks the vertices with a flag a point,
// with the same tests of a stretch's length, of the farthest point and of
// the work.
func simplifyRef(pts []ipt, tol, minEdge float64) ([]int, bool) {
	n := len(pts)
	keep := make([]bool, n)
	far, fd := 0, -1
	for i, p := range pts {
		dx, dy := int(p.x-pts[0].x), int(p.y-pts[0].y)
		if d := dx*dx + dy*dy; d > fd {
			far, fd = i, d
		}
	}
	keep[0], keep[far] = true, true
	stack := []span{{0, far}, {far, n}}
	work := simplifyWork * n
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.b-s.a < 2 || float64(s.b-s.a)*math.Sqrt2 < minEdge {
			continue
		}
		if work -= s.b - s.a; work < 0 {
			return nil, false
		}
		a, b := pts[s.a], pts[s.b%n]
		dx, dy := int64(b.x-a.x), int64(b.y-a.y)
		best, bd := -1, int64(tol*math.Sqrt(float64(dx*dx+dy*dy)))
		if dx == 0 && dy == 0 {
			bd = int64(tol * tol)
		}
		for i := s.a + 1; i < s.b; i++ {
			ex, ey := int64(pts[i].x-a.x), int64(pts[i].y-a.y)
			c := dx*ey - dy*ex
			if dx == 0 && dy == 0 {
				c = ex*ex + ey*ey
			}
			if c = max(c, -c); c > bd {
				best, bd = i, c
			}
		}
		if best >= 0 {
			keep[best] = true
			stack = append(stack, span{s.a, best}, span{best, s.b})
		}
	}
	var verts []int
	for i := range n {
		if keep[i] {
			verts = append(verts, i)
		}
	}
	return verts, true
}

// TestSimplify compares simplify with simplifyRef on the outer outlines
// of symbols, a photo-like image, the adversarial images and a spiral,
// at the tolerances and edge lengths lCandidates asks for and others.
func TestSimplify(t *testing.T) {
	bins := map[string]*matrix.Matrix{"spiral": spiral(200, 1), "comb": comb(300)}
	img, _ := photo640(t)
	src := binarize.NewSource(img)
	for _, v := range []binarize.View{{}, {Method: binarize.Global}, {Inverted: true}, {Dilate: 2}} {
		bins[fmt.Sprintf("photo %+v", v)] = src.Binary(v)
	}
	for _, c := range adversarial.Cases() {
		bins[c.Name] = binarize.NewSource(c.Make(300, 300)).Binary(binarize.View{})
	}
	tr := new(tracer)
	outlines, failed := 0, 0
	for name, bin := range bins {
		trace := newTracer(bin, nil)
		for i, d := range bin.Pix {
			x, y := i%bin.Width, i/bin.Width
			if !d || x > 0 && bin.Pix[i-1] || trace.seen.has(i) {
				continue
			}
			pts, ok := trace.trace(x, y, len(bin.Pix))
			if !ok || len(pts) < 3 {
				continue
			}
			outlines++
			for _, p := range [][2]float64{{1.2, 0}, {1.2, minArm}, {2.2, 9}, {1.5, 30}, {3, 4}} {
				want, wantOK := simplifyRef(pts, p[0], p[1])
				got, gotOK := tr.simplify(pts, p[0], p[1])
				if gotOK != wantOK || !slices.Equal(got, want) {
					t.Fatalf("%s: outline of %d points at (%d, %d), tol %v, minEdge %v: %v %v, want %v %v",
						name, len(pts), x, y, p[0], p[1], got, gotOK, want, wantOK)
				}
				if !gotOK {
					failed++
				}
			}
		}
	}
	if failed == 0 || outlines < 1000 {
		t.Errorf("%d outlines, %d simplifications given up: the comparison is too narrow", outlines, failed)
	}
}

// TestSimplifyWork checks that simplify gives up on an outline whose
// simplification takes more than simplifyWork steps a point: that of a
// spiral, which Douglas–Peucker takes apart a corner at a time (132 steps
// a point for this one), but not that of a symbol.
func TestSimplifyWork(t *testing.T) {
	c, err := Encode("Simplify me", Options{})
	if err != nil {
		t.Fatal(err)
	}
	img, _ := scene{w: 200, h: 200, module: 6, deg: 20}.render(c.Modules)
	for _, tt := range []struct {
		name string
		bin  *matrix.Matrix
		ok   bool
	}{
		{"symbol", binarize.NewSource(img).Binary(binarize.View{}), true},
		{"spiral", spiral(200, 1), false},
	} {
		tr := newTracer(tt.bin, nil)
		// The longest outer outline of the image.
		var longest []ipt
		for i, d := range tt.bin.Pix {
			x, y := i%tt.bin.Width, i/tt.bin.Width
			if d && (x == 0 || !tt.bin.Pix[i-1]) && !tr.seen.has(i) {
				if pts, ok := tr.trace(x, y, len(tt.bin.Pix)*8); ok && area(pts) > 0 && len(pts) > len(longest) {
					longest = slices.Clone(pts)
				}
			}
		}
		if _, ok := tr.simplify(longest, 1.2, 0); ok != tt.ok {
			t.Errorf("%s: outline of %d points: simplified %v, want %v", tt.name, len(longest), ok, tt.ok)
		}
	}
}

// TestCornerCap checks that the search completes no more corners into
// candidates than the cap (pixelsPerCorner, minCorners), and stops there:
// a grid of 4096 squares has 16384 corners.
func TestCornerCap(t *testing.T) {
	const n = 1024
	m := matrix.New(n, n)
	for y := range n {
		for x := range n {
			m.Pix[y*n+x] = x%16 >= 3 && x%16 < 13 && y%16 >= 3 && y%16 < 13
		}
	}
	cands, tr := searchAll(m, false)
	if tr.corners != 0 {
		t.Fatalf("%d corners left of the cap", tr.corners)
	}
	if limit := max(minCorners, n*n/pixelsPerCorner); len(cands) > limit {
		t.Errorf("%d candidates, more than the %d corners of the cap", len(cands), limit)
	}
	// Without the cap the search goes on to the end of the image.
	all := newTracer(m, nil)
	all.corners = math.MaxInt
	all.search(scanStep(n, n), 0, nil, func(candidate) {})
	if spent := func(t *tracer) int { return traceSteps*n*n - t.steps }; 2*spent(tr) > spent(all) {
		t.Errorf("capped search took %d steps, the whole image %d", spent(tr), spent(all))
	}
}

// TestSearchStops checks that the search asks whether to stop before every
// stopLines scan lines, the first included, and returns as soon as it is
// told to.
func TestSearchStops(t *testing.T) {
	bin := binarize.NewSource(adversarial.Noise(600, 600, 5)).Binary(binarize.View{})
	lines := (600 + scanStep(600, 600) - 1) / scanStep(600, 600)
	asked := 0
	newTracer(bin, nil).search(scanStep(600, 600), 0, func() bool { asked++; return false }, func(candidate) {})
	if want := (lines + stopLines - 1) / stopLines; asked != want {
		t.Errorf("asked %d times over %d scan lines, want %d", asked, lines, want)
	}
	asked = 0
	tr := newTracer(bin, nil)
	tr.search(scanStep(600, 600), 0, func() bool { asked++; return true }, func(candidate) {})
	if spent := traceSteps*len(bin.Pix) - tr.steps; asked != 1 || spent != 0 {
		t.Errorf("told to stop: asked %d times, %d steps taken", asked, spent)
	}
}

// TestArmWidthLimit checks armWidth's limit against the unlimited
// measure: the same thickness below the limit, and beyond the limit above
// it, for bars of several thicknesses.
func TestArmWidthLimit(t *testing.T) {
	for _, thick := range []int{3, 8, 20, 45} {
		const x0, y0, x1 = 10, 10, 210
		y1 := y0 + thick - 1
		m := matrix.New(230, y1+12)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				m.Set(x, y, true)
			}
		}
		tr := newTracer(m, nil)
		pts, ok := tr.trace(x0, y0, len(m.Pix))
		if !ok {
			t.Fatal("bar not traced")
		}
		// The bottom edge: the run of the outline along row y1.
		from, to := -1, -1
		for i, p := range pts {
			if int(p.y) == y1 && int(p.x) > x0 && int(p.x) < x1 {
				if from < 0 {
					from = i
				}
				to = i
			}
		}
		a := arm{from: from, to: to, length: pts[from].pt().Dist(pts[to].pt())}
		up := detect.Point{Y: -1}
		full := armWidth(tr, a, up, math.Inf(1))
		for _, limit := range []float64{2, 5, 10, 30, 60} {
			got := armWidth(tr, a, up, limit)
			if full <= limit && got != full || full > limit && got <= limit {
				t.Errorf("bar %d pixels thick, limit %v: %v, unlimited %v", thick, limit, got, full)
			}
		}
	}
}

// scaled returns m drawn at px pixels a module with a quiet zone of q
// modules, as a binarized image.
func scaled(m *matrix.Matrix, px, q int) *matrix.Matrix {
	out := matrix.New((m.Width+2*q)*px, (m.Height+2*q)*px)
	for y := range m.Height {
		for x := range m.Width {
			if m.Get(x, y) {
				out.SetRect((x+q)*px, (y+q)*px, px, px, true)
			}
		}
	}
	return out
}

// TestBoxed checks that the corners of boxes, whose sides are all solid,
// are not taken for finders, and that those of symbols are: a QR Code
// finder pattern (a ring and a centre) makes no candidate, whatever its
// module size (at 3 pixels it is rejected before boxed matters). A symbol
// whose modules next to the clock tracks are dark, so that these notch its
// outline a module deep, looks boxed in at one pixel a module, the notches
// within the tolerance of the outline's straight stretches: it still makes
// a candidate, as it does at larger modules.
func TestBoxed(t *testing.T) {
	finder := matrix.New(7, 7)
	finder.SetRect(0, 0, 7, 7, true)
	finder.SetRect(1, 1, 5, 5, false)
	finder.SetRect(2, 2, 3, 3, true)
	for _, px := range []int{3, 4, 6, 10} {
		bin := scaled(finder, px, 3)
		if cands, _ := searchAll(bin, false); len(cands) != 0 {
			t.Errorf("QR finder of %d pixels a module: %d candidates", px, len(cands))
		}
	}
	// The finder and clock tracks of a 12×12 symbol round a checkerboard,
	// the modules next to the clock tracks dark.
	const n = 12
	sym := matrix.New(n, n)
	for y := range n {
		for x := range n {
			clock := y == 0 && x%2 == 0 || x == n-1 && y%2 == 1
			sym.Set(x, y, x == 0 || y == n-1 || clock || y == 1 || x == n-2 || (x+y)%2 == 0)
		}
	}
	for _, px := range []int{1, 2, 6} {
		bin := scaled(sym, px, 2)
		cands, _ := searchAll(bin, false)
		// The symbol's finder: the corner at its bottom-left.
		corner := detect.Point{X: float64(2 * px), Y: float64((n + 2) * px)}
		if !slices.ContainsFunc(cands, func(cd candidate) bool { return cd.q[3].Dist(corner) < 1.5 }) {
			t.Errorf("symbol of %d pixels a module: no candidate at its finder among %d", px, len(cands))
		}
	}
}
