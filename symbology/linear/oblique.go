package linear

import (
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
)

// Scan lines at any angle. Rows read symbols whose bars stand within some
// ten degrees of upright (how far depends on how tall the bars are for
// the symbol's length: no row crosses every bar of a symbol turned
// further), and columns those lying within as much of flat. Thorough
// mode also reads oblique lines, across the bars of the symbols at other
// angles, chosen from the image's gradients: the image is cut into
// blocks, and a block whose gradients are many, strong and nearly all of
// one direction (the edges of bars) votes for lines in that direction;
// the blocks of one direction that touch form a region, and each region
// is read on lines of its direction, over it and its surroundings. Print,
// texture and the edges of things seldom make such regions, and then
// small ones: an image without symbols costs little more.

// The kinds of line family.
const (
	rowLines = iota
	columnLines
	oblique
)

// family is a set of parallel scan lines: line c runs from o + n(c+½)
// along d for length pixels, d and n unit vectors, n a quarter turn
// clockwise from d (y grows downwards). Rows have d (1, 0) and n (0, 1);
// columns d (0, 1) and n (1, 0).
type family struct {
	kind          int
	o, d, n       detect.Point
	lines, length int
}

// rows returns the family of the rows of g.
func rows(g *image.Gray) family {
	return family{kind: rowLines, d: detect.Point{X: 1}, n: detect.Point{Y: 1}, lines: g.Rect.Dy(), length: g.Rect.Dx()}
}

// columns returns the family of the columns of g.
func columns(g *image.Gray) family {
	return family{kind: columnLines, d: detect.Point{Y: 1}, n: detect.Point{X: 1}, lines: g.Rect.Dx(), length: g.Rect.Dy()}
}

// point returns the image point at position t along line c.
func (f family) point(c int, t float64) detect.Point {
	return f.o.Add(f.n.Mul(float64(c) + 0.5)).Add(f.d.Mul(t))
}

// obliqueRows is the number of lines, a pixel apart across the line, whose
// samples an oblique line's profile sums, as a row's sums three rows.
const obliqueRows = 3

// sample fills p with the profile of oblique line c of the current pass:
// at each pixel's step along it, the sum of the image, bilinearly
// interpolated, on the line and on the lines a pixel to either side.
// Points outside the image take the nearest pixel's value.
func (s *scanner) sample(p []int32, c int) {
	g := s.g
	w, h := g.Rect.Dx(), g.Rect.Dy()
	f := s.fam
	at := func(x, y float64) float64 {
		x, y = x-0.5, y-0.5 // pixel centres
		x = max(0, min(float64(w-1), x))
		y = max(0, min(float64(h-1), y))
		x0, y0 := int(x), int(y)
		x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
		fx, fy := x-float64(x0), y-float64(y0)
		r0, r1 := g.Pix[y0*g.Stride:], g.Pix[y1*g.Stride:]
		top := float64(r0[x0]) + fx*(float64(r0[x1])-float64(r0[x0]))
		bot := float64(r1[x0]) + fx*(float64(r1[x1])-float64(r1[x0]))
		return top + fy*(bot-top)
	}
	for t := range p {
		q := f.point(c, float64(t)+0.5)
		v := at(q.X, q.Y) + at(q.X-f.n.X, q.Y-f.n.Y) + at(q.X+f.n.X, q.Y+f.n.Y)
		p[t] = int32(v + 0.5)
	}
}

