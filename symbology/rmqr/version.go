package rmqr

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/symbology/qrfamily"
)

// Size is an rMQR Code symbol size, numbered 1 to 32 by height and then
// width: R7x43, R7x59, ... R17x139. The format information numbers them 0
// to 31 (ISO/IEC 23941:2022 §7.9.1); zint's --vers option 1 to 32, as
// here, so that the zero Size can mean "none chosen".
type Size int

// NumSizes is the number of rMQR Code sizes.
const NumSizes = 32

// info returns the size's row of the tables.
func (s Size) info() *sizeInfo { return &sizes[s-1] }

// valid reports whether s is one of the 32 sizes.
func (s Size) valid() bool { return s >= 1 && s <= NumSizes }

// sizeInfo is one size's row of the tables of ISO/IEC 23941:2022 that give
// each size's codewords, data capacity and error correction blocks (§6.2,
// §7.5), reduced to what cannot be computed: the data codewords and the
// number of blocks at levels M and H. The total codewords follow from the
// layout (dataModules), the check codewords per block from the totals;
// version_test.go checks them against the published totals and
// capacities. (The standard's text was not at hand: the rows are as
// zint's backend/qr.h transcribes the standard's tables, and barkit's
// symbols read in zxing-cpp, which has its own transcription.)
type sizeInfo struct {
	height, width int
	data          [2]int // data codewords at M, H
	blocks        [2]int // error correction blocks at M, H
}

var sizes = [NumSizes]sizeInfo{ // index: Size-1
	{7, 43, [2]int{6, 3}, [2]int{1, 1}},      // 0
	{7, 59, [2]int{12, 7}, [2]int{1, 1}},     // 1
	{7, 77, [2]int{20, 10}, [2]int{1, 1}},    // 2
	{7, 99, [2]int{28, 14}, [2]int{1, 1}},    // 3
	{7, 139, [2]int{44, 24}, [2]int{1, 2}},   // 4
	{9, 43, [2]int{12, 7}, [2]int{1, 1}},     // 5
	{9, 59, [2]int{21, 11}, [2]int{1, 1}},    // 6
	{9, 77, [2]int{31, 17}, [2]int{1, 2}},    // 7
	{9, 99, [2]int{42, 22}, [2]int{1, 2}},    // 8
	{9, 139, [2]int{63, 33}, [2]int{2, 3}},   // 9
	{11, 27, [2]int{7, 5}, [2]int{1, 1}},     // 10
	{11, 43, [2]int{19, 11}, [2]int{1, 1}},   // 11
	{11, 59, [2]int{31, 15}, [2]int{1, 2}},   // 12
	{11, 77, [2]int{43, 23}, [2]int{1, 2}},   // 13
	{11, 99, [2]int{57, 29}, [2]int{2, 2}},   // 14
	{11, 139, [2]int{84, 42}, [2]int{2, 3}},  // 15
	{13, 27, [2]int{12, 7}, [2]int{1, 1}},    // 16
	{13, 43, [2]int{27, 13}, [2]int{1, 1}},   // 17
	{13, 59, [2]int{38, 20}, [2]int{1, 2}},   // 18
	{13, 77, [2]int{53, 29}, [2]int{2, 2}},   // 19
	{13, 99, [2]int{73, 35}, [2]int{2, 3}},   // 20
	{13, 139, [2]int{106, 54}, [2]int{3, 4}}, // 21
	{15, 43, [2]int{33, 15}, [2]int{1, 2}},   // 22
	{15, 59, [2]int{48, 26}, [2]int{1, 2}},   // 23
	{15, 77, [2]int{67, 31}, [2]int{2, 3}},   // 24
	{15, 99, [2]int{88, 48}, [2]int{2, 4}},   // 25
	{15, 139, [2]int{127, 69}, [2]int{3, 5}}, // 26
	{17, 43, [2]int{39, 21}, [2]int{1, 2}},   // 27
	{17, 59, [2]int{56, 28}, [2]int{2, 2}},   // 28
	{17, 77, [2]int{78, 38}, [2]int{2, 3}},   // 29
	{17, 99, [2]int{100, 56}, [2]int{3, 4}},  // 30
	{17, 139, [2]int{152, 76}, [2]int{4, 6}}, // 31
}

