package render

import (
	"math"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// The human-readable text of EAN/UPC symbols is laid out as ISO/IEC 15420
// and the GS1 General Specifications show it: the digits under the bars,
// one under each symbol character, between the guard patterns, whose bars
// reach down among them; the leading digit of EAN-13 in the quiet zone on
// the left; the first and last digits of UPC-A and UPC-E outside the bars,
// in a smaller size, with the bars of UPC-A's first and last characters
// reaching down like the guards; an add-on's digits above its bars, which
// start lower. Package render knows these layouts by the symbol's
// symbology id; a symbol whose modules do not have the shape of its id
// keeps the centred text.

// EAN/UPC text metrics, in modules.
const (
	eanEm      = 11  // font size of the digits: an advance of 6.6 modules, under a 7-module character
	eanSmallEm = 8   // font size of UPC's outside digits
	guardDrop  = 5   // how far the guard bars reach below the others
	outside    = 4.5 // distance from the bars to the centre of an outside digit
	// addOnGap is the gap between a main symbol and its add-on, as
	// package ean writes them: 7 modules, the least of ISO/IEC 15420's
	// 7X to 12X, as zint writes it.
	addOnGap = 7
	// outsideRoom is the room an outside digit needs beyond the bars:
	// its centre's distance plus half a digit's advance, 3.3.
	outsideRoom = 8
)

// eanShape is where the parts of a main EAN/UPC symbol lie, in modules.
type eanShape struct {
	width int
	long  [][2]int // bar ranges that reach down
	// groups of digits of the text under the bars: the first digit's
	// index in the text, how many, and the module where the first
	// character starts.
	groups [][3]int
	digits int // digits in the text
	// outside digits: index in the text (-1 for none) and whether small.
	left, right int
	small       bool
}

// eanShapes are the main symbols by symbology id.
var eanShapes = map[string]eanShape{
	"ean13": {width: 95, long: [][2]int{{0, 3}, {45, 50}, {92, 95}}, groups: [][3]int{{1, 6, 3}, {7, 6, 50}}, digits: 13, left: 0, right: -1},
	"isbn":  {width: 95, long: [][2]int{{0, 3}, {45, 50}, {92, 95}}, groups: [][3]int{{1, 6, 3}, {7, 6, 50}}, digits: 13, left: 0, right: -1},
	"upca":  {width: 95, long: [][2]int{{0, 10}, {45, 50}, {85, 95}}, groups: [][3]int{{1, 5, 10}, {6, 5, 50}}, digits: 12, left: 0, right: 11, small: true},
	"ean8":  {width: 67, long: [][2]int{{0, 3}, {31, 36}, {64, 67}}, groups: [][3]int{{0, 4, 3}, {4, 4, 36}}, digits: 8, left: -1, right: -1},
	"upce":  {width: 51, long: [][2]int{{0, 3}, {45, 51}}, groups: [][3]int{{1, 6, 3}}, digits: 8, left: 0, right: 7, small: true},
	"ean2":  {width: 0, digits: 0, left: -1, right: -1},
	"ean5":  {width: 0, digits: 0, left: -1, right: -1},
}

// eanBars holds the bar heights of an EAN/UPC layout.
type eanBars struct {
	long     [][2]int // bar ranges that reach guardDrop below the others
	addOn    int      // module where the add-on starts; 0 for none
	addOnTop int      // how far below the top of the other bars its bars start
	alone    bool     // the symbol is an add-on alone
}

// span returns the top and bottom of the bar starting at module x0, for
// bars rowH tall.
func (e *eanBars) span(x0, rowH int) (top, bottom int) {
	if e.alone || e.addOn > 0 && x0 >= e.addOn {
		return e.addOnTop, rowH + guardDrop
	}
	for _, r := range e.long {
		if x0 >= r[0] && x0 < r[1] {
			return 0, rowH + guardDrop
		}
	}
	return 0, rowH
}

// addOnWidth returns the width in modules of an add-on of n digits: a
// guard of 4, 7 per digit, 2 between digits.
func addOnWidth(n int) int { return 4 + 7*n + 2*(n-1) }

// isDigits reports whether s is all ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// eanLayout lays out the text of an EAN/UPC symbol, reporting false (and
// changing nothing) when s is none or its modules and text do not have the
// shape its id calls for.
func (l *layout) eanLayout(s *symbology.Symbol) bool {
	shape, ok := eanShapes[s.Symbology]
	if !ok || s.Modules.Height != 1 {
		return false
	}
	main, addOn, _ := strings.Cut(s.Text, " ")
	if shape.width == 0 { // an add-on alone
		main, addOn = "", s.Text
	}
	if !isDigits(main) || !isDigits(addOn) || len(main) != shape.digits ||
		addOn != "" && len(addOn) != 2 && len(addOn) != 5 || main == "" && addOn == "" {
		return false
	}
	width := shape.width
	addOnStart := 0
	if addOn != "" {
		if shape.width > 0 {
			addOnStart = shape.width + addOnGap
		}
		width = addOnStart + addOnWidth(len(addOn))
	}
	if s.Modules.Width != width {
		return false
	}

	// The room the outside digits need beyond the bars.
	padL, padR := 0, 0
	if shape.left >= 0 {
		padL = max(0, outsideRoom-l.quiet)
	}
	if shape.right >= 0 {
		padR = max(0, outsideRoom-l.quiet)
	}
	l.left = l.quiet + padL
	l.w = padL + width + 2*l.quiet + padR

	e := &eanBars{long: shape.long}
	l.ean = e
	textTopY := float64(l.top + l.rowH + textGap) // top of the digits under the bars
	base := textTopY + textTop*eanEm
	if main != "" {
		for _, g := range shape.groups {
			for k := 0; k < g[1]; k++ {
				x := float64(l.left+g[2]+7*k) + 3.5
				l.runs = append(l.runs, textRun{text: main[g[0]+k : g[0]+k+1], x: x, base: base, em: eanEm})
			}
		}
		em := float64(eanEm)
		if shape.small {
			em = eanSmallEm
		}
		if shape.left >= 0 {
			l.runs = append(l.runs, textRun{text: main[shape.left : shape.left+1], x: float64(l.left) - outside, base: base, em: em})
		}
		if shape.right >= 0 {
			l.runs = append(l.runs, textRun{text: main[shape.right : shape.right+1], x: float64(l.left+shape.width) + outside, base: base, em: em})
		}
		l.textH = int(math.Ceil(textGap + (textTop+textBottom)*float64(eanEm)))
		l.h += l.textH
	} else {
		// An add-on alone keeps its guard drop below the bars.
		e.alone = true
		l.textH = guardDrop
		l.h += l.textH
	}
	if addOn != "" {
		// The add-on's digits sit above its bars, which start below
		// them; the em shrinks when the bars are short.
		em := min(float64(eanEm), float64(l.rowH)/2/textTop)
		e.addOn = addOnStart
		if main == "" {
			e.addOn = 0
		}
		e.addOnTop = int(math.Ceil(textGap + textTop*em))
		abase := float64(l.top) + textTop*em
		for k := range len(addOn) {
			x := float64(l.left+addOnStart+4+9*k) + 3.5
			l.runs = append(l.runs, textRun{text: addOn[k : k+1], x: x, base: abase, em: em})
		}
	}
	return true
}
