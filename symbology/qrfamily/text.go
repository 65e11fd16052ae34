package qrfamily

import (
	"fmt"
	"unicode/utf8"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/symbology"
)

// A Unit is one character of the text being encoded, with the modes that
// can carry it. Segment boundaries fall between units.
type Unit struct {
	Off   int32  // its bytes in Text.Bytes (for byte mode)
	N     uint8  // number of bytes (1-4)
	Caps  uint8  // CapNumeric | CapAlnum | CapByte | CapKanji
	Alnum uint8  // alphanumeric characters it takes: 1, or 2 for '%' in GS1 data
	Kanji uint16 // 13-bit kanji mode value
}

// The modes a unit can go in.
const (
	CapNumeric = 1 << iota
	CapAlnum
	CapByte
	CapKanji
)

// TextOptions says how Text.Prepare turns text into units.
type TextOptions struct {
	// Symbology is the registry id that prefixes errors.
	Symbology string
	// GS1 marks the data as a GS1 element string: GS (0x1D) is FNC1,
	// written as '%' in alphanumeric mode, and '%' itself as "%%"
	// (ISO/IEC 18004:2015 §7.4.8.2).
	GS1 bool
	// ECI forces a character set by its designator; 0 chooses (see
	// Prepare).
	ECI int
	// Binary takes the bytes of the text as they are.
	Binary bool
	// NoECI is set for symbologies without ECI designators (Micro QR
	// Code).
	NoECI bool
	// MaxUnits bounds the characters the largest symbol holds; longer
	// text is an ErrTooLong error before any work is spent on it.
	MaxUnits int
}

// Text is text made ready for encoding: its bytes in the character set
// chosen and its units.
type Text struct {
	GS1   bool
	Bytes []byte // the bytes of the units, for byte mode
	Units []Unit
	sjis  sjisCodec
}

// Prepare splits text into units and returns the ECI designator to write,
// or -1 for none. The character set is chosen as follows:
//
//   - with o.Binary, the bytes of text as they are, under the designator
//     o.ECI when it is set;
//   - with o.ECI set, that character set (ASCII characters may then go in
//     any mode, and under Shift_JIS, ECI 20, kanji in kanji mode);
//   - ASCII text: no designator;
//   - ISO-8859-1 text beyond ASCII: ECI 3, since readers that guess the
//     character set of undesignated bytes would misread it (see
//     ReadsAsLatin1);
//   - text of ASCII and Shift_JIS double-byte characters in the kanji
//     mode range: kanji mode, which needs no designator;
//   - anything else: ECI 26, UTF-8.
//
// Without designators (o.NoECI), text that is neither ASCII nor ASCII and
// kanji goes in byte mode as UTF-8, which is what guessing readers
// recognise most surely: the standard's default, ISO-8859-1, is read as
// Shift_JIS by some of them.
//
// Errors wrap symbology.ErrInvalidData (invalid UTF-8, a character the
// character set lacks, GS1 data that is not an element string) or
// symbology.ErrTooLong.
func (t *Text) Prepare(text string, o TextOptions) (int, error) {
	t.GS1 = o.GS1
	t.Bytes, t.Units = t.Bytes[:0], t.Units[:0]
	if len(text) > utf8.UTFMax*o.MaxUnits {
		return 0, fmt.Errorf("%s: %w: %d bytes of data", o.Symbology, symbology.ErrTooLong, len(text))
	}
	if o.GS1 {
		if err := gs1.CheckElementString(text); err != nil {
			return 0, fmt.Errorf("%s: %w: GS1 data: %w", o.Symbology, symbology.ErrInvalidData, err)
		}
	}
	if o.Binary {
		for i := 0; i < len(text); i++ {
			t.addByte(text[i])
		}
		des := -1
		if o.ECI > 0 {
			des = o.ECI
		}
		return des, t.checkCount(o)
	}
	if i := invalidUTF8(text); i >= 0 {
		return 0, fmt.Errorf("%s: %w: invalid UTF-8 at byte %d", o.Symbology, symbology.ErrInvalidData, i)
	}
	if o.ECI > 0 {
		return o.ECI, t.prepareECI(text, o.ECI, o)
	}

	latin1 := true
	for _, r := range text {
		if r > 0xFF || o.NoECI && r >= 0x80 {
			latin1 = false
			break
		}
	}
	if latin1 {
		for _, r := range text {
			t.addByte(byte(r))
		}
		if err := t.checkCount(o); err != nil {
			return 0, err
		}
		if !ReadsAsLatin1(t.Bytes) {
			return eci.ISO8859_1, nil
		}
		return -1, nil
	}
	if t.prepareKanji(text, o) {
		return -1, t.checkCount(o)
	}
	t.Bytes, t.Units = t.Bytes[:0], t.Units[:0]
	if o.NoECI {
		for i := 0; i < len(text); i++ {
			t.addByte(text[i])
		}
		return -1, t.checkCount(o)
	}
	return eci.UTF8, t.prepareECI(text, eci.UTF8, o)
}

