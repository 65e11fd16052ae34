package maxicode

// The code sets of ISO/IEC 16023:2000 §4.3, Table 3 ("Code Sets"), with
// Appendix A's assignment of characters to them. Each set has 64 values;
// most stand for a character of ISO/IEC 8859-1, the rest for the function
// characters below. Value 27 is the ECI escape and 31 the numeric shift in
// every set; FS, GS and RS are 28-30 in sets A to D and 32-34 in set E.

// Function characters, the values of a set that are not characters. They
// are negative so that a table entry is either a byte or one of these.
const (
	fnECI     = -1 - iota // ECI designator follows (§4.3.5)
	fnPad                 // padding (§4.3.4)
	fnNS                  // numeric shift: 5 codewords of 9 digits follow (§4.3.3)
	fnShiftA              // the next character is from set A
	fnShift2A             // the next 2 characters are from set A
	fnShift3A             // the next 3 characters are from set A
	fnShiftB              // the next character is from set B
	fnShiftC              // the next character is from set C (twice in a row: lock in C)
	fnShiftD              // the next character is from set D (twice: lock in D)
	fnShiftE              // the next character is from set E (twice: lock in E)
	fnLatchA              // set A from here on
	fnLatchB              // set B from here on
	fnLock                // in a set shifted to: stay in it (lock in C, D or E)
)

// Code set indices.
const (
	setA = iota
	setB
	setC
	setD
	setE
	numSets
)

// codeSets is ISO/IEC 16023:2000 Table 3: codeSets[set][value] is the
// ISO/IEC 8859-1 byte the value stands for in the set, or a function
// character (negative).
var codeSets = [numSets][64]int16{
	setA: {
		'\r', 'A', 'B', 'C', 'D', 'E', 'F', 'G', // 0
		'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', // 8
		'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', // 16
		'X', 'Y', 'Z', fnECI, 0x1c, 0x1d, 0x1e, fnNS, // 24
		' ', fnPad, '"', '#', '$', '%', '&', '\'', // 32
		'(', ')', '*', '+', ',', '-', '.', '/', // 40
		'0', '1', '2', '3', '4', '5', '6', '7', // 48
		'8', '9', ':', fnShiftB, fnShiftC, fnShiftD, fnShiftE, fnLatchB, // 56
	},
	setB: {
		'`', 'a', 'b', 'c', 'd', 'e', 'f', 'g', // 0
		'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', // 8
		'p', 'q', 'r', 's', 't', 'u', 'v', 'w', // 16
		'x', 'y', 'z', fnECI, 0x1c, 0x1d, 0x1e, fnNS, // 24
		'{', fnPad, '}', '~', 0x7f, ';', '<', '=', // 32
		'>', '?', '[', '\\', ']', '^', '_', ' ', // 40
		',', '.', '/', ':', '@', '!', '|', fnPad, // 48
		fnShift2A, fnShift3A, fnPad, fnShiftA, fnShiftC, fnShiftD, fnShiftE, fnLatchA, // 56
	},
	setC: {
		0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, // 0
		0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, // 8
		0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, // 16
		0xd8, 0xd9, 0xda, fnECI, 0x1c, 0x1d, 0x1e, fnNS, // 24
		0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xaa, 0xac, 0xb1, // 32
		0xb2, 0xb3, 0xb5, 0xb9, 0xba, 0xbc, 0xbd, 0xbe, // 40
		0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, // 48
		0x88, 0x89, fnLatchA, ' ', fnLock, fnShiftD, fnShiftE, fnLatchB, // 56
	},
	setD: {
		0xe0, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, // 0
		0xe8, 0xe9, 0xea, 0xeb, 0xec, 0xed, 0xee, 0xef, // 8
		0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, // 16
		0xf8, 0xf9, 0xfa, fnECI, 0x1c, 0x1d, 0x1e, fnNS, // 24
		0xfb, 0xfc, 0xfd, 0xfe, 0xff, 0xa1, 0xa8, 0xab, // 32
		0xaf, 0xb0, 0xb4, 0xb7, 0xb8, 0xbb, 0xbf, 0x8a, // 40
		0x8b, 0x8c, 0x8d, 0x8e, 0x8f, 0x90, 0x91, 0x92, // 48
		0x93, 0x94, fnLatchA, ' ', fnShiftC, fnLock, fnShiftE, fnLatchB, // 56
	},
	setE: {
		0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, // 0
		0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, // 8
		0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, // 16
		0x18, 0x19, 0x1a, fnECI, fnPad, fnPad, 0x1b, fnNS, // 24
		0x1c, 0x1d, 0x1e, 0x1f, 0x9f, 0xa0, 0xa2, 0xa3, // 32
		0xa4, 0xa5, 0xa6, 0xa7, 0xa9, 0xad, 0xae, 0xb6, // 40
		0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, // 48
		0x9d, 0x9e, fnLatchA, ' ', fnShiftC, fnShiftD, fnLock, fnLatchB, // 56
	},
}

// Values of function characters the encoder writes, per ISO/IEC
// 16023:2000 Table 3.
const (
	valECI     = 27 // in every set
	valNS      = 31 // in every set
	valPad     = 33 // in sets A and B
	valLatchB  = 63 // in sets A, C, D and E
	valLatchA  = 63 // in set B
	valLatchA2 = 58 // in sets C, D and E
)

// charValue[set][b] is the value of byte b in set, or -1 when the set has
// no value for it; built from codeSets at init.
var charValue [numSets][256]int8

func init() {
	for s := range codeSets {
		for b := range charValue[s] {
			charValue[s][b] = -1
		}
		for v, c := range codeSets[s] {
			if c >= 0 && charValue[s][c] < 0 {
				charValue[s][c] = int8(v)
			}
		}
	}
}

// shiftValue[from][to] is the value in set from that shifts one character
// to set to, or -1 when there is none; lockValue[from][to] is the pair of
// values that latch from one set to another: a latch character, or a
// shift followed by the lock character of the set shifted to (ISO/IEC
// 16023:2000 §4.3.2).
var shiftValue = [numSets][numSets]int8{
	setA: {-1, 59, 60, 61, 62},
	setB: {59, -1, 60, 61, 62},
	setC: {-1, -1, -1, 61, 62},
	setD: {-1, -1, 60, -1, 62},
	setE: {-1, -1, 60, 61, -1},
}

// latchCost[from][to] is the number of codewords that latch from one set to
// another: 1 for a latch character, 2 for a shift and a lock.
var latchCost = [numSets][numSets]int{
	setA: {0, 1, 2, 2, 2},
	setB: {1, 0, 2, 2, 2},
	setC: {1, 1, 0, 2, 2},
	setD: {1, 1, 2, 0, 2},
	setE: {1, 1, 2, 2, 0},
}

// appendLatch appends the codewords that latch from one set to another.
func appendLatch(cw []byte, from, to int) []byte {
	switch {
	case to == setA && from == setB:
		return append(cw, valLatchA)
	case to == setA:
		return append(cw, valLatchA2)
	case to == setB:
		return append(cw, valLatchB)
	}
	// Shift to the set, then its lock character: 60, 61 and 62 are both
	// the shift to C, D and E in the other sets and the lock in C, D and E.
	v := byte(60 + to - setC)
	return append(cw, v, v)
}
