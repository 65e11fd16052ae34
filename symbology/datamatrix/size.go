package datamatrix

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/barkit/barkit/symbology"
)

// A Size is one Data Matrix ECC 200 symbol format: its rows and columns of
// modules, the data regions the alignment patterns divide it into, and its
// codeword capacities.
type Size struct {
	Rows, Cols int // modules, finder pattern included, quiet zone excluded
	// RegionRows and RegionCols are the size of one data region in modules,
	// without the finder and alignment patterns around it.
	RegionRows, RegionCols int
	Data                   int  // data codewords
	EC                     int  // error correction codewords, all blocks together
	Blocks                 int  // interleaved Reed–Solomon blocks
	DMRE                   bool // a rectangular extension of ISO/IEC 21471
}

// sizes lists every symbol format. The first 30 are those of ISO/IEC
// 16022:2006 §5.5.1, Table 7 (24 square, 6 rectangular); the others are the
// Data Matrix Rectangular Extension (DMRE) formats of ISO/IEC 21471:2020,
// Table 2. Within each group they are in increasing data capacity, so the
// first that holds the data is the smallest.
var sizes = []Size{
	// ISO/IEC 16022:2006 Table 7, square symbols.
	{Rows: 10, Cols: 10, RegionRows: 8, RegionCols: 8, Data: 3, EC: 5, Blocks: 1},
	{Rows: 12, Cols: 12, RegionRows: 10, RegionCols: 10, Data: 5, EC: 7, Blocks: 1},
	{Rows: 14, Cols: 14, RegionRows: 12, RegionCols: 12, Data: 8, EC: 10, Blocks: 1},
	{Rows: 16, Cols: 16, RegionRows: 14, RegionCols: 14, Data: 12, EC: 12, Blocks: 1},
	{Rows: 18, Cols: 18, RegionRows: 16, RegionCols: 16, Data: 18, EC: 14, Blocks: 1},
	{Rows: 20, Cols: 20, RegionRows: 18, RegionCols: 18, Data: 22, EC: 18, Blocks: 1},
	{Rows: 22, Cols: 22, RegionRows: 20, RegionCols: 20, Data: 30, EC: 20, Blocks: 1},
	{Rows: 24, Cols: 24, RegionRows: 22, RegionCols: 22, Data: 36, EC: 24, Blocks: 1},
	{Rows: 26, Cols: 26, RegionRows: 24, RegionCols: 24, Data: 44, EC: 28, Blocks: 1},
	{Rows: 32, Cols: 32, RegionRows: 14, RegionCols: 14, Data: 62, EC: 36, Blocks: 1},
	{Rows: 36, Cols: 36, RegionRows: 16, RegionCols: 16, Data: 86, EC: 42, Blocks: 1},
	{Rows: 40, Cols: 40, RegionRows: 18, RegionCols: 18, Data: 114, EC: 48, Blocks: 1},
	{Rows: 44, Cols: 44, RegionRows: 20, RegionCols: 20, Data: 144, EC: 56, Blocks: 1},
	{Rows: 48, Cols: 48, RegionRows: 22, RegionCols: 22, Data: 174, EC: 68, Blocks: 1},
	{Rows: 52, Cols: 52, RegionRows: 24, RegionCols: 24, Data: 204, EC: 84, Blocks: 2},
	{Rows: 64, Cols: 64, RegionRows: 14, RegionCols: 14, Data: 280, EC: 112, Blocks: 2},
	{Rows: 72, Cols: 72, RegionRows: 16, RegionCols: 16, Data: 368, EC: 144, Blocks: 4},
	{Rows: 80, Cols: 80, RegionRows: 18, RegionCols: 18, Data: 456, EC: 192, Blocks: 4},
	{Rows: 88, Cols: 88, RegionRows: 20, RegionCols: 20, Data: 576, EC: 224, Blocks: 4},
	{Rows: 96, Cols: 96, RegionRows: 22, RegionCols: 22, Data: 696, EC: 272, Blocks: 4},
	{Rows: 104, Cols: 104, RegionRows: 24, RegionCols: 24, Data: 816, EC: 336, Blocks: 6},
	{Rows: 120, Cols: 120, RegionRows: 18, RegionCols: 18, Data: 1050, EC: 408, Blocks: 6},
	{Rows: 132, Cols: 132, RegionRows: 20, RegionCols: 20, Data: 1304, EC: 496, Blocks: 8},
	{Rows: 144, Cols: 144, RegionRows: 22, RegionCols: 22, Data: 1558, EC: 620, Blocks: 10},
	// ISO/IEC 16022:2006 Table 7, rectangular symbols.
	{Rows: 8, Cols: 18, RegionRows: 6, RegionCols: 16, Data: 5, EC: 7, Blocks: 1},
	{Rows: 8, Cols: 32, RegionRows: 6, RegionCols: 14, Data: 10, EC: 11, Blocks: 1},
	{Rows: 12, Cols: 26, RegionRows: 10, RegionCols: 24, Data: 16, EC: 14, Blocks: 1},
	{Rows: 12, Cols: 36, RegionRows: 10, RegionCols: 16, Data: 22, EC: 18, Blocks: 1},
	{Rows: 16, Cols: 36, RegionRows: 14, RegionCols: 16, Data: 32, EC: 24, Blocks: 1},
	{Rows: 16, Cols: 48, RegionRows: 14, RegionCols: 22, Data: 49, EC: 28, Blocks: 1},
	// ISO/IEC 21471:2020 Table 2, DMRE symbols.
	{Rows: 8, Cols: 48, RegionRows: 6, RegionCols: 22, Data: 18, EC: 15, Blocks: 1, DMRE: true},
	{Rows: 8, Cols: 64, RegionRows: 6, RegionCols: 14, Data: 24, EC: 18, Blocks: 1, DMRE: true},
	{Rows: 8, Cols: 80, RegionRows: 6, RegionCols: 18, Data: 32, EC: 22, Blocks: 1, DMRE: true},
	{Rows: 8, Cols: 96, RegionRows: 6, RegionCols: 22, Data: 38, EC: 28, Blocks: 1, DMRE: true},
	{Rows: 8, Cols: 120, RegionRows: 6, RegionCols: 18, Data: 49, EC: 32, Blocks: 1, DMRE: true},
	{Rows: 8, Cols: 144, RegionRows: 6, RegionCols: 22, Data: 63, EC: 36, Blocks: 1, DMRE: true},
	{Rows: 12, Cols: 64, RegionRows: 10, RegionCols: 14, Data: 43, EC: 27, Blocks: 1, DMRE: true},
	{Rows: 12, Cols: 88, RegionRows: 10, RegionCols: 20, Data: 64, EC: 36, Blocks: 1, DMRE: true},
	{Rows: 16, Cols: 64, RegionRows: 14, RegionCols: 14, Data: 62, EC: 36, Blocks: 1, DMRE: true},
	{Rows: 20, Cols: 36, RegionRows: 18, RegionCols: 16, Data: 44, EC: 28, Blocks: 1, DMRE: true},
	{Rows: 20, Cols: 44, RegionRows: 18, RegionCols: 20, Data: 56, EC: 34, Blocks: 1, DMRE: true},
	{Rows: 20, Cols: 64, RegionRows: 18, RegionCols: 14, Data: 84, EC: 42, Blocks: 1, DMRE: true},
	{Rows: 22, Cols: 48, RegionRows: 20, RegionCols: 22, Data: 72, EC: 38, Blocks: 1, DMRE: true},
	{Rows: 24, Cols: 48, RegionRows: 22, RegionCols: 22, Data: 80, EC: 41, Blocks: 1, DMRE: true},
	{Rows: 24, Cols: 64, RegionRows: 22, RegionCols: 14, Data: 108, EC: 46, Blocks: 1, DMRE: true},
	{Rows: 26, Cols: 40, RegionRows: 24, RegionCols: 18, Data: 70, EC: 38, Blocks: 1, DMRE: true},
	{Rows: 26, Cols: 48, RegionRows: 24, RegionCols: 22, Data: 90, EC: 42, Blocks: 1, DMRE: true},
	{Rows: 26, Cols: 64, RegionRows: 24, RegionCols: 14, Data: 118, EC: 50, Blocks: 1, DMRE: true},
}

