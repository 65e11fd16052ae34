package maxicode

import (
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// Locating the symbol around its finder. Symbol space is measured in X,
// the module width, from the finder's centre, x to the right and y down:
// module (c, r) is at (c + r%2/2 - 14, (r - 16)·√3/2) (§4.2.1, Figure 8).
// The rings, cast along rays from the centre, give an ellipse, the image
// of a circle: an affine transform up to a rotation, which the
// orientation modules fix (read.go). Perspective and bending, which the
// affine transform leaves out, are fitted from patches of modules placed
// where they read sharpest (refine, mesh).

// rowPitch is the distance between module rows in X.
var rowPitch = math.Sqrt(3) / 2

// modulePoint returns the centre of module (c, r) in symbol space.
func modulePoint(c, r int) detect.Point {
	return detect.Point{X: float64(c) + 0.5*float64(r%2) - 14, Y: float64(r-16) * rowPitch}
}

// numRays is the number of rays cast from the centre to fit the rings: 32
// keeps an ellipse's fit good with a few rays spoilt by specks.
const numRays = 32

// finderRadius is the radius of the finder, the outer edge of its outer
// dark ring, in X: 9X across (Figure 8). Printers draw the rings inside
// it differently (Figure 8's finder has a light centre 2X/√3 across and
// rings 0.78X wide; maxicode-1's a centre of 2X and rings of 0.7X), so
// only this radius gives the scale.
const finderRadius = 4.5

// ray is a ray cast from the centre: its direction and where it crosses
// the finder's six circles, in pixels from the centre.
type ray struct {
	d    detect.Point
	edge [6]float64
}

// castRays casts numRays rays from c over bin and returns those that
// cross the finder's six circles (light to dark first) within limit
// pixels. A change of colour counts only when the new colour lasts a
// third of a ring (ring pixels), so that specks of noise do not count as
// circles.
func castRays(bin *matrix.Matrix, c detect.Point, limit, ring float64, rays []ray) []ray {
	rays = rays[:0]
	const step = 0.5
	hold := max(2, int(ring/3/step)) // samples a new colour must last
	var buf [256]bool
	n := min(int(limit/step), len(buf))
	for i := range numRays {
		a := 2 * math.Pi * (float64(i) + 0.5) / numRays
		r := ray{d: detect.Point{X: math.Cos(a), Y: math.Sin(a)}}
		m := 0
		for ; m < n; m++ {
			t := float64(m) * step
			x, y := c.X+t*r.d.X, c.Y+t*r.d.Y
			if x < 0 || y < 0 || int(x) >= bin.Width || int(y) >= bin.Height {
				break
			}
			buf[m] = bin.Pix[int(y)*bin.Width+int(x)]
		}
		k := 0
		prev := false // the centre is light
		for j := 0; j < m && k < 6; j++ {
			if buf[j] == prev {
				continue
			}
			lasts := true
			for q := j + 1; q < j+hold; q++ {
				if q >= m || buf[q] != buf[j] {
					lasts = false
					break
				}
			}
			if !lasts {
				continue
			}
			r.edge[k] = float64(j)*step - step/2
			k++
			prev = buf[j]
		}
		if k == 6 {
			rays = append(rays, r)
		}
	}
	return rays
}

// fitRings fits the finder's ellipse to rays cast from a point near its
// centre. The middle dark ring, bounded by light rings on both sides, is
// fitted by a conic, which gives the centre, relative to the rays' start,
// and the shape; the scale comes from the finder's outer edge, the median
// over the rays of its distance in the shape's units, less the amount
// binarization has thickened dark rings (half the dark rings' excess over
// the light rings' width), for finderRadius. The result is the matrix
// M = [a b; b c] of the circle of radius 1X about the centre (p·M·p = 1).
//
// shift is how far the outer edge's ellipse, fitted too, is centred from
// the middle ring's: perspective draws the centres of concentric circles
// apart, towards the side nearer the camera, in proportion to the
// squares of their radii (see tilt); zero when the outer edge does not
// fit. ok is false for too few rays or no ellipse.
func fitRings(rays []ray) (centre, shift detect.Point, a, b, c float64, ok bool) {
	pts := make([]detect.Point, 0, len(rays))
	for _, r := range rays {
		pts = append(pts, r.d.Mul((r.edge[2]+r.edge[3])/2))
	}
	centre, a, b, c, ok = fitConic(pts)
	if !ok {
		return
	}
	// Each ray's outer edge, in units of the fitted ring's radius,
	// measured from the fitted centre.
	outer := make([]float64, 0, len(rays))
	pts = pts[:0]
	for _, r := range rays {
		d := r.d
		thick := ((r.edge[1] - r.edge[0]) + (r.edge[3] - r.edge[2]) - (r.edge[2] - r.edge[1]) - (r.edge[4] - r.edge[3])) / 4
		q := d.Mul(r.edge[5] - thick)
		pts = append(pts, q)
		p := q.Sub(centre)
		outer = append(outer, math.Sqrt(a*p.X*p.X+2*b*p.X*p.Y+c*p.Y*p.Y))
	}
	slices.Sort(outer)
	m := outer[len(outer)/2]
	if m <= 0 {
		return detect.Point{}, detect.Point{}, 0, 0, 0, false
	}
	// The outer edge's ellipse, from the rays whose outer ring is as
	// wide as the middle ring: where a dark module touches the finder,
	// the ring runs on into it.
	var clean []detect.Point
	for i, r := range rays {
		if w, mid := r.edge[5]-r.edge[4], r.edge[3]-r.edge[2]; w < 1.3*mid+1 {
			clean = append(clean, pts[i])
		}
	}
	if len(clean) >= numRays/2 {
		if oc, _, _, _, ok := fitConic(clean); ok {
			shift = oc.Sub(centre)
		}
	}
	// The outer edge at m ring radii is finderRadius X.
	f := (finderRadius / m) * (finderRadius / m)
	return centre, shift, a * f, b * f, c * f, true
}

// middleRing is the radius, in X, of the middle of the finder's middle
// dark ring in Figure 8: (2.146X + 2.931X)/2.
const middleRing = 2.539

// tilt returns the perspective of the finder from shift, the offset of
// the centre of its outer edge's ellipse from its middle ring's, and
// root, the linear part of its transform: the vector t of symbol space
// (in 1/X) for which x maps to root·x/(1 + t·x) about the finder's
// centre, and that centre's offset from the middle ring's centre. The
// image of the circle |x| = R is the conic |y|² + 2R²(t·y) - R²(t·y)² = R²,
// centred, to first order, at -R²t: the two centres are
// root·t·(4.5² - middleRing²) apart, the outer one nearer the camera.
// TestTilt checks it.
func tilt(shift detect.Point, root [4]float64) (t, offset detect.Point) {
	det := root[0]*root[3] - root[1]*root[2]
	if det == 0 {
		return detect.Point{}, detect.Point{}
	}
	k := -1 / (finderRadius*finderRadius - middleRing*middleRing)
	// root⁻¹·shift·k
	t = detect.Point{
		X: (root[3]*shift.X - root[1]*shift.Y) / det * k,
		Y: (-root[2]*shift.X + root[0]*shift.Y) / det * k,
	}
	// The finder's centre: the middle ring's centre moved back by
	// root·t·middleRing².
	r2 := middleRing * middleRing
	offset = detect.Point{X: (root[0]*t.X + root[1]*t.Y) * r2, Y: (root[2]*t.X + root[3]*t.Y) * r2}
	return t, offset
}

// fitConic fits a conic, A x² + B xy + C y² + D x + E y = 1, to points by
// least squares, dropping the points a sixth off and fitting again. It
// returns the ellipse's centre and the matrix [a b; b c] of the ellipse
// about it (q·M·q = 1). ok is false for too few points or no ellipse.
func fitConic(pts []detect.Point) (centre detect.Point, a, b, c float64, ok bool) {
	var x [5]float64
	for round := range 2 {
		var s [5][5]float64
		var r [5]float64
		n := 0
		for _, p := range pts {
			row := [5]float64{p.X * p.X, p.X * p.Y, p.Y * p.Y, p.X, p.Y}
			if round > 0 {
				v := x[0]*row[0] + x[1]*row[1] + x[2]*row[2] + x[3]*row[3] + x[4]*row[4]
				if math.Abs(v-1) > 1.0/6 {
					continue
				}
			}
			n++
			for i := range 5 {
				for j := range 5 {
					s[i][j] += row[i] * row[j]
				}
				r[i] += row[i]
			}
		}
		if n < 10 {
			return detect.Point{}, 0, 0, 0, false
		}
		if x, ok = solve5(s, r); !ok {
			return detect.Point{}, 0, 0, 0, false
		}
	}
	A, B, C, D, E := x[0], x[1], x[2], x[3], x[4]
	det := 4*A*C - B*B
	if A <= 0 || C <= 0 || det <= 0 {
		return detect.Point{}, 0, 0, 0, false
	}
	centre = detect.Point{X: (B*E - 2*C*D) / det, Y: (B*D - 2*A*E) / det}
	// About its centre the conic is q·[A B/2; B/2 C]·q = k.
	k := 1 + A*centre.X*centre.X + B*centre.X*centre.Y + C*centre.Y*centre.Y
	if k <= 0 {
		return detect.Point{}, 0, 0, 0, false
	}
	return centre, A / k, B / 2 / k, C / k, true
}

// solve5 solves the 5×5 system s·x = r by Gaussian elimination with
// partial pivoting; ok is false when s is singular.
func solve5(s [5][5]float64, r [5]float64) (x [5]float64, ok bool) {
	const n = 5
	for col := range n {
		p := col
		for i := col + 1; i < n; i++ {
			if math.Abs(s[i][col]) > math.Abs(s[p][col]) {
				p = i
			}
		}
		if math.Abs(s[p][col]) < 1e-12 {
			return x, false
		}
		s[col], s[p] = s[p], s[col]
		r[col], r[p] = r[p], r[col]
		for i := col + 1; i < n; i++ {
			f := s[i][col] / s[col][col]
			for j := col; j < n; j++ {
				s[i][j] -= f * s[col][j]
			}
			r[i] -= f * r[col]
		}
	}
	for i := n - 1; i >= 0; i-- {
		v := r[i]
		for j := i + 1; j < n; j++ {
			v -= s[i][j] * x[j]
		}
		x[i] = v / s[i][i]
	}
	return x, true
}

// shapeRoot returns M^(-1/2) for the ellipse matrix [a b; b c]: the linear
// map that takes the unit circle to the ellipse p·M·p = 1.
func shapeRoot(a, b, c float64) (m00, m01, m10, m11 float64) {
	// Eigenvalues l1 >= l2 > 0 and the unit eigenvector (ex, ey) of l1.
	h := math.Hypot((a-c)/2, b)
	l1, l2 := (a+c)/2+h, (a+c)/2-h
	var ex, ey float64
	if h < 1e-12 {
		ex, ey = 1, 0
	} else {
		ex, ey = b, l1-a
		if math.Abs(ex)+math.Abs(ey) < 1e-12 {
			ex, ey = l1-c, b
		}
		n := math.Hypot(ex, ey)
		ex, ey = ex/n, ey/n
	}
	s1, s2 := 1/math.Sqrt(l1), 1/math.Sqrt(l2)
	// V diag(s1, s2) Vᵀ with V = [e1 e2], e2 = (-ey, ex).
	m00 = s1*ex*ex + s2*ey*ey
	m01 = (s1 - s2) * ex * ey
	m10 = m01
	m11 = s1*ey*ey + s2*ex*ex
	return
}

// orientModules are the orientation modules (§4.2.1.2, Figure 5), as
// (row, column, dark): the six clusters of three around the finder, one
// all dark, one all light, four of two dark and one light, which tell any
// rotation and reflection apart; and the light modules between them and
// the finder.
var orientModules = [...]struct {
	r, c int
	dark bool
}{
	{9, 10, true}, {9, 11, true}, {10, 11, true},
	{9, 17, false}, {10, 17, false}, {10, 18, false},
	{15, 7, true}, {16, 7, false}, {16, 8, true},
	{16, 20, true}, {16, 21, false}, {17, 20, true},
	{22, 10, true}, {22, 11, false}, {23, 10, true},
	{22, 17, true}, {23, 16, false}, {23, 17, true},
	{11, 11, false}, {16, 9, false}, {16, 19, false}, {21, 11, false}, {21, 16, false},
}

// affine returns the transform from symbol space to the image that takes
// the unit circle to the ellipse with root m about c, turned by angle
// and, with mirror, reflected top to bottom first.
func affine(c detect.Point, m [4]float64, angle float64, mirror bool) detect.Transform {
	return pose(c, m, detect.Point{}, angle, mirror)
}

// pose is affine with perspective: x, turned, maps to c + m·x/(1 + t·x).
func pose(c detect.Point, m [4]float64, t detect.Point, angle float64, mirror bool) detect.Transform {
	cs, sn := math.Cos(angle), math.Sin(angle)
	// R = rotation, then the reflection y -> -y before it.
	r00, r01, r10, r11 := cs, -sn, sn, cs
	if mirror {
		r01, r11 = -r01, -r11
	}
	rot := detect.Transform{r00, r01, 0, r10, r11, 0, 0, 0, 1}
	persp := detect.Transform{1, 0, 0, 0, 1, 0, t.X, t.Y, 1}
	lin := detect.Transform{m[0], m[1], c.X, m[2], m[3], c.Y, 0, 0, 1}
	return rot.Then(persp).Then(lin)
}

// sampler reads modules through a transform: from the binarized image,
// or from the luminance plane against a threshold.
type sampler struct {
	bin *matrix.Matrix
	lum *image.Gray // nil: sample bin
	thr int         // with lum: darker than thr is dark
	// r is the radius of the box of pixels whose mean luminance is
	// sampled, 0 for the pixel alone: averaging the middle of a module
	// evens out noise (TestReadScenes).
	r int
}

// dark reports whether the point p of the image is dark; points outside
// are light.
func (s *sampler) dark(p detect.Point) bool {
	if !(p.X >= 0 && p.Y >= 0) {
		return false
	}
	x, y := int(p.X), int(p.Y)
	if s.lum != nil {
		v, ok := s.value(x, y)
		return ok && v < s.thr
	}
	if x >= s.bin.Width || y >= s.bin.Height {
		return false
	}
	return s.bin.Pix[y*s.bin.Width+x]
}

// value returns the luminance sampled at pixel (x, y): the mean over the
// box of radius s.r about it, clipped to the image; ok is false outside
// the image.
func (s *sampler) value(x, y int) (int, bool) {
	w, h := s.lum.Rect.Dx(), s.lum.Rect.Dy()
	if x < 0 || y < 0 || x >= w || y >= h {
		return 0, false
	}
	if s.r == 0 {
		return int(s.lum.Pix[y*s.lum.Stride+x]), true
	}
	sum, n := 0, 0
	for yy := max(0, y-s.r); yy <= min(h-1, y+s.r); yy++ {
		row := s.lum.Pix[yy*s.lum.Stride:]
		for xx := max(0, x-s.r); xx <= min(w-1, x+s.r); xx++ {
			sum += int(row[xx])
			n++
		}
	}
	return sum / n, true
}

// orientScore counts the orientation modules that read as they should
// through t.
func orientScore(s *sampler, t detect.Transform) int {
	n := 0
	for _, o := range orientModules {
		if s.dark(t.Apply(modulePoint(o.c, o.r))) == o.dark {
			n++
		}
	}
	return n
}

// readCodewords samples the data modules through g; erased marks the
// codewords with a module outside the image. It reports false when more
// than a few modules fall outside.
func readCodewords(s *sampler, g *mesh, cw *[numCodewords]byte, erased *[numCodewords]bool) bool {
	*cw = [numCodewords]byte{}
	*erased = [numCodewords]bool{}
	w, h := float64(s.bin.Width), float64(s.bin.Height)
	outside := 0
	for i, p := range modulePos {
		q := g.apply(modulePoint(int(p[1]), int(p[0])))
		if !(q.X >= 0 && q.Y >= 0 && q.X < w && q.Y < h) {
			erased[i/6] = true
			outside++
			continue
		}
		if s.dark(q) {
			cw[i/6] |= 1 << (5 - i%6)
		}
	}
	// Error correction restores up to 20 erased codewords of a block
	// pair: a symbol cut by the image's edge by more than a column of
	// modules is not worth the attempt.
	return outside <= 6*Rows
}

// corners returns the corners of the symbol (top left, top right, bottom
// right, bottom left) through t: the edges of its outermost modules.
func corners(t detect.Transform) [4]detect.Point {
	v := 2 / math.Sqrt(3)
	top, bottom := -16*rowPitch-v/2, 16*rowPitch+v/2
	return [4]detect.Point{
		t.Apply(detect.Point{X: -14.5, Y: top}),
		t.Apply(detect.Point{X: 15.5, Y: top}),
		t.Apply(detect.Point{X: 15.5, Y: bottom}),
		t.Apply(detect.Point{X: -14.5, Y: bottom}),
	}
}

// mesh maps symbol space to the image: a transform, bent by the offsets
// beyond it found at anchors (refine), which follow a label that is not
// flat. A point's offset is the anchors' offsets weighted by the inverse
// square of their distance, with a weight of meshPrior for no offset, so
// that it fades away from the anchors.
type mesh struct {
	t   detect.Transform
	at  []detect.Point // anchors, in symbol space
	off []detect.Point // their offsets, in image pixels
}

// meshPrior is the weight of no offset at a point (see mesh): that of an
// anchor about 4X away.
const meshPrior = 1.0 / 17

// meshReach is the distance, in X, beyond which an anchor's offset is not
// counted: its weight there is under a fifth of meshPrior.
const meshReach = 9

func (g *mesh) apply(p detect.Point) detect.Point {
	q := g.t.Apply(p)
	if len(g.at) == 0 {
		return q
	}
	var sx, sy float64
	sw := meshPrior
	for i, a := range g.at {
		dx, dy := p.X-a.X, p.Y-a.Y
		d2 := dx*dx + dy*dy
		if d2 > meshReach*meshReach {
			continue
		}
		w := 1 / (d2 + 1)
		sx += w * g.off[i].X
		sy += w * g.off[i].Y
		sw += w
	}
	return detect.Point{X: q.X + sx/sw, Y: q.Y + sy/sw}
}
