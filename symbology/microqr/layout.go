package microqr

import (
	"sync"

	"github.com/barkit/barkit/symbology/qrfamily"
)

// A layout is everything about a version's symbol that does not depend on
// the data: the function patterns (ISO/IEC 18004:2015 §6.3), the order in
// which codeword bits fill the other modules (§7.7.3) and the four data
// masks (§7.8.2) on those modules. Layouts are built once per version, on
// first use, and are read-only afterwards.
type layout struct {
	version Version
	n       int
	// fn marks the function modules; base holds those that are dark,
	// except the format information.
	fn, base []bool
	// order lists the module index (y*n+x) of every codeword bit in
	// placement order.
	order []uint16
	// mask[m] marks the modules mask pattern m (00 to 11) inverts.
	mask [4][]bool
	// formatPos[i] is the module index of format information bit i (0 =
	// least significant).
	formatPos [15]uint16
}

var layouts [M4 + 1]struct {
	once sync.Once
	l    *layout
}

// getLayout returns the layout of a version, building it on first use.
func getLayout(v Version) *layout {
	e := &layouts[v]
	e.once.Do(func() { e.l = newLayout(v) })
	return e.l
}

// maskPatterns maps Micro QR Code's data mask references 00 to 11 to the
// QR Code patterns they are (ISO/IEC 18004:2015 §7.8.2, Table 10): i mod 2,
// (i div 2 + j div 3) mod 2, ((ij) mod 2 + (ij) mod 3) mod 2 and
// ((i+j) mod 2 + (ij) mod 3) mod 2, each equal to 0.
var maskPatterns = [4]int{1, 4, 6, 7}

func newLayout(v Version) *layout {
	n := v.Size()
	l := &layout{version: v, n: n}
	l.fn = make([]bool, n*n)
	l.base = make([]bool, n*n)
	set := func(x, y int, dark bool) {
		l.fn[y*n+x] = true
		l.base[y*n+x] = dark
	}
	// The finder pattern in the top-left corner and its separator, light,
	// along its right and bottom sides (§6.3.3, §6.3.4).
	for y := range 8 {
		for x := range 8 {
			d := max(abs(x-3), abs(y-3))
			set(x, y, d != 2 && d != 4)
		}
	}
	// Timing patterns along the top row and the left column, dark on even
	// coordinates (§6.3.5).
	for i := 8; i < n; i++ {
		set(i, 0, i%2 == 0)
		set(0, i, i%2 == 0)
	}
	// Format information (§7.9.2, Figure 26): bits 0 to 7 down column 8
	// from row 1 to row 8, bits 8 to 14 leftwards along row 8 from column
	// 7 to column 1.
	for i := range 15 {
		x, y := 8, i+1
		if i >= 8 {
			x, y = 15-i, 8
		}
		l.formatPos[i] = uint16(y*n + x)
		set(x, y, false)
	}
	l.order = qrfamily.Placement(n, n, l.fn, -1)
	for m, p := range maskPatterns {
		l.mask[m] = make([]bool, n*n)
		for _, idx := range l.order {
			l.mask[m][idx] = qrfamily.MaskBit(p, int(idx)/n, int(idx)%n)
		}
	}
	return l
}

// codewordBits returns the width of codeword k of a symbol: 8, but 4 for
// the last data codeword of M1 and M3.
func (s symbolInfo) codewordBits(k int) int {
	if k == s.data-1 && (s.version == M1 || s.version == M3) {
		return 4
	}
	return 8
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
