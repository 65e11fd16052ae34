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
	})
	symbology.RegisterReader(&symbology.Reader{IDs: []string{"qr"}, Plan: plan, Find: find})
}
