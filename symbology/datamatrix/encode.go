package datamatrix

import (
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Options tunes Encode. The zero value encodes in the smallest square
// symbol that holds the data, with the character set chosen automatically.
type Options struct {
	// Shape restricts the formats to choose from; the zero value is
	// Square. It is ignored when Size is set.
	Shape Shape
	// Size forces a format, one of Sizes(); the zero value chooses. A
	// forced size too small for the data gives an error wrapping
	// symbology.ErrTooLong.
	Size Size

	// GS1 marks the data as a GS1 element string (FNC1 in first position,
	// ISO/IEC 16022:2006 §5.2.4.5): Application Identifiers and their data,
	// with GS (0x1D) between a variable-length field and the next AI, each
	// GS written as FNC1. Only the characters of the GS1 character set (GS1
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
	// Binary is set).
	ECI int

	// Binary encodes the bytes of the data string as they are, with no
	// character-set conversion and no designator unless ECI is set (899
	// marks binary data).
	Binary bool

	// ReaderInit makes the symbol a reader programming symbol (§5.2.4.9):
	// readers take its data as configuration, not as data to transmit.
	ReaderInit bool

	// Append places the symbol in a structured-append message (§5.6); the
	// zero value means the symbol stands alone.
	Append Append

	// ISO144 writes the check codewords of a 144×144 symbol interleaved
	// as §5.7.2 reads, starting again from the first block, instead of
	// dealt on from where the data stopped as most encoders do (zint's
	// default). Readers differ: zxing and zxing-cpp up to version 1.4 read
	// only the latter, libdmtx only the former; barkit and newer zxing-cpp
	// read both. Other sizes are the same either way.
	ISO144 bool
}

// Append is a symbol's place in a structured-append message: up to 16
// symbols whose data, read in order, form one message (ISO/IEC 16022:2006
// §5.6).
type Append struct {
	Index int // 0-based position of this symbol in the message
	Count int // number of symbols in the message, 2-16; 0 means none
	// FileID identifies the message, the same in each of its symbols: two
	// codewords of 1-254, as 256·first + second. 0 means 257 (1 and 1).
	FileID int
}

// Code is an encoded Data Matrix symbol.
type Code struct {
	Size    Size
	Modules *matrix.Matrix // the symbol without quiet zone; true is dark
	// Codewords are the data codewords followed by the error correction
	// codewords, in the order of the symbol's blocks (§5.7.2).
	Codewords []byte
}

// maxUnits bounds the characters of any data that fits the largest symbol:
// one codeword holds at most two (a digit pair).
const maxUnits = 2 * 1558

// The macro envelopes that one codeword replaces (§5.2.4.7).
var macros = [...]struct {
	header string
	cw     byte
}{{macroHeader("05"), cwMacro05}, {macroHeader("06"), cwMacro06}}

// Encode encodes text as a Data Matrix ECC 200 symbol, with the encodation
// that takes the fewest codewords, in the smallest format of the shape that
// holds it. Data of the form "[)>" RS "05" GS … RS EOT (or "06") is written
// with the macro codeword that stands for its envelope. Errors wrap
// symbology.ErrInvalidData (a character that cannot be encoded, an invalid
// option) or symbology.ErrTooLong (a *symbology.TooLongError, which says
// what fits).
func Encode(text string, opts Options) (*Code, error) {
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	encs, err := prepare(text, opts)
	if err != nil {
		return nil, err
	}
	cands := opts.Shape.candidates()
	if opts.Size.Rows != 0 {
		cands = []Size{opts.Size}
	}
	// Each encoding of the text in its smallest format; the smallest
	// format wins, the earlier encoding on a tie.
	var (
		best       = len(cands)
		bestPlan   *plan
		bestEnd    ending
		bestPrefix []byte
		tooLong    error // of the encoding that came nearest, when none fits
	)
	for _, enc := range encs {
		prefix, units := header(enc.units, enc.designator, opts)
		p := search(units)
		fits := false
		for i, s := range cands[:best] {
			if e, ok := p.fit(s.Data - len(prefix)); ok {
				best, bestPlan, bestEnd, bestPrefix = i, p, e, prefix
				fits = true
				break
			}
		}
		if !fits && bestPlan == nil {
			need := len(prefix)
			if e, ok := p.fit(math.MaxInt); ok {
				need += e.words
			}
			tooLong = symbology.Nearer(tooLong, enc.tooLong(need, opts))
		}
	}
	if bestPlan == nil {
		return nil, tooLong
	}
	s := cands[best]
	data := bestPlan.emit(bestEnd, bestPrefix, s.Data)
	words := addEC(s, data, opts.ISO144)
	return &Code{Size: s, Modules: place(s, words), Codewords: words}, nil
}

// header returns the codewords that precede the data units — structured
// append or reader programming, FNC1 or a macro codeword, the ECI
// designator (none when it is negative) — and the units left to encode.
func header(units []unit, designator int, opts Options) ([]byte, []unit) {
	var prefix []byte
	switch {
	case opts.Append.Count > 0:
		id := opts.Append.FileID
		if id == 0 {
			id = 257
		}
		prefix = append(prefix, cwAppend, byte(opts.Append.Index<<4|(17-opts.Append.Count)), byte(id>>8), byte(id))
	case opts.ReaderInit:
		prefix = append(prefix, cwReaderInit)
	}
	if opts.GS1 {
		prefix = append(prefix, cwFNC1)
	} else if len(units) >= 9 {
		for _, m := range macros {
			if hasUnits(units, m.header) && hasUnitsSuffix(units, macroTrailer) {
				prefix = append(prefix, m.cw)
				units = units[len(m.header) : len(units)-len(macroTrailer)]
				break
			}
		}
	}
	if designator >= 0 {
		prefix = appendDesignator(append(prefix, cwECI), designator)
	}
	return prefix, units
}

// checkOptions reports an error for options that cannot be honoured.
func checkOptions(o Options) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("datamatrix: %w: "+format, append([]any{symbology.ErrInvalidData}, args...)...)
	}
	switch {
	case o.Shape < Square || o.Shape > AnyShape:
		return bad("shape %d", int(o.Shape))
	case o.Size.Rows != 0:
		i, ok := sizeIndex(o.Size.Rows, o.Size.Cols)
		if !ok || sizes[i] != o.Size {
			return bad("size %s is not a Data Matrix format", o.Size)
		}
	}
	a := o.Append
	switch {
	case o.ECI < 0 || o.ECI > 999999:
		return bad("ECI %d (0-999999)", o.ECI)
	case o.ECI > 0 && !o.Binary && !eci.Known(o.ECI):
		return bad("ECI %d: unknown character set", o.ECI)
	case o.GS1 && o.Binary:
		return bad("GS1 data cannot be binary")
	case o.GS1 && o.ECI > 0 && !eci.ASCIICompatible(o.ECI):
		return bad("GS1 data under ECI %d", o.ECI)
	case a.Count == 0 && (a.Index != 0 || a.FileID != 0):
		return bad("structured append index or file id without a count")
	case a.Count != 0 && (a.Count < 2 || a.Count > 16):
		return bad("structured append count %d (2-16)", a.Count)
	case a.Count != 0 && (a.Index < 0 || a.Index >= a.Count):
		return bad("structured append index %d of %d symbols", a.Index, a.Count)
	case a.FileID != 0 && (a.FileID < 0 || a.FileID > 0xffff || a.FileID>>8 < 1 || a.FileID>>8 > 254 || a.FileID&0xff < 1 || a.FileID&0xff > 254):
		return bad("structured append file id %d: both codewords must be 1-254", a.FileID)
	case a.Count != 0 && o.ReaderInit:
		return bad("a reader programming symbol cannot be part of a structured append message")
	}
	return nil
}

