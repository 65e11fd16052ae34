package render

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"flag"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/colornames"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// The small known symbols of the golden files: a 6x5 matrix symbol (an odd
// number of rows, so Text pads a light row) and a 13-module linear one with
// text that needs XML escaping.
func matrixSymbol(t testing.TB) *symbology.Symbol {
	m, err := matrix.Parse(`
##.#..
#..###
.#.#.#
####..
..#..#
`)
	if err != nil {
		t.Fatal(err)
	}
	return &symbology.Symbol{Symbology: "test", Modules: m, QuietZone: 2}
}

func linearSymbol(t testing.TB) *symbology.Symbol {
	m, err := matrix.Parse("#.##.#..###.#")
	if err != nil {
		t.Fatal(err)
	}
	return &symbology.Symbol{Symbology: "test", Modules: m, QuietZone: 3, Text: `A<&>"'b`}
}

// randomSymbol returns an n×n symbol of pseudo-random modules with a quiet
// zone of 4, the size of a version 10 QR Code for n = 57.
func randomSymbol(n int) *symbology.Symbol {
	m := matrix.New(n, n)
	seed := uint32(1)
	for i := range m.Pix {
		seed = seed*1664525 + 1013904223 // Numerical Recipes LCG
		m.Pix[i] = seed>>31 == 1
	}
	return &symbology.Symbol{Symbology: "test", Modules: m, QuietZone: 4}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it)\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}

func TestGolden(t *testing.T) {
	translucentRed := color.NRGBA{255, 0, 0, 128}
	controls := linearSymbol(t)
	controls.Text = "A\x01B\x7fC\u0085D"
	for _, tt := range []struct {
		name   string
		symbol *symbology.Symbol
		opts   Options
		png    bool // also a dump of the PNG
	}{
		{"matrix", matrixSymbol(t), Options{}, true},
		{"matrix-r90", matrixSymbol(t), Options{Rotate: 90}, false},
		{"matrix-r180", matrixSymbol(t), Options{Rotate: 180}, false},
		{"matrix-colors", matrixSymbol(t), Options{Scale: 3, NoMargin: true, Foreground: translucentRed, Background: color.Transparent}, true},
		{"matrix-transparent", matrixSymbol(t), Options{Scale: 1, Background: color.Transparent}, true},
		{"linear-hrt", linearSymbol(t), Options{HRT: true, BarHeight: 8}, true},
		{"linear-hrt-r270", linearSymbol(t), Options{HRT: true, BarHeight: 8, Rotate: 270, Scale: 2}, true},
		{"linear-controls", controls, Options{HRT: true, BarHeight: 8, Scale: 2}, true},
		{"ean13-addon", written(t, "ean13", "5901234123457+12", symbology.WriteOptions{}), Options{HRT: true, BarHeight: 30, Scale: 1}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var svg, txt bytes.Buffer
			if err := SVG(&svg, tt.symbol, tt.opts); err != nil {
				t.Fatal(err)
			}
			golden(t, tt.name+".svg", svg.Bytes())
			if err := Text(&txt, tt.symbol, tt.opts); err != nil {
				t.Fatal(err)
			}
			golden(t, tt.name+".txt", txt.Bytes())
			if tt.png {
				var b bytes.Buffer
				if err := PNG(&b, tt.symbol, tt.opts); err != nil {
					t.Fatal(err)
				}
				golden(t, tt.name+".png.txt", pngDump(t, b.Bytes()))
			}
		})
	}
}

// wantDark reports whether pixel (x, y) of a picture of symbol s, rotated
// by rot, is dark: the rotation is undone, then the pixel is looked up in
// the module matrix. quiet and top are the quiet zones left and above,
// rowH is the height of a module row in modules and w, h the unrotated
// size in pixels.
func wantDark(m *matrix.Matrix, quiet, top, scale, rowH, rot, w, h, x, y int) bool {
	switch rot {
	case 90:
		x, y = y, h-1-x
	case 180:
		x, y = w-1-x, h-1-y
	case 270:
		x, y = w-1-y, x
	}
	mx, my := x/scale-quiet, y/scale-top
	if my < 0 {
		return false // my/rowH would round towards zero
	}
	return m.Get(mx, my/rowH)
}

func TestPNGPixels(t *testing.T) {
	symbols := map[string]*symbology.Symbol{"matrix": matrixSymbol(t), "linear": linearSymbol(t), "random": randomSymbol(21)}
	for name, s := range symbols {
		for scale := 1; scale <= 4; scale++ {
			for _, noMargin := range []bool{false, true} {
				for _, rot := range []int{0, 90, 180, 270} {
					opts := Options{Scale: scale, NoMargin: noMargin, Rotate: rot, BarHeight: 3}
					checkPNG(t, name, s, opts)
				}
			}
		}
	}
}

