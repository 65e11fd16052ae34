package detect

import (
	"math"
	"testing"
)

func TestQuad(t *testing.T) {
	sq := [4]Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	if c := Centre(sq); c != (Point{5, 5}) {
		t.Errorf("Centre = %v", c)
	}
	ccw := [4]Point{sq[0], sq[3], sq[2], sq[1]}
	for _, tt := range []struct {
		p    Point
		want bool
	}{{Point{5, 5}, true}, {Point{0, 5}, true}, {Point{10.1, 5}, false}, {Point{-1, -1}, false}} {
		if Inside(sq, tt.p) != tt.want || Inside(ccw, tt.p) != tt.want {
			t.Errorf("Inside(%v) != %v", tt.p, tt.want)
		}
	}
	// Turning the square clockwise by 90° about its centre moves its top
	// edge from pointing along +x to pointing along +y (down): 90°.
	turned := [4]Point{sq[1], sq[2], sq[3], sq[0]}
	for _, tt := range []struct {
		q    [4]Point
		want int
	}{{sq, 0}, {turned, 90}, {[4]Point{sq[2], sq[3], sq[0], sq[1]}, 180}, {[4]Point{sq[3], sq[0], sq[1], sq[2]}, 270}} {
		if got := Orientation(tt.q); got != tt.want {
			t.Errorf("Orientation(%v) = %d, want %d", tt.q, got, tt.want)
		}
	}
}

func TestClipSegment(t *testing.T) {
	sq := [4]Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	rev := [4]Point{sq[3], sq[2], sq[1], sq[0]}
	for _, q := range [][4]Point{sq, rev} {
		for _, tc := range []struct {
			a, b   Point
			t0, t1 float64
			ok     bool
		}{
			{Point{-10, 5}, Point{20, 5}, 1.0 / 3, 2.0 / 3, true}, // across
			{Point{2, 5}, Point{8, 5}, 0, 1, true},                // inside
			{Point{-10, 20}, Point{20, 20}, 0, 0, false},          // below
			{Point{5, -5}, Point{5, 5}, 0.5, 1, true},             // into it
			{Point{-5, -5}, Point{15, 15}, 0.25, 0.75, true},      // diagonal
			{Point{11, 0}, Point{11, 10}, 0, 0, false},            // beside an edge
		} {
			t0, t1, ok := ClipSegment(q, tc.a, tc.b)
			if ok != tc.ok || ok && (math.Abs(t0-tc.t0) > 1e-9 || math.Abs(t1-tc.t1) > 1e-9) {
				t.Errorf("ClipSegment(%v, %v, %v) = %v, %v, %v; want %v, %v, %v", q, tc.a, tc.b, t0, t1, ok, tc.t0, tc.t1, tc.ok)
			}
		}
	}
}
