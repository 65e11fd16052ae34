package maxicode

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Options tunes Encode. The zero value encodes in mode 4, or in mode 2 or 3
// when the data is a structured carrier message (see Mode).
type Options struct {
	// Mode is the symbol's mode (ISO/IEC 16023:2000 §4.3.1.1, Table 2):
	//
	//	2: structured carrier message, numeric postal code (up to 9 digits)
	//	3: structured carrier message, alphanumeric postal code (up to 6)
	//	4: standard symbol, standard error correction
	//	5: full error correction (enhanced: fewer data codewords)
	//	6: reader programming
	//
	// 0 chooses mode 2 or 3 when Carrier is set or the data is an ISO/IEC
	// 15434 message that starts with a structured carrier message
	// ("[)>" RS "01" GS "96" postal code GS country GS class GS …), the
	// form UPS and other carriers use; mode 4 otherwise.
	Mode int

	// Carrier is the primary message of modes 2 and 3. When it is zero in
	// those modes, it is taken from the data, in the form a reader
	// returns it: postal code, country and class of service, each
	// followed by GS, either at the start of the data or after an
	// ISO/IEC 15434 header of nine characters, "[)>" RS "01" GS and two
	// digits.
	Carrier Carrier

	// ECI selects the character set. 0 chooses the first of
	// eci.DefaultChoices that fits the symbol (MaxiCode has one size): no
	// designator for ASCII text; else UTF-8 (ECI 26), the first
	// single-byte set that holds the text (ISO-8859-5 for Cyrillic, ...),
	// the East Asian sets that hold it in fewer bytes than UTF-8, and last
	// ISO/IEC 8859-1, the default character set (§4.3), without its
	// designator when readers that guess the character set of undesignated
	// bytes (eci.Guess) take the bytes for ISO-8859-1. A positive value
	// forces that ECI, written at the start of the data (§4.3.5).
	ECI int

	// Binary encodes the bytes of the data string as they are (code sets
	// A to E hold all 256 byte values), with no character-set conversion
	// and no designator unless ECI is set.
	Binary bool

	// Append places the symbol in a structured-append message of up to 8
	// symbols (§4.3.6); the zero value means the symbol stands alone.
	Append Append
}

// Carrier is the structured carrier message of modes 2 and 3 (§4.3.1.1):
// a postal code, a country code (ISO 3166 numeric) and a class of service.
type Carrier struct {
	// PostalCode is up to 9 digits in mode 2, or up to 6 characters of
	// code set A (capital letters, digits, space and most punctuation)
	// in mode 3.
	PostalCode string
	Country    int // 0-999
	Service    int // 0-999
}

// Append is a symbol's place in a structured-append message.
type Append struct {
	Index int // 0-based position of this symbol in the message
	Count int // number of symbols in the message, 2-8; 0 means none
}

// MaxAppend is the most symbols of one structured-append message (§4.3.6:
// the position and the count are 3 bits each).
const MaxAppend = 8

// Code is an encoded MaxiCode symbol.
type Code struct {
	Mode int
	// Modules are the 30×33 modules, row 0 at the top, true for dark;
	// the modules of the central finder are light: render draws the
	// bull's-eye as circles over them.
	Modules *matrix.Matrix
}

// ECLevel returns the mode as readers report it for the error correction
// level ("4"; "5" for enhanced error correction).
func (c *Code) ECLevel() string { return strconv.Itoa(c.Mode) }

// Encode returns the MaxiCode symbol of text (UTF-8) with the given
// options. Data that does not fit gives a *symbology.TooLongError, which
// wraps symbology.ErrTooLong and says what fits; invalid data or options
// an error wrapping symbology.ErrInvalidData.
func Encode(text string, opts Options) (*Code, error) {
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	mode := opts.Mode
	carrier := opts.Carrier
	secondary := text
	if mode == 0 {
		mode = 4
		if carrier != (Carrier{}) {
			mode = carrierMode(carrier.PostalCode)
		} else if c, rest, ok := SplitCarrier(text, true); ok {
			if _, err := primaryCarrier(carrierMode(c.PostalCode), c); err == nil {
				carrier, secondary, mode = c, rest, carrierMode(c.PostalCode)
			}
		}
	} else if (mode == 2 || mode == 3) && carrier == (Carrier{}) {
		c, rest, ok := SplitCarrier(text, false)
		if !ok {
			return nil, fmt.Errorf("maxicode: %w: mode %d needs a postal code, country and class of service (postal GS country GS class GS …)", symbology.ErrInvalidData, mode)
		}
		carrier, secondary = c, rest
	}
	chars := symbology.Quantity{N: len(secondary), Unit: "bytes"}
	if !opts.Binary {
		chars = symbology.Quantity{N: utf8.RuneCountInString(secondary), Unit: "characters"}
	}
	if len(text) > 4*maxEncodeBytes {
		return nil, tooLong(secondary, opts.ECI, chars, mode, opts.Append, 0)
	}
	choices, err := charsets(secondary, opts)
	if err != nil {
		return nil, err
	}
	var primary [primaryData]byte
	if mode == 2 || mode == 3 {
		if primary, err = primaryCarrier(mode, carrier); err != nil {
			return nil, err
		}
	}
	// The symbol has one size: the first encoding that fits it wins; when
	// none does, the error is that of the one that came nearest.
	var firstErr error
	for _, c := range choices {
		code, err := encodeSymbol(c, chars, mode, primary, opts.Append)
		if err == nil {
			return code, nil
		}
		firstErr = symbology.Nearer(firstErr, err)
	}
	return nil, firstErr
}

