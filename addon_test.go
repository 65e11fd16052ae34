package barkit_test

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/render"
)

// stacked draws the symbols of each (symbology, data) pair, one under the
// other, on a white image.
func stacked(t testing.TB, pairs ...[2]string) image.Image {
	t.Helper()
	var imgs []image.Image
	w, h := 0, 0
	for _, p := range pairs {
		sym, err := barkit.Generate(p[1], barkit.GenerateOptions{Symbology: p[0]})
		if err != nil {
			t.Fatalf("Generate(%q, %s): %v", p[1], p[0], err)
		}
		img, err := render.Image(sym, render.Options{Scale: 2, HRT: true})
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, img)
		w = max(w, img.Bounds().Dx())
		h += img.Bounds().Dy() + 20
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(out, out.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	y := 0
	for _, img := range imgs {
		draw.Draw(out, img.Bounds().Add(image.Pt(0, y)), img, img.Bounds().Min, draw.Src)
		y += img.Bounds().Dy() + 20
	}
	return out
}

// TestScanEANAddOn scans a book's EAN-13 with its price add-on, an EAN-13
// without add-on and a Code 128 symbol in each ScanOptions.EANAddOn mode:
// the add-on is appended to Data and in AddOn (read), left out (ignore),
// or required of EAN/UPC symbols, other symbologies unaffected (require);
// the parsed content follows Data.
func TestScanEANAddOn(t *testing.T) {
	img := stacked(t, [2]string{"isbn", "9780735200449+51299"}, [2]string{"ean13", "5901234123457"}, [2]string{"code128", "LOT-42"})
	type code struct{ symbology, data, addOn, parsedAddOn string }
	for _, c := range []struct {
		mode barkit.EANAddOn
		want []code
	}{
		{barkit.AddOnRead, []code{{"code128", "LOT-42", "", ""}, {"ean13", "978073520044951299", "51299", "51299"}, {"ean13", "5901234123457", "", ""}}},
		{barkit.AddOnIgnore, []code{{"code128", "LOT-42", "", ""}, {"ean13", "9780735200449", "", ""}, {"ean13", "5901234123457", "", ""}}},
		{barkit.AddOnRequire, []code{{"code128", "LOT-42", "", ""}, {"ean13", "978073520044951299", "51299", "51299"}}},
	} {
		got, err := barkit.Scan(img, barkit.ScanOptions{EANAddOn: c.mode})
		if err != nil {
			t.Fatalf("%v: %v", c.mode, err)
		}
		var codes []code
		for _, b := range got {
			k := code{b.Symbology, b.Data, b.AddOn, ""}
			if b.Parsed != nil && b.Parsed.ISBN != nil {
				k.parsedAddOn = b.Parsed.ISBN.AddOn
			}
			codes = append(codes, k)
		}
		if fmt.Sprint(codes) != fmt.Sprint(c.want) {
			t.Errorf("%v: got %v\nwant %v", c.mode, codes, c.want)
		}
	}
}

// TestScanEANAddOnInvalid checks that a mode out of range is the caller's
// error, found before the image is looked at.
func TestScanEANAddOnInvalid(t *testing.T) {
	_, err := barkit.ScanBytes([]byte("not an image"), barkit.ScanOptions{EANAddOn: 3})
	if !errors.Is(err, barkit.ErrInvalidData) || !barkit.IsUserError(err) {
		t.Errorf("ScanBytes with EANAddOn 3: %v, want ErrInvalidData", err)
	}
	if a, err := barkit.ParseEANAddOn("Require"); a != barkit.AddOnRequire || err != nil {
		t.Errorf(`ParseEANAddOn("Require") = %v, %v`, a, err)
	}
	if _, err := barkit.ParseEANAddOn("sometimes"); !errors.Is(err, barkit.ErrInvalidData) {
		t.Errorf(`ParseEANAddOn("sometimes"): %v, want ErrInvalidData`, err)
	}
}

// A retail scan that wants the GTIN alone, with the add-on beside it, reads
// add-ons and splits them off Data.
func ExampleScanOptions_eanAddOn() {
	sym, _ := barkit.Generate("9780735200449+51299", barkit.GenerateOptions{Symbology: "isbn"})
	img, _ := render.Image(sym, render.Options{Scale: 2})
	codes, _ := barkit.Scan(img, barkit.ScanOptions{Symbologies: []string{"retail"}, EANAddOn: barkit.AddOnRequire})
	for _, c := range codes {
		gtin := c.Data[:len(c.Data)-len(c.AddOn)]
		fmt.Println(c.Symbology, gtin, c.AddOn, c.SymbologyIdentifier)
	}
	// Output: ean13 9780735200449 51299 ]E3
}

// Parse takes GS1 data as a scanner in keyboard mode types it: FNC1 as a
// leading GS, or a symbology identifier first.
func ExampleParse_scanner() {
	for _, s := range []string{"\x1d0109506000134352\x1d10LOT42", "]C10109506000134352\x1d10LOT42", "]E09780735200449"} {
		c := barkit.Parse(s, "")
		switch c.Type {
		case "gs1":
			fmt.Println(c.Type, c.GS1.HRI)
		case "isbn":
			fmt.Println(c.Type, c.ISBN.ISBN13)
		}
	}
	// Output:
	// gs1 (01)09506000134352(10)LOT42
	// gs1 (01)09506000134352(10)LOT42
	// isbn 9780735200449
}
