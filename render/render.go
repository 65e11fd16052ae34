// Package render draws an encoded barcode symbol as SVG, PNG or text.
//
// Every renderer lays the symbol out the same way: its modules, each Scale
// pixels square, inside a light quiet zone of Symbol.QuietZone modules
// (unless NoMargin is set). A two-dimensional or stacked symbol has its
// quiet zone on every side. A linear symbol (one row of modules) is drawn
// as bars BarHeight modules tall with its quiet zone left and right only,
// as the linear standards give it (verticalQuiet); its
// human-readable text goes below the bars when HRT is set: centred, or for
// EAN/UPC symbols (known by their symbology id) in the standard's layout,
// the digits under and beside the bars, the guard bars reaching down among
// them, an add-on's digits above its bars (PNG and SVG; Text keeps the
// centred line). The finished picture, quiet zone and text included, is
// then turned by Rotate degrees clockwise.
//
// The text is set in Go Mono (golang.org/x/image/font/gofont/gomono): PNG
// rasterises its glyphs, SVG draws the same outlines as paths, placed
// alike, so the two look the same and SVG needs no font. Characters that
// cannot be printed (controls, format characters, spaces other than
// U+0020) are shown as spaces, as zint shows them (hrtText).
//
// A fully transparent background is transparent white, so that a viewer
// that ignores transparency shows white, not black, around the symbol.
package render

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"unicode/utf8"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Defaults for the zero Options.
const (
	// DefaultScale is the module size in pixels when Options.Scale is 0.
	DefaultScale = 4
	// DefaultBarHeight is the bar height of linear symbols in modules
	// when Options.BarHeight is 0: the default of zint, and close to the
	// 69 modules of a full-size EAN-13 (22.85 mm bars at 0.33 mm).
	DefaultBarHeight = 50
	// MaxPixels caps the size of a rendered image: 64 megapixels.
	MaxPixels = 64 << 20
)

// Options tunes rendering. The zero value draws black modules of 4 pixels
// on white, with the quiet zone, unrotated.
type Options struct {
	Scale      int         // module size in pixels; 0 means DefaultScale
	NoMargin   bool        // omit the quiet zone
	Foreground color.Color // colour of dark modules and text; nil means black
	Background color.Color // colour of light modules; nil means white; may be transparent (color.Transparent is taken as transparent white)
	Rotate     int         // clockwise turn of the whole picture: 0, 90, 180 or 270
	HRT        bool        // draw Symbol.Text under a linear symbol
	BarHeight  int         // bar height of a linear symbol in modules; 0 means DefaultBarHeight
}

// Errors the renderers return, wrapped with detail; test with errors.Is.
var (
	// ErrInvalidOption: an option or colour string has a value outside
	// its range.
	ErrInvalidOption = errors.New("invalid option")
	// ErrTooLarge: the picture would have more than MaxPixels pixels.
	ErrTooLarge = errors.New("image too large")
	// ErrInvalidSymbol: the symbol has no modules.
	ErrInvalidSymbol = errors.New("invalid symbol")
)

// The human-readable text is set in Go Mono (golang.org/x/image/font/gofont)
// whose size is textEm modules, or less when the text would be wider than
// the symbol; text that would have to be smaller than minTextEm is left
// out, as no scale makes it readable.
const (
	textEm      = 10.0 // font size in modules: digits about 7 modules tall, 6 wide
	minTextEm   = 1.0  // smallest font size in modules
	textGap     = 1    // modules between the bars and the top of the text
	textAdvance = 0.6  // advance of a Go Mono glyph in ems (1229/2048)
	textTop     = 0.75 // height of digits and capitals above the baseline in ems (cap height 0.72, digits overshoot to 0.74)
	textBottom  = 0.22 // depth of descenders below the baseline in ems (0.21)
)

// Bounds on the layout that keep its arithmetic from overflowing.
const (
	maxScale = 8192    // any scale above this makes more than MaxPixels pixels
	maxSide  = 1 << 24 // modules on a side of the symbol, the quiet zone and the bar height
)

