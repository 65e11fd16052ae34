package aztec

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Options tunes Encode. The zero value encodes in the smallest symbol,
// compact or full-range, that holds the data with the recommended error
// correction (23 % + 3 codewords), the character set chosen automatically.
type Options struct {
	// ECPercent is the least share of the symbol's codewords that are
	// check codewords, in percent (5-95); 3 more are always added
	// (ISO/IEC 24778:2008 §11.3). 0 means DefaultEC (23) when the size is
	// chosen, and the minimum, MinEC (5), when Size forces one.
	ECPercent int

	// Size forces a format, compact (1-4 layers) or full-range (1-32);
	// the zero value chooses the smallest that holds the data. The
	// codewords the data leaves in a forced size are all check codewords.
	// A forced size too small gives an error wrapping
	// symbology.ErrTooLong.
	Size Size

	// Rune makes an Aztec Rune (Annex A), the 11×11 symbol of one value,
	// 0-255, given as decimal digits in the text. The other options must be
	// zero.
	Rune bool

	// GS1 marks the data as a GS1 element string (FNC1 in first position,
	// §7.3.1.2): Application Identifiers and their data, with GS (0x1D)
	// between a variable-length field and the next AI, each GS written as
	// FNC1 (FLG(0)). Only the characters of the GS1 character set (GS1
	// General Specifications Figure 7.11-1) and GS are accepted. The
	// human-readable form "(01)…" is not accepted here.
	GS1 bool

	// ECI selects the character set. 0 chooses the one that gives the
	// smallest symbol among those of eci.DefaultChoices, keeping the
	// earlier on a tie: no designator for ASCII text; else UTF-8 (ECI
	// 26), the first single-byte set that holds the text (ISO-8859-5 for
	// Cyrillic, ...), the East Asian sets that hold it in fewer bytes than
	// UTF-8, and last ISO-8859-1, the default character set, without its
	// designator when readers that guess the character set of
	// undesignated bytes (eci.Guess) take the bytes for ISO-8859-1.
	// A positive value forces that ECI (it must be eci.Known unless
	// Binary is set); it is written as FLG(n) before the data (§10.2).
	ECI int

	// Binary encodes the bytes of the data string as they are, with no
	// character-set conversion and no designator unless ECI is set (899
	// marks binary data).
	Binary bool

	// ReaderInit makes the symbol a reader initialisation (programming)
	// symbol (§9): readers take its data as configuration. Only compact
	// symbols of one layer and full-range symbols of up to 22 layers can
	// be.
	ReaderInit bool

	// Append places the symbol in a structured-append message (§8); the
	// zero value means the symbol stands alone.
	Append Append
}

// Append is a symbol's place in a structured-append message: up to 26
// symbols whose data, read in order, form one message (ISO/IEC 24778:2008
// §8). The symbol's data starts with a header in Upper mode (after the
// codes M/L U/L that announce it): the message id between spaces, if
// any, then the symbol's position and the count as letters A-Z.
type Append struct {
	Index int // 0-based position of this symbol in the message
	Count int // number of symbols in the message, 2-26; 0 means none
	// ID identifies the message, the same in each of its symbols:
	// printable ASCII without spaces, or "" for none.
	ID string
}

// MaxAppend is the most symbols of one structured-append message (§8).
const MaxAppend = 26

// Code is an encoded Aztec Code symbol or Aztec Rune.
type Code struct {
	// Size is the symbol's format; the zero Size for a rune.
	Size Size
	// Rune reports whether the symbol is an Aztec Rune; Value is its value.
	Rune  bool
	Value int
	// DataWords and CheckWords are the numbers of data and check
	// codewords in the symbol's data layers.
	DataWords, CheckWords int
	Modules               *matrix.Matrix // the symbol without quiet zone; true is dark
}

// ECLevel returns the share of check codewords among the symbol's
// codewords as a percentage, "41%", the way readers report it; "" for a
// rune.
func (c *Code) ECLevel() string {
	if c.Rune {
		return ""
	}
	return ecLevel(c.CheckWords, c.DataWords+c.CheckWords)
}

