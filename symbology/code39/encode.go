package code39

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// wideModules is the width of a wide element in modules, a narrow one
// being one: the standard allows a wide to narrow ratio of 2 to 3 (at
// least 2.2 below a narrow element of 0.5 mm); 2 is what zint and most
// printers write, and the shortest symbol.
const wideModules = 2

// maxDataChars bounds the data characters of a symbol the encoder writes:
// a symbol of 100 is over 1,300 modules long, more than scanners are built
// to take in one sweep.
const maxDataChars = 100

// Options tunes Encode. The zero value writes the data alone.
type Options struct {
	// Check appends the modulo 43 check character.
	Check bool
}

// Encode returns the modules of a Code 39 symbol of data (without its
// quiet zones), one module high: data are Code 39 characters (digits,
// capital letters, space and - . $ / + %), between start and stop
// characters, with a check character when opts.Check is set.
func Encode(data string, opts Options) (*matrix.Matrix, error) {
	if err := checkData(data); err != nil {
		return nil, err
	}
	if opts.Check {
		data += string(checkChar(data))
	}
	return modules("*" + data + "*"), nil
}

// checkData reports whether data can be written as Code 39 characters.
func checkData(data string) error {
	if data == "" {
		return fmt.Errorf("code39: %w: no data to encode", symbology.ErrInvalidData)
	}
	for i, r := range data {
		if r > 0x7F || r == '*' || value[r] == 0 {
			hint := ""
			if r < 0x80 {
				hint = " (Full ASCII Code 39, code39-ext, writes every ASCII character)"
			}
			return fmt.Errorf("code39: %w: character %q at position %d is not a Code 39 character%s", symbology.ErrInvalidData, r, i+1, hint)
		}
	}
	if len(data) > maxDataChars {
		return &symbology.TooLongError{Symbology: "code39", Data: symbology.Quantity{N: len(data), Unit: "characters"},
			Symbol: "a Code 39 symbol", Holds: symbology.Quantity{N: maxDataChars, Unit: "characters"}}
	}
	return nil
}

// tooLongExtended returns the error for Full ASCII Code 39 text that
// takes more than maxDataChars Code 39 characters: chars of them for n
// characters of text.
func tooLongExtended(n, chars int) error {
	return &symbology.TooLongError{
		Symbology: "code39",
		Data:      symbology.Quantity{N: n, Unit: "characters"},
		Need:      symbology.Quantity{N: chars, Unit: "Code 39 characters"},
		Symbol:    "a Full ASCII Code 39 symbol",
		Holds:     symbology.Quantity{N: maxDataChars, Unit: "Code 39 characters"},
		// Digits, capital letters, space and - . are one character each;
		// the other ASCII characters two.
		Fits: []symbology.Quantity{{N: maxDataChars, Unit: "digits and capital letters"}, {N: maxDataChars / 2, Unit: "lower-case letters"}},
	}
}

// encodeFullASCII returns the Code 39 characters that spell ASCII text in
// Full ASCII Code 39.
func encodeFullASCII(text string) (string, error) {
	var b strings.Builder
	for i, r := range text {
		if r > 0x7F {
			return "", fmt.Errorf("code39: %w: character %q at position %d is not ASCII, which Full ASCII Code 39 encodes", symbology.ErrInvalidData, r, i+1)
		}
		b.WriteString(fullASCII[r])
	}
	return b.String(), nil
}

// modules lays out Code 39 characters, start and stop included, as
// modules, one narrow space between characters.
func modules(text string) *matrix.Matrix {
	width := len(text)*(6+3*wideModules) + len(text) - 1
	m := matrix.New(width, 1)
	x := 0
	for i := range len(text) {
		p := chars[value[text[i]]-1].pattern
		for k := range charLen {
			n := 1
			if p[k] == 'w' {
				n = wideModules
			}
			if k%2 == 0 {
				for j := x; j < x+n; j++ {
					m.Pix[j] = true
				}
			}
			x += n
		}
		x++ // the intercharacter gap
	}
	return m
}