// The gradient analysis of obliques.
const (
	// gradStep is the spacing in pixels of the points whose gradient is
	// measured: bars at 1.5 pixels per module put an edge within a
	// pixel of about every other point, enough for a block's direction;
	// the analysis costs a sixteenth of a pass over every pixel.
	gradStep = 5
	// blockSize is the side of a block in pixels: a symbol of 60 modules
	// at 1.5 pixels per module spans two, its bars as tall as a third of
	// its length one or more; cellSize that of the cells of half a block
	// blocks are made of, overlapping (obliques).
	blockSize = 40
	cellSize  = blockSize / 2
	// minGrad is the least gradient, the difference of the pixels either
	// side of a point, in grey levels, that counts as an edge: lighting
	// gradients and noise stay under it, the edges of a symbol of even
	// a fifth of the full contrast exceed it.
	minGrad = 24
	// minEdges is the least share of a block's points on an edge: a
	// block of a symbol's bars has edges within a pixel of half its
	// points or more; one crossed by a single line or two, a third.
	minEdges = 0.3
	// minCoherence is the least coherence of a block's gradients, the
	// share of their squared length along one direction less across it:
	// the edges of bars are parallel, at 1 ideally, 0.8 and more in the
	// photographs and degraded images tested (TestObliqueRegions); print
	// and texture run every way.
	minCoherence = 0.75
	// maxAngleStep is the most two touching blocks' directions may differ
	// to be of one region, in degrees.
	maxAngleStep = 12
	// regionReach is how far apart, in blocks (of the grid of overlapping
	// blocks, half a block apart), two blocks of a region may lie: the
	// blocks of a symbol whose bars are shorter than a block, turned, lie
	// along a diagonal with gaps between those that voted, and would
	// otherwise make several regions, each read on lines too short to
	// cross the whole symbol.
	regionReach = 2
	// axisAngle: regions whose direction lies within this many degrees of
	// a row's or a column's are read by rows and columns already: a row
	// crosses every bar of a symbol turned 7 degrees whose bars are an
	// eighth as tall as it is long, as most are (EAN-13's are two thirds).
	// Nearer, the stripes of print and fabric turned a few degrees from
	// the rows would be read again (falsepositives-2 of the reference
	// corpus).
	axisAngle = 10
	// obliqueProbe: an oblique pass whose lines down to an obliqueProbe-th
	// of its region apart (seven lines), or probeSpacing pixels if that is
	// finer, read nothing, no symbol on any line and no guide, reads no
	// more. A symbol that made the region fills much of it, and its bars,
	// 30 pixels tall or more, are crossed by several of those lines; print
	// and texture, which make regions too, read nothing on them and cost
	// little more (BenchmarkFalsePositives; TestScanOblique).
	obliqueProbe = 8
	probeSpacing = 10
	// obliqueSpacing is the finest spacing of oblique lines, in pixels:
	// the symbols they are for have bars a block tall or more, crossed by
	// eight lines 4 pixels apart; rows and columns go down to 2 for the
	// shortest.
	obliqueSpacing = 4
	// minRegion is the fewest blocks of a region read on oblique lines:
	// the smallest symbols at the least module size span two.
	minRegion = 1
	// maxObliques bounds the oblique passes of a scan, the largest regions
	// first; maxSpans the regions considered for them.
	maxObliques = 8
	maxSpans    = 32
	// mergeAngle and mergeGap: regions whose directions are within
	// mergeAngle degrees and that lie in line, along their lines at most
	// mergeGap pixels apart, are pieces of one symbol (mergeSpans).
	mergeAngle = 4
	mergeGap   = 2 * blockSize
	// regionMargin widens a region's lines on either end by this share of
	// its length, and by blockSize pixels at least, for the quiet zones
	// and the blocks of a symbol's ends that did not vote. Across the
	// lines, the blocks' corners are margin enough: the blocks that voted
	// hold the bars.
	regionMargin = 0.25
)

// block is the gradient statistics of one block: the structure tensor of
// its edges' gradients (in 16ths of grey levels, squared), and how many of
// its points are on an edge.
type block struct {
	xx, yy, xy int64
	edges, n   int
	angle      float64 // the gradients' direction, in degrees, -90 to 90
	voting     bool
	region     int
}

// scharr returns the gradient at the centre of the 3×3 pixels up, row
// and down, by Scharr's operator, in 16ths of grey levels per two pixels.
// Simple differences of the pixels either side bend the direction of
// thin bars towards the diagonals, by up to 10 degrees at 1.5 pixels per
// module; Scharr's weights were chosen for the direction, and keep it
// within a degree (TestScharr).
func scharr(up, row, down []uint8) (gx, gy int) {
	gx = 3*(int(up[2])-int(up[0])) + 10*(int(row[2])-int(row[0])) + 3*(int(down[2])-int(down[0]))
	gy = 3*(int(down[0])-int(up[0])) + 10*(int(down[1])-int(up[1])) + 3*(int(down[2])-int(up[2]))
	return gx, gy
}

