package datamatrix

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Decode decodes a sampled Data Matrix ECC 200 symbol: m holds its modules,
// Rows high and Cols wide, true = dark, finder pattern included and quiet
// zone excluded. When the straight reading fails it tries the mirrored one
// (the symbol reflected about the diagonal through the finder's corner,
// which keeps the finder pattern in place).
//
// It fills every symbology.Barcode field that the modules determine:
// Symbology "data-matrix", Text, Bytes, Segments, ContentType, GS1,
// Identifier ("]d1" to "]d6", "]d7" to "]d9" for DMRE formats), Version
// (the size, such as "24x24"), Mirrored, ReaderInit and Sequence — not
// Corners, Orientation or Inverted, which belong to the detector. Bytes
// without an ECI designator are read in the character set eci.Guess picks.
// Errors wrap symbology.ErrFormat (a matrix that is no Data Matrix size, an
// invalid codeword stream) or symbology.ErrChecksum (a block with more
// errors than Reed–Solomon correction can repair). Decode never panics.
func Decode(m *matrix.Matrix) (symbology.Barcode, error) {
	if m == nil || m.Width <= 0 || m.Height <= 0 || len(m.Pix) != m.Width*m.Height {
		return symbology.Barcode{}, fmt.Errorf("datamatrix: %w: empty or malformed matrix", symbology.ErrFormat)
	}
	var err error
	if i, ok := sizeIndex(m.Height, m.Width); ok {
		var bc symbology.Barcode
		if bc, err = decodeModules(i, m.Pix); err == nil {
			return bc, nil
		}
	}
	if i, ok := sizeIndex(m.Width, m.Height); ok {
		f := flipL(m)
		bc, err2 := decodeModules(i, f.Pix)
		if err2 == nil {
			bc.Mirrored = true
			return bc, nil
		}
		if err == nil {
			err = err2
		}
	}
	if err == nil {
		err = fmt.Errorf("datamatrix: %w: %d×%d modules is not the size of a Data Matrix symbol", symbology.ErrFormat, m.Height, m.Width)
	}
	return symbology.Barcode{}, err
}

// flipL reflects m about its anti-diagonal, the line from the bottom-left
// corner (the corner of the L-shaped finder) to the top-right: what a
// mirrored symbol looks like once its finder is put back in place. A W×H
// matrix becomes H×W.
func flipL(m *matrix.Matrix) *matrix.Matrix {
	w, h := m.Width, m.Height
	f := matrix.New(h, w)
	for y := range w {
		for x := range h {
			f.Pix[y*h+x] = m.Pix[(h-1-x)*w+(w-1-y)]
		}
	}
	return f
}

// decodeModules reads, corrects and parses the codewords of the modules pix
// of format sizes[i].
func decodeModules(i int, pix []bool) (symbology.Barcode, error) {
	l := layoutOf(i)
	words := make([]byte, len(l.pos)/8)
	for k := range words {
		var c byte
		for _, p := range l.pos[8*k : 8*k+8] {
			c <<= 1
			if pix[p] {
				c |= 1
			}
		}
		words[k] = c
	}
	return decodeWords(l.size, words, nil)
}

// decodeWords corrects the codewords of a symbol of size s and parses them.
func decodeWords(s Size, words []byte, erased []bool) (symbology.Barcode, error) {
	// The de facto layout of the 144×144 symbol first (see addEC), then
	// the one of §5.7.2; for the others they are the same.
	saved := append([]byte(nil), words...)
	data, _, err := correct(s, words, erased, true)
	if err != nil && s.Data%s.Blocks != 0 {
		copy(words, saved)
		var err2 error
		if data, _, err2 = correct(s, words, erased, false); err2 == nil {
			err = nil
		}
	}
	if err != nil {
		return symbology.Barcode{}, err
	}
	p, err := parse(data)
	if err != nil {
		return symbology.Barcode{}, err
	}
	bc := p.barcode(s)
	bc.Version = s.String()
	return bc, nil
}

// Codewords of the ASCII encodation scheme (ISO/IEC 16022:2006 §5.2.3,
// Table 2) that are not data.
const (
	cwPad        = 129
	cwLatchC40   = 230
	cwLatchB256  = 231
	cwFNC1       = 232
	cwAppend     = 233
	cwReaderInit = 234
	cwUpperShift = 235
	cwMacro05    = 236
	cwMacro06    = 237
	cwLatchX12   = 238
	cwLatchText  = 239
	cwLatchEDI   = 240
	cwECI        = 241
	cwUnlatch    = 254 // in C40, Text and X12
)

