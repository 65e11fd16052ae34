package pdf417

import (
	"fmt"

	"github.com/barkit/barkit/symbology"
)

// Capacity: what the largest symbol the options allow holds, for the
// errors of data that does not fit it.

// maxDataCodewords returns the most data codewords a PDF417 symbol that
// opts allow holds, the symbol length descriptor and a Macro PDF417
// control block included, and its error correction level: the most
// codewords the shape holds, at most 928, less the check codewords of
// the level opts give for that many data codewords (levelFor).
func maxDataCodewords(opts Options) (nData, level int) {
	room := maxCodewords
	switch {
	case opts.Columns > 0 && opts.Rows > 0:
		room = opts.Columns * opts.Rows
	case opts.Columns > 0:
		room = opts.Columns * maxRows
	case opts.Rows > 0:
		room = opts.Rows * maxColumns
	}
	room = min(room, maxCodewords)
	for n := room; n > 1; n-- {
		l, err := levelFor(n, opts)
		if err == nil && n+2<<l <= room {
			return n, l
		}
	}
	return 0, 0
}

// maxMicroCodewords returns the most data codewords a MicroPDF417 symbol
// that opts allow holds, a Macro PDF417 control block included, and that
// size: the largest of the sizes of opts.Columns and opts.Rows.
func maxMicroCodewords(opts Options) (int, microSize) {
	n, size := 0, microSize{}
	for _, s := range microSizes {
		if opts.Columns != 0 && s.cols != opts.Columns || opts.Rows != 0 && s.rows != opts.Rows {
			continue
		}
		if d := s.cols*s.rows - s.ec; d > n {
			n, size = d, s
		}
	}
	return n, size
}

// The capacity of d codewords for data of one kind, written as the
// compaction modes write it (§5.4): in Text compaction, which every
// symbol starts in, two capital letters to a codeword; in Byte
// compaction, after its latch, six bytes to five codewords and one to a
// codeword for the rest; digits in Numeric compaction, after its latch,
// in groups of 44 digits to 15 codewords (numericCodewords), or, in
// short symbols, in Text compaction's Mixed sub-mode after its latch,
// two to a codeword, whichever holds more. TestCapacityKinds checks each
// against compact.

func capitalCapacity(d int) int { return 2 * max(d, 0) }

func byteCapacity(d int) int {
	if d < 2 {
		return 0
	}
	return 6*((d-1)/5) + (d-1)%5
}

func digitCapacity(d int) int {
	if d < 1 {
		return 0
	}
	text := 2*d - 1 // ml, then the digits
	d--             // the latch to Numeric compaction
	groups := d / 15
	n := groups * maxNumericGroup
	for r := maxNumericGroup - 1; r > 0; r-- {
		if numericCodewords(r) <= d-15*groups {
			n += r
			break
		}
	}
	return max(n, text)
}

// capacities returns what d data codewords hold of data of each kind.
func capacities(d int) []symbology.Quantity {
	var out []symbology.Quantity
	for _, q := range []symbology.Quantity{
		{N: digitCapacity(d), Unit: "digits"},
		{N: capitalCapacity(d), Unit: "capital letters"},
		{N: byteCapacity(d), Unit: "bytes"},
	} {
		if q.N > 0 {
			out = append(out, q)
		}
	}
	return out
}

// tooLong returns the error for message m, which with a Macro PDF417
// control block of mac codewords fits no symbol opts allow: digits or
// capital letters counted as such against the most of them the largest
// symbol holds; other data in characters (bytes with opts.Binary) with
// the data codewords it takes against those the symbol holds, and what
// that holds of each kind.
func (m message) tooLong(mac int, opts Options) error {
	var room int
	var sym string
	if opts.Micro {
		n, s := maxMicroCodewords(opts)
		room = n - mac
		sym = fmt.Sprintf("the largest MicroPDF417 symbol (%dx%d)", s.cols, s.rows)
		switch {
		case opts.Columns > 0 && opts.Rows > 0:
			sym = fmt.Sprintf("a MicroPDF417 symbol of %d columns and %d rows", s.cols, s.rows)
		case opts.Columns > 0:
			sym = fmt.Sprintf("the largest MicroPDF417 symbol of %d columns (%dx%d)", s.cols, s.cols, s.rows)
		case opts.Rows > 0:
			sym = fmt.Sprintf("the largest MicroPDF417 symbol of %d rows (%dx%d)", s.rows, s.cols, s.rows)
		}
	} else {
		n, level := maxDataCodewords(opts)
		room = n - 1 - mac // the symbol length descriptor
		name := "PDF417"
		if opts.Compact {
			name = "Compact PDF417"
		}
		shape := ""
		switch {
		case opts.Columns > 0 && opts.Rows > 0:
			shape = fmt.Sprintf(" of %d columns and %d rows", opts.Columns, opts.Rows)
		case opts.Columns > 0:
			shape = fmt.Sprintf(" of %d columns", opts.Columns)
		case opts.Rows > 0:
			shape = fmt.Sprintf(" of %d rows", opts.Rows)
		}
		sym = fmt.Sprintf("a %s symbol%s at error correction level %d", name, shape, level)
		if opts.ECPercent > 0 && opts.Level == 0 {
			sym = fmt.Sprintf("a %s symbol%s at %d%% error correction (level %d)", name, shape, opts.ECPercent, level)
		}
	}
	if mac > 0 {
		sym += " beside its Macro PDF417 control block"
	}
	room = max(room, 0)
	e := &symbology.TooLongError{Symbology: "pdf417", Symbol: sym}
	digits, capitals := true, true
	for _, c := range m.bytes {
		digits = digits && c >= '0' && c <= '9'
		capitals = capitals && c >= 'A' && c <= 'Z'
	}
	n := len(m.bytes)
	d := room - m.head
	if digits && e.OneKind(n, digitCapacity(d), "digits") ||
		capitals && e.OneKind(n, capitalCapacity(d), "capital letters") {
		return e
	}
	e.Data = symbology.Quantity{N: m.chars, Unit: "characters"}
	if opts.Binary {
		e.Data.Unit = "bytes"
	}
	if m.cw != nil {
		e.Need = symbology.Quantity{N: len(m.cw), Unit: "data codewords"}
	}
	e.Holds = symbology.Quantity{N: room, Unit: "data codewords"}
	e.Fits = capacities(d)
	return e
}
