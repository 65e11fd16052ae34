package ean

import (
	"context"
	"image"
	"image/draw"
	"math"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// modulesOf returns the modules of a written symbol as booleans.
func modulesOf(t testing.TB, id, data string) []bool {
	t.Helper()
	sym, err := writers[id](data, symbology.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return sym.Modules.Pix
}

// TestReadPhotos reads synthetic photographs: symbols at an angle, in
// perspective, blurred to half a module, noisy, unevenly lit, on a grey
// background, light on dark. Each must read with its orientation.
func TestReadPhotos(t *testing.T) {
	for _, c := range []struct {
		name     string
		id, data string
		want     string
		scene    lineartest.Scene
		fast     bool
	}{
		{"sharp", "ean13", "590123412345", "5901234123457", lineartest.Scene{Module: 2}, true},
		{"blur half a module", "ean13", "400638133393", "4006381333931", lineartest.Scene{Module: 2.5, Blur: 1.25, Noise: 3}, false},
		{"tilted 12°", "upca", "03600029145", "0036000291452", lineartest.Scene{Module: 3, Angle: 12, Blur: 0.8, Noise: 4}, true},
		{"tilted -15°, perspective", "ean8", "9638507", "96385074", lineartest.Scene{Module: 3, Angle: -15, Tilt: 0.3, Blur: 1}, false},
		{"shade and ink spread", "upce", "0123456", "0012345000065", lineartest.Scene{Module: 3, Shade: 80, InkSpread: 0.2, Blur: 1}, true},
		{"thin bars", "ean13", "978073520044", "9780735200449", lineartest.Scene{Module: 3, InkSpread: -0.15, Blur: 1}, true},
		{"upside down", "ean13", "590123412345", "5901234123457", lineartest.Scene{Module: 2.5, Angle: 183, Blur: 1}, true},
		{"vertical", "ean13", "590123412345", "5901234123457", lineartest.Scene{Module: 2.5, Angle: 90, Blur: 1}, false},
		{"vertical, turned the other way", "upca", "03600029145+12", "003600029145212", lineartest.Scene{Module: 2.5, Angle: 268, Blur: 1}, false},
		{"light on dark", "ean8", "9638507", "96385074", lineartest.Scene{Module: 3, Dark: 230, Light: 30, Background: 30}, false},
		{"with add-on", "ean13", "978073520044+51299", "978073520044951299", lineartest.Scene{Module: 2.5, Blur: 1, Noise: 3}, true},
	} {
		s := c.scene
		s.Width, s.Height = 640, 480
		s.Modules = modulesOf(t, c.id, c.data)
		if s.Quiet == 0 {
			s.Quiet = 12
		}
		if s.Background == 0 && s.Light == 0 {
			s.Background = 110
		}
		img := s.Render()
		modes := []bool{false}
		if c.fast {
			modes = append(modes, true)
		}
		for _, fast := range modes {
			got := readers[c.id](binarize.NewSource(img), symbology.ReadOptions{Fast: fast})
			if len(got) != 1 || got[0].Text != c.want {
				t.Errorf("%s (fast %v): read %v, want %s", c.name, fast, texts(got), c.want)
				continue
			}
			want := int(math.Round(s.Angle))
			if d := (got[0].Orientation - want + 540) % 360; d > 180+4 || d < 180-4 {
				t.Errorf("%s: orientation %d, want %d", c.name, got[0].Orientation, want)
			}
			if got[0].Inverted != (s.Dark > s.Light) {
				t.Errorf("%s: inverted %v", c.name, got[0].Inverted)
			}
		}
	}
}

func texts(bs []symbology.Barcode) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Text)
	}
	return out
}

// TestReadSeveral reads an image holding four symbols, one of each reader,
// and checks that each reader reports its own and only its own.
func TestReadSeveral(t *testing.T) {
	canvas := image.NewGray(image.Rect(0, 0, 800, 600))
	draw.Draw(canvas, canvas.Rect, image.White, image.Point{}, draw.Src)
	place := func(id, data string, x, y int) {
		s := lineartest.Scene{Width: 390, Height: 290, Modules: modulesOf(t, id, data), Module: 2.5, Quiet: 12, Blur: 0.7, Background: 255}
		draw.Draw(canvas, image.Rect(x, y, x+390, y+290), s.Render(), image.Point{}, draw.Src)
	}
	place("ean13", "590123412345", 0, 0)
	place("upca", "03600029145", 400, 0)
	place("ean8", "9638507", 0, 300)
	place("upce", "0123456", 400, 300)
	src := binarize.NewSource(canvas)
	for id, want := range map[string]string{"ean13": "5901234123457", "upca": "0036000291452", "ean8": "96385074", "upce": "0012345000065"} {
		for _, fast := range []bool{false, true} {
			got := readers[id](src, symbology.ReadOptions{Fast: fast})
			if len(got) != 1 || got[0].Text != want || got[0].Symbology != id {
				t.Errorf("%s (fast %v): read %v, want %s", id, fast, texts(got), want)
			}
		}
	}
	if got := readEAN13(src, symbology.ReadOptions{MaxResults: 1}); len(got) != 1 {
		t.Errorf("MaxResults 1: %d results", len(got))
	}
}

