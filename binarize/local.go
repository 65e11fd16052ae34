package binarize

import (
	"context"
	"image"

	"github.com/barkit/barkit/internal/pixpool"
	"github.com/barkit/barkit/matrix"
)

// The local binarizer works on square blocks of blockSize pixels. A block is
// textured when its darkest and lightest pixels differ by at least the
// image's least contrast (minContrast: minLocalContrast, less in a dark
// image); its midpoint is halfway between them. A textured block's
// threshold is the mean midpoint of the textured blocks within blockRadius
// blocks of it (a window of 5×5 blocks, 40 pixels). A flat block takes the
// mean threshold of the nearest textured blocks (the nearest ring of blocks,
// up to fillRadius blocks away, that holds any), so the inside of a large
// dark module or a blank margin is classed like the texture around it and
// its noise is not drawn as speckles. A flat block with no texture near it
// takes the global threshold of the image (from a sampled histogram).
const (
	blockShift = 3
	blockSize  = 1 << blockShift
	// blockRadius 2 makes the window 40 pixels: wide enough to span light
	// and dark modules up to 10 pixels each, narrow enough to follow a
	// shadow edge. TestLocalShadow guards it.
	blockRadius = 2
	// fillRadius 4 reaches the middle of a finder pattern's 3×3-module
	// core with modules up to about 20 pixels. TestLocalLargeModules
	// guards it.
	fillRadius = 4
	// minLocalContrast 24 is above the noise of a flat area in a JPEG
	// photo (TestLocalNoise) and below the contrast of a faint, blurred
	// 2-pixel module (TestLocalLowContrast).
	minLocalContrast = 24
	// A dark image (a photo taken in dim light, its symbols lit by a
	// spot or not at all) has its contrast, and its noise, scaled down
	// with its light: its least contrast is minLocalContrast scaled by
	// its light level (the level of its lightest 2% of pixels) over
	// brightLevel, down to darkContrast. boofcv-qr bright_spots: 23 of
	// 49 codes read, 17 with a fixed contrast; TestLocalDark.
	brightLevel  = 200
	darkContrast = 8
)

// minContrast returns the least contrast of a textured block of an image
// of histogram hist (minLocalContrast, less in a dark image).
func minContrast(hist *[256]int) int {
	total := 0
	for _, c := range hist {
		total += c
	}
	light, n := 0, 0
	for v := 255; v >= 0; v-- {
		if n += hist[v]; 50*n >= total {
			light = v
			break
		}
	}
	return max(darkContrast, min(minLocalContrast, minLocalContrast*light/brightLevel))
}

// LocalThreshold binarizes g against local thresholds (see the block
// constants above), which copes with uneven light, shadows and low
// contrast.
func LocalThreshold(g *image.Gray) *matrix.Matrix {
	m := newFor(g)
	if g != nil {
		localInto(context.Background(), g, m.Pix, false)
	}
	return m
}

// localInto writes g binarized by LocalThreshold into dst, a pixel to an
// element, dark true (or, when inverted, light true). It stops, leaving
// the rest of dst as it was, when ctx is done. It returns the number of
// true elements written and whether it finished.
func localInto(ctx context.Context, g *image.Gray, dst []bool, inverted bool) (dark int, done bool) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w == 0 || h == 0 {
		return 0, true
	}
	thr := blockThresholds(g)
	defer scratch8.Put(thr)
	bw := (w + blockSize - 1) >> blockShift
	for y := 0; y < h; y++ {
		if y&(blockSize-1) == 0 && y&(checkRows-1) == 0 && ctx.Err() != nil {
			return dark, false
		}
		trow := thr[(y>>blockShift)*bw : (y>>blockShift+1)*bw]
		dark += thresholdRow(row(g, y), dst[y*w:(y+1)*w], trow, inverted)
	}
	return dark, true
}

// Scratch of the local binarizer, from one view to the next. Buffers from
// a pool hold what their last user left, so the binarizer writes every
// element before it reads it.
var (
	scratch8    pixpool.Pool[uint8]
	scratchInt  pixpool.Pool[int]
	scratchBool pixpool.Pool[bool]
)