// obliques returns the families of oblique lines of g, from its gradients
// (see the start of this file).
func (s *scanner) obliques() []family {
	g := s.g
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w < 3 || h < 3 {
		return nil
	}
	var bw, bh int
	// The gradients are summed over cells of half a block; the blocks are
	// every 2×2 cells, overlapping by half, so that a symbol whose bars
	// are a little shorter than a block fills three quarters of one.
	cw, ch := (w+cellSize-1)/cellSize, (h+cellSize-1)/cellSize
	cells := make([]block, cw*ch)
	for y := 1; y+1 < h; y += gradStep {
		up, row, down := g.Pix[(y-1)*g.Stride:], g.Pix[y*g.Stride:], g.Pix[(y+1)*g.Stride:]
		crow := cells[y/cellSize*cw:]
		for x := 1; x+1 < w; x += gradStep {
			b := &crow[x/cellSize]
			b.n++
			gx, gy := scharr(up[x-1:x+2:x+2], row[x-1:x+2:x+2], down[x-1:x+2:x+2])
			if gx*gx+gy*gy < (16*minGrad)*(16*minGrad) {
				continue
			}
			b.edges++
			b.xx += int64(gx * gx)
			b.yy += int64(gy * gy)
			b.xy += int64(gx * gy)
		}
	}
	bw, bh = max(1, cw-1), max(1, ch-1)
	blocks := make([]block, bw*bh)
	for by := range bh {
		for bx := range bw {
			b := &blocks[by*bw+bx]
			for _, c := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				x, y := bx+c[0], by+c[1]
				if x >= cw || y >= ch {
					continue
				}
				cl := &cells[y*cw+x]
				b.xx, b.yy, b.xy = b.xx+cl.xx, b.yy+cl.yy, b.xy+cl.xy
				b.edges, b.n = b.edges+cl.edges, b.n+cl.n
			}
		}
	}
	for i := range blocks {
		b := &blocks[i]
		b.region = -1
		xx, yy, xy := float64(b.xx), float64(b.yy), float64(b.xy)
		sum := xx + yy
		if b.n == 0 || float64(b.edges) < minEdges*float64(b.n) || sum == 0 {
			continue
		}
		if math.Hypot(xx-yy, 2*xy)/sum < minCoherence {
			continue
		}
		b.angle = 0.5 * math.Atan2(2*xy, xx-yy) * 180 / math.Pi
		b.voting = true
	}
	// The regions: touching voting blocks of nearly one direction.
	type region struct {
		blocks []int
		sx, sy float64 // the sum of the doubled angles' unit vectors, for their mean
	}
	var regions []region
	var stack []int
	for i := range blocks {
		if !blocks[i].voting || blocks[i].region >= 0 {
			continue
		}
		r := region{}
		blocks[i].region = len(regions)
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r.blocks = append(r.blocks, k)
			a := blocks[k].angle * math.Pi / 90
			r.sx += math.Cos(a)
			r.sy += math.Sin(a)
			kx, ky := k%bw, k/bw
			for dy := -regionReach; dy <= regionReach; dy++ {
				for dx := -regionReach; dx <= regionReach; dx++ {
					x, y := kx+dx, ky+dy
					if x < 0 || y < 0 || x >= bw || y >= bh {
						continue
					}
					j := y*bw + x
					if b := &blocks[j]; b.voting && b.region < 0 && angleDiff(b.angle, blocks[k].angle) <= maxAngleStep {
						b.region = len(regions)
						stack = append(stack, j)
					}
				}
			}
		}
		regions = append(regions, r)
	}
	slices.SortStableFunc(regions, func(a, b region) int { return len(b.blocks) - len(a.blocks) })
	// Each region's extent along and across its lines; then those that
	// lie in line, pieces of one symbol whose blocks voted with gaps
	// between, become one.
	var spans []span
	for _, r := range regions {
		if len(r.blocks) < minRegion || len(spans) >= maxSpans {
			break
		}
		angle := 0.5 * math.Atan2(r.sy, r.sx) * 180 / math.Pi
		if angleDiff(angle, 0) <= axisAngle || angleDiff(angle, 90) <= axisAngle {
			continue
		}
		spans = append(spans, regionSpan(r.blocks, bw, angle, len(r.blocks)))
	}
	spans = mergeSpans(spans)
	var out []family
	for _, sp := range spans {
		if len(out) >= maxObliques {
			break
		}
		out = append(out, sp.family(w, h))
	}
	return out
}

