package qr

import (
	"fmt"
	"math/bits"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// Options tunes Encode. The zero value encodes at level L in the smallest
// version, with the mask chosen by the standard's penalty rules and the
// character set chosen automatically.
type Options struct {
	Level Level // error correction level; the zero value is L

	// Version forces a version, 1-40; 0 picks the smallest that holds the
	// data. A forced version that is too small gives an error wrapping
	// symbology.ErrTooLong.
	Version int
	// MinVersion is the smallest version to pick when Version is 0.
	MinVersion int

	// Mask forces a data mask: 1-8 select mask pattern Mask-1 (000 to 111 of
	// ISO/IEC 18004:2015 Table 10), so that the zero value can mean "choose
	// by the penalty rules of §7.8.3". Code.Mask reports the pattern number
	// itself, 0-7.
	Mask int

	// GS1 marks the data as a GS1 element string (FNC1 in first position,
	// §7.4.8.2): Application Identifiers and their data, with GS (0x1D)
	// between a variable-length field and the next AI. Only the characters
	// of the GS1 character set (GS1 General Specifications Figure 7.11-1)
	// and GS are accepted, and a GS must be followed by an AI. The
	// human-readable form "(01)…" is not accepted here.
	GS1 bool

	// ECI selects the character set. 0 chooses automatically: no designator
	// for ASCII text, with Shift_JIS kanji-mode characters too (kanji mode
	// needs none); ECI 3 (ISO-8859-1) when the text fits ISO-8859-1 but is
	// not ASCII, since readers that guess the character set of undesignated
	// bytes would misread it; ECI 26 (UTF-8) otherwise. A positive value
	// forces that ECI (it must be eci.Known unless Binary is set).
	ECI int

	// Append places the symbol in a structured-append message (§8); the zero
	// value means the symbol stands alone.
	Append Append

	// Binary encodes the bytes of the data string as they are, in byte mode
	// (and numeric and alphanumeric modes where the bytes allow), with no
	// character-set conversion and no designator unless ECI is set (899
	// marks binary data). Readers return the bytes as they are; the text
	// they show for them is their own reading.
	Binary bool
}

// Append is a symbol's place in a structured-append message: up to 16
// symbols whose data, read in order, form one message (ISO/IEC 18004:2015
// §8).
type Append struct {
	Index  int  // 0-based position of this symbol in the message
	Count  int  // number of symbols in the message, 1-16; 0 means none
	Parity byte // Parity of the whole message, the same in every symbol
}

// Parity returns the structured-append parity of a message: the exclusive or
// of all its bytes (ISO/IEC 18004:2015 §8), here the bytes of data as given
// (UTF-8 for text).
func Parity(data string) byte {
	var p byte
	for i := 0; i < len(data); i++ {
		p ^= data[i]
	}
	return p
}

// Code is an encoded QR Code symbol.
type Code struct {
	Version int            // 1-40
	Level   Level          // error correction level
	Mask    int            // data mask pattern, 0-7
	Modules *matrix.Matrix // the symbol without quiet zone; true is dark
}

// maxUnits bounds the characters any QR Code can hold: 7089 digits at
// version 40-L.
const maxUnits = 7089

// encoder holds the scratch buffers of one Encode call; encoders are pooled.
type encoder struct {
	gs1   bool
	buf   []byte // bytes of the units, for byte mode
	units []unit
	cost  []int32
	from  []int8
	segs  []segment
	data  []byte // data codewords
	words []byte // final codeword sequence
	ecBuf []byte
	lines []uint64 // data rows, data columns, work rows, work columns
}

var encoders = sync.Pool{New: func() any { return new(encoder) }}

// Encode encodes text as a QR Code symbol. Errors wrap
// symbology.ErrInvalidData (a character that cannot be encoded, an invalid
// option) or symbology.ErrTooLong.
func Encode(text string, opts Options) (*Code, error) {
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	e := encoders.Get().(*encoder)
	defer encoders.Put(e)
	designator, err := e.prepare(text, opts)
	if err != nil {
		return nil, err
	}

	header := 0
	if opts.Append.Count > 0 {
		header += 4 + 4 + 4 + 8
	}
	if designator >= 0 {
		header += 4 + 8*eciBytes(designator)
	}
	if opts.GS1 {
		header += 4
	}

	lo, hi := max(opts.MinVersion, minVersion), maxVersion
	if opts.Version > 0 {
		lo, hi = opts.Version, opts.Version
	}
	version, bits := 0, 0
	for class := versionClass(lo); class <= versionClass(hi) && version == 0; class++ {
		var n int
		n, e.segs = e.segmentUnits(class, e.segs[:0])
		bits = header + n
		for v := max(lo, classVersions[class][0]); v <= min(hi, classVersions[class][1]); v++ {
			if bits <= 8*dataCodewords(v, opts.Level) {
				version = v
				break
			}
		}
	}
	if version == 0 {
		return nil, fmt.Errorf("qr: %w: the data takes %d bits, version %d-%v holds %d",
			symbology.ErrTooLong, bits, hi, opts.Level, 8*dataCodewords(hi, opts.Level))
	}
	if err := e.writeData(version, opts, designator); err != nil {
		return nil, err
	}
	return e.place(version, opts), nil
}

// checkOptions validates the option values.
func checkOptions(o Options) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("qr: %w: "+format, append([]any{symbology.ErrInvalidData}, args...)...)
	}
	switch {
	case o.Level < L || o.Level > H:
		return bad("error correction level %d", int(o.Level))
	case o.Version < 0 || o.Version > maxVersion:
		return bad("version %d (1-40)", o.Version)
	case o.MinVersion < 0 || o.MinVersion > maxVersion:
		return bad("minimum version %d (1-40)", o.MinVersion)
	case o.Mask < 0 || o.Mask > 8:
		return bad("mask %d (1-8 for patterns 0-7)", o.Mask)
	case o.ECI < 0 || o.ECI > 999999:
		return bad("ECI %d (0-999999)", o.ECI)
	case o.ECI > 0 && !o.Binary && !eci.Known(o.ECI):
		return bad("ECI %d: unknown character set", o.ECI)
	case o.Append.Count < 0 || o.Append.Count > 16:
		return bad("structured append count %d (1-16)", o.Append.Count)
	case o.Append.Count > 0 && (o.Append.Index < 0 || o.Append.Index >= o.Append.Count):
		return bad("structured append index %d of %d", o.Append.Index, o.Append.Count)
	case o.GS1 && o.ECI > 0 && !eci.ASCIICompatible(o.ECI):
		return bad("GS1 data under ECI %d", o.ECI)
	}
	return nil
}

