package qr

import (
	"sync"

	"github.com/barkit/barkit/symbology/qrfamily"
)

// A layout is everything about a version's symbol that does not depend on the
// data: the function patterns (ISO/IEC 18004:2015 §6.3), the order in which
// codeword bits fill the remaining modules (§7.7.3), and the data masks
// (§7.8.2) restricted to those modules, as row and column bit sets for the
// mask evaluation. Layouts are built once per version, on first use, and are
// read-only afterwards, so they are safe for concurrent use.
type layout struct {
	version int
	n       int // modules on a side
	words   int // total codewords

	// fn reports the function modules (finder, separator, timing and
	// alignment patterns, format and version information, the dark module);
	// base holds those of them that are dark, except the format information,
	// which depends on level and mask.
	fn, base []bool

	// order lists the module index (y*n+x) of every codeword bit in placement
	// order: bit 7 of codeword 0 first. The last rawModules%8 entries are
	// remainder bits, which stay light before masking.
	order []uint16
	// ox and oy are the column and row of order[k].
	ox, oy []uint8

	// flip[m] holds, in the bit order of the codewords (bit 7 of byte 0
	// first), a 1 for each module of the placement order that mask pattern m
	// inverts: XORed onto the modules read in order, it unmasks them.
	flip [8][]byte

	// Row and column bit sets used to score masks. Line y of a set is
	// lineWords words; module x of the line is bit x+pad, so that the pad
	// bits on either side stand for the light quiet zone (needed by
	// penalty rule N3).
	lineWords          int
	baseRows, baseCols []uint64    // base, as above
	maskRows, maskCols [8][]uint64 // mask pattern m on the non-function modules
	// formatPos[c][i] is the module index of bit i (0 = least significant)
	// of format information copy c (§7.9.1, Figure 25); formatXY holds its
	// column and row.
	formatPos [2][15]uint16
	formatXY  [2][15][2]uint8
}

// pad is the number of light modules kept on each side of a scoring line:
// penalty rule N3 looks 4 modules beyond a finder-like pattern.
const pad = 4

var layouts [maxVersion + 1]struct {
	once sync.Once
	l    *layout
}

// getLayout returns the layout of a version (1-40), building it on first use.
func getLayout(version int) *layout {
	e := &layouts[version]
	e.once.Do(func() { e.l = newLayout(version) })
	return e.l
}

func newLayout(version int) *layout {
	n := size(version)
	l := &layout{version: version, n: n, words: totalCodewords(version)}
	l.fn = make([]bool, n*n)
	l.base = make([]bool, n*n)
	set := func(x, y int, dark bool) {
		l.fn[y*n+x] = true
		l.base[y*n+x] = dark
	}

	// Finder patterns with their separators (§6.3.3, §6.3.4): 7×7 rings
	// dark-light-dark (3×3 core) in three corners, each surrounded by a
	// light separator inside the symbol.
	for _, c := range [3][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}} {
		for dy := -1; dy <= 7; dy++ {
			for dx := -1; dx <= 7; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if x < 0 || y < 0 || x >= n || y >= n {
					continue
				}
				d := max(abs(dx-3), abs(dy-3)) // ring: 0 centre … 4 separator
				set(x, y, d != 2 && d != 4)
			}
		}
	}
	// Timing patterns (§6.3.5): row 6 and column 6 between the separators,
	// dark on even coordinates.
	for i := 8; i < n-8; i++ {
		set(i, 6, i%2 == 0)
		set(6, i, i%2 == 0)
	}
	// Alignment patterns (§6.3.6): 5×5, dark ring and centre, at every pair
	// of Annex E coordinates except the three that overlap finder patterns.
	pos := alignmentPositions(version)
	for i, cy := range pos {
		for j, cx := range pos {
			last := len(pos) - 1
			if i == 0 && j == 0 || i == 0 && j == last || i == last && j == 0 {
				continue
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					set(cx+dx, cy+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	// Format information areas (§7.9.1, Figure 25), left light here, and the
	// dark module beside the lower one.
	for i := range 15 {
		var x, y int
		switch {
		case i < 6:
			x, y = 8, i
		case i < 8:
			x, y = 8, i+1
		case i == 8:
			x, y = 7, 8
		default:
			x, y = 14-i, 8
		}
		l.formatPos[0][i] = uint16(y*n + x)
		l.formatXY[0][i] = [2]uint8{uint8(x), uint8(y)}
		set(x, y, false)
		if i < 8 {
			x, y = n-1-i, 8
		} else {
			x, y = 8, n-15+i
		}
		l.formatPos[1][i] = uint16(y*n + x)
		l.formatXY[1][i] = [2]uint8{uint8(x), uint8(y)}
		set(x, y, false)
	}
	set(8, n-8, true)
	// Version information (§7.10, Figure 27) for versions 7 and up: bit i
	// (0 = least significant) at (i/3, n-11+i%3) in the lower-left block and
	// transposed in the upper-right one.
	if version >= 7 {
		w := versionWord(version)
		for i := range 18 {
			dark := w>>i&1 != 0
			set(i/3, n-11+i%3, dark)
			set(n-11+i%3, i/3, dark)
		}
	}

	// Codeword placement (§7.7.3, Figure 20), skipping the whole of the
	// vertical timing pattern column.
	l.order = qrfamily.Placement(n, n, l.fn, 6)
	l.ox = make([]uint8, len(l.order))
	l.oy = make([]uint8, len(l.order))
	for k, idx := range l.order {
		l.ox[k], l.oy[k] = uint8(int(idx)%n), uint8(int(idx)/n)
	}

	// Masks (§7.8.2, Table 10) over the placement order, and as row and
	// column sets for scoring.
	nw := (len(l.order) + 7) / 8
	l.lineWords = (n + 2*pad + 63) / 64
	lw := l.lineWords
	l.baseRows = make([]uint64, n*lw)
	l.baseCols = make([]uint64, n*lw)
	for y := range n {
		for x := range n {
			if l.base[y*n+x] {
				setLineBit(l.baseRows, l.baseCols, lw, x, y)
			}
		}
	}
	for m := range 8 {
		l.flip[m] = make([]byte, nw)
		l.maskRows[m] = make([]uint64, n*lw)
		l.maskCols[m] = make([]uint64, n*lw)
		for k, idx := range l.order {
			y, x := int(idx)/n, int(idx)%n
			if qrfamily.MaskBit(m, y, x) {
				l.flip[m][k/8] |= 0x80 >> (k % 8)
				setLineBit(l.maskRows[m], l.maskCols[m], lw, x, y)
			}
		}
	}
	return l
}

// setLineBit sets module (x, y) in a pair of row and column line sets.
func setLineBit(rows, cols []uint64, lw, x, y int) {
	bx, by := uint(x+pad), uint(y+pad)
	rows[y*lw+int(bx/64)] |= 1 << (bx % 64)
	cols[x*lw+int(by/64)] |= 1 << (by % 64)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
