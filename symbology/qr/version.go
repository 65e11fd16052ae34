package qr

import "github.com/barkit/barkit/symbology/qrfamily"

// Versions run from 1 (21×21 modules) to 40 (177×177 modules); each version
// adds 4 modules to the side (ISO/IEC 18004:2015 §5.3.2).
const (
	minVersion = 1
	maxVersion = 40
)

// size returns the number of modules on a side of a version's symbol.
func size(version int) int { return 17 + 4*version }

// ecBlocks is one row of the error correction table: the codewords of a
// symbol are split into Blocks Reed–Solomon blocks, each with EC check
// codewords. When the data codewords do not divide evenly, the last blocks
// hold one data codeword more (§7.5.2).
type ecBlocks struct {
	Blocks int // number of error correction blocks
	EC     int // error correction codewords per block
}

// ecTable is ISO/IEC 18004:2015 §7.5.1, Table 9 (error correction
// characteristics for QR Code), reduced to what cannot be computed: for each
// version (row index = version) and level L, M, Q, H, the number of blocks and
// the error correction codewords per block. The total codewords are computed
// from the symbol layout (rawModules), and the data codewords and the split
// into short and long blocks follow from these two numbers; version_test.go
// checks the result against every row of Table 7 and Table 9.
var ecTable = [maxVersion + 1][4]ecBlocks{
	{},
	{{1, 7}, {1, 10}, {1, 13}, {1, 17}},      // 1
	{{1, 10}, {1, 16}, {1, 22}, {1, 28}},     // 2
	{{1, 15}, {1, 26}, {2, 18}, {2, 22}},     // 3
	{{1, 20}, {2, 18}, {2, 26}, {4, 16}},     // 4
	{{1, 26}, {2, 24}, {4, 18}, {4, 22}},     // 5
	{{2, 18}, {4, 16}, {4, 24}, {4, 28}},     // 6
	{{2, 20}, {4, 18}, {6, 18}, {5, 26}},     // 7
	{{2, 24}, {4, 22}, {6, 22}, {6, 26}},     // 8
	{{2, 30}, {5, 22}, {8, 20}, {8, 24}},     // 9
	{{4, 18}, {5, 26}, {8, 24}, {8, 28}},     // 10
	{{4, 20}, {5, 30}, {8, 28}, {11, 24}},    // 11
	{{4, 24}, {8, 22}, {10, 26}, {11, 28}},   // 12
	{{4, 26}, {9, 22}, {12, 24}, {16, 22}},   // 13
	{{4, 30}, {9, 24}, {16, 20}, {16, 24}},   // 14
	{{6, 22}, {10, 24}, {12, 30}, {18, 24}},  // 15
	{{6, 24}, {10, 28}, {17, 24}, {16, 30}},  // 16
	{{6, 28}, {11, 28}, {16, 28}, {19, 28}},  // 17
	{{6, 30}, {13, 26}, {18, 28}, {21, 28}},  // 18
	{{7, 28}, {14, 26}, {21, 26}, {25, 26}},  // 19
	{{8, 28}, {16, 26}, {20, 30}, {25, 28}},  // 20
	{{8, 28}, {17, 26}, {23, 28}, {25, 30}},  // 21
	{{9, 28}, {17, 28}, {23, 30}, {34, 24}},  // 22
	{{9, 30}, {18, 28}, {25, 30}, {30, 30}},  // 23
	{{10, 30}, {20, 28}, {27, 30}, {32, 30}}, // 24
	{{12, 26}, {21, 28}, {29, 30}, {35, 30}}, // 25
	{{12, 28}, {23, 28}, {34, 28}, {37, 30}}, // 26
	{{12, 30}, {25, 28}, {34, 30}, {40, 30}}, // 27
	{{13, 30}, {26, 28}, {35, 30}, {42, 30}}, // 28
	{{14, 30}, {28, 28}, {38, 30}, {45, 30}}, // 29
	{{15, 30}, {29, 28}, {40, 30}, {48, 30}}, // 30
	{{16, 30}, {31, 28}, {43, 30}, {51, 30}}, // 31
	{{17, 30}, {33, 28}, {45, 30}, {54, 30}}, // 32
	{{18, 30}, {35, 28}, {48, 30}, {57, 30}}, // 33
	{{19, 30}, {37, 28}, {51, 30}, {60, 30}}, // 34
	{{19, 30}, {38, 28}, {53, 30}, {63, 30}}, // 35
	{{20, 30}, {40, 28}, {56, 30}, {66, 30}}, // 36
	{{21, 30}, {43, 28}, {59, 30}, {70, 30}}, // 37
	{{22, 30}, {45, 28}, {62, 30}, {74, 30}}, // 38
	{{24, 30}, {47, 28}, {65, 30}, {77, 30}}, // 39
	{{25, 30}, {49, 28}, {68, 30}, {81, 30}}, // 40
}

