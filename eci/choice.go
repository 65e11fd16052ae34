package eci

import "unicode/utf8"

// A Choice is one way to carry a text in a symbol: the designator of a
// character set and the text's bytes in it. ECI 0 means no designator: from
// Choices, the text is ASCII, which every character set and every reader
// agrees on; from DefaultChoices, ASCII or ISO-8859-1.
type Choice struct {
	ECI   int
	Bytes []byte
}

// singleByte lists the single-byte character sets of the register in the
// order Choices tries them: ISO-8859-1, the default of most 2D symbologies,
// first, then the rest of ISO/IEC 8859, the Windows code pages and CP437.
// ISO-8859-15 comes second: it adds the euro sign to ISO-8859-1, and
// ISO-8859-7, which has one too, would otherwise take text like "42 €"
// (zxing-cpp 1.4 reads ISO-8859-7 without its euro sign).
var singleByte = []int{3, 17, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 18, 21, 22, 23, 24, 2}

// doubleByte lists the multi-byte East Asian character sets Choices tries:
// Shift_JIS, Big5, GB 2312 and EUC-KR. GB18030 (ECI 32) is left out: zxing
// and zxing-cpp 1.4 read its bytes as ISO-8859-1; a writer may still be
// asked for it.
var doubleByte = []int{ShiftJIS, 28, 29, 30}

// Choices returns the character sets a writer should try for text, each with
// the text's bytes, in the order ties go (the first is the one most readers
// decode even when they ignore the designator):
//   - ASCII text: only ECI 0, no designator.
//   - Otherwise UTF-8 first; then the first single-byte set that holds every
//     character, if any (all give the same length, one byte a character);
//     then each East Asian set that holds every character in fewer bytes
//     than UTF-8; Big5 and GB 2312 only for characters of those sets
//     themselves, not of the extensions their encoders also write (HKSCS
//     and ETEN kana, GBK), which readers of ECI 28 and 29 do not agree
//     on.
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
		if b, err := Encode(d, text); err == nil && len(b) < len(text) && portable(d, b) {
			out = append(out, Choice{d, b})
		}
	}
	return out
}

// portable reports whether b, text in the East Asian set d, keeps to the
// characters of the set itself (commonBig5, gb2312Only).
func portable(d int, b []byte) bool {
	switch d {
	case 28:
		return commonBig5(b)
	case 29:
		return gb2312Only(b)
	}
	return true
}

// gb2312Only reports whether the double-byte characters of b, in GBK as
// the encoder of package simplifiedchinese writes it, are all GB 2312
// (GB/T 2312-1980: both bytes 0xA1-0xFE, EUC-CN). zxing-cpp reads GBK's
// 漢, 0x9D68, under ECI 29 as "\u009dh".
func gb2312Only(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] < 0x80 {
			continue
		}
		if i+1 >= len(b) || b[i] < 0xA1 || b[i] > 0xFE || b[i+1] < 0xA1 || b[i+1] > 0xFE {
			return false
		}
		i++
	}
	return true
}

// commonBig5 reports whether the double-byte characters of b, in Big5 as
// the encoder of package traditionalchinese writes it (Big5-HKSCS, the
// WHATWG Encoding Standard's Big5), are all in the ranges every Big5
// decoder shares: symbols 0xA140-0xA3BF, frequent hanzi 0xA440-0xC67E
// and less frequent hanzi 0xC940-0xF9D5. zxing-cpp reads "中华人民共和国",
// whose 华 and 国 the encoder writes as HKSCS 0x8958 and 0x98C7, as
// "中\uf3b8人民共和\ue998"; the kana of the extension 0xC6A1-0xC8FE are
// written at 0xC7C2 ("テ") by this encoder and at 0xC75E by zint, and
// zxing-cpp reads neither.
func commonBig5(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] < 0x80 {
			continue
		}
		if i+1 >= len(b) {
			return false
		}
		c := int(b[i])<<8 | int(b[i+1])
		if !(c >= 0xA140 && c <= 0xA3BF || c >= 0xA440 && c <= 0xC67E || c >= 0xC940 && c <= 0xF9D5) {
			return false
		}
		i++
	}
	return true
}

// DefaultChoices is Choices for symbologies whose default character set,
// meant by bytes without a designator, is ISO-8859-1 (Data Matrix, Aztec
// Code, PDF417 since ISO/IEC 15438:2015, MaxiCode): text beyond ASCII that
// ISO-8859-1 holds comes last once more with ECI 0, its bytes undesignated,
// when a reader that guesses the character set of undesignated bytes
// (Guess) reads them back as ISO-8859-1. They are the bytes of ECI 3
// without the designator, so they win only by making the symbol smaller;
// on a tie the designated bytes, which no reader has to guess, go first.
func DefaultChoices(text string) []Choice {
	cs := Choices(text)
	if len(cs) > 0 && cs[0].ECI != 0 {
		if b, err := Encode(ISO8859_1, text); err == nil && Guess(b) == ISO8859_1 {
			cs = append(cs, Choice{0, b})
		}
	}
	return cs
}
