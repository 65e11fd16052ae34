package code93

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
	for i := 1; i+7 < r.Len(); i += 2 {
		bars = append(bars, i)
	}
	return bars
}

// TestStartsKeepHits checks that decodeRow, which tries a symbol only at
// the bars Row.Starts gives, reads what trying every bar reads. First a
// symbol with just the quiet zone the decoder asks for, quietModules,
// after some print: the tightest case of the Starts test. Then every row
// of written symbols at several sizes and quiet zones, of photographs,
// and of images without symbols.
func TestStartsKeepHits(t *testing.T) {
	m, _ := Encode("CODE 93")
	const px = 3.0
	full := rowOf(m.Pix, px)
	edge := linear.NewRow(append([]float64{10 * px, 2 * px, 3 * px, 2 * px, quietModules * px}, full.W[1:]...))
	if hits := decodeRow(edge, nil); len(hits) != 1 || hits[0].Text != "CODE 93" {
		t.Errorf("symbol with the least quiet zone: %+v", hits)
	}
	rows := []*linear.Row{edge}
	for _, data := range payloads(24) {
		m, err := Encode(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []float64{1, 2, 2.5} {
			r := rowOf(m.Pix, size)
			for _, quiet := range []float64{0.5, 5, 12} {
				w := slices.Clone(r.W)
				w[0], w[len(w)-1] = quiet*size, quiet*size
				rows = append(rows, linear.NewRow(append([]float64{8, 1, 2, 1}, w...)))
			}
		}
	}
	m, _ = Encode("Label 2024")
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

// TestStartTest checks that the quick test of the start character,
// maybeStart, rejects nothing char reads as the start character: on random
// characters near its pattern, every one char reads as such passes it.
func TestStartTest(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	passed := 0
	for range 200000 {
		var e [6]float64
		for k := range e {
			e[k] = float64(chars[startStop][k]-'0') * (0.6 + 0.8*rng.Float64())
		}
		v, _, ok := char(e[:], (e[0]+e[1]+e[2]+e[3]+e[4]+e[5])/charModules)
		if ok && v == startStop {
			passed++
			if !maybeStart(e[:]) {
				t.Fatalf("%v reads as the start character but fails the quick test", e)
			}
		}
	}
	if passed < 1000 {
		t.Errorf("only %d of the random characters read as the start character", passed)
	}
}
