package itf

import (
	"fmt"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// wideModules is the width of a wide element in modules, a narrow one
// being one: the standard allows a wide to narrow ratio of 2 to 3 (at
// least 2.2 below a narrow element of 0.5 mm); 3 reads best, and is what
// zint writes and GS1 recommends for ITF-14.
const wideModules = 3

// maxDigits bounds the digits of a symbol the encoder writes: a symbol of
// 80 digits is over 700 modules long.
const maxDigits = 80

// Encode returns the modules of an Interleaved 2 of 5 symbol of the
// digits data (without quiet zones or bearer bars), one module high. ITF
// writes pairs of digits: data must hold an even number of them.
func Encode(data string) (*matrix.Matrix, error) {
	switch {
	case data == "":
		return nil, fmt.Errorf("itf: %w: no data to encode", symbology.ErrInvalidData)
	case !allDigits(data):
		for i, r := range data {
			if r < '0' || r > '9' {
				return nil, fmt.Errorf("itf: %w: character %q at position %d is not a digit", symbology.ErrInvalidData, r, i+1)
			}
		}
	case len(data) > maxDigits:
		return nil, &symbology.TooLongError{Symbology: "itf", Data: symbology.Quantity{N: len(data), Unit: "digits"},
			Symbol: "an Interleaved 2 of 5 symbol", Holds: symbology.Quantity{N: maxDigits, Unit: "digits"}}
	case len(data)%2 != 0:
		return nil, fmt.Errorf("itf: %w: %d digits: Interleaved 2 of 5 writes pairs of digits (add a leading 0)", symbology.ErrInvalidData, len(data))
	}
	// Start (4), pairs (2×(2·wide+3)), stop (wide+2).
	width := 4 + len(data)/2*2*(2*wideModules+3) + wideModules + 2
	m := matrix.New(width, 1)
	x := 0
	put := func(dark bool, wide bool) {
		n := 1
		if wide {
			n = wideModules
		}
		for k := x; k < x+n; k++ {
			m.Pix[k] = dark
		}
		x += n
	}
	for k := range 4 {
		put(k%2 == 0, false)
	}
	for i := 0; i < len(data); i += 2 {
		bars, spaces := digits[data[i]-'0'], digits[data[i+1]-'0']
		for k := range 5 {
			put(true, bars[k] == 'w')
			put(false, spaces[k] == 'w')
		}
	}
	put(true, true)
	put(false, false)
	put(true, false)
	return m, nil
}

// Bearer bars. ITF-14 is printed inside a frame of bearer bars, which
// keeps a scan line that enters the symbol at its top or bottom from
// reading a partial symbol and protects the bars from uneven printing
// pressure (GS1 General Specifications, ITF-14 bearer bars: at least twice
// the narrow bar, usually 4.83 mm at a module of 1.016 mm).
const (
	// bearerModules is the thickness of the bearer bars: 5 modules, the
	// usual 4.83 mm at 1.016 mm and zint's default.
	bearerModules = 5
	// quietZone is the light margin the standard requires on either side
	// of a symbol, in modules (ISO/IEC 16390:2007 and GS1: 10 narrow
	// elements); for ITF-14 it lies inside the frame.
	quietZone = 10
	// bearerHeight is the height of the bars of an ITF-14 symbol written
	// with bearers, in modules: render's default bar height, about the
	// 32 mm the GS1 specifications ask for at a module of 0.64 mm.
	bearerHeight = 50
)

// Bearers returns the modules of m, one row of bars, framed by bearer bars
// with the quiet zone inside the frame: bars height modules tall.
func Bearers(m *matrix.Matrix, height int) *matrix.Matrix {
	w := m.Width + 2*quietZone + 2*bearerModules
	h := height + 2*bearerModules
	f := matrix.New(w, h)
	for y := range h {
		for x := range w {
			frame := x < bearerModules || x >= w-bearerModules || y < bearerModules || y >= h-bearerModules
			bar := y >= bearerModules && y < h-bearerModules && x >= bearerModules+quietZone && x < w-bearerModules-quietZone &&
				m.Pix[x-bearerModules-quietZone]
			f.Pix[y*w+x] = frame || bar
		}
	}
	return f
}
