package linear

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// profileOf draws elements of the given widths in pixels (light first) by
// area sampling: each pixel takes the share of dark it covers, so edges
// fall between pixels with sub-pixel precision.
func profileOf(widths []float64, dark, light float64) []uint8 {
	var edges []float64
	x := 0.0
	for _, w := range widths {
		x += w
		edges = append(edges, x)
	}
	n := int(math.Ceil(x))
	out := make([]uint8, n)
	for px := 0; px < n; px++ {
		cover := 0.0 // dark share of [px, px+1)
		start := 0.0
		for i, e := range edges {
			if i%2 == 1 { // element i is a bar from start to e
				lo, hi := math.Max(start, float64(px)), math.Min(e, float64(px+1))
				if hi > lo {
					cover += hi - lo
				}
			}
			start = e
		}
		out[px] = uint8(math.Round(light - (light-dark)*cover))
	}
	return out
}

// TestRowOfSharp cuts sharp profiles at whole and fractional pixel widths:
// every element comes back within 0.2 pixel (linear interpolation between
// area-sampled pixels is off by up to a tenth of a pixel at each edge).
func TestRowOfSharp(t *testing.T) {
	for _, widths := range [][]float64{
		{10, 1, 1, 1, 1, 2, 3, 4, 10},
		{10.5, 2.25, 1.75, 3.5, 2.5, 1.5, 10},
		{8, 3.3, 3.3, 6.6, 3.3, 9.9, 8},
	} {
		r := RowOf(profileOf(widths, 20, 230))
		if len(r.W) != len(widths) {
			t.Errorf("%v: %d elements %v", widths, len(r.W), r.W)
			continue
		}
		for i, w := range widths[1 : len(widths)-1] {
			if math.Abs(r.W[i+1]-w) > 0.2 {
				t.Errorf("%v: element %d is %.3f", widths, i+1, r.W[i+1])
			}
		}
	}
}

// TestRowOfDarkEnds checks the zero-width spaces of lines that start or end
// dark, and a line without edges.
func TestRowOfDarkEnds(t *testing.T) {
	r := RowOf([]uint8{0, 0, 0, 255, 255, 255, 0, 0})
	if len(r.W) != 5 || r.W[0] != 0 || r.W[4] != 0 || r.Pos[5] != 8 {
		t.Errorf("dark ends: %v at %v", r.W, r.Pos)
	}
	r = RowOf([]uint8{100, 101, 100, 99})
	if len(r.W) != 1 || r.W[0] != 4 {
		t.Errorf("flat line: %v", r.W)
	}
	if r := RowOf(nil); len(r.W) != 1 || r.W[0] != 0 {
		t.Errorf("empty line: %v", r.W)
	}
}

// TestEdgesBlurred draws one- to four-module elements at 2.5 pixels per
// module, blurred by 0.4 of a module, as a camera slightly out of focus
// sees them: each must come back within 0.3 of a module of its width. (The
// thin elements right after the quiet zone read widest: the local contrast
// there holds the quiet zone's white but no full black.)
func TestEdgesBlurred(t *testing.T) {
	modules := []int{1, 1, 1, 2, 1, 3, 1, 4, 2, 2, 3, 1, 1, 3, 4, 1, 2, 1, 1, 1, 2}
	var mods []bool
	for i, n := range modules {
		for range n {
			mods = append(mods, i%2 == 0)
		}
	}
	const px = 2.5
	g := lineartest.Scene{Width: 200, Height: 9, Modules: mods, Module: px, Quiet: 10, BarHeight: 40, Blur: 0.4 * px, Background: 220}.Render()
	r := RowOf(g.Pix[4*g.Stride : 5*g.Stride])
	if len(r.W) != len(modules)+2 {
		t.Fatalf("%d elements: %v", len(r.W), r.W)
	}
	for i, n := range modules {
		if got := r.W[i+1] / px; math.Abs(got-float64(n)) > 0.3 {
			t.Errorf("element %d of %d modules measures %.2f", i, n, got)
		}
	}
}

