package binarize

import (
	"context"
	"image"

	"github.com/barkit/barkit/matrix"
)

// minGlobalContrast is the smallest spread, in luminance levels, between the
// dark and light percentiles of an image (histogramSpread) for which the
// global binarizer draws any dark pixel. Below it the image is taken as
// blank: an evenly lit page with sensor noise spans about 10 levels, while
// the faintest symbols the corpus holds span about 30.
// TestGlobalBlank guards it.
const minGlobalContrast = 16

// GlobalThreshold binarizes g at a single luminance level chosen from its
// histogram (see globalLevel): pixels darker than the level are dark. An
// image without enough contrast comes out all light.
func GlobalThreshold(g *image.Gray) *matrix.Matrix {
	m := newFor(g)
	if g != nil {
		globalInto(context.Background(), g, m.Pix, false, globalLevelOf(g))
	}
	return m
}

// globalLevelOf returns the level GlobalThreshold binarizes g at: pixels
// below it are dark; 0 (none) for an image without enough contrast.
func globalLevelOf(g *image.Gray) uint8 {
	hist := histogram(g)
	t, ok := globalLevel(&hist)
	if !ok {
		return 0
	}
	return uint8(t)
}

// globalInto writes g binarized at level (see globalLevelOf) into dst, a
// pixel to an element, dark true (or, when inverted, light true). It
// stops, leaving the rest of dst as it was, when ctx is done. It returns
// the number of true elements written and whether it finished.
func globalInto(ctx context.Context, g *image.Gray, dst []bool, inverted bool, level uint8) (dark int, done bool) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	thr := make([]uint8, (w+7)/8) // one threshold for every eight pixels
	for i := range thr {
		thr[i] = level
	}
	for y := 0; y < h; y++ {
		if y&(checkRows-1) == 0 && ctx.Err() != nil {
			return dark, false
		}
		dark += thresholdRow(row(g, y), dst[y*w:(y+1)*w], thr, inverted)
	}
	return dark, true
}

// histogram counts the luminance values of g's pixels. Four tables take
// the pixels in turn and are summed at the end: one table would make each
// count wait for the last, which in a flat image is the same.
func histogram(g *image.Gray) (hist [256]int) {
	var h [4][256]int32
	for y := 0; y < g.Rect.Dy(); y++ {
		r := row(g, y)
		x := 0
		for ; x+4 <= len(r); x += 4 {
			h[0][r[x]]++
			h[1][r[x+1]]++
			h[2][r[x+2]]++
			h[3][r[x+3]]++
		}
		for ; x < len(r); x++ {
			h[0][r[x]]++
		}
		// Fold a row's counts before an int32 could overflow.
		if y&1023 == 1023 {
			for v := range hist {
				hist[v] += int(h[0][v]) + int(h[1][v]) + int(h[2][v]) + int(h[3][v])
			}
			h = [4][256]int32{}
		}
	}
	for v := range hist {
		hist[v] += int(h[0][v]) + int(h[1][v]) + int(h[2][v]) + int(h[3][v])
	}
	return hist
}

// histogramSpread returns the levels below which 2% and above which 2% of
// the pixels lie: the dark and light extremes with outliers cut off.
func histogramSpread(hist *[256]int) (lo, hi int) {
	total := 0
	for _, n := range hist {
		total += n
	}
	cut := total / 50
	for sum := 0; lo < 255; lo++ {
		if sum += hist[lo]; sum > cut {
			break
		}
	}
	hi = 255
	for sum := 0; hi > 0; hi-- {
		if sum += hist[hi]; sum > cut {
			break
		}
	}
	return lo, hi
}

// globalLevel chooses the global threshold from a histogram: pixels below
// the returned level are dark. It splits the histogram into dark and light
// classes by Otsu's criterion (the split with the largest variance between
// the classes), then moves the level to the deepest point of the smoothed
// histogram in the middle half between the two class means, so that the cut
// falls in the valley between ink and background rather than on the flank
// of the larger class, where Otsu's split tends to land when the classes
// differ much in size. ok is false when the histogram spread is below
// minGlobalContrast.
func globalLevel(hist *[256]int) (level int, ok bool) {
	lo, hi := histogramSpread(hist)
	if hi-lo < minGlobalContrast {
		return 0, false
	}
	// Otsu: maximise w0·w1·(μ0-μ1)² over splits "dark is < t".
	var total, sumAll float64
	for v, n := range hist {
		total += float64(n)
		sumAll += float64(v) * float64(n)
	}
	var w0, sum0, best float64
	otsu := 0
	for t := 1; t < 256; t++ {
		w0 += float64(hist[t-1])
		sum0 += float64(t-1) * float64(hist[t-1])
		w1 := total - w0
		if w0 == 0 || w1 == 0 {
			continue
		}
		d := sum0/w0 - (sumAll-sum0)/w1
		if s := w0 * w1 * d * d; s > best {
			best, otsu = s, t
		}
	}
	if otsu == 0 {
		return 0, false
	}
	var n0, s0, n1, s1 float64
	for v, n := range hist {
		if v < otsu {
			n0 += float64(n)
			s0 += float64(v) * float64(n)
		} else {
			n1 += float64(n)
			s1 += float64(v) * float64(n)
		}
	}
	mean0, mean1 := int(s0/n0), int(s1/n1)

	// Smooth with a 9-level box so that the comb a JPEG or gamma
	// correction leaves in the histogram does not make false valleys.
	const r = 4
	var smooth [256]int
	for v := range smooth {
		for u := max(v-r, 0); u <= min(v+r, 255); u++ {
			smooth[v] += hist[u]
		}
	}
	from, to := mean0+(mean1-mean0)/4, mean1-(mean1-mean0)/4
	level = otsu
	if from <= otsu && otsu <= to {
		// Start at Otsu's split so that a flat valley keeps it.
		for v := from; v <= to; v++ {
			if smooth[v] < smooth[level] || smooth[v] == smooth[level] && abs(v-otsu) < abs(level-otsu) {
				level = v
			}
		}
	}
	// The level is the first light value: a pixel at the valley floor
	// counts as light.
	return level, true
}

// row returns row y of g's pixels, counting from the top of its bounds.
func row(g *image.Gray, y int) []uint8 {
	i := g.PixOffset(g.Rect.Min.X, g.Rect.Min.Y+y)
	return g.Pix[i : i+g.Rect.Dx()]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
