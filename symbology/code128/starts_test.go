package code128

import (
	"slices"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// everyBar returns the bars of r: where decodeRow would try a symbol
// without Row.Starts.
func everyBar(r *linear.Row) []int {
	var bars []int
	for i := 1; i+6 < r.Len(); i += 2 {
		bars = append(bars, i)
	}
	return bars
}

// TestStartsKeepHits checks that decodeRow, which tries a symbol only at
// the bars Row.Starts gives, reads what trying every bar reads. First a
// symbol with just the quiet zone the decoder asks for, quietModules,
// after some print: its quiet zone is 2.73 times the mean of the six
// elements of its start character, the tightest case of the Starts test.
// Then every row of written symbols at several sizes and quiet zones, of
// photographs, and of images without symbols.
func TestStartsKeepHits(t *testing.T) {
	sym, err := write("Code 128", symbology.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const px = 3.0
	full := rowOf(sym.Modules.Pix, px)
	w := append([]float64{10 * px, 2 * px, 3 * px, 2 * px, quietModules * px}, full.W[1:]...)
	edge := linear.NewRow(w)
	if hits := decodeRow(edge, nil); len(hits) != 1 || hits[0].Text != "Code 128" {
		t.Errorf("symbol with the least quiet zone: %+v", hits)
	}

	rows := []*linear.Row{edge}
	for _, p := range payloads(24) {
		sym, err := write(p.data, symbology.WriteOptions{GS1: p.gs1})
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []float64{1, 2, 2.5} {
			r := rowOf(sym.Modules.Pix, size)
			for _, quiet := range []float64{0.5, 5, 12} {
				w := slices.Clone(r.W)
				w[0], w[len(w)-1] = quiet*size, quiet*size
				rows = append(rows, linear.NewRow(append([]float64{8, 1, 2, 1}, w...)))
			}
		}
	}
	g := lineartest.Scene{Width: 400, Height: 40, Modules: sym.Modules.Pix, Module: 2, Quiet: 6, Blur: 1, Noise: 4, Shade: 40, Background: 90}.Render()
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
