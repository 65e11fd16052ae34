package codabar

// chars are the characters of Codabar, each with its seven elements, bar
// first, narrow (n) or wide (w) (EN 798:1995, Table 1). The digits, - and
// $ have one wide bar and one wide space; : / . + three wide bars; the
// start and stop characters A to D one wide bar and two wide spaces.
// TestChars checks the structure and that no two characters share a
// pattern.
var chars = [...]struct {
	c       byte
	pattern string
}{
	{'0', "nnnnnww"},
	{'1', "nnnnwwn"},
	{'2', "nnnwnnw"},
	{'3', "wwnnnnn"},
	{'4', "nnwnnwn"},
	{'5', "wnnnnwn"},
	{'6', "nwnnnnw"},
	{'7', "nwnnwnn"},
	{'8', "nwwnnnn"},
	{'9', "wnnwnnn"},
	{'-', "nnnwwnn"},
	{'$', "nnwwnnn"},
	{':', "wnnnwnw"},
	{'/', "wnwnnnw"},
	{'.', "wnwnwnn"},
	{'+', "nnwnwnw"},
	{'A', "nnwwnwn"},
	{'B', "nwnwnnw"},
	{'C', "nnnwnww"},
	{'D', "nnnwwwn"},
}

// charLen is the number of elements of a character.
const charLen = 7

// Lookup tables, computed from chars at init: pattern holds the
// pattern of each byte, "" for a byte Codabar lacks; byWide the byte of
// each pattern of wide elements, bit k for element k, 0 where no
// character has it.
var (
	pattern [256]string
	byWide  [1 << charLen]byte
)

func init() {
	for _, ch := range chars {
		pattern[ch.c] = ch.pattern
		var b int
		for k := range charLen {
			if ch.pattern[k] == 'w' {
				b |= 1 << k
			}
		}
		byWide[b] = ch.c
	}
}

// isStartStop reports whether c is a start or stop character.
func isStartStop(c byte) bool { return c >= 'A' && c <= 'D' }
