package detect

import "math"

// A symbol's outline is four corners in reading order: top-left,
// top-right, bottom-right, bottom-left (symbology.Barcode.Corners).

// Centre returns the mean of the four corners of q.
func Centre(q [4]Point) Point {
	return q[0].Add(q[1]).Add(q[2]).Add(q[3]).Mul(0.25)
}

// Inside reports whether p lies inside the convex quadrilateral q, whose
// corners go round in either direction. Points on an edge are inside.
func Inside(q [4]Point, p Point) bool {
	var pos, neg bool
	for i := range q {
		e, d := q[(i+1)%4].Sub(q[i]), p.Sub(q[i])
		c := e.X*d.Y - e.Y*d.X
		pos = pos || c > 0
		neg = neg || c < 0
	}
	return !(pos && neg)
}

// ClipSegment returns the part of the segment from a to b that lies inside
// the convex quadrilateral q, whose corners go round in either direction,
// as the parameters t0 <= t1 in [0, 1] of a + t·(b-a); ok is false when
// the segment misses q. It clips the segment by each side's half-plane in
// turn (Cyrus–Beck).
func ClipSegment(q [4]Point, a, b Point) (t0, t1 float64, ok bool) {
	// The sign of the area says which side of each edge is inside.
	area := 0.0
	for i := range q {
		area += q[i].Cross(q[(i+1)%4])
	}
	if area == 0 {
		return 0, 0, false
	}
	d := b.Sub(a)
	t0, t1 = 0, 1
	for i := range q {
		e := q[(i+1)%4].Sub(q[i])
		// Inside: area·cross(e, p - q[i]) >= 0 along p = a + t·d, a
		// linear function n + t·m of t.
		n := area * e.Cross(a.Sub(q[i]))
		m := area * e.Cross(d)
		switch {
		case m == 0:
			if n < 0 {
				return 0, 0, false
			}
		case m > 0:
			t0 = max(t0, -n/m)
		default:
			t1 = min(t1, -n/m)
		}
		if t0 > t1 {
			return 0, 0, false
		}
	}
	return t0, t1, true
}

// Orientation returns the direction of the top edge of q (from its first
// corner to its second), in whole degrees clockwise from the image's x axis
// (y points down), 0 to 359.
func Orientation(q [4]Point) int {
	d := q[1].Sub(q[0])
	deg := int(math.Round(math.Atan2(d.Y, d.X) * 180 / math.Pi))
	return (deg%360 + 360) % 360
}

// ShrinkQuad moves each side of the convex quadrilateral q inwards by d
// pixels (outwards for a negative d): the outline of a symbol found
// dilated by d pixels.
func ShrinkQuad(q [4]Point, d float64) [4]Point {
	c := Centre(q)
	var lines [4]Line
	for i := range q {
		l := LineThrough(q[i], q[(i+1)%4])
		if l.A*c.X+l.B*c.Y+l.C < 0 {
			l = Line{A: -l.A, B: -l.B, C: -l.C}
		}
		l.C -= d // towards the centre
		lines[i] = l
	}
	out := q
	for i := range q {
		if p, ok := lines[(i+3)%4].Intersect(lines[i]); ok {
			out[i] = p
		}
	}
	return out
}
