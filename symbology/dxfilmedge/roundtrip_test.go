package dxfilmedge

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// read reads src for dx-film-edge, as a scan for it does.
func read(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	opts.IDs = []string{"dx-film-edge"}
	got, err := symbology.Read(context.Background(), src, opts)
	if err != nil {
		panic(err)
	}
	return got
}

// payloads returns n codes from a fixed seed, with and without frame
// numbers, half frames among them.
func payloads(n int) []string {
	rng := rand.New(rand.NewPCG(135, 36))
	out := []string{"36-2/21", "80-11/23", "10-3", "115-10/11A", "1-0", "127-15/63A", "64-8/0"}
	for len(out) < n {
		c := code{product: 1 + rng.IntN(127), generation: rng.IntN(16), frame: -1}
		if rng.IntN(3) > 0 {
			c.frame, c.half = rng.IntN(64), rng.IntN(2) == 0
		}
		out = append(out, c.String())
	}
	return out
}

// TestRoundTrip writes every payload, renders it at module sizes of 1 to 4
// pixels, with the quiet zone and with none, turned by each quarter turn,
// and reads it back.
func TestRoundTrip(t *testing.T) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, data := range payloads(120) {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sym, err := write(data, symbology.WriteOptions{})
			if err != nil {
				t.Errorf("%q: %v", data, err)
				return
			}
			opts := render.Options{Scale: 1 + i%4, NoMargin: i%5 == 2, Rotate: 90 * (i / 4 % 4)}
			img, err := render.Image(sym, opts)
			if err != nil {
				t.Errorf("%q: render: %v", data, err)
				return
			}
			fast := opts.Rotate%180 == 0 && i%2 == 0
			got := read(binarize.NewSource(img), symbology.ReadOptions{Fast: fast})
			if len(got) != 1 || got[0].Text != data || got[0].Orientation != opts.Rotate {
				t.Errorf("%q %+v fast %v: read %v", data, opts, fast, got)
			}
		}()
	}
	wg.Wait()
}

// TestFilmStrip reads codes that follow each other along a strip, 2
// modules apart, as on film: each reads, without a quiet zone.
func TestFilmStrip(t *testing.T) {
	codes := []string{"36-2/20A", "36-2/21", "36-2/21A"}
	var syms []*symbology.Symbol
	w, h := 0, 0
	for _, c := range codes {
		sym, err := write(c, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		syms = append(syms, sym)
		w += sym.Modules.Width + 2
		h = sym.Modules.Height
	}
	strip := &symbology.Symbol{Symbology: "dx-film-edge", QuietZone: 5, Modules: matrix.New(w, h)}
	x := 0
	for _, s := range syms {
		for y := range h {
			copy(strip.Modules.Pix[y*w+x:], s.Modules.Pix[y*s.Modules.Width:(y+1)*s.Modules.Width])
		}
		x += s.Modules.Width + 2
	}
	img, err := render.Image(strip, render.Options{Scale: 3})
	if err != nil {
		t.Fatal(err)
	}
	got := read(binarize.NewSource(img), symbology.ReadOptions{})
	var texts []string
	for _, b := range got {
		texts = append(texts, b.Text)
	}
	if fmt.Sprint(texts) != fmt.Sprint(codes) {
		t.Errorf("read %v, want %v", texts, codes)
	}
}
