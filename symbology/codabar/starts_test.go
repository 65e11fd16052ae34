package codabar

import (
	"math/rand/v2"
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
	for i := 1; i+charLen < r.Len(); i += 2 {
		bars = append(bars, i)
	}
	return bars
}

// TestStartsKeepHits checks that decodeRow, which tries a symbol only at
// the bars Row.Starts gives, reads what trying every bar reads. First
// symbols with just the quiet zone the decoder asks for, quietNarrow,
// after some print, starting with A (three wide elements among its first
// six), at wide to narrow ratios of 2 and 3.5: the tightest cases of the
// Starts test. Then every row of written symbols at several sizes and
// quiet zones, of photographs, and of images without symbols.
func TestStartsKeepHits(t *testing.T) {
	var rows []*linear.Row
	for _, ratio := range []float64{2, 3.5} {
		w := []float64{10, 2, 3, 2}
		for i, c := range []byte("A1234B") {
			if i > 0 {
				w = append(w, 1)
			} else {
				w = append(w, quietNarrow)
			}
			for _, e := range []byte(pattern[c]) {
				if e == 'w' {
					w = append(w, ratio)
				} else {
					w = append(w, 1)
				}
			}
		}
		edge := linear.NewRow(append(w, quietNarrow))
		if hits := decodeRow(edge, nil); len(hits) != 1 || hits[0].Text != "A1234B" {
			t.Errorf("ratio %v: symbol with the least quiet zone: %+v", ratio, hits)
		}
		rows = append(rows, edge)
	}
	for _, data := range payloads(24) {
		sym, err := write(data, symbology.WriteOptions{})
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
	m, _ := Encode("A0944416895273A")
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
// maybeStart and NarrowWide for one wide bar and two wide spaces, rejects
// nothing char reads as A to D: on random characters near
// their patterns, every one char reads as a start character passes it.
func TestStartTest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	passed := 0
	for range 200000 {
		p := pattern['A'+rng.IntN(4)]
		var e [charLen]float64
		ratio := 1 + 2.5*rng.Float64()
		for k := range e {
			e[k] = 1
			if p[k] == 'w' {
				e[k] = ratio
			}
			e[k] *= 0.6 + 0.8*rng.Float64()
		}
		row := linear.NewRow(append([]float64{100}, e[:]...))
		quick := maybeStart(row, 1)
		if cl, ok := linear.NarrowWide(e[:], 1, 2); !ok || !isStartStop(byWide[cl.Pattern]) {
			quick = false
		}
		c, _, ok := char(e[:])
		if ok && isStartStop(c) {
			passed++
			if !quick {
				t.Fatalf("%v reads as %c but fails the quick test", e, c)
			}
		}
	}
	if passed < 1000 {
		t.Errorf("only %d of the random characters read as start characters", passed)
	}
}
