package render

import (
	"bytes"
	"encoding/xml"
	"image/color"
	"io"
	"math"
	"strconv"

	"github.com/barkit/barkit/symbology"
)

// SVG writes s as an SVG 1.1 document. Its user units are modules: the
// viewBox spans the symbol and its quiet zone, and width and height give
// the same in pixels at opts.Scale. All dark modules are one path of
// rectangles, each a horizontal run of dark modules, stretched down over
// the rows below that repeat it exactly. The background is a rectangle,
// left out when it is fully transparent. Rotation is a transform of the
// whole drawing, so the human-readable text turns with the bars.
func SVG(w io.Writer, s *symbology.Symbol, opts Options) error {
	l, err := newLayout(s, opts, true)
	if err != nil {
		return err
	}
	if l.hex {
		_, err = w.Write(hexSVG(l))
		return err
	}
	// About 16 bytes per rectangle, at most one rectangle per two
	// modules in the worst case (alternating modules).
	b := make([]byte, 0, 512+8*len(l.m.Pix))
	rw, rh := l.size()
	b = append(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="`...)
	b = strconv.AppendInt(b, int64(rw*l.scale), 10)
	b = append(b, `" height="`...)
	b = strconv.AppendInt(b, int64(rh*l.scale), 10)
	b = append(b, `" viewBox="0 0 `...)
	b = strconv.AppendInt(b, int64(rw), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(rh), 10)
	b = append(b, `" shape-rendering="crispEdges">`+"\n"...)
	if l.bg.A != 0 {
		b = append(b, `<rect width="`...)
		b = strconv.AppendInt(b, int64(rw), 10)
		b = append(b, `" height="`...)
		b = strconv.AppendInt(b, int64(rh), 10)
		b = append(b, '"')
		b = appendFill(b, l.bg)
		b = append(b, "/>\n"...)
	}
	if l.rotate != 0 {
		b = append(b, `<g transform="`...)
		b = appendRotation(b, l)
		b = append(b, "\">\n"...)
	}
	b = appendPath(b, l)
	for _, r := range l.runs {
		b = appendText(b, l, r)
	}
	if l.rotate != 0 {
		b = append(b, "</g>\n"...)
	}
	b = append(b, "</svg>\n"...)
	_, err = w.Write(b)
	return err
}

// appendRotation appends the transform that turns the canvas clockwise by
// l.rotate degrees and moves it back into the viewBox: a point (x, y) of
// the w×h canvas goes to (h-y, x) for 90, (w-x, h-y) for 180 and (y, w-x)
// for 270.
func appendRotation(b []byte, l *layout) []byte {
	w, h := strconv.Itoa(l.w), strconv.Itoa(l.h)
	switch l.rotate {
	case 90:
		return append(b, "matrix(0 1 -1 0 "+h+" 0)"...)
	case 180:
		return append(b, "matrix(-1 0 0 -1 "+w+" "+h+")"...)
	}
	return append(b, "matrix(0 -1 1 0 0 "+w+")"...)
}

// appendPath appends the path of all dark modules. Each rectangle is a
// subpath "m dx dy h width v height h -width z", moved relative to the
// start of the one before (after z the current point is that start).
func appendPath(b []byte, l *layout) []byte {
	b = append(b, `<path`...)
	b = appendFill(b, l.fg)
	b = append(b, ` d="`...)
	px, py := 0, 0 // start of the previous subpath
	first := true
	m := l.m
	for y := 0; y < m.Height; y++ {
		l.darkRuns(y, func(x0, x1 int) {
			if y > 0 && sameRun(m.Pix[(y-1)*m.Width:y*m.Width], x0, x1) {
				return // drawn as part of the rectangle from the row above
			}
			rows := 1
			for y+rows < m.Height && sameRun(m.Pix[(y+rows)*m.Width:(y+rows+1)*m.Width], x0, x1) {
				rows++
			}
			x, yy := l.left+x0, l.quiet+y*l.rowH
			height := rows * l.rowH
			if m.Height == 1 {
				top, bottom := l.barSpan(x0)
				yy, height = l.quiet+top, bottom-top
			}
			if first {
				b = append(b, 'M')
				first = false
			} else {
				b = append(b, 'm')
			}
			b = strconv.AppendInt(b, int64(x-px), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(yy-py), 10)
			b = append(b, 'h')
			b = strconv.AppendInt(b, int64(x1-x0), 10)
			b = append(b, 'v')
			b = strconv.AppendInt(b, int64(height), 10)
			b = append(b, 'h', '-')
			b = strconv.AppendInt(b, int64(x1-x0), 10)
			b = append(b, 'z')
			px, py = x, yy
		})
	}
	return append(b, "\"/>\n"...)
}

// sameRun reports whether row holds a run of dark modules from x0 to x1-1
// and no further.
func sameRun(row []bool, x0, x1 int) bool {
	if x0 > 0 && row[x0-1] || x1 < len(row) && row[x1] {
		return false
	}
	for _, v := range row[x0:x1] {
		if !v {
			return false
		}
	}
	return true
}

// appendText appends a piece of the human-readable text, centred on its
// x.
func appendText(b []byte, l *layout, r textRun) []byte {
	b = append(b, `<text x="`...)
	b = appendFloat(b, r.x)
	b = append(b, `" y="`...)
	b = appendFloat(b, r.base)
	b = append(b, `" font-family="monospace" font-size="`...)
	b = appendFloat(b, r.em)
	b = append(b, `" text-anchor="middle"`...)
	b = appendFill(b, l.fg)
	b = append(b, '>')
	var e bytes.Buffer
	xml.EscapeText(&e, []byte(r.text)) // writes to a bytes.Buffer cannot fail
	b = append(b, e.Bytes()...)
	return append(b, "</text>\n"...)
}

// appendFill appends the fill attribute for c, and fill-opacity when c is
// not opaque.
func appendFill(b []byte, c color.NRGBA) []byte {
	const hex = "0123456789abcdef"
	b = append(b, ` fill="#`...)
	for _, v := range [3]uint8{c.R, c.G, c.B} {
		b = append(b, hex[v>>4], hex[v&15])
	}
	b = append(b, '"')
	if c.A != 255 {
		b = append(b, ` fill-opacity="`...)
		b = appendFloat(b, float64(c.A)/255)
		b = append(b, '"')
	}
	return b
}

// appendFloat appends v rounded to three decimals, without trailing zeros.
func appendFloat(b []byte, v float64) []byte {
	return strconv.AppendFloat(b, math.Round(v*1000)/1000, 'f', -1, 64)
}
