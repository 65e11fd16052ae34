package maxicode

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Decode decodes the 30×33 modules of a symbol (true = dark), in its reading
// orientation: module (c, r) is the c-th of row r, row 0 at the top, as
// Encode lays them out.
//
// It fills every symbology.Barcode field that the modules determine:
// Symbology "maxicode", Text, Bytes, Segments, ContentType, ECLevel (the
// mode, "2"-"6", as readers report it), Identifier ("]U0" in modes 4-6,
// "]U1" in modes 2 and 3; "]U2" and "]U3" when the data holds ECI
// designators), ReaderInit (mode 6) and Sequence — not Corners,
// Orientation or Inverted, which belong to the detector. In modes 2 and 3
// the text holds the structured carrier message as the standard transmits
// it: postal code GS country GS class GS, inserted after the ISO/IEC 15434
// header "[)>" RS "01" GS yy when the secondary message starts with one,
// before it otherwise (SplitCarrier takes it apart). Errors wrap
// symbology.ErrFormat (a matrix of the wrong size, an invalid mode or bit
// stream) or symbology.ErrChecksum (more errors than Reed–Solomon
// correction can repair). Decode never panics.
func Decode(m *matrix.Matrix) (symbology.Barcode, error) {
	if m == nil || m.Width != Cols || m.Height != Rows {
		return symbology.Barcode{}, fmt.Errorf("maxicode: %w: a %dx%d matrix (30x33 only)", symbology.ErrFormat, widthOf(m), heightOf(m))
	}
	cw := codewordsOf(m)
	return decodeCodewords(&cw, nil)
}

func widthOf(m *matrix.Matrix) int {
	if m == nil {
		return 0
	}
	return m.Width
}

func heightOf(m *matrix.Matrix) int {
	if m == nil {
		return 0
	}
	return m.Height
}

// decodeCodewords corrects and decodes the 144 codewords of a symbol;
// erased (nil for none) marks codewords known to be unreadable.
func decodeCodewords(cw *[numCodewords]byte, erased *[numCodewords]bool) (symbology.Barcode, error) {
	if err := correctPrimary(cw, erased); err != nil {
		return symbology.Barcode{}, err
	}
	mode := int(cw[0] & 15)
	if mode < 2 || mode > 6 {
		return symbology.Barcode{}, fmt.Errorf("maxicode: %w: mode %d", symbology.ErrFormat, mode)
	}
	if err := correctSecondary(cw, erased, mode); err != nil {
		return symbology.Barcode{}, err
	}
	nd, _ := secondaryShape(mode)
	var stream []byte
	if mode != 2 && mode != 3 {
		stream = append(stream, cw[1:primaryData]...)
	}
	stream = append(stream, cw[primaryWords:primaryWords+nd]...)
	msg, err := decodeStream(stream)
	if err != nil {
		return symbology.Barcode{}, err
	}
	bc := symbology.Barcode{
		Symbology:  "maxicode",
		ECLevel:    strconv.Itoa(mode),
		Identifier: "]U0",
		ReaderInit: mode == 6,
		Sequence:   msg.seq,
	}
	segs := msg.segs
	if mode == 2 || mode == 3 {
		bc.Identifier = "]U1"
		c := carrierOf(cw, mode)
		scm := []byte(c.PostalCode + "\x1d" + fmt.Sprintf("%03d", c.Country) + "\x1d" + fmt.Sprintf("%03d", c.Service) + "\x1d")
		segs = insertCarrier(segs, scm)
	}
	if msg.hasECI {
		bc.Identifier = bc.Identifier[:2] + string('2'+bc.Identifier[2]-'0')
	}
	// The code sets are characters of ISO/IEC 8859-1 (Table 3), not
	// bytes: data without a designator is Latin-1, unless it forms UTF-8,
	// which encoders in the field write without saying so. It is never
	// taken for Shift_JIS, as eci.Guess may take bytes of sets C and D.
	latin1 := !msg.hasECI && eci.Guess(allBytes(segs)) == eci.ShiftJIS
	bc.SetContent(segs, msg.hasECI || latin1, false)
	if latin1 {
		bc.Segments = nil
	}
	return bc, nil
}

// carrierOf reads the structured carrier message of the primary message of
// a mode 2 or 3 symbol (the inverse of primaryCarrier). A mode 2 postal
// code is its value in as many digits as its length gives; a mode 3 one
// is the six characters of code set A the symbol holds, with the
// spaces that pad a shorter code, as the standard transmits it (and
// zxing-cpp reads it).
func carrierOf(cw *[numCodewords]byte, mode int) Carrier {
	var v uint64
	for i := primaryData - 1; i >= 0; i-- {
		v = v<<6 | uint64(cw[i]&63)
	}
	postal := v >> 4 & (1<<36 - 1)
	c := Carrier{Country: int(v >> 40 & 1023), Service: int(v >> 50 & 1023)}
	if mode == 2 {
		n := int(postal >> 30 & 63)
		s := strconv.FormatUint(postal&(1<<30-1), 10)
		if len(s) < n {
			s = strings.Repeat("0", n-len(s)) + s
		}
		c.PostalCode = s
		return c
	}
	var b []byte
	for i := 5; i >= 0; i-- {
		ch := codeSets[setA][postal>>(6*i)&63]
		if ch < 0 {
			ch = ' '
		}
		b = append(b, byte(ch))
	}
	c.PostalCode = string(b)
	return c
}

