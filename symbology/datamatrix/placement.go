package datamatrix

import (
	"sync"

	"github.com/barkit/barkit/matrix"
)

// layout says where each codeword bit of one symbol format lies.
type layout struct {
	size Size
	// pos[8*k+b] is the index (row·Cols + col) in the symbol of bit b of
	// codeword k, b = 0 being the most significant bit.
	pos []int32
	// fixed lists the dark modules of the fixed pattern that fills the
	// bottom-right corner of the mapping matrix when the codewords leave it
	// empty (ISO/IEC 16022:2006 Annex F.3).
	fixed []int32
}

// layouts holds the layout of every format, in the order of sizes, each
// built when first used: a process that reads one small symbol, or none,
// does not build the 144×144 one (all of them took 1.5 % of the CPU of a
// batch scan of the corpus, a process per folder).
var layouts = make([]struct {
	once sync.Once
	l    *layout
}, len(sizes))

// layoutOf returns the layout of format sizes[i].
func layoutOf(i int) *layout {
	c := &layouts[i]
	c.once.Do(func() { c.l = newLayout(sizes[i]) })
	return c.l
}

// newLayout places the codewords of a format with the algorithm of
// ISO/IEC 16022:2006 Annex F.
func newLayout(s Size) *layout {
	nrow, ncol := s.mappingSize()
	p := placer{nrow: nrow, ncol: ncol, cell: make([]int32, nrow*ncol)}
	p.place()
	l := &layout{size: s, pos: make([]int32, 8*(s.Data+s.EC))}
	for i, v := range p.cell {
		r, c := i/ncol, i%ncol
		m := int32(s.symbolRow(r)*s.Cols + s.symbolCol(c))
		switch {
		case v > 0:
			if int(v-1) < len(l.pos) {
				l.pos[v-1] = m
			}
		case v == fixedDark:
			l.fixed = append(l.fixed, m)
		}
	}
	return l
}

// symbolRow and symbolCol map a row or column of the mapping matrix to the
// symbol's: each data region is framed by one module of finder or alignment
// pattern on every side (§5.8.1).
func (s Size) symbolRow(r int) int { return r/s.RegionRows*(s.RegionRows+2) + 1 + r%s.RegionRows }
func (s Size) symbolCol(c int) int { return c/s.RegionCols*(s.RegionCols+2) + 1 + c%s.RegionCols }

// Values of placer.cell besides 8·k+b+1 for bit b of codeword k.
const (
	unset     = 0
	fixedDark = -1
	fixedLite = -2
)

// placer runs the module placement algorithm of ISO/IEC 16022:2006
// Annex F.2 over an nrow×ncol mapping matrix.
type placer struct {
	nrow, ncol int
	cell       []int32
}

// module places bit (1-8, 1 the most significant) of codeword chr (0-based)
// at row, col, wrapping negative coordinates round the matrix as Annex F.2
// prescribes.
func (p *placer) module(row, col, chr, bit int) {
	if row < 0 {
		row += p.nrow
		col += 4 - (p.nrow+4)%8
	}
	if col < 0 {
		col += p.ncol
		row += 4 - (p.ncol+4)%8
	}
	if row < 0 || row >= p.nrow || col < 0 || col >= p.ncol {
		return // cannot happen for the formats of Table 7
	}
	p.cell[row*p.ncol+col] = int32(8*chr + bit)
}

// utah places the 8 bits of a codeword in the standard shape, whose
// bottom-right module (bit 8) is at row, col.
func (p *placer) utah(row, col, chr int) {
	p.module(row-2, col-2, chr, 1)
	p.module(row-2, col-1, chr, 2)
	p.module(row-1, col-2, chr, 3)
	p.module(row-1, col-1, chr, 4)
	p.module(row-1, col, chr, 5)
	p.module(row, col-2, chr, 6)
	p.module(row, col-1, chr, 7)
	p.module(row, col, chr, 8)
}

