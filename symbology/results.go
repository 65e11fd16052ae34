package symbology

import (
	"bytes"

	"github.com/barkit/barkit/detect"
)

// AppendNew appends bc to results unless it repeats one of them: the same
// content (text, bytes and structured-append position) at an overlapping
// place, as when a reader finds one symbol again in another pass.
func AppendNew(results []Barcode, bc Barcode) []Barcode {
	c := detect.Centre(bc.Corners)
	for _, o := range results {
		if o.Text == bc.Text && bytes.Equal(o.Bytes, bc.Bytes) && o.Sequence == bc.Sequence &&
			(detect.Inside(o.Corners, c) || detect.Inside(bc.Corners, detect.Centre(o.Corners))) {
			return results
		}
	}
	return append(results, bc)
}

// ContentFacts is what a decoder saw in a symbol's data segments, from
// which Type derives the content type.
type ContentFacts struct {
	GS1        bool // FNC1 in first position
	UnknownECI bool // an ECI designator barkit cannot convert
	Binary     bool // a segment of binary data (ECI 899, or C0 controls: see HasControl)
	Text       bool // a segment of text
}

// Type classifies the decoded content bytes: GS1, unknown ECI, an ISO/IEC
// 15434 message envelope, mixed text and binary, binary, or text, in that
// order of precedence.
func (f ContentFacts) Type(data []byte) ContentType {
	switch {
	case f.GS1:
		return GS1
	case f.UnknownECI:
		return UnknownECI
	case IsISO15434(data):
		return ISO15434
	case f.Binary && f.Text:
		return Mixed
	case f.Binary:
		return Binary
	}
	return Text
}

// HasControl reports whether b holds a C0 control character other than TAB,
// LF and CR, which marks a byte segment as binary rather than text.
func HasControl(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return true
		}
	}
	return false
}

// IsISO15434 reports whether b starts like an ISO/IEC 15434 message:
// "[)>" RS and a two-digit format indicator.
func IsISO15434(b []byte) bool {
	return len(b) > 6 && string(b[:4]) == "[)>\x1e" && isDigit(b[4]) && isDigit(b[5])
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
