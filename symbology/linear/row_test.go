package linear

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
)

// TestStarts checks the bars Row.Starts gives: the first; the second after
// a dark start; those after a space at least minQuiet times the mean of
// the six elements from them; none with fewer than six elements after it.
func TestStarts(t *testing.T) {
	for _, c := range []struct {
		w    []float64
		want []int
	}{
		// Bar 5 follows a space of 6.1, more than twice the mean 3 of
		// 2 4 2 4 2 4; bar 13 a space of 5.9, less than twice 3.
		{[]float64{3, 1, 1, 1, 6.1, 2, 4, 2, 4, 2, 4, 1, 5.9, 2, 4, 2, 4, 2, 4, 20}, []int{1, 5}},
		// A line that starts dark: bar 3 follows the short space
		// between the symbol and a dark surround.
		{[]float64{0, 5, 1, 1, 1, 1, 1, 1, 1, 9}, []int{1, 3}},
		// Too short for any symbol.
		{[]float64{9, 1, 1, 1, 1, 1, 9}, nil},
	} {
		r := NewRow(c.w)
		if got := r.Starts(); !slices.Equal(got, c.want) {
			t.Errorf("%v: starts %v, want %v", c.w, got, c.want)
		}
		// Computed once: a second call gives the same.
		if got := r.Starts(); !slices.Equal(got, c.want) {
			t.Errorf("%v: starts %v again, want %v", c.w, got, c.want)
		}
	}
	// On lines of noise and of small print, most bars are no start:
	// fewer than an eighth of those of noise and a quarter of those of
	// print (a twelfth and a fifth here; at a minQuiet of 1.5, a sixth
	// and a third).
	for _, c := range adversarial.Cases() {
		share := map[string]int{"noise": 8, "clutter": 4}[c.Name]
		if share == 0 {
			continue
		}
		g := binarize.Luminance(c.Make(2000, 30))
		bars, starts := 0, 0
		for y := 2; y < 30; y += 4 {
			r := RowOf(g.Pix[y*g.Stride : y*g.Stride+2000])
			bars += r.Len() / 2
			starts += len(r.Starts())
		}
		t.Logf("%s: %d starts of %d bars", c.Name, starts, bars)
		if starts*share > bars {
			t.Errorf("%s: %d starts of %d bars", c.Name, starts, bars)
		}
	}
}

// startsRef is Row.Starts written plainly, as its comment reads: the
// first bar, the second after a dark start or a quiet space, and every bar
// from the third whose space before it is at least minQuiet times the mean
// of the startSpan elements from it, while startSpan elements follow.
func startsRef(r *Row) []int {
	w, n := r.W, len(r.W)
	if n <= 1+startSpan {
		return nil
	}
	const k = minQuiet / startSpan
	s := []int{1}
	if n > 3+startSpan && (w[0] == 0 || w[2] >= k*r.Sum(3, startSpan)) {
		s = append(s, 3)
	}
	for i := 5; i+startSpan < n; i += 2 {
		if w[i-1] >= k*r.Sum(i, startSpan) {
			s = append(s, i)
		}
	}
	return s
}

// TestStartsMatchesReference checks the counting loop of Row.Starts
// against startsRef on rows of random widths, of every length up to 80
// elements, light first and dark first, and on rows of noise and print,
// reusing one row's storage as the scan does.
func TestStartsMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var r Row
	check := func(what string) {
		t.Helper()
		want := startsRef(&r)
		if got := r.Starts(); !slices.Equal(got, want) {
			t.Fatalf("%s: widths %v: starts %v, want %v", what, r.W, got, want)
		}
	}
	for n := 0; n < 80; n++ {
		for range 20 {
			pos := []float64{0}
			if rng.IntN(4) == 0 {
				pos = append(pos, 0) // starts dark
			}
			for range n {
				pos = append(pos, pos[len(pos)-1]+float64(rng.IntN(12))+rng.Float64())
			}
			if len(pos)%2 == 1 {
				pos = append(pos, pos[len(pos)-1])
			}
			r.set(pos)
			check("random")
		}
	}
	for _, c := range adversarial.Cases() {
		g := binarize.Luminance(c.Make(600, 12))
		for y := 1; y < 12; y += 2 {
			src := RowOf(g.Pix[y*g.Stride : y*g.Stride+600])
			r.set(src.Pos)
			check(c.Name)
		}
	}
}

// TestRowViews checks that the inverted row, a view of its row's storage,
// is what the row inverted by copying is, and that a row's Starts follow
// its changes.
func TestRowViews(t *testing.T) {
	src := NewRow([]float64{5, 1, 2, 3, 4, 2, 2, 1, 1, 1, 8})
	var view, rev, revView Row
	view.invert(src)
	copied := NewRow(append(append([]float64{0}, src.W...), 0))
	if !slices.Equal(view.W, copied.W) || !slices.Equal(view.Pos, copied.Pos) {
		t.Errorf("inverted view %v at %v, want %v at %v", view.W, view.Pos, copied.W, copied.Pos)
	}
	rev.reverse(src)
	revView.invert(&rev)
	var want Row
	want.reverse(&view)
	if !slices.Equal(revView.W, want.W) || !slices.Equal(revView.Pos, want.Pos) {
		t.Errorf("inverted reversed row %v at %v, want %v at %v", revView.W, revView.Pos, want.W, want.Pos)
	}
	before := slices.Clone(src.Starts())
	src.set([]float64{0, 1, 2, 3})
	if got := src.Starts(); len(got) != 0 {
		t.Errorf("starts %v of a row of three elements, before %v", got, before)
	}
}
