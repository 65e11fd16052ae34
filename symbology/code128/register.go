package code128

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

func init() {
	symbology.Register(symbology.Info{
		ID:      "code128",
		Name:    "Code 128",
		Format:  "Code128",
		Kind:    symbology.Linear,
		Aliases: []string{"GS1-128", "UCC-128", "EAN-128", "Code128"},
		Groups:  []string{"industrial", "gs1"},
		Write:   write,
	})
	linear.Register(linear.Symbology{IDs: []string{"code128"}, Decode: decodeRow, Barcode: report})
}
