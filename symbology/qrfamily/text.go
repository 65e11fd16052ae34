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

// The character sets Text.Prepare writes text in without an ECI
// designator, as TextOptions.ECI names them.
const (
	// Plain is no designator: characters of ISO-8859-1, the default
	// character set of QR Code since ISO/IEC 18004:2005 (§7.4.1 of the
	// 2015 edition), in byte mode (or numeric and alphanumeric mode), and
	// Shift_JIS double-byte characters of the kanji mode range in kanji
	// mode, which every reader reads as Shift_JIS (§7.4.6).
	Plain = 0
	// PlainUTF8 is no designator and the UTF-8 bytes of the text, for
	// symbologies without designators (Micro QR Code) and text Plain
	// cannot carry: readers that guess the character set of undesignated
	// bytes take valid UTF-8 for UTF-8 (see eci.Guess).
	PlainUTF8 = -1
	// PlainShiftJIS is no designator and Shift_JIS, its kanji mode
	// characters in kanji mode, for symbologies without designators and
	// text guessing readers take for Shift_JIS (eci.Guess): half-width
	// katakana, say, which no standard way writes in Micro QR Code.
	PlainShiftJIS = -2
)

// TextOptions says how Text.Prepare turns text into units.
type TextOptions struct {
	// Symbology is the registry id that prefixes errors.
	Symbology string
	// GS1 marks the data as a GS1 element string: GS (0x1D) is FNC1,
	// written as '%' in alphanumeric mode, and '%' itself as "%%"
	// (ISO/IEC 18004:2015 §7.4.8.2).
	GS1 bool
	// ECI is the character set: a positive ECI designator, written before
	// the data, or Plain (the zero value) or PlainUTF8, without one.
	// Candidates lists those worth trying for a text.
	ECI int
	// Binary takes the bytes of the text as they are, under the
	// designator ECI when it is positive.
	Binary bool
	// NoECI is set for symbologies without ECI designators (Micro QR
	// Code): a positive ECI is an error, and Candidates offers only
	// Plain and PlainUTF8.
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
	cands []int // Choose's, reused
}

// Prepare splits text into units in the character set o.ECI names and
// returns the ECI designator to write, or -1 for none:
//
//   - with o.Binary, the bytes of text as they are, under the designator
//     o.ECI when it is positive;
//   - with a positive o.ECI, that character set: ASCII characters, where
//     the set writes them as single bytes, may go in any mode, the others
//     in byte mode, and under Shift_JIS (ECI 20) those of the kanji mode
//     range in kanji mode too;
//   - Plain: ISO-8859-1 characters in byte, numeric or alphanumeric mode
//     and Shift_JIS kanji mode characters in kanji mode, no designator;
//   - PlainUTF8: the UTF-8 bytes of text, no designator.
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
	if o.ECI > 0 && o.NoECI {
		return 0, fmt.Errorf("%s: %w: no ECI designators", o.Symbology, symbology.ErrInvalidData)
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
	switch {
	case o.ECI > 0:
		return o.ECI, t.prepareECI(text, o.ECI, o)
	case o.ECI == PlainUTF8:
		for i := 0; i < len(text); i++ {
			t.addByte(text[i])
		}
		return -1, t.checkCount(o)
	case o.ECI == PlainShiftJIS:
		err := t.prepareECI(text, eci.ShiftJIS, o)
		for i := range t.Units {
			u := &t.Units[i]
			if u.Caps&CapKanji != 0 && !t.c1(u) {
				// In byte mode this character would give guessing
				// readers no evidence of Shift_JIS: kanji mode only.
				u.Caps = CapKanji
			}
		}
		return -1, err
	case o.ECI != Plain:
		return 0, fmt.Errorf("%s: %w: character set %d", o.Symbology, symbology.ErrInvalidData, o.ECI)
	}
	if r, ok := t.preparePlain(text, o); !ok {
		return 0, fmt.Errorf("%s: %w: %q is neither ISO-8859-1 nor a kanji mode character: it needs an ECI designator",
			o.Symbology, symbology.ErrInvalidData, r)
	}
	return -1, t.checkCount(o)
}