// encoding is the data in one character set: its units and the ECI
// designator to write before them, or -1 for none.
type encoding struct {
	units      []unit
	designator int
	chars      int // the characters of the text (its bytes with Options.Binary)
}

// prepare returns the encodings of text that Encode tries: the one that
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
			return nil, fmt.Errorf("datamatrix: %w: invalid UTF-8 at byte %d", symbology.ErrInvalidData, i)
		}
		if opts.GS1 {
			if err := checkGS1(text); err != nil {
				return nil, err
			}
		}
		if opts.ECI > 0 {
			b, err := eci.Encode(opts.ECI, text)
			if err != nil {
				return nil, fmt.Errorf("datamatrix: %w: %w", symbology.ErrInvalidData, err)
			}
			choices = []eci.Choice{{ECI: opts.ECI, Bytes: b}}
		} else {
			choices = eci.DefaultChoices(text)
		}
	}
	var out []encoding
	for _, c := range choices {
		if len(c.Bytes) > maxUnits {
			continue
		}
		units := make([]unit, len(c.Bytes))
		for i, b := range c.Bytes {
			units[i] = unit(b)
			if opts.GS1 && b == 0x1d {
				units[i] = fnc1
			}
		}
		d := c.ECI
		if d == 0 {
			d = -1
		}
		out = append(out, encoding{units, d, chars})
	}
	if len(out) == 0 {
		return nil, tooLongText(text, chars, opts)
	}
	return out, nil
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

