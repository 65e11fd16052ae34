package pdf417

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// Decoding the data codewords (ISO/IEC 15438:2015 §5.4, §5.5 and Annex H):
// after error correction, the codewords are read mode by mode into content
// bytes split at ECI designators, plus the Macro PDF417 control block.

// payload is what the data codewords of one symbol say.
type payload struct {
	segs       []segment // content bytes, split where the ECI changes
	eci        int       // ECI in effect; -1 before any designator
	hasECI     bool
	readerInit bool   // codeword 921 came first
	macro      *Macro // the Macro PDF417 control block, if any
}

// segment is a run of content bytes in one ECI; eci is -1 for bytes before
// any designator.
type segment struct {
	eci int
	b   []byte
}

func formatError(format string, args ...any) error {
	return fmt.Errorf("pdf417: %w: "+format, append([]any{symbology.ErrFormat}, args...)...)
}

// errReserved marks codewords the standard reserves or that barkit does not
// interpret (linkage to another symbol, Code 128 emulation).
var errReserved = fmt.Errorf("pdf417: %w: reserved or unsupported codeword", symbology.ErrUnsupported)

// add appends content bytes in the current ECI.
func (p *payload) add(b ...byte) {
	if k := len(p.segs); k > 0 && p.segs[k-1].eci == p.eci {
		p.segs[k-1].b = append(p.segs[k-1].b, b...)
		return
	}
	p.segs = append(p.segs, segment{eci: p.eci, b: append([]byte(nil), b...)})
}

// isECI reports whether c is an ECI designator codeword.
func isECI(c int) bool { return c == eciCharset || c == eciGeneral || c == eciUser }

// eciArgs returns the number of codewords that follow ECI codeword c.
func eciArgs(c int) int {
	if c == eciGeneral {
		return 2
	}
	return 1
}

// applyECI reads the ECI designator whose codeword c is followed by args
// (§5.5.1): 927 n is ECI n, 926 a b is ECI 900·(a+1)+b, 925 n is
// ECI 810900+n. Only character-set designators (below 900) change how
// bytes read; the others are noted and otherwise ignored, as in Basic
// Channel Mode.
func (p *payload) applyECI(c int, args []int) {
	if c == eciCharset {
		p.eci = args[0]
		p.hasECI = true
	}
}

// terminates reports whether c ends a compaction mode run (§5.4.2.5,
// §5.4.3.4, §5.4.4.3).
func terminates(c int) bool {
	switch c {
	case latchText, latchByte, latchNumeric, latchByte6, macroBegin, macroOptional, macroTerminator:
		return true
	}
	return false
}

// parseData reads data codewords, those after the symbol length descriptor
// in PDF417 and all of them in MicroPDF417, into a payload.
func parseData(cw []int) (*payload, error) {
	p := &payload{eci: -1}
	i := 0
	if i < len(cw) {
		switch cw[i] {
		case readerInit:
			p.readerInit = true
			i++
		case linkageGS1:
			// The data of a GS1 Composite symbol's 2D component: the
			// flag says a linear component goes with it (ISO/IEC 24723).
			i++
		}
	}
	i, err := p.text(cw, i, nil)
	for err == nil && i < len(cw) {
		c := cw[i]
		i++
		switch c {
		case latchText:
			i, err = p.text(cw, i, nil)
		case latchByte, latchByte6:
			i, err = p.bytes(cw, i, c)
		case latchNumeric:
			i, err = p.numeric(cw, i, nil)
		case macroBegin:
			p.macro, i, err = parseMacro(cw, i)
		case macroOptional, macroTerminator:
			err = formatError("codeword %d outside a Macro PDF417 control block", c)
		case readerInit:
			err = formatError("reader initialisation codeword not in first position")
		case linkageOther:
			// Linkage to a symbol of another symbology: only meaningful
			// outside Basic Channel Mode (§5.4.1.5).
			err = errReserved
		default:
			err = errReserved
		}
	}
	if err != nil {
		return nil, err
	}
	if len(p.segs) == 0 && p.macro == nil {
		return nil, formatError("no data")
	}
	return p, nil
}

// textDecoder is the state of Text compaction (§5.4.2).
type textDecoder struct {
	sub   int // current sub-mode
	shift int // sub-mode of the next value only (alpha or punct), or -1
}

