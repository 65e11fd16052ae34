package datamatrix

import (
	"image"
	"math"
	"slices"

	"github.com/barkit/barkit/internal/pixpool"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// This file decodes grids sampled from the luminance plane with the
// certainty of each module: a module whose luminance is near the threshold
// may be wrong, and a codeword that holds one can be handed to the
// Reed–Solomon decoder as an erasure, which costs half of an error
// (2·errors + erasures ≤ check codewords).

// sums holds thresholdSoft's summed-area tables from one grid to the next.
var sums pixpool.Pool[int]

// thresholdSoft binarizes a grid of module luminances against the mean of
// the modules within radius of each (clipped at the edges), as
// detect.ThresholdModules does, and returns with it each module's distance
// from its threshold.
func thresholdSoft(g *image.Gray, radius int) (*matrix.Matrix, []float64) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	m := matrix.New(w, h)
	conf := make([]float64, w*h)
	sw := w + 1
	sat := sums.Zeroed(sw * (h + 1)) // summed-area table with a zero border
	defer sums.Put(sat)
	for y := range h {
		row := 0
		for x := range w {
			row += int(g.Pix[y*g.Stride+x])
			sat[(y+1)*sw+x+1] = sat[y*sw+x+1] + row
		}
	}
	for y := range h {
		y0, y1 := max(y-radius, 0), min(y+radius+1, h)
		for x := range w {
			x0, x1 := max(x-radius, 0), min(x+radius+1, w)
			sum := sat[y1*sw+x1] - sat[y0*sw+x1] - sat[y1*sw+x0] + sat[y0*sw+x0]
			n := (x1 - x0) * (y1 - y0)
			v := float64(g.Pix[y*g.Stride+x])
			mean := float64(sum) / float64(n)
			m.Pix[y*w+x] = v < mean
			conf[y*w+x] = math.Abs(v - mean)
		}
	}
	return m, conf
}

// erasureShares are the shares of each block's check codewords tried as
// erasures, the least certain codewords first: a few wrong guesses among
// them cost nothing more than the errors they replace.
var erasureShares = [...]float64{0.25, 0.5, 0.75}

// keepCheck is the number of check codewords of a block that erasures must
// leave unused. Every erasure spends one, and a block decoded with few
// left would pass for a codeword by chance: with 10 left, a block of
// random codewords decodes wrongly less than once in a million.
const keepCheck = 10

// decodeSoft decodes a grid whose modules have certainties conf (row by
// row), taking the least certain codewords as erasures. It reads the grid
// straight or mirrored as Decode does.
func decodeSoft(m *matrix.Matrix, conf []float64) (symbology.Barcode, bool) {
	if len(conf) != len(m.Pix) {
		return symbology.Barcode{}, false
	}
	mirrored := false
	i, ok := sizeIndex(m.Height, m.Width)
	if !ok {
		if i, ok = sizeIndex(m.Width, m.Height); !ok {
			return symbology.Barcode{}, false
		}
		m = flipL(m)
		conf = flipConf(conf, m.Width, m.Height)
		mirrored = true
	}
	l := layoutOf(i)
	n := len(l.pos) / 8
	words := make([]byte, n)
	wconf := make([]float64, n)
	for k := range words {
		var c byte
		lo := math.Inf(1)
		for _, p := range l.pos[8*k : 8*k+8] {
			c <<= 1
			if m.Pix[p] {
				c |= 1
			}
			lo = math.Min(lo, conf[p])
		}
		words[k], wconf[k] = c, lo
	}
	s := l.size
	nb := s.Blocks
	ecPer := s.EC / nb
	if ecPer <= keepCheck {
		return symbology.Barcode{}, false
	}
	// The codewords of each block, least certain first. Codeword i is in
	// block i mod nb (the check codewords of the 144×144 symbol may be
	// dealt otherwise; then the choice is only less apt).
	blocks := make([][]int, nb)
	for k := range n {
		blocks[k%nb] = append(blocks[k%nb], k)
	}
	for _, b := range blocks {
		slices.SortStableFunc(b, func(a, c int) int {
			switch {
			case wconf[a] < wconf[c]:
				return -1
			case wconf[a] > wconf[c]:
				return 1
			}
			return 0
		})
	}
	erased := make([]bool, n)
	buf := make([]byte, n)
	for _, share := range erasureShares {
		clear(erased)
		k := min(int(share*float64(ecPer)), ecPer-keepCheck)
		for _, b := range blocks {
			for _, c := range b[:min(k, len(b))] {
				erased[c] = true
			}
		}
		copy(buf, words)
		if bc, err := decodeWords(s, buf, erased); err == nil {
			bc.Mirrored = mirrored
			return bc, true
		}
		if k == ecPer-keepCheck {
			break
		}
	}
	return symbology.Barcode{}, false
}

// flipConf reorders per-module values of a W×H grid as flipL reorders its
// modules; w and h are the dimensions after flipping (H×W).
func flipConf(conf []float64, w, h int) []float64 {
	// flipL: f[y*h'+x] = m[(h-1-x)*w+(w-1-y)] with the original w×h; here
	// the result is w×h = (original height)×(original width).
	ow, oh := h, w
	out := make([]float64, len(conf))
	for y := range h {
		for x := range w {
			out[y*w+x] = conf[(oh-1-x)*ow+(ow-1-y)]
		}
	}
	return out
}
