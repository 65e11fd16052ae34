package qr

import "github.com/barkit/barkit/symbology/qrfamily"

// A mode is a QR Code segment mode indicator (ISO/IEC 18004:2015 §7.4.2,
// Table 2). The bit stream itself is read and written by package
// qrfamily, in the dialect these indicators and the count widths of Table 3
// make (dialects).
type mode uint8

const (
	modeTerminator mode = 0  // 0000: end of message
	modeNumeric    mode = 1  // 0001
	modeAlnum      mode = 2  // 0010
	modeAppend     mode = 3  // 0011: structured append (§8)
	modeByte       mode = 4  // 0100
	modeFNC1First  mode = 5  // 0101: FNC1 in first position, GS1 data (§7.4.8.2)
	modeECI        mode = 7  // 0111 (§7.4.3)
	modeKanji      mode = 8  // 1000
	modeFNC1Second mode = 9  // 1001: FNC1 in second position (§7.4.8.3)
	modeHanzi      mode = 13 // 1101: Chinese (GB 2312) mode of GB/T 18284, read only
)

// indicators maps QR Code's mode indicators to the modes of the family.
var indicators = map[mode]qrfamily.Mode{
	modeTerminator: qrfamily.Terminator,
	modeNumeric:    qrfamily.Numeric,
	modeAlnum:      qrfamily.Alnum,
	modeAppend:     qrfamily.Append,
	modeByte:       qrfamily.Byte,
	modeFNC1First:  qrfamily.FNC1First,
	modeECI:        qrfamily.ECI,
	modeKanji:      qrfamily.Kanji,
	modeFNC1Second: qrfamily.FNC1Second,
	modeHanzi:      qrfamily.Hanzi,
}

// countBits returns the width of the character count indicator of a mode in
// a version class (0: versions 1-9, 1: 10-26, 2: 27-40) (§7.4.2, Table 3).
func countBits(m mode, class int) int {
	switch m {
	case modeNumeric:
		return [3]int{10, 12, 14}[class]
	case modeAlnum:
		return [3]int{9, 11, 13}[class]
	case modeByte:
		return [3]int{8, 16, 16}[class]
	case modeKanji, modeHanzi:
		return [3]int{8, 10, 12}[class]
	}
	return 0
}

// dialects holds QR Code's bit stream dialect for each version class, and
// headers the segment header widths of each (qrfamily.Headers).
var (
	dialects [3]qrfamily.Dialect
	headers  [3][qrfamily.NumModes]int
)

func init() {
	for class := range dialects {
		d := qrfamily.Dialect{Symbology: "qr", ModeBits: 4, TermBits: 4, Modes: make([]qrfamily.Mode, 16)}
		for ind, m := range indicators {
			d.Modes[ind] = m
			d.Count[m] = countBits(ind, class)
		}
		dialects[class] = d
		headers[class] = qrfamily.Headers(&dialects[class])
	}
}
