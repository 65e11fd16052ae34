package ean

import (
	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// scanKey names an EAN/UPC scan in a Source's memo: the readers of EAN-13,
// UPC-A, EAN-8 and UPC-E, called one after another on one image, share one
// scan.
type scanKey struct{ fast bool }

// scan returns every EAN/UPC symbol in src, read in the given mode.
func scan(src *binarize.Source, fast bool) []linear.Result {
	return src.Memo(scanKey{fast}, func() any {
		return linear.Scan(src, symbology.ReadOptions{Fast: fast}, decodeRow)
	}).([]linear.Result)
}

// reader returns the ReadFunc of one registered id: the results of kind k
// for which keep reports true (nil keeps all), as Barcodes.
//
// Reading reports each symbol once, under the id of what it is: an EAN-13
// symbol of leading digit 0 is a UPC-A symbol and only the upca reader
// reports it; the others, ISBNs included, are ean13's. The add-on digits,
// when enough lines read them, follow the main digits (symbology
// identifier ]E3); ISO/IEC 15420 transmits UPC-A and UPC-E in their
// 13-digit EAN-13 form, and so does barkit.
func reader(id string, k kind, keep func(text string) bool) symbology.ReadFunc {
	return func(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
		if src == nil || src.Lum == nil {
			return nil
		}
		limit := opts.MaxResults
		if limit <= 0 {
			limit = 255
		}
		var out []symbology.Barcode
		for _, r := range scan(src, opts.Fast) {
			if kind(r.Kind) != k || keep != nil && !keep(r.Text) {
				continue
			}
			if len(out) == limit {
				break
			}
			out = append(out, barcode(id, r))
		}
		return out
	}
}

// barcode turns a scan result into a Barcode.
func barcode(id string, r linear.Result) symbology.Barcode {
	text, ident := r.Text, "]E0"
	switch kind(r.Kind) {
	case kindEAN8:
		ident = "]E4"
	case kindUPCE:
		text = "0" + expandUPCE(r.Text)
	}
	if r.Extra != "" {
		text += r.Extra
		ident = "]E3"
	}
	return symbology.Barcode{
		Symbology:   id,
		Text:        text,
		Bytes:       []byte(text),
		ContentType: symbology.Text,
		Identifier:  ident,
		Corners:     r.Corners,
		Orientation: r.Orientation,
		Inverted:    r.Inverted,
	}
}

// The ReadFuncs of the registered ids.
var (
	readEAN13 = reader("ean13", kindEAN13, func(text string) bool { return text[0] != '0' })
	readUPCA  = reader("upca", kindEAN13, func(text string) bool { return text[0] == '0' })
	readEAN8  = reader("ean8", kindEAN8, nil)
	readUPCE  = reader("upce", kindUPCE, nil)
)
