package ean

import (
	"context"
	"image"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// readFunc reads a source as a scan for one id does.
type readFunc func(*binarize.Source, symbology.ReadOptions) []symbology.Barcode

// readerOf returns the readFunc of id.
func readerOf(id string) readFunc {
	return func(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
		opts.IDs = []string{id}
		got, err := symbology.Read(context.Background(), src, opts)
		if err != nil {
			panic(err)
		}
		return got
	}
}

// readEAN13 reads as a scan for EAN-13 alone does.
var readEAN13 = readerOf("ean13")

// readers are the readFuncs by id; the symbols of isbn read as ean13.
var readers = map[string]readFunc{
	"ean13": readEAN13, "upca": readerOf("upca"), "upce": readerOf("upce"), "ean8": readerOf("ean8"), "isbn": readEAN13,
}

// readText returns the text a reader gives for an interop case: the main
// digits in their 13-digit form for UPC, then the add-on's.
func (c interopCase) readText() string {
	switch c.id {
	case "upca":
		return "0" + c.zbar + c.addOn
	case "upce":
		return "0" + expandUPCE(c.zbar) + c.addOn
	}
	return c.zbar + c.addOn
}

// TestRoundTrip writes symbols of every id that reads, renders them at
// module sizes of 1 to 4 pixels, with the standard quiet zone and with none
// (the image border cutting it), with and without human-readable text, and
// turned by each quarter turn, and reads them back: the text, identifier
// and orientation must come back, and the corners must lie on the bars.
func TestRoundTrip(t *testing.T) {
	var cases []interopCase
	for _, c := range interopCases(120) {
		if readers[c.id] != nil {
			cases = append(cases, c)
		}
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sym, err := writers[c.id](c.data, symbology.WriteOptions{})
			if err != nil {
				t.Errorf("%s %q: %v", c.id, c.data, err)
				return
			}
			opts := render.Options{
				Scale:     1 + i%4,
				NoMargin:  i%5 == 1,
				HRT:       i%3 != 0,
				BarHeight: 12 + 7*(i%5),
				Rotate:    90 * (i / 4 % 4),
			}
			img, err := render.Image(sym, opts)
			if err != nil {
				t.Errorf("%s %q: render: %v", c.id, c.data, err)
				return
			}
			fast := opts.Rotate == 0 && i%2 == 0
			got := readers[c.id](binarize.NewSource(img), symbology.ReadOptions{Fast: fast})
			if len(got) != 1 {
				t.Errorf("%s %q %+v fast %v: read %d symbols", c.id, c.data, opts, fast, len(got))
				return
			}
			b := got[0]
			ident := map[string]string{"ean8": "]E4"}[c.id]
			if ident == "" {
				ident = "]E0"
			}
			if c.addOn != "" {
				ident = "]E3"
			}
			if b.Text != c.readText() || b.Identifier != ident || b.Orientation != opts.Rotate || string(b.Bytes) != b.Text {
				t.Errorf("%s %q %+v: read %q %s orientation %d, want %q %s %d", c.id, c.data, opts, b.Text, b.Identifier, b.Orientation, c.readText(), ident, opts.Rotate)
			}
			checkCorners(t, img, b, c.id+" "+c.data)
		}()
	}
	wg.Wait()
}