// TestEdgesNoise checks that noise of the strength of a phone camera's in
// dim light (a standard deviation of 2.5 grey levels in the mean of three
// pixel rows) adds no edge among a symbol's bars and spaces, where the
// symbol's contrast sets the threshold, and moves none by half a pixel.
// Farther from the symbol the threshold falls to minSwing, and long
// stretches of noise may cut edges there; in one seed of 50 such an edge
// falls 7 pixels before the first bar, shortening that line's quiet zone.
func TestEdgesNoise(t *testing.T) {
	widths := []int{60, 6, 3, 12, 3, 3, 9, 6, 60}
	var edges []float64
	x := 0
	for _, w := range widths[:len(widths)-1] {
		x += w
		edges = append(edges, float64(x))
	}
	for seed := range 50 {
		rng := rand.New(rand.NewPCG(uint64(seed), 2))
		var p []uint8
		for i, w := range widths {
			for range w {
				v := 200.0
				if i%2 == 1 {
					v = 40
				}
				p = append(p, uint8(v+rng.NormFloat64()*2.5))
			}
		}
		r := RowOf(p)
		var got []float64
		for _, e := range r.Pos[1 : len(r.Pos)-1] {
			if e > edges[0]-0.5 && e < edges[len(edges)-1]+0.5 {
				got = append(got, e)
			}
		}
		if len(got) != len(edges) {
			t.Fatalf("seed %d: edges at %v, want %v", seed, got, edges)
		}
		for i, e := range got {
			if math.Abs(e-edges[i]) > 0.5 {
				t.Errorf("seed %d: edge %d at %.2f, want %v", seed, i, e, edges[i])
			}
		}
	}
}

// TestEdgesLabelBorder checks that the step from a white label to the
// light grey surface around it, next to the symbol's first and last bars,
// is no edge: the quiet zones run to the ends of the line.
func TestEdgesLabelBorder(t *testing.T) {
	var p []uint8
	for range 30 {
		p = append(p, 180) // grey surface
	}
	for range 8 {
		p = append(p, 225) // the label's margin
	}
	for _, w := range []int{3, 3, 6, 3, 3} {
		for range w {
			p = append(p, 20)
		}
		for range 3 {
			p = append(p, 225)
		}
	}
	for range 40 {
		p = append(p, 180)
	}
	r := RowOf(p)
	if len(r.W) != 11 {
		t.Fatalf("%d elements: %v", len(r.W), r.W)
	}
	if r.W[0] < 37 || r.W[10] < 42 {
		t.Errorf("the label's border cut the quiet zones: %v", r.W)
	}
}

// TestEdgesShading checks that a slow shading of the background does not
// move the edge of the first bar: the edge lies at its steep step, not
// halfway down the shading.
func TestEdgesShading(t *testing.T) {
	var p []uint8
	for i := range 40 {
		p = append(p, uint8(200-i)) // shading from 200 to 161
	}
	p = append(p, 160, 160, 20, 20, 20, 20, 160, 160, 160)
	r := RowOf(p)
	if len(r.W) != 3 || math.Abs(r.Pos[1]-42) > 0.5 {
		t.Errorf("edge at %v, want 42: %v", r.Pos, r.W)
	}
}

