package microqr

import (
	"fmt"

	"github.com/barkit/barkit/symbology/qrfamily"
)

// Version is a Micro QR Code version, M1 to M4: symbols of 11, 13, 15 and
// 17 modules a side (ISO/IEC 18004:2015 §5.3.2).
type Version int

// The versions.
const (
	M1 Version = 1 + iota
	M2
	M3
	M4
)

// String returns the version's name, "M1" to "M4".
func (v Version) String() string {
	if v < M1 || v > M4 {
		return fmt.Sprintf("Version(%d)", int(v))
	}
	return fmt.Sprintf("M%d", int(v))
}

// Size returns the number of modules on a side of the version's symbols.
func (v Version) Size() int { return 9 + 2*int(v) }

// Level is a Micro QR Code error correction level. M1 symbols detect
// errors and correct none; they count as level L here, as zint and
// zxing-cpp count them: a level-L request for a few digits gives an M1
// symbol, and an M1 symbol reads as level L.
type Level int

// The error correction levels, recovering about 7%, 15% and 25% of the
// codewords (ISO/IEC 18004:2015 Table 7). M2 and M3 have L and M, M4 has
// L, M and Q.
const (
	L Level = iota
	M
	Q
)

// String returns the level's letter.
func (l Level) String() string {
	if l < L || l > Q {
		return "?"
	}
	return "LMQ"[l : l+1]
}

// symbolInfo is one symbol of ISO/IEC 18004:2015 Table 9 (error correction
// characteristics, its Micro QR Code rows): a version at a level.
type symbolInfo struct {
	version Version
	level   Level
	data    int // data codewords; in M1 and M3 the last is 4 bits
	ec      int // error correction codewords
	// protect is p, the check codewords kept for misdecode protection
	// (Table 9, note a): a block may have (ec-p)/2 codewords corrected.
	// M1's two check codewords only detect errors.
	protect int
}

// symbols lists Table 9's Micro QR Code rows; the index is the symbol
// number of the format information (ISO/IEC 18004:2015 §7.9.2, Table 13).
var symbols = [8]symbolInfo{
	{M1, L, 3, 2, 2},   // 0: M1, error detection only
	{M2, L, 5, 5, 3},   // 1
	{M2, M, 4, 6, 2},   // 2
	{M3, L, 11, 6, 2},  // 3
	{M3, M, 9, 8, 2},   // 4
	{M4, L, 16, 8, 2},  // 5
	{M4, M, 14, 10, 0}, // 6
	{M4, Q, 10, 14, 0}, // 7
}

// symbolNumber returns the format information's symbol number of a
// version and level, and whether the version has the level.
func symbolNumber(v Version, l Level) (int, bool) {
	for i, s := range symbols {
		if s.version == v && s.level == l {
			return i, true
		}
	}
	return 0, false
}

// dataBits returns the data capacity of a symbol in bits: M1 and M3 end
// their data with a 4-bit codeword (§7.4.10).
func (s symbolInfo) dataBits() int {
	if s.version == M1 || s.version == M3 {
		return 8*s.data - 4
	}
	return 8 * s.data
}

// totalCodewords returns the codewords of a version (Table 1): the
// modules left by the function patterns, less M1's and M3's half
// codeword, in 8-bit codewords.
func totalCodewords(v Version) int {
	return (dataModules(v) + 4) / 8
}

// dataModules returns the modules of a version that carry codeword bits:
// all but the finder pattern and its separator (8×8), the two timing
// patterns and the 15 modules of format information.
func dataModules(v Version) int {
	n := v.Size()
	return n*n - 64 - 2*(n-8) - 15
}

// countBits is ISO/IEC 18004:2015 Table 3's Micro QR Code part: the width
// of the character count indicator of each mode in each version (0: the
// version lacks the mode).
var countBits = [M4 + 1][4]int{
	// numeric, alphanumeric, byte, kanji
	{},
	{3, 0, 0, 0}, // M1
	{4, 3, 0, 0}, // M2
	{5, 4, 4, 3}, // M3
	{6, 5, 5, 4}, // M4
}

// dialects holds each version's bit stream dialect (ISO/IEC 18004:2015
// §7.4.2, Table 2): mode indicators of v-1 bits, numeric 0…0,
// alphanumeric 0…01, byte 0…10, kanji 0…11, and a terminator of as many
// zero bits as a numeric segment's header takes (3, 5, 7 and 9 bits).
// Micro QR Code has no ECI, FNC1 or structured append.
var dialects [M4 + 1]qrfamily.Dialect

// headers holds each version's segment header widths (qrfamily.Headers).
var headers [M4 + 1][qrfamily.NumModes]int

func init() {
	modes := []qrfamily.Mode{qrfamily.Numeric, qrfamily.Alnum, qrfamily.Byte, qrfamily.Kanji}
	for v := M1; v <= M4; v++ {
		bits := int(v) - 1
		d := qrfamily.Dialect{Symbology: "micro-qr", ModeBits: bits, NoECI: true,
			Modes: make([]qrfamily.Mode, 1<<bits), TermBits: bits + countBits[v][0]}
		for i := range d.Modes {
			d.Modes[i] = qrfamily.Invalid
			if i < len(modes) && countBits[v][i] > 0 {
				d.Modes[i] = modes[i]
				d.Count[modes[i]] = countBits[v][i]
			}
		}
		dialects[v] = d
		headers[v] = qrfamily.Headers(&dialects[v])
	}
}
