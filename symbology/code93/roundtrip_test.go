package code93

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// read reads src for code93, as a scan for it does.
func read(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	opts.IDs = []string{"code93"}
	got, err := symbology.Read(context.Background(), src, opts)
	if err != nil {
		panic(err)
	}
	return got
}

// payloads returns n payloads from a fixed seed: Code 93's own characters,
// and any ASCII text (controls, lower case, punctuation), 1 to 30
// characters.
func payloads(n int) []string {
	rng := rand.New(rand.NewPCG(93, 47))
	out := []string{"CODE 93", "1234567890", "DATA", "Code 93 Full ASCII!", "\x00\x7f\t\r\n", "a", "$%/+ -."}
	for len(out) < n {
		var b strings.Builder
		for range 1 + rng.IntN(30) {
			if len(out)%2 == 0 {
				b.WriteByte(letters[rng.IntN(len(letters))])
			} else {
				b.WriteByte(byte(rng.IntN(128)))
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestRoundTrip writes every payload, renders it at module sizes of 1 to 4
// pixels, with the standard quiet zone and with none, with and without
// human-readable text, turned by each quarter turn, and reads it back.
func TestRoundTrip(t *testing.T) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, data := range payloads(150) {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sym, err := write(data, symbology.WriteOptions{})
			if err != nil {
				t.Errorf("%q: %v", data, err)
				return
			}
			opts := render.Options{Scale: 1 + i%4, NoMargin: i%5 == 2, HRT: i%3 == 0, BarHeight: 10 + 5*(i%4), Rotate: 90 * (i / 4 % 4)}
			img, err := render.Image(sym, opts)
			if err != nil {
				t.Errorf("%q: render: %v", data, err)
				return
			}
			fast := opts.Rotate%180 == 0 && i%2 == 0
			got := read(binarize.NewSource(img), symbology.ReadOptions{Fast: fast})
			if len(got) != 1 {
				t.Errorf("%q %+v fast %v: read %d symbols", data, opts, fast, len(got))
				return
			}
			b := got[0]
			if b.Text != data || b.Identifier != "]G0" || b.Orientation != opts.Rotate {
				t.Errorf("%q %+v: read %q %s orientation %d", data, opts, b.Text, b.Identifier, b.Orientation)
			}
		}()
	}
	wg.Wait()
}

// TestReadLabel reads synthetic photographs of labels.
func TestReadLabel(t *testing.T) {
	for _, c := range []struct {
		name  string
		data  string
		scene lineartest.Scene
	}{
		{"sharp", "CODE 93", lineartest.Scene{Module: 2}},
		{"small", "Code 93 at 1.5", lineartest.Scene{Module: 1.5, Blur: 0.5}},
		{"blurred, noisy", "BK-2024-0042/17", lineartest.Scene{Module: 2.5, Blur: 1, Noise: 4, Shade: 50}},
		{"tilted", "1234567890", lineartest.Scene{Module: 3, Angle: -8, Tilt: 0.2, Blur: 0.8}},
		{"ink spread", "INK SPREAD", lineartest.Scene{Module: 3, InkSpread: 0.25, Blur: 0.6}},
		{"vertical", "VERTICAL 90", lineartest.Scene{Module: 2.5, Angle: 90, Blur: 0.8}},
		{"upside down", "UPSIDE DOWN", lineartest.Scene{Module: 2.5, Angle: 180, Blur: 0.8}},
	} {
		m, err := Encode(c.data)
		if err != nil {
			t.Fatal(err)
		}
		s := c.scene
		s.Width, s.Height, s.Modules, s.Quiet, s.BarHeight, s.Background = 640, 480, m.Pix, 10, 80, 100
		got := read(binarize.NewSource(s.Render()), symbology.ReadOptions{})
		if len(got) != 1 || got[0].Text != c.data {
			t.Errorf("%s: read %v", c.name, got)
		}
	}
}
