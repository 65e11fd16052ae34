package linear

// Edge detection works on a luminance profile: the sum of one to three
// adjacent pixel rows along a scan line. It finds the profile's alternating
// local maxima (light) and minima (dark) with hysteresis: an extreme counts
// once the profile has moved away from it by the threshold. Between two
// such extremes lies one edge, placed with sub-pixel precision by
// crossing.
const (
	// contrastFraction is the threshold as a fraction of the local
	// contrast, the range of the profile over the three blocks around
	// the pixel. The thin elements of a blurred symbol photographed at
	// two pixels per module swing by as little as a sixth of the
	// contrast; noise and compression artefacts within wide elements
	// mostly stay under a tenth (TestEdgesBlurred, TestEdgesNoise). Of
	// 0.08 to 0.25, 0.1 to 0.12 read the most of the reference corpus.
	contrastFraction = 0.12
	// minSwing is the least threshold, in grey levels per pixel row: in
	// a flat region the local contrast is noise alone, and a fraction of
	// it would cut noise into elements.
	minSwing = 8
	// blockDiv and minBlock set the block size of the local contrast: a
	// 32nd of the line, at least 8 pixels. Three blocks span more than the
	// widest element of a symbol that covers a quarter of the line (EAN
	// and Code 128 elements are at most 4 of 67 to 100+ modules), so each
	// window holds both a bar and a space of the symbol.
	blockDiv = 32
	minBlock = 8
	// swingFraction: a turn counts only when it reverses at least this
	// fraction of the swing before it. A symbol's edges swing from dark
	// to light and back, a blurred narrow element at least a third as
	// far as its neighbours; the step from a white label to the grey
	// surface around it, right after the symbol's last bar, is a small
	// fraction of that last swing and is no edge (TestEdgesLabelBorder).
	swingFraction = 0.25
	// edgeReach is how far, in pixels, from an edge's steepest step the
	// levels on either side of it are taken. A blurred edge spreads over
	// a few pixels; the levels are found within them, and the crossing of
	// their midpoint stays at the edge's centre even when the reach cuts
	// a long edge short, as long as it cuts it evenly.
	edgeReach = 3
)

// extreme is a local maximum or minimum of a profile.
type extreme struct {
	pos int
	v   int32
}

// edgeFinder holds the scratch buffers of edge detection, reused from line
// to line.
type edgeFinder struct {
	fraction float64 // the threshold as a fraction of the local contrast
	floor    float64 // the least threshold in grey levels per pixel row

	block  int       // block size in pixels
	lo, hi []int32   // per block: minimum and maximum of the profile
	thr    []int32   // per block: the threshold
	ext    []extreme // the alternating extremes
	pos    []float64 // element boundaries
	// contrasted counts the edges of the last line found where the
	// local contrast, not the floor, set the threshold: the edges of
	// something printed, not of noise on a plain surface.
	contrasted int
}

// find cuts profile p, the sum of rows pixel rows along a line, into
// elements and stores them in r.
func (f *edgeFinder) find(p []int32, rows int, r *Row) {
	n := len(p)
	f.pos = append(f.pos[:0], 0)
	if n == 0 {
		r.set(append(f.pos, 0))
		return
	}
	f.thresholds(p, rows)
	ext := f.extremes(p)

	// Elements: a zero-width space first when the line starts dark, then
	// one boundary per edge, and a zero-width space last when it ends
	// dark.
	if len(ext) > 0 && ext[0].v < ext[min(1, len(ext)-1)].v {
		f.pos = append(f.pos, 0)
	}
	floor := int32(f.floor * float64(rows))
	f.contrasted = 0
	for j := 0; j+1 < len(ext); j++ {
		f.pos = append(f.pos, f.crossing(p, ext[j], ext[j+1]))
		if f.thr[ext[j].pos/f.block] > floor {
			f.contrasted++
		}
	}
	if len(ext) > 1 && ext[len(ext)-1].v < ext[len(ext)-2].v {
		f.pos = append(f.pos, float64(n))
	}
	f.pos = append(f.pos, float64(n))
	r.set(f.pos)
}

// thresholds computes the threshold of each block of p.
func (f *edgeFinder) thresholds(p []int32, rows int) {
	n := len(p)
	b := max(minBlock, n/blockDiv)
	f.block = b
	nb := (n + b - 1) / b
	f.lo = resize(f.lo, nb)
	f.hi = resize(f.hi, nb)
	f.thr = resize(f.thr, nb)
	for k := 0; k < nb; k++ {
		lo, hi := p[k*b], p[k*b]
		for _, v := range p[k*b : min(n, (k+1)*b)] {
			lo = min(lo, v)
			hi = max(hi, v)
		}
		f.lo[k], f.hi[k] = lo, hi
	}
	floor := int32(f.floor * float64(rows))
	for k := 0; k < nb; k++ {
		lo, hi := f.lo[k], f.hi[k]
		if k > 0 {
			lo, hi = min(lo, f.lo[k-1]), max(hi, f.hi[k-1])
		}
		if k+1 < nb {
			lo, hi = min(lo, f.lo[k+1]), max(hi, f.hi[k+1])
		}
		f.thr[k] = max(floor, int32(float64(hi-lo)*f.fraction))
	}
}

