package dxfilmedge

import (
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

func init() {
	symbology.Register(symbology.Info{
		ID: "dx-film-edge", Name: "DX Film Edge", Format: "DXFilmEdge", Kind: symbology.Linear,
		Aliases: []string{"DX", "DX Edge", "DX film code"},
		Write:   write,
	})
	linear.Register(linear.Symbology{IDs: []string{"dx-film-edge"}, Decode: decodeRow, Guided: decodeData, Barcode: report, NoReread: true})
}