// ecLevel formats check codewords out of total as a whole percentage,
// rounded to nearest.
func ecLevel(check, total int) string {
	if total <= 0 {
		return ""
	}
	return strconv.Itoa((200*check+total)/(2*total)) + "%"
}

// Version returns the size in the notation of Barcode.Version: "C1"-"C4",
// "F1"-"F32", or "rune".
func (c *Code) Version() string {
	if c.Rune {
		return "rune"
	}
	return c.Size.String()
}

// Encode encodes text as an Aztec Code symbol, with the encodation that
// takes the fewest bits (Upper, Lower, Mixed, Punct and Digit codes,
// shifts, latches and Binary Shift runs chosen by dynamic programming), in
// the smallest format that holds it at the requested error correction, or
// as an Aztec Rune. Errors wrap symbology.ErrInvalidData (a character that
// cannot be encoded, an invalid option) or symbology.ErrTooLong (a
// *symbology.TooLongError, which says what fits).
func Encode(text string, opts Options) (*Code, error) {
	if opts.Rune {
		return encodeRuneText(text, opts)
	}
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	encs, err := prepare(text, opts)
	if err != nil {
		return nil, err
	}
	pct := opts.ECPercent
	cands := sizes
	if opts.Size.Layers != 0 {
		cands = []Size{opts.Size}
		if pct == 0 {
			pct = MinEC
		}
	} else if pct == 0 {
		pct = DefaultEC
	}
	// Each encoding of the text in its smallest size; the smallest size
	// wins, the earlier encoding on a tie.
	var (
		best     = len(cands)
		bestBits []byte
		bestEnd  mode
		encoded  bool
		nearest  = -1 // the encoding that came nearest, when none fits
		need     int  // its data codewords in the largest size
		big      Size // the largest size opts allow
	)
	for k, enc := range encs {
		bits, end, ok := streamBits(enc.units, opts)
		if !ok {
			continue
		}
		encoded = true
		if i := smallestSize(bits, cands[:best], pct, opts.ReaderInit); i >= 0 {
			best, bestBits, bestEnd = i, bits, end
		} else if bestBits == nil {
			if big.Layers == 0 {
				big, _ = largest(pct, opts)
			}
			if n := stuffedLen(bits, big.WordBits()); nearest < 0 || n < need {
				nearest, need = k, n
			}
		}
	}
	if !encoded {
		return nil, fmt.Errorf("aztec: %w: data cannot be encoded", symbology.ErrInvalidData)
	}
	if bestBits == nil {
		return nil, encs[nearest].tooLong(need, pct, opts)
	}
	s, bits := cands[best], bestBits
	b := s.WordBits()
	if l := endLatch(bestEnd, padBits(bits, b)); l != nil {
		w := &bitWriter{bits: append([]byte(nil), bits...)}
		for _, c := range l {
			w.write(c.value, c.bits)
		}
		if stuffedLen(w.bits, b) == stuffedLen(bits, b) {
			bits = w.bits
		}
	}
	return build(s, stuff(bits, b), opts.ReaderInit), nil
}

// streamBits returns the bit stream of units, the structured-append
// header announced by M/L U/L before it (§8), and the mode it ends in.
func streamBits(units []unit, opts Options) (bits []byte, end mode, ok bool) {
	bits, end, ok = encodeEnd(units)
	if ok && opts.Append.Count > 0 {
		bits = append([]byte{1, 1, 1, 0, 1, 1, 1, 1, 0, 1}, bits...)
	}
	return bits, end, ok
}

// smallestSize returns the index of the first of cands that holds bits at
// pct percent error correction, or -1.
func smallestSize(bits []byte, cands []Size, pct int, readerInit bool) int {
	var stuffed [13]int // by word size: the data codewords the bits make
	for i, s := range cands {
		if readerInit && !s.readerInitAllowed() {
			continue
		}
		b := s.WordBits()
		if stuffed[b] == 0 {
			stuffed[b] = stuffedLen(bits, b)
		}
		if stuffed[b] <= s.dataWords(pct, readerInit) {
			return i
		}
	}
	return -1
}

