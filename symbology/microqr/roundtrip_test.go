package microqr_test

import (
	"fmt"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology/qrfamily/qrtest"
)

// TestFacadeRoundTrip writes every version at every level its modes
// allow, numeric, alphanumeric, byte, kanji and mixed data, through
// barkit.Generate and render at module sizes 1 to 4, turns the picture by
// each quarter turn and mirrors it, and reads it back with barkit.Scan.
func TestFacadeRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("round trip through the facade skipped in -short mode")
	}
	texts := []string{"12345", "HELLO", "hi there", "漢字", "AB12cd", "0123456789012345678901234"}
	symbols := 0
	for _, version := range []string{"M1", "M2", "M3", "M4"} {
		for _, level := range []string{"L", "M", "Q"} {
			for _, text := range texts {
				sym, err := barkit.Generate(text, barkit.GenerateOptions{Symbology: "micro-qr", ECLevel: level, Version: version})
				if err != nil {
					continue // the version lacks the level or the mode, or the text is too long
				}
				symbols++
				for scale := 1; scale <= 4; scale++ {
					img, err := render.Image(sym, render.Options{Scale: scale})
					if err != nil {
						t.Fatal(err)
					}
					lum := binarize.Luminance(img)
					for _, deg := range []int{0, 90, 180, 270} {
						for _, mirror := range []bool{false, true} {
							if mirror && deg != 0 && scale != 2 {
								continue // mirrored once per scale, at every turn at scale 2
							}
							got, err := barkit.Scan(qrtest.Turn(lum, deg, mirror), barkit.ScanOptions{Symbologies: []string{"micro-qr"}})
							name := fmt.Sprintf("%q %s-%s scale %d turned %d mirrored %v", text, version, level, scale, deg, mirror)
							if err != nil || len(got) != 1 {
								t.Errorf("%s: %d results, %v", name, len(got), err)
								continue
							}
							if got[0].Data != text || got[0].Version != version || got[0].ECLevel != level || got[0].Mirrored != mirror {
								t.Errorf("%s: read %q %s-%s mirrored %v", name, got[0].Data, got[0].Version, got[0].ECLevel, got[0].Mirrored)
							}
						}
					}
				}
			}
		}
	}
	if symbols < 30 {
		t.Errorf("only %d symbols", symbols)
	}
}