// blockThresholds returns the threshold of every block, row by row: a pixel
// is dark when its luminance is below its block's threshold. The caller
// hands the thresholds back to scratch8 when done.
func blockThresholds(g *image.Gray) []uint8 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	hist := sampledHistogram(g)
	contrast := minContrast(&hist)
	bw := (w + blockSize - 1) >> blockShift
	bh := (h + blockSize - 1) >> blockShift

	// Block extremes, one block row at a time. Whole blocks take their
	// eight pixels as a tree of independent comparisons, on ints because
	// the compiler makes those branch-free (it branches on uint8).
	lo, hi := scratch8.Get(bw*bh), scratch8.Get(bw*bh)
	defer scratch8.Put(lo)
	defer scratch8.Put(hi)
	rowLo := make([]int, bw)
	rowHi := make([]int, bw)
	whole := w >> blockShift // blocks with all blockSize columns
	for by := 0; by < bh; by++ {
		for i := range rowLo {
			rowLo[i], rowHi[i] = 255, 0
		}
		for y := by << blockShift; y < min((by+1)<<blockShift, h); y++ {
			line := row(g, y)
			for bx := 0; bx < whole; bx++ {
				p := (*[blockSize]uint8)(line[bx<<blockShift:])
				a, b, c, d := int(p[0]), int(p[1]), int(p[2]), int(p[3])
				e, f, g, h := int(p[4]), int(p[5]), int(p[6]), int(p[7])
				mn := min(min(min(a, b), min(c, d)), min(min(e, f), min(g, h)))
				mx := max(max(max(a, b), max(c, d)), max(max(e, f), max(g, h)))
				rowLo[bx] = min(rowLo[bx], mn)
				rowHi[bx] = max(rowHi[bx], mx)
			}
			if whole < bw {
				for _, v := range line[whole<<blockShift:] {
					rowLo[whole] = min(rowLo[whole], int(v))
					rowHi[whole] = max(rowHi[whole], int(v))
				}
			}
		}
		for bx := range rowLo {
			lo[by*bw+bx], hi[by*bw+bx] = uint8(rowLo[bx]), uint8(rowHi[bx])
		}
	}

	// Summed-area tables over the block grid of the midpoint sums
	// (lo+hi, twice the midpoint) and counts of textured blocks, with a
	// zero first row and column.
	sw := bw + 1
	sumMid, sumN := scratchInt.Get(sw*(bh+1)), scratchInt.Get(sw*(bh+1))
	defer scratchInt.Put(sumMid)
	defer scratchInt.Put(sumN)
	clear(sumMid[:sw])
	clear(sumN[:sw])
	for by := 0; by < bh; by++ {
		sumMid[(by+1)*sw], sumN[(by+1)*sw] = 0, 0
		rowMid, rowN := 0, 0
		for bx := 0; bx < bw; bx++ {
			b := by*bw + bx
			if int(hi[b])-int(lo[b]) >= contrast {
				rowMid += int(lo[b]) + int(hi[b])
				rowN++
			}
			i := (by+1)*sw + bx + 1
			sumMid[i] = sumMid[i-sw] + rowMid
			sumN[i] = sumN[i-sw] + rowN
		}
	}

	thr := scratch8.Get(bw * bh)
	textured := scratchBool.Get(bw * bh)
	defer scratchBool.Put(textured)
	for by := 0; by < bh; by++ {
		y0, y1 := max(by-blockRadius, 0), min(by+blockRadius+1, bh)
		for bx := 0; bx < bw; bx++ {
			b := by*bw + bx
			if int(hi[b])-int(lo[b]) < contrast {
				textured[b] = false
				continue
			}
			x0, x1 := max(bx-blockRadius, 0), min(bx+blockRadius+1, bw)
			s := sumMid[y1*sw+x1] - sumMid[y0*sw+x1] - sumMid[y1*sw+x0] + sumMid[y0*sw+x0]
			n := sumN[y1*sw+x1] - sumN[y0*sw+x1] - sumN[y1*sw+x0] + sumN[y0*sw+x0]
			thr[b] = uint8((s + n) / (2 * n)) // mean midpoint, rounded
			textured[b] = true
		}
	}

	// Flat blocks. The nearest ring holding textured blocks is also the
	// smallest square window holding any (the smaller windows being empty),
	// so a summed-area table of the textured thresholds finds it in O(1)
	// per ring. sumMid and sumN are reused for it.
	for by := 0; by < bh; by++ {
		rowT, rowN := 0, 0
		for bx := 0; bx < bw; bx++ {
			b := by*bw + bx
			if textured[b] {
				rowT += int(thr[b])
				rowN++
			}
			i := (by+1)*sw + bx + 1
			sumMid[i] = sumMid[i-sw] + rowT
			sumN[i] = sumN[i-sw] + rowN
		}
	}
	global := -1 // computed on first need
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			b := by*bw + bx
			if textured[b] {
				continue
			}
			found := false
			for d := 1; d <= fillRadius; d++ {
				x0, x1 := max(bx-d, 0), min(bx+d+1, bw)
				y0, y1 := max(by-d, 0), min(by+d+1, bh)
				n := sumN[y1*sw+x1] - sumN[y0*sw+x1] - sumN[y1*sw+x0] + sumN[y0*sw+x0]
				if n > 0 {
					s := sumMid[y1*sw+x1] - sumMid[y0*sw+x1] - sumMid[y1*sw+x0] + sumMid[y0*sw+x0]
					thr[b] = uint8((2*s + n) / (2 * n)) // mean, rounded
					found = true
					break
				}
			}
			if found {
				continue
			}
			if global < 0 {
				global = 0 // all light when the image is blank
				if t, ok := globalLevel(&hist); ok {
					global = t
				}
			}
			thr[b] = uint8(global)
		}
	}
	return thr
}

// sampledHistogram counts the luminance of every fourth pixel of every
// fourth row of g: enough to place the global level, at a sixteenth of the
// cost.
func sampledHistogram(g *image.Gray) (hist [256]int) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	for y := 0; y < h; y += 4 {
		line := row(g, y)
		for x := 0; x < w; x += 4 {
			hist[line[x]]++
		}
	}
	return hist
}
