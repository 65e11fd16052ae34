package code39

// chars are the characters of Code 39 in the order of their check values,
// each with its nine elements, bar first, narrow (n) or wide (w)
// (ISO/IEC 16388:2007, Table 1). The 40 characters from '0' to '*' have
// two wide bars and one wide space: their bars are a two-of-five code of
// the digit values 1 to 9 and 0 and their wide space one of four places,
// a group of ten each. The last four, $ / + %, have three wide spaces
// and no wide bar. Index k of a character is its value in the check
// character's sum; '*', the start and stop character, has none and comes
// last. TestChars checks the structure and that no two characters share
// a pattern.
var chars = [...]struct {
	c       byte
	pattern string
}{
	{'0', "nnnwwnwnn"}, // 0
	{'1', "wnnwnnnnw"}, // 1
	{'2', "nnwwnnnnw"}, // 2
	{'3', "wnwwnnnnn"}, // 3
	{'4', "nnnwwnnnw"}, // 4
	{'5', "wnnwwnnnn"}, // 5
	{'6', "nnwwwnnnn"}, // 6
	{'7', "nnnwnnwnw"}, // 7
	{'8', "wnnwnnwnn"}, // 8
	{'9', "nnwwnnwnn"}, // 9
	{'A', "wnnnnwnnw"}, // 10
	{'B', "nnwnnwnnw"}, // 11
	{'C', "wnwnnwnnn"}, // 12
	{'D', "nnnnwwnnw"}, // 13
	{'E', "wnnnwwnnn"}, // 14
	{'F', "nnwnwwnnn"}, // 15
	{'G', "nnnnnwwnw"}, // 16
	{'H', "wnnnnwwnn"}, // 17
	{'I', "nnwnnwwnn"}, // 18
	{'J', "nnnnwwwnn"}, // 19
	{'K', "wnnnnnnww"}, // 20
	{'L', "nnwnnnnww"}, // 21
	{'M', "wnwnnnnwn"}, // 22
	{'N', "nnnnwnnww"}, // 23
	{'O', "wnnnwnnwn"}, // 24
	{'P', "nnwnwnnwn"}, // 25
	{'Q', "nnnnnnwww"}, // 26
	{'R', "wnnnnnwwn"}, // 27
	{'S', "nnwnnnwwn"}, // 28
	{'T', "nnnnwnwwn"}, // 29
	{'U', "wwnnnnnnw"}, // 30
	{'V', "nwwnnnnnw"}, // 31
	{'W', "wwwnnnnnn"}, // 32
	{'X', "nwnnwnnnw"}, // 33
	{'Y', "wwnnwnnnn"}, // 34
	{'Z', "nwwnwnnnn"}, // 35
	{'-', "nwnnnnwnw"}, // 36
	{'.', "wwnnnnwnn"}, // 37
	{' ', "nwwnnnwnn"}, // 38
	{'$', "nwnwnwnnn"}, // 39
	{'/', "nwnwnnnwn"}, // 40
	{'+', "nwnnnwnwn"}, // 41
	{'%', "nnnwnwnwn"}, // 42
	{'*', "nwnnwnwnn"}, // start and stop
}

// startStop is the index of '*' in chars.
const startStop = len(chars) - 1

// Lookup tables, computed from chars at init: value is the index in
// chars of each byte plus one (0 for a byte Code 39 lacks); byWide the
// byte of each pattern of wide elements, bit k for element k, 0 where no
// character has it.
var (
	value  [256]uint8
	byWide [1 << 9]byte
)

func init() {
	for k, ch := range chars {
		value[ch.c] = uint8(k + 1)
		byWide[wideBits(ch.pattern)] = ch.c
	}
}

// wideBits returns the pattern p of n and w as bits, bit k set when
// element k is wide.
func wideBits(p string) uint32 {
	var b uint32
	for k := range len(p) {
		if p[k] == 'w' {
			b |= 1 << k
		}
	}
	return b
}

