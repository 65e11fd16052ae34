package detect

import "math"

// Transform is a projective transformation of the plane (a homography),
// held as a 3×3 matrix in row-major order: a point (x, y) maps to
//
//	((T[0]x + T[1]y + T[2]) / w, (T[3]x + T[4]y + T[5]) / w), w = T[6]x + T[7]y + T[8].
//
// It is what a camera does to a flat symbol, so it maps a symbol's module
// grid onto the image. The zero value maps every point to NaN; use Identity.
type Transform [9]float64

// Identity is the transform that leaves every point where it is.
var Identity = Transform{1, 0, 0, 0, 1, 0, 0, 0, 1}

// Apply returns the image of p under t.
func (t Transform) Apply(p Point) Point {
	w := t[6]*p.X + t[7]*p.Y + t[8]
	return Point{(t[0]*p.X + t[1]*p.Y + t[2]) / w, (t[3]*p.X + t[4]*p.Y + t[5]) / w}
}

// Then returns the transform that applies t and then u.
func (t Transform) Then(u Transform) Transform {
	var r Transform
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[3*i+j] = u[3*i]*t[j] + u[3*i+1]*t[3+j] + u[3*i+2]*t[6+j]
		}
	}
	return r
}

// Invert returns the inverse of t; ok is false when t is singular (it
// collapses the plane onto a line or a point).
func (t Transform) Invert() (inv Transform, ok bool) {
	// The adjugate: a projective matrix needs no division by the
	// determinant, but a zero determinant means there is no inverse.
	inv = Transform{
		t[4]*t[8] - t[5]*t[7], t[2]*t[7] - t[1]*t[8], t[1]*t[5] - t[2]*t[4],
		t[5]*t[6] - t[3]*t[8], t[0]*t[8] - t[2]*t[6], t[2]*t[3] - t[0]*t[5],
		t[3]*t[7] - t[4]*t[6], t[1]*t[6] - t[0]*t[7], t[0]*t[4] - t[1]*t[3],
	}
	det := t[0]*inv[0] + t[1]*inv[3] + t[2]*inv[6]
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
		return Transform{}, false
	}
	scale := 1 / math.Abs(det) // keep the numbers near 1
	for i := range inv {
		inv[i] *= scale
	}
	return inv, true
}

// SquareToQuad returns the transform that maps the unit square's corners
// (0, 0), (1, 0), (1, 1), (0, 1) to q[0], q[1], q[2], q[3]. ok is false when
// three of the corners are on one line.
func SquareToQuad(q [4]Point) (t Transform, ok bool) {
	// Heckbert, "Fundamentals of Texture Mapping and Image Warping"
	// (1989), §2.2.3: solve for the perspective terms g and h from the
	// quad's corner differences, then the affine part follows.
	dx1, dy1 := q[1].X-q[2].X, q[1].Y-q[2].Y
	dx2, dy2 := q[3].X-q[2].X, q[3].Y-q[2].Y
	sx := q[0].X - q[1].X + q[2].X - q[3].X
	sy := q[0].Y - q[1].Y + q[2].Y - q[3].Y
	den := dx1*dy2 - dx2*dy1
	if den == 0 || math.IsNaN(den) || math.IsInf(den, 0) {
		return Transform{}, false
	}
	g := (sx*dy2 - dx2*sy) / den
	h := (dx1*sy - sx*dy1) / den
	t = Transform{
		q[1].X - q[0].X + g*q[1].X, q[3].X - q[0].X + h*q[3].X, q[0].X,
		q[1].Y - q[0].Y + g*q[1].Y, q[3].Y - q[0].Y + h*q[3].Y, q[0].Y,
		g, h, 1,
	}
	// Three corners on a line leave the matrix singular.
	if _, ok := t.Invert(); !ok {
		return Transform{}, false
	}
	return t, true
}

// QuadToSquare returns the transform that maps q[0], q[1], q[2], q[3] to the
// unit square's corners (0, 0), (1, 0), (1, 1), (0, 1).
func QuadToSquare(q [4]Point) (Transform, bool) {
	t, ok := SquareToQuad(q)
	if !ok {
		return Transform{}, false
	}
	return t.Invert()
}