// text reads Text compaction codewords from cw[i:], two values each, until
// a codeword that ends the mode, and returns the index of that codeword.
// Bytes go to p, or to out when out is not nil (Macro PDF417 text fields).
// Byte shifts (913) and ECI designators may come between codewords.
func (p *payload) text(cw []int, i int, out *[]byte) (int, error) {
	t := textDecoder{sub: alpha, shift: -1}
	emit := func(c byte) {
		if out != nil {
			*out = append(*out, c)
		} else {
			p.add(c)
		}
	}
	for i < len(cw) {
		c := cw[i]
		switch {
		case c < latchText:
			t.value(c/30, emit)
			t.value(c%30, emit)
			i++
		case c == shiftByte:
			// A pending ps before a shift to Byte is padding (§5.4.2.4).
			t.shift = -1
			i++
			for i < len(cw) && isECI(cw[i]) {
				n := eciArgs(cw[i])
				if i+n >= len(cw) {
					return i, formatError("truncated ECI designator")
				}
				p.applyECI(cw[i], cw[i+1:i+1+n])
				i += 1 + n
			}
			if i >= len(cw) {
				return i, formatError("byte shift at the end of the data")
			}
			if cw[i] > 255 {
				return i, formatError("byte shift of codeword %d", cw[i])
			}
			emit(byte(cw[i]))
			i++
		case isECI(c):
			n := eciArgs(c)
			if i+n >= len(cw) {
				return i, formatError("truncated ECI designator")
			}
			p.applyECI(c, cw[i+1:i+1+n])
			i += 1 + n
		case terminates(c) || c == readerInit || c == linkageGS1:
			return i, nil
		default:
			return i, errReserved
		}
	}
	return i, nil
}

// value decodes one Text compaction value.
func (t *textDecoder) value(v int, emit func(byte)) {
	if t.shift >= 0 {
		m := t.shift
		t.shift = -1
		switch m {
		case alpha:
			if v < len(subModeChars[alpha]) {
				emit(subModeChars[alpha][v])
			}
			// ll, ml and ps after as are padding.
		case punct:
			if v < len(subModeChars[punct]) {
				emit(subModeChars[punct][v])
			} else {
				t.sub = alpha // al
			}
		}
		return
	}
	switch t.sub {
	case alpha, lower:
		switch {
		case v < len(subModeChars[t.sub]):
			emit(subModeChars[t.sub][v])
		case v == valLL && t.sub == alpha:
			t.sub = lower
		case v == valAS && t.sub == lower:
			t.shift = alpha
		case v == valML:
			t.sub = mixed
		case v == valPS:
			t.shift = punct
		}
	case mixed:
		switch {
		case v < len(subModeChars[mixed]):
			emit(subModeChars[mixed][v])
		case v == valPL:
			t.sub = punct
		case v == valSpace:
			emit(' ')
		case v == valLL:
			t.sub = lower
		case v == valAL:
			t.sub = alpha
		case v == valPS:
			t.shift = punct
		}
	case punct:
		if v < len(subModeChars[punct]) {
			emit(subModeChars[punct][v])
		} else {
			t.sub = alpha
		}
	}
}

// bytes reads a Byte compaction run that began with latch (901 or 924):
// groups of five codewords, each six bytes in base 900, and after them, in
// a 901 run, single codewords of one byte each (§5.4.3). ECI designators may
// come between groups and between single bytes (§5.5.3.2).
func (p *payload) bytes(cw []int, i int, latch int) (int, error) {
	// Count the data codewords of the run.
	n, end := 0, i
	for end < len(cw) {
		c := cw[end]
		if c < latchText {
			n++
			end++
			continue
		}
		if isECI(c) {
			end += 1 + eciArgs(c)
			continue
		}
		break
	}
	if end > len(cw) {
		return i, formatError("truncated ECI designator")
	}
	groups, singles := n/5, n%5
	if latch == latchByte && singles == 0 && groups > 0 {
		// A 901 run's last codewords are single bytes: were they a
		// group, the run would have been latched with 924.
		groups--
		singles = 5
	}
	k := 0 // data codewords read
	var group [5]int
	for i < end {
		c := cw[i]
		if isECI(c) {
			if k < 5*groups && k%5 != 0 {
				return i, formatError("ECI inside a Byte compaction group")
			}
			n := eciArgs(c)
			p.applyECI(c, cw[i+1:i+1+n])
			i += 1 + n
			continue
		}
		if k < 5*groups {
			group[k%5] = c
			k++
			i++
			if k%5 == 0 {
				var v uint64
				for _, g := range group {
					v = v*900 + uint64(g)
				}
				if v >= 1<<48 {
					return i, formatError("Byte compaction group out of range")
				}
				var b [6]byte
				for j := 5; j >= 0; j-- {
					b[j] = byte(v)
					v >>= 8
				}
				p.add(b[:]...)
			}
			continue
		}
		if c > 255 {
			return i, formatError("Byte compaction codeword %d is not a byte", c)
		}
		p.add(byte(c))
		k++
		i++
	}
	return i, nil
}