// insertCarrier puts the structured carrier message scm into the
// secondary message's segments: after the ISO/IEC 15434 header of nine
// characters when the message starts with one, at the start otherwise.
func insertCarrier(segs []symbology.Segment, scm []byte) []symbology.Segment {
	if len(segs) > 0 && segs[0].ECI < 0 && len(segs[0].Bytes) >= 9 && string(segs[0].Bytes[:7]) == "[)>\x1e01\x1d" {
		b := append(append(append([]byte(nil), segs[0].Bytes[:9]...), scm...), segs[0].Bytes[9:]...)
		return append([]symbology.Segment{{ECI: -1, Bytes: b}}, segs[1:]...)
	}
	if len(segs) > 0 && segs[0].ECI < 0 {
		segs[0].Bytes = append(scm, segs[0].Bytes...)
		return segs
	}
	return append([]symbology.Segment{{ECI: -1, Bytes: scm}}, segs...)
}

// message is a decoded data stream.
type message struct {
	segs   []symbology.Segment
	hasECI bool
	seq    symbology.Sequence
}

// decodeStream reads the data codewords of a symbol (§4.3): characters of
// the code sets, with their shifts, latches and locks, numeric shifts, ECI
// designators, pad characters, and a structured-append header at the
// start.
func decodeStream(cw []byte) (message, error) {
	var msg message
	cur := symbology.Segment{ECI: -1}
	flush := func() {
		if len(cur.Bytes) > 0 || cur.ECI >= 0 {
			msg.segs = append(msg.segs, cur)
		}
	}
	set, saved, shifts := setA, setA, 0 // shifts: characters left in a shifted set
	i := 0
	if len(cw) >= 2 && cw[0] == valPad {
		// §4.3.6: a structured-append header, Pad then position and count.
		p, n := int(cw[1]>>3&7), int(cw[1]&7)+1
		if n >= 2 && p < n {
			msg.seq = symbology.Sequence{Index: p, Count: n}
			i = 2
		}
	}
	for ; i < len(cw); i++ {
		v := codeSets[set][cw[i]&63]
		endShift := func() {
			if shifts > 0 {
				shifts--
				if shifts == 0 {
					set = saved
				}
			}
		}
		switch v {
		case fnLatchA:
			set, shifts = setA, 0
		case fnLatchB:
			set, shifts = setB, 0
		case fnShiftA, fnShiftB, fnShiftC, fnShiftD, fnShiftE:
			if shifts == 0 {
				saved = set
			}
			set, shifts = shiftTarget(v), 1
		case fnShift2A, fnShift3A:
			if shifts == 0 {
				saved = set
			}
			set, shifts = setA, 2
			if v == fnShift3A {
				shifts = 3
			}
		case fnLock:
			shifts = 0 // the set shifted to stays
		case fnPad:
			endShift()
		case fnNS:
			if i+5 >= len(cw) {
				return msg, fmt.Errorf("maxicode: %w: numeric shift at the end of the data", symbology.ErrFormat)
			}
			n := 0
			for _, w := range cw[i+1 : i+6] {
				n = n<<6 | int(w&63)
			}
			if n > 999999999 {
				return msg, fmt.Errorf("maxicode: %w: numeric shift value %d", symbology.ErrFormat, n)
			}
			cur.Bytes = fmt.Appendf(cur.Bytes, "%09d", n)
			i += 5
			endShift()
		case fnECI:
			d, k := 0, 0
			if i+1 < len(cw) {
				w := int(cw[i+1] & 63)
				switch {
				case w&0x20 == 0:
					d, k = w, 1
				case w&0x10 == 0:
					d, k = w&15, 2
				case w&0x08 == 0:
					d, k = w&7, 3
				case w&0x04 == 0:
					d, k = w&3, 4
				}
			}
			if k == 0 || i+k >= len(cw) {
				return msg, fmt.Errorf("maxicode: %w: ECI designator at the end of the data", symbology.ErrFormat)
			}
			for _, w := range cw[i+2 : i+1+k] {
				d = d<<6 | int(w&63)
			}
			if d > 999999 {
				return msg, fmt.Errorf("maxicode: %w: ECI designator %d", symbology.ErrFormat, d)
			}
			flush()
			cur = symbology.Segment{ECI: d}
			msg.hasECI = true
			i += k
			endShift()
		default:
			cur.Bytes = append(cur.Bytes, byte(v))
			endShift()
		}
	}
	flush()
	return msg, nil
}

// shiftTarget returns the set a single shift character shifts to.
func shiftTarget(v int16) int {
	switch v {
	case fnShiftA:
		return setA
	case fnShiftB:
		return setB
	case fnShiftC:
		return setC
	case fnShiftD:
		return setD
	}
	return setE
}

// allBytes returns the bytes of segs in one slice.
func allBytes(segs []symbology.Segment) []byte {
	var b []byte
	for _, s := range segs {
		b = append(b, s.Bytes...)
	}
	return b
}