// Sizes returns every symbol format: the square and rectangular ones of
// ISO/IEC 16022 and the DMRE ones of ISO/IEC 21471.
func Sizes() []Size { return append([]Size(nil), sizes...) }

// String returns the size as rows×columns, such as "8x32".
func (s Size) String() string { return strconv.Itoa(s.Rows) + "x" + strconv.Itoa(s.Cols) }

// Square reports whether the symbol is square.
func (s Size) Square() bool { return s.Rows == s.Cols }

// regions returns the number of data regions vertically and horizontally.
func (s Size) regions() (v, h int) {
	return s.Rows / (s.RegionRows + 2), s.Cols / (s.RegionCols + 2)
}

// mappingSize returns the rows and columns of the mapping matrix: the data
// regions put together without their patterns (ISO/IEC 16022:2006 §5.8.1).
func (s Size) mappingSize() (rows, cols int) {
	v, h := s.regions()
	return v * s.RegionRows, h * s.RegionCols
}

// blockData returns the number of data codewords of block i: the data
// codewords are dealt to the blocks in turn (§5.7.2), so in the 144×144
// symbol the first 8 blocks hold 156 and the last 2 hold 155.
func (s Size) blockData(i int) int {
	return (s.Data - i + s.Blocks - 1) / s.Blocks
}