// maxNumericCodewords is the size of the largest Numeric compaction group.
const maxNumericCodewords = 15

// numeric reads a Numeric compaction run (§5.4.4): groups of up to 15
// codewords, each a base-900 number whose decimal digits after a leading 1
// are the data. Digits go to p, or to out when out is not nil.
func (p *payload) numeric(cw []int, i int, out *[]byte) (int, error) {
	flush := func(g []int) error {
		if len(g) == 0 {
			return nil
		}
		d := base900ToDecimal(g)
		if len(d) < 2 || d[0] != '1' {
			return formatError("Numeric compaction group without its leading 1")
		}
		if out != nil {
			*out = append(*out, d[1:]...)
		} else {
			p.add(d[1:]...)
		}
		return nil
	}
	start := i
	for i < len(cw) {
		c := cw[i]
		if c < latchText {
			i++
			if i-start == maxNumericCodewords {
				if err := flush(cw[start:i]); err != nil {
					return i, err
				}
				start = i
			}
			continue
		}
		if err := flush(cw[start:i]); err != nil {
			return i, err
		}
		if !isECI(c) {
			if terminates(c) {
				return i, nil
			}
			return i, errReserved
		}
		n := eciArgs(c)
		if i+n >= len(cw) {
			return i, formatError("truncated ECI designator")
		}
		p.applyECI(c, cw[i+1:i+1+n])
		i += 1 + n
		start = i
	}
	return i, flush(cw[start:i])
}

// barcode turns a payload into a symbology.Barcode: content bytes, the text
// decoded per ECI (bytes before any designator are ISO-8859-1 in a symbol
// that has designators, and guessed with eci.Guess in one that has none),
// the segments, the content type, the symbology identifier ]L2 (ISO/IEC
// 15424 and Annex L: PDF417 and MicroPDF417 read in Basic Channel Mode,
// which is how barkit reads them) and the structured-append position from the Macro
// PDF417 control block.
func (p *payload) barcode(id string) symbology.Barcode {
	bc := symbology.Barcode{Symbology: id, Identifier: "]L2", ReaderInit: p.readerInit}
	segs := make([]symbology.Segment, len(p.segs))
	for i, s := range p.segs {
		segs[i] = symbology.Segment{ECI: s.eci, Bytes: s.b}
	}
	bc.SetContent(segs, p.hasECI, false)
	if m := p.macro; m != nil {
		bc.Sequence = symbology.Sequence{Index: m.SegmentIndex, Count: m.SegmentCount, ID: m.FileID}
		if bc.Sequence.Count == 0 && m.Last {
			bc.Sequence.Count = m.SegmentIndex + 1
		}
	}
	return bc
}

// correct runs Reed–Solomon error correction over a symbol's codewords
// (data then nEC check codewords, GF(929), ISO/IEC 15438:2015 §5.7) with
// the given erasures, in place. It returns the number of codewords changed.
func correct(cw []int, nEC int, erasures []int) (int, error) {
	for _, e := range erasures {
		cw[e] = 0
	}
	n, err := reedsolomon.PDF417.DecodeInts(cw, nEC, erasures)
	if err != nil {
		if errors.Is(err, reedsolomon.ErrUncorrectable) {
			return 0, fmt.Errorf("pdf417: %w: %w", symbology.ErrChecksum, err)
		}
		return 0, fmt.Errorf("pdf417: %w: %w", symbology.ErrFormat, err)
	}
	return n, nil
}

// levelString names a PDF417 error correction level as readers report it.
func levelString(level int) string { return strconv.Itoa(level) }
