package symbology

import (
	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/gs1"
)

// SetContent fills in bc's Bytes, Text, Segments, GS1 and ContentType from
// the segments a decoder read, each in the character set of its ECI
// designator (-1 for none): the one way every symbology turns segments
// into content.
//
// Segments without a designator are ISO-8859-1 in a symbol that has
// designators (hasECI), the default of the ISO QR Code, Data Matrix, Aztec
// and PDF417 standards; in a symbol without any, their character set is
// guessed from their bytes together (eci.Guess), as readers in the field
// do. A designator barkit cannot convert is read by guess and makes the
// content UnknownECI. Segments lists the segments, those of one designator
// in a row merged, when the symbol has designators (with ECI -1 for those
// before the first), and is nil otherwise. With gs1Data (FNC1
// in first position) the text is the human-readable form,
// "(01)...(10)...", when the bytes split into GS1 fields (GS1Text).
func (bc *Barcode) SetContent(segs []Segment, hasECI, gs1Data bool) {
	var all, plain []byte
	for _, s := range segs {
		all = append(all, s.Bytes...)
		if s.ECI < 0 {
			plain = append(plain, s.Bytes...)
		}
	}
	if all == nil {
		all = []byte{}
	}
	guess := eci.ISO8859_1
	if !hasECI {
		guess = eci.Guess(plain)
	}
	var text []byte
	var f ContentFacts
	bc.Segments = nil
	for _, s := range segs {
		if hasECI {
			if k := len(bc.Segments); k > 0 && bc.Segments[k-1].ECI == s.ECI {
				bc.Segments[k-1].Bytes = append(bc.Segments[k-1].Bytes, s.Bytes...)
			} else {
				bc.Segments = append(bc.Segments, Segment{ECI: s.ECI, Bytes: append([]byte(nil), s.Bytes...)})
			}
		}
		d := s.ECI
		if d < 0 {
			d = guess
		}
		if !eci.Known(d) {
			f.UnknownECI = true
			d = eci.Guess(s.Bytes)
		}
		str, _ := eci.Decode(d, s.Bytes)
		text = append(text, str...)
		if d == eci.Binary || eci.ASCIICompatible(d) && HasControl(s.Bytes) {
			f.Binary = true
		} else {
			f.Text = true
		}
	}
	bc.Bytes = all
	bc.Text = string(text)
	bc.GS1 = gs1Data
	f.GS1 = gs1Data
	if gs1Data {
		bc.Text = GS1Text(all)
	}
	bc.ContentType = f.Type(all)
}

// GS1Text returns GS1 data, an element string with GS after variable-length
// fields, in its human-readable form, "(01)09506000134352(10)ABC", when it
// splits into known AIs of the right lengths; otherwise the data as it is.
// Check digits and dates are a parser's to judge, not a reason to hide the
// fields.
func GS1Text(data []byte) string {
	if fields, err := gs1.Split(string(data)); err == nil {
		return gs1.FormatHRI(fields)
	}
	return string(data)
}
