package rmqr

import (
	"sync"

	"github.com/barkit/barkit/symbology/qrfamily"
)

// A layout is everything about a size's symbol that does not depend on
// the data: the function patterns (ISO/IEC 23941:2022 §6.3) and the order
// in which codeword bits fill the other modules (§7.7.3). Layouts are
// built once per size, on first use, and are read-only afterwards.
type layout struct {
	size Size
	w, h int
	// fn marks the function modules; base holds those that are dark,
	// except the format information.
	fn, base []bool
	// order lists the module index (y*w+x) of every codeword bit in
	// placement order; the modules after the last codeword are
	// remainder bits.
	order       []uint16
	dataModules int
	// mask marks the modules the one data mask of rMQR Code inverts.
	mask []bool
	// formatPos[c][i] is the module index of bit i (0 = least
	// significant) of format information copy c: 0 beside the finder
	// pattern, 1 beside the finder sub-pattern.
	formatPos [2][18]uint16
}

var layouts [NumSizes + 1]struct {
	once sync.Once
	l    *layout
}

// getLayout returns the layout of a size, building it on first use.
func getLayout(s Size) *layout {
	e := &layouts[s]
	e.once.Do(func() { e.l = newLayout(s) })
	return e.l
}

// maskPattern is the data mask of rMQR Code, the one pattern it uses:
// QR Code's pattern 100, (i div 2 + j div 3) mod 2 = 0 (ISO/IEC
// 23941:2022 §7.8).
const maskPattern = 4

func newLayout(s Size) *layout {
	w, h := s.Width(), s.Height()
	l := &layout{size: s, w: w, h: h}
	l.fn = make([]bool, w*h)
	l.base = make([]bool, w*h)
	set := func(x, y int, dark bool) {
		l.fn[y*w+x] = true
		l.base[y*w+x] = dark
	}
	// Timing patterns along the four edges, dark on even coordinates
	// (§6.3.6); the patterns below take their place where they overlap.
	for x := range w {
		set(x, 0, x%2 == 0)
		set(x, h-1, x%2 == 0)
	}
	for y := range h {
		set(0, y, y%2 == 0)
		set(w-1, y, y%2 == 0)
	}
	// The finder pattern in the top-left corner (§6.3.2), and the finder
	// sub-pattern, 5×5 modules of dark ring, light ring and dark centre,
	// in the bottom-right corner (§6.3.3).
	for y := range 7 {
		for x := range 7 {
			d := max(abs(x-3), abs(y-3))
			set(x, y, d != 2)
		}
	}
	for y := range 5 {
		for x := range 5 {
			set(w-5+x, h-5+y, max(abs(x-2), abs(y-2)) != 1)
		}
	}
	// The corner finder patterns (§6.3.4): in the bottom-left and
	// top-right corners, a dark module on the edge beside the corner
	// module with a light one inside it.
	set(0, h-2, true)
	set(1, h-2, false)
	set(1, h-1, true)
	set(w-2, 0, true)
	set(w-2, 1, false)
	set(w-1, 1, true)
	// The separator (§6.3.5): light, right of the finder pattern and,
	// where there is room, below it (in R9 symbols, in place of the
	// bottom-left corner pattern's upper modules).
	for y := range 7 {
		set(7, y, false)
	}
	if h > 7 {
		for x := range 8 {
			set(x, 7, false)
		}
	}
	// Alignment patterns (§6.3.7): a vertical timing pattern down each
	// column of Table D.1, with a 3×3 pattern, dark ring and light centre,
	// where it meets the top and the bottom edge.
	for _, c := range alignmentColumns[w] {
		for y := range h {
			set(c, y, y%2 == 0)
		}
		for _, y := range [4]int{1, 2, h - 3, h - 2} {
			set(c-1, y, true)
			set(c+1, y, true)
		}
	}
	// Format information (§7.9.2): 18 bits beside the finder pattern, in
	// columns 8 to 10 of rows 1 to 5 (bit i at column 8+i/5, row 1+i%5)
	// and column 11 of rows 1 to 3; and beside the finder sub-pattern, in
	// columns w-8 to w-6 of rows h-6 to h-2 and row h-6 of columns w-5 to
	// w-3.
	for i := range 18 {
		var x0, y0, x1, y1 int
		if i < 15 {
			x0, y0 = 8+i/5, 1+i%5
			x1, y1 = w-8+i/5, h-6+i%5
		} else {
			x0, y0 = 11, i-14
			x1, y1 = w-5+i-15, h-6
		}
		l.formatPos[0][i] = uint16(y0*w + x0)
		l.formatPos[1][i] = uint16(y1*w + x1)
		set(x0, y0, false)
		set(x1, y1, false)
	}
	// Codeword placement (§7.7.3): QR Code's, from column w-2 leftwards,
	// the right edge being all function modules.
	l.order = qrfamily.Placement(w, h, l.fn, w-1)
	l.dataModules = len(l.order)
	l.mask = make([]bool, w*h)
	for _, idx := range l.order {
		l.mask[idx] = qrfamily.MaskBit(maskPattern, int(idx)/w, int(idx)%w)
	}
	return l
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