// ReadsAsLatin1 reports whether bytes written without an ECI designator
// read back as the ISO-8859-1 they are in every reader. ASCII does. Other
// ISO-8859-1 bytes are the standard's default too, but readers that guess
// the character set take many of them for Shift_JIS (zbarimg reads
// "ioaØîue" as "ioa崲ue"), so those get the ECI 3 designator: 12 bits that
// keep the text from depending on a guess.
func ReadsAsLatin1(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

func (t *Text) checkCount(o TextOptions) error {
	if len(t.Units) > o.MaxUnits {
		return fmt.Errorf("%s: %w: %d characters", o.Symbology, symbology.ErrTooLong, len(t.Units))
	}
	return nil
}

// invalidUTF8 returns the byte offset of the first invalid UTF-8 sequence in
// s, or -1.
func invalidUTF8(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return i
			}
		}
	}
	return -1
}

// addByte appends a one-byte unit. In GS1 data, GS is written as '%' in
// alphanumeric mode and '%' itself as "%%" (§7.4.8.2).
func (t *Text) addByte(b byte) {
	u := Unit{Off: int32(len(t.Bytes)), N: 1, Caps: CapByte, Alnum: 1}
	if b >= '0' && b <= '9' {
		u.Caps |= CapNumeric
	}
	switch {
	case t.GS1 && b == 0x1D:
		u.Caps |= CapAlnum
	case t.GS1 && b == '%':
		u.Caps |= CapAlnum
		u.Alnum = 2
	case AlnumValue[b] >= 0:
		u.Caps |= CapAlnum
	}
	t.Bytes = append(t.Bytes, b)
	t.Units = append(t.Units, u)
}

// prepareECI makes units of text in the character set of a known ECI: ASCII
// characters, where the set writes them as single bytes, can go in any mode;
// the others go in byte mode, and under Shift_JIS (ECI 20) those in the
// kanji mode range in kanji mode too.
func (t *Text) prepareECI(text string, d int, o TextOptions) error {
	if _, err := eci.Encode(d, text); err != nil {
		return fmt.Errorf("%s: %w: %w", o.Symbology, symbology.ErrInvalidData, err)
	}
	ascii := eci.ASCIICompatible(d)
	for _, r := range text {
		if r < 0x80 && ascii {
			t.addByte(byte(r))
			continue
		}
		b, err := eci.Encode(d, string(r))
		if err != nil {
			return fmt.Errorf("%s: %w: %w", o.Symbology, symbology.ErrInvalidData, err)
		}
		u := Unit{Off: int32(len(t.Bytes)), N: uint8(len(b)), Caps: CapByte}
		if d == eci.ShiftJIS && len(b) == 2 {
			if v, ok := KanjiValue(b[0], b[1]); ok {
				u.Caps |= CapKanji
				u.Kanji = v
			}
		}
		t.Bytes = append(t.Bytes, b...)
		t.Units = append(t.Units, u)
		if len(t.Units) > o.MaxUnits {
			break
		}
	}
	return t.checkCount(o)
}

// prepareKanji makes units of text without a designator, for text whose
// characters are all either ISO-8859-1 (byte, numeric or alphanumeric mode)
// or Shift_JIS double-byte characters of the kanji mode range (kanji mode,
// which readers always read as Shift_JIS). It reports false when some
// character is neither, or when readers would misread the ISO-8859-1 bytes.
func (t *Text) prepareKanji(text string, o TextOptions) bool {
	for _, r := range text {
		if r <= 0xFF {
			t.addByte(byte(r))
			continue
		}
		v, ok := t.sjis.kanji(r)
		if !ok {
			return false
		}
		t.Units = append(t.Units, Unit{Caps: CapKanji, Kanji: v})
		if len(t.Units) > o.MaxUnits {
			return true // too long either way; checkCount reports it
		}
	}
	return ReadsAsLatin1(t.Bytes)
}