// corner places a codeword split between the corners of the matrix: the
// four special shapes of Annex F.2, given as (row, col) pairs for bits 1-8,
// negative values counting from the bottom or right edge (-1 the last).
func (p *placer) corner(shape *[8][2]int, chr int) {
	for i, rc := range shape {
		r, c := rc[0], rc[1]
		if r < 0 {
			r += p.nrow
		}
		if c < 0 {
			c += p.ncol
		}
		p.module(r, c, chr, i+1)
	}
}

// The corner shapes of ISO/IEC 16022:2006 Annex F.2, Figures F.3 to F.6.
var (
	corner1 = [8][2]int{{-1, 0}, {-1, 1}, {-1, 2}, {0, -2}, {0, -1}, {1, -1}, {2, -1}, {3, -1}}
	corner2 = [8][2]int{{-3, 0}, {-2, 0}, {-1, 0}, {0, -4}, {0, -3}, {0, -2}, {0, -1}, {1, -1}}
	corner3 = [8][2]int{{-3, 0}, {-2, 0}, {-1, 0}, {0, -2}, {0, -1}, {1, -1}, {2, -1}, {3, -1}}
	corner4 = [8][2]int{{-1, 0}, {-1, -1}, {0, -3}, {0, -2}, {0, -1}, {1, -3}, {1, -2}, {1, -1}}
)

// place fills the matrix: codewords in diagonal sweeps up and to the right,
// then down and to the left, with the corner shapes where a sweep starts at
// a corner, and the fixed pattern in the bottom-right corner if it is left
// empty (Annex F.2, F.3).
func (p *placer) place() {
	nrow, ncol := p.nrow, p.ncol
	chr, row, col := 0, 4, 0
	for row < nrow || col < ncol {
		if row == nrow && col == 0 {
			p.corner(&corner1, chr)
			chr++
		}
		if row == nrow-2 && col == 0 && ncol%4 != 0 {
			p.corner(&corner2, chr)
			chr++
		}
		if row == nrow-2 && col == 0 && ncol%8 == 4 {
			p.corner(&corner3, chr)
			chr++
		}
		if row == nrow+4 && col == 2 && ncol%8 == 0 {
			p.corner(&corner4, chr)
			chr++
		}
		// Up and to the right.
		for {
			if row < nrow && col >= 0 && p.cell[row*ncol+col] == unset {
				p.utah(row, col, chr)
				chr++
			}
			row -= 2
			col += 2
			if row < 0 || col >= ncol {
				break
			}
		}
		row++
		col += 3
		// Down and to the left.
		for {
			if row >= 0 && col < ncol && p.cell[row*ncol+col] == unset {
				p.utah(row, col, chr)
				chr++
			}
			row += 2
			col -= 2
			if row >= nrow || col < 0 {
				break
			}
		}
		row += 3
		col++
	}
	if p.cell[nrow*ncol-1] == unset {
		p.cell[nrow*ncol-1] = fixedDark
		p.cell[(nrow-1)*ncol-2] = fixedDark
		p.cell[nrow*ncol-2] = fixedLite
		p.cell[(nrow-1)*ncol-1] = fixedLite
	}
}

// patterns draws the finder pattern and the alignment patterns of a
// format (§5.3, §5.8.1): around each data region a solid dark line on the
// left and bottom and an alternating one on the top and right, starting
// dark at the top-left and bottom-right.
func patterns(s Size) *matrix.Matrix {
	m := matrix.New(s.Cols, s.Rows)
	bh, bw := s.RegionRows+2, s.RegionCols+2
	for y := range s.Rows {
		for x := range s.Cols {
			ry, rx := y%bh, x%bw
			switch {
			case rx == 0 || ry == bh-1:
				m.Set(x, y, true)
			case ry == 0:
				m.Set(x, y, rx%2 == 0)
			case rx == bw-1:
				m.Set(x, y, ry%2 == 1)
			}
		}
	}
	return m
}