// checkGS1 reports an error for GS1 data that is not an element string of
// the GS1 character set.
func checkGS1(s string) error {
	if err := gs1.CheckElementString(s); err != nil {
		return fmt.Errorf("datamatrix: %w: GS1 data: %w", symbology.ErrInvalidData, err)
	}
	return nil
}

func hasUnits(u []unit, s string) bool {
	if len(u) < len(s) {
		return false
	}
	for i := range len(s) {
		if u[i] != unit(s[i]) {
			return false
		}
	}
	return true
}

func hasUnitsSuffix(u []unit, s string) bool {
	return len(u) >= len(s) && hasUnits(u[len(u)-len(s):], s)
}

// appendDesignator appends the codewords of an ECI designator (§5.4.1,
// Table 6): 0-126 in one, 127-16382 in two and 16383-999999 in three.
func appendDesignator(b []byte, d int) []byte {
	switch {
	case d <= 126:
		return append(b, byte(d+1))
	case d <= 16382:
		d -= 127
		return append(b, byte(d/254+128), byte(d%254+1))
	default:
		d -= 16383
		return append(b, byte(d/64516+192), byte(d/254%254+1), byte(d%254+1))
	}
}

// emitter writes the codewords of a chosen encodation.
type emitter struct {
	out  []byte
	cap  int    // data codewords of the symbol
	vals []byte // pending C40, Text or X12 values
	edi  []byte // pending EDIFACT values
}

func (e *emitter) left() int { return e.cap - len(e.out) }

func (e *emitter) ascii(u unit) {
	switch {
	case u == fnc1:
		e.out = append(e.out, cwFNC1)
	case u >= 128:
		e.out = append(e.out, cwUpperShift, byte(u-128+1))
	default:
		e.out = append(e.out, byte(u+1))
	}
}

// asciiRun writes units in ASCII encodation, digit pairs as one codeword.
func (e *emitter) asciiRun(us []unit) {
	for i := 0; i < len(us); i++ {
		if i+1 < len(us) && isDigitUnit(us[i]) && isDigitUnit(us[i+1]) {
			e.out = append(e.out, byte(130+10*(us[i]-'0')+us[i+1]-'0'))
			i++
			continue
		}
		e.ascii(us[i])
	}
}

// flushTriples writes the complete groups of three pending values.
func (e *emitter) flushTriples() {
	for len(e.vals) >= 3 {
		v := 1600*int(e.vals[0]) + 40*int(e.vals[1]) + int(e.vals[2]) + 1
		e.out = append(e.out, byte(v>>8), byte(v))
		e.vals = e.vals[3:]
	}
}

// flushEDI writes the pending EDIFACT values: whole groups as three
// codewords, and with close an incomplete group padded with zero bits to
// the codeword boundary.
func (e *emitter) flushEDI(close bool) {
	for len(e.edi) >= 4 || close && len(e.edi) > 0 {
		var g [4]byte
		k := copy(g[:], e.edi)
		v := int(g[0])<<18 | int(g[1])<<12 | int(g[2])<<6 | int(g[3])
		nb := (6*k + 7) / 8
		e.out = append(e.out, byte(v>>16), byte(v>>8), byte(v))[:len(e.out)+nb]
		e.edi = e.edi[k:]
	}
}

// base256 writes a Base 256 segment (§5.2.9) with its length field, 0 for
// a segment that runs to the end of the symbol, all 255-state randomised.
func (e *emitter) base256(us []unit, toEnd bool) {
	e.out = append(e.out, cwLatchB256)
	n := len(us)
	switch {
	case toEnd:
		e.rand255(0)
	case n <= b256Short:
		e.rand255(byte(n))
	default:
		e.rand255(byte(n/250 + 249))
		e.rand255(byte(n % 250))
	}
	for _, u := range us {
		e.rand255(byte(u))
	}
}

// rand255 appends a codeword with the 255-state randomising of Annex B.1.
func (e *emitter) rand255(v byte) {
	pos := len(e.out) + 1
	e.out = append(e.out, v+byte(149*pos%255+1))
}