// The ISO/IEC 15434 envelope that the macro codewords stand for (§5.2.4.7,
// Table 5): a header before the data and a trailer after it.
const (
	macroTrailer = "\x1e\x04"
)

func macroHeader(format string) string { return "[)>\x1e" + format + "\x1d" }

// rawSegment is a run of content bytes under one ECI designator.
type rawSegment struct {
	eci int // -1 before any designator
	b   []byte
}

// payload is the parsed content of a symbol.
type payload struct {
	segs       []rawSegment
	hasECI     bool
	fnc1       int // 0, or the FNC1 position: 1 (GS1) or 2 (AIM application indicator)
	readerInit bool
	seq        symbology.Sequence
	trailer    string // macro trailer to append
}

// errStream is the cause of codeword stream errors; they wrap
// symbology.ErrFormat.
var errStream = errors.New("invalid codeword stream")

func streamError(format string, args ...any) error {
	return fmt.Errorf("datamatrix: %w: %w: "+format, append([]any{symbology.ErrFormat, errStream}, args...)...)
}

// parser reads the data codewords of a symbol.
type parser struct {
	data  []byte
	pos   int // next codeword
	p     *payload
	cur   int  // ECI in force
	upper bool // upper shift pending: add 128 to the next character
}

// emit adds one content byte, applying a pending upper shift.
func (r *parser) emit(c byte) {
	if r.upper {
		c += 128
		r.upper = false
	}
	r.raw(c)
}

// raw adds content bytes as they are.
func (r *parser) raw(b ...byte) {
	segs := r.p.segs
	if k := len(segs); k > 0 && segs[k-1].eci == r.cur {
		segs[k-1].b = append(segs[k-1].b, b...)
		return
	}
	r.p.segs = append(segs, rawSegment{eci: r.cur, b: append([]byte(nil), b...)})
}

// parse reads data codewords (ISO/IEC 16022:2006 §5.2, §5.4, §5.6). It
// starts in ASCII encodation and stops at the first pad codeword or the end
// of the data.
func parse(data []byte) (*payload, error) {
	r := &parser{data: data, p: &payload{}, cur: -1}
	fnc1At := 0 // the position of an FNC1 that marks GS1 data: first, or fifth after structured append
	for r.pos < len(data) {
		at := r.pos
		c := data[at]
		r.pos++
		switch {
		case c == 0:
			return nil, streamError("codeword 0 at %d", at)
		case c <= 128:
			r.emit(c - 1)
		case c == cwPad:
			return r.finish()
		case c <= 229:
			if r.upper {
				return nil, streamError("upper shift before a digit pair at %d", at)
			}
			v := c - 130
			r.raw('0'+v/10, '0'+v%10)
		case c == cwLatchC40, c == cwLatchText:
			if err := r.c40Text(c == cwLatchText); err != nil {
				return nil, err
			}
		case c == cwLatchX12:
			if err := r.x12(); err != nil {
				return nil, err
			}
		case c == cwLatchEDI:
			if err := r.edifact(); err != nil {
				return nil, err
			}
		case c == cwLatchB256:
			if err := r.base256(); err != nil {
				return nil, err
			}
		case c == cwFNC1:
			switch {
			case at == fnc1At && r.p.fnc1 == 0:
				r.p.fnc1 = 1
			case at == fnc1At+1 && r.p.fnc1 == 0 && len(r.p.segs) > 0:
				// After an application indicator: one letter or a
				// two-digit number (§5.2.4.6, AIM's reading of FNC1 in
				// second position).
				r.p.fnc1 = 2
			default:
				r.raw(0x1d)
			}
		case c == cwAppend:
			if at != 0 {
				return nil, streamError("structured append codeword at %d, not first", at)
			}
			if len(data)-r.pos < 3 {
				return nil, streamError("truncated structured append")
			}
			ind, id1, id2 := data[r.pos], data[r.pos+1], data[r.pos+2]
			r.pos += 3
			// §5.6.2, Table 8: the high nibble is the position (0 for
			// the first symbol), the low one 17 minus the count.
			idx, cnt := int(ind>>4), 17-int(ind&0x0f)
			if cnt < 2 || cnt > 16 || idx >= cnt {
				return nil, streamError("structured append indicator %#02x", ind)
			}
			r.p.seq = symbology.Sequence{Index: idx, Count: cnt, ID: strconv.Itoa(int(id1)<<8 | int(id2))}
			fnc1At = r.pos
		case c == cwReaderInit:
			if at != 0 {
				return nil, streamError("reader programming codeword at %d, not first", at)
			}
			r.p.readerInit = true
			fnc1At = r.pos
		case c == cwUpperShift:
			if r.upper {
				return nil, streamError("two upper shifts at %d", at)
			}
			r.upper = true
		case c == cwMacro05, c == cwMacro06:
			if r.p.trailer != "" {
				return nil, streamError("second macro codeword at %d", at)
			}
			format := "05"
			if c == cwMacro06 {
				format = "06"
			}
			r.raw([]byte(macroHeader(format))...)
			r.p.trailer = macroTrailer
		case c == cwECI:
			d, err := r.designator()
			if err != nil {
				return nil, err
			}
			r.cur, r.p.hasECI = d, true
		case c == cwUnlatch && r.pos == len(data):
			// An unlatch as the very last codeword, which some encoders
			// write after C40 data that fills the symbol: harmless.
		default:
			return nil, streamError("codeword %d is not valid in ASCII encodation (at %d)", c, at)
		}
	}
	return r.finish()
}

