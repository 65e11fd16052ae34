// Package eci maps Extended Channel Interpretation (ECI) designators to the
// character sets they stand for, and converts between those character sets
// and UTF-8.
//
// An ECI designator, placed in a symbol's data, tells a reader how to
// interpret the bytes that follow. The assignments are those of the AIM ECI
// register (AIM ITS/04-023, Extended Channel Interpretations Part 3:
// Register), listed in the table in this file. Data without any designator is
// read in the symbology's default character set (ISO-8859-1 for QR Code);
// Guess helps where readers in the field expect something else.
package eci

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// Designators that barkit's encoders and decoders name in code.
const (
	ISO8859_1 = 3   // ISO/IEC 8859-1 Latin-1, the default of most 2D symbologies
	ShiftJIS  = 20  // Shift JIS (JIS X 0208 Annex 1)
	UTF8      = 26  // UTF-8
	Binary    = 899 // 8-bit binary data, no character set
)

// kind says how a character set is converted.
type kind uint8

const (
	latin1    kind = iota // byte b is U+00bb (ISO-8859-1, and binary data)
	utf8Kind              // UTF-8 passes through
	ascii                 // US-ASCII: bytes 0x00-0x7F only
	invariant             // ISO/IEC 646 invariant: ASCII without # $ @ [ \ ] ^ ` { | } ~
	thai                  // ISO-8859-11, computed (golang.org/x/text has no table for it)
	gb2312                // GB 2312 in EUC-CN form: decoded as GB18030, a superset
	xtext                 // a golang.org/x/text encoding
)

// charset is one row of the ECI register.
type charset struct {
	name string
	kind kind
	enc  encoding.Encoding // for kind xtext (and gb2312's encoder side, GBK)
	// asciiBytes reports whether every ASCII character the set holds is
	// encoded as that single ASCII byte.
	asciiBytes bool
}

// table is the AIM ECI register (AIM ITS/04-023, Extended Channel
// Interpretations Part 3: Register, Table 1), rows for the character sets
// barkit supports. ECI 000000 and 000002 are both Code page 437 (000000 is the
// legacy GLI 0 form), 000001 and 000003 both ISO/IEC 8859-1 (000001 is GLI 1);
// 000014 (formerly ISO/IEC 8859-12) and 000019 are not assigned.
var table = map[int]charset{
	0:   {"CP437", xtext, charmap.CodePage437, true},
	1:   {"ISO-8859-1", latin1, nil, true},
	2:   {"CP437", xtext, charmap.CodePage437, true},
	3:   {"ISO-8859-1", latin1, nil, true},
	4:   {"ISO-8859-2", xtext, charmap.ISO8859_2, true},
	5:   {"ISO-8859-3", xtext, charmap.ISO8859_3, true},
	6:   {"ISO-8859-4", xtext, charmap.ISO8859_4, true},
	7:   {"ISO-8859-5", xtext, charmap.ISO8859_5, true},
	8:   {"ISO-8859-6", xtext, charmap.ISO8859_6, true},
	9:   {"ISO-8859-7", xtext, charmap.ISO8859_7, true},
	10:  {"ISO-8859-8", xtext, charmap.ISO8859_8, true},
	11:  {"ISO-8859-9", xtext, charmap.ISO8859_9, true},
	12:  {"ISO-8859-10", xtext, charmap.ISO8859_10, true},
	13:  {"ISO-8859-11", thai, nil, true},
	15:  {"ISO-8859-13", xtext, charmap.ISO8859_13, true},
	16:  {"ISO-8859-14", xtext, charmap.ISO8859_14, true},
	17:  {"ISO-8859-15", xtext, charmap.ISO8859_15, true},
	18:  {"ISO-8859-16", xtext, charmap.ISO8859_16, true},
	20:  {"Shift_JIS", xtext, japanese.ShiftJIS, true},
	21:  {"windows-1250", xtext, charmap.Windows1250, true},
	22:  {"windows-1251", xtext, charmap.Windows1251, true},
	23:  {"windows-1252", xtext, charmap.Windows1252, true},
	24:  {"windows-1256", xtext, charmap.Windows1256, true},
	25:  {"UTF-16BE", xtext, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), false},
	26:  {"UTF-8", utf8Kind, nil, true},
	27:  {"US-ASCII", ascii, nil, true},
	28:  {"Big5", xtext, traditionalchinese.Big5, true},
	29:  {"GB2312", gb2312, simplifiedchinese.GBK, true},
	30:  {"EUC-KR", xtext, korean.EUCKR, true},
	31:  {"GBK", xtext, simplifiedchinese.GBK, true},
	32:  {"GB18030", xtext, simplifiedchinese.GB18030, true},
	33:  {"UTF-16LE", xtext, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), false},
	34:  {"UTF-32BE", xtext, utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM), false},
	35:  {"UTF-32LE", xtext, utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM), false},
	170: {"ISO-646-INV", invariant, nil, true},
	899: {"binary", latin1, nil, true},
}

