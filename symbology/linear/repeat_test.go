package linear

import (
	"context"
	"image"
	"math"
	"reflect"
	"testing"

	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// TestScanRepeat checks that a line whose profile repeats an earlier
// line's records what reading it would: on clean scenes, where most lines
// repeat, every pass records the same hits, pieces and guided hits, in the
// same order, as a scan that reads every line, and the scan the same
// results. On a noisy scene no line repeats.
func TestScanRepeat(t *testing.T) {
	var toy2 []bool
	for i, n := range []int{1, 1, 3, 3, 1, 1, 5} {
		for range n {
			toy2 = append(toy2, i%2 == 0)
		}
	}
	pieces := func(r *Row, hits []Hit) []Hit {
		for _, h := range toyDecoder(r, nil) {
			h.Piece = true
			hits = append(hits, h)
		}
		return hits
	}
	assemble := func(ps []Piece, agree int, out []Piece) []Piece {
		for _, p := range ps {
			p.Piece = false
			p.Text = "assembled"
			out = append(out, p)
		}
		return out
	}
	guide := func(r *Row, hits []Hit) []Hit {
		for _, h := range toyDecoder(r, nil) {
			h.Guide = true
			hits = append(hits, h)
		}
		return hits
	}
	guided := func(r *Row, g Hit, a, b float64, hits []Hit) []Hit {
		for _, h := range toy2Decoder(r, nil) {
			if math.Abs(r.Pos[h.Start]-a) < 6 && math.Abs(r.Pos[h.End]-b) < 6 {
				hits = append(hits, h)
			}
		}
		return hits
	}
	clean := func(angle float64, modules []bool) *image.Gray {
		return lineartest.Scene{Width: 240, Height: 120, Modules: modules, Module: 5, BarHeight: 60, Quiet: 5, Angle: angle, Background: 200}.Render()
	}
	top := lineartest.Scene{Width: 200, Height: 40, Modules: toyModules, Module: 6, BarHeight: 40, Quiet: 5, Background: 220}.Render()
	bottom := lineartest.Scene{Width: 200, Height: 40, Modules: toy2, Module: 6, BarHeight: 40, Quiet: 5, Background: 220}.Render()
	bands := image.NewGray(image.Rect(0, 0, 200, 80))
	copy(bands.Pix, top.Pix)
	copy(bands.Pix[40*bands.Stride:], bottom.Pix)
	decs := []reading{
		{dec: toyDecoder},
		{dec: toy2Decoder, noReread: true},
		{dec: pieces, assemble: assemble},
		{dec: guide, guided: guided},
	}
	for _, c := range []struct {
		name    string
		g       *image.Gray
		repeats bool
	}{
		{"toy", clean(0, toyModules), true},
		{"toy turned", clean(90, toyModules), true},
		{"toy2", clean(180, toy2), true},
		{"bands", bands, true},
		{"noisy", toyScene(0).Render(), false},
	} {
		for _, fast := range []bool{false, true} {
			s := newScanner(context.Background(), c.g, Options{Fast: fast}, decs)
			ref := newScanner(context.Background(), c.g, Options{Fast: fast}, decs)
			ref.noRepeat = true
			for _, f := range []family{rows(c.g), columns(c.g)} {
				s.pass(f)
				ref.pass(f)
				for k := range s.decs {
					d, r := &s.decs[k], &ref.decs[k]
					if !reflect.DeepEqual(d.found, r.found) || !reflect.DeepEqual(d.pieces, r.pieces) || !reflect.DeepEqual(d.guided, r.guided) || !reflect.DeepEqual(d.results, r.results) {
						t.Errorf("%s, fast %v, pass %v, decoder %d: hits %d, pieces %d, guided %d, results %+v; read anew: %d, %d, %d, %+v",
							c.name, fast, f.kind, k, len(d.found), len(d.pieces), len(d.guided), d.results, len(r.found), len(r.pieces), len(r.guided), r.results)
					}
				}
			}
			if s.stats.lines != ref.stats.lines || s.stats.guided != ref.stats.guided {
				t.Errorf("%s, fast %v: %+v, read anew %+v", c.name, fast, s.stats, ref.stats)
			}
			if got := s.stats.repeats > 0; got != c.repeats {
				t.Errorf("%s, fast %v: %d of %d lines repeated", c.name, fast, s.stats.repeats, s.stats.lines)
			}
			if ref.stats.repeats != 0 {
				t.Errorf("%s, fast %v: %d lines repeated without repeats", c.name, fast, ref.stats.repeats)
			}
		}
	}
	// The whole scan too, obliques included.
	for _, g := range []*image.Gray{clean(0, toyModules), clean(30, toyModules), bands} {
		s := newScanner(context.Background(), g, Options{}, decs)
		ref := newScanner(context.Background(), g, Options{}, decs)
		ref.noRepeat = true
		if got, want := s.run(), ref.run(); !reflect.DeepEqual(got, want) {
			t.Errorf("scan %v: %+v, read anew %+v", g.Rect, got, want)
		}
	}
}