// header returns the codewords before the secondary message under the
// ECI designator des (0 for none): the structured-append header and the
// designator.
func header(des int, a Append) []byte {
	var head []byte
	if a.Count > 0 {
		// §4.3.6: Pad, then the position and the count, 3 bits each.
		head = append(head, valPad, byte(a.Index<<3|(a.Count-1)))
	}
	if des > 0 {
		head = appendECI(head, des)
	}
	return head
}

// encodeSymbol writes the secondary message c (its designator, 0 for
// none, and bytes; text of length chars) in a symbol of the mode, after
// primary in modes 2 and 3 and the structured-append header.
func encodeSymbol(c eci.Choice, chars symbology.Quantity, mode int, primary [primaryData]byte, a Append) (*Code, error) {
	head := header(c.ECI, a)
	words, end, ok := encodeBytes(c.Bytes)
	if !ok {
		return nil, tooLong(string(c.Bytes), c.ECI, chars, mode, a, 0)
	}
	words = append(head, words...)

	var cw [numCodewords]byte
	var stream []int // indices of cw that carry the data stream, in order
	nd, _ := secondaryShape(mode)
	switch mode {
	case 2, 3:
		copy(cw[:primaryData], primary[:])
	default:
		cw[0] = byte(mode)
		for i := 1; i < primaryData; i++ {
			stream = append(stream, i)
		}
	}
	for i := range nd {
		stream = append(stream, primaryWords+i)
	}
	if len(words) < len(stream) && padLatch(end) > 0 {
		words = append(words, valLatchA2)
		end = setA
	}
	if len(words) > len(stream) {
		return nil, tooLong(string(c.Bytes), c.ECI, chars, mode, a, len(words))
	}
	for i, k := range stream {
		if i < len(words) {
			cw[k] = words[i]
		} else {
			cw[k] = padValue(end)
		}
	}
	addCheck(&cw, mode)
	return &Code{Mode: mode, Modules: place(&cw)}, nil
}

// checkOptions reports an error for options that cannot be honoured.
func checkOptions(o Options) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("maxicode: %w: "+format, append([]any{symbology.ErrInvalidData}, args...)...)
	}
	a := o.Append
	switch {
	case o.Mode != 0 && (o.Mode < 2 || o.Mode > 6):
		return bad("mode %d (2-6)", o.Mode)
	case o.Carrier != (Carrier{}) && o.Mode != 0 && o.Mode != 2 && o.Mode != 3:
		return bad("a carrier message in mode %d (only modes 2 and 3)", o.Mode)
	case o.ECI < 0 || o.ECI > 999999:
		return bad("ECI %d (0-999999)", o.ECI)
	case o.ECI > 0 && !o.Binary && !eci.Known(o.ECI):
		return bad("ECI %d: unknown character set", o.ECI)
	case a.Count == 0 && a.Index != 0:
		return bad("structured append index without a count")
	case a.Count != 0 && (a.Count < 2 || a.Count > MaxAppend):
		return bad("structured append count %d (2-%d)", a.Count, MaxAppend)
	case a.Count != 0 && (a.Index < 0 || a.Index >= a.Count):
		return bad("structured append index %d of %d symbols", a.Index, a.Count)
	}
	return nil
}

// charsets returns the encodings of the secondary message Encode tries,
// in the order ties go (see Options.ECI): the bytes with the designator to
// write before them, 0 for none.
func charsets(text string, opts Options) ([]eci.Choice, error) {
	switch {
	case opts.Binary:
		return []eci.Choice{{ECI: opts.ECI, Bytes: []byte(text)}}, nil
	case !utf8.ValidString(text):
		return nil, fmt.Errorf("maxicode: %w: invalid UTF-8 (set Binary for bytes)", symbology.ErrInvalidData)
	case opts.ECI > 0:
		b, err := eci.Encode(opts.ECI, text)
		if err != nil {
			return nil, fmt.Errorf("maxicode: %w: %w", symbology.ErrInvalidData, err)
		}
		return []eci.Choice{{ECI: opts.ECI, Bytes: b}}, nil
	}
	// ISO/IEC 8859-1 is the default character set (§4.3).
	return eci.DefaultChoices(text), nil
}

