package ean

import (
	"context"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// addOnImage is an image of one EAN/UPC symbol, and what it holds: the
// main symbol's digits as read (13 digits for UPC-A and UPC-E) and its
// add-on's, "" for none.
type addOnImage struct {
	name        string
	img         image.Image
	main, addOn string
}

// addOnImages returns the symbols with add-ons, and one without, written
// by barkit's writer and by zint (testdata/*-zint.png, see the README
// there), rendered at 2 pixels a module with human-readable text.
func addOnImages(t *testing.T) []addOnImage {
	t.Helper()
	var out []addOnImage
	for _, c := range []struct{ id, data, main, addOn string }{
		{"isbn", "9780735200449+51299", "9780735200449", "51299"},
		{"upca", "03600029145+12", "0036000291452", "12"},
		{"upce", "0123456+12345", "0012345000065", "12345"},
		{"ean13", "590123412345", "5901234123457", ""},
	} {
		sym, err := writers[c.id](c.data, symbology.WriteOptions{})
		if err != nil {
			t.Fatalf("%s %q: %v", c.id, c.data, err)
		}
		img, err := render.Image(sym, render.Options{Scale: 2, HRT: true})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, addOnImage{"barkit " + c.id + " " + c.data, img, c.main, c.addOn})
	}
	for _, c := range []struct{ file, main, addOn string }{
		{"isbn-ean5-zint.png", "9780735200449", "51299"},
		{"upca-ean2-zint.png", "0036000291452", "12"},
		{"upce-ean5-zint.png", "0012345000065", "12345"},
		{"ean13-zint.png", "5901234123457", ""},
	} {
		f, err := os.Open(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		out = append(out, addOnImage{c.file, img, c.main, c.addOn})
	}
	return out
}

// TestEANAddOn reads symbols with and without add-ons in each
// symbology.EANAddOn mode: read gives the add-on after the main digits
// and in AddOn, with identifier ]E3; ignore the main symbol alone, ]E0,
// its corners short of the add-on; require what read gives, and nothing
// for a symbol without an add-on.
func TestEANAddOn(t *testing.T) {
	ids := []string{"ean13", "ean8", "upca", "upce"}
	for _, c := range addOnImages(t) {
		read := func(mode symbology.EANAddOn, fast bool) []symbology.Barcode {
			got, err := symbology.Read(context.Background(), binarize.NewSource(c.img), symbology.ReadOptions{IDs: ids, EANAddOn: mode, Fast: fast})
			if err != nil {
				t.Fatalf("%s, %v: %v", c.name, mode, err)
			}
			return got
		}
		for _, fast := range []bool{false, true} {
			withAddOn := read(symbology.AddOnRead, fast)
			if len(withAddOn) != 1 {
				t.Errorf("%s, read (fast %v): %d symbols, want 1", c.name, fast, len(withAddOn))
				continue
			}
			b := withAddOn[0]
			ident := "]E0"
			if c.addOn != "" {
				ident = "]E3"
			}
			if b.Text != c.main+c.addOn || b.AddOn != c.addOn || b.Identifier != ident {
				t.Errorf("%s, read (fast %v): %q add-on %q %s, want %q add-on %q %s", c.name, fast, b.Text, b.AddOn, b.Identifier, c.main+c.addOn, c.addOn, ident)
			}

			got := read(symbology.AddOnIgnore, fast)
			if len(got) != 1 || got[0].Text != c.main || got[0].AddOn != "" || got[0].Identifier != "]E0" {
				t.Errorf("%s, ignore (fast %v): %+v, want %q alone, ]E0", c.name, fast, got, c.main)
			} else if c.addOn != "" {
				// The add-on starts 7 modules (14 pixels) or more after
				// the main symbol.
				if right, full := got[0].Corners[1].X, b.Corners[1].X; right > full-14 {
					t.Errorf("%s, ignore (fast %v): right edge at x=%.1f, with the add-on's at %.1f", c.name, fast, right, full)
				}
			}

			got = read(symbology.AddOnRequire, fast)
			switch {
			case c.addOn == "" && len(got) != 0:
				t.Errorf("%s, require (fast %v): %+v, want nothing", c.name, fast, got)
			case c.addOn != "" && (len(got) != 1 || got[0].Text != b.Text || got[0].AddOn != c.addOn):
				t.Errorf("%s, require (fast %v): %+v, want %q add-on %q", c.name, fast, got, b.Text, c.addOn)
			}
		}
	}
}

// TestEANAddOnInvalid checks that Read refuses a mode that is none of the
// three.
func TestEANAddOnInvalid(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 10, 10))
	_, err := symbology.Read(context.Background(), binarize.NewSource(img), symbology.ReadOptions{IDs: []string{"ean13"}, EANAddOn: 3})
	if !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("Read with EANAddOn 3: %v, want ErrInvalidData", err)
	}
}
