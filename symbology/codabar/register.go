package codabar

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

func init() {
	symbology.Register(symbology.Info{
		ID: "codabar", Name: "Codabar", Format: "Codabar", Kind: symbology.Linear,
		Aliases: []string{"NW-7", "USD-4", "Ames Code", "Code 2 of 7", "Rationalized Codabar"},
		Write:   write,
	})
	linear.Register(linear.Symbology{IDs: []string{"codabar"}, Decode: decodeRow, Barcode: report, NoReread: true})
}
