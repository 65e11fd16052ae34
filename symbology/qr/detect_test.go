package qr

import (
	"context"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
)

// TestDetectTriple checks how three finder patterns are ordered: the
// top-left one is opposite the symbol's diagonal and top-left → top-right
// → bottom-left turns clockwise, at any rotation and for mirrored symbols
// too (which then read as their transpose).
func TestDetectTriple(t *testing.T) {
	m := encode(t, "triple", Options{Version: 2})
	n := float64(m.Width)
	for _, mirrored := range []bool{false, true} {
		mod := m
		if mirrored {
			mod = m.Transpose()
		}
		for deg := 0.0; deg < 360; deg += 45 {
			p := placement{mod, view(m.Width, 5, deg, 0.15, detect.Point{X: 150, Y: 150}), nil}
			g := scene{w: 300, h: 300, symbols: []placement{p}}.render()
			bin := binarize.LocalThreshold(g)
			ts := findTriples(bin, detect.FindFinders(context.Background(), bin, 1), maxTriples)
			if len(ts) == 0 {
				t.Errorf("%v° mirrored %v: no triple", deg, mirrored)
				continue
			}
			// Finder centres of the drawn matrix, in module coordinates
			// with the quiet zone; a transpose leaves them in place.
			want := [3]detect.Point{{X: 7.5, Y: 7.5}, {X: n + 0.5, Y: 7.5}, {X: 7.5, Y: n + 0.5}}
			got := [3]detect.Point{ts[0].tl.Center, ts[0].tr.Center, ts[0].bl.Center}
			for i := range want {
				if d := got[i].Dist(p.t.Apply(want[i])); d > 2 {
					t.Errorf("%v° mirrored %v: finder %d %.1f px off", deg, mirrored, i, d)
				}
			}
		}
	}
}

// TestDetectStrongPerspective reads a symbol seen so obliquely that one
// side of the triangle of finder centres is longer than its diagonal
// (qrcode-2/fix-finderpattern-order): the top-left finder is told by the
// finder patterns' own sides, not by the triangle's longest side.
func TestDetectStrongPerspective(t *testing.T) {
	const text = "oblique"
	m := encode(t, text, Options{Version: 2})
	// The symbol with its quiet zone on a quad found by a random search
	// for the case, with modules of 3.9 pixels or more.
	q := [4]detect.Point{{X: 466, Y: 160}, {X: 173, Y: 380}, {X: 25, Y: 256}, {X: 232, Y: 112}}
	tr, _ := detect.RectToQuad(33, 33, q)
	tl, trc, bl := tr.Apply(detect.Point{X: 7.5, Y: 7.5}), tr.Apply(detect.Point{X: 25.5, Y: 7.5}), tr.Apply(detect.Point{X: 7.5, Y: 25.5})
	if tl.Dist(trc) <= trc.Dist(bl)*1.2 {
		t.Fatal("the test quad does not make a leg longer than the diagonal")
	}
	g := scene{w: 500, h: 500, symbols: []placement{{m, tr, nil}}}.render()
	res := readGray(g, false, 0)
	if len(res) != 1 || res[0].Text != text {
		t.Fatalf("got %d results, want %q", len(res), text)
	}
}

// TestDetectVersion checks that the version information blocks are read
// from the image, at an angle and in perspective, for versions that have
// them.
func TestDetectVersion(t *testing.T) {
	for v := 7; v <= 40; v += 3 {
		m := encode(t, "v", Options{Version: v})
		module := 440 / float64(m.Width+8)
		p := placement{m, view(m.Width, module, 17, 0.15, detect.Point{X: 320, Y: 320}), nil}
		g := scene{w: 640, h: 640, symbols: []placement{p}, coarse: module >= 6}.render()
		bin := binarize.LocalThreshold(g)
		ts := findTriples(bin, detect.FindFinders(context.Background(), bin, 1), maxTriples)
		if len(ts) == 0 {
			t.Errorf("version %d: no triple", v)
			continue
		}
		o, hasOutline := findOutline(bin, ts[0])
		got, sure := imageVersion(bin, ts[0], measure(bin, ts[0]), o, hasOutline)
		// At the smallest modules one block may be unreadable, but none
		// may read wrong.
		if !sure || got[0] != v && got[1] != v || got[0] != v && got[0] != 0 || got[1] != v && got[1] != 0 {
			t.Errorf("version %d: read %v (sure %v)", v, got, sure)
		}
	}
}
