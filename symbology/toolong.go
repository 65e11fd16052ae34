package symbology

import (
	"strconv"
	"strings"
)

// A Quantity is a number of things: 2953 bytes, 40 digits.
type Quantity struct {
	N    int
	Unit string // plural: "bytes", "digits", "data codewords"
}

// String returns the quantity as "2953 bytes", or "1 byte" (the unit's
// last "s" dropped) when N is 1.
func (q Quantity) String() string {
	u := q.Unit
	if q.N == 1 {
		u = strings.TrimSuffix(u, "s")
	}
	return strconv.Itoa(q.N) + " " + u
}

// TooLongError is the error of a writer whose data does not fit: what
// the data takes and what the largest symbol the options allow holds, so
// that a user knows how much to cut. errors.Is(err, ErrTooLong) reports
// true for it. Its message names the data's length in its own terms and,
// where the symbol counts in other units (bits, codewords), what the data
// takes in those and what the symbol holds of data of one kind:
//
//	qr: data too long: 8000 digits; version 40-M holds at most 5596 digits
//	qr: data too long: 3100 characters need 24620 bits; version 40-L holds 23648 bits: at most 7089 digits, 4296 alphanumeric characters or 2953 bytes
type TooLongError struct {
	Symbology string   // the writer's name, which prefixes the message
	Data      Quantity // the data's length: 8000 digits, 3100 characters, 500 bytes
	// Need is what the data takes in the unit of Holds when that is not
	// the data's own (24620 bits); zero when Data is in that unit, or
	// when the data is too long for the writer to weigh.
	Need Quantity
	// Symbol is the symbol Holds is of, the largest the options allow:
	// "version 40-M", "a PDF417 symbol at error correction level 0".
	Symbol string
	// Holds is what Symbol holds: in the data's unit when Need is zero
	// and Fits empty (5596 digits), else in the symbol's (23648 bits).
	// It is zero when Fits alone says what fits.
	Holds Quantity
	// Fits lists what Symbol holds of data of one kind each, under the
	// same options: 7089 digits, 2953 bytes.
	Fits []Quantity
}

func (e *TooLongError) Error() string {
	var b strings.Builder
	b.WriteString(e.Symbology)
	b.WriteString(": ")
	b.WriteString(ErrTooLong.Error())
	b.WriteString(": ")
	b.WriteString(e.Data.String())
	if e.Need.N > 0 {
		if e.Data.N == 1 {
			b.WriteString(" needs ")
		} else {
			b.WriteString(" need ")
		}
		b.WriteString(e.Need.String())
	}
	b.WriteString("; ")
	b.WriteString(e.Symbol)
	b.WriteString(" holds ")
	switch {
	case len(e.Fits) == 0:
		b.WriteString("at most ")
		b.WriteString(e.Holds.String())
	case e.Holds.N > 0:
		b.WriteString(e.Holds.String())
		b.WriteString(": at most ")
	default:
		b.WriteString("at most ")
	}
	for i, q := range e.Fits {
		switch {
		case i == 0:
		case i == len(e.Fits)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(q.String())
	}
	return b.String()
}

// OneKind states the error for data all of one kind, n of unit, when
// that is more than most, the most of them the symbol holds, and reports
// whether it did: writers check each kind the data may be all of before
// stating it in characters and codewords.
func (e *TooLongError) OneKind(n, most int, unit string) bool {
	if n <= most {
		return false
	}
	e.Data, e.Holds = Quantity{N: n, Unit: unit}, Quantity{N: most, Unit: unit}
	return true
}

// Unwrap returns ErrTooLong.
func (e *TooLongError) Unwrap() error { return ErrTooLong }

// over returns how many times what Symbol holds the data takes, or 0
// when it cannot tell (the data was not weighed, or only Fits says what
// fits).
func (e *TooLongError) over() float64 {
	switch {
	case e.Holds.N == 0:
		return 0
	case e.Need.N > 0 && e.Need.Unit == e.Holds.Unit:
		return float64(e.Need.N) / float64(e.Holds.N)
	case e.Need.N == 0 && e.Data.Unit == e.Holds.Unit:
		return float64(e.Data.N) / float64(e.Holds.N)
	}
	return 0
}

// Nearer returns whichever of a and b, the errors of two encodings of
// the same data, came nearer to fitting, so that a writer that tries
// several encodings reports the one a user is likeliest to make fit:
// b when both are *TooLongError and b takes a smaller multiple of what
// its symbol holds; a otherwise, or b when a is nil.
func Nearer(a, b error) error {
	if a == nil {
		return b
	}
	ta, ok := a.(*TooLongError)
	if !ok {
		return a
	}
	tb, ok := b.(*TooLongError)
	if !ok {
		return a
	}
	if oa, ob := ta.over(), tb.over(); oa > 0 && ob > 0 && ob < oa {
		return b
	}
	return a
}