// checkCorners checks that a result's corners lie in the image, span the
// symbol's bars, and that its top-left and bottom-left corners sit on dark
// pixels or next to them (the first bar's leading edge).
func checkCorners(t *testing.T, img image.Image, b symbology.Barcode, name string) {
	t.Helper()
	g := binarize.Luminance(img)
	w, h := float64(g.Rect.Dx()), float64(g.Rect.Dy())
	for _, p := range b.Corners {
		if p.X < 0 || p.Y < 0 || p.X > w || p.Y > h {
			t.Errorf("%s: corner %v outside the %vx%v image", name, p, w, h)
			return
		}
	}
	if b.Corners[0].Dist(b.Corners[1]) < 20 {
		t.Errorf("%s: corners %v span no symbol", name, b.Corners)
	}
	for _, p := range []int{0, 3} {
		c := b.Corners[p]
		dark := false
		for dy := -1.0; dy <= 1; dy++ {
			for dx := -1.0; dx <= 1; dx++ {
				x, y := int(c.X+dx), int(c.Y+dy)
				if x >= 0 && y >= 0 && x < g.Rect.Dx() && y < g.Rect.Dy() && g.Pix[y*g.Stride+x] < 128 {
					dark = true
				}
			}
		}
		if !dark {
			t.Errorf("%s: corner %d %v is not at the first bar", name, p, c)
		}
	}
}

// TestRoundTripAddOnsAlone renders the stand-alone add-ons, which no
// reader reports alone, and reads them back with the add-on decoder from a
// line across their bars.
func TestRoundTripAddOnsAlone(t *testing.T) {
	for i, c := range interopCases(140) {
		if c.id != "ean2" && c.id != "ean5" {
			continue
		}
		sym, err := writers[c.id](c.data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		scale := 1 + i%4
		img, err := render.Image(sym, render.Options{Scale: scale, HRT: true, BarHeight: 30})
		if err != nil {
			t.Fatal(err)
		}
		g := binarize.Luminance(img)
		y := g.Rect.Dy() * 2 / 3 // below the digits, across the bars
		row := linear.RowOf(g.Pix[y*g.Stride : y*g.Stride+g.Rect.Dx()])
		sr := symbolReader{r: row}
		got, end, ok := sr.addOn(1, float64(scale))
		if !ok || got != c.data || end != len(row.W)-1 {
			t.Errorf("%s %q at scale %d: read %q, %v", c.id, c.data, scale, got, ok)
		}
	}
}

// TestAddOnGap checks the gap between a main symbol and its add-on: 7
// light modules, the least ISO/IEC 15420 allows and what zint 2.11 writes
// (zint -b 13 -d 5901234123457+12 --dump), and that the reader takes an
// add-on at every gap the standard allows, 7 to 12 modules, at module
// sizes of 1 to 3 pixels.
func TestAddOnGap(t *testing.T) {
	for _, c := range []struct{ id, data, want string }{
		{"ean13", "5901234123457+12", "590123412345712"},
		{"upca", "036000291452+51299", "003600029145251299"},
		{"upce", "01234565+12", "001234500006512"},
	} {
		sym, err := writers[c.id](c.data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		m := sym.Modules
		n := 20 // EAN-2
		if strings.Contains(c.data, "+5") {
			n = 47
		}
		main := m.Width - n - addOnGap
		for x := main - 1; x <= main+addOnGap; x++ {
			if dark, want := m.Get(x, 0), x == main-1 || x == main+addOnGap; dark != want {
				t.Errorf("%s %s: module %d dark %v, want a gap of %d light modules from %d", c.id, c.data, x, dark, addOnGap, main)
			}
		}
		if addOnGap != 7 {
			t.Errorf("add-on gap %d modules, want 7", addOnGap)
		}
		for gap := 7; gap <= 12; gap++ {
			wide := matrix.New(m.Width+gap-addOnGap, 1)
			for x := 0; x < m.Width; x++ {
				nx := x
				if x >= main {
					nx += gap - addOnGap
				}
				wide.Set(nx, 0, m.Get(x, 0))
			}
			s := *sym
			s.Modules = wide
			for scale := 1; scale <= 3; scale++ {
				img, err := render.Image(&s, render.Options{Scale: scale, BarHeight: 20})
				if err != nil {
					t.Fatal(err)
				}
				got := readers[c.id](binarize.NewSource(img), symbology.ReadOptions{})
				if len(got) != 1 || got[0].Text != c.want {
					t.Errorf("%s %s, gap %d, scale %d: read %v, want %q", c.id, c.data, gap, scale, got, c.want)
				}
			}
		}
	}
}