// alignmentCount returns the number of alignment pattern centre coordinates
// per axis (0 for version 1).
func alignmentCount(version int) int {
	if version < 2 {
		return 0
	}
	return version/7 + 2
}

// alignmentPositions returns the row/column coordinates of the alignment
// pattern centres (ISO/IEC 18004:2015 §6.3.6, Annex E, Table E.1). The first
// is always 6 and the last size-7; the ones between are spaced evenly at the
// smallest even step that spans the distance, and the gap left over goes
// between the first two. Version 32 is the one row of Table E.1 that uses a
// smaller step (26 instead of 28). version_test.go checks every row.
func alignmentPositions(version int) []int {
	n := alignmentCount(version)
	if n == 0 {
		return nil
	}
	last := size(version) - 7
	step := (last - 6 + n - 2) / (n - 1) // ceil((last-6)/(n-1))
	step += step & 1                     // rounded up to even
	if version == 32 {
		step = 26
	}
	pos := make([]int, n)
	pos[0] = 6
	for i := n - 1; i >= 1; i-- {
		pos[i] = last - (n-1-i)*step
	}
	return pos
}

// rawModules returns the number of modules of a version's symbol that carry
// codeword bits, remainder bits included: everything but the function
// patterns. From the N×N modules go the three finder patterns with their
// separators (3×64), the format information and the dark module (2×15+1), the
// two timing patterns (2×(N-16)), the alignment patterns (25 modules each,
// less the 5 shared with a timing pattern for each one on row or column 6) and
// the two version information blocks (2×18, version 7 and up).
func rawModules(version int) int {
	n := size(version)
	m := n*n - 3*64 - 31 - 2*(n-16)
	if k := alignmentCount(version); k > 0 {
		m -= 25*(k*k-3) - 5*2*(k-2)
	}
	if version >= 7 {
		m -= 36
	}
	return m
}

// totalCodewords returns the number of codewords of a version's symbol
// (ISO/IEC 18004:2015 Table 1); the modules left over are remainder bits.
func totalCodewords(version int) int { return rawModules(version) / 8 }

// dataCodewords returns the number of data codewords of a version at a
// level (Table 7).
func dataCodewords(version int, l Level) int {
	e := ecTable[version][l]
	return totalCodewords(version) - e.Blocks*e.EC
}

// blocks returns the Reed–Solomon blocks of a version and level (§7.5.2,
// Table 9).
func blocks(version int, l Level) qrfamily.Blocks {
	e := ecTable[version][l]
	return qrfamily.SplitBlocks(totalCodewords(version), dataCodewords(version, l), e.Blocks)
}

// versionClass returns 0, 1 or 2 for versions 1-9, 10-26 and 27-40, the
// groups that share character count indicator widths (Table 3).
func versionClass(version int) int {
	switch {
	case version <= 9:
		return 0
	case version <= 26:
		return 1
	}
	return 2
}

// classVersions are the smallest and largest version of each class.
var classVersions = [3][2]int{{1, 9}, {10, 26}, {27, 40}}
