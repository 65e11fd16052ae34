package code128

import "github.com/barkit/barkit/symbology"

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
	symbology.RegisterReader(&symbology.Reader{IDs: []string{"code128"}, Find: find})
}
