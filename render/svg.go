package render

import (
	"image/color"
	"io"
	"math"
	"strconv"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/barkit/barkit/symbology"
)

// SVG writes s as an SVG 1.1 document. Its user units are modules: the
// viewBox spans the symbol and its quiet zone, and width and height give
// the same in pixels at opts.Scale. All dark modules are one path of
// rectangles, each a horizontal run of dark modules, stretched down over
// the rows below that repeat it exactly. The human-readable text is one
// more path, of the outlines of its Go Mono glyphs placed exactly where
// PNG draws them at opts.Scale (appendTextPath), so it looks the same as
// the PNG and needs no font. The background is a rectangle, left out when
// it is fully transparent. Rotation is a transform of the whole drawing,
// so the text turns with the bars.
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
	if len(l.runs) > 0 {
		if b, err = appendTextPath(b, l); err != nil {
			return err
		}
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
			x, yy := l.left+x0, l.top+y*l.rowH
			height := rows * l.rowH
			if m.Height == 1 {
				top, bottom := l.barSpan(x0)
				yy, height = l.top+top, bottom-top
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

// appendTextPath appends the path of the human-readable text: the
// outlines of its glyphs, each placed as drawText places it at l.scale
// (layout.place, runGlyphs), in modules rounded to thousandths, a few
// thousandths of a pixel. The path is relative after its first point,
// with repeated commands left implicit. It is one path rather than glyphs
// defined once in <defs> and placed with <use>: measured at scale 4, an
// EAN-13's 13 digits (8 distinct) take 3.6 KB as one path and would take
// 3.0 KB so, a Code 128's text of 17 distinct characters 4.6 KB against
// 5.7 KB; and the ids of two symbols in one HTML page would clash.
func appendTextPath(b []byte, l *layout) ([]byte, error) {
	fs, err := newFaces(l.scale)
	if err != nil {
		return nil, err
	}
	b = append(b, `<path`...)
	b = appendFill(b, l.fg)
	b = append(b, ` d="`...)
	p := pathWriter{b: b, unit: 1000 / (64 * float64(l.scale))}
	var buf sfnt.Buffer
	for _, r := range l.runs {
		face, err := fs.face(r.em)
		if err != nil {
			return nil, err
		}
		dot, _ := l.place(face, r)
		runGlyphs(face, r.text, dot, func(c rune, dot fixed.Point26_6) {
			if err != nil {
				return
			}
			var segs sfnt.Segments
			if segs, err = fs.outline(&buf, c, r.em); err != nil {
				return
			}
			p.glyph(segs, dot)
		})
		if err != nil {
			return nil, err
		}
	}
	return append(p.b, "\"/>\n"...), nil
}

// pathWriter appends SVG path data in thousandths of a module, each
// command relative to the current point except the first moveto.
type pathWriter struct {
	b          []byte
	unit       float64 // thousandths of a module per 26.6 pixel unit
	x, y       int64   // current point
	sx, sy     int64   // start of the current subpath
	cmd        byte    // last command written
	open, used bool    // a subpath is open; anything was written
	dot        bool    // the last number written has a decimal point
}

// glyph appends the outline segs of a glyph whose origin is dot, both in
// 26.6 pixels.
func (p *pathWriter) glyph(segs sfnt.Segments, dot fixed.Point26_6) {
	pt := func(q fixed.Point26_6) (int64, int64) {
		return int64(math.Round(float64(q.X+dot.X) * p.unit)), int64(math.Round(float64(q.Y+dot.Y) * p.unit))
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			p.close()
			x, y := pt(s.Args[0])
			// Coordinates after a moveto are implicit linetos: absolute
			// after M, relative after m.
			if !p.used {
				p.command('M')
				p.number(x)
				p.number(y)
				p.cmd, p.used = 'L', true
			} else {
				p.command('m')
				p.number(x - p.x)
				p.number(y - p.y)
				p.cmd = 'l'
			}
			p.x, p.y, p.sx, p.sy, p.open = x, y, x, y, true
		case sfnt.SegmentOpLineTo:
			x, y := pt(s.Args[0])
			p.command('l')
			p.number(x - p.x)
			p.number(y - p.y)
			p.x, p.y = x, y
		case sfnt.SegmentOpQuadTo:
			x1, y1 := pt(s.Args[0])
			x, y := pt(s.Args[1])
			p.command('q')
			p.number(x1 - p.x)
			p.number(y1 - p.y)
			p.number(x - p.x)
			p.number(y - p.y)
			p.x, p.y = x, y
		case sfnt.SegmentOpCubeTo:
			x1, y1 := pt(s.Args[0])
			x2, y2 := pt(s.Args[1])
			x, y := pt(s.Args[2])
			p.command('c')
			p.number(x1 - p.x)
			p.number(y1 - p.y)
			p.number(x2 - p.x)
			p.number(y2 - p.y)
			p.number(x - p.x)
			p.number(y - p.y)
			p.x, p.y = x, y
		}
	}
	p.close()
}

// close closes the open subpath; the current point returns to its start.
func (p *pathWriter) close() {
	if p.open {
		p.b = append(p.b, 'z')
		p.cmd = 'z'
		p.x, p.y, p.open = p.sx, p.sy, false
	}
}

// command appends command c unless it repeats the last one, which SVG
// lets the coordinates imply.
func (p *pathWriter) command(c byte) {
	if c != p.cmd || c == 'm' || c == 'M' {
		p.b = append(p.b, c)
		p.cmd = c
	}
}

// number appends v thousandths as a decimal without needless zeros
// ("1.25", ".5", "-.05", "3"), after a space only where the path grammar
// needs one: before a digit or a point that would join the number before.
func (p *pathWriter) number(v int64) {
	neg, f := v < 0, v%1000
	if neg {
		f = -f
	}
	frac := f != 0 && (v >= 1000 || v <= -1000) // has an integer part and a fraction
	point := f != 0 && !frac                    // starts with its point
	if last := p.b[len(p.b)-1]; !neg && (last == '.' || '0' <= last && last <= '9') && !(point && p.dot) {
		p.b = append(p.b, ' ')
	}
	if neg {
		p.b = append(p.b, '-')
		v = -v
	}
	if v >= 1000 || v == 0 {
		p.b = strconv.AppendInt(p.b, v/1000, 10)
	}
	if f != 0 {
		d := [3]byte{byte('0' + f/100), byte('0' + f/10%10), byte('0' + f%10)}
		n := 3
		for d[n-1] == '0' {
			n--
		}
		p.b = append(p.b, '.')
		p.b = append(p.b, d[:n]...)
	}
	p.dot = f != 0
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
