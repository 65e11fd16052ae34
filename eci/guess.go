package eci

import "unicode/utf8"

// Guess returns the character set most likely meant by bytes that a symbol
// carries without an ECI designator: ISO8859_1, ShiftJIS or UTF8.
//
// The standards say such bytes are ISO-8859-1 (QR Code since ISO/IEC
// 18004:2005), but encoders in the field write UTF-8, and Japanese ones
// Shift_JIS, without saying so. Readers that decode what users see (zxing and
// zxing-cpp, whose results the reference corpus records) therefore guess; this
// guess agrees with theirs on real content while never taking Shift_JIS over
// ISO-8859-1 without evidence:
//
//   - only ASCII bytes: ISO8859_1 (every candidate reads them the same);
//   - valid UTF-8 (so with at least one multi-byte sequence): UTF8 — Latin-1
//     text almost never forms valid UTF-8 by accident;
//   - valid Shift_JIS with evidence for it: ShiftJIS. Evidence is a C1 byte
//     (0x80-0x9F, which ISO-8859-1 text does not contain but most Shift_JIS
//     double-byte characters do), or a run of at least three double-byte
//     characters or of at least three half-width katakana;
//   - anything else: ISO8859_1, which maps every byte to a character.
func Guess(b []byte) int {
	high := false
	for _, c := range b {
		if c >= 0x80 {
			high = true
			break
		}
	}
	switch {
	case !high:
		return ISO8859_1
	case utf8.Valid(b):
		return UTF8
	case sjisEvidence(b):
		return ShiftJIS
	}
	return ISO8859_1
}

// sjisEvidence reports whether b is well-formed Shift_JIS text (JIS X 0208
// Annex 1; lead bytes 0x81-0x9F and 0xE0-0xEF, trail bytes 0x40-0x7E and
// 0x80-0xFC, half-width katakana 0xA1-0xDF, no control characters but TAB, LF
// and CR) with the evidence Guess describes.
func sjisEvidence(b []byte) bool {
	c1 := false
	kanaRun, maxKana := 0, 0
	dblRun, maxDbl := 0, 0
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r', c == 0x7F:
			return false
		case c < 0x80:
			kanaRun, dblRun = 0, 0
		case c >= 0xA1 && c <= 0xDF:
			kanaRun, dblRun = kanaRun+1, 0
			maxKana = max(maxKana, kanaRun)
		case c >= 0x81 && c <= 0x9F || c >= 0xE0 && c <= 0xEF:
			if i+1 >= len(b) {
				return false
			}
			t := b[i+1]
			if t < 0x40 || t == 0x7F || t > 0xFC {
				return false
			}
			if c <= 0x9F || t >= 0x80 && t <= 0x9F {
				c1 = true
			}
			i++
			kanaRun, dblRun = 0, dblRun+1
			maxDbl = max(maxDbl, dblRun)
		default: // 0x80, 0xA0, 0xF0-0xFF: not Shift_JIS
			return false
		}
	}
	return c1 || maxKana >= 3 || maxDbl >= 3
}
