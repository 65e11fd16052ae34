// Package matrix provides the grid of modules shared by barcode encoders,
// decoders, detectors and renderers: a symbol's dark and light modules, or the
// black and white pixels of a binarized image.
package matrix

import (
	"errors"
	"strings"
)

// Matrix is a rectangular grid of modules. Pix holds Width*Height values in
// row-major order; true means dark (a bar, a black pixel). The zero value is
// an empty matrix.
type Matrix struct {
	Width, Height int
	Pix           []bool
}

// New returns a light (all false) matrix of the given size. It returns an
// empty matrix when either side is not positive.
func New(width, height int) *Matrix {
	if width <= 0 || height <= 0 {
		return &Matrix{}
	}
	return &Matrix{Width: width, Height: height, Pix: make([]bool, width*height)}
}

// In reports whether (x, y) lies inside the matrix.
func (m *Matrix) In(x, y int) bool {
	return x >= 0 && y >= 0 && x < m.Width && y < m.Height
}

// Get reports whether the module at (x, y) is dark. Points outside the
// matrix are light.
func (m *Matrix) Get(x, y int) bool {
	if !m.In(x, y) {
		return false
	}
	return m.Pix[y*m.Width+x]
}

// Set sets the module at (x, y). Points outside the matrix are ignored.
func (m *Matrix) Set(x, y int, dark bool) {
	if m.In(x, y) {
		m.Pix[y*m.Width+x] = dark
	}
}

// Flip inverts the module at (x, y). Points outside the matrix are ignored.
func (m *Matrix) Flip(x, y int) {
	if m.In(x, y) {
		i := y*m.Width + x
		m.Pix[i] = !m.Pix[i]
	}
}

// SetRect sets every module of the w×h rectangle whose top-left corner is
// (x, y), clipped to the matrix.
func (m *Matrix) SetRect(x, y, w, h int, dark bool) {
	x0, y0, x1, y1 := max(x, 0), max(y, 0), min(x+w, m.Width), min(y+h, m.Height)
	for yy := y0; yy < y1; yy++ {
		row := m.Pix[yy*m.Width : (yy+1)*m.Width]
		for xx := x0; xx < x1; xx++ {
			row[xx] = dark
		}
	}
}

// Clone returns a copy of m.
func (m *Matrix) Clone() *Matrix {
	return &Matrix{Width: m.Width, Height: m.Height, Pix: append([]bool(nil), m.Pix...)}
}

// Equal reports whether m and o have the same size and modules.
func (m *Matrix) Equal(o *Matrix) bool {
	if m.Width != o.Width || m.Height != o.Height {
		return false
	}
	for i, v := range m.Pix {
		if o.Pix[i] != v {
			return false
		}
	}
	return true
}

// Invert turns every dark module light and every light module dark.
func (m *Matrix) Invert() {
	for i, v := range m.Pix {
		m.Pix[i] = !v
	}
}

// Transpose returns m mirrored about its main diagonal: module (x, y) of the
// result is module (y, x) of m.
func (m *Matrix) Transpose() *Matrix {
	t := New(m.Height, m.Width)
	for y := 0; y < m.Height; y++ {
		for x := 0; x < m.Width; x++ {
			t.Pix[x*t.Width+y] = m.Pix[y*m.Width+x]
		}
	}
	return t
}

// Rotate returns m turned clockwise by deg degrees, which must be 0, 90, 180
// or 270; any other value returns a copy of m.
func (m *Matrix) Rotate(deg int) *Matrix {
	switch deg {
	case 90, 270:
		r := New(m.Height, m.Width)
		for y := 0; y < m.Height; y++ {
			for x := 0; x < m.Width; x++ {
				if deg == 90 {
					r.Pix[x*r.Width+(m.Height-1-y)] = m.Pix[y*m.Width+x]
				} else {
					r.Pix[(m.Width-1-x)*r.Width+y] = m.Pix[y*m.Width+x]
				}
			}
		}
		return r
	case 180:
		r := m.Clone()
		for i, j := 0, len(r.Pix)-1; i < j; i, j = i+1, j-1 {
			r.Pix[i], r.Pix[j] = r.Pix[j], r.Pix[i]
		}
		return r
	}
	return m.Clone()
}

// String renders m as text: one line per row, '#' for dark and '.' for light
// modules. It is the format of the writer golden files.
func (m *Matrix) String() string {
	var b strings.Builder
	b.Grow((m.Width + 1) * m.Height)
	for y := 0; y < m.Height; y++ {
		for _, v := range m.Pix[y*m.Width : (y+1)*m.Width] {
			if v {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Parse reads a matrix in the format String writes. Blank lines are skipped;
// every other line must have the same length and hold only '#' and '.'.
func Parse(s string) (*Matrix, error) {
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimRight(line, "\r \t")
		if line != "" {
			rows = append(rows, line)
		}
	}
	if len(rows) == 0 {
		return nil, errors.New("matrix: no rows")
	}
	m := New(len(rows[0]), len(rows))
	for y, row := range rows {
		if len(row) != m.Width {
			return nil, errors.New("matrix: rows of different lengths")
		}
		for x := 0; x < len(row); x++ {
			switch row[x] {
			case '#':
				m.Pix[y*m.Width+x] = true
			case '.':
			default:
				return nil, errors.New("matrix: unexpected character " + string(row[x:x+1]))
			}
		}
	}
	return m, nil
}
