package telepen

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

// read reads src for telepen, as a scan for it does.
func read(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	opts.IDs = []string{"telepen"}
	got, err := symbology.Read(context.Background(), src, opts)
	if err != nil {
		panic(err)
	}
	return got
}

// payload is data to write, in alpha or numeric mode.
type payload struct {
	data    string
	numeric bool
}

// ident returns the symbology identifier a payload reads with.
func (p payload) ident() string {
	if p.numeric {
		return "]B1"
	}
	return "]B0"
}

// payloads returns n payloads from a fixed seed: ASCII text of 1 to 30
// characters, and pairs of digits, the last pair sometimes a digit and X.
func payloads(n int) []payload {
	rng := rand.New(rand.NewPCG(1972, 127))
	out := []payload{{"TELEPEN", false}, {"1A", false}, {"TELEPEN BARCODE", false}, {"01234567", true}, {"0123456X", true},
		{"Telepen alpha: ~!@#", false}, {"\x00\x10\x7f\t", false}, {"99", true}, {"5566778899", true}}
	for len(out) < n {
		var b strings.Builder
		if len(out)%3 == 0 {
			for range 1 + rng.IntN(15) {
				b.WriteString(string(rune('0' + rng.IntN(10))))
				b.WriteString(string(rune('0' + rng.IntN(10))))
			}
			s := b.String()
			if rng.IntN(3) == 0 {
				s = s[:len(s)-1] + "X"
			}
			out = append(out, payload{s, true})
			continue
		}
		for range 1 + rng.IntN(30) {
			b.WriteByte(byte(rng.IntN(128)))
		}
		if _, err := Encode(b.String(), Options{}); err == nil { // not the rare text no symbol holds unambiguously
			out = append(out, payload{b.String(), false})
		}
	}
	return out
}

// writeP writes a payload with the registry's writer.
func writeP(p payload) (*symbology.Symbol, error) {
	var o symbology.WriteOptions
	if p.numeric {
		o.Version = numericVersion
	}
	return write(p.data, o)
}

// TestRoundTrip writes every payload, renders it at module sizes of 1 to 4
// pixels, with the standard quiet zone and with none, with and without
// human-readable text, turned by each quarter turn, and reads it back.
func TestRoundTrip(t *testing.T) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range payloads(150) {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sym, err := writeP(p)
			if err != nil {
				t.Errorf("%q: %v", p.data, err)
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
				t.Errorf("%+v %+v fast %v: read %d symbols", p, opts, fast, len(got))
				return
			}
			b := got[0]
			if b.Text != p.data || b.Identifier != p.ident() || b.Orientation != opts.Rotate {
				t.Errorf("%+v %+v: read %q %s orientation %d", p, opts, b.Text, b.Identifier, b.Orientation)
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
		{"sharp", "TELEPEN", lineartest.Scene{Module: 2}},
		{"small", "Telepen 1.5", lineartest.Scene{Module: 1.5, Blur: 0.5}},
		{"blurred, noisy", "BK-2024/17", lineartest.Scene{Module: 2.5, Blur: 1, Noise: 4, Shade: 50}},
		{"tilted", "1234567890", lineartest.Scene{Module: 2.5, Angle: -8, Tilt: 0.2, Blur: 0.8}},
		{"ink spread", "INK SPREAD", lineartest.Scene{Module: 2.5, InkSpread: 0.25, Blur: 0.6}},
		{"vertical", "VERTICAL", lineartest.Scene{Module: 2, Angle: 90, Blur: 0.8}},
		{"upside down", "UPSIDE DOWN", lineartest.Scene{Module: 2, Angle: 180, Blur: 0.8}},
	} {
		m, err := Encode(c.data, Options{})
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
