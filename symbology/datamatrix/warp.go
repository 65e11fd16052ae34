package datamatrix

import (
	"math"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// This file follows a bent or unevenly distorted symbol through its solid
// lines: the two finder edges and, in the larger formats, the solid lines
// of the alignment patterns between the data regions (ISO/IEC 16022:2006
// §5.3). Each solid line is looked for, region by region, near where the
// symbol's transform puts it; how far it lies from there is a correction
// that is interpolated between the lines for every module.

// minSolidLine is the share of dark samples that a solid line must show where
// it is found; data and clock tracks are about half dark.
const minSolidLine = 0.8

// solidOffset finds, near the line of module coordinate at (x when
// vertical, y otherwise) between module coordinates from and to along it,
// the offset in [-r, r] modules at which the samples through t are darkest:
// the centre of the plateau of the one-module-wide solid line. ok is false
// when no offset is dark enough.
func solidOffset(bin *matrix.Matrix, t detect.Transform, vertical bool, at, from, to, r float64) (float64, bool) {
	const step = 0.125
	n := int(2*r/step) + 1
	var dark [64]float64
	if n > len(dark) {
		n = len(dark)
	}
	best := 0.0
	for i := range n {
		d := -r + float64(i)*step
		hits, all := 0, 0
		for s := from; s <= to; s += 0.5 {
			p := detect.Point{X: at + d, Y: s}
			if !vertical {
				p = detect.Point{X: s, Y: at + d}
			}
			q := t.Apply(p)
			x, y := int(math.Floor(q.X)), int(math.Floor(q.Y))
			all++
			if x >= 0 && y >= 0 && x < bin.Width && y < bin.Height && bin.Pix[y*bin.Width+x] {
				hits++
			}
		}
		if all > 0 {
			dark[i] = float64(hits) / float64(all)
		}
		best = math.Max(best, dark[i])
	}
	if best < minSolidLine {
		return 0, false
	}
	// The centre of the widest run of offsets near the best darkness.
	lim := best - 0.1
	bestLen, centre := 0, 0.0
	for i := 0; i < n; {
		if dark[i] < lim {
			i++
			continue
		}
		j := i
		for j < n && dark[j] >= lim {
			j++
		}
		if j-i > bestLen {
			bestLen = j - i
			centre = -r + float64(i+j-1)/2*step
		}
		i = j
	}
	return centre, true
}

// controlLine is a solid line of the symbol: its module coordinate, and
// the offsets found at points along it.
type controlLine struct {
	at   float64
	pos  []float64 // module coordinates along the line where offsets were measured
	offs []float64
}

// offset interpolates the line's offset at module coordinate s along it.
func (l *controlLine) offset(s float64) float64 {
	switch n := len(l.pos); {
	case n == 0:
		return 0
	case s <= l.pos[0]:
		return l.offs[0]
	case s >= l.pos[n-1]:
		return l.offs[n-1]
	}
	for i := 1; i < len(l.pos); i++ {
		if s <= l.pos[i] {
			f := (s - l.pos[i-1]) / (l.pos[i] - l.pos[i-1])
			return l.offs[i-1] + f*(l.offs[i]-l.offs[i-1])
		}
	}
	return l.offs[len(l.offs)-1]
}

// segmentLen is the length, in modules, of the pieces of a solid line
// whose offsets are measured separately: short enough to follow a bend,
// long enough that the data beside the line (half dark) cannot pass for it.
const segmentLen = 8

// warpCentres returns the image positions of the module centres of a
// rows×cols grid whose data regions are bh×bw modules including their
// patterns, through t corrected by the solid lines and, when xs and ys are
// not nil, by the clock tracks: xs and ys are the module boundaries
// measured along the top and the right clock track (see clockGrid).
//
// The correction of the x coordinate of a module is interpolated between
// the vertical solid lines on either side of it, plus the departure of the
// top clock track from that interpolation at the module's column: a
// column's width is taken to be the same all down the symbol. The y
// correction is made alike from the horizontal lines and the right track.
func warpCentres(bin *matrix.Matrix, t detect.Transform, rows, cols, bh, bw int, xs, ys []float64) []detect.Point {
	nv, nh := rows/bh, cols/bw
	// Vertical solid lines: the left finder edge and the left edge of
	// each region; horizontal ones: the bottom edge of each region, the
	// last being the finder's bottom edge. The top and right edges, of
	// alternating modules, keep the transform's place (offset 0).
	measure := func(vertical bool, at float64, n, block int, r float64) controlLine {
		l := controlLine{at: at}
		for j := range n {
			from, to := float64(j*block)+1, float64((j+1)*block)-1
			pieces := max(1, int(math.Round((to-from)/segmentLen)))
			for p := range pieces {
				a := from + (to-from)*float64(p)/float64(pieces)
				b := from + (to-from)*float64(p+1)/float64(pieces)
				if d, ok := solidOffset(bin, t, vertical, at, a, b, r); ok {
					l.pos = append(l.pos, (a+b)/2)
					l.offs = append(l.offs, d)
				}
			}
		}
		return l
	}
	var vlines, hlines []controlLine
	// The search reaches two modules either way: a bent symbol's edges
	// stray that far from the transform's straight lines.
	const r = 2
	for k := range nh {
		vlines = append(vlines, measure(true, float64(k*bw)+0.5, nv, bh, r))
	}
	vlines = append(vlines, controlLine{at: float64(cols)})
	hlines = append(hlines, controlLine{at: 0})
	for k := 1; k <= nv; k++ {
		hlines = append(hlines, measure(false, float64(k*bh)-0.5, nh, bw, r))
	}
	// Interpolate between the lines on each side of a module.
	corr := func(lines []controlLine, a, s float64) float64 {
		if a <= lines[0].at {
			return lines[0].offset(s)
		}
		for i := 1; i < len(lines); i++ {
			if a <= lines[i].at {
				f := (a - lines[i-1].at) / (lines[i].at - lines[i-1].at)
				return (1-f)*lines[i-1].offset(s) + f*lines[i].offset(s)
			}
		}
		return lines[len(lines)-1].offset(s)
	}
	// The clock tracks' departures from the lines' correction.
	colRes := make([]float64, cols)
	rowRes := make([]float64, rows)
	if xs != nil && ys != nil {
		for x := range cols {
			fx := float64(x) + 0.5
			colRes[x] = (xs[x]+xs[x+1])/2 - fx - corr(vlines, fx, 0.5)
		}
		for y := range rows {
			fy := float64(y) + 0.5
			rowRes[y] = (ys[y]+ys[y+1])/2 - fy - corr(hlines, fy, float64(cols)-0.5)
		}
	}
	pts := make([]detect.Point, 0, rows*cols)
	for y := range rows {
		fy := float64(y) + 0.5
		for x := range cols {
			fx := float64(x) + 0.5
			pts = append(pts, t.Apply(detect.Point{X: fx + corr(vlines, fx, fy) + colRes[x], Y: fy + corr(hlines, fy, fx) + rowRes[y]}))
		}
	}
	return pts
}

// patternModule is a module of the finder or an alignment pattern and
// its colour.
type patternModule struct {
	x, y int
	dark bool
}

// patternModules lists the modules of the finder and alignment patterns of
// a rows×cols grid whose regions are bh×bw modules with their patterns.
func patternModules(rows, cols, bh, bw int) []patternModule {
	var out []patternModule
	for y := range rows {
		ry := y % bh
		for x := range cols {
			rx := x % bw
			switch {
			case rx == 0 || ry == bh-1:
				out = append(out, patternModule{x, y, true})
			case ry == 0:
				out = append(out, patternModule{x, y, rx%2 == 0})
			case rx == bw-1:
				out = append(out, patternModule{x, y, ry%2 == 1})
			}
		}
	}
	return out
}

// refineQuad moves the corners of q, a pixel, then half and a quarter of
// one at a time, while that makes more of the grid's pattern modules right,
// and returns the best corners found and the share of pattern modules
// they get right. Only the pattern modules are sampled.
func refineQuad(bin *matrix.Matrix, q [4]detect.Point, rows, cols int) ([4]detect.Point, float64) {
	bh, bw := blockSize(rows, cols)
	pm := patternModules(rows, cols, bh, bw)
	score := func(q [4]detect.Point) float64 {
		t, ok := detect.RectToQuad(float64(cols), float64(rows), q)
		if !ok {
			return 0
		}
		good := 0
		for _, m := range pm {
			p := t.Apply(detect.Point{X: float64(m.x) + 0.5, Y: float64(m.y) + 0.5})
			x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
			d := x >= 0 && y >= 0 && x < bin.Width && y < bin.Height && bin.Pix[y*bin.Width+x]
			if d == m.dark {
				good++
			}
		}
		return float64(good) / float64(len(pm))
	}
	best := score(q)
	for _, step := range [...]float64{1, 0.5, 0.25} {
		for range 8 {
			improved := false
			for c := range 4 {
				for _, d := range [4]detect.Point{{X: step}, {X: -step}, {Y: step}, {Y: -step}} {
					r := q
					r[c] = r[c].Add(d)
					if s := score(r); s > best {
						q, best, improved = r, s, true
					}
				}
			}
			if !improved {
				break
			}
		}
	}
	return q, best
}
