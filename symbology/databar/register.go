package databar

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// The ids of the family (DESIGN.md §4), in the order of the kinds.
var ids = [...]string{
	kindOmni:            "databar",
	kindStacked:         "databar-stacked",
	kindStackedOmni:     "databar-stacked-omni",
	kindLimited:         "databar-limited",
	kindExpanded:        "databar-expanded",
	kindExpandedStacked: "databar-expanded-stacked",
}

func init() {
	groups := []string{"retail", "gs1"}
	for _, info := range []symbology.Info{
		{ID: ids[kindOmni], Name: "GS1 DataBar Omnidirectional", Format: "DataBarOmni", Kind: symbology.Linear, Groups: groups, Write: writeOmni,
			Aliases: []string{"GS1 DataBar", "DataBar Omnidirectional", "DataBar Omni", "DataBar Truncated", "GS1 DataBar Truncated", "RSS-14", "RSS", "Reduced Space Symbology"}},
		{ID: ids[kindStacked], Name: "GS1 DataBar Stacked", Format: "DataBarStk", Kind: symbology.Stacked, Groups: groups, Write: writeStacked,
			Aliases: []string{"DataBar Stacked", "RSS-14 Stacked", "RSS Stacked"}},
		{ID: ids[kindStackedOmni], Name: "GS1 DataBar Stacked Omnidirectional", Format: "DataBarStkOmni", Kind: symbology.Stacked, Groups: groups, Write: writeStackedOmni,
			Aliases: []string{"DataBar Stacked Omnidirectional", "DataBar Stacked Omni", "RSS-14 Stacked Omnidirectional", "RSS Stacked Omni"}},
		{ID: ids[kindLimited], Name: "GS1 DataBar Limited", Format: "DataBarLtd", Kind: symbology.Linear, Groups: groups, Write: writeLimited,
			Aliases: []string{"DataBarLimited", "DataBar Ltd", "RSS Limited"}},
		{ID: ids[kindExpanded], Name: "GS1 DataBar Expanded", Format: "DataBarExp", Kind: symbology.Linear, Groups: groups, Write: writeExpanded,
			Aliases: []string{"DataBarExpanded", "DataBar Exp", "RSS Expanded", "GS1 DataBar Expanded Omnidirectional"}},
		{ID: ids[kindExpandedStacked], Name: "GS1 DataBar Expanded Stacked", Format: "DataBarExpStk", Kind: symbology.Stacked, Groups: groups, Write: writeExpandedStacked,
			Aliases: []string{"DataBarExpandedStacked", "DataBar Exp Stk", "RSS Expanded Stacked", "GS1 DataBar Expanded Stacked Omnidirectional"}},
	} {
		symbology.Register(info)
	}
	linear.Register(linear.Symbology{
		IDs:      ids[kindOmni:],
		Decode:   decodeRow,
		Assemble: assemble,
		Barcode:  report,
		NoReread: true,
		// GS1 DataBar is printed dark on light, as the GS1 General
		// Specifications have every GS1 linear symbol printed; its
		// decoder reading the light-on-dark lines too was half its cost
		// on images without symbols, over the cost budget.
		NoInverted: true,
	})
}

// report turns a scan result into a barcode: the GS1 element string the
// symbol carries, "01" and the GTIN-14 for the kinds of one GTIN, in
// Bytes, and its human-readable form, "(01)...", as text; identifier ]e0
// (ISO/IEC 24724:2011 §9). The two stacked forms of DataBar
// Omnidirectional differ only in the height of their rows, which the scan
// judges from the lines that read them: a scan that asks for one of them
// and not the other gets the one it asked for.
func report(r linear.Result, want func(id string) bool) (symbology.Barcode, bool) {
	if r.Kind < kindOmni || r.Kind > kindExpandedStacked {
		return symbology.Barcode{}, false
	}
	id := ids[r.Kind]
	switch {
	case r.Kind == kindStacked && !want(id) && want(ids[kindStackedOmni]):
		id = ids[kindStackedOmni]
	case r.Kind == kindStackedOmni && !want(id) && want(ids[kindStacked]):
		id = ids[kindStacked]
	case r.Kind == kindExpanded && !want(id) && want(ids[kindExpandedStacked]):
		// A stacked symbol of one row is a row of Expanded.
		id = ids[kindExpandedStacked]
	}
	es := r.Text
	if r.Kind <= kindLimited {
		es = "01" + r.Text
	}
	b := symbology.Barcode{
		Symbology:   id,
		Identifier:  "]e0",
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
	}
	b.SetContent([]symbology.Segment{{ECI: -1, Bytes: []byte(es)}}, false, true)
	return b, true
}
