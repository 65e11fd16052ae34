package telepen

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

func init() {
	symbology.Register(symbology.Info{
		ID: "telepen", Name: "Telepen", Format: "Telepen", Kind: symbology.Linear,
		Aliases: []string{"Telepen Alpha", "Telepen Numeric", "TelepenAlpha", "TelepenNumeric"},
		Write:   write,
	})
	linear.Register(linear.Symbology{IDs: []string{"telepen"}, Decode: decodeRow, Barcode: report, NoReread: true})
}