func (r *parser) finish() (*payload, error) {
	if r.upper {
		return nil, streamError("upper shift at the end of the data")
	}
	if r.p.trailer != "" {
		r.raw([]byte(r.p.trailer)...)
	}
	return r.p, nil
}

// designator reads an ECI designator of one to three codewords (§5.4.1,
// Table 6).
func (r *parser) designator() (int, error) {
	d := r.data[r.pos:]
	switch {
	case len(d) >= 1 && d[0] >= 1 && d[0] <= 127:
		r.pos++
		return int(d[0]) - 1, nil
	case len(d) >= 2 && d[0] >= 128 && d[0] <= 191 && d[1] >= 1 && d[1] <= 254:
		r.pos += 2
		return (int(d[0])-128)*254 + 127 + int(d[1]) - 1, nil
	case len(d) >= 3 && d[0] >= 192 && d[0] <= 207 && d[1] >= 1 && d[1] <= 254 && d[2] >= 1 && d[2] <= 254:
		r.pos += 3
		v := (int(d[0])-192)*64516 + 16383 + (int(d[1])-1)*254 + int(d[2]) - 1
		if v > 999999 {
			return 0, streamError("ECI designator %d", v)
		}
		return v, nil
	}
	return 0, streamError("invalid or truncated ECI designator at %d", r.pos)
}

// triple reads the next pair of codewords of C40, Text or X12 encodation
// as three values (§5.2.5.1: 1600·C1 + 40·C2 + C3 + 1). ok is false at the
// end of the segment: an unlatch codeword, the end of the data, or a single
// codeword left, which is read in ASCII encodation (§5.2.5.2 d).
func (r *parser) triple() (v [3]int, ok bool, err error) {
	left := len(r.data) - r.pos
	if left < 2 {
		return v, false, nil
	}
	if r.data[r.pos] == cwUnlatch {
		r.pos++
		return v, false, nil
	}
	x := int(r.data[r.pos])<<8 | int(r.data[r.pos+1])
	r.pos += 2
	if x == 0 || x > 64000 {
		return v, false, streamError("C40/Text/X12 codeword pair %d at %d", x, r.pos-2)
	}
	x--
	return [3]int{x / 1600, x / 40 % 40, x % 40}, true, nil
}

// The character sets of C40 and Text encodation (ISO/IEC 16022:2006
// Annex C, Tables C.1 and C.2): the basic sets from value 3 on and the
// Shift 2 set, common to both. Shift 2 value 27 is FNC1 and 30 the upper
// shift.
const (
	c40Basic  = "\x00\x00\x00 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	textBasic = "\x00\x00\x00 0123456789abcdefghijklmnopqrstuvwxyz"
	shift2Set = "!\"#$%&'()*+,-./:;<=>?@[\\]^_"
	// textShift3 is Text's Shift 3 set; C40's Shift 3 set is ASCII 96-127.
	textShift3 = "`ABCDEFGHIJKLMNOPQRSTUVWXYZ{|}~\x7f"
)