// TestReadNothing checks that the readers find nothing in images without
// symbols, nor in an empty or nil source.
func TestReadNothing(t *testing.T) {
	for _, img := range []*image.Gray{
		lineartest.Scene{Width: 300, Height: 200, Noise: 12, Background: 128}.Render(),
		image.NewGray(image.Rect(0, 0, 0, 0)),
		image.NewGray(image.Rect(0, 0, 1, 1)),
	} {
		for id, read := range readers {
			if got := read(binarize.NewSource(img), symbology.ReadOptions{}); len(got) != 0 {
				t.Errorf("%s: read %v in an image without symbols", id, texts(got))
			}
		}
	}
	if got := readEAN13(nil, symbology.ReadOptions{}); got != nil {
		t.Errorf("nil source: %v", got)
	}
}

// TestOneLineImage reads a symbol one pixel high, where one line is all
// there is to agree.
func TestOneLineImage(t *testing.T) {
	mods := modulesOf(t, "ean8", "9638507")
	g := image.NewGray(image.Rect(0, 0, len(mods)+4, 1))
	for x := range g.Pix {
		g.Pix[x] = 255
		if x >= 2 && x-2 < len(mods) && mods[x-2] {
			g.Pix[x] = 0
		}
	}
	for _, fast := range []bool{false, true} {
		if got := readers["ean8"](binarize.NewSource(g), symbology.ReadOptions{Fast: fast}); len(got) != 1 || got[0].Text != "96385074" {
			t.Errorf("fast %v: read %v", fast, texts(got))
		}
	}
}

// TestGroups checks that the symbology filter groups name this package's
// ids as DESIGN.md §4 says: all in retail and linear, none in industrial.
func TestGroups(t *testing.T) {
	ids := []string{"ean13", "ean8", "upca", "upce", "isbn", "ean2", "ean5"}
	for _, group := range []string{"retail", "linear", "Retail", "all"} {
		infos, err := symbology.Resolve([]string{group})
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]bool{}
		for _, info := range infos {
			found[info.ID] = true
		}
		for _, id := range ids {
			if !found[id] {
				t.Errorf("group %s lacks %s", group, id)
			}
		}
	}
	infos, err := symbology.Resolve([]string{"industrial", "matrix", "gs1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, info := range infos {
		for _, id := range ids {
			if info.ID == id {
				t.Errorf("%s is in industrial, matrix or gs1", id)
			}
		}
	}
	for _, alias := range []string{"EAN-13", "ean_13", "UPC-A", "upc", "UPCE", "EAN8", "ISBN", "EAN-5", "jan"} {
		if _, ok := symbology.Lookup(alias); !ok {
			t.Errorf("alias %q unknown", alias)
		}
	}
	for _, id := range []string{"ean13", "ean8", "upca", "upce", "isbn"} {
		if info, _ := symbology.Lookup(id); !info.Readable || info.Write == nil {
			t.Errorf("%s: Read %v, Write %v", id, info.Readable, info.Write != nil)
		}
	}
	for _, id := range []string{"ean2", "ean5"} {
		if info, _ := symbology.Lookup(id); info.Readable || info.Write == nil {
			t.Errorf("%s: Read %v, Write %v", id, info.Readable, info.Write != nil)
		}
	}
}

// TestReadISBN checks the ids an ISBN symbol is reported under: isbn to a
// scan that asks for ISBN and not for EAN-13, ean13 otherwise; an EAN-13
// symbol that is no ISBN is nothing to a scan for ISBN alone.
func TestReadISBN(t *testing.T) {
	isbn := lineartest.Scene{Width: 300, Height: 160, Modules: modulesOf(t, "ean13", "978073520044"), Module: 2, Quiet: 12, Background: 255}.Render()
	other := lineartest.Scene{Width: 300, Height: 160, Modules: modulesOf(t, "ean13", "590123412345"), Module: 2, Quiet: 12, Background: 255}.Render()
	for _, tc := range []struct {
		img  *image.Gray
		ids  []string
		want string // the id reported; "" for nothing
	}{
		{isbn, []string{"isbn"}, "isbn"},
		{isbn, []string{"ean13"}, "ean13"},
		{isbn, []string{"ean13", "isbn"}, "ean13"},
		{other, []string{"isbn"}, ""},
		{other, []string{"ean13", "isbn"}, "ean13"},
	} {
		got, err := symbology.Read(context.Background(), binarize.NewSource(tc.img), symbology.ReadOptions{IDs: tc.ids})
		switch {
		case err != nil:
			t.Errorf("%v: %v", tc.ids, err)
		case tc.want == "" && len(got) != 0:
			t.Errorf("%v: %v, want nothing", tc.ids, texts(got))
		case tc.want != "" && (len(got) != 1 || got[0].Symbology != tc.want):
			t.Errorf("%v: %+v, want one %s", tc.ids, got, tc.want)
		}
	}
}