func checkPNG(t *testing.T, name string, s *symbology.Symbol, opts Options) {
	t.Helper()
	var b bytes.Buffer
	if err := PNG(&b, s, opts); err != nil {
		t.Fatalf("%s %+v: %v", name, opts, err)
	}
	// IHDR: bit depth 1, colour type 3 (paletted).
	if depth, ctype := b.Bytes()[24], b.Bytes()[25]; depth != 1 || ctype != 3 {
		t.Errorf("%s %+v: PNG bit depth %d, colour type %d; want 1, 3", name, opts, depth, ctype)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := Image(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	quiet := s.QuietZone
	if opts.NoMargin {
		quiet = 0
	}
	rowH, top := 1, quiet
	if s.Modules.Height == 1 {
		rowH, top = opts.BarHeight, 0 // linear: no quiet zone above and below
	}
	w := (s.Modules.Width + 2*quiet) * opts.Scale
	h := (s.Modules.Height*rowH + 2*top) * opts.Scale
	if opts.Rotate == 90 || opts.Rotate == 270 {
		w, h = h, w
	}
	if img.Bounds() != image.Rect(0, 0, w, h) || raw.Bounds() != img.Bounds() {
		t.Fatalf("%s %+v: PNG bounds %v, Image bounds %v, want %dx%d", name, opts, img.Bounds(), raw.Bounds(), w, h)
	}
	uw, uh := w, h
	if opts.Rotate == 90 || opts.Rotate == 270 {
		uw, uh = h, w
	}
	black, white := color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}
	bad := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			want := white
			if wantDark(s.Modules, quiet, top, opts.Scale, rowH, opts.Rotate, uw, uh, x, y) {
				want = black
			}
			got := color.NRGBAModel.Convert(img.At(x, y))
			gotRaw := color.NRGBAModel.Convert(raw.At(x, y))
			if got != want || gotRaw != want {
				if bad++; bad <= 3 {
					t.Errorf("%s %+v: pixel (%d,%d) is %v in the PNG, %v in Image; want %v", name, opts, x, y, got, gotRaw, want)
				}
			}
		}
	}
}

func TestColors(t *testing.T) {
	s := matrixSymbol(t)
	red := color.NRGBA{200, 0, 0, 255}
	for _, tt := range []struct {
		name   string
		fg, bg color.Color
		wantFg color.NRGBA
		wantBg color.NRGBA
	}{
		{"default", nil, nil, color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}},
		{"red on transparent", red, color.Transparent, red, color.NRGBA{255, 255, 255, 0}},
		{"red on transparent red", red, color.NRGBA{255, 0, 0, 0}, red, color.NRGBA{255, 0, 0, 0}},
		{"inverted", color.White, color.Black, color.NRGBA{255, 255, 255, 255}, color.NRGBA{0, 0, 0, 255}},
		{"premultiplied half alpha", color.RGBA{0, 0, 64, 128}, color.NRGBA{255, 255, 0, 255}, color.NRGBA{0, 0, 127, 128}, color.NRGBA{255, 255, 0, 255}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{Scale: 2, Foreground: tt.fg, Background: tt.bg}
			var b bytes.Buffer
			if err := PNG(&b, s, opts); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&b)
			if err != nil {
				t.Fatal(err)
			}
			// (0,0) is in the quiet zone; module (0,0) is dark.
			if got := color.NRGBAModel.Convert(img.At(0, 0)); got != tt.wantBg {
				t.Errorf("background pixel %v, want %v", got, tt.wantBg)
			}
			if got := color.NRGBAModel.Convert(img.At(2*2, 2*2)); got != tt.wantFg {
				t.Errorf("foreground pixel %v, want %v", got, tt.wantFg)
			}
			var svg bytes.Buffer
			if err := SVG(&svg, s, opts); err != nil {
				t.Fatal(err)
			}
			if got, want := strings.Contains(svg.String(), "<rect"), tt.wantBg.A != 0; got != want {
				t.Errorf("SVG has a background rect: %v, want %v", got, want)
			}
			fill := string(appendFill(nil, tt.wantFg))
			if !strings.Contains(svg.String(), "<path"+fill) {
				t.Errorf("SVG path lacks%s:\n%s", fill, svg.String())
			}
		})
	}
}

func TestAppendFill(t *testing.T) {
	for c, want := range map[color.NRGBA]string{
		{0, 0, 0, 255}:       ` fill="#000000"`,
		{255, 128, 1, 255}:   ` fill="#ff8001"`,
		{255, 0, 0, 128}:     ` fill="#ff0000" fill-opacity="0.502"`,
		{0x12, 0xab, 0, 0}:   ` fill="#12ab00" fill-opacity="0"`,
		{255, 255, 255, 254}: ` fill="#ffffff" fill-opacity="0.996"`,
	} {
		if got := string(appendFill(nil, c)); got != want {
			t.Errorf("appendFill(%v) = %s, want %s", c, got, want)
		}
	}
}