// checkChar returns the modulo 43 check character of data, every byte a
// Code 39 data character: the sum of their values modulo 43 (ISO/IEC
// 16388:2007, Annex A).
func checkChar(data string) byte {
	sum := 0
	for i := range len(data) {
		sum += int(value[data[i]]) - 1
	}
	return chars[sum%43].c
}

// hasCheck reports whether the last character of text is the modulo 43
// check character of the ones before it.
func hasCheck(text string) bool {
	n := len(text)
	return n >= 2 && checkChar(text[:n-1]) == text[n-1]
}

// fullASCII is how Full ASCII Code 39 spells each ASCII character: one
// Code 39 character, or a shift character ($ % / +) and a letter
// (ISO/IEC 16388:2007, the Full ASCII table of its annex on Full ASCII
// Code 39). The control characters 1 to 26 are $A to $Z, the lower-case
// letters +A to +Z.
var fullASCII = [128]string{
	"%U", "$A", "$B", "$C", "$D", "$E", "$F", "$G", "$H", "$I", "$J", "$K", "$L", "$M", "$N", "$O", // 0x00
	"$P", "$Q", "$R", "$S", "$T", "$U", "$V", "$W", "$X", "$Y", "$Z", "%A", "%B", "%C", "%D", "%E", // 0x10
	" ", "/A", "/B", "/C", "/D", "/E", "/F", "/G", "/H", "/I", "/J", "/K", "/L", "-", ".", "/O", // 0x20
	"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "/Z", "%F", "%G", "%H", "%I", "%J", // 0x30
	"%V", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", // 0x40
	"P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "%K", "%L", "%M", "%N", "%O", // 0x50
	"%W", "+A", "+B", "+C", "+D", "+E", "+F", "+G", "+H", "+I", "+J", "+K", "+L", "+M", "+N", "+O", // 0x60
	"+P", "+Q", "+R", "+S", "+T", "+U", "+V", "+W", "+X", "+Y", "+Z", "%P", "%Q", "%R", "%S", "%T", // 0x70
}

// shifted maps each shift pair of Full ASCII to its character: the pairs
// of fullASCII, and %X to %Z, which the standard's table also gives for
// DEL; -1 for the pairs it reserves (/M, /N, /P to /Y). Computed at init;
// the index is the shift character's place in "$%/+" times 26 plus the
// letter's.
var shifted [4 * 26]int16

func init() {
	for i := range shifted {
		shifted[i] = -1
	}
	for c, s := range fullASCII {
		if len(s) == 2 {
			shifted[shiftIndex(s[0], s[1])] = int16(c)
		}
	}
	for _, l := range "XYZ" {
		shifted[shiftIndex('%', byte(l))] = 0x7F
	}
}

// shiftIndex returns the index in shifted of the pair s, l; -1 when s is
// not a shift character or l not a capital letter.
func shiftIndex(s, l byte) int {
	k := -1
	switch s {
	case '$':
		k = 0
	case '%':
		k = 1
	case '/':
		k = 2
	case '+':
		k = 3
	}
	if k < 0 || l < 'A' || l > 'Z' {
		return -1
	}
	return k*26 + int(l-'A')
}

// decodeFullASCII returns the Full ASCII reading of Code 39 text: every
// shift pair becomes its character. It reports whether text has a shift
// pair, and false for ok when a shift character is not followed by a
// letter that makes a pair.
func decodeFullASCII(text string) (out string, pairs, ok bool) {
	b := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '$' && c != '%' && c != '/' && c != '+' {
			b = append(b, c)
			continue
		}
		if i+1 >= len(text) {
			return "", false, false
		}
		k := shiftIndex(c, text[i+1])
		if k < 0 || shifted[k] < 0 {
			return "", false, false
		}
		b = append(b, byte(shifted[k]))
		pairs = true
		i++
	}
	return string(b), pairs, true
}
