package aztec

// The character encodation of ISO/IEC 24778:2008 §7.3.1.1, Table 2: five
// modes of 5-bit codes (4-bit in Digit mode), with codes that latch to
// another mode, shift to one for a single code, or switch to Binary Shift
// for a run of bytes.

// mode is an encodation mode of Table 2.
type mode int8

// The modes. Binary Shift is not a mode one latches to: a B/S code is
// followed by a length and that many bytes, and the mode it came from
// resumes.
const (
	modeUpper mode = iota
	modeLower
	modeMixed
	modePunct
	modeDigit
	numModes
)

// String returns the mode's name in Table 2.
func (m mode) String() string {
	return [...]string{"Upper", "Lower", "Mixed", "Punct", "Digit"}[m]
}

// bits returns the size of the mode's codes: 4 in Digit mode, 5 elsewhere.
func (m mode) bits() int {
	if m == modeDigit {
		return 4
	}
	return 5
}

// Codes with a meaning other than a character (Table 2). P/S is code 0 in
// every mode but Punct; in Punct mode code 0 is FLG(n).
const (
	codePS  = 0  // Punct Shift (Upper, Lower, Mixed, Digit)
	codeFLG = 0  // FLG(n), in Punct mode: FNC1 or an ECI designator
	codeLL  = 28 // Lower Latch (Upper, Mixed)
	codeUS  = 28 // Upper Shift (Lower)
	codeML  = 29 // Mixed Latch (Upper, Lower)
	codeUL  = 29 // Upper Latch (Mixed)
	codeDL  = 30 // Digit Latch (Upper, Lower)
	codePL  = 30 // Punct Latch (Mixed)
	codeBS  = 31 // Binary Shift (Upper, Lower, Mixed)

	codePunctUL = 31 // Upper Latch (Punct)
	codeDigitUL = 14 // Upper Latch (Digit)
	codeDigitUS = 15 // Upper Shift (Digit)
)

// punctPairs are the two-character sequences that Punct codes 2 to 5 stand
// for (Table 2).
var punctPairs = [4][2]byte{{'\r', '\n'}, {'.', ' '}, {',', ' '}, {':', ' '}}

// charCodes holds, for each mode, the code of each byte in that mode, or -1
// where the mode has none. Built at init from the tables below.
var charCodes [numModes][256]int8

// modeChars lists the characters of each mode by code (Table 2); 0 marks a
// code that stands for no single byte (a latch, shift, pair or FLG(n)).
var modeChars = [numModes][]byte{
	modeUpper: []byte("\x00 ABCDEFGHIJKLMNOPQRSTUVWXYZ\x00\x00\x00\x00"),
	modeLower: []byte("\x00 abcdefghijklmnopqrstuvwxyz\x00\x00\x00\x00"),
	modeMixed: {0, ' ', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 27, 28, 29, 30, 31,
		'@', '\\', '^', '_', '`', '|', '~', 127, 0, 0, 0, 0},
	modePunct: {0, '\r', 0, 0, 0, 0, '!', '"', '#', '$', '%', '&', '\'', '(', ')', '*',
		'+', ',', '-', '.', '/', ':', ';', '<', '=', '>', '?', '[', ']', '{', '}', 0},
	modeDigit: []byte("\x00 0123456789,.\x00\x00"),
}

func init() {
	for m := range numModes {
		for i := range charCodes[m] {
			charCodes[m][i] = -1
		}
		for code, c := range modeChars[m] {
			if c != 0 {
				charCodes[m][c] = int8(code)
			}
		}
	}
}

// latch is a sequence of latch codes from one mode to another.
type latch struct {
	bits  int    // total length in bits
	codes []code // in order
}

// code is one code of a mode's table, as written: its value and size.
type code struct {
	value, bits int
}

// directLatches are the latch codes of Table 2, from mode to mode.
var directLatches = map[[2]mode]code{
	{modeUpper, modeLower}: {codeLL, 5},
	{modeUpper, modeMixed}: {codeML, 5},
	{modeUpper, modeDigit}: {codeDL, 5},
	{modeLower, modeMixed}: {codeML, 5},
	{modeLower, modeDigit}: {codeDL, 5},
	{modeMixed, modeUpper}: {codeUL, 5},
	{modeMixed, modeLower}: {codeLL, 5},
	{modeMixed, modePunct}: {codePL, 5},
	{modePunct, modeUpper}: {codePunctUL, 5},
	{modeDigit, modeUpper}: {codeDigitUL, 4},
}

// latches holds the shortest latch sequence between every two modes,
// computed at init from directLatches (Lower to Upper, for example, has no
// latch of its own and goes through Digit: D/L U/L, 9 bits).
var latches [numModes][numModes]latch

func init() {
	const inf = 1 << 20
	for a := range numModes {
		for b := range numModes {
			latches[a][b].bits = inf
			if a == b {
				latches[a][b].bits = 0
			} else if c, ok := directLatches[[2]mode{a, b}]; ok {
				latches[a][b] = latch{c.bits, []code{c}}
			}
		}
	}
	// Floyd–Warshall over five modes.
	for k := range numModes {
		for a := range numModes {
			for b := range numModes {
				if l := latches[a][k].bits + latches[k][b].bits; l < latches[a][b].bits {
					latches[a][b] = latch{l, append(append([]code(nil), latches[a][k].codes...), latches[k][b].codes...)}
				}
			}
		}
	}
}
