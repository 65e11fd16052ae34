package linear_test

import (
	"context"
	"image"
	"reflect"
	"slices"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// modules returns the modules of a symbol the registry writes.
func modules(t *testing.T, id, data string) []bool {
	t.Helper()
	info, ok := symbology.Lookup(id)
	if !ok || info.Write == nil {
		t.Fatalf("no writer for %s", id)
	}
	sym, err := info.Write(data, symbology.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return sym.Modules.Pix
}

// TestSharedReader reads an image holding an EAN-13 symbol and a Code 128
// symbol, and one holding an ISBN, for the linear ids alone and together:
// the registered symbologies share one reader, a scan for several reads
// what each reads alone, their results come grouped by symbology in the
// order of their first ids (code128 before ean13), and the EAN/UPC
// reporting rules hold (isbn only to a scan that asks for it and not for
// ean13).
func TestSharedReader(t *testing.T) {
	for _, id := range linearIDs {
		if info, ok := symbology.Lookup(id); !ok || !info.Readable {
			t.Fatalf("%s is not readable", id)
		}
	}
	ean := lineartest.Scene{Width: 320, Height: 200, Modules: modules(t, "ean13", "590123412345"), Module: 2, Quiet: 11, Angle: 3, Blur: 0.6, Noise: 3, Background: 200}.Render()
	c128 := lineartest.Scene{Width: 320, Height: 200, Modules: modules(t, "code128", "barkit 128"), Module: 1.5, Quiet: 11, BarHeight: 50, Blur: 0.5, Noise: 3, Background: 200}.Render()
	both := image.NewGray(image.Rect(0, 0, 320, 400))
	copy(both.Pix, c128.Pix)
	copy(both.Pix[200*both.Stride:], ean.Pix)
	isbn := lineartest.Scene{Width: 320, Height: 200, Modules: modules(t, "ean13", "978073520044"), Module: 2, Quiet: 11, Background: 255}.Render()

	read := func(g *image.Gray, ids ...string) []symbology.Barcode {
		got, err := symbology.Read(context.Background(), binarize.NewSource(g), symbology.ReadOptions{IDs: ids})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	ids := func(bs []symbology.Barcode) []string {
		var out []string
		for _, b := range bs {
			out = append(out, b.Symbology+" "+b.Text)
		}
		return out
	}
	for _, c := range []struct {
		g    *image.Gray
		ids  []string
		want []string
	}{
		{both, linearIDs, []string{"code128 barkit 128", "ean13 5901234123457"}},
		{both, []string{"ean13", "code128"}, []string{"code128 barkit 128", "ean13 5901234123457"}},
		{both, []string{"ean13"}, []string{"ean13 5901234123457"}},
		{both, []string{"code128"}, []string{"code128 barkit 128"}},
		{both, []string{"upca", "ean8"}, nil},
		{isbn, []string{"isbn", "code128"}, []string{"isbn 9780735200449"}},
		{isbn, []string{"isbn", "ean13"}, []string{"ean13 9780735200449"}},
	} {
		if got := ids(read(c.g, c.ids...)); !slices.Equal(got, c.want) {
			t.Errorf("%v: %v, want %v", c.ids, got, c.want)
		}
	}
	// Together, each reads as alone: the same barcodes, corners and all.
	together := read(both, "ean13", "code128")
	alone := append(read(both, "code128"), read(both, "ean13")...)
	if !reflect.DeepEqual(together, alone) {
		t.Errorf("together %+v\nalone %+v", together, alone)
	}
}

// TestRegisterMisuse checks that Register refuses a symbology without
// ids, decoder or reporting, or with an id registered already.
func TestRegisterMisuse(t *testing.T) {
	dec := func(r *linear.Row, hits []linear.Hit) []linear.Hit { return hits }
	report := func(linear.Result, func(string) bool) (symbology.Barcode, bool) { return symbology.Barcode{}, false }
	for name, s := range map[string]linear.Symbology{
		"no ids":       {Decode: dec, Barcode: report},
		"no decoder":   {IDs: []string{"x"}, Barcode: report},
		"no barcode":   {IDs: []string{"x"}, Decode: dec},
		"registered":   {IDs: []string{"code128"}, Decode: dec, Barcode: report},
		"one of a few": {IDs: []string{"x", "ean8"}, Decode: dec, Barcode: report},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			linear.Register(s)
		}()
	}
}
