package maxicode

import "github.com/barkit/barkit/symbology"

func init() {
	symbology.Register(symbology.Info{
		ID:      "maxicode",
		Name:    "MaxiCode",
		Format:  "MaxiCode",
		Kind:    symbology.Matrix,
		Aliases: []string{"Maxi Code", "UPS Code", "Code 6"},
		Write:   write,
		ECI:     true,
		Binary:  true,
	})
	symbology.RegisterReader(&symbology.Reader{IDs: []string{"maxicode"}, Plan: plan, Find: find})
}