// span is a region's extent in the frame of its lines: t along them, c
// across, at angle degrees (the direction across the bars), and the
// blocks that voted for it.
type span struct {
	angle          float64
	t0, t1, c0, c1 float64
	blocks         int
}

// frame returns the direction along the lines at angle, and across them.
func frame(angle float64) (d, n detect.Point) {
	rad := angle * math.Pi / 180
	d = detect.Point{X: math.Cos(rad), Y: math.Sin(rad)}
	return d, detect.Point{X: -d.Y, Y: d.X}
}

// regionSpan returns the span of the blocks of a region, bw blocks to a
// row of blocks, on lines at angle.
func regionSpan(blocks []int, bw int, angle float64, votes int) span {
	d, n := frame(angle)
	sp := span{angle: angle, t0: math.Inf(1), t1: math.Inf(-1), c0: math.Inf(1), c1: math.Inf(-1), blocks: votes}
	for _, k := range blocks {
		x, y := float64(k%bw*cellSize), float64(k/bw*cellSize)
		for _, p := range [4]detect.Point{{X: x, Y: y}, {X: x + blockSize, Y: y}, {X: x, Y: y + blockSize}, {X: x + blockSize, Y: y + blockSize}} {
			sp.extend(p.Dot(d), p.Dot(n))
		}
	}
	return sp
}

// extend widens sp to hold the point t, c of its frame.
func (sp *span) extend(t, c float64) {
	sp.t0, sp.t1 = min(sp.t0, t), max(sp.t1, t)
	sp.c0, sp.c1 = min(sp.c0, c), max(sp.c1, c)
}

// mergeSpans joins the spans that lie in line: directions within
// mergeAngle, extents across the lines overlapping by half the narrower,
// and along them at most mergeGap apart. A span joins the larger one
// (spans come larger first), whose direction it takes.
func mergeSpans(spans []span) []span {
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(spans) && !merged; i++ {
			for j := i + 1; j < len(spans); j++ {
				a, b := &spans[i], &spans[j]
				if angleDiff(a.angle, b.angle) > mergeAngle {
					continue
				}
				// b's corners in a's frame.
				d, n := frame(a.angle)
				bd, bn := frame(b.angle)
				c := span{t0: math.Inf(1), t1: math.Inf(-1), c0: math.Inf(1), c1: math.Inf(-1)}
				for _, t := range [2]float64{b.t0, b.t1} {
					for _, cc := range [2]float64{b.c0, b.c1} {
						p := bd.Mul(t).Add(bn.Mul(cc))
						c.extend(p.Dot(d), p.Dot(n))
					}
				}
				overlap := min(a.c1, c.c1) - max(a.c0, c.c0)
				gap := max(a.t0, c.t0) - min(a.t1, c.t1)
				if overlap < 0.5*min(a.c1-a.c0, c.c1-c.c0) || gap > mergeGap {
					continue
				}
				a.extend(c.t0, c.c0)
				a.extend(c.t1, c.c1)
				a.blocks += b.blocks
				spans = slices.Delete(spans, j, j+1)
				merged = true
				break
			}
		}
	}
	return spans
}

// family returns the family of lines over sp, widened by regionMargin,
// within an image of w×h pixels.
func (sp span) family(w, h int) family {
	d, n := frame(sp.angle)
	m := max(blockSize, regionMargin*(sp.t1-sp.t0))
	t0, t1 := sp.t0-m, sp.t1+m
	// No longer or wider than the image's diagonal.
	diag := math.Hypot(float64(w), float64(h))
	length := int(math.Min(t1-t0, diag))
	lines := int(math.Min(sp.c1-sp.c0, diag))
	return family{kind: oblique, o: d.Mul(t0).Add(n.Mul(sp.c0)), d: d, n: n, lines: lines, length: length}
}

// angleDiff returns how far apart directions a and b are, in degrees,
// taken modulo 180: 0 to 90.
func angleDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 180)
	return math.Min(d, 180-d)
}
