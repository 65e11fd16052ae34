package itf

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

func init() {
	groups := []string{"industrial"}
	symbology.Register(symbology.Info{
		ID: "itf", Name: "Interleaved 2 of 5", Format: "ITF", Kind: symbology.Linear,
		Aliases: []string{"I2of5", "I25", "Interleaved 2/5", "2 of 5 Interleaved"}, Groups: groups,
		Write: writeITF,
	})
	symbology.Register(symbology.Info{
		ID: "itf14", Name: "ITF-14", Format: "ITF14", Kind: symbology.Linear,
		Aliases: []string{"GTIN-14", "SCC-14", "DUN-14"}, Groups: groups,
		Write: writeITF14,
	})
	linear.Register(linear.Symbology{IDs: []string{"itf", "itf14"}, Decode: decodeRow, Barcode: report, NoReread: true})
}