// extremes finds the alternating extremes of p: each is the most extreme
// value of its run, and consecutive ones differ by at least the threshold
// of the block where the profile turned.
func (f *edgeFinder) extremes(p []int32) []extreme {
	n := len(p)
	b := max(minBlock, n/blockDiv)
	ext := f.ext[:0]
	const (
		unknown = iota
		rising  // looking for a maximum
		falling // looking for a minimum
	)
	state := unknown
	hi, lo := p[0], p[0]
	hiPos, loPos := 0, 0
	var cur int32
	curPos := 0
	for i := 1; i < n; i++ {
		v, t := p[i], f.thr[i/b]
		switch state {
		case unknown:
			if v > hi {
				hi, hiPos = v, i
			}
			if v < lo {
				lo, loPos = v, i
			}
			if hi-lo >= t {
				if hiPos < loPos {
					ext = append(ext, extreme{hiPos, hi})
					state, cur, curPos = falling, lo, loPos
				} else {
					ext = append(ext, extreme{loPos, lo})
					state, cur, curPos = rising, hi, hiPos
				}
			}
		case rising:
			if v > cur {
				cur, curPos = v, i
			} else if d := cur - v; d >= t && float64(d) >= swingFraction*float64(cur-ext[len(ext)-1].v) {
				ext = append(ext, extreme{curPos, cur})
				state, cur, curPos = falling, v, i
			}
		case falling:
			if v < cur {
				cur, curPos = v, i
			} else if d := v - cur; d >= t && float64(d) >= swingFraction*float64(ext[len(ext)-1].v-cur) {
				ext = append(ext, extreme{curPos, cur})
				state, cur, curPos = rising, v, i
			}
		}
	}
	if state != unknown {
		ext = append(ext, extreme{curPos, cur})
	}
	// The walk accepts a first swing as small as the threshold; when the
	// swing after it is much larger, the first was a step in the
	// background (a grey surface meeting a white label), not an edge of
	// the symbol.
	for len(ext) >= 3 && absDiff(ext[0].v, ext[1].v) < swingFraction*absDiff(ext[1].v, ext[2].v) {
		ext = ext[1:]
	}
	f.ext = ext
	return ext
}

// absDiff returns |a-b|.
func absDiff(a, b int32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}

// crossing returns the position of the edge between extremes a and b, a
// before b, along the line: pixel k covers [k, k+1) and its value is taken
// at its centre, k+0.5. The edge is where the profile crosses a level,
// interpolated between the two pixels around the crossing nearest the
// edge's steepest step.
//
// Blur lowers the swing of thin elements. Put at the midpoint of the
// levels on either side of the edge, a thin element's edges fall outside
// it and it reads wide; put at the midpoint of the full local contrast
// (the darkest and lightest values of the three blocks around the step),
// they fall inside it and it reads narrow. The level is the mean of the
// two, which keeps one- and three-module elements within a few tenths of
// a module of their width at blurs up to 0.4 of a module
// (TestEdgesBlurred); of weights 0, 0.3, 0.5, 0.7 and 1 for the full
// contrast, 0.5 read the most EAN/UPC images of the reference corpus
// (274 in thorough mode, against 242 and 244 at either end, when it was
// chosen). An element too thin and blurred to cross the
// contrast's midpoint takes the midpoint of its own levels. The levels on
// either side of the edge are taken within edgeReach pixels of its
// steepest step, not at the extremes, which may lie far off across a slow
// shading of the background.
func (f *edgeFinder) crossing(p []int32, a, b extreme) float64 {
	sign := int32(1) // 1 for a falling edge, -1 for a rising one
	if a.v < b.v {
		sign = -1
	}
	k := a.pos
	for i := a.pos + 1; i < b.pos; i++ {
		if sign*(p[i]-p[i+1]) > sign*(p[k]-p[k+1]) {
			k = i
		}
	}
	// The levels on either side, near the step.
	lo, hi := max(a.pos, k-edgeReach), min(b.pos, k+1+edgeReach)
	va, vb := p[k], p[k+1]
	for _, v := range p[lo:k] {
		if sign*v > sign*va {
			va = v
		}
	}
	for _, v := range p[k+2 : hi+1] {
		if sign*v < sign*vb {
			vb = v
		}
	}
	level2 := va + vb // twice the level, to stay in integers
	// The midpoint of the local contrast, when the edge crosses it.
	bk := k / f.block
	envLo, envHi := f.lo[bk], f.hi[bk]
	if bk > 0 {
		envLo, envHi = min(envLo, f.lo[bk-1]), max(envHi, f.hi[bk-1])
	}
	if bk+1 < len(f.lo) {
		envLo, envHi = min(envLo, f.lo[bk+1]), max(envHi, f.hi[bk+1])
	}
	if env2 := envLo + envHi; sign*2*a.v > sign*env2 && sign*2*b.v < sign*env2 {
		level2 = (level2 + env2) / 2
		lo, hi = a.pos, b.pos
	}
	// The crossing nearest the steepest step.
	best, bestD := k, -1
	for i := lo; i < hi; i++ {
		if sign*2*p[i] > sign*level2 && sign*2*p[i+1] <= sign*level2 {
			if d := abs(i - k); bestD < 0 || d < bestD {
				best, bestD = i, d
			}
		}
	}
	k = best
	d := 2 * (p[k] - p[k+1])
	if d == 0 {
		return float64(k) + 1
	}
	return float64(k) + 0.5 + float64(2*p[k]-level2)/float64(d)
}

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// resize returns s with length n, reusing its storage.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
