package microqr

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

func init() {
	symbology.Register(symbology.Info{
		ID:      "micro-qr",
		Name:    "Micro QR Code",
		Format:  "MicroQRCode",
		Kind:    symbology.Matrix,
		Aliases: []string{"MicroQR", "Micro QR", "MQR"},
		Write:   write,
		Binary:  true,
	})
	qrfamily.RegisterFinderDecoder("micro-qr", decodeFinder)
}
