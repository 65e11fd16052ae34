package dxfilmedge

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// trackHeight is the height of each track in modules, as the writer draws
// it: on film each track is about as tall as 4 to 8 modules are wide;
// 8 keeps the tracks tall enough at one pixel per module for scan lines
// three pixels thick and two apart to cross each twice.
const trackHeight = 8

// parse reads the text of a DX film edge code: "product-generation",
// optionally "/frame" and "A" for a half frame; product 1 to 127,
// generation 0 to 15, frame 0 to 63.
func parse(text string) (code, error) {
	bad := func(why string) (code, error) {
		return code{}, fmt.Errorf("dxfilmedge: %w: %q: %s (the form is product-generation, or product-generation/frame with A for a half frame, such as 115-10/11A)", symbology.ErrInvalidData, text, why)
	}
	c := code{frame: -1}
	rest := text
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		fr := rest[i+1:]
		rest = rest[:i]
		if strings.HasSuffix(fr, "A") {
			c.half = true
			fr = fr[:len(fr)-1]
		}
		v, err := strconv.Atoi(fr)
		if err != nil || v < 0 || v > 63 || fr == "" || fr[0] == '+' || fr[0] == '-' {
			return bad("the frame number is 0 to 63")
		}
		c.frame = v
	}
	p, g, ok := strings.Cut(rest, "-")
	if !ok {
		return bad("no generation number")
	}
	var err error
	if c.product, err = strconv.Atoi(p); err != nil || c.product < 1 || c.product > 127 || p[0] == '+' {
		return bad("the product number is 1 to 127")
	}
	if c.generation, err = strconv.Atoi(g); err != nil || c.generation < 0 || c.generation > 15 || g == "" || g[0] == '+' || g[0] == '-' {
		return bad("the generation number is 0 to 15")
	}
	return c, nil
}

// Encode returns the modules of the DX film edge code of text (without
// quiet zones): the clock track above the data track, each trackHeight
// modules tall.
func Encode(text string) (*matrix.Matrix, error) {
	c, err := parse(text)
	if err != nil {
		return nil, err
	}
	bits, f := c.bits()
	fm := forms[f]
	var clk, dat []bool
	run := func(t *[]bool, dark bool, n int) {
		for range n {
			*t = append(*t, dark)
		}
	}
	run(&clk, true, 5)
	for k := range fm.clockUnits {
		run(&clk, k%2 == 1, 1)
	}
	run(&clk, true, 3)
	for k := range 5 {
		run(&dat, k%2 == 0, 1)
	}
	for _, b := range bits {
		run(&dat, b == 1, 1)
	}
	run(&dat, true, 1)
	run(&dat, false, 1)
	run(&dat, true, 1)
	m := matrix.New(fm.modules, 2*trackHeight)
	for y := range m.Height {
		t := clk
		if y >= trackHeight {
			t = dat
		}
		copy(m.Pix[y*m.Width:(y+1)*m.Width], t)
	}
	return m, nil
}