// eciBytes returns the length of an ECI designator's encoding (§7.4.3.2,
// Table 4).
func eciBytes(d int) int {
	switch {
	case d < 128:
		return 1
	case d < 16384:
		return 2
	}
	return 3
}

// prepare splits text into units and returns the ECI designator to write, or
// -1 for none.
func (e *encoder) prepare(text string, opts Options) (int, error) {
	e.gs1 = opts.GS1
	e.buf, e.units = e.buf[:0], e.units[:0]
	if len(text) > utf8.UTFMax*maxUnits {
		return 0, fmt.Errorf("qr: %w: %d bytes of data", symbology.ErrTooLong, len(text))
	}
	if opts.GS1 {
		if err := checkGS1(text); err != nil {
			return 0, err
		}
	}
	if opts.Binary {
		for i := 0; i < len(text); i++ {
			e.addByte(text[i])
		}
		return designatorOrNone(opts.ECI), e.checkCount()
	}
	if i := invalidUTF8(text); i >= 0 {
		return 0, fmt.Errorf("qr: %w: invalid UTF-8 at byte %d", symbology.ErrInvalidData, i)
	}
	if opts.ECI > 0 {
		return opts.ECI, e.prepareECI(text, opts.ECI)
	}

	latin1 := true
	for _, r := range text {
		if r > 0xFF {
			latin1 = false
			break
		}
	}
	if latin1 {
		for _, r := range text {
			e.addByte(byte(r))
		}
		if err := e.checkCount(); err != nil {
			return 0, err
		}
		if !readsAsLatin1(e.buf) {
			return eci.ISO8859_1, nil
		}
		return -1, nil
	}
	if e.prepareKanji(text) {
		return -1, e.checkCount()
	}
	e.buf, e.units = e.buf[:0], e.units[:0]
	return eci.UTF8, e.prepareECI(text, eci.UTF8)
}