// build lays out a symbol of size s holding the data codewords, with check
// codewords in all the others.
func build(s Size, data []int, readerInit bool) *Code {
	n := s.Codewords()
	words := make([]int, n)
	copy(words, data)
	s.field().EncodeInts(data, words[len(data):])

	side := s.Side()
	m := matrix.New(side, side)
	if !s.Compact {
		drawGrid(m)
	}
	drawCore(m, s.Compact)
	c := side / 2
	mm := encodeModeMessage(s.Compact, modeMessage{layers: s.Layers, dataWords: len(data), readerInit: readerInit})
	for i, p := range modeMessageModules(s.Compact) {
		m.Set(c+p[0], c+p[1], mm[i] == 1)
	}
	// The bit stream starts with the padding that the codewords leave
	// over, then the codewords, most significant bit first (§7.3.4).
	pos := s.dataModules()
	b := s.WordBits()
	k := len(pos) - n*b
	for _, w := range words {
		for j := b - 1; j >= 0; j-- {
			m.Pix[pos[k]] = w>>j&1 == 1
			k++
		}
	}
	return &Code{Size: s, DataWords: len(data), CheckWords: n - len(data), Modules: m}
}

// encodeRuneText encodes an Aztec Rune whose value is written in text.
func encodeRuneText(text string, opts Options) (*Code, error) {
	if opts.Size.Layers != 0 || opts.ECPercent != 0 || opts.GS1 || opts.ECI != 0 || opts.Binary || opts.ReaderInit || opts.Append != (Append{}) {
		return nil, fmt.Errorf("aztec: %w: an Aztec Rune has no options", symbology.ErrInvalidData)
	}
	v, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil || v < 0 || v > 255 {
		return nil, fmt.Errorf("aztec: %w: rune value %q (0-255)", symbology.ErrInvalidData, text)
	}
	return EncodeRune(v), nil
}

// EncodeRune returns Aztec Rune v (ISO/IEC 24778:2008 Annex A), 0-255:
// the 11×11 core of a compact symbol whose mode message is v. It panics
// for a value out of range, a programming error.
func EncodeRune(v int) *Code {
	if v < 0 || v > 255 {
		panic("aztec: rune value out of range")
	}
	m := matrix.New(11, 11)
	drawCore(m, true)
	bits := encodeRuneMessage(v)
	for i, p := range modeMessageModules(true) {
		m.Set(5+p[0], 5+p[1], bits[i] == 1)
	}
	return &Code{Rune: true, Value: v, Modules: m}
}

// checkOptions reports an error for options that cannot be honoured.
func checkOptions(o Options) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("aztec: %w: "+format, append([]any{symbology.ErrInvalidData}, args...)...)
	}
	a := o.Append
	switch {
	case o.ECPercent != 0 && (o.ECPercent < MinEC || o.ECPercent > MaxEC):
		return bad("error correction %d%% (%d-%d)", o.ECPercent, MinEC, MaxEC)
	case o.Size.Layers != 0 && !o.Size.Valid():
		return bad("size %s", o.Size)
	case o.ReaderInit && o.Size.Layers != 0 && !o.Size.readerInitAllowed():
		return bad("a %s symbol cannot be a reader initialisation symbol (C1 or F1-F22 only)", o.Size)
	case o.ECI < 0 || o.ECI > 999999:
		return bad("ECI %d (0-999999)", o.ECI)
	case o.ECI > 0 && !o.Binary && !eci.Known(o.ECI):
		return bad("ECI %d: unknown character set", o.ECI)
	case o.GS1 && o.Binary:
		return bad("GS1 data cannot be binary")
	case o.GS1 && o.ECI > 0 && !eci.ASCIICompatible(o.ECI):
		return bad("GS1 data under ECI %d", o.ECI)
	case o.GS1 && o.ReaderInit:
		return bad("a reader initialisation symbol cannot hold GS1 data")
	case a.Count == 0 && (a.Index != 0 || a.ID != ""):
		return bad("structured append index or id without a count")
	case a.Count != 0 && (a.Count < 2 || a.Count > MaxAppend):
		return bad("structured append count %d (2-%d)", a.Count, MaxAppend)
	case a.Count != 0 && (a.Index < 0 || a.Index >= a.Count):
		return bad("structured append index %d of %d symbols", a.Index, a.Count)
	case a.Count != 0 && o.ReaderInit:
		return bad("a reader initialisation symbol cannot be part of a structured append message")
	}
	for i := 0; i < len(a.ID); i++ {
		if c := a.ID[i]; c <= ' ' || c > '~' {
			return bad("structured append id %q: printable ASCII without spaces only", a.ID)
		}
	}
	return nil
}