// ErrUnknown is returned, wrapped with the number, for a designator that is
// not in the register or whose character set barkit cannot convert.
var ErrUnknown = errors.New("eci: unknown designator")

// An EncodeError reports a character that a character set cannot represent.
type EncodeError struct {
	ECI  int  // the designator of the character set
	Char rune // the character
	Pos  int  // its position in the text, counted in characters from 0
}

// Error names the character, its position and the character set.
func (e *EncodeError) Error() string {
	return fmt.Sprintf("eci: character %q at position %d is not in %s (ECI %d)", e.Char, e.Pos, Name(e.ECI), e.ECI)
}

// Known reports whether eci is a designator this package can convert.
func Known(eci int) bool {
	_, ok := table[eci]
	return ok
}

// Name returns the name of the character set of eci, such as "ISO-8859-1",
// "Shift_JIS" or "UTF-8" (IANA names where there is one), or "" when eci is
// not Known.
func Name(eci int) string {
	return table[eci].name
}

// ASCIICompatible reports whether the character set of eci encodes every ASCII
// character it holds as that same single byte, so that a symbology's numeric
// and alphanumeric modes (which carry ASCII bytes) may be used under it. It is
// false for UTF-16 and UTF-32 and for designators that are not Known.
func ASCIICompatible(eci int) bool {
	return table[eci].asciiBytes
}

// Decode converts b from the character set of eci to UTF-8. Byte sequences
// that are invalid in that character set become U+FFFD. Binary data (ECI 899)
// is mapped byte for byte to U+0000-U+00FF. The error is non-nil (wrapping
// ErrUnknown) only when eci is not Known.
func Decode(eci int, b []byte) (string, error) {
	cs, ok := table[eci]
	if !ok {
		return "", fmt.Errorf("%w %d", ErrUnknown, eci)
	}
	switch cs.kind {
	case latin1:
		return decodeLatin1(b), nil
	case utf8Kind:
		if utf8.Valid(b) {
			return string(b), nil
		}
		return string([]rune(string(b))), nil // each invalid byte becomes U+FFFD
	case ascii, invariant:
		return decodeASCII(b), nil
	case thai:
		return decodeThai(b), nil
	case gb2312:
		return decodeWith(simplifiedchinese.GB18030, b), nil
	}
	return decodeWith(cs.enc, b), nil
}

// Encode converts s from UTF-8 to the character set of eci. It returns an
// *EncodeError naming the first character that the set cannot represent, an
// error for invalid UTF-8 in s, and an error wrapping ErrUnknown when eci is
// not Known.
func Encode(eci int, s string) ([]byte, error) {
	cs, ok := table[eci]
	if !ok {
		return nil, fmt.Errorf("%w %d", ErrUnknown, eci)
	}
	out := make([]byte, 0, len(s))
	var enc *encoding.Encoder
	var dec *encoding.Decoder
	if cs.enc != nil {
		enc, dec = cs.enc.NewEncoder(), cs.enc.NewDecoder()
	}
	var buf [8]byte
	pos := 0
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return nil, fmt.Errorf("eci: invalid UTF-8 at byte %d", i)
			}
		}
		n, ok := encodeRune(cs, enc, dec, r, buf[:])
		if !ok {
			return nil, &EncodeError{ECI: eci, Char: r, Pos: pos}
		}
		out = append(out, buf[:n]...)
		pos++
	}
	return out, nil
}

// encodeRune writes the encoding of r into buf and returns its length, or
// false when the character set has no code for r. Characters that the
// x/text tables encode one way only (Shift_JIS maps U+00A5 YEN SIGN to 0x5C,
// which decodes as a backslash) count as not representable, so that whatever Encode
// accepts, Decode gives back.
func encodeRune(cs charset, enc *encoding.Encoder, dec *encoding.Decoder, r rune, buf []byte) (int, bool) {
	switch cs.kind {
	case latin1:
		if r > 0xFF {
			return 0, false
		}
		buf[0] = byte(r)
		return 1, true
	case utf8Kind:
		return utf8.EncodeRune(buf, r), true
	case ascii:
		if r > 0x7F {
			return 0, false
		}
		buf[0] = byte(r)
		return 1, true
	case invariant:
		if r > 0x7F || isVariant(byte(r)) {
			return 0, false
		}
		buf[0] = byte(r)
		return 1, true
	case thai:
		b, ok := encodeThai(r)
		buf[0] = b
		return 1, ok
	}
	var src [utf8.UTFMax]byte
	ns := utf8.EncodeRune(src[:], r)
	enc.Reset()
	n, _, err := enc.Transform(buf, src[:ns], true)
	if err != nil || n == 0 {
		return 0, false
	}
	if cs.kind == gb2312 && n != 1 {
		// GBK extends GB 2312; GB 2312 proper (EUC-CN) has both bytes in
		// 0xA1-0xFE.
		if n != 2 || buf[0] < 0xA1 || buf[0] > 0xFE || buf[1] < 0xA1 || buf[1] > 0xFE {
			return 0, false
		}
	}
	if cs.kind == gb2312 && n == 1 && buf[0] > 0x7F {
		return 0, false // GBK's single-byte euro sign 0x80 is not GB 2312
	}
	var back [8]byte
	dec.Reset()
	nb, _, err := dec.Transform(back[:], buf[:n], true)
	if err != nil || nb != ns || string(back[:nb]) != string(src[:ns]) {
		return 0, false
	}
	return n, true
}