// Candidates appends to dst the character sets worth trying for text
// (TextOptions.ECI values for Prepare), in the order ties go. The writer
// prepares each, keeps the one giving the smallest symbol and, of equal
// symbols, the earlier:
//
//  1. Plain, when it can carry text and every reader reads it back:
//     ASCII text; text of kanji mode characters and ASCII; without
//     designators (o.NoECI), ISO-8859-1 text whose bytes no reader
//     guesses are something else (ReadsAsLatin1);
//  2. without designators (o.NoECI): PlainUTF8 when Plain is not
//     possible; then PlainShiftJIS when guessing readers would read its
//     byte mode bytes as Shift_JIS, kanji that bring a C1 byte allowed
//     in byte mode too;
//  3. with designators: each character set eci.Choices offers, UTF-8
//     first, then a single-byte set, then the East Asian sets shorter
//     than UTF-8 (Shift_JIS, ECI 20, with its kanji in kanji mode);
//     then Plain for ISO-8859-1 text that ReadsAsLatin1: the bytes of
//     ECI 3 without its designator, taken only when that makes the
//     symbol smaller.
//
// For text Prepare rejects whatever the character set (invalid UTF-8, GS1
// data that is no element string), Candidates gives Plain alone, so that
// Prepare reports why.
func (t *Text) Candidates(dst []int, text string, o TextOptions) []int {
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii || !utf8.ValidString(text) {
		return append(dst, Plain)
	}
	n := len(dst)
	o.ECI, o.Binary = Plain, false
	plain, latin1 := false, false
	if _, err := t.Prepare(text, o); err == nil && t.plainReadable() {
		plain, latin1 = true, !t.hasKanji()
	}
	if plain && (!latin1 || o.NoECI) {
		dst = append(dst, Plain)
	}
	if o.NoECI {
		if len(dst) == n {
			dst = append(dst, PlainUTF8)
		}
		// Shift_JIS without a designator: the bytes that must go in
		// byte mode read as Shift_JIS to guessing readers, or are ASCII
		// beside kanji that byte mode may take too (the nine bytes of
		// "Tokyo東京" in one byte segment are shorter than "Tokyo" and
		// a kanji segment), each bringing a C1 byte as evidence.
		o.ECI = PlainShiftJIS
		if _, err := t.Prepare(text, o); err == nil {
			b := t.byteModeBytes()
			if g := eci.Guess(b); g == eci.ShiftJIS || isASCII(b) && t.hasByteKanji() {
				dst = append(dst, PlainShiftJIS)
			}
		}
		return dst
	}
	for _, c := range eci.Choices(text) {
		if c.ECI > 0 {
			dst = append(dst, c.ECI)
		}
	}
	if latin1 || len(dst) == n {
		// ISO-8859-1 undesignated last: it is what ECI 3 writes, without
		// the designator, so it can only win by being smaller, and
		// readers that guess may take its bytes for something else
		// (zbarimg reads some as Big5).
		dst = append(dst, Plain)
	}
	return dst
}

// c1 reports whether the bytes of u hold a C1 byte (0x80-0x9F): Shift_JIS
// evidence to readers that guess (eci.Guess).
func (t *Text) c1(u *Unit) bool {
	for _, c := range t.Bytes[u.Off : u.Off+int32(u.N)] {
		if c >= 0x80 && c <= 0x9F {
			return true
		}
	}
	return false
}

