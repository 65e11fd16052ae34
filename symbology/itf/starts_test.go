package itf

import (
	"slices"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/symbology/linear"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// everyBar returns the bars of r: where decodeRow would try a symbol
// without Row.Starts.
func everyBar(r *linear.Row) []int {
	var bars []int
	for i := 1; i+4 < r.Len(); i += 2 {
		bars = append(bars, i)
	}
	return bars
}

// TestStartsKeepHits checks that decodeRow, which tries a symbol only at
// the bars Row.Starts gives, reads what trying every bar reads. First
// symbols with just the quiet zone the decoder asks for, quietNarrow,
// after some print, whose first pair begins with two wide elements (the
// digits 3 and 3, whose first bar and first space are wide), at wide to
// narrow ratios of 2 and 3.5: the tightest cases of the Starts test. Then
// every row of written symbols at several sizes and quiet zones, of
// photographs, and of images without symbols.
func TestStartsKeepHits(t *testing.T) {
	var rows []*linear.Row
	for _, ratio := range []float64{2, 3.5} {
		w := []float64{10, 2, 3, 2, quietNarrow, 1, 1, 1, 1}
		for _, pair := range []string{"33", "12", "90"} {
			bars, spaces := digits[pair[0]-'0'], digits[pair[1]-'0']
			for k := range 5 {
				for _, e := range []byte{bars[k], spaces[k]} {
					if e == 'w' {
						w = append(w, ratio)
					} else {
						w = append(w, 1)
					}
				}
			}
		}
		w = append(w, ratio, 1, 1, quietNarrow)
		edge := linear.NewRow(w)
		if hits := decodeRow(edge, nil); len(hits) != 1 || hits[0].Text != "331290" {
			t.Errorf("ratio %v: symbol with the least quiet zone: %+v", ratio, hits)
		}
		rows = append(rows, edge)
	}
	for _, p := range payloads(24) {
		m, err := Encode(p.text)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []float64{1, 2, 2.5} {
			r := rowOf(m.Pix, size)
			for _, quiet := range []float64{0.5, 6, 12} {
				w := slices.Clone(r.W)
				w[0], w[len(w)-1] = quiet*size, quiet*size
				rows = append(rows, linear.NewRow(append([]float64{8, 1, 2, 1}, w...)))
			}
		}
	}
	m, _ := Encode("0012345678")
	g := lineartest.Scene{Width: 400, Height: 40, Modules: m.Pix, Module: 2, Quiet: 8, Blur: 1, Noise: 4, Shade: 40, Background: 90}.Render()
	for y := 0; y < g.Rect.Dy(); y += 3 {
		rows = append(rows, linear.RowOf(g.Pix[y*g.Stride:y*g.Stride+g.Rect.Dx()]))
	}
	for _, c := range adversarial.Cases() {
		g := binarize.Luminance(c.Make(600, 12))
		for y := 0; y < 12; y += 4 {
			rows = append(rows, linear.RowOf(g.Pix[y*g.Stride:y*g.Stride+g.Rect.Dx()]))
		}
	}
	read := 0
	for k, r := range rows {
		want := decodeAtBars(r, everyBar(r), nil)
		got := decodeRow(r, nil)
		if !slices.Equal(got, want) {
			t.Errorf("row %d: at Starts %+v, at every bar %+v", k, got, want)
		}
		read += len(want)
	}
	if read < 24*6 {
		t.Errorf("%d symbols read in %d rows: the rows no longer test much", read, len(rows))
	}
	t.Logf("%d rows, %d symbols", len(rows), read)
}

// TestLength checks the length rules: a symbol of four digits reads only
// when its first and last bars are the line's (nothing else on the line);
// one of six reads after a quiet zone, with print around it.
func TestLength(t *testing.T) {
	for _, c := range []struct {
		digits  string
		cropped bool
		read    bool
	}{{"1234", false, false}, {"1234", true, true}, {"12", true, false}, {"123456", false, true}} {
		m, _ := Encode(c.digits)
		r := rowOf(m.Pix, 2)
		if c.cropped {
			w := slices.Clone(r.W)
			w[0], w[len(w)-1] = 0, 0
			r = linear.NewRow(w)
		} else {
			w := append([]float64{8, 3, 2, 3}, r.W...)
			r = linear.NewRow(append(w, 3, 8))
		}
		if got := decodeRow(r, nil); (len(got) == 1) != c.read {
			t.Errorf("%s cropped %v: read %v", c.digits, c.cropped, got)
		}
	}
}
