package datamatrix

import "github.com/barkit/barkit/symbology"

func init() {
	symbology.Register(symbology.Info{
		ID:      "data-matrix",
		Name:    "Data Matrix",
		Format:  "DataMatrix",
		Kind:    symbology.Matrix,
		Aliases: []string{"DataMatrix", "DM", "ECC200", "ECC 200", "Data Matrix ECC200", "DMRE"},
		Groups:  []string{"gs1"},
		Write:   write,
		ECI:     true,
		Binary:  true,
	})
	symbology.RegisterReader(&symbology.Reader{IDs: []string{"data-matrix"}, Plan: readPlan, Find: find})
}
