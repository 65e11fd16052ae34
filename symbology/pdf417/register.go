package pdf417

import "github.com/barkit/barkit/symbology"

func init() {
	symbology.Register(symbology.Info{
		ID:      "pdf417",
		Name:    "PDF417",
		Format:  "PDF417",
		Kind:    symbology.Stacked,
		Aliases: []string{"PDF-417", "PDF 417"},
		Write:   writer(kindFull),
		ECI:     true,
		Binary:  true,
	})
	symbology.Register(symbology.Info{
		ID:      "compact-pdf417",
		Name:    "Compact PDF417",
		Format:  "CompactPDF417",
		Kind:    symbology.Stacked,
		Aliases: []string{"Truncated PDF417", "PDF417 Truncated"},
		Write:   writer(kindCompact),
		ECI:     true,
		Binary:  true,
	})
	symbology.Register(symbology.Info{
		ID:      "micro-pdf417",
		Name:    "MicroPDF417",
		Format:  "MicroPDF417",
		Kind:    symbology.Stacked,
		Aliases: []string{"Micro PDF417", "MPDF417"},
		Write:   writer(kindMicro),
		ECI:     true,
		Binary:  true,
	})
	symbology.RegisterReader(&symbology.Reader{
		IDs:  []string{kindFull.id(), kindCompact.id(), kindMicro.id()},
		Plan: readPlan,
		Find: find,
	})
}
