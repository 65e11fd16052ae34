package detect

import "math"

// Line is the straight line of the points (x, y) with A·x + B·y + C = 0,
// (A, B) a unit normal when made by this package. It is also the line of
// homogeneous coordinates (A, B, C), which lets points at infinity (the
// vanishing points of parallel edges) be handled like any other.
type Line struct {
	A, B, C float64
}

// LineThrough returns the line through p and q; if they coincide the
// result is the zero Line, which contains no point.
func LineThrough(p, q Point) Line {
	return normalize(Line{p.Y - q.Y, q.X - p.X, p.X*q.Y - q.X*p.Y})
}

// normalize scales l so that (A, B) is a unit vector; a zero normal gives
// the zero Line.
func normalize(l Line) Line {
	n := math.Hypot(l.A, l.B)
	if n == 0 || math.IsNaN(n) || math.IsInf(n, 0) {
		return Line{}
	}
	return Line{l.A / n, l.B / n, l.C / n}
}

// Dist returns the distance of p from l.
func (l Line) Dist(p Point) float64 {
	return math.Abs(l.A*p.X + l.B*p.Y + l.C)
}

// Project returns the point of l nearest to p. l must have a unit normal,
// as the lines this package makes have.
func (l Line) Project(p Point) Point {
	d := l.A*p.X + l.B*p.Y + l.C
	return Point{p.X - d*l.A, p.Y - d*l.B}
}

// Meet returns the homogeneous coordinates (x·w, y·w, w) of the point where
// l and m cross; w is 0 when they are parallel (the point at infinity in
// their direction) and all three are 0 when they are the same line.
func (l Line) Meet(m Line) [3]float64 {
	return [3]float64{l.B*m.C - l.C*m.B, l.C*m.A - l.A*m.C, l.A*m.B - l.B*m.A}
}

// Intersect returns the point where l and m cross; ok is false when they
// are parallel, or so nearly parallel that the point lies beyond 10^7
// pixels.
func (l Line) Intersect(m Line) (p Point, ok bool) {
	h := l.Meet(m)
	return finite(h)
}

// finite returns the Euclidean point of homogeneous coordinates h.
func finite(h [3]float64) (Point, bool) {
	if math.Abs(h[2]) < 1e-7*math.Max(math.Abs(h[0]), math.Abs(h[1])) || h[2] == 0 {
		return Point{}, false
	}
	p := Point{h[0] / h[2], h[1] / h[2]}
	if math.IsNaN(p.X) || math.IsNaN(p.Y) {
		return Point{}, false
	}
	return p, true
}

// Join returns the line through p and the homogeneous point h, such as a
// vanishing point from Meet: when h is at infinity (h[2] = 0) it is the
// line through p in direction (h[0], h[1]).
func Join(p Point, h [3]float64) Line {
	return normalize(Line{p.Y*h[2] - h[1], h[0] - p.X*h[2], p.X*h[1] - p.Y*h[0]})
}

// FitLine returns the line nearest to ps in the least-squares sense,
// measured perpendicular to the line (total least squares, so that it
// works for lines of any direction). It needs two distinct points.
func FitLine(ps []Point) (Line, bool) {
	if len(ps) < 2 {
		return Line{}, false
	}
	var c Point
	for _, p := range ps {
		c = c.Add(p)
	}
	c = c.Mul(1 / float64(len(ps)))
	var sxx, sxy, syy float64
	for _, p := range ps {
		d := p.Sub(c)
		sxx += d.X * d.X
		sxy += d.X * d.Y
		syy += d.Y * d.Y
	}
	if sxx+syy == 0 {
		return Line{}, false
	}
	// The direction of largest spread: the principal axis of the
	// covariance matrix, at angle θ with tan 2θ = 2sxy / (sxx - syy).
	theta := math.Atan2(2*sxy, sxx-syy) / 2
	dir := Point{math.Cos(theta), math.Sin(theta)}
	return LineThrough(c, c.Add(dir)), true
}
