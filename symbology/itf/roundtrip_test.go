package itf

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// read reads src for the given ids (itf and itf14 when none).
func read(src *binarize.Source, opts symbology.ReadOptions, ids ...string) []symbology.Barcode {
	opts.IDs = ids
	if len(ids) == 0 {
		opts.IDs = []string{"itf", "itf14"}
	}
	got, err := symbology.Read(context.Background(), src, opts)
	if err != nil {
		panic(err)
	}
	return got
}

// payload is data to write with one of the writers, and what a scan for
// both ids reads back.
type payload struct {
	id, data, ecLevel string
	readID, text      string // the id and text a scan for both ids reads
	ident             string
}

// payloads returns n payloads from a fixed seed: ITF of 6 to 40 digits,
// with and without the check digit, and ITF-14 of 13 and 14 digits.
func payloads(n int) []payload {
	rng := rand.New(rand.NewPCG(25, 14))
	digitsOf := func(k int) string {
		b := make([]byte, k)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
		}
		return string(b)
	}
	out := []payload{
		{id: "itf", data: "123456"}, {id: "itf", data: "0053611912"}, {id: "itf", data: "00123456"},
		{id: "itf", data: "12345", ecLevel: "check"}, {id: "itf14", data: "1540014128876"}, {id: "itf14", data: "30712345000010"},
	}
	for len(out) < n {
		switch len(out) % 3 {
		case 0:
			out = append(out, payload{id: "itf", data: digitsOf(6 + 2*rng.IntN(18))})
		case 1:
			out = append(out, payload{id: "itf", data: digitsOf(5 + 2*rng.IntN(18)), ecLevel: "check"})
		default:
			d := digitsOf(13)
			if rng.IntN(2) == 0 {
				d += string(gs1Check(d))
			}
			out = append(out, payload{id: "itf14", data: d})
		}
	}
	for i := range out {
		p := &out[i]
		sym, err := write(p.id, p.data, p.ecLevel)
		if err != nil {
			panic(err)
		}
		p.readID, p.text, p.ident = p.id, sym.Text, "]I0"
		if checked(p.text) {
			p.ident = "]I1"
		}
		if len(p.text) == 14 && checked(p.text) {
			p.readID = "itf14" // an ITF symbol that holds an ITF-14's digits
		}
	}
	return out
}

// write writes data with the registry's writer of id.
func write(id, data, ecLevel string) (*symbology.Symbol, error) {
	info, _ := symbology.Lookup(id)
	return info.Write(data, symbology.WriteOptions{ECLevel: ecLevel})
}

// TestRoundTrip writes every payload, renders it at module sizes of 1 to 4
// pixels, with the standard quiet zone and with none, with and without
// human-readable text, turned by each quarter turn, and reads it back.
// ITF-14 symbols come framed by their bearer bars, the quiet zones inside.
func TestRoundTrip(t *testing.T) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range payloads(150) {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sym, err := write(p.id, p.data, p.ecLevel)
			if err != nil {
				t.Errorf("%s %q: %v", p.id, p.data, err)
				return
			}
			opts := render.Options{Scale: 1 + i%4, NoMargin: i%5 == 2, HRT: i%3 == 0, BarHeight: 10 + 5*(i%4), Rotate: 90 * (i / 4 % 4)}
			img, err := render.Image(sym, opts)
			if err != nil {
				t.Errorf("%q: render: %v", p.data, err)
				return
			}
			fast := opts.Rotate%180 == 0 && i%2 == 0
			got := read(binarize.NewSource(img), symbology.ReadOptions{Fast: fast})
			if len(got) != 1 {
				t.Errorf("%s %q %+v fast %v: read %d symbols", p.id, p.data, opts, fast, len(got))
				return
			}
			b := got[0]
			if b.Symbology != p.readID || b.Text != p.text || b.Identifier != p.ident || b.Orientation != opts.Rotate {
				t.Errorf("%s %q %+v: read %s %q %s orientation %d, want %s %q %s", p.id, p.data, opts, b.Symbology, b.Text, b.Identifier, b.Orientation, p.readID, p.text, p.ident)
			}
		}()
	}
	wg.Wait()
}

// TestReadLabel reads synthetic photographs of labels, and ITF-14 with
// and without bearer bars.
func TestReadLabel(t *testing.T) {
	for _, c := range []struct {
		name  string
		data  string
		scene lineartest.Scene
	}{
		{"sharp", "12345678", lineartest.Scene{Module: 2}},
		{"small", "1234567890", lineartest.Scene{Module: 1.5, Blur: 0.5}},
		{"blurred, noisy", "00123456789012", lineartest.Scene{Module: 2.5, Blur: 1, Noise: 4, Shade: 50}},
		{"tilted", "1234567890", lineartest.Scene{Module: 3, Angle: -8, Tilt: 0.2, Blur: 0.8}},
		{"ink spread", "98765432", lineartest.Scene{Module: 3, InkSpread: 0.25, Blur: 0.6}},
		{"vertical", "246813", lineartest.Scene{Module: 2.5, Angle: 90, Blur: 0.8}},
		{"upside down", "135792", lineartest.Scene{Module: 2.5, Angle: 180, Blur: 0.8}},
	} {
		m, err := Encode(c.data)
		if err != nil {
			t.Fatal(err)
		}
		s := c.scene
		s.Width, s.Height, s.Modules, s.Quiet, s.BarHeight, s.Background = 640, 480, m.Pix, 10, 80, 100
		got := read(binarize.NewSource(s.Render()), symbology.ReadOptions{}, "itf")
		if len(got) != 1 || got[0].Text != c.data {
			t.Errorf("%s: read %v", c.name, got)
		}
	}
}
