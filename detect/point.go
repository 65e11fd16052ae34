package detect

import "math"

// Point is a position in image pixel coordinates; the centre of the top-left
// pixel is (0.5, 0.5).
type Point struct {
	X, Y float64
}

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Mul returns p scaled by k.
func (p Point) Mul(k float64) Point { return Point{p.X * k, p.Y * k} }

// Dist returns the Euclidean distance between p and q.
func (p Point) Dist(q Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

// Dot returns the dot product of p and q.
func (p Point) Dot(q Point) float64 { return p.X*q.X + p.Y*q.Y }

// Cross returns the z component of the cross product of p and q: positive
// when q turns clockwise from p in image coordinates (y down).
func (p Point) Cross(q Point) float64 { return p.X*q.Y - p.Y*q.X }

// Unit returns p scaled to length 1, or the zero point for the zero point.
func (p Point) Unit() Point {
	n := math.Hypot(p.X, p.Y)
	if n == 0 {
		return Point{}
	}
	return Point{p.X / n, p.Y / n}
}