func designatorOrNone(d int) int {
	if d > 0 {
		return d
	}
	return -1
}

// readsAsLatin1 reports whether bytes written without an ECI designator read
// back as the ISO-8859-1 they are in every reader. ASCII does. Other
// ISO-8859-1 bytes are the standard's default too, but readers that guess
// the character set take many of them for Shift_JIS (zbarimg reads "ioaØîue"
// as "ioa崲ue"), so those get the ECI 3 designator: 12 bits that keep the
// text from depending on a guess.
func readsAsLatin1(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

func (e *encoder) checkCount() error {
	if len(e.units) > maxUnits {
		return fmt.Errorf("qr: %w: %d characters", symbology.ErrTooLong, len(e.units))
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
func (e *encoder) addByte(b byte) {
	u := unit{off: int32(len(e.buf)), n: 1, caps: capByte, alnum: 1}
	if b >= '0' && b <= '9' {
		u.caps |= capNumeric
	}
	switch {
	case e.gs1 && b == 0x1D:
		u.caps |= capAlnum
	case e.gs1 && b == '%':
		u.caps |= capAlnum
		u.alnum = 2
	case alnumValue[b] >= 0:
		u.caps |= capAlnum
	}
	e.buf = append(e.buf, b)
	e.units = append(e.units, u)
}

// prepareECI makes units of text in the character set of a known ECI: ASCII
// characters, where the set writes them as single bytes, can go in any mode;
// the others go in byte mode, and under Shift_JIS (ECI 20) those in the
// kanji mode range in kanji mode too.
func (e *encoder) prepareECI(text string, d int) error {
	if _, err := eci.Encode(d, text); err != nil {
		return fmt.Errorf("qr: %w: %w", symbology.ErrInvalidData, err)
	}
	ascii := eci.ASCIICompatible(d)
	for _, r := range text {
		if r < 0x80 && ascii {
			e.addByte(byte(r))
			continue
		}
		b, err := eci.Encode(d, string(r))
		if err != nil {
			return fmt.Errorf("qr: %w: %w", symbology.ErrInvalidData, err)
		}
		u := unit{off: int32(len(e.buf)), n: uint8(len(b)), caps: capByte}
		if d == eci.ShiftJIS && len(b) == 2 {
			if v, ok := kanjiValue(b[0], b[1]); ok {
				u.caps |= capKanji
				u.kanji = v
			}
		}
		e.buf = append(e.buf, b...)
		e.units = append(e.units, u)
		if len(e.units) > maxUnits {
			break
		}
	}
	return e.checkCount()
}

// prepareKanji makes units of text without a designator, for text whose
// characters are all either ISO-8859-1 (byte, numeric or alphanumeric mode)
// or Shift_JIS double-byte characters of the kanji mode range (kanji mode,
// which readers always read as Shift_JIS). It reports false when some
// character is neither, or when readers would misread the ISO-8859-1 bytes.
func (e *encoder) prepareKanji(text string) bool {
	var s sjisCodec
	for _, r := range text {
		if r <= 0xFF {
			e.addByte(byte(r))
			continue
		}
		v, ok := s.kanji(r)
		if !ok {
			return false
		}
		e.units = append(e.units, unit{caps: capKanji, kanji: v})
		if len(e.units) > maxUnits {
			return true // too long either way; checkCount reports it
		}
	}
	return readsAsLatin1(e.buf)
}

// kanjiValue returns the 13-bit kanji mode value of the Shift_JIS character
// c1 c2 (§7.4.6): 0x8140-0x9FFC less 0x8140, 0xE040-0xEBBF less 0xC140,
// then the high byte times 0xC0 plus the low byte.
func kanjiValue(c1, c2 byte) (uint16, bool) {
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

// kanjiBytes is the inverse of kanjiValue.
func kanjiBytes(v int) (byte, byte) {
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
	v, ok := kanjiValue(dst[0], dst[1])
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

// checkGS1 reports an error for GS1 data that is not an element string of
// the GS1 character set.
func checkGS1(s string) error {
	if err := gs1.CheckElementString(s); err != nil {
		return fmt.Errorf("qr: %w: GS1 data: %w", symbology.ErrInvalidData, err)
	}
	return nil
}

// bitWriter appends bits, most significant first, to a byte slice; flush
// writes out the last partial byte.
type bitWriter struct {
	b    []byte
	n    int    // bits written
	acc  uint64 // bits not yet in b, the last nacc of them
	nacc int
}

// write appends the low nbits (at most 32) bits of v.
func (w *bitWriter) write(v uint32, nbits int) {
	w.acc = w.acc<<uint(nbits) | uint64(v)&(1<<uint(nbits)-1)
	w.nacc += nbits
	w.n += nbits
	for w.nacc >= 8 {
		w.nacc -= 8
		w.b = append(w.b, byte(w.acc>>uint(w.nacc)))
	}
}

// flush appends the pending bits, padded with zeros to a byte.
func (w *bitWriter) flush() {
	if w.nacc > 0 {
		w.b = append(w.b, byte(w.acc<<uint(8-w.nacc)))
		w.nacc = 0
	}
}

// writeData writes the data codewords of a version: headers, segments,
// terminator and padding (§7.4).
func (e *encoder) writeData(version int, opts Options, designator int) error {
	capBytes := dataCodewords(version, opts.Level)
	w := bitWriter{b: e.data[:0]}
	if a := opts.Append; a.Count > 0 {
		w.write(uint32(modeAppend), 4)
		w.write(uint32(a.Index), 4)
		w.write(uint32(a.Count-1), 4)
		w.write(uint32(a.Parity), 8)
	}
	if designator >= 0 {
		w.write(uint32(modeECI), 4)
		switch eciBytes(designator) {
		case 1:
			w.write(uint32(designator), 8)
		case 2:
			w.write(0b10<<14|uint32(designator), 16)
		default:
			w.write(0b110<<21|uint32(designator), 24)
		}
	}
	if opts.GS1 {
		w.write(uint32(modeFNC1First), 4)
	}
	class := versionClass(version)
	for _, s := range e.segs {
		if err := e.writeSegment(&w, s, class); err != nil {
			return err
		}
	}
	if w.n > 8*capBytes {
		return fmt.Errorf("qr: %w: the data takes %d bits, version %d-%v holds %d",
			symbology.ErrTooLong, w.n, version, opts.Level, 8*capBytes)
	}
	// Terminator (up to four 0 bits), zero bits to the byte boundary, then
	// the pad codewords 11101100 and 00010001 in turn (§7.4.9, §7.4.10).
	w.write(0, min(4, 8*capBytes-w.n))
	w.flush()
	for i := 0; len(w.b) < capBytes; i++ {
		w.b = append(w.b, [2]byte{0xEC, 0x11}[i%2])
	}
	e.data = w.b
	return nil
}

// writeSegment writes one segment: mode indicator, character count and data
// (§7.4.4-§7.4.7).
func (e *encoder) writeSegment(w *bitWriter, s segment, class int) error {
	units := e.units[s.start:s.end]
	count := 0
	switch s.mode {
	case modeNumeric, modeKanji:
		count = len(units)
	case modeAlnum:
		for _, u := range units {
			count += int(u.alnum)
		}
	case modeByte:
		for _, u := range units {
			count += int(u.n)
		}
	}
	cb := countBits(s.mode, class)
	if count >= 1<<cb {
		// Cannot happen for data that fits (see the capacity test), but a
		// wrong count would corrupt the symbol.
		return fmt.Errorf("qr: %w: segment of %d characters", symbology.ErrTooLong, count)
	}
	w.write(uint32(s.mode), 4)
	w.write(uint32(count), cb)
	switch s.mode {
	case modeNumeric:
		for i := 0; i < len(units); i += 3 {
			g := units[i:min(i+3, len(units))]
			v := 0
			for _, u := range g {
				v = v*10 + int(e.buf[u.off]-'0')
			}
			w.write(uint32(v), [4]int{0, 4, 7, 10}[len(g)])
		}
	case modeAlnum:
		pending := -1
		emit := func(v int) {
			if pending < 0 {
				pending = v
				return
			}
			w.write(uint32(pending*45+v), 11)
			pending = -1
		}
		for _, u := range units {
			b := e.buf[u.off]
			switch {
			case e.gs1 && b == 0x1D:
				emit(int(alnumValue['%']))
			case e.gs1 && b == '%':
				emit(int(alnumValue['%']))
				emit(int(alnumValue['%']))
			default:
				emit(int(alnumValue[b]))
			}
		}
		if pending >= 0 {
			w.write(uint32(pending), 6)
		}
	case modeByte:
		for _, u := range units {
			for _, b := range e.buf[u.off : u.off+int32(u.n)] {
				w.write(uint32(b), 8)
			}
		}
	case modeKanji:
		for _, u := range units {
			w.write(uint32(u.kanji), 13)
		}
	}
	return nil
}

// place computes the error correction codewords, places all codewords in
// the symbol, and applies the forced mask or the one with the lowest
// penalty (§7.6-§7.9).
func (e *encoder) place(version int, opts Options) *Code {
	l := getLayout(version)
	n, lw := l.n, l.lineWords
	b := blocks(version, opts.Level)
	e.words = grow(e.words, l.words)
	e.ecBuf = grow(e.ecBuf, b.Blocks*b.EC)
	interleave(e.words, e.data, b, e.ecBuf, reedsolomon.QR.Encode)

	nl := n * lw
	e.lines = growWords(e.lines, 4*nl)
	dataRows, dataCols := e.lines[:nl], e.lines[nl:2*nl]
	rows, cols := e.lines[2*nl:3*nl], e.lines[3*nl:4*nl]
	clear(dataRows)
	clear(dataCols)
	for i, w := range e.words {
		for ; w != 0; w &= w - 1 {
			k := 8*i + 7 - bits.TrailingZeros8(w) // bit 7 is placed first
			setLineBit(dataRows, dataCols, lw, int(l.ox[k]), int(l.oy[k]))
		}
	}

	compose := func(m int) {
		mr, mc := l.maskRows[m], l.maskCols[m]
		for i := range rows {
			rows[i] = l.baseRows[i] | (dataRows[i] ^ mr[i])
			cols[i] = l.baseCols[i] | (dataCols[i] ^ mc[i])
		}
		for fw := formatWord(opts.Level, m); fw != 0; fw &= fw - 1 {
			i := bits.TrailingZeros32(fw)
			for c := range 2 {
				xy := l.formatXY[c][i]
				setLineBit(rows, cols, lw, int(xy[0]), int(xy[1]))
			}
		}
	}
	mask := opts.Mask - 1
	if mask < 0 {
		best := -1
		for m := range 8 {
			compose(m)
			if p := scoreLines(rows, cols, n, lw, best); best < 0 || p < best {
				best, mask = p, m
			}
		}
	}
	compose(mask)

	mod := matrix.New(n, n)
	for y := range n {
		r := rows[y*lw : (y+1)*lw]
		px := mod.Pix[y*n : (y+1)*n]
		w, next := r[0]>>pad, 64-pad // bits of r left in w, from module x on
		for x := range px {
			if next == 0 {
				w, next = r[(x+pad)/64], 64
			}
			px[x] = w&1 != 0
			w >>= 1
			next--
		}
	}
	return &Code{Version: version, Level: opts.Level, Mask: mask, Modules: mod}
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

func growWords(b []uint64, n int) []uint64 {
	if cap(b) < n {
		return make([]uint64, n)
	}
	return b[:n]
}
