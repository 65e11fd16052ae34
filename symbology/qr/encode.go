package qr

import (
	"errors"
	"fmt"
	"math/bits"
	"sync"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
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

	// ECI selects the character set. 0 chooses the one that gives the
	// smallest version at Level, trying in turn (qrfamily.Text.Candidates)
	// and keeping the earlier of equal versions:
	//   - no designator: ASCII; ISO-8859-1, the default character set,
	//     when no reader that guesses would take its bytes for UTF-8 or
	//     Shift_JIS; Shift_JIS kanji mode characters (with ASCII), which
	//     kanji mode carries without one (ISO/IEC 18004:2015 §7.4.6);
	//   - UTF-8 (ECI 26), the first single-byte set that holds the text
	//     (ECI 3 for ISO-8859-1 that needs it, 7 for Cyrillic, ...), then
	//     the East Asian sets shorter than UTF-8 (eci.Choices), Shift_JIS
	//     (ECI 20) with its kanji in kanji mode; not GB18030 (ECI 32),
	//     which zxing reads as ISO-8859-1.
	// The split into modes is optimal for each. A positive value forces
	// that ECI (it must be eci.Known unless Binary is set).
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
	text  qrfamily.Text
	seg   qrfamily.Segmenter
	segs  []qrfamily.Segment
	data  []byte // data codewords
	words []byte // final codeword sequence
	ecBuf []byte
	lines []uint64 // data rows, data columns, work rows, work columns
}

var encoders = sync.Pool{New: func() any { return new(encoder) }}

// Encode encodes text as a QR Code symbol. Errors wrap
// symbology.ErrInvalidData (a character that cannot be encoded, an invalid
// option) or symbology.ErrTooLong (a *symbology.TooLongError, which says
// what fits).
func Encode(text string, opts Options) (*Code, error) {
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	e := encoders.Get().(*encoder)
	defer encoders.Put(e)
	version, designator, err := e.choose(text, opts)
	if err != nil {
		return nil, err
	}
	if err := e.writeData(version, opts, designator); err != nil {
		return nil, err
	}
	return e.place(version, opts), nil
}

// choose prepares text in the character set that gives the smallest
// version (qrfamily.Text.Choose; Candidates lists them in the order ties go), or
// in the one opts forces, and returns the version and the designator to
// write (-1 for none), with the segmentation in e.segs.
func (e *encoder) choose(text string, opts Options) (version, designator int, err error) {
	to := qrfamily.TextOptions{Symbology: "qr", GS1: opts.GS1, ECI: opts.ECI, Binary: opts.Binary, MaxUnits: maxUnits}
	lo, hi := max(opts.MinVersion, minVersion), maxVersion
	if opts.Version > 0 {
		lo, hi = opts.Version, opts.Version
	}
	err = e.text.Choose(text, to, func(des int, again bool) (bool, error) {
		if again {
			e.fit(version, version, des, opts)
			return true, nil
		}
		if hi < lo {
			return false, nil // a smaller version is found already
		}
		v, bits := e.fit(lo, hi, des, opts)
		if v == 0 {
			return false, e.text.TooLong(to, limit(hi, des, opts), bits, e.segs)
		}
		version, designator, hi = v, des, v-1
		return true, nil
	})
	if errors.Is(err, symbology.ErrTooLong) && !errors.As(err, new(*symbology.TooLongError)) {
		// Too long to prepare: no character set was tried.
		des := -1
		if opts.ECI > 0 {
			des = opts.ECI
		}
		err = e.text.TooLongText(text, to, limit(hi, des, opts))
	}
	return version, designator, err
}

// limit returns the largest symbol opts allow, version hi at opts.Level,
// for the errors of data that does not fit it, under the designator des
// (-1 for none).
func limit(hi, des int, opts Options) qrfamily.Limit {
	sym := fmt.Sprintf("QR Code version %d-%v", hi, opts.Level)
	if opts.Version == 0 {
		sym = fmt.Sprintf("the largest QR Code at level %v (version %d)", opts.Level, hi)
	}
	return qrfamily.Limit{
		Symbol:  sym,
		Dialect: &dialects[versionClass(hi)],
		Header:  headerBits(des, opts),
		Bits:    8 * dataCodewords(hi, opts.Level),
	}
}

// headerBits returns the bits written before the segments: structured
// append, the ECI designator des (-1 for none) and FNC1.
func headerBits(des int, opts Options) int {
	header := 0
	if opts.Append.Count > 0 {
		header += 4 + 4 + 4 + 8
	}
	if des >= 0 {
		header += 4 + 8*qrfamily.DesignatorBytes(des)
	}
	if opts.GS1 {
		header += 4
	}
	return header
}

// fit returns the smallest version from lo to hi that holds the prepared
// text under the designator des (-1 for none), with its segmentation in
// e.segs, or 0 and the bits the data takes in version hi.
func (e *encoder) fit(lo, hi, des int, opts Options) (version, bits int) {
	header := headerBits(des, opts)
	for class := versionClass(lo); class <= versionClass(hi); class++ {
		var n int
		n, e.segs = e.segmentUnits(class, e.segs[:0])
		bits = header + n
		for v := max(lo, classVersions[class][0]); v <= min(hi, classVersions[class][1]); v++ {
			if bits <= 8*dataCodewords(v, opts.Level) {
				return v, bits
			}
		}
	}
	return 0, bits
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

// segmentUnits finds the segmentation of the units with the fewest bits
// for a version class (qrfamily.Segmenter), and appends it to segs.
func (e *encoder) segmentUnits(class int, segs []qrfamily.Segment) (int, []qrfamily.Segment) {
	return e.seg.Segment(e.text.Units, &headers[class], segs)
}

// writeData writes the data codewords of a version: headers, segments,
// terminator and padding (§7.4).
func (e *encoder) writeData(version int, opts Options, designator int) error {
	capBytes := dataCodewords(version, opts.Level)
	d := &dialects[versionClass(version)]
	var w qrfamily.BitWriter
	w.Reset(e.data)
	if a := opts.Append; a.Count > 0 {
		w.Write(uint32(modeAppend), 4)
		w.Write(uint32(a.Index), 4)
		w.Write(uint32(a.Count-1), 4)
		w.Write(uint32(a.Parity), 8)
	}
	if designator >= 0 {
		w.Write(uint32(modeECI), 4)
		qrfamily.WriteDesignator(&w, designator)
	}
	if opts.GS1 {
		w.Write(uint32(modeFNC1First), 4)
	}
	for _, s := range e.segs {
		if err := e.text.WriteSegment(&w, s, d); err != nil {
			return err
		}
	}
	if w.Len() > 8*capBytes {
		return fmt.Errorf("qr: %w: the data takes %d bits, version %d-%v holds %d",
			symbology.ErrTooLong, w.Len(), version, opts.Level, 8*capBytes)
	}
	// Terminator, zero bits to the byte boundary, then the pad codewords
	// (§7.4.9, §7.4.10).
	qrfamily.Pad(&w, 8*capBytes, d)
	e.data = w.Bytes()
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
	e.ecBuf = grow(e.ecBuf, b.Count*b.EC)
	qrfamily.Interleave(e.words, e.data, b, e.ecBuf, reedsolomon.QR.Encode)

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
