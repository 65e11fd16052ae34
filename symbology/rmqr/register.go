package rmqr

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

func init() {
	symbology.Register(symbology.Info{
		ID:      "rmqr",
		Name:    "rMQR Code",
		Format:  "RMQRCode",
		Kind:    symbology.Matrix,
		Aliases: []string{"rMQR", "Rectangular Micro QR", "Rectangular Micro QR Code"},
		Groups:  []string{"gs1"},
		Write:   write,
		ECI:     true,
		Binary:  true,
	})
	qrfamily.RegisterFinderDecoder("rmqr", decodeFinder)
}