// svgRects parses the path data SVG writes back into rectangles, module
// by module, and returns the dark modules of a w×h grid it paints; it
// fails when a module is painted twice.
func svgRects(t *testing.T, d string, w, h int) *matrix.Matrix {
	g := matrix.New(w, h)
	px, py := 0, 0
	for _, sub := range strings.Split(strings.TrimSuffix(d, "z"), "z") {
		var cmd byte
		var dx, dy, rw, rh, back int
		n, err := fmtSscan(sub, &cmd, &dx, &dy, &rw, &rh, &back)
		if err != nil || n != 6 || rw != back {
			t.Fatalf("subpath %q: %v", sub, err)
		}
		if cmd == 'M' {
			px, py = dx, dy
		} else {
			px, py = px+dx, py+dy
		}
		for y := py; y < py+rh; y++ {
			for x := px; x < px+rw; x++ {
				if g.Get(x, y) || !g.In(x, y) {
					t.Fatalf("subpath %q paints module (%d,%d) twice or outside", sub, x, y)
				}
				g.Set(x, y, true)
			}
		}
	}
	return g
}

// fmtSscan reads "Cdx dyhWvHh-Wz" without the z.
func fmtSscan(s string, cmd *byte, vals ...*int) (int, error) {
	if s == "" {
		return 0, errors.New("empty subpath")
	}
	*cmd = s[0]
	f := strings.FieldsFunc(s[1:], func(r rune) bool { return r == ' ' || r == 'h' || r == 'v' })
	if len(f) != len(vals) {
		return 0, errors.New("wrong number of fields")
	}
	for i, v := range f {
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, err
		}
		*vals[i] = n
	}
	*vals[len(vals)-1] = -*vals[len(vals)-1] // "h-W"
	return len(vals) + 1, nil
}

func TestSVGPath(t *testing.T) {
	for _, s := range []*symbology.Symbol{matrixSymbol(t), randomSymbol(57)} {
		var b bytes.Buffer
		if err := SVG(&b, s, Options{}); err != nil {
			t.Fatal(err)
		}
		i := strings.Index(b.String(), ` d="`)
		d := b.String()[i+4:]
		d = d[:strings.IndexByte(d, '"')]
		w, h := s.Modules.Width+2*s.QuietZone, s.Modules.Height+2*s.QuietZone
		got := svgRects(t, d, w, h)
		want := matrix.New(w, h)
		for y := 0; y < s.Modules.Height; y++ {
			for x := 0; x < s.Modules.Width; x++ {
				want.Set(x+s.QuietZone, y+s.QuietZone, s.Modules.Get(x, y))
			}
		}
		if !got.Equal(want) {
			t.Errorf("path paints\n%s\nwant\n%s", got, want)
		}
	}
}

// TestSVGValid checks that every SVG is well-formed XML with an svg root,
// whatever its text: the text is drawn as a path, so none of it reaches
// the XML.
func TestSVGValid(t *testing.T) {
	s := linearSymbol(t)
	for _, text := range []string{`A<&>"'b`, "]]>", "tab\there", "nul\x00 bell\a", "Ωmega ✓", "\xff\xfe"} {
		s.Text = text
		for _, rot := range []int{0, 90, 180, 270} {
			var b bytes.Buffer
			if err := SVG(&b, s, Options{HRT: true, Rotate: rot}); err != nil {
				t.Fatal(err)
			}
			d := xml.NewDecoder(&b)
			var root string
			paths := 0
			for {
				tok, err := d.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("text %q, rotate %d: %v", text, rot, err)
				}
				if tok, ok := tok.(xml.StartElement); ok {
					if root == "" {
						root = tok.Name.Local
					}
					switch tok.Name.Local {
					case "path":
						paths++
					case "text":
						t.Errorf("text %q, rotate %d: a text element", text, rot)
					}
				}
			}
			if root != "svg" || paths != 2 {
				t.Errorf("text %q, rotate %d: root element %q, %d paths; want svg and 2", text, rot, root, paths)
			}
		}
	}
}