// TestReverseInvert checks the reversed and inverted views of a row.
func TestReverseInvert(t *testing.T) {
	r := NewRow([]float64{5, 1, 2, 3, 4})
	var rev, inv Row
	rev.reverse(r)
	if want := []float64{4, 3, 2, 1, 5}; !equal(rev.W, want) || rev.Pos[0] != 0 || rev.Pos[5] != 15 || rev.Pos[1] != 4 {
		t.Errorf("reverse: %v at %v", rev.W, rev.Pos)
	}
	inv.invert(r)
	if want := []float64{0, 5, 1, 2, 3, 4, 0}; !equal(inv.W, want) || inv.Pos[7] != 15 || len(inv.Pos) != 8 {
		t.Errorf("invert: %v at %v", inv.W, inv.Pos)
	}
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestQuiet checks the quiet-zone tests, at the line's ends, inside, and
// against a dark surround.
func TestQuiet(t *testing.T) {
	r := NewRow([]float64{2, 1, 8, 1, 3, 1, 0})
	for _, c := range []struct {
		i    int
		min  float64
		want bool
	}{{1, 50, true}, {3, 8, true}, {3, 9, false}, {5, 3, true}, {5, 4, false}} {
		if got := r.QuietBefore(c.i, c.min); got != c.want {
			t.Errorf("QuietBefore(%d, %v) = %v", c.i, c.min, got)
		}
	}
	for _, c := range []struct {
		j    int
		min  float64
		want bool
	}{{6, 50, true}, {2, 8, true}, {2, 9, false}, {7, 0, false},
		// Element 4 lies before the last bar, which runs to the line's
		// end: a dark surround, which may cut the quiet zone short.
		{4, 7, true}, {4, 8, false}} {
		if got := r.QuietAfter(c.j, c.min); got != c.want {
			t.Errorf("QuietAfter(%d, %v) = %v", c.j, c.min, got)
		}
	}
	if r.Sum(1, 3) != 10 || r.Len() != 7 {
		t.Errorf("Sum(1, 3) = %v, Len %d", r.Sum(1, 3), r.Len())
	}
}

// FuzzRowOf cuts arbitrary lines: the row must start and end with a space,
// have an odd number of elements of no negative width, and span the line.
func FuzzRowOf(f *testing.F) {
	f.Add([]byte{255, 0, 255, 0, 0, 255})
	f.Add([]byte{})
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, lum []byte) {
		if len(lum) > 1<<16 {
			return
		}
		r := RowOf(lum)
		if len(r.W)%2 != 1 || len(r.Pos) != len(r.W)+1 || r.Pos[0] != 0 || r.Pos[len(r.W)] != float64(len(lum)) {
			t.Fatalf("row %v at %v for %d pixels", r.W, r.Pos, len(lum))
		}
		for i, w := range r.W {
			if w < 0 || math.IsNaN(w) || math.Abs(r.Pos[i+1]-r.Pos[i]-w) > 1e-9 {
				t.Fatalf("element %d: %v", i, w)
			}
		}
	})
}

// TestSwingDen checks that the walks' integer comparison of swings is
// swingFraction's.
func TestSwingDen(t *testing.T) {
	if swingFraction*swingDen != 1 {
		t.Errorf("swingDen %v is not 1/swingFraction %v", swingDen, swingFraction)
	}
}

// falsePositiveProfiles returns the profiles of every fourth row and column
// of the images of the reference corpus that hold no barcode
// (falsepositives-1 and -2), with the number of pixel rows summed in each,
// and each sharpened mildly as a scan reads them again: the lines a scan
// cuts most. It skips b when the corpus is absent.
func falsePositiveProfiles(b *testing.B) (profiles [][]int32, counts []int) {
	for _, folder := range []string{"falsepositives-1", "falsepositives-2"} {
		for _, im := range corpustest.LoadFolder(b, folder) {
			s := &scanner{g: im.Lum}
			for _, f := range []family{rows(im.Lum), columns(im.Lum)} {
				s.fam = f
				s.lines, s.length = f.lines, f.length
				for c := 0; c < s.lines; c += 4 {
					s.prof = make([]int32, s.length)
					n := s.profile(c)
					s.sharpen(mildSharpen, n)
					profiles = append(profiles, s.prof, slices.Clone(s.sharp))
					counts = append(counts, n, n)
				}
			}
		}
	}
	return profiles, counts
}

// BenchmarkEdges cuts the lines of falsePositiveProfiles into elements as
// a scan of an image without a symbol does: find alone, and find followed
// by findBackward. ns/op is per line.
func BenchmarkEdges(b *testing.B) {
	profiles, rows := falsePositiveProfiles(b)
	b.Run("find", func(b *testing.B) {
		f := edgeFinder{fraction: contrastFraction, floor: minSwing}
		var r Row
		i := 0
		for b.Loop() {
			f.find(profiles[i], rows[i], &r)
			i = (i + 1) % len(profiles)
		}
	})
	b.Run("both", func(b *testing.B) {
		f := edgeFinder{fraction: contrastFraction, floor: minSwing}
		var r Row
		i := 0
		for b.Loop() {
			f.find(profiles[i], rows[i], &r)
			f.findBackward(profiles[i], rows[i], &r)
			i = (i + 1) % len(profiles)
		}
	})
}
