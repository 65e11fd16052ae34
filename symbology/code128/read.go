package code128

import (
	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// read is the registry's ReadFunc: it finds the Code 128 symbols in src.
// The text is the data as ISO/IEC 8859-1, with GS for every FNC1 but one
// in first or second position; the symbology identifier says which
// (]C1: GS1-128, ]C2: FNC1 in second position, ]C0: neither). GS1 data
// reads as its human-readable form, "(01)09506000134352(10)ABC", when it
// splits into GS1 fields (gs1.Split), as the other GS1 readers give it;
// Bytes keep the element string.
func read(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	results := linear.Scan(src, opts, decodeRow)
	out := make([]symbology.Barcode, 0, len(results))
	for _, r := range results {
		b := symbology.Barcode{
			Symbology:   "code128",
			Text:        latin1([]byte(r.Text)),
			Bytes:       []byte(r.Text),
			ContentType: symbology.Text,
			Identifier:  "]C0",
			Corners:     r.Corners,
			Orientation: r.Orientation,
			Inverted:    r.Inverted,
			ReaderInit:  r.Kind&flagReaderInit != 0,
		}
		switch {
		case r.Kind&flagGS1 != 0:
			b.GS1, b.ContentType, b.Identifier = true, symbology.GS1, "]C1"
			if fields, err := gs1.Split(r.Text); err == nil {
				b.Text = gs1.FormatHRI(fields)
			}
		case r.Kind&flagAIM != 0:
			b.Identifier = "]C2"
		}
		out = append(out, b)
	}
	return out
}
