package rmqr_test

import (
	"fmt"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology/qrfamily/qrtest"
	"github.com/barkit/barkit/symbology/rmqr"
)

// TestFacadeRoundTrip writes every size at levels M and H, with data of
// every mode and mixes, ECI and GS1 data among them, through
// barkit.Generate and render at module sizes 1 to 4, turns the picture by
// each quarter turn and mirrors it, and reads it back with barkit.Scan.
func TestFacadeRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("round trip through the facade skipped in -short mode")
	}
	texts := []string{"12345", "HELLO", "hi there", "漢字", "Grüße", "AB12cd"}
	for s := rmqr.Size(1); s <= rmqr.NumSizes; s++ {
		for _, level := range []string{"M", "H"} {
			for i, text := range texts {
				gs1 := (int(s)+i)%7 == 0
				if gs1 {
					text = "(01)09506000134352"
				}
				sym, err := barkit.Generate(text, barkit.GenerateOptions{Symbology: "rmqr", ECLevel: level, Version: s.String(), GS1: gs1})
				if err != nil {
					continue // too long for the size
				}
				// Every module size at the first turn, every turn and the
				// mirror at one module size a symbol: 8 pictures a symbol.
				for k := range 8 {
					scale, deg, mirror := 1+k%4, 0, false
					if k >= 4 {
						scale, deg, mirror = 2+(i+int(s))%3, 90*(k-4), (k+i)%2 == 0
					}
					img, err := render.Image(sym, render.Options{Scale: scale})
					if err != nil {
						t.Fatal(err)
					}
					g := qrtest.Turn(binarize.Luminance(img), deg, mirror)
					got, err := barkit.Scan(g, barkit.ScanOptions{Symbologies: []string{"rmqr"}})
					name := fmt.Sprintf("%q %v-%s scale %d turned %d mirrored %v", text, s, level, scale, deg, mirror)
					if err != nil || len(got) != 1 {
						t.Errorf("%s: %d results, %v", name, len(got), err)
						continue
					}
					if got[0].Data != text || got[0].Version != s.String() || got[0].ECLevel != level || got[0].Mirrored != mirror || got[0].IsGS1 != gs1 {
						t.Errorf("%s: read %q %s-%s mirrored %v", name, got[0].Data, got[0].Version, got[0].ECLevel, got[0].Mirrored)
					}
				}
			}
		}
	}
}
