package ean

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

func init() {
	retail := []string{"retail"}
	symbology.Register(symbology.Info{
		ID: "ean13", Name: "EAN-13", Format: "EAN13", Kind: symbology.Linear,
		Aliases: []string{"EAN", "JAN", "GTIN-13"}, Groups: retail,
		Write: writeEAN13,
	})
	symbology.Register(symbology.Info{
		ID: "ean8", Name: "EAN-8", Format: "EAN8", Kind: symbology.Linear,
		Aliases: []string{"GTIN-8"}, Groups: retail,
		Write: writeEAN8,
	})
	symbology.Register(symbology.Info{
		ID: "upca", Name: "UPC-A", Format: "UPCA", Kind: symbology.Linear,
		Aliases: []string{"UPC", "GTIN-12"}, Groups: retail,
		Write: writeUPCA,
	})
	symbology.Register(symbology.Info{
		ID: "upce", Name: "UPC-E", Format: "UPCE", Kind: symbology.Linear,
		Groups: retail,
		Write:  writeUPCE,
	})
	// ISBNs are read as EAN-13 (prefix 978 or 979), reported as isbn to a
	// scan that asks for ISBN and not for EAN-13.
	symbology.Register(symbology.Info{
		ID: "isbn", Name: "ISBN", Format: "ISBN", Kind: symbology.Linear,
		Aliases: []string{"Bookland", "ISBN-13"}, Groups: retail,
		Write: writeISBN,
	})
	// Add-ons are read with their main symbol, their digits appended to
	// its (or ignored, or required: symbology.EANAddOn); these ids write
	// them alone.
	symbology.Register(symbology.Info{
		ID: "ean2", Name: "EAN-2", Format: "EAN2", Kind: symbology.Linear,
		Aliases: []string{"EAN-2 add-on", "UPC/EAN-2"}, Groups: retail,
		Write: writeAddOn("ean2", kindEAN2, 2),
	})
	symbology.Register(symbology.Info{
		ID: "ean5", Name: "EAN-5", Format: "EAN5", Kind: symbology.Linear,
		Aliases: []string{"EAN-5 add-on", "UPC/EAN-5"}, Groups: retail,
		Write: writeAddOn("ean5", kindEAN5, 5),
	})
	linear.Register(linear.Symbology{IDs: []string{"ean13", "ean8", "upca", "upce", "isbn"}, Decode: decodeRow, AddOns: true, Barcode: report})
}