// hasByteKanji reports whether a kanji mode character may also go in byte
// mode.
func (t *Text) hasByteKanji() bool {
	for _, u := range t.Units {
		if u.Caps&CapKanji != 0 && u.Caps&CapByte != 0 {
			return true
		}
	}
	return false
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// hasKanji reports whether Prepare put any character in kanji mode.
func (t *Text) hasKanji() bool {
	for _, u := range t.Units {
		if u.Caps&CapKanji != 0 {
			return true
		}
	}
	return false
}

// Choose prepares text in the character set that gives the smallest
// symbol: the one o.ECI forces (or the bytes as they are, with o.Binary),
// else each of Candidates in turn. For each it calls fit with the
// designator to write (-1 for none); fit reports whether a symbol smaller
// than any it found before holds the prepared text, noting that symbol,
// or else the error that says why none does. On a tie the earlier
// character set keeps its place. Choose leaves t prepared in the winner's
// set, calling fit(des, true) once more for it if another was prepared
// after it, so that fit can make its segmentation again. When nothing
// fits it returns the error of the character set that came nearest
// (symbology.Nearer), the first of equals.
func (t *Text) Choose(text string, o TextOptions, fit func(des int, again bool) (bool, error)) error {
	t.cands = t.cands[:0]
	if o.ECI > 0 || o.Binary {
		t.cands = append(t.cands, o.ECI)
	} else {
		t.cands = t.Candidates(t.cands, text, o)
	}
	best, bestDes, prepared := -1, 0, -1
	var first error
	for i, c := range t.cands {
		o.ECI = c
		des, err := t.Prepare(text, o)
		if err != nil {
			return err
		}
		prepared = i
		ok, err := fit(des, false)
		if ok {
			best, bestDes = i, des
		} else if err != nil {
			first = symbology.Nearer(first, err)
		}
	}
	if best < 0 {
		return first
	}
	if prepared != best {
		o.ECI = t.cands[best]
		if _, err := t.Prepare(text, o); err != nil {
			return err
		}
		fit(bestDes, true)
	}
	return nil
}

// ReadsAsLatin1 reports whether bytes written without an ECI designator
// read back as the ISO-8859-1 they are in every reader. ISO-8859-1 is the
// standard's default, but readers guess the character set of undesignated
// bytes: zxing takes valid UTF-8 for UTF-8, and zbarimg takes anything
// that is valid Shift_JIS for Shift_JIS (it reads "Bär", 42 E4 72, as
// "B酺"). So the bytes must be ASCII, or neither valid UTF-8 nor valid
// Shift_JIS ("café", 63 61 66 E9, ends in a lead byte; "Grüße" has FC,
// which Shift_JIS lacks). Other ISO-8859-1 text gets the ECI 3
// designator, 12 bits that keep it from depending on a guess.
func ReadsAsLatin1(b []byte) bool {
	high := false
	for _, c := range b {
		if c >= 0x80 {
			high = true
			break
		}
	}
	return !high || !utf8.Valid(b) && !validShiftJIS(b)
}

// plainReadable reports whether the units Prepare made for Plain read
// back as they are in every reader: kanji mode characters with ASCII
// only, since zbarimg reads the bytes of all segments together as one
// guessed character set ("é漢字" becomes "驫ｿ字"), or ISO-8859-1 bytes
// alone that pass ReadsAsLatin1.
func (t *Text) plainReadable() bool {
	kanji := false
	for _, u := range t.Units {
		kanji = kanji || u.Caps&CapKanji != 0
	}
	if !kanji {
		return ReadsAsLatin1(t.Bytes)
	}
	for _, c := range t.Bytes {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// byteModeBytes returns the bytes of the units that cannot go in kanji
// mode.
func (t *Text) byteModeBytes() []byte {
	var b []byte
	for _, u := range t.Units {
		if u.Caps&CapKanji == 0 {
			b = append(b, t.Bytes[u.Off:u.Off+int32(u.N)]...)
		}
	}
	return b
}

// validShiftJIS reports whether b is well-formed Shift_JIS (JIS X 0208
// Annex 1): ASCII, half-width katakana 0xA1-0xDF, and double-byte
// characters of a lead byte 0x81-0x9F or 0xE0-0xEF and a trail byte
// 0x40-0x7E or 0x80-0xFC. Unlike eci.Guess it asks for no evidence, as
// the most eager guessing readers do not.
func validShiftJIS(b []byte) bool {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c < 0x80, c >= 0xA1 && c <= 0xDF:
		case c >= 0x81 && c <= 0x9F, c >= 0xE0 && c <= 0xEF:
			if i+1 >= len(b) || b[i+1] < 0x40 || b[i+1] == 0x7F || b[i+1] > 0xFC {
				return false
			}
			i++
		default: // 0x80, 0xA0, 0xF0-0xFF
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

// preparePlain makes units of text without a designator: ISO-8859-1
// characters as bytes, Shift_JIS double-byte characters of the kanji mode
// range in kanji mode (which readers always read as Shift_JIS). It
// reports false, and the character, when some character is neither.
func (t *Text) preparePlain(text string, o TextOptions) (rune, bool) {
	for _, r := range text {
		if r <= 0xFF {
			t.addByte(byte(r))
		} else if v, ok := t.sjis.kanji(r); ok {
			t.Units = append(t.Units, Unit{Caps: CapKanji, Kanji: v})
		} else {
			return r, false
		}
		if len(t.Units) > o.MaxUnits {
			break // too long either way; checkCount reports it
		}
	}
	return 0, true
}