// An encoding is the text in one character set, as units: the
// structured-append header, FNC1 for GS1 data, the ECI designator, then
// the data bytes (GS as FNC1 in GS1 data).
type encoding struct {
	units []unit
	head  int // the units before the data bytes
	chars int // the characters of the text (its bytes with Options.Binary)
}

// prepare returns each encoding of text that Encode tries: the one
// Options.ECI or Binary asks for, or those of eci.DefaultChoices.
func prepare(text string, opts Options) ([]encoding, error) {
	chars := len(text)
	if !opts.Binary {
		chars = utf8.RuneCountInString(text)
	}
	if len(text) > utf8.UTFMax*maxUnits {
		return nil, tooLongText(text, chars, opts)
	}
	var choices []eci.Choice
	switch {
	case opts.Binary:
		choices = []eci.Choice{{ECI: opts.ECI, Bytes: []byte(text)}}
	default:
		if i := invalidUTF8(text); i >= 0 {
			return nil, fmt.Errorf("aztec: %w: invalid UTF-8 at byte %d", symbology.ErrInvalidData, i)
		}
		if opts.GS1 {
			if err := gs1.CheckElementString(text); err != nil {
				return nil, fmt.Errorf("aztec: %w: GS1 data: %w", symbology.ErrInvalidData, err)
			}
		}
		if opts.ECI > 0 {
			b, err := eci.Encode(opts.ECI, text)
			if err != nil {
				return nil, fmt.Errorf("aztec: %w: %w", symbology.ErrInvalidData, err)
			}
			choices = []eci.Choice{{ECI: opts.ECI, Bytes: b}}
		} else {
			choices = eci.DefaultChoices(text)
		}
	}
	var out []encoding
	for _, c := range choices {
		units := opts.header(c.ECI)
		head := len(units)
		if len(units)+len(c.Bytes) > maxUnits {
			continue
		}
		for _, b := range c.Bytes {
			u := unit(b)
			if opts.GS1 && b == 0x1d {
				u = unitFNC1
			}
			units = append(units, u)
		}
		out = append(out, encoding{units, head, chars})
	}
	if len(out) == 0 {
		return nil, tooLongText(text, chars, opts)
	}
	return out, nil
}

// header returns the units before the data under the ECI designator des
// (0 for none): the structured-append header, FNC1 for GS1 data and the
// designator.
func (opts Options) header(des int) []unit {
	var head []unit
	if a := opts.Append; a.Count > 0 {
		if a.ID != "" {
			head = appendBytes(head, " "+a.ID+" ")
		}
		head = append(head, unit('A'+a.Index), unit('A'+a.Count-1))
	}
	if opts.GS1 {
		head = append(head, unitFNC1)
	}
	if des > 0 {
		head = append(head, unitECI+unit(des))
	}
	return head
}

func appendBytes(units []unit, s string) []unit {
	for i := 0; i < len(s); i++ {
		units = append(units, unit(s[i]))
	}
	return units
}

// invalidUTF8 returns the byte offset of the first invalid UTF-8 sequence
// in s, or -1.
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
