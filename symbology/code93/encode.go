package code93

import (
	"fmt"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// maxData bounds the symbol characters of data the encoder writes: a
// symbol of 100 is over 900 modules long.
const maxData = 100

// Encode returns the modules of a Code 93 symbol of the ASCII text data
// (without its quiet zones), one module high: the characters Code 93 has
// as they are, the others with a shift character, then the check
// characters C and K, between start and stop characters, with the
// termination bar.
func Encode(data string) (*matrix.Matrix, error) {
	if data == "" {
		return nil, fmt.Errorf("code93: %w: no data to encode", symbology.ErrInvalidData)
	}
	values := []int{startStop}
	for i, r := range data {
		if r > 0x7F {
			return nil, fmt.Errorf("code93: %w: character %q at position %d is not ASCII, which Code 93 encodes", symbology.ErrInvalidData, r, i+1)
		}
		values = append(values, spell[r]...)
	}
	if n := len(values) - 1; n > maxData {
		return nil, tooLong(len(data), n)
	}
	c := checkValue(values[1:], 20)
	values = append(values, c)
	values = append(values, checkValue(values[1:], 15), startStop)
	m := matrix.New(len(values)*charModules+1, 1)
	x := 0
	for _, v := range values {
		for k, c := range chars[v] {
			w := int(c - '0')
			if k%2 == 0 {
				for j := x; j < x+w; j++ {
					m.Pix[j] = true
				}
			}
			x += w
		}
	}
	m.Pix[x] = true // the termination bar
	return m, nil
}

// tooLong returns the error for n characters of text that take chars
// symbol characters, more than maxData: counted in characters when each
// takes one, else in symbol characters.
func tooLong(n, chars int) error {
	e := &symbology.TooLongError{
		Symbology: "code93",
		Data:      symbology.Quantity{N: n, Unit: "characters"},
		Symbol:    "a Code 93 symbol",
		Holds:     symbology.Quantity{N: maxData, Unit: "characters"},
	}
	if chars > n {
		// Digits, capital letters, space and - . $ / + % are one symbol
		// character each; the other ASCII characters two.
		e.Need = symbology.Quantity{N: chars, Unit: "symbol characters"}
		e.Holds.Unit = "symbol characters"
		e.Fits = []symbology.Quantity{{N: maxData, Unit: "digits and capital letters"}, {N: maxData / 2, Unit: "lower-case letters"}}
	}
	return e
}
