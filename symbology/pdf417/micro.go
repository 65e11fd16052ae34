package pdf417

import (
	"fmt"
	"math"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// MicroPDF417 (ISO/IEC 24728:2006) uses the symbol characters, compaction
// and GF(929) error correction of PDF417, in 34 fixed sizes of 1 to 4
// columns and 4 to 44 rows. Instead of start and stop patterns and row
// indicators, each row has row address patterns (RAPs): 10-module patterns
// of three bars and three spaces on the left and right, and in the middle
// of 3- and 4-column symbols. Rows number their RAPs consecutively, from
// 1 to 52 and round again, each size starting at its own place in the
// sequence, and cycle through the three clusters; a row ends with a
// one-module bar.

const (
	rapWidth       = 10 // modules of a row address pattern
	rapCount       = 52 // row address patterns in each set
	microRowHeight = 2  // module rows per symbol row Encode draws: the minimum row height is 2X
	microQuietZone = 1  // light modules on each side
)

// microSize is one of the 34 MicroPDF417 symbol sizes of ISO/IEC
// 24728:2006, with its check codewords and where its rows start in the row
// address pattern sequences and the cluster cycle (ISO/IEC 24728:2006
// Tables 10 to 12, as the RAP numbers and cluster of the top row).
type microSize struct {
	cols, rows, ec      int // data columns, rows, check codewords
	left, centre, right int // RAP numbers of the top row; centre 0 when there is none
	cluster             int // cluster number of the top row: 0, 3 or 6
}

// microSizes lists the 34 sizes by columns, then rows.
var microSizes = [34]microSize{
	{1, 11, 7, 1, 0, 9, 0},     // 1x11
	{1, 14, 7, 8, 0, 8, 3},     // 1x14
	{1, 17, 7, 36, 0, 36, 6},   // 1x17
	{1, 20, 8, 19, 0, 19, 0},   // 1x20
	{1, 24, 8, 9, 0, 17, 6},    // 1x24
	{1, 28, 8, 25, 0, 33, 0},   // 1x28
	{2, 8, 8, 1, 0, 1, 0},      // 2x8
	{2, 11, 9, 1, 0, 9, 0},     // 2x11
	{2, 14, 9, 8, 0, 8, 3},     // 2x14
	{2, 17, 10, 36, 0, 36, 6},  // 2x17
	{2, 20, 11, 19, 0, 19, 0},  // 2x20
	{2, 23, 13, 9, 0, 17, 6},   // 2x23
	{2, 26, 15, 27, 0, 35, 6},  // 2x26
	{3, 6, 12, 1, 1, 1, 0},     // 3x6
	{3, 8, 14, 7, 7, 7, 0},     // 3x8
	{3, 10, 16, 15, 15, 15, 6}, // 3x10
	{3, 12, 18, 25, 25, 25, 0}, // 3x12
	{3, 15, 21, 37, 37, 37, 0}, // 3x15
	{3, 20, 26, 1, 17, 33, 0},  // 3x20
	{3, 26, 32, 1, 9, 17, 0},   // 3x26
	{3, 32, 38, 21, 29, 37, 6}, // 3x32
	{3, 38, 44, 15, 31, 47, 6}, // 3x38
	{3, 44, 50, 1, 25, 49, 0},  // 3x44
	{4, 4, 8, 47, 19, 43, 3},   // 4x4
	{4, 6, 12, 1, 1, 1, 0},     // 4x6
	{4, 8, 14, 7, 7, 7, 0},     // 4x8
	{4, 10, 16, 15, 15, 15, 6}, // 4x10
	{4, 12, 18, 25, 25, 25, 0}, // 4x12
	{4, 15, 21, 37, 37, 37, 0}, // 4x15
	{4, 20, 26, 1, 17, 33, 0},  // 4x20
	{4, 26, 32, 1, 9, 17, 0},   // 4x26
	{4, 32, 38, 21, 29, 37, 6}, // 4x32
	{4, 38, 44, 15, 31, 47, 6}, // 4x38
	{4, 44, 50, 1, 25, 49, 0},  // 4x44
}

// sideRAPs and centreRAPs are the row address patterns of the left and
// right side and of the centre, as element widths bar first (ISO/IEC
// 24728:2006 Table 2), indexed by RAP number 1-52.
var sideRAPs = [rapCount + 1]uint32{
	0,
	221311, 311311, 312211, 222211, 213211, 214111, 223111, 313111, 322111, 412111, // 1-10
	421111, 331111, 241111, 232111, 231211, 321211, 411211, 411121, 411112, 321112, // 11-20
	312112, 311212, 311221, 311131, 311122, 311113, 221113, 221122, 221131, 221221, // 21-30
	222121, 312121, 321121, 231121, 231112, 222112, 213112, 212212, 212221, 212131, // 31-40
	212122, 212113, 211213, 211123, 211132, 211141, 211231, 211222, 211312, 211321, // 41-50
	211411, 212311, // 51-52
}

var centreRAPs = [rapCount + 1]uint32{
	0,
	112231, 121231, 122131, 131131, 131221, 132121, 141121, 141211, 142111, 133111, // 1-10
	132211, 131311, 122311, 123211, 124111, 115111, 114211, 114121, 123121, 123112, // 11-20
	122212, 122221, 121321, 121411, 112411, 113311, 113221, 113212, 113122, 122122, // 21-30
	131122, 131113, 122113, 113113, 112213, 112222, 112312, 112321, 111421, 111331, // 31-40
	111322, 111232, 111223, 111133, 111124, 111214, 112114, 121114, 121123, 121132, // 41-50
	112132, 112141, // 51-52
}

// rapPatterns maps the 10-bit module pattern of a row address pattern to
// its number, 1-52, or 0 for none, for each set: [0] sides, [1] centre.
var rapPatterns [2][1 << rapWidth]int8

func init() {
	for s, set := range [2]*[rapCount + 1]uint32{&sideRAPs, &centreRAPs} {
		for n := 1; n <= rapCount; n++ {
			rapPatterns[s][widthsToPattern(seqWidths(set[n]))] = int8(n)
		}
	}
}

// microWidth returns the width in modules of a MicroPDF417 symbol.
func microWidth(cols int) int {
	w := rapWidth + moduleCount*cols + rapWidth + 1
	if cols >= 3 {
		w += rapWidth
	}
	return w
}

// centreAfter returns the data column after which the centre RAP stands,
// or 0 when there is none.
func centreAfter(cols int) int {
	switch cols {
	case 3:
		return 1
	case 4:
		return 2
	}
	return 0
}

// rowRAP returns the RAP number of row r counted from first.
func rowRAP(first, r int) int { return (first-1+r)%rapCount + 1 }

// rowCluster returns the cluster index (0-2) of row r of size s.
func (s microSize) rowCluster(r int) int { return (s.cluster/3 + r) % 3 }

// encodeMicro builds a MicroPDF417 symbol.
func encodeMicro(data, mac []int, opts Options) (*Code, error) {
	if opts.Level != 0 || opts.ECPercent != 0 {
		return nil, fmt.Errorf("pdf417: %w: MicroPDF417 has no error correction levels (each size has its own)", symbology.ErrInvalidData)
	}
	if opts.Aspect < 0 || math.IsNaN(opts.Aspect) || math.IsInf(opts.Aspect, 0) {
		return nil, fmt.Errorf("pdf417: %w: aspect ratio %v", symbology.ErrInvalidData, opts.Aspect)
	}
	n := len(data) + len(mac)
	best := -1
	var bestScore float64
	known := false
	for i, s := range microSizes {
		if opts.Columns != 0 && s.cols != opts.Columns || opts.Rows != 0 && s.rows != opts.Rows {
			continue
		}
		known = true
		if s.cols*s.rows-s.ec < n {
			continue
		}
		w, h := float64(microWidth(s.cols)), float64(microRowHeight*s.rows)
		score := w * h // the smallest symbol
		if opts.Aspect > 0 {
			score = math.Abs(math.Log(w / h / opts.Aspect))
		}
		if best < 0 || score < bestScore-1e-9 {
			best, bestScore = i, score
		}
	}
	if !known {
		return nil, fmt.Errorf("pdf417: %w: no MicroPDF417 size has %d columns and %d rows", symbology.ErrInvalidData, opts.Columns, opts.Rows)
	}
	if best < 0 {
		return nil, errNoRoom
	}
	s := microSizes[best]
	nData := s.cols*s.rows - s.ec
	cw := make([]int, 0, s.cols*s.rows)
	cw = append(cw, data...)
	for len(cw)+len(mac) < nData {
		cw = append(cw, latchText)
	}
	cw = append(cw, mac...)
	ec := make([]int, s.ec)
	reedsolomon.PDF417.EncodeInts(cw, ec)
	cw = append(cw, ec...)
	return &Code{
		Columns: s.cols, Rows: s.rows, Level: -1, Micro: true,
		Codewords: cw, ECCodewords: s.ec,
		Modules: microLayout(cw, s),
	}, nil
}

// microLayout draws the codewords of a MicroPDF417 symbol.
func microLayout(cw []int, s microSize) *matrix.Matrix {
	w := microWidth(s.cols)
	m := matrix.New(w, s.rows*microRowHeight)
	for r := range s.rows {
		y := r * microRowHeight
		k := s.rowCluster(r)
		x := drawWidths(m, 0, y, seqWidths(sideRAPs[rowRAP(s.left, r)]))
		for c := range s.cols {
			x = drawChar(m, x, y, k, cw[r*s.cols+c])
			if c+1 == centreAfter(s.cols) {
				x = drawWidths(m, x, y, seqWidths(centreRAPs[rowRAP(s.centre, r)]))
			}
		}
		x = drawWidths(m, x, y, seqWidths(sideRAPs[rowRAP(s.right, r)]))
		m.Set(x, y, true)
		for dy := 1; dy < microRowHeight; dy++ {
			copy(m.Pix[(y+dy)*w:(y+dy+1)*w], m.Pix[y*w:(y+1)*w])
		}
	}
	return m
}