// c40Text reads a C40 or Text segment (§5.2.5, §5.2.6).
func (r *parser) c40Text(text bool) error {
	basic := c40Basic
	if text {
		basic = textBasic
	}
	shift := 0
	for {
		v, ok, err := r.triple()
		if err != nil {
			return err
		}
		if !ok {
			// A shift left pending at the end is the pad of §5.2.5.2 b.
			return nil
		}
		for _, x := range v {
			switch shift {
			case 0:
				if x < 3 {
					shift = x + 1
					continue
				}
				r.emit(basic[x])
			case 1:
				if x > 31 {
					return streamError("Shift 1 value %d", x)
				}
				r.emit(byte(x))
			case 2:
				switch {
				case x < len(shift2Set):
					r.emit(shift2Set[x])
				case x == 27:
					if r.upper {
						return streamError("upper shift before FNC1")
					}
					r.raw(0x1d)
				case x == 30:
					if r.upper {
						return streamError("two upper shifts")
					}
					r.upper = true
				default:
					return streamError("Shift 2 value %d", x)
				}
			case 3:
				if x > 31 {
					return streamError("Shift 3 value %d", x)
				}
				if text {
					r.emit(textShift3[x])
				} else {
					r.emit(byte(96 + x))
				}
			}
			shift = 0
		}
	}
}

// x12Set is the character set of ANSI X12 encodation (§5.2.7, Table C.3).
const x12Set = "\r*> 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// x12 reads an X12 segment (§5.2.7).
func (r *parser) x12() error {
	if r.upper {
		return streamError("upper shift before X12 latch")
	}
	for {
		v, ok, err := r.triple()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		for _, x := range v {
			r.raw(x12Set[x])
		}
	}
}

// edifact reads an EDIFACT segment (§5.2.8): groups of four 6-bit values in
// three codewords, until the unlatch value 31 (the rest of its codeword is
// padding) or until fewer than three codewords are left, which are read in
// ASCII encodation.
func (r *parser) edifact() error {
	if r.upper {
		return streamError("upper shift before EDIFACT latch")
	}
	for len(r.data)-r.pos >= 3 {
		g := int(r.data[r.pos])<<16 | int(r.data[r.pos+1])<<8 | int(r.data[r.pos+2])
		for i := range 4 {
			v := byte(g >> (18 - 6*i) & 0x3f)
			if v == 31 {
				r.pos += (6*(i+1) + 7) / 8
				return nil
			}
			if v < 32 {
				v |= 0x40
			}
			r.raw(v)
		}
		r.pos += 3
	}
	return nil
}

// unrandomize255 undoes the 255-state randomising of a Base 256 codeword
// at 1-based codeword position pos (Annex B.2).
func unrandomize255(c byte, pos int) byte {
	return c - byte(149*pos%255+1)
}

// base256 reads a Base 256 segment (§5.2.9): a length field of one or two
// codewords, then that many bytes, all 255-state randomised. A length of 0
// means the rest of the data.
func (r *parser) base256() error {
	if r.upper {
		return streamError("upper shift before Base 256 latch")
	}
	if r.pos >= len(r.data) {
		return streamError("truncated Base 256 length")
	}
	d1 := int(unrandomize255(r.data[r.pos], r.pos+1))
	r.pos++
	var n int
	switch {
	case d1 == 0:
		n = len(r.data) - r.pos
	case d1 < 250:
		n = d1
	default:
		if r.pos >= len(r.data) {
			return streamError("truncated Base 256 length")
		}
		n = 250*(d1-249) + int(unrandomize255(r.data[r.pos], r.pos+1))
		r.pos++
	}
	if n > len(r.data)-r.pos {
		return streamError("Base 256 segment of %d bytes where %d codewords are left", n, len(r.data)-r.pos)
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = unrandomize255(r.data[r.pos], r.pos+1)
		r.pos++
	}
	r.raw(b...)
	return nil
}

// barcode turns a payload into a symbology.Barcode: the bytes of every
// segment, the text decoded per character set, the ECI segments, the
// content type and the symbology identifier (ISO/IEC 16022:2006 Annex N,
// Table N.1; for DMRE the modifiers 7-9 that zxing-cpp reports).
func (p *payload) barcode(s Size) symbology.Barcode {
	bc := symbology.Barcode{Symbology: "data-matrix", Sequence: p.seq, ReaderInit: p.readerInit}
	segs := make([]symbology.Segment, len(p.segs))
	for i, sg := range p.segs {
		segs[i] = symbology.Segment{ECI: sg.eci, Bytes: sg.b}
	}
	bc.SetContent(segs, p.hasECI, p.fnc1 == 1)

	mod := 1 + p.fnc1
	switch {
	case s.DMRE:
		mod += 6
	case p.hasECI:
		mod += 3
	}
	bc.Identifier = "]d" + strconv.Itoa(mod)
	return bc
}
