package detect

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(p, q Point, eps float64) bool { return p.Dist(q) <= eps }

var unitSquare = [4]Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}}

func TestSquareToQuadKnown(t *testing.T) {
	tests := []struct {
		name string
		q    [4]Point
		in   Point
		want Point
	}{
		// Scaling and translation.
		{"affine", [4]Point{{10, 20}, {30, 20}, {30, 60}, {10, 60}}, Point{0.5, 0.25}, Point{20, 30}},
		// A trapezoid whose top edge is half as long as its bottom: the
		// perspective of a square tilted away from the camera. The
		// square's centre goes to where the diagonals cross, which is
		// 1/3 of the way down, not halfway.
		{"trapezoid", [4]Point{{1, 0}, {3, 0}, {4, 3}, {0, 3}}, Point{0.5, 0.5}, Point{2, 1}},
		// Identity on the unit square.
		{"identity", unitSquare, Point{0.3, 0.7}, Point{0.3, 0.7}},
	}
	for _, tt := range tests {
		tr, ok := SquareToQuad(tt.q)
		if !ok {
			t.Fatalf("%s: SquareToQuad failed", tt.name)
		}
		for i, c := range unitSquare {
			if got := tr.Apply(c); !near(got, tt.q[i], 1e-9) {
				t.Errorf("%s: corner %d → %v, want %v", tt.name, i, got, tt.q[i])
			}
		}
		if got := tr.Apply(tt.in); !near(got, tt.want, 1e-9) {
			t.Errorf("%s: %v → %v, want %v", tt.name, tt.in, got, tt.want)
		}
	}
}

func randomQuad(r *rand.Rand) [4]Point {
	// A convex quadrilateral: a square of random size, rotation and
	// place with each corner moved by up to a fifth of the side.
	side := 20 + 200*r.Float64()
	a := 2 * math.Pi * r.Float64()
	c := Point{500 * r.Float64(), 500 * r.Float64()}
	var q [4]Point
	for i, u := range unitSquare {
		x, y := (u.X-0.5)*side, (u.Y-0.5)*side
		x += (r.Float64() - 0.5) * side * 0.4
		y += (r.Float64() - 0.5) * side * 0.4
		q[i] = Point{c.X + x*math.Cos(a) - y*math.Sin(a), c.Y + x*math.Sin(a) + y*math.Cos(a)}
	}
	return q
}

func TestQuadToQuad(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		from, to := randomQuad(r), randomQuad(r)
		tr, ok := QuadToQuad(from, to)
		if !ok {
			t.Fatalf("case %d: QuadToQuad failed", i)
		}
		for k := range from {
			if got := tr.Apply(from[k]); !near(got, to[k], 1e-6) {
				t.Fatalf("case %d: corner %d → %v, want %v", i, k, got, to[k])
			}
		}
		// A projective map keeps lines straight: the crossing of the
		// diagonals maps to the crossing of the image's diagonals.
		got := tr.Apply(intersect(from[0], from[2], from[1], from[3]))
		if want := intersect(to[0], to[2], to[1], to[3]); !near(got, want, 1e-6) {
			t.Fatalf("case %d: diagonals cross at %v, want %v", i, got, want)
		}
		inv, ok := tr.Invert()
		if !ok {
			t.Fatalf("case %d: Invert failed", i)
		}
		p := Point{from[0].X + r.Float64()*10, from[0].Y + r.Float64()*10}
		if got := inv.Apply(tr.Apply(p)); !near(got, p, 1e-6) {
			t.Fatalf("case %d: inverse maps %v back to %v", i, p, got)
		}
		back, ok := QuadToSquare(to)
		if !ok {
			t.Fatalf("case %d: QuadToSquare failed", i)
		}
		for k := range to {
			if got := back.Apply(to[k]); !near(got, unitSquare[k], 1e-9) {
				t.Fatalf("case %d: QuadToSquare corner %d → %v", i, k, got)
			}
		}
	}
}

// intersect returns where line ab meets line cd.
func intersect(a, b, c, d Point) Point {
	d1, d2 := b.Sub(a), d.Sub(c)
	s := ((c.X-a.X)*d2.Y - (c.Y-a.Y)*d2.X) / (d1.X*d2.Y - d1.Y*d2.X)
	return a.Add(d1.Mul(s))
}