// decodeWith converts b with an x/text decoder, which replaces invalid
// sequences with U+FFFD.
func decodeWith(e encoding.Encoding, b []byte) string {
	out, err := e.NewDecoder().Bytes(b)
	if err != nil {
		// x/text decoders replace rather than fail; keep a result anyway.
		return string([]rune(string(b)))
	}
	return string(out)
}

// decodeLatin1 maps each byte to the code point of the same value.
func decodeLatin1(b []byte) string {
	n := len(b)
	for _, c := range b {
		if c >= 0x80 {
			n++
		}
	}
	if n == len(b) {
		return string(b)
	}
	out := make([]byte, 0, n)
	for _, c := range b {
		if c < 0x80 {
			out = append(out, c)
		} else {
			out = append(out, 0xC0|c>>6, 0x80|c&0x3F)
		}
	}
	return string(out)
}

// decodeASCII keeps bytes below 0x80 and replaces the others with U+FFFD.
// The national-variant positions of ISO/IEC 646 are read as their US-ASCII
// (International Reference Version) characters, the most likely intent.
func decodeASCII(b []byte) string {
	out := make([]rune, len(b))
	for i, c := range b {
		if c < 0x80 {
			out[i] = rune(c)
		} else {
			out[i] = utf8.RuneError
		}
	}
	return string(out)
}

// isVariant reports whether c is one of the 12 positions that ISO/IEC
// 646:1991 leaves to national variants (§4.1, Table 2).
func isVariant(c byte) bool {
	switch c {
	case '#', '$', '@', '[', '\\', ']', '^', '`', '{', '|', '}', '~':
		return true
	}
	return false
}

// ISO/IEC 8859-11:2001 (Latin/Thai, the same repertoire as TIS 620-2533 plus
// NO-BREAK SPACE) maps 0x00-0xA0 like ISO-8859-1 and 0xA1-0xFB to
// U+0E01-U+0E5B in order; 0xDB-0xDE and 0xFC-0xFF (U+0E3B-U+0E3E and beyond
// U+0E5B) are unassigned.
func decodeThai(b []byte) string {
	out := make([]rune, len(b))
	for i, c := range b {
		switch {
		case c <= 0xA0:
			out[i] = rune(c)
		case c >= 0xDB && c <= 0xDE, c >= 0xFC:
			out[i] = utf8.RuneError
		default:
			out[i] = 0x0E01 + rune(c-0xA1)
		}
	}
	return string(out)
}

func encodeThai(r rune) (byte, bool) {
	switch {
	case r <= 0xA0:
		return byte(r), true
	case r >= 0x0E01 && r <= 0x0E5B && (r < 0x0E3B || r > 0x0E3E):
		return byte(r-0x0E01) + 0xA1, true
	}
	return 0, false
}

// names maps the normalised names of the character sets (see normalise) to
// their designators; a name two designators share goes to the later, current
// one (CP437 to 2, ISO-8859-1 to 3).
var names = func() map[string]int {
	m := map[string]int{"latin1": 3, "ascii": 27, "sjis": 20, "cp1252": 23, "cp1251": 22, "cp1250": 21, "cp1256": 24}
	for d, cs := range table {
		if prev, ok := m[normalise(cs.name)]; !ok || prev < d {
			m[normalise(cs.name)] = d
		}
	}
	return m
}()

// Lookup returns the designator that s names: a number from the register
// ("7", "000007") or a character set's name ("ISO-8859-5", "utf8",
// "Shift_JIS", "windows-1251", "latin1"), with case, spaces, hyphens and
// underscores ignored. It reports false for anything else, and for numbers
// of character sets this package cannot convert.
func Lookup(s string) (int, bool) {
	n := normalise(s)
	if n == "" {
		return 0, false
	}
	if n[0] >= '0' && n[0] <= '9' {
		d := 0
		for i := 0; i < len(n); i++ {
			if n[i] < '0' || n[i] > '9' || i >= 6 {
				return 0, false
			}
			d = d*10 + int(n[i]-'0')
		}
		return d, Known(d)
	}
	d, ok := names[n]
	return d, ok
}

// normalise lowers s and drops spaces, hyphens and underscores.
func normalise(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' || c == '-' || c == '_':
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}
