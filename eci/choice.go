package eci

import "unicode/utf8"

// A Choice is one way to carry a text in a symbol: the designator of a
// character set and the text's bytes in it. ECI 0 means no designator: the
// text is ASCII, which every character set and every reader agrees on.
type Choice struct {
	ECI   int
	Bytes []byte
}

// singleByte lists the single-byte character sets of the register in the
// order Choices tries them: ISO-8859-1, the default of most 2D symbologies,
// first, then the rest of ISO/IEC 8859, the Windows code pages and CP437.
var singleByte = []int{3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 21, 22, 23, 24, 2}

// doubleByte lists the multi-byte East Asian character sets Choices tries:
// Shift_JIS, Big5, GB 2312, EUC-KR and GB18030.
var doubleByte = []int{ShiftJIS, 28, 29, 30, 32}

// Choices returns the character sets a writer should try for text, each with
// the text's bytes, in the order ties go (the first is the one most readers
// decode even when they ignore the designator):
//   - ASCII text: only ECI 0, no designator.
//   - Otherwise UTF-8 first; then the first single-byte set that holds every
//     character, if any (all give the same length, one byte a character);
//     then each East Asian set that holds every character in fewer bytes
//     than UTF-8.
//
// A writer encodes each and keeps the smallest symbol, the earlier choice on
// a tie. Choices returns nil for text that is not valid UTF-8.
func Choices(text string) []Choice {
	if !utf8.ValidString(text) {
		return nil
	}
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return []Choice{{0, []byte(text)}}
	}
	out := []Choice{{UTF8, []byte(text)}}
	for _, d := range singleByte {
		if b, err := Encode(d, text); err == nil {
			out = append(out, Choice{d, b})
			// No other set can be shorter: each character takes one byte.
			return out
		}
	}
	for _, d := range doubleByte {
		if b, err := Encode(d, text); err == nil && len(b) < len(text) {
			out = append(out, Choice{d, b})
		}
	}
	return out
}
