package databar

import (
	"context"
	"fmt"
	"image"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// gtins returns n GTIN-14s, spread over the values of DataBar
// Omnidirectional, with their check digits.
func gtins(n int) []string {
	out := []string{"00000000000000", "09999999999999", "19999999999999", "99999999999994"}
	v := int64(1234567)
	for len(out) < n {
		v = (v*7919 + 104729) % maxGTIN
		out = append(out, gtinText(v))
	}
	for i, s := range out[:4] {
		out[i] = s[:13] + string(checkDigit(s[:13]))
	}
	return out
}

// readImage reads img for the ids, thorough or fast.
func readImage(t testing.TB, img image.Image, fast bool, ids ...string) []symbology.Barcode {
	t.Helper()
	got, err := symbology.Read(context.Background(), binarize.NewSource(binarize.Luminance(img)), symbology.ReadOptions{IDs: ids, Fast: fast})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// roundTrip writes data as id, renders it at scale and turned by rotate,
// and reads it back, checking its id and element string.
func roundTrip(t *testing.T, id, data, wantES string, scale, rotate int, fast bool, opts symbology.WriteOptions) {
	t.Helper()
	info, _ := symbology.Lookup(id)
	sym, err := info.Write(data, opts)
	if err != nil {
		t.Errorf("%s %q: %v", id, data, err)
		return
	}
	img, err := render.Image(sym, render.Options{Scale: scale, Rotate: rotate})
	if err != nil {
		t.Fatal(err)
	}
	got := readImage(t, img, fast, id)
	if len(got) != 1 || got[0].Symbology != id || string(got[0].Bytes) != wantES || !got[0].GS1 || got[0].Identifier != "]e0" {
		var s []string
		for _, b := range got {
			s = append(s, fmt.Sprintf("%s %q %q", b.Symbology, b.Text, b.Bytes))
		}
		t.Errorf("%s %q scale %d rotate %d fast %v: read %v", id, data, scale, rotate, fast, s)
	}
}

// TestRoundTripGTIN writes GTINs with the kinds that carry one and reads
// them back at module sizes 1 to 4, in four rotations, fast and thorough.
func TestRoundTripGTIN(t *testing.T) {
	for _, id := range []string{"databar", "databar-stacked", "databar-stacked-omni", "databar-limited"} {
		for i, g := range gtins(24) {
			if id == "databar-limited" {
				// Limited carries GTINs from 0 and 1.
				g = fmt.Sprint(i%2) + g[1:13]
				g += string(checkDigit(g))
			}
			scale, rotate := 1+i%4, 90*(i/4%4)
			if id == "databar-stacked" && scale == 1 {
				// 13 pixels tall: too few lines for its halves
				// (minHalfLines); a known limit.
				scale = 2
			}
			fast := i%3 == 0 && rotate%180 == 0 // fast mode reads rows only
			roundTrip(t, id, "(01)"+g, "01"+g, scale, rotate, fast, symbology.WriteOptions{})
		}
	}
}

// TestRoundTripExpanded writes GS1 data exercising every encodation method
// as DataBar Expanded and Expanded Stacked with 2 to 8 segments to a row,
// and reads it back.
func TestRoundTripExpanded(t *testing.T) {
	for i, e := range expandedGoldens {
		es, _, err := expandedInput(e.hri, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		scale, rotate := 1+i%4, 90*(i%4)
		fast := rotate%180 == 0 && i%3 == 0
		roundTrip(t, "databar-expanded", e.hri, es, max(2, scale), rotate, fast, symbology.WriteOptions{})
		for _, per := range []int{2, 4, 6, 8} {
			roundTrip(t, "databar-expanded-stacked", e.hri, es, max(2, scale), rotate, fast, symbology.WriteOptions{Version: fmt.Sprint(per)})
		}
	}
}

// TestRoundTripNoQuietZone reads symbols rendered without a quiet zone,
// which DataBar does not ask for (ISO/IEC 24724:2011: its guards bound
// it), the rows of Expanded Stacked that start with a bar touching the
// image's edge included.
func TestRoundTripNoQuietZone(t *testing.T) {
	for _, id := range []string{"databar", "databar-stacked", "databar-stacked-omni", "databar-limited"} {
		noMargin(t, id, "(01)09506000134352", "0109506000134352", 2, 0)
		noMargin(t, id, "(01)09506000134352", "0109506000134352", 2, 180)
	}
	for i, e := range expandedGoldens {
		es, _, err := expandedInput(e.hri, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		noMargin(t, "databar-expanded", e.hri, es, 2, 180*(i%2))
		noMargin(t, "databar-expanded-stacked", e.hri, es, 2, 180*(i%2))
	}
}

// noMargin is roundTrip for a symbol rendered without its quiet zone.
func noMargin(t *testing.T, id, data, wantES string, scale, rotate int) {
	t.Helper()
	info, _ := symbology.Lookup(id)
	sym, err := info.Write(data, symbology.WriteOptions{})
	if err != nil {
		t.Fatalf("%s %q: %v", id, data, err)
	}
	img, err := render.Image(sym, render.Options{Scale: scale, Rotate: rotate, NoMargin: true})
	if err != nil {
		t.Fatal(err)
	}
	got := readImage(t, img, false, id)
	if len(got) != 1 || string(got[0].Bytes) != wantES {
		t.Errorf("%s %q without quiet zone, scale %d rotate %d: read %d symbols", id, data, scale, rotate, len(got))
	}
}

// TestRoundTripMisreadRow reads a symbol of Expanded Stacked whose first
// row, read backwards at 3 pixels a module, shows a finder and a
// character among its characters, a run of one pair on the lines of the
// row's true run of two: the assembler must not take that run's
// characters for the last pair's (shadows).
func TestRoundTripMisreadRow(t *testing.T) {
	const hri = "(400)PO(7)(00)006141411234567890"
	es, _, err := expandedInput(hri, symbology.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, rotate := range []int{0, 90, 180, 270} {
		roundTrip(t, "databar-expanded-stacked", hri, es, 3, rotate, false, symbology.WriteOptions{})
	}
}
