package aztec

import "github.com/barkit/barkit/symbology"

func init() {
	symbology.Register(symbology.Info{
		ID:      "aztec",
		Name:    "Aztec Code",
		Format:  "Aztec",
		Kind:    symbology.Matrix,
		Aliases: []string{"AztecCode", "Aztec Code", "AZ"},
		Groups:  []string{"gs1"},
		Write:   writeAztec,
		ECI:     true,
		Binary:  true,
	})
	symbology.Register(symbology.Info{
		ID:      "aztec-rune",
		Name:    "Aztec Rune",
		Format:  "AztecRune",
		Kind:    symbology.Matrix,
		Aliases: []string{"Aztec Runes", "AztecRunes"},
		Write:   writeRune,
	})
	symbology.RegisterReader(&symbology.Reader{IDs: []string{"aztec", "aztec-rune"}, Plan: plan, Find: find})
}
