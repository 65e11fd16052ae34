package qr

import "github.com/barkit/barkit/symbology"

func init() {
	symbology.Register(symbology.Info{
		ID:      "qr",
		Name:    "QR Code",
		Format:  "QRCode",
		Kind:    symbology.Matrix,
		Aliases: []string{"QR", "QR Code Model 2", "QR2"},
		Groups:  []string{"gs1"},
		Write:   write,
		ECI:     true,
		Binary:  true,
	})
	// QR Code, the most common symbology, reads each view first: its
	// finder patterns find its symbols cheaply, and the chance patterns
	// the other readers see in their modules are then skipped
	// (symbology.Reader.Rank).
	symbology.RegisterReader(&symbology.Reader{IDs: []string{"qr"}, Plan: plan, Find: find, Rank: -1})
}
