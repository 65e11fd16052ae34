package qrfamily

import (
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
)

// KanjiValue returns the 13-bit kanji mode value of the Shift_JIS character
// c1 c2 (ISO/IEC 18004:2015 §7.4.7): 0x8140-0x9FFC less 0x8140,
// 0xE040-0xEBBF less 0xC140, then the high byte times 0xC0 plus the low
// byte.
func KanjiValue(c1, c2 byte) (uint16, bool) {
	c := int(c1)<<8 | int(c2)
	switch {
	case c >= 0x8140 && c <= 0x9FFC:
		c -= 0x8140
	case c >= 0xE040 && c <= 0xEBBF:
		c -= 0xC140
	default:
		return 0, false
	}
	if c&0xFF >= 0xC0 {
		return 0, false
	}
	return uint16((c>>8)*0xC0 + c&0xFF), true
}

// KanjiBytes is the inverse of KanjiValue.
func KanjiBytes(v int) (byte, byte) {
	c := (v/0xC0)<<8 | v%0xC0
	if c < 0x1F00 {
		c += 0x8140
	} else {
		c += 0xC140
	}
	return byte(c >> 8), byte(c)
}

// sjisCodec converts single characters to and from Shift_JIS without
// allocating per character.
type sjisCodec struct {
	enc *encoding.Encoder
	dec *encoding.Decoder
}

// kanji returns the kanji mode value of r when r is a Shift_JIS double-byte
// character in the kanji mode range that decodes back to r.
func (s *sjisCodec) kanji(r rune) (uint16, bool) {
	if s.enc == nil {
		s.enc, s.dec = japanese.ShiftJIS.NewEncoder(), japanese.ShiftJIS.NewDecoder()
	}
	var src, dst, back [8]byte
	ns := utf8.EncodeRune(src[:], r)
	s.enc.Reset()
	n, _, err := s.enc.Transform(dst[:], src[:ns], true)
	if err != nil || n != 2 {
		return 0, false
	}
	v, ok := KanjiValue(dst[0], dst[1])
	if !ok {
		return 0, false
	}
	s.dec.Reset()
	nb, _, err := s.dec.Transform(back[:], dst[:2], true)
	if err != nil || string(back[:nb]) != string(src[:ns]) {
		return 0, false
	}
	return v, true
}