// TestHRTRaster checks the text of a linear symbol in the raster: it sits
// in the area under the bars, leaves the bars alone, and turns with them.
func TestHRTRaster(t *testing.T) {
	// 60 modules of bars: seven digits fit at the full text size.
	m := matrix.New(60, 1)
	for i := range m.Pix {
		m.Pix[i] = i%5 < 2
	}
	s := &symbology.Symbol{Symbology: "test", Modules: m, QuietZone: 4, Text: "0123456"}
	for scale := 1; scale <= 4; scale++ {
		plain, err := Image(s, Options{Scale: scale, BarHeight: 8})
		if err != nil {
			t.Fatal(err)
		}
		img, err := Image(s, Options{Scale: scale, BarHeight: 8, HRT: true})
		if err != nil {
			t.Fatal(err)
		}
		p, q := plain.(*image.Paletted), img.(*image.Paletted)
		if q.Rect.Dx() != p.Rect.Dx() || q.Rect.Dy() <= p.Rect.Dy() {
			t.Fatalf("scale %d: %v with text, %v without", scale, q.Rect, p.Rect)
		}
		barsEnd := 8 * scale // a linear symbol has no quiet zone above
		textEnd := q.Rect.Dy()
		inked, minX, maxX := 0, q.Rect.Dx(), -1
		for y := 0; y < q.Rect.Dy(); y++ {
			for x := 0; x < q.Rect.Dx(); x++ {
				v := q.Pix[y*q.Stride+x]
				switch {
				case y < barsEnd:
					if v != p.Pix[y*p.Stride+x] {
						t.Fatalf("scale %d: text changed pixel (%d,%d) of the bars", scale, x, y)
					}
				case v == 1:
					if y < barsEnd+textGap*scale || y >= textEnd {
						t.Errorf("scale %d: text pixel (%d,%d) outside rows %d to %d", scale, x, y, barsEnd+textGap*scale, textEnd)
					}
					inked++
					minX, maxX = min(minX, x), max(maxX, x)
				}
			}
		}
		// Seven digits at about 6 modules each: well inked, and
		// centred within a pixel or two.
		if inked < 7*scale*scale*4 {
			t.Errorf("scale %d: only %d text pixels", scale, inked)
		}
		if left, right := minX, q.Rect.Dx()-1-maxX; left-right > 2+scale || right-left > 2+scale {
			t.Errorf("scale %d: text not centred: %d pixels left, %d right", scale, left, right)
		}
		// Rotation turns the finished picture, text included.
		for _, rot := range []int{90, 180, 270} {
			r, err := Image(s, Options{Scale: scale, BarHeight: 8, HRT: true, Rotate: rot})
			if err != nil {
				t.Fatal(err)
			}
			rp := r.(*image.Paletted)
			w, h := q.Rect.Dx(), q.Rect.Dy()
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					var rx, ry int
					switch rot {
					case 90:
						rx, ry = h-1-y, x
					case 180:
						rx, ry = w-1-x, h-1-y
					case 270:
						rx, ry = y, w-1-x
					}
					if rp.Pix[ry*rp.Stride+rx] != q.Pix[y*q.Stride+x] {
						t.Fatalf("scale %d, rotate %d: pixel (%d,%d) does not match (%d,%d) unrotated", scale, rot, rx, ry, x, y)
					}
				}
			}
		}
	}
}

// TestHRTFit checks that long text is set smaller to fit under the bars,
// and that text is left out of two-dimensional symbols.
func TestHRTFit(t *testing.T) {
	s := linearSymbol(t)
	s.Text = strings.Repeat("W", 20)
	l, err := newLayout(s, Options{HRT: true}, true)
	if err != nil {
		t.Fatal(err)
	}
	if width := l.em * textAdvance * 20; width > float64(s.Modules.Width)+1e-9 || l.em >= textEm || l.text == "" {
		t.Errorf("20 characters set at %g modules: %g modules wide under %d modules of bars", l.em, width, s.Modules.Width)
	}
	// 40 characters under 13 modules would be half a module tall.
	s.Text = strings.Repeat("W", 40)
	if l, err = newLayout(s, Options{HRT: true, BarHeight: 8}, true); err != nil || l.text != "" || l.h != 8 {
		t.Errorf("40 characters: text %q, height %d, %v; want no text", l.text, l.h, err)
	}
	m := matrixSymbol(t)
	m.Text = "not drawn"
	l, err = newLayout(m, Options{HRT: true}, true)
	if err != nil {
		t.Fatal(err)
	}
	if l.text != "" || l.h != m.Modules.Height+2*m.QuietZone {
		t.Errorf("a 2D symbol got text %q and height %d", l.text, l.h)
	}
}

// cells maps the characters of Text to the darkness of their upper and
// lower modules.
var cells = map[rune][2]bool{'█': {false, false}, '▀': {false, true}, '▄': {true, false}, ' ': {true, true}}