// verticalQuiet returns the quiet zone above and below a symbol of
// modules m whose quiet zone is quiet: the same for a two-dimensional or
// stacked symbol, none for a linear one. The standards of the linear
// symbologies give quiet zones beside the bars only, none above or below
// them: Code 128 (ISO/IEC 15417, 10X), Code 39 (ISO/IEC 16388, 10X), ITF
// (ISO/IEC 16390, 10X), Codabar (EN 798, 10X), Code 93 (AIM USS-93),
// Telepen, GS1 DataBar (ISO/IEC 24724) and EAN/UPC (ISO/IEC 15420, left
// and right per symbol, the human-readable digits below). zint 2.11 draws
// them so, the bars reaching the top edge, even with --quietzones.
// Stacked symbols (several module rows, such as PDF417, whose ISO/IEC
// 15438 quiet zone is 2X on all four sides) and ITF-14's bearer frame keep
// their quiet zone all round. TestVerticalMargin guards the rule.
func verticalQuiet(m *matrix.Matrix, quiet int) int {
	if m.Height == 1 {
		return 0
	}
	return quiet
}

// layout is the geometry every renderer shares, in modules: the canvas is
// w×h before rotation, the symbol's modules start at (left, top), and
// each module row is rowH modules tall.
type layout struct {
	m      *matrix.Matrix
	quiet  int     // modules of quiet zone left and right
	left   int     // modules from the canvas's left edge to the symbol: the quiet zone, and room for text outside it
	top    int     // modules from the canvas's top edge to the symbol: the quiet zone, 0 for a linear symbol
	rowH   int     // height of a module row: BarHeight for linear symbols, else 1
	w, h   int     // canvas size in modules, before rotation
	text   string  // human-readable text; "" for none
	textH  int     // height of the text area below the symbol, included in h
	em     float64 // font size of text in modules
	base   float64 // baseline of text, in modules from the top
	runs   []textRun
	ean    *eanBars // bar heights of the EAN/UPC layout; nil for even bars
	scale  int      // module size in pixels
	rotate int      // 0, 90, 180 or 270
	hex    bool     // MaxiCode's hexagons (maxicode.go)
	fg, bg color.NRGBA
}

// textRun is a piece of human-readable text, centred on x.
type textRun struct {
	text string
	x    float64 // centre, in modules from the canvas's left edge
	base float64 // baseline, in modules from the canvas's top edge
	em   float64 // font size in modules
}

// barSpan returns the top and bottom, in modules below the top of the
// bars, of the linear symbol's bar that starts at module x0.
func (l *layout) barSpan(x0 int) (top, bottom int) {
	if l.ean != nil {
		return l.ean.span(x0, l.rowH)
	}
	return 0, l.rowH
}

