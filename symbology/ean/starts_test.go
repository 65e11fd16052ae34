package ean

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
	for i := 1; i+2 < r.Len(); i += 2 {
		bars = append(bars, i)
	}
	return bars
}

// runs returns the element widths of modules ('#' dark), light first.
func runs(mods []bool) []float64 {
	var w []float64
	dark, run := false, 0.0
	for _, m := range mods {
		if m != dark {
			w = append(w, run)
			dark, run = m, 0
		}
		run++
	}
	return append(w, run)
}

// TestStartsKeepHits checks that decodeRow, which tries a symbol only at
// the bars Row.Starts gives, reads what trying every bar reads. First a
// symbol at the edge of what the decoder accepts, whose Starts test is
// tightest: a quiet zone of just quietModules before a guard of one
// module, and digits 1.34 times as wide as the guard's modules (charRatio
// allows 1.35), the first of them 3211, whose first three elements are
// the widest a digit has; its quiet zone is 2.72 times the mean of its
// first six elements. Then every row of written symbols at several sizes
// and quiet zones, of photographs, and of images without symbols.
func TestStartsKeepHits(t *testing.T) {
	const px = 4.0
	w := runs(modulesOf(t, "ean13", "000000000000"))
	if w[0] != 0 {
		t.Fatalf("modules start light: %v", w)
	}
	for i := 4; i < len(w); i++ {
		w[i] *= 1.34
	}
	// Print, the quiet zone, then the guard's 1, 1, 1 and the digits.
	w = append([]float64{10, 2, 3, 2, quietModules}, append(w[1:], 12)...)
	for i := range w {
		w[i] *= px
	}
	edge := linear.NewRow(w)
	if hits := decodeRow(edge, nil); len(hits) != 1 || hits[0].Text != "0000000000000" {
		t.Errorf("symbol with the least quiet zone: %+v", hits)
	}

	var rows []*linear.Row
	rows = append(rows, edge)
	for _, c := range goldenCases {
		sym, err := writers[c.id](c.data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		mods := moduleString(sym)
		for _, size := range []int{1, 2, 3} {
			for _, quiet := range []int{0, 3, 5, 7, 12} {
				rows = append(rows, drawModules(mods, size, quiet))
			}
		}
	}
	for _, scene := range []lineartest.Scene{
		{Width: 400, Height: 40, Modules: modulesOf(t, "ean13", "978073520044"), Module: 2.5, Quiet: 6, Blur: 1, Noise: 4, Shade: 40, Background: 90},
		{Width: 300, Height: 40, Modules: modulesOf(t, "upce", "0123456"), Module: 1.6, Quiet: 5, Blur: 0.8, Noise: 6, Background: 200},
	} {
		g := scene.Render()
		for y := 0; y < g.Rect.Dy(); y += 3 {
			rows = append(rows, linear.RowOf(g.Pix[y*g.Stride:y*g.Stride+g.Rect.Dx()]))
		}
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
	if read < len(goldenCases)*10 {
		t.Errorf("%d symbols read in %d rows: the rows no longer test much", read, len(rows))
	}
	t.Logf("%d rows, %d symbols", len(rows), read)
}