// sizeIndex returns the index in sizes of the format with rows×cols modules.
func sizeIndex(rows, cols int) (int, bool) {
	for i, s := range sizes {
		if s.Rows == rows && s.Cols == cols {
			return i, true
		}
	}
	return 0, false
}

// A Shape restricts the symbol formats Encode may choose from.
type Shape int

// The shapes.
const (
	// Square allows the 24 square formats, 10×10 to 144×144 (the default).
	Square Shape = iota
	// Rectangular allows the 6 rectangular formats of ISO/IEC 16022,
	// 8×18 to 16×48.
	Rectangular
	// DMRE allows every rectangular format: those of ISO/IEC 16022 and the
	// 18 of the Data Matrix Rectangular Extension (ISO/IEC 21471), 8×48 to
	// 26×64.
	DMRE
	// AnyShape allows every format, square, rectangular and DMRE, and picks
	// the one with the fewest data codewords that holds the data (the
	// smaller area when two hold as many).
	AnyShape
)

// String returns the shape's name as ParseVersion accepts it.
func (s Shape) String() string {
	switch s {
	case Square:
		return "square"
	case Rectangular:
		return "rectangular"
	case DMRE:
		return "dmre"
	case AnyShape:
		return "any"
	}
	return "Shape(" + strconv.Itoa(int(s)) + ")"
}

// candidates returns the formats of a shape, smallest capacity first.
func (s Shape) candidates() []Size {
	return shapeLists()[s]
}

var shapeLists = sync.OnceValue(func() map[Shape][]Size {
	m := make(map[Shape][]Size)
	for _, sz := range sizes {
		switch {
		case sz.Square():
			m[Square] = append(m[Square], sz)
		case !sz.DMRE:
			m[Rectangular] = append(m[Rectangular], sz)
			m[DMRE] = append(m[DMRE], sz)
		default:
			m[DMRE] = append(m[DMRE], sz)
		}
		m[AnyShape] = append(m[AnyShape], sz)
	}
	for _, list := range m {
		// A stable insertion sort by capacity, then area: the lists are
		// short and nearly sorted.
		for i := 1; i < len(list); i++ {
			for j := i; j > 0 && less(list[j], list[j-1]); j-- {
				list[j], list[j-1] = list[j-1], list[j]
			}
		}
	}
	return m
})

func less(a, b Size) bool {
	if a.Data != b.Data {
		return a.Data < b.Data
	}
	return a.Rows*a.Cols < b.Rows*b.Cols
}

// ParseVersion reads the WriteOptions.Version notation of the package
// documentation: "" or "square", "rectangular" or "rect", "dmre", "any", or
// an exact size "RxC" (rows × columns, such as "24x24" or "8x32"; the
// columns-first form "32x8" of a rectangle is accepted too). It returns the
// shape to choose from, or the forced size when ok is true.
func ParseVersion(v string) (shape Shape, forced Size, ok bool, err error) {
	s := strings.ToLower(strings.TrimSpace(v))
	switch s {
	case "", "square":
		return Square, Size{}, false, nil
	case "rectangular", "rect", "rectangle":
		return Rectangular, Size{}, false, nil
	case "dmre":
		return DMRE, Size{}, false, nil
	case "any", "auto":
		return AnyShape, Size{}, false, nil
	}
	a, b, found := strings.Cut(strings.ReplaceAll(s, "×", "x"), "x")
	r, err1 := strconv.Atoi(strings.TrimSpace(a))
	c, err2 := strconv.Atoi(strings.TrimSpace(b))
	if found && err1 == nil && err2 == nil {
		if r > c {
			r, c = c, r // a rectangle written columns first
		}
		if i, ok := sizeIndex(r, c); ok {
			return 0, sizes[i], true, nil
		}
	}
	return 0, Size{}, false, fmt.Errorf("datamatrix: %w: version %q: want square, rectangular, dmre, any or a size such as 24x24 or 8x32", symbology.ErrInvalidData, v)
}