// newLayout checks s and opts and lays the symbol out. With pixels set it
// also checks the scale and the size of the picture in pixels.
func newLayout(s *symbology.Symbol, opts Options, pixels bool) (*layout, error) {
	if s == nil || s.Modules == nil || s.Modules.Width <= 0 || s.Modules.Height <= 0 ||
		len(s.Modules.Pix) != s.Modules.Width*s.Modules.Height {
		return nil, fmt.Errorf("render: %w: symbol has no modules", ErrInvalidSymbol)
	}
	m := s.Modules
	l := &layout{m: m, rowH: 1, scale: opts.Scale, rotate: opts.Rotate, hex: s.Hexagonal && m.Height > 1}
	switch opts.Rotate {
	case 0, 90, 180, 270:
	default:
		return nil, fmt.Errorf("render: %w: rotate %d is not 0, 90, 180 or 270", ErrInvalidOption, opts.Rotate)
	}
	if opts.BarHeight < 0 {
		return nil, fmt.Errorf("render: %w: bar height %d is negative", ErrInvalidOption, opts.BarHeight)
	}
	if s.QuietZone < 0 {
		return nil, fmt.Errorf("render: %w: quiet zone %d is negative", ErrInvalidSymbol, s.QuietZone)
	}
	if !opts.NoMargin {
		l.quiet = s.QuietZone
	}
	linear := m.Height == 1
	if linear {
		l.rowH = opts.BarHeight
		if l.rowH == 0 {
			l.rowH = DefaultBarHeight
		}
	}
	if m.Width > maxSide || m.Height > maxSide || l.quiet > maxSide || l.rowH > maxSide {
		return nil, fmt.Errorf("render: %w: symbol of %dx%d modules with a quiet zone of %d and bars %d tall",
			ErrTooLarge, m.Width, m.Height, l.quiet, l.rowH)
	}
	l.left = l.quiet
	l.top = verticalQuiet(m, l.quiet)
	l.w = m.Width + 2*l.quiet
	l.h = m.Height*l.rowH + 2*l.top
	if linear && opts.HRT && s.Text != "" && !(pixels && l.eanLayout(s)) {
		text := hrtText(s.Text)
		n := float64(utf8.RuneCountInString(text))
		l.em = min(textEm, float64(m.Width)/(n*textAdvance))
		if l.em >= minTextEm {
			l.text = text
			top := float64(l.top + l.rowH + textGap)
			l.base = top + textTop*l.em
			l.textH = int(math.Ceil(textGap + (textTop+textBottom)*l.em))
			l.h += l.textH
			l.runs = []textRun{{text: l.text, x: float64(l.w) / 2, base: l.base, em: l.em}}
		}
	}

	l.fg = color.NRGBA{0, 0, 0, 255}
	if opts.Foreground != nil {
		l.fg = color.NRGBAModel.Convert(opts.Foreground).(color.NRGBA)
	}
	l.bg = color.NRGBA{255, 255, 255, 255}
	if opts.Background != nil {
		l.bg = color.NRGBAModel.Convert(opts.Background).(color.NRGBA)
	}
	if l.bg == (color.NRGBA{}) {
		// color.Transparent and every premultiplied colour of alpha 0
		// convert to transparent black, which a viewer that ignores
		// alpha shows as a black square: make it transparent white.
		l.bg = transparentWhite
	}

	if !pixels {
		// Text draws one character cell per module, two rows a line.
		if int64(l.w)*int64(l.h) > MaxPixels {
			return nil, fmt.Errorf("render: %w: %dx%d modules, over the limit of %d", ErrTooLarge, l.w, l.h, MaxPixels)
		}
		return l, nil
	}
	if l.scale == 0 {
		l.scale = DefaultScale
	}
	if l.scale < 0 {
		return nil, fmt.Errorf("render: %w: scale %d is negative", ErrInvalidOption, opts.Scale)
	}
	// The sides are checked before their product so that it cannot
	// overflow: each is at most 3<<24 modules times maxScale.
	w, h := int64(l.w)*int64(min(l.scale, maxScale)), int64(l.h)*int64(min(l.scale, maxScale))
	if l.scale > maxScale || w > MaxPixels || h > MaxPixels || w*h > MaxPixels {
		return nil, fmt.Errorf("render: %w: %dx%d modules at scale %d are over the limit of %d pixels",
			ErrTooLarge, l.w, l.h, l.scale, MaxPixels)
	}
	return l, nil
}

// size returns the size of the finished picture in modules, after
// rotation.
func (l *layout) size() (w, h int) {
	if l.rotate == 90 || l.rotate == 270 {
		return l.h, l.w
	}
	return l.w, l.h
}

// darkRuns calls f for every horizontal run of dark modules in row y of
// the symbol: modules x0 to x1-1.
func (l *layout) darkRuns(y int, f func(x0, x1 int)) {
	row := l.m.Pix[y*l.m.Width : (y+1)*l.m.Width]
	for x := 0; x < len(row); {
		if !row[x] {
			x++
			continue
		}
		x0 := x
		for x < len(row) && row[x] {
			x++
		}
		f(x0, x)
	}
}
