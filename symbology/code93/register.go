package code93

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

func init() {
	symbology.Register(symbology.Info{
		ID: "code93", Name: "Code 93", Format: "Code93", Kind: symbology.Linear,
		Aliases: []string{"USS-93", "Code 93 Full ASCII", "Code93Ext"}, Groups: []string{"industrial"},
		Write: write,
	})
	linear.Register(linear.Symbology{IDs: []string{"code93"}, Decode: decodeRow, Barcode: report, NoReread: true})
}
