package code39

import (
	"math/rand/v2"
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
	for i := 1; i+charLen < r.Len(); i += 2 {
		bars = append(bars, i)
	}
	return bars
}

// TestStartsKeepHits checks that decodeRow, which tries a symbol only at
// the bars Row.Starts gives, reads what trying every bar reads. First a
// symbol with just the quiet zone the decoder asks for, quietNarrow, after
// some print, at wide to narrow ratios of 2 and 3.5: its quiet zone is
// 3 and 2.2 times the mean of the six elements of its start character,
// the tightest case of the Starts test. Then every row of written symbols
// at several sizes and quiet zones, of photographs, and of images without
// symbols.
func TestStartsKeepHits(t *testing.T) {
	var rows []*linear.Row
	for _, ratio := range []float64{2, 3.5} {
		var w []float64
		for _, c := range "*CODE 39*" {
			for k, e := range chars[value[c]-1].pattern {
				if k == 0 && len(w) > 0 {
					w = append(w, 1) // the gap
				}
				if e == 'w' {
					w = append(w, ratio)
				} else {
					w = append(w, 1)
				}
			}
		}
		w = append([]float64{10, 2, 3, 2, quietNarrow}, w...)
		w = append(w, quietNarrow)
		edge := linear.NewRow(w)
		if hits := decodeRow(edge, nil); len(hits) != 1 || hits[0].Text != "CODE 39" {
			t.Errorf("ratio %v: symbol with the least quiet zone: %+v", ratio, hits)
		}
		rows = append(rows, edge)
	}
	for _, p := range payloads(24) {
		sym, err := write(p.id, p.data, p.ecLevel)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []float64{1, 2, 2.5} {
			r := rowOf(sym.Modules.Pix, size)
			for _, quiet := range []float64{0.5, 4, 12} {
				w := slices.Clone(r.W)
				w[0], w[len(w)-1] = quiet*size, quiet*size
				rows = append(rows, linear.NewRow(append([]float64{8, 1, 2, 1}, w...)))
			}
		}
	}
	m, _ := Encode("LABEL 2024", Options{})
	g := lineartest.Scene{Width: 400, Height: 40, Modules: m.Pix, Module: 2, Quiet: 6, Blur: 1, Noise: 4, Shade: 40, Background: 90}.Render()
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

// TestStartTest checks that the quick test of the start character,
// maybeStart, rejects nothing char reads as '*': on random characters near
// the start character's pattern, every one char reads as '*' passes it.
func TestStartTest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	star := chars[startStop].pattern
	passed := 0
	for range 200000 {
		var e [charLen]float64
		ratio := 1 + 2.5*rng.Float64()
		for k := range e {
			e[k] = 1
			if star[k] == 'w' {
				e[k] = ratio
			}
			e[k] *= 0.6 + 0.8*rng.Float64()
		}
		quick := maybeStart(e[:])
		c, _, ok := char(e[:])
		if ok && c == '*' {
			passed++
			if !quick {
				t.Fatalf("%v reads as '*' but fails the quick test", e)
			}
		}
	}
	if passed < 1000 {
		t.Errorf("only %d of the random characters read as '*'", passed)
	}
}
