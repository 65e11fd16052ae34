package linear

import (
	"image"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// refEdgeFinder is edge detection as first written, plainly: the
// reference that edgeFinder, tuned for speed, must match exactly
// (TestEdgeFinderMatchesReference).

// refEdgeFinder holds the scratch buffers of edge detection, reused from line
// to line.
type refEdgeFinder struct {
	fraction float64 // the threshold as a fraction of the local contrast
	floor    float64 // the least threshold in grey levels per pixel row

	block  int       // block size in pixels
	lo, hi []int32   // per block: minimum and maximum of the profile
	thr    []int32   // per block: the threshold
	ext    []extreme // the alternating extremes
	pos    []float64 // element boundaries
	// lineEnd, when not 0, is the length of the line, whose blocks are
	// laid from its end (findBackward).
	lineEnd int
	// contrasted counts the edges of the last line found where the
	// local contrast, not the floor, set the threshold: the edges of
	// something printed, not of noise on a plain surface.
	contrasted int
}

// find cuts profile p, the sum of rows pixel rows along a line, into
// elements and stores them in r.
func (f *refEdgeFinder) find(p []int32, rows int, r *Row) {
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
func (f *refEdgeFinder) thresholds(p []int32, rows int) {
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
func (f *refEdgeFinder) extremes(p []int32) []extreme {
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
func (f *refEdgeFinder) crossing(p []int32, a, b extreme) float64 {
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
	if f.lineEnd > 0 {
		// Blocks laid from the line's end: the block of pixel k+1,
		// the step's first in the walk's direction.
		bk = (f.lineEnd - 2 - k) / f.block
	}
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

// findBackward is edgeFinder.findBackward done plainly: the profile
// reversed and walked from its start by the reference, with blocks laid
// from the reversed profile's start (the line's end); the extremes turned
// back; every edge placed afresh, the local contrast taken from the same
// blocks.
func (f *refEdgeFinder) findBackward(p []int32, rows int, r *Row) {
	n := len(p)
	if n == 0 {
		r.set([]float64{0, 0})
		return
	}
	q := slices.Clone(p)
	slices.Reverse(q)
	f.thresholds(q, rows)
	ext := slices.Clone(f.extremes(q))
	slices.Reverse(ext)
	for i := range ext {
		ext[i].pos = n - 1 - ext[i].pos
	}
	f.lineEnd = n
	defer func() { f.lineEnd = 0 }()
	pos := []float64{0}
	if len(ext) > 0 && ext[0].v < ext[min(1, len(ext)-1)].v {
		pos = append(pos, 0)
	}
	for j := 0; j+1 < len(ext); j++ {
		pos = append(pos, f.crossing(p, ext[j], ext[j+1]))
	}
	if len(ext) > 1 && ext[len(ext)-1].v < ext[len(ext)-2].v {
		pos = append(pos, float64(n))
	}
	r.set(append(pos, float64(n)))
}

// referenceProfiles returns profiles of every kind a scan cuts: lines
// across photographed symbols (sharp, blurred, noisy, shaded, inverted),
// across the adversarial images (noise, checkerboards, stripes, clutter),
// flat and stepped lines, random walks, and the same sharpened, each with
// the number of pixel rows summed in it.
func referenceProfiles() (profiles [][]int32, counts []int) {
	add := func(p []int32, n int) {
		profiles = append(profiles, p)
		counts = append(counts, n)
	}
	lines := func(g *image.Gray) {
		s := &scanner{g: g}
		for _, f := range []family{rows(g), columns(g)} {
			s.fam = f
			s.lines, s.length = f.lines, f.length
			for c := 0; c < s.lines; c += max(1, s.lines/7) {
				s.prof = make([]int32, s.length)
				n := s.profile(c)
				add(s.prof, n)
				for _, k := range []int32{mildSharpen, strongSharpen} {
					s.sharpen(k, n)
					add(slices.Clone(s.sharp), n)
				}
			}
		}
	}
	for _, sc := range []lineartest.Scene{
		{Width: 400, Height: 60, Modules: toyModules, Module: 3, Quiet: 10},
		{Width: 400, Height: 60, Modules: toyModules, Module: 2, Quiet: 10, Blur: 1.6, Noise: 3, Shade: 50, Background: 90},
		{Width: 300, Height: 80, Modules: toyModules, Module: 1.3, Quiet: 6, Blur: 0.7, Noise: 8, Angle: 5, Background: 40},
		{Width: 300, Height: 40, Modules: toyModules, Module: 4, Quiet: 4, Dark: 230, Light: 30, Background: 30, Noise: 2},
		{Width: 500, Height: 30, Noise: 6, Blur: 1, Background: 150},
	} {
		lines(sc.Render())
	}
	for _, c := range adversarial.Cases() {
		if c.Name == "blank16" {
			continue
		}
		lines(binarize.Luminance(c.Make(301, 53)))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		n := rng.IntN(300)
		p := make([]int32, n)
		v := int32(rng.IntN(765))
		for i := range p {
			v = max(0, min(765, v+int32(rng.NormFloat64()*float64(rng.IntN(80)))))
			p[i] = v
		}
		add(p, 3)
	}
	// Lines of plateaus: long flat runs, with ties between neighbours
	// and between extremes, broken by steps of every size, some noisy.
	for range 200 {
		n := rng.IntN(1200)
		p := make([]int32, n)
		v, noise := int32(rng.IntN(765)), rng.IntN(4)
		for i := range p {
			if rng.IntN(20) == 0 {
				v = max(0, min(765, v+int32(rng.IntN(301)-150)))
			}
			p[i] = v
			if noise > 0 {
				p[i] = max(0, min(765, v+int32(rng.IntN(2*noise+1)-noise)))
			}
		}
		add(p, 1+rng.IntN(3))
	}
	// Lines of a few values only, for ties everywhere, and lines over
	// the range of a mildly sharpened profile, overshooting black and
	// white, alternating fast.
	for range 200 {
		n := rng.IntN(600)
		p := make([]int32, n)
		levels := []int32{0, 24, 48, 200, 765}
		for i := range p {
			if n%2 == 0 {
				p[i] = levels[rng.IntN(len(levels))]
			} else {
				p[i] = int32(rng.IntN(2*765+766) - 765)
			}
		}
		add(p, 3)
	}
	add(nil, 1)
	add([]int32{7}, 1)
	add([]int32{0, 255}, 1)
	add([]int32{255, 0, 255, 0}, 1)
	return profiles, counts
}

// TestEdgeFinderMatchesReference checks that the edge finder of the scan
// cuts every profile of referenceProfiles exactly as the plain version
// does, at both floors a scan uses.
func TestEdgeFinderMatchesReference(t *testing.T) {
	profiles, rows := referenceProfiles()
	for _, floor := range []float64{minSwing, minSwing * strongNoise} {
		fast := edgeFinder{fraction: contrastFraction, floor: floor}
		ref := refEdgeFinder{fraction: contrastFraction, floor: floor}
		var got, want Row
		for i, p := range profiles {
			fast.find(p, rows[i], &got)
			ref.find(p, rows[i], &want)
			if !slices.Equal(got.Pos, want.Pos) || !slices.Equal(got.W, want.W) || fast.contrasted != ref.contrasted {
				t.Fatalf("profile %d of %d pixels, floor %v: edges %v, contrasted %d; want %v, %d", i, len(p), floor, got.Pos, fast.contrasted, want.Pos, ref.contrasted)
			}
		}
	}
}

// TestFindBackwardMatchesReference checks that findBackward, which reuses
// find's edges where it can, cuts every profile of referenceProfiles as
// the plain version does, and reports the same elements only when they
// are.
func TestFindBackwardMatchesReference(t *testing.T) {
	profiles, rows := referenceProfiles()
	var differ int
	for _, floor := range []float64{minSwing, minSwing * strongNoise} {
		fast := edgeFinder{fraction: contrastFraction, floor: floor}
		ref := refEdgeFinder{fraction: contrastFraction, floor: floor}
		var fwd, got, want Row
		for i, p := range profiles {
			fast.find(p, rows[i], &fwd)
			fwdPos := slices.Clone(fwd.Pos)
			same := fast.findBackward(p, rows[i], &got)
			ref.findBackward(p, rows[i], &want)
			if !slices.Equal(got.Pos, want.Pos) || !slices.Equal(got.W, want.W) {
				t.Fatalf("profile %d of %d pixels, floor %v: edges %v; want %v", i, len(p), floor, got.Pos, want.Pos)
			}
			if same && !slices.Equal(want.Pos, fwdPos) {
				t.Fatalf("profile %d: the same as find's, but the rows are %v and %v", i, fwdPos, want.Pos)
			}
			if !same {
				differ++
			}
		}
	}
	t.Logf("%d profiles, %d read differently backwards", 2*len(profiles), differ)
	// Both outcomes are tested.
	if differ < len(profiles)/4 || differ > len(profiles)*7/4 {
		t.Errorf("the backward walk differs on %d of %d profiles", differ, 2*len(profiles))
	}
}

// TestFindMore checks findMore against find on the reference profiles,
// floors as the scan sets them: given fewer than find's elements, it cuts
// the same row; given as many or more, it reports none and leaves the row
// as it was.
func TestFindMore(t *testing.T) {
	profiles, counts := referenceProfiles()
	for i, p := range profiles {
		for _, floor := range []float64{minSwing, minSwing * strongNoise} {
			f := edgeFinder{fraction: contrastFraction, floor: floor}
			var want Row
			f.find(p, counts[i], &want)
			n := len(want.W)
			for _, fewer := range []int{0, n - 2, n - 1, n, n + 1} {
				g := edgeFinder{fraction: contrastFraction, floor: floor}
				got := NewRow([]float64{1, 2, 3})
				more := g.findMore(p, counts[i], got, fewer)
				switch {
				case more != (n > fewer):
					t.Errorf("profile %d, floor %v: %d elements, fewer %d: findMore %v", i, floor, n, fewer, more)
				case more && (!slices.Equal(got.W, want.W) || !slices.Equal(got.Pos, want.Pos)):
					t.Errorf("profile %d, floor %v, fewer %d: %v, find %v", i, floor, fewer, got.W, want.W)
				case !more && !slices.Equal(got.W, []float64{1, 2, 3}):
					t.Errorf("profile %d, floor %v, fewer %d: row changed to %v", i, floor, fewer, got.W)
				}
			}
		}
	}
}
