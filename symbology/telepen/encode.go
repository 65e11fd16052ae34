package telepen

import (
	"fmt"
	"slices"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// maxData bounds the data characters of a symbol the encoder writes: a
// symbol of 60 is over 1,000 modules long.
const maxData = 60

// Options tunes Encode. The zero value writes full ASCII.
type Options struct {
	// Numeric writes double-density numeric: data are pairs of digits,
	// the last of which may be a digit and X, behind the numeric start
	// pattern.
	Numeric bool
}

// Encode returns the modules of a Telepen symbol of data (without its
// quiet zones), one module high: ASCII text, or with opts.Numeric digits,
// then the check character, between start and stop patterns. Text goes
// behind the alpha start pattern, as zint writes it, but for text that
// readers would take for numeric there (looksNumeric), which goes behind
// the start pattern of full ASCII that may switch to numeric.
func Encode(data string, opts Options) (*matrix.Matrix, error) {
	if data == "" {
		return nil, fmt.Errorf("telepen: %w: no data to encode", symbology.ErrInvalidData)
	}
	var values []byte
	start := startAlpha
	if opts.Numeric {
		start = startNumeric
		if len(data)%2 != 0 {
			return nil, fmt.Errorf("telepen: %w: numeric Telepen writes pairs of digits, the last may be a digit and X: %d characters", symbology.ErrInvalidData, len(data))
		}
		for i := 0; i < len(data); i += 2 {
			a, b := data[i], data[i+1]
			switch {
			case a < '0' || a > '9':
				return nil, fmt.Errorf("telepen: %w: character %q at position %d is not a digit", symbology.ErrInvalidData, a, i+1)
			case b == 'X' && i+2 == len(data):
				values = append(values, 17+a-'0')
			case b < '0' || b > '9':
				return nil, fmt.Errorf("telepen: %w: character %q at position %d is not a digit (or X, last)", symbology.ErrInvalidData, b, i+2)
			default:
				values = append(values, 27+(a-'0')*10+b-'0')
			}
		}
	} else {
		for i, r := range data {
			if r > 0x7F {
				return nil, fmt.Errorf("telepen: %w: character %q at position %d is not ASCII, which Telepen encodes", symbology.ErrInvalidData, r, i+1)
			}
			values = append(values, byte(r))
		}
		if looksNumeric(values) {
			// Behind the alpha start pattern, readers would take
			// this text for numeric: the full ASCII start pattern
			// that may switch to numeric reads it as it is, unless
			// it holds the DLE that switches.
			if slices.Contains(values, dle) {
				return nil, fmt.Errorf("telepen: %w: %q reads as numeric behind the alpha start pattern, and its DLE switches to numeric behind the other: no Telepen symbol holds it unambiguously", symbology.ErrInvalidData, data)
			}
			start = startMixed
		}
	}
	if len(values) > maxData {
		// Numeric Telepen writes a pair of digits in each character.
		e := &symbology.TooLongError{Symbology: "telepen", Data: symbology.Quantity{N: len(values), Unit: "characters"},
			Symbol: "a Telepen symbol", Holds: symbology.Quantity{N: maxData, Unit: "characters"}}
		if opts.Numeric {
			e.Data = symbology.Quantity{N: len(data), Unit: "digits"}
			e.Symbol, e.Holds = "a numeric Telepen symbol", symbology.Quantity{N: 2 * maxData, Unit: "digits"}
		}
		return nil, e
	}
	values = append(values, checkChar(values))
	widths := append([]int8(nil), starts[start][:]...)
	for _, v := range values {
		widths = append(widths, patterns[v]...)
	}
	widths = append(widths, stops[start][:]...)
	n := 0
	for _, w := range widths {
		n += int(w)
	}
	m := matrix.New(n, 1)
	x := 0
	for k, w := range widths {
		if k%2 == 0 {
			for j := x; j < x+int(w); j++ {
				m.Pix[j] = true
			}
		}
		x += int(w)
	}
	return m, nil
}