// TestTextDecode reads Text output back into modules and compares it with
// the symbol: light as blocks, dark as spaces, two rows a line.
func TestTextDecode(t *testing.T) {
	for name, s := range map[string]*symbology.Symbol{"matrix": matrixSymbol(t), "random": randomSymbol(57), "linear": linearSymbol(t)} {
		for _, noMargin := range []bool{false, true} {
			for _, rot := range []int{0, 90, 180, 270} {
				opts := Options{NoMargin: noMargin, Rotate: rot, BarHeight: 5, Scale: -1, Foreground: color.White}
				var b bytes.Buffer
				if err := Text(&b, s, opts); err != nil {
					t.Fatal(err)
				}
				quiet := s.QuietZone
				if noMargin {
					quiet = 0
				}
				rowH, top := 1, quiet
				if s.Modules.Height == 1 {
					rowH, top = 5, 0
				}
				want := matrix.New(s.Modules.Width+2*quiet, s.Modules.Height*rowH+2*top)
				for y := 0; y < want.Height-2*top; y++ {
					for x := 0; x < s.Modules.Width; x++ {
						want.Set(x+quiet, y+top, s.Modules.Get(x, y/rowH))
					}
				}
				want = want.Rotate(rot)
				lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
				if len(lines) != (want.Height+1)/2 {
					t.Fatalf("%s %+v: %d lines for %d rows", name, opts, len(lines), want.Height)
				}
				got := matrix.New(want.Width, len(lines)*2)
				for i, line := range lines {
					r := []rune(line)
					if len(r) != want.Width {
						t.Fatalf("%s %+v: line %d has %d columns, want %d", name, opts, i, len(r), want.Width)
					}
					for x, c := range r {
						cell, ok := cells[c]
						if !ok {
							t.Fatalf("%s %+v: unexpected character %q", name, opts, c)
						}
						got.Set(x, 2*i, cell[0])
						got.Set(x, 2*i+1, cell[1])
					}
				}
				// The padding row of an odd height is light.
				for x := 0; x < got.Width && want.Height%2 == 1; x++ {
					if got.Get(x, got.Height-1) {
						t.Fatalf("%s %+v: padding row is dark at column %d", name, opts, x)
					}
				}
				got.Height = want.Height
				got.Pix = got.Pix[:want.Width*want.Height]
				if !got.Equal(want) {
					t.Errorf("%s %+v: text reads back as\n%s\nwant\n%s", name, opts, got, want)
				}
			}
		}
	}
}

