package code128

import "strings"

// message is the content of a symbol: its data bytes (ISO/IEC 8859-1) and
// what its function characters said.
type message struct {
	data       []byte
	gs1        bool // FNC1 in first position: GS1-128 (symbology identifier ]C1)
	aim        bool // FNC1 in second position: an AIM application (]C2)
	readerInit bool // FNC3: reader programming
}

// Flags of a message, as the Kind of a linear.Hit.
const (
	flagGS1 = 1 << iota
	flagAIM
	flagReaderInit
)

// kind returns the flags of m.
func (m message) kind() int {
	k := 0
	if m.gs1 {
		k |= flagGS1
	}
	if m.aim {
		k |= flagAIM
	}
	if m.readerInit {
		k |= flagReaderInit
	}
	return k
}

// groupSeparator is what an FNC1 after the first position becomes in the
// data: GS, the separator of GS1 fields.
const groupSeparator = 0x1D

// decodeValues reads the message of symbol characters values, from the
// start character to the last data character (no check, no stop),
// following the code sets, shifts and function characters (ISO/IEC
// 15417:2007, code sets and function characters). It reports false for a
// sequence no encoder writes: a start character inside, a Shift after a
// Shift, a value its code set lacks.
func decodeValues(values []int) (message, bool) {
	var m message
	if len(values) == 0 || values[0] < startA || values[0] > startC {
		return m, false
	}
	set := values[0] - startA
	ext := false     // FNC4 latch
	pending := false // one FNC4 read: the next character toggles the high bit, or a second latches
	shifted := false // the previous character was Shift
	// first and second position of FNC1: the data characters before it.
	dataChars := 0
	var firstData []byte
	for _, c := range values[1:] {
		cur := set
		if shifted {
			cur = setA + setB - set
		}
		wasShifted := shifted
		shifted = false
		switch {
		case c == fnc1:
			switch {
			case dataChars == 0 && !m.gs1 && !m.aim:
				m.gs1 = true
			case dataChars == 1 && !m.gs1 && !m.aim && isAIMIndicator(firstData):
				m.aim = true
			default:
				m.data = append(m.data, groupSeparator)
			}
			continue
		case c >= startA:
			return m, false
		case cur == setC:
			switch c {
			case codeA:
				set = setA
			case codeB:
				set = setB
			default:
				m.data = append(m.data, byte('0'+c/10), byte('0'+c%10))
				if dataChars == 0 {
					firstData = m.data[len(m.data)-2:]
				}
				dataChars++
			}
			continue
		}
		// Sets A and B.
		switch {
		case c < fnc3:
			b := byte(c + 32)
			if cur == setA {
				if c < 64 {
					b = byte(c + 32)
				} else {
					b = byte(c - 64)
				}
			}
			if ext != pending {
				b |= 0x80
			}
			pending = false
			m.data = append(m.data, b)
			if dataChars == 0 {
				firstData = m.data[len(m.data)-1:]
			}
			dataChars++
		case c == fnc3:
			m.readerInit = true
		case c == fnc2:
			// Message append: the symbol's data is to be joined to the
			// next symbol's. barkit reports each symbol's data alone.
		case c == shift:
			if wasShifted {
				return m, false
			}
			shifted = true
		case c == codeC:
			set = setC
		case c == fnc4Of(cur):
			if pending {
				ext, pending = !ext, false
			} else {
				pending = true
			}
		default: // the switch to the other of A and B
			if wasShifted {
				return m, false
			}
			set = setA + setB - cur
		}
	}
	return m, true
}

// isAIMIndicator reports whether the data before an FNC1 in second
// position make an AIM application indicator: one letter, or two digits
// of set C (ISO/IEC 15417:2007, FNC1 in second position).
func isAIMIndicator(d []byte) bool {
	switch len(d) {
	case 1:
		c := d[0]
		return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
	case 2:
		return d[0] >= '0' && d[0] <= '9' && d[1] >= '0' && d[1] <= '9'
	}
	return false
}

// latin1 returns the ISO/IEC 8859-1 bytes b as UTF-8 text.
func latin1(b []byte) string {
	var s strings.Builder
	s.Grow(len(b))
	for _, c := range b {
		s.WriteRune(rune(c))
	}
	return s.String()
}
