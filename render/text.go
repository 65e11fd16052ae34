package render

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Text writes s for a terminal, two module rows to a line, one column per
// module, with the half blocks ▀ ▄ █ and spaces: each character cell is an
// upper and a lower module.
//
// Light modules, the quiet zone included, are drawn as blocks and dark
// modules as spaces, as qrencode -t UTF8 does. On the usual terminal with
// light text on a dark background the code then shows dark on light as
// printed, with the quiet zone around it that scanners need; on a dark-on-
// light terminal it shows inverted, which most phone scanners also read.
// A symbol with an odd number of rows gets one more light row at the
// bottom. A linear symbol's bars are BarHeight rows tall; with HRT its
// text follows on a line of its own, centred, with characters that cannot
// be printed shown as spaces (hrtText), so no control character reaches
// the terminal. Scale and the colours do not apply; Rotate turns the code,
// not the text line.
func Text(w io.Writer, s *symbology.Symbol, opts Options) error {
	l, err := newLayout(s, opts, false)
	if err != nil {
		return err
	}
	g := l.grid().Rotate(l.rotate)
	var b strings.Builder
	b.Grow((g.Height + 3) / 2 * (3*g.Width + 1))
	for y := 0; y < g.Height; y += 2 {
		for x := 0; x < g.Width; x++ {
			top := g.Pix[y*g.Width+x]
			bottom := y+1 < g.Height && g.Pix[(y+1)*g.Width+x]
			switch {
			case !top && !bottom:
				b.WriteRune('█')
			case !top:
				b.WriteRune('▀')
			case !bottom:
				b.WriteRune('▄')
			default:
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
	}
	if opts.HRT && s.Modules.Height == 1 && s.Text != "" {
		text := hrtText(s.Text)
		if pad := (g.Width - utf8.RuneCountInString(text)) / 2; pad > 0 {
			b.WriteString(strings.Repeat(" ", pad))
		}
		b.WriteString(text)
		b.WriteByte('\n')
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// grid returns the symbol with its quiet zone as a matrix of modules, one
// row per module row of the picture (BarHeight of them for a linear
// symbol), without the text area.
func (l *layout) grid() *matrix.Matrix {
	g := matrix.New(l.w, l.h-l.textH)
	for y := 0; y < l.m.Height; y++ {
		l.darkRuns(y, func(x0, x1 int) {
			g.SetRect(l.left+x0, l.top+y*l.rowH, x1-x0, l.rowH, true)
		})
	}
	return g
}

// hrtText returns text as the human-readable text shows it, in every
// renderer: each character that cannot be printed, as unicode.IsPrint
// tells (C0 and C1 controls, DEL, format characters such as U+200B,
// spaces other than U+0020, unassigned code points), is a space, as zint
// prints them. Invalid UTF-8 shows as U+FFFD.
func hrtText(text string) string {
	return strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return ' '
		}
		return r
	}, text)
}
