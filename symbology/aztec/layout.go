package aztec

import (
	"sync"

	"github.com/barkit/barkit/matrix"
)

// The symbol structure of ISO/IEC 24778:2008 §7.1 to §7.3.4: the core (the
// bull's-eye finder, the orientation marks and the mode message around
// it), the reference grid of full-range symbols, and the spiral of the
// data layers. Coordinates are module columns x and rows y from the
// top-left corner of the symbol in its reading orientation, the one in
// which the orientation mark of three dark modules is at the top left.

// coreRadius returns the distance in modules from the centre of the symbol
// to the ring of the mode message and orientation marks: 5 in a compact
// symbol (and a rune), whose bull's-eye is 9×9, 7 in a full-range one,
// whose bull's-eye is 13×13 (§7.1.2).
func coreRadius(compact bool) int {
	if compact {
		return 5
	}
	return 7
}

// drawCore draws the bull's-eye and the orientation marks of a symbol of
// the given side, centred in it (§7.1.2, §7.1.3): dark rings at even
// distances from the centre module, light ones at odd distances, and, on
// the ring of the mode message, three dark modules at the top-left corner
// (the corner and its neighbours right and below), two at the top-right
// (the corner and the one below it), one at the bottom-right (above the
// corner) and none at the bottom-left.
func drawCore(m *matrix.Matrix, compact bool) {
	c := m.Width / 2
	r := coreRadius(compact)
	for y := c - r + 1; y < c+r; y++ {
		for x := c - r + 1; x < c+r; x++ {
			d := max(abs(x-c), abs(y-c))
			m.Set(x, y, d%2 == 0)
		}
	}
	for _, p := range orientationMarks(compact) {
		m.Set(c+p[0], c+p[1], p[2] == 1)
	}
}

// orientationMarks returns the twelve modules of the orientation marks,
// as offsets from the centre and their colour (1 dark): three per corner
// of the mode message ring, the corner and its two neighbours on the ring
// (§7.1.3).
func orientationMarks(compact bool) [12][3]int {
	r := coreRadius(compact)
	return [12][3]int{
		{-r, -r, 1}, {-r + 1, -r, 1}, {-r, -r + 1, 1}, // top-left: three dark
		{r, -r, 1}, {r, -r + 1, 1}, {r - 1, -r, 0}, // top-right: two
		{r, r - 1, 1}, {r, r, 0}, {r - 1, r, 0}, // bottom-right: one
		{-r, r, 0}, {-r + 1, r, 0}, {-r, r - 1, 0}, // bottom-left: none
	}
}

// modeMessageModules returns the modules of the mode message, as offsets
// from the centre, in the order of its bits: 7 (compact) or 10 (full-range)
// on each side of the ring, clockwise from the top-left corner; a
// full-range symbol skips the middle of each side, where the reference
// grid crosses the ring (§7.2.5).
func modeMessageModules(compact bool) [][2]int {
	r := coreRadius(compact)
	per := 7
	if !compact {
		per = 10
	}
	out := make([][2]int, 4*per)
	for i := range per {
		off := i - 3
		if !compact {
			off = i - 5 + i/5
		}
		out[i] = [2]int{off, -r}         // top, left to right
		out[per+i] = [2]int{r, off}      // right, top to bottom
		out[3*per-1-i] = [2]int{off, r}  // bottom, right to left
		out[4*per-1-i] = [2]int{-r, off} // left, bottom to top
	}
	return out
}

// drawGrid draws the reference grid of a full-range symbol (§7.1.4): the
// rows and columns at multiples of 16 modules from the centre, modules
// alternating dark and light, dark at an even distance from the centre.
func drawGrid(m *matrix.Matrix) {
	n := m.Width
	c := n / 2
	for g := c % 16; g < n; g += 16 {
		for k := range n {
			dark := (k-c)%2 == 0
			m.Set(k, g, dark)
			m.Set(g, k, dark)
		}
	}
}

// isGridLine reports whether row or column k of a full-range symbol of the
// given side is a line of the reference grid.
func isGridLine(k, side int) bool { return (k-side/2)%16 == 0 }

// layouts caches the data-layer layout of each size.
var layouts [2][maxFullLayers + 1]struct {
	once sync.Once
	pos  []int32
}

// dataModules returns the modules of the data layers of a symbol of size s
// in the order of the bit stream, as y·side + x (§7.3.4). The stream
// starts at the top-left corner of the outermost layer and winds
// counter-clockwise, layer by layer, towards the core: down the left side,
// right along the bottom, up the right side and left along the top, each
// side a band two modules wide read in pairs, the outer module of a pair
// first. Each layer's sides overlap at the corners so that each takes one
// corner. A full-range symbol's layers skip the lines of the reference
// grid.
func (s Size) dataModules() []int32 {
	k := 0
	if s.Compact {
		k = 1
	}
	l := &layouts[k][s.Layers]
	l.once.Do(func() { l.pos = s.layout() })
	return l.pos
}

// layout computes dataModules.
func (s Size) layout() []int32 {
	side := s.Side()
	// base is the side without the reference grid; at maps a coordinate
	// of that grid-less symbol to the symbol's own.
	base := 14 + 4*s.Layers
	core := 12
	if s.Compact {
		base, core = 11+4*s.Layers, 9
	}
	at := make([]int, base)
	if s.Compact {
		for i := range at {
			at[i] = i
		}
	} else {
		c, half := side/2, base/2
		for i := range half {
			off := i + i/15
			at[half-1-i] = c - 1 - off
			at[half+i] = c + 1 + off
		}
	}
	pos := make([]int32, 0, s.Bits())
	put := func(x, y int) { pos = append(pos, int32(at[y]*side+at[x])) }
	for l := range s.Layers {
		n := 4*(s.Layers-l) + core // modules along each side of the layer
		lo, hi := 2*l, base-1-2*l
		for j := range n {
			put(lo, lo+j)
			put(lo+1, lo+j)
		}
		for j := range n {
			put(lo+j, hi)
			put(lo+j, hi-1)
		}
		for j := range n {
			put(hi, hi-j)
			put(hi-1, hi-j)
		}
		for j := range n {
			put(hi-j, lo)
			put(hi-j, lo+1)
		}
	}
	return pos
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
