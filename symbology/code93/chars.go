package code93

// chars are the 48 characters of Code 93 by value, each as the widths in
// modules of its bars and spaces, bar first (AIM USS-93, Table 1): the
// digits, the capital letters, - . space $ / + %, the four shift
// characters ($) (%) (/) (+) at 43 to 46, and the start and stop
// character * at 47. Every character is nine modules, three bars and
// three spaces of one to four modules; TestChars checks both, and that no
// two characters share their edge-to-similar-edge distances.
var chars = [48]string{
	"131112", // 0  0
	"111213", // 1  1
	"111312", // 2  2
	"111411", // 3  3
	"121113", // 4  4
	"121212", // 5  5
	"121311", // 6  6
	"111114", // 7  7
	"131211", // 8  8
	"141111", // 9  9
	"211113", // 10 A
	"211212", // 11 B
	"211311", // 12 C
	"221112", // 13 D
	"221211", // 14 E
	"231111", // 15 F
	"112113", // 16 G
	"112212", // 17 H
	"112311", // 18 I
	"122112", // 19 J
	"132111", // 20 K
	"111123", // 21 L
	"111222", // 22 M
	"111321", // 23 N
	"121122", // 24 O
	"131121", // 25 P
	"212112", // 26 Q
	"212211", // 27 R
	"211122", // 28 S
	"211221", // 29 T
	"221121", // 30 U
	"222111", // 31 V
	"112122", // 32 W
	"112221", // 33 X
	"122121", // 34 Y
	"123111", // 35 Z
	"121131", // 36 -
	"311112", // 37 .
	"311211", // 38 space
	"321111", // 39 $
	"112131", // 40 /
	"113121", // 41 +
	"211131", // 42 %
	"121221", // 43 ($)
	"312111", // 44 (%)
	"311121", // 45 (/)
	"122211", // 46 (+)
	"111141", // 47 * start and stop
}

// Values of the special characters.
const (
	shiftDollar  = 43 // ($): control characters
	shiftPercent = 44 // (%): the other punctuation, DEL, NUL
	shiftSlash   = 45 // (/): punctuation
	shiftPlus    = 46 // (+): lower-case letters
	startStop    = 47
)

// letters are the characters of values 0 to 42, as they read.
const letters = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%"

// charModules is the width of a character in modules.
const charModules = 9

// byEdges finds a character by its four edge-to-similar-edge distances,
// each 2 to 5 modules: the index is the distances less 2 as digits of base
// 4. It holds the value plus one, 0 where no character has those
// distances. Computed from chars at init.
var byEdges [4 * 4 * 4 * 4]uint8

func init() {
	for v, p := range chars {
		byEdges[edgeIndex(similarEdges(p))] = uint8(v + 1)
	}
}

// similarEdges returns the four edge-to-similar-edge distances of pattern
// p, in modules: each element plus the next.
func similarEdges(p string) [4]int {
	var t [4]int
	for k := range t {
		t[k] = int(p[k]-'0') + int(p[k+1]-'0')
	}
	return t
}

// edgeIndex returns the index in byEdges of distances t, each 2 to 5.
func edgeIndex(t [4]int) int {
	return ((t[0]-2)*4+t[1]-2)*16 + (t[2]-2)*4 + t[3] - 2
}

// checkValue returns the check character of values: their sum weighted 1,
// 2, ... from the last, the weights starting again at 1 after max (20 for
// C, 15 for K), modulo 47 (AIM USS-93, check characters).
func checkValue(values []int, max int) int {
	sum, w := 0, 1
	for i := len(values) - 1; i >= 0; i-- {
		sum += values[i] * w
		if w++; w > max {
			w = 1
		}
	}
	return sum % 47
}

// Full ASCII. Code 93 spells each ASCII character it lacks as a shift
// character and a capital letter (AIM USS-93, Full ASCII table): ($)A to
// ($)Z the controls 1 to 26; (%)A to (%)E the controls 27 to 31, (%)F to
// (%)J ; < = > ?, (%)K to (%)O [ \ ] ^ _, (%)P to (%)T { | } ~ DEL, (%)U
// NUL, (%)V @, (%)W `, (%)X to (%)Z DEL too; (/)A to (/)O ! to /, (/)Z :;
// (+)A to (+)Z the lower-case letters.

// shifted returns the ASCII character of shift character s (a value 43 to
// 46) and letter l (a value 10 to 35), and whether the pair is one.
func shifted(s, l int) (byte, bool) {
	if l < 10 || l > 35 {
		return 0, false
	}
	k := l - 10 // 0 for A
	switch s {
	case shiftDollar:
		return byte(1 + k), true
	case shiftPercent:
		switch {
		case k < 5:
			return byte(27 + k), true
		case k < 10:
			return byte(';' + k - 5), true
		case k < 15:
			return byte('[' + k - 10), true
		case k < 20:
			return byte('{' + k - 15), true
		case k == 20:
			return 0, true
		case k == 21:
			return '@', true
		case k == 22:
			return '`', true
		default:
			return 0x7F, true
		}
	case shiftSlash:
		switch {
		case k < 15:
			return byte('!' + k), true
		case k == 25:
			return ':', true
		}
		return 0, false
	case shiftPlus:
		return byte('a' + k), true
	}
	return 0, false
}

// spell holds the values that spell each ASCII character: one character
// of Code 93, or a shift character and a letter. Computed at init from
// letters and shifted, preferring a character of its own; DEL is (%)T.
var spell [128][]int

func init() {
	for v := range len(letters) {
		spell[letters[v]] = []int{v}
	}
	for _, s := range []int{shiftDollar, shiftPercent, shiftSlash, shiftPlus} {
		for l := 10; l <= 35; l++ {
			if c, ok := shifted(s, l); ok && spell[c] == nil {
				spell[c] = []int{s, l}
			}
		}
	}
}