// QuadToQuad returns the transform that maps each corner of from to the
// corresponding corner of to.
func QuadToQuad(from, to [4]Point) (Transform, bool) {
	a, ok := QuadToSquare(from)
	if !ok {
		return Transform{}, false
	}
	b, ok := SquareToQuad(to)
	if !ok {
		return Transform{}, false
	}
	return a.Then(b), true
}

// RectToQuad returns the transform that maps the rectangle (0, 0)–(w, h) to
// q, corner by corner starting at (0, 0) and going clockwise (in image
// coordinates, y down): (0, 0)→q[0], (w, 0)→q[1], (w, h)→q[2], (0, h)→q[3].
// It is how a w×h module grid is placed on the image.
func RectToQuad(w, h float64, q [4]Point) (Transform, bool) {
	return QuadToQuad([4]Point{{0, 0}, {w, 0}, {w, h}, {0, h}}, q)
}

// FitTransform returns the transform that maps each point of from nearest
// to the corresponding point of to, in the least-squares sense (of the
// linearised equations, after both point sets are moved and scaled to about
// unit size, as Hartley's normalised direct linear transform does). It
// needs at least four pairs, no three of the from points on one line; with
// exactly four it is QuadToQuad.
func FitTransform(from, to []Point) (Transform, bool) {
	n := len(from)
	if n < 4 || len(to) != n {
		return Transform{}, false
	}
	nf, okf := normalizing(from)
	nt, okt := normalizing(to)
	if !okf || !okt {
		return Transform{}, false
	}
	// Normal equations AᵀA·h = Aᵀb for h = (a, b, c, d, e, f, g, h), the
	// matrix's last entry fixed at 1.
	var ata [8][8]float64
	var atb [8]float64
	for i := range from {
		p, q := nf.Apply(from[i]), nt.Apply(to[i])
		rows := [2][8]float64{
			{p.X, p.Y, 1, 0, 0, 0, -p.X * q.X, -p.Y * q.X},
			{0, 0, 0, p.X, p.Y, 1, -p.X * q.Y, -p.Y * q.Y},
		}
		rhs := [2]float64{q.X, q.Y}
		for r, row := range rows {
			for j := 0; j < 8; j++ {
				for k := 0; k < 8; k++ {
					ata[j][k] += row[j] * row[k]
				}
				atb[j] += row[j] * rhs[r]
			}
		}
	}
	h, ok := solve8(ata, atb)
	if !ok {
		return Transform{}, false
	}
	fit := Transform{h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1}
	back, ok := nt.Invert()
	if !ok {
		return Transform{}, false
	}
	t := nf.Then(fit).Then(back)
	if _, ok := t.Invert(); !ok {
		return Transform{}, false
	}
	return t, true
}

// normalizing returns the similarity that moves ps's centroid to the origin
// and scales their mean distance from it to √2.
func normalizing(ps []Point) (Transform, bool) {
	var c Point
	for _, p := range ps {
		c = c.Add(p)
	}
	c = c.Mul(1 / float64(len(ps)))
	var d float64
	for _, p := range ps {
		d += p.Dist(c)
	}
	d /= float64(len(ps))
	if !(d > 0) || math.IsInf(d, 0) {
		return Transform{}, false
	}
	s := math.Sqrt2 / d
	return Transform{s, 0, -s * c.X, 0, s, -s * c.Y, 0, 0, 1}, true
}

// solve8 solves the 8×8 linear system a·x = b by Gaussian elimination with
// partial pivoting; ok is false when a is singular.
func solve8(a [8][8]float64, b [8]float64) (x [8]float64, ok bool) {
	for col := 0; col < 8; col++ {
		pivot := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[pivot][col]) {
				pivot = r
			}
		}
		if math.Abs(a[pivot][col]) < 1e-12 {
			return x, false
		}
		a[col], a[pivot] = a[pivot], a[col]
		b[col], b[pivot] = b[pivot], b[col]
		for r := col + 1; r < 8; r++ {
			f := a[r][col] / a[col][col]
			for k := col; k < 8; k++ {
				a[r][k] -= f * a[col][k]
			}
			b[r] -= f * b[col]
		}
	}
	for r := 7; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < 8; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, true
}