func TestParseColor(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want color.NRGBA
	}{
		{"#000000", color.NRGBA{0, 0, 0, 255}},
		{"#ffffff", color.NRGBA{255, 255, 255, 255}},
		{"#FFF", color.NRGBA{255, 255, 255, 255}},
		{"#f80", color.NRGBA{0xff, 0x88, 0x00, 255}},
		{"#f808", color.NRGBA{0xff, 0x88, 0x00, 0x88}},
		{"#1A2b3C", color.NRGBA{0x1a, 0x2b, 0x3c, 255}},
		{"#1a2b3c80", color.NRGBA{0x1a, 0x2b, 0x3c, 0x80}},
		{"1a2b3c", color.NRGBA{0x1a, 0x2b, 0x3c, 255}},
		{"abc", color.NRGBA{0xaa, 0xbb, 0xcc, 255}},
		{"  #000  ", color.NRGBA{0, 0, 0, 255}},
		{"transparent", color.NRGBA{255, 255, 255, 0}},
		{"Transparent", color.NRGBA{255, 255, 255, 0}},
		{"navy", color.NRGBA{0, 0, 0x80, 255}},
		{"DarkSlateGray", color.NRGBA{0x2f, 0x4f, 0x4f, 255}},
	} {
		got, err := ParseColor(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseColor(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "#", "#12", "#12345", "#1234567", "#123456789", "#ggg", "red!", "#red", "0x000000", "rgb(0,0,0)", "#-12", "＃fff"} {
		_, err := ParseColor(bad)
		if !errors.Is(err, ErrInvalidOption) || !strings.Contains(err.Error(), strconv.Quote(bad)) {
			t.Errorf("ParseColor(%q): %v, want ErrInvalidOption quoting the value", bad, err)
		}
	}
}

// TestColorNamesNotHex guards the '#'-less hex form: no colour name is also
// a hexadecimal colour, so the order of the two lookups does not matter.
func TestColorNamesNotHex(t *testing.T) {
	for name := range colornames.Map {
		if _, ok := parseHex(name); ok {
			t.Errorf("colour name %q is also a hex colour", name)
		}
	}
}

func TestErrors(t *testing.T) {
	s := matrixSymbol(t)
	lin := linearSymbol(t)
	for _, tt := range []struct {
		name   string
		symbol *symbology.Symbol
		opts   Options
		want   error
		text   bool // Text reports the error too (it ignores Scale)
	}{
		{"rotate 45", s, Options{Rotate: 45}, ErrInvalidOption, true},
		{"rotate -90", s, Options{Rotate: -90}, ErrInvalidOption, true},
		{"rotate 360", s, Options{Rotate: 360}, ErrInvalidOption, true},
		{"negative scale", s, Options{Scale: -1}, ErrInvalidOption, false},
		{"negative bar height", lin, Options{BarHeight: -5}, ErrInvalidOption, true},
		{"scale over the pixel limit", randomSymbol(21), Options{Scale: 283}, ErrTooLarge, false},
		{"huge scale", s, Options{Scale: 1 << 62}, ErrTooLarge, false},
		{"huge bar height", lin, Options{BarHeight: 1 << 40}, ErrTooLarge, true},
		{"nil symbol", nil, Options{}, ErrInvalidSymbol, true},
		{"no modules", &symbology.Symbol{}, Options{}, ErrInvalidSymbol, true},
		{"empty matrix", &symbology.Symbol{Modules: matrix.New(0, 0)}, Options{}, ErrInvalidSymbol, true},
		{"short Pix", &symbology.Symbol{Modules: &matrix.Matrix{Width: 3, Height: 3, Pix: make([]bool, 8)}}, Options{}, ErrInvalidSymbol, true},
		{"negative quiet zone", &symbology.Symbol{Modules: s.Modules, QuietZone: -1}, Options{}, ErrInvalidSymbol, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			renderers := map[string]func() error{
				"SVG": func() error { return SVG(io.Discard, tt.symbol, tt.opts) },
				"PNG": func() error { return PNG(io.Discard, tt.symbol, tt.opts) },
				"Image": func() error {
					img, err := Image(tt.symbol, tt.opts)
					if img != nil {
						t.Error("Image returned an image with its error")
					}
					return err
				},
			}
			if tt.text {
				renderers["Text"] = func() error { return Text(io.Discard, tt.symbol, tt.opts) }
			} else if err := Text(io.Discard, tt.symbol, tt.opts); err != nil {
				t.Errorf("Text: %v; it ignores the scale", err)
			}
			for name, render := range renderers {
				if err := render(); !errors.Is(err, tt.want) || !strings.HasPrefix(err.Error(), "render: ") {
					t.Errorf("%s: %v, want %v", name, err, tt.want)
				}
			}
		})
	}
	// Scale 282 is just within the limit for 29x29 modules: 8178² pixels.
	if _, err := newLayout(randomSymbol(21), Options{Scale: 282}, true); err != nil {
		t.Errorf("scale 282: %v", err)
	}
	err := SVG(io.Discard, s, Options{Rotate: 45})
	if want := "render: invalid option: rotate 45 is not 0, 90, 180 or 270"; err == nil || err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func TestTextHRT(t *testing.T) {
	s := linearSymbol(t)
	for _, tt := range []struct{ text, want string }{
		{"short", "       short\n"},                               // (19 - 5) / 2 spaces
		{strings.Repeat("9", 40), strings.Repeat("9", 40) + "\n"}, // too long to draw under the bars, printed all the same
		{"esc\x1b[2Jx\u0085", "     esc [2Jx \n"},
	} {
		s.Text = tt.text
		var b bytes.Buffer
		if err := Text(&b, s, Options{HRT: true, BarHeight: 2}); err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(b.String(), "\n")
		if got := lines[len(lines)-2]; got != tt.want {
			t.Errorf("text %q: last line %q, want %q", tt.text, got, tt.want)
		}
	}
}

// errWriter fails every write.
type errWriter struct{}

var errWrite = errors.New("disk full")

func (errWriter) Write([]byte) (int, error) { return 0, errWrite }

func TestWriteError(t *testing.T) {
	s := matrixSymbol(t)
	for name, err := range map[string]error{
		"SVG":  SVG(errWriter{}, s, Options{}),
		"PNG":  PNG(errWriter{}, s, Options{}),
		"Text": Text(errWriter{}, s, Options{}),
	} {
		if !errors.Is(err, errWrite) {
			t.Errorf("%s: %v, want the writer's error", name, err)
		}
	}
}

// TestPNGSmall checks that PNG files stay small: 1 bit per pixel and a
// palette of two colours, so a 57x57 symbol at scale 4 fits in well under
// 2 KB (measured: about 860 bytes).
func TestPNGSmall(t *testing.T) {
	var b bytes.Buffer
	if err := PNG(&b, randomSymbol(57), Options{}); err != nil {
		t.Fatal(err)
	}
	if b.Len() > 1200 {
		t.Errorf("PNG of 57x57 random modules at scale 4 is %d bytes", b.Len())
	}
	// PLTE holds exactly two entries.
	i := bytes.Index(b.Bytes(), []byte("PLTE"))
	if i < 4 || binary.BigEndian.Uint32(b.Bytes()[i-4:]) != 6 {
		t.Errorf("PNG palette is not two entries")
	}
}

// BenchmarkPNGRandom writes 57x57 pseudo-random modules at scale 4.
func BenchmarkPNGRandom(b *testing.B) {
	s := randomSymbol(57)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := PNG(&buf, s, Options{Scale: 4}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/file")
}

func BenchmarkSVG(b *testing.B) {
	s := randomSymbol(57)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := SVG(&buf, s, Options{Scale: 4}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/file")
}

func BenchmarkImage(b *testing.B) {
	s := randomSymbol(57)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Image(s, Options{Scale: 4}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkText(b *testing.B) {
	s := randomSymbol(57)
	b.ReportAllocs()
	for b.Loop() {
		if err := Text(io.Discard, s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPNGHRT(b *testing.B) {
	m := matrix.New(95, 1)
	for i := range m.Pix {
		m.Pix[i] = i%3 == 0
	}
	s := &symbology.Symbol{Symbology: "test", Modules: m, QuietZone: 10, Text: "5901234123457"}
	b.ReportAllocs()
	for b.Loop() {
		if err := PNG(io.Discard, s, Options{HRT: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzRender renders arbitrary small symbols with arbitrary options: no
// input may panic, every error is one of the package's, whatever renders
// has the size the options ask for, and its PNG decodes to the pixels of
// Image.
func FuzzRender(f *testing.F) {
	f.Add(uint8(21), uint8(21), uint8(4), 4, 0, 0, false, "", []byte{0x5a, 0xa5, 0xff, 0})
	f.Add(uint8(95), uint8(1), uint8(10), 1, 90, 20, true, "5901234123457", []byte{0xf0, 0x0f})
	f.Add(uint8(13), uint8(1), uint8(3), 2, 270, 0, true, `A<&>"'b`, []byte{0x99})
	f.Add(uint8(1), uint8(1), uint8(0), -3, 45, -1, true, "\x00", []byte{})
	f.Fuzz(func(t *testing.T, w, h, quiet uint8, scale, rotate, barHeight int, hrt bool, text string, bits []byte) {
		if scale > 16 || barHeight > 200 {
			t.Skip("large pictures are slow, not interesting")
		}
		m := matrix.New(int(w), int(h))
		for i := range m.Pix {
			if len(bits) > 0 {
				m.Pix[i] = bits[i/8%len(bits)]>>(i%8)&1 == 1
			}
		}
		s := &symbology.Symbol{Modules: m, QuietZone: int(quiet), Text: text}
		opts := Options{Scale: scale, Rotate: rotate, BarHeight: barHeight, HRT: hrt, NoMargin: quiet%2 == 1}
		img, err := Image(s, opts)
		var svg bytes.Buffer
		svgErr := SVG(&svg, s, opts)
		if (err == nil) != (svgErr == nil) {
			t.Fatalf("Image: %v; SVG: %v", err, svgErr)
		}
		if err != nil {
			if !errors.Is(err, ErrInvalidOption) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrInvalidSymbol) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		l, _ := newLayout(s, opts, true)
		rw, rh := l.size()
		if img.Bounds() != image.Rect(0, 0, rw*l.scale, rh*l.scale) {
			t.Fatalf("image bounds %v for %dx%d modules at scale %d", img.Bounds(), rw, rh, l.scale)
		}
		d := xml.NewDecoder(&svg)
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("SVG is not well-formed: %v", err)
			}
		}
		if err := Text(io.Discard, s, opts); err != nil {
			t.Fatalf("Text failed where Image did not: %v", err)
		}
		// The PNG holds the pixels of Image.
		var pb bytes.Buffer
		if err := PNG(&pb, s, opts); err != nil {
			t.Fatalf("PNG failed where Image did not: %v", err)
		}
		dec, err := png.Decode(&pb)
		if err != nil {
			t.Fatalf("PNG does not decode: %v", err)
		}
		want := img.(*image.Paletted)
		got, ok := dec.(*image.Paletted)
		if !ok || got.Rect != want.Rect {
			t.Fatalf("PNG decodes to %T %v, want %v", dec, dec.Bounds(), want.Rect)
		}
		for y := 0; y < want.Rect.Dy(); y++ {
			if !bytes.Equal(got.Pix[y*got.Stride:y*got.Stride+want.Rect.Dx()], want.Pix[y*want.Stride:y*want.Stride+want.Rect.Dx()]) {
				t.Fatalf("PNG row %d differs from Image's", y)
			}
		}
	})
}

// TestConcurrent renders from several goroutines at once: the shared PNG
// encoder, its buffer pool and the font must be safe for that (run with
// -race).
func TestConcurrent(t *testing.T) {
	lin := linearSymbol(t)
	lin.Text = "12345"
	want, err := Image(lin, Options{HRT: true})
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			for range 10 {
				img, err := Image(lin, Options{HRT: true})
				if err == nil && !bytes.Equal(img.(*image.Paletted).Pix, want.(*image.Paletted).Pix) {
					err = errors.New("concurrent rendering differs")
				}
				if err == nil {
					err = PNG(io.Discard, lin, Options{HRT: true, Rotate: 90})
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestHRTText(t *testing.T) {
	for in, want := range map[string]string{
		"ABC 123":                 "ABC 123",
		"A\x00B\x1fC\x7fD":        "A B C D",          // C0 and DEL
		"A\u0085B\u009fC":         "A B C",            // C1
		"tab\there\r\n":           "tab here  ",       // controls, whatever they do elsewhere
		"zero\u200bwidth\u00a0nb": "zero width nb",    // a format character, a space other than U+0020
		"Ωmega ✓ é":               "Ωmega ✓ é",        // printable beyond ASCII
		"bad \xff utf-8":          "bad \uFFFD utf-8", // invalid UTF-8 shows as U+FFFD
	} {
		if got := hrtText(in); got != want {
			t.Errorf("hrtText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHRTNonPrintable checks that the renderers show characters that
// cannot be printed as spaces, as zint does (zint -b 20 --esc -d
// 'A\tB\x7fC' prints "A B C"): the PNG, the SVG and the text of a symbol
// whose text has control characters are those of the same text with
// spaces in their place.
func TestHRTNonPrintable(t *testing.T) {
	m := matrix.New(60, 1)
	for i := range m.Pix {
		m.Pix[i] = i%4 < 2
	}
	for _, c := range []struct{ text, spaced string }{
		{"A\x01B\x7fC\tD", "A B C D"},
		{"\x1b[2J\u0085x\u200b", " [2J x "},
	} {
		s := &symbology.Symbol{Symbology: "test", Modules: m, QuietZone: 2, Text: c.text}
		sp := &symbology.Symbol{Symbology: "test", Modules: m, QuietZone: 2, Text: c.spaced}
		for name, render := range map[string]func(io.Writer, *symbology.Symbol, Options) error{"PNG": PNG, "SVG": SVG, "Text": Text} {
			var got, want bytes.Buffer
			opts := Options{HRT: true, BarHeight: 10, Scale: 3}
			if err := render(&got, s, opts); err != nil {
				t.Fatal(err)
			}
			if err := render(&want, sp, opts); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%s of %q differs from that of %q", name, c.text, c.spaced)
			}
		}
	}
}

// TestVerticalMargin checks the quiet zone above and below each kind of
// symbol (verticalQuiet): none for linear symbols, whose standards give
// quiet zones left and right only, the bars reaching the top edge as in
// zint's output; the full quiet zone on every side of matrix and stacked
// symbols.
func TestVerticalMargin(t *testing.T) {
	stacked := &symbology.Symbol{Symbology: "test", Modules: matrix.New(20, 3), QuietZone: 2}
	stacked.Modules.SetRect(0, 0, 20, 3, true)
	for _, c := range []struct {
		name       string
		s          *symbology.Symbol
		opts       Options
		top, below int // light module rows above the symbol and below it (and its text)
	}{
		{"code128", written(t, "code128", "ABC", symbology.WriteOptions{}), Options{BarHeight: 20}, 0, 0},
		{"ean13", written(t, "ean13", "5901234123457", symbology.WriteOptions{}), Options{BarHeight: 20}, 0, 0},
		{"ean13 with add-on and text", written(t, "ean13", "5901234123457+12", symbology.WriteOptions{}), Options{BarHeight: 20, HRT: true}, 0, -1},
		{"linear", linearSymbol(t), Options{BarHeight: 6}, 0, 0},
		{"qr", written(t, "qr", "ABC", symbology.WriteOptions{}), Options{}, 4, 4},
		{"data-matrix", written(t, "data-matrix", "ABC", symbology.WriteOptions{}), Options{}, 1, 1},
		{"stacked", stacked, Options{}, 2, 2},
	} {
		const scale = 2
		c.opts.Scale = scale
		img, err := Image(c.s, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		p := img.(*image.Paletted)
		dark := func(y int) bool { return bytes.IndexByte(p.Pix[y*p.Stride:y*p.Stride+p.Rect.Dx()], 1) >= 0 }
		top := 0
		for top < p.Rect.Dy() && !dark(top) {
			top++
		}
		below := 0
		for below < p.Rect.Dy() && !dark(p.Rect.Dy()-1-below) {
			below++
		}
		if top != c.top*scale || c.below >= 0 && below != c.below*scale {
			t.Errorf("%s: %d light pixel rows above, %d below; want %d and %d", c.name, top, below, c.top*scale, c.below*scale)
		}
		// SVG and Text lay the symbol out alike.
		l, err := newLayout(c.s, c.opts, true)
		if err != nil {
			t.Fatal(err)
		}
		if l.top != c.top {
			t.Errorf("%s: layout puts the symbol %d modules down, want %d", c.name, l.top, c.top)
		}
	}
}

// TestPNGNoRaster checks that PNG packs a symbol without text from its
// modules, not from a raster drawn a byte a pixel: writing a version 10 QR
// Code at scale 8, a 520x520 picture, allocates much less than its
// 270400 pixels.
func TestPNGNoRaster(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop the zlib writers")
	}
	s := randomSymbol(57)
	PNG(io.Discard, s, Options{Scale: 8}) // fill the pool
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const n = 20
	for range n {
		if err := PNG(io.Discard, s, Options{Scale: 8}); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per > 520*520/4 {
		t.Errorf("a PNG of 520x520 pixels allocates %d bytes", per)
	}
}