// pad fills the symbol: one pad codeword 129, then pads 253-state
// randomised (§5.2.3, Annex B.1).
func (e *emitter) pad() {
	if e.left() > 0 {
		e.out = append(e.out, cwPad)
	}
	for e.left() > 0 {
		pos := len(e.out) + 1
		v := cwPad + 149*pos%253 + 1
		if v > 254 {
			v -= 254
		}
		e.out = append(e.out, byte(v))
	}
}

// steps returns the nodes of the path to (pos, state), first to last, each
// with its position and state.
func (p *plan) steps(pos, state int) []pathStep {
	var path []pathStep
	for pos != 0 || state != stASCII {
		nd := p.at(pos, state)
		if nd.act == actNone {
			break // cannot happen: every reached node has an action
		}
		path = append(path, pathStep{pos: pos, state: state, node: *nd})
		pos, state = int(nd.from), int(nd.fromSt)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

type pathStep struct {
	pos, state int
	node       node
}

// emit writes the codewords of an ending found by fit, after prefix, and
// pads them to the capacity total.
func (p *plan) emit(end ending, prefix []byte, total int) []byte {
	e := &emitter{out: append(make([]byte, 0, total), prefix...), cap: total}
	pos, state := end.pos, end.state
	var last *pathStep
	if end.kind == endLong {
		last = &pathStep{pos: p.n, state: stASCII, node: node{from: p.longFrom, fromSt: stASCII, act: actBase256}}
		pos, state = int(p.longFrom), stASCII
	}
	path := p.steps(pos, state)
	if last != nil {
		path = append(path, *last)
	}
	for k, st := range path {
		from, fromSt := int(st.node.from), int(st.node.fromSt)
		switch st.node.act {
		case actASCII:
			e.ascii(p.units[from])
		case actPair:
			e.asciiRun(p.units[from : from+2])
		case actLatch:
			e.out = append(e.out, [...]byte{stC40: cwLatchC40, stText: cwLatchText, stX12: cwLatchX12, stEDI: cwLatchEDI}[st.state])
		case actUnlatch:
			if fromSt >= stEDI {
				if fromSt == stEDI {
					// After whole groups, one or two codewords left are
					// read in ASCII without an unlatch.
					if e.left() > 2 {
						e.edi = append(e.edi, 31)
					}
				} else {
					e.edi = append(e.edi, 31)
				}
				e.flushEDI(true)
			} else if e.left() != 1 {
				e.out = append(e.out, cwUnlatch)
			}
		case actChar:
			u := p.units[from]
			switch {
			case fromSt >= stEDI:
				e.edi = append(e.edi, byte(ediValue(u)))
				e.flushEDI(false)
			case fromSt >= stX12:
				e.vals = append(e.vals, byte(x12Value[u]))
				e.flushTriples()
			default:
				e.vals = c40Values(e.vals, u, fromSt >= stText)
				e.flushTriples()
			}
		case actBase256:
			e.base256(p.units[from:st.pos], end.kind == endLong && k == len(path)-1)
		}
	}
	switch end.kind {
	case endPlain:
		switch {
		case state == stASCII:
		case state == stEDI:
			if e.left() > 2 {
				e.edi = append(e.edi, 31)
				e.flushEDI(true)
			}
		default: // C40, Text or X12 after whole groups
			if e.left() >= 2 {
				e.out = append(e.out, cwUnlatch)
			}
		}
	case endPad:
		e.vals = append(e.vals, 0)
		e.flushTriples()
	case endPartial:
		e.edi = append(e.edi, 31)
		e.flushEDI(true)
	case endImplied:
		e.asciiRun(p.units[end.pos:])
	}
	e.pad()
	return e.out
}

// place draws a symbol of format s holding codewords words.
func place(s Size, words []byte) *matrix.Matrix {
	m := patterns(s)
	l := layoutOf(mustIndex(s))
	for k, c := range words {
		for b := range 8 {
			if c&(0x80>>b) != 0 {
				m.Pix[l.pos[8*k+b]] = true
			}
		}
	}
	for _, f := range l.fixed {
		m.Pix[f] = true
	}
	return m
}

func mustIndex(s Size) int {
	i, ok := sizeIndex(s.Rows, s.Cols)
	if !ok {
		panic("datamatrix: unknown size " + s.String()) // Encode checks sizes first
	}
	return i
}
