package codabar

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// wideModules is the width of a wide element in modules, a narrow one
// being one: EN 798 allows a wide to narrow ratio of 2 to 3; 2 is what
// zint writes, and the shortest symbol.
const wideModules = 2

// maxChars bounds the characters of a symbol the encoder writes, start
// and stop included: a symbol of 100 is over 1,000 modules long.
const maxEncode = 100

// Encode returns the modules of a Codabar symbol (without its quiet
// zones), one module high, of text: a start character (A to D), data
// characters (digits and - $ : / . +) and a stop character (A to D).
func Encode(text string) (*matrix.Matrix, error) {
	n := len(text)
	switch {
	case n < 3:
		return nil, fmt.Errorf("codabar: %w: %q: a symbol is a start character, data and a stop character", symbology.ErrInvalidData, text)
	case n > maxEncode:
		// Counted as users count them: the data characters between the
		// start and stop characters.
		return nil, &symbology.TooLongError{Symbology: "codabar", Data: symbology.Quantity{N: n - 2, Unit: "data characters"},
			Symbol: "a Codabar symbol", Holds: symbology.Quantity{N: maxEncode - 2, Unit: "data characters"}}
	case !isStartStop(text[0]) || !isStartStop(text[n-1]):
		return nil, fmt.Errorf("codabar: %w: %q must begin and end with a start or stop character, A to D", symbology.ErrInvalidData, text)
	}
	for i, r := range text[1 : n-1] {
		if r > 0x7F || pattern[r] == "" || isStartStop(byte(r)) {
			return nil, fmt.Errorf("codabar: %w: character %q at position %d is not a Codabar data character (digits and - $ : / . +)", symbology.ErrInvalidData, r, i+2)
		}
	}
	width := n - 1
	for i := range n {
		width += strings.Count(pattern[text[i]], "n") + wideModules*strings.Count(pattern[text[i]], "w")
	}
	m := matrix.New(width, 1)
	x := 0
	for i := range n {
		for k, e := range []byte(pattern[text[i]]) {
			w := 1
			if e == 'w' {
				w = wideModules
			}
			if k%2 == 0 {
				for j := x; j < x+w; j++ {
					m.Pix[j] = true
				}
			}
			x += w
		}
		x++ // the intercharacter gap
	}
	return m, nil
}
