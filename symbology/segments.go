package symbology

import "github.com/barkit/barkit/eci"

// SegmentText decodes content segments to text, each in its ECI's
// character set; segments without a designator (ECI -1) are read in plain,
// the character set the symbology's rules give them (ISO-8859-1 in a symbol
// with designators, else what eci.Guess picks from the data). A designator
// barkit cannot convert is read by guess and reported as UnknownECI. The
// facts also say whether any segment was binary (ECI 899, or C0 controls in
// an ASCII-compatible set) and whether any was text; the caller adds GS1.
func SegmentText(segs []Segment, plain int) (string, ContentFacts) {
	var text []byte
	var f ContentFacts
	for _, s := range segs {
		d := s.ECI
		if d < 0 {
			d = plain
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
	return string(text), f
}
