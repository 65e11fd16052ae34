package datamatrix

import (
	"fmt"

	"github.com/barkit/barkit/symbology"
)

// Capacity: what the largest symbol the options allow holds, for the
// errors of data that does not fit it.

// largest returns the format of most data codewords opts allow, and its
// name for the errors.
func largest(opts Options) (Size, string) {
	if opts.Size.Rows != 0 {
		return opts.Size, fmt.Sprintf("a %v Data Matrix symbol", opts.Size)
	}
	c := opts.Shape.candidates()
	s := c[len(c)-1] // smallest capacity first
	shape := map[Shape]string{Square: "square ", Rectangular: "rectangular ", DMRE: "rectangular or DMRE "}[opts.Shape]
	return s, fmt.Sprintf("the largest %sData Matrix symbol (%v)", shape, s)
}

// The capacity of d data codewords for data of one kind (ISO/IEC
// 16022:2006 §5.2): digits two to a codeword in ASCII encodation; capital
// letters three to two codewords in C40 encodation, after its latch, a
// last one left over in ASCII, or one to a codeword in ASCII where that
// holds more; bytes above 127 after a Base 256 latch and length, or,
// where that holds more, two codewords each in ASCII (Upper Shift). A
// Base 256 segment of 250 bytes or more needs a second length codeword,
// but one that ends the symbol has none (its length 0 means "to the
// end"); a segment holds b256Max bytes at most. TestTooLongCapacity
// checks each against the encoder.

func digitCapacity(d int) int { return 2 * max(d, 0) }

func capitalCapacity(d int) int {
	if d < 1 {
		return 0
	}
	return max(d, 3*((d-1)/2)+(d-1)%2)
}

func byteCapacity(d int) int { return max(min(d-2, b256Max), d/2, 0) }

// header returns the data codewords opts spend before the data under
// the ECI designator des (-1 for none).
func (opts Options) header(des int) int {
	prefix, _ := header(nil, des, opts)
	return len(prefix)
}

// The kinds of data the errors count in their own terms.
const (
	otherData = iota
	digitData
	capitalData
)

// kindOf returns the kind of data of n units, unit i being at(i).
func kindOf(n int, at func(i int) unit) int {
	digits, capitals := true, true
	for i := range n {
		c := at(i)
		digits = digits && c >= '0' && c <= '9'
		capitals = capitals && c >= 'A' && c <= 'Z'
	}
	switch {
	case digits:
		return digitData
	case capitals:
		return capitalData
	}
	return otherData
}

// tooLong returns the error for enc, which takes need data codewords (0
// when not weighed) and fits no format opts allow.
func (enc encoding) tooLong(need int, opts Options) *symbology.TooLongError {
	kind := kindOf(len(enc.units), func(i int) unit { return enc.units[i] })
	return tooLong(len(enc.units), kind, enc.chars, enc.designator, need, opts)
}

// tooLongText returns the error for text too long to weigh, of chars
// characters (bytes with opts.Binary).
func tooLongText(text string, chars int, opts Options) *symbology.TooLongError {
	des := -1
	if opts.ECI > 0 {
		des = opts.ECI
	}
	kind := kindOf(len(text), func(i int) unit { return unit(text[i]) })
	return tooLong(len(text), kind, chars, des, 0, opts)
}

// tooLong returns the error for n units of data of a kind, chars
// characters (bytes with opts.Binary) under the designator des (-1 for
// none), that take need data codewords (0 when not weighed) and fit no
// format opts allow: digits or capital letters counted as such against
// the most of them the largest format holds; other data in characters
// with the codewords it takes against those the format holds, and what
// that holds of each kind.
func tooLong(n, kind, chars, des, need int, opts Options) *symbology.TooLongError {
	s, sym := largest(opts)
	e := &symbology.TooLongError{Symbology: "datamatrix", Symbol: sym}
	d := s.Data - opts.header(des)
	if kind == digitData && e.OneKind(n, digitCapacity(d), "digits") ||
		kind == capitalData && e.OneKind(n, capitalCapacity(d), "capital letters") {
		return e
	}
	e.Data = symbology.Quantity{N: chars, Unit: "characters"}
	if opts.Binary {
		e.Data.Unit = "bytes"
	}
	if need > 0 {
		e.Need = symbology.Quantity{N: need, Unit: "data codewords"}
	}
	e.Holds = symbology.Quantity{N: s.Data, Unit: "data codewords"}
	for _, q := range []symbology.Quantity{
		{N: digitCapacity(d), Unit: "digits"},
		{N: capitalCapacity(d), Unit: "capital letters"},
		{N: byteCapacity(d), Unit: "bytes"},
	} {
		if q.N > 0 {
			e.Fits = append(e.Fits, q)
		}
	}
	return e
}