// countBits is ISO/IEC 23941:2022 §7.4.1, Table 3: the width of the
// character count indicator of the numeric, alphanumeric, byte and kanji
// modes at each size. R13x77 has a 7-bit numeric count (its 124 digits
// need no more), as zxing-cpp and zint 2.11 read and write it; a draft of
// the standard gave it 8.
var countBits = [NumSizes][4]int{ // index: Size-1
	{4, 3, 3, 2}, {5, 5, 4, 3}, {6, 5, 5, 4}, {7, 6, 5, 5}, {7, 6, 6, 5}, // R7
	{5, 5, 4, 3}, {6, 5, 5, 4}, {7, 6, 5, 5}, {7, 6, 6, 5}, {8, 7, 6, 6}, // R9
	{4, 4, 3, 2}, {6, 5, 5, 4}, {7, 6, 5, 5}, {7, 6, 6, 5}, {8, 7, 6, 6}, {8, 7, 7, 6}, // R11
	{5, 5, 4, 3}, {6, 6, 5, 5}, {7, 6, 6, 5}, {7, 7, 6, 6}, {8, 7, 7, 6}, {8, 8, 7, 7}, // R13
	{7, 6, 6, 5}, {7, 7, 6, 5}, {8, 7, 7, 6}, {8, 7, 7, 6}, {9, 8, 7, 7}, // R15
	{7, 6, 6, 5}, {8, 7, 6, 6}, {8, 7, 7, 6}, {8, 8, 7, 6}, {9, 8, 8, 7}, // R17
}

// alignmentColumns is ISO/IEC 23941:2022 Annex D, Table D.1: the columns
// of the centre modules of the alignment patterns, by symbol width (R*x27
// has none).
var alignmentColumns = map[int][]int{
	27:  nil,
	43:  {21},
	59:  {19, 39},
	77:  {25, 51},
	99:  {23, 49, 75},
	139: {27, 55, 83, 111},
}

// Height returns the number of module rows of the size.
func (s Size) Height() int { return s.info().height }

// Width returns the number of module columns of the size.
func (s Size) Width() int { return s.info().width }

// String returns the size's name, "R7x43" to "R17x139".
func (s Size) String() string {
	if !s.valid() {
		return fmt.Sprintf("Size(%d)", int(s))
	}
	return fmt.Sprintf("R%dx%d", s.Height(), s.Width())
}

// SizeOf returns the size of height × width modules, and whether there is
// one.
func SizeOf(height, width int) (Size, bool) {
	for i, si := range sizes {
		if si.height == height && si.width == width {
			return Size(i + 1), true
		}
	}
	return 0, false
}

// ParseSize reads a size name, "R13x77" (case-insensitive; the R may be
// left out, and "×" or "*" may stand for x).
func ParseSize(name string) (Size, error) {
	s := strings.ToLower(strings.TrimSpace(name))
	s = strings.TrimPrefix(s, "r")
	s = strings.NewReplacer("×", "x", "*", "x").Replace(s)
	hs, ws, ok := strings.Cut(s, "x")
	h, err1 := strconv.Atoi(hs)
	w, err2 := strconv.Atoi(ws)
	if ok && err1 == nil && err2 == nil {
		if size, ok := SizeOf(h, w); ok {
			return size, nil
		}
	}
	return 0, fmt.Errorf("rmqr: size %q: not one of R7x43 ... R17x139", name)
}

// Level is an rMQR Code error correction level: M or H (ISO/IEC
// 23941:2022 §6.5.4), recovering about 15% and 30% of the codewords.
type Level int

// The error correction levels.
const (
	M Level = iota
	H
)

// String returns the level's letter.
func (l Level) String() string {
	switch l {
	case M:
		return "M"
	case H:
		return "H"
	}
	return "?"
}

// totalCodewords returns the codewords of a size: its data modules in
// 8-bit codewords; the modules left over are remainder bits.
func totalCodewords(s Size) int { return getLayout(s).dataModules / 8 }

// dataCodewords returns the data codewords of a size at a level.
func dataCodewords(s Size, l Level) int { return s.info().data[l] }

// blocks returns the Reed–Solomon blocks of a size at a level (§7.5).
func blocks(s Size, l Level) qrfamily.Blocks {
	return qrfamily.SplitBlocks(totalCodewords(s), dataCodewords(s, l), s.info().blocks[l])
}

// dialects holds each size's bit stream dialect (ISO/IEC 23941:2022
// §7.4.2): mode indicators of 3 bits, 000 the terminator, 001
// numeric, 010 alphanumeric, 011 byte, 100 kanji, 101 FNC1 in first
// position, 110 FNC1 in second position and 111 ECI.
var dialects [NumSizes + 1]qrfamily.Dialect

// headers holds each size's segment header widths (qrfamily.Headers).
var headers [NumSizes + 1][qrfamily.NumModes]int

func init() {
	modes := []qrfamily.Mode{qrfamily.Terminator, qrfamily.Numeric, qrfamily.Alnum, qrfamily.Byte,
		qrfamily.Kanji, qrfamily.FNC1First, qrfamily.FNC1Second, qrfamily.ECI}
	for s := Size(1); s <= NumSizes; s++ {
		d := qrfamily.Dialect{Symbology: "rmqr", ModeBits: 3, TermBits: 3, Modes: modes}
		for i, m := range modes[1:5] {
			d.Count[m] = countBits[s-1][i]
		}
		dialects[s] = d
		headers[s] = qrfamily.Headers(&dialects[s])
	}
}