// appendECI appends the ECI character and designator n in 1 to 4
// codewords (§4.3.5, Table 5): 0-31 in one (0xxxxx), up to 1023 in two
// (10xxxx xxxxxx), up to 32767 in three (110xxx …), up to 999999 in four
// (1110xx …).
func appendECI(cw []byte, n int) []byte {
	cw = append(cw, valECI)
	switch {
	case n < 1<<5:
		return append(cw, byte(n))
	case n < 1<<10:
		return append(cw, byte(0x20|n>>6), byte(n&63))
	case n < 1<<15:
		return append(cw, byte(0x30|n>>12), byte(n>>6&63), byte(n&63))
	}
	return append(cw, byte(0x38|n>>18), byte(n>>12&63), byte(n>>6&63), byte(n&63))
}

// carrierMode returns the mode a postal code needs: 2 for digits only, 3
// otherwise.
func carrierMode(postal string) int {
	if postal != "" && len(postal) <= 9 && strings.Trim(postal, "0123456789") == "" {
		return 2
	}
	return 3
}

// primaryCarrier returns the primary message's 10 data codewords for a
// structured carrier message (§4.3.1.1, Figures 6 and 7): 60 bits, least
// significant first across the codewords — the mode (4 bits), the postal
// code (mode 2: 30 bits of its value and 6 of its length; mode 3: six
// characters of code set A, 6 bits each, the first the most significant),
// the country code (10 bits) and the class of service (10 bits).
func primaryCarrier(mode int, c Carrier) ([primaryData]byte, error) {
	var out [primaryData]byte
	bad := func(format string, args ...any) ([primaryData]byte, error) {
		return out, fmt.Errorf("maxicode: %w: "+format, append([]any{symbology.ErrInvalidData}, args...)...)
	}
	if c.Country < 0 || c.Country > 999 {
		return bad("country code %d (0-999)", c.Country)
	}
	if c.Service < 0 || c.Service > 999 {
		return bad("class of service %d (0-999)", c.Service)
	}
	var postal uint64
	switch mode {
	case 2:
		p := c.PostalCode
		if p == "" || len(p) > 9 || strings.Trim(p, "0123456789") != "" {
			return bad("postal code %q: mode 2 takes 1-9 digits", p)
		}
		v, _ := strconv.ParseUint(p, 10, 32)
		postal = v | uint64(len(p))<<30
	case 3:
		p := strings.ToUpper(c.PostalCode)
		if p == "" || len(p) > 6 {
			return bad("postal code %q: mode 3 takes 1-6 characters", c.PostalCode)
		}
		for i := range 6 {
			ch := byte(' ')
			if i < len(p) {
				ch = p[i]
			}
			v := charValue[setA][ch]
			if v < 0 {
				return bad("postal code %q: %q is not in code set A", c.PostalCode, ch)
			}
			postal = postal<<6 | uint64(v)
		}
	}
	v := uint64(mode) | postal<<4 | uint64(c.Country)<<40 | uint64(c.Service)<<50
	for i := range out {
		out[i] = byte(v >> (6 * i) & 63)
	}
	return out, nil
}

// SplitCarrier splits the structured carrier message of modes 2 and 3 off
// text in the form readers return it: the postal code, country code and
// class of service, each followed by GS (0x1D), at the start of text or,
// after an ISO/IEC 15434 header of nine characters ("[)>" RS "01" GS and two
// digits), after it. rest is text without them: the secondary message. With
// headerOnly, only the form after a header is accepted. ok is false when
// text holds no such message (a postal code of 1-9 characters, country and
// class of 1-3 digits).
func SplitCarrier(text string, headerOnly bool) (c Carrier, rest string, ok bool) {
	head, body := "", text
	if len(text) >= 9 && text[:7] == "[)>\x1e01\x1d" && isDigit(text[7]) && isDigit(text[8]) {
		head, body = text[:9], text[9:]
	} else if headerOnly {
		return Carrier{}, "", false
	}
	f := strings.SplitN(body, "\x1d", 4)
	if len(f) < 3 {
		return Carrier{}, "", false
	}
	tail := ""
	if len(f) == 4 {
		tail = f[3]
	} else if head != "" {
		return Carrier{}, "", false
	}
	if len(f[0]) == 0 || len(f[0]) > 9 || !digits(f[1]) || !digits(f[2]) {
		return Carrier{}, "", false
	}
	if len(f[0]) > 6 && carrierMode(f[0]) != 2 {
		return Carrier{}, "", false
	}
	country, _ := strconv.Atoi(f[1])
	service, _ := strconv.Atoi(f[2])
	return Carrier{PostalCode: f[0], Country: country, Service: service}, head + tail, true
}

// digits reports whether s is 1 to 3 decimal digits.
func digits(s string) bool {
	return len(s) >= 1 && len(s) <= 3 && strings.Trim(s, "0123456789") == ""
}
