package code39

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

func init() {
	groups := []string{"industrial"}
	symbology.Register(symbology.Info{
		ID: "code39", Name: "Code 39", Format: "Code39", Kind: symbology.Linear,
		Aliases: []string{"Code 3 of 9", "Code39Std", "Code 39 Standard", "USS-39", "LOGMARS"}, Groups: groups,
		Write: writeCode39,
	})
	symbology.Register(symbology.Info{
		ID: "code39-ext", Name: "Code 39 Extended", Format: "Code39Ext", Kind: symbology.Linear,
		Aliases: []string{"Full ASCII Code 39", "Code 39 Full ASCII", "Extended Code 39"}, Groups: groups,
		Write: writeExtended,
	})
	symbology.Register(symbology.Info{
		ID: "code32", Name: "Code 32", Format: "Code32", Kind: symbology.Linear,
		Aliases: []string{"Italian Pharmacode", "Codice Farmaceutico", "IMH"}, Groups: groups,
		Write: writeCode32,
	})
	symbology.Register(symbology.Info{
		ID: "pzn", Name: "Pharmazentralnummer", Format: "PZN", Kind: symbology.Linear,
		Aliases: []string{"PZN8", "PZN7"}, Groups: groups,
		Write: writePZN,
	})
	linear.Register(linear.Symbology{IDs: []string{"code39", "code39-ext", "code32", "pzn"}, Decode: decodeRow, Barcode: report, NoReread: true})
}
