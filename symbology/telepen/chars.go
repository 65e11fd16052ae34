package telepen

// A Telepen character is the 7-bit ASCII value and an even parity bit
// (bit 7), sent least significant bit first, as pairs of a bar and a
// space, each narrow (one module) or wide (three): every character is 16
// modules, two per bit (AIM USS Telepen, character encodation). The pairs
// spell the bits as tokens; outside a block, a narrow bar and a wide
// space open one, and inside a block they close it:
//
//	narrow bar, narrow space   1
//	wide bar, narrow space     00
//	wide bar, wide space       010
//	narrow bar, wide space     01, opening a block; 10, closing it
const (
	// charModules is the width of a character in modules.
	charModules = 16
	// wideModules is the width of a wide element in modules.
	wideModules = 3
)

// The start and stop patterns, in modules, bar first (AIM USS Telepen):
// the alpha start is the character _ and its stop z; the numeric and
// mixed starts are patterns of their own, and each stop is its start read
// backwards (its last space is the quiet zone).
var (
	starts = [4][12]int8{
		1: {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3}, // full ASCII
		2: {1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 3}, // double-density numeric, then full ASCII after DLE
		3: {1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 3}, // full ASCII, then double-density numeric after DLE
	}
	stops = [4][11]int8{
		1: {3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1},
		2: {3, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1},
		3: {3, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1},
	}
)

// The start patterns, as the kind of a hit.
const (
	startAlpha   = 1
	startNumeric = 2
	startMixed   = 3
)

// dle is ASCII DLE, which switches a numeric symbol to full ASCII and
// back.
const dle = 0x10

// bitsOf returns the eight bits of ASCII character c with its even parity
// bit, least significant first.
func bitsOf(c byte) [8]byte {
	var b [8]byte
	ones := 0
	for k := range 7 {
		b[k] = c >> k & 1
		ones += int(b[k])
	}
	b[7] = byte(ones & 1)
	return b
}

// elements returns the widths in modules of the pairs of bars and spaces
// that spell bits, and whether they spell them: outside a block, 1 is a
// narrow pair, 00 a wide bar, 010 two wide elements, 011 a wide space
// opening a block; inside, 10 a wide space closing it. The 16 modules of
// every ASCII character with its parity bit spell so (TestZint checks
// them against zint's).
func elements(bits [8]byte) ([]int8, bool) {
	var w []int8
	block := false
	for i := 0; i < len(bits); {
		rest := bits[i:]
		at := func(k int, v byte) bool { return k < len(rest) && rest[k] == v }
		switch {
		case block && at(0, 1) && at(1, 0):
			w, block, i = append(w, 1, 3), false, i+2
		case at(0, 1):
			w, i = append(w, 1, 1), i+1
		case at(0, 0) && at(1, 0):
			w, i = append(w, 3, 1), i+2
		case at(0, 0) && at(1, 1) && at(2, 0):
			w, i = append(w, 3, 3), i+3
		case !block && at(0, 0) && at(1, 1):
			w, block, i = append(w, 1, 3), true, i+2
		default:
			return nil, false
		}
	}
	return w, !block
}

// patterns holds the elements of every ASCII character, computed at init.
var patterns [128][]int8

func init() {
	for c := range 128 {
		w, ok := elements(bitsOf(byte(c)))
		if !ok {
			panic("telepen: character does not spell")
		}
		patterns[c] = w
	}
}

// checkChar returns the check character of values: 127 less their sum
// modulo 127, modulo 127 (AIM USS Telepen, check character).
func checkChar(values []byte) byte {
	sum := 0
	for _, v := range values {
		sum += int(v)
	}
	return byte((127 - sum%127) % 127)
}