func TestTransformThen(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	a, _ := SquareToQuad(randomQuad(r))
	b, _ := SquareToQuad(randomQuad(r))
	p := Point{0.3, 0.8}
	if got, want := a.Then(b).Apply(p), b.Apply(a.Apply(p)); !near(got, want, 1e-6) {
		t.Errorf("a.Then(b) = %v, want %v", got, want)
	}
	if got := Identity.Then(a).Apply(p); !near(got, a.Apply(p), 1e-9) {
		t.Errorf("Identity.Then(a) = %v", got)
	}
}

func TestTransformDegenerate(t *testing.T) {
	line := [4]Point{{0, 0}, {1, 1}, {2, 2}, {3, 3}}
	if _, ok := SquareToQuad(line); ok {
		t.Error("SquareToQuad accepted a quad on one line")
	}
	if _, ok := QuadToSquare(line); ok {
		t.Error("QuadToSquare accepted a quad on one line")
	}
	if _, ok := (Transform{}).Invert(); ok {
		t.Error("the zero transform inverted")
	}
	nan := [4]Point{{math.NaN(), 0}, {1, 0}, {1, 1}, {0, 1}}
	if _, ok := SquareToQuad(nan); ok {
		t.Error("SquareToQuad accepted NaN")
	}
}

func TestRectToQuad(t *testing.T) {
	q := [4]Point{{100, 50}, {300, 70}, {280, 260}, {90, 240}}
	tr, ok := RectToQuad(21, 21, q)
	if !ok {
		t.Fatal("RectToQuad failed")
	}
	for i, c := range [4]Point{{0, 0}, {21, 0}, {21, 21}, {0, 21}} {
		if got := tr.Apply(c); !near(got, q[i], 1e-9) {
			t.Errorf("corner %d → %v, want %v", i, got, q[i])
		}
	}
}

func TestFitTransform(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for i := 0; i < 50; i++ {
		want, _ := RectToQuad(100, 100, randomQuad(r))
		// Exact points: the fit is the transform.
		var from, to []Point
		for k := 0; k < 12; k++ {
			p := Point{100 * r.Float64(), 100 * r.Float64()}
			from = append(from, p)
			to = append(to, want.Apply(p))
		}
		got, ok := FitTransform(from, to)
		if !ok {
			t.Fatalf("case %d: FitTransform failed", i)
		}
		for k, p := range from {
			if d := got.Apply(p).Dist(to[k]); d > 1e-6 {
				t.Fatalf("case %d: point %d off by %v", i, k, d)
			}
		}
		// Four points: the same as QuadToQuad.
		q, _ := QuadToQuad([4]Point(from[:4]), [4]Point(to[:4]))
		got4, ok := FitTransform(from[:4], to[:4])
		if !ok || got4.Apply(from[7]).Dist(q.Apply(from[7])) > 1e-6 {
			t.Fatalf("case %d: four-point fit differs from QuadToQuad", i)
		}
		// Noisy points: the fit averages the noise out.
		for k := range to {
			to[k] = to[k].Add(Point{r.Float64() - 0.5, r.Float64() - 0.5})
		}
		noisy, ok := FitTransform(from, to)
		if !ok {
			t.Fatalf("case %d: noisy fit failed", i)
		}
		for k, p := range from {
			if d := noisy.Apply(p).Dist(want.Apply(p)); d > 2 {
				t.Fatalf("case %d: noisy point %d off by %v", i, k, d)
			}
		}
	}
	if _, ok := FitTransform(make([]Point, 5), make([]Point, 5)); ok {
		t.Error("fit to coincident points succeeded")
	}
}

func TestLineProject(t *testing.T) {
	l := LineThrough(Point{0, 1}, Point{4, 1})
	if got := l.Project(Point{3, 7}); math.Abs(got.X-3) > 1e-12 || math.Abs(got.Y-1) > 1e-12 {
		t.Errorf("Project = %v, want (3, 1)", got)
	}
	d := LineThrough(Point{0, 0}, Point{2, 2})
	if got := d.Project(Point{2, 0}); math.Abs(got.X-1) > 1e-12 || math.Abs(got.Y-1) > 1e-12 {
		t.Errorf("Project = %v, want (1, 1)", got)
	}
}
