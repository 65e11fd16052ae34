package detect

import "testing"

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
