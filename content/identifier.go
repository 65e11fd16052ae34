package content

import (
	"slices"
	"strings"

	"github.com/barkit/barkit/gs1"
)

// Symbology identifiers (ISO/IEC 15424). A scanner set to send them (the
// "AIM ID" or "code ID" option of most scanners) puts one before the data
// of every symbol it reads: ']', a flag character naming the symbology and
// a modifier character for its options, such as "]C1" (GS1-128) or "]Q1"
// (QR Code). Parse takes one off the start of the text:
//
//   - a GS1 identifier (gs1Identifiers) says the data is a GS1 element
//     string: the rest is parsed as one, a leading GS or none, and is text
//     when it is no valid element string ("]C1hello");
//   - another identifier of a symbology in identifierHints says where the
//     data came from: the rest is parsed as read from that symbology (when
//     Parse was given none), so "]E09780735200449" is an ISBN and
//     "]Q1https://example.com/" a URL;
//   - text whose rest is text stays whole, identifier and all; so does text
//     after a flag character outside identifierHints (Code 11, MSI, "]X"
//     for other symbologies), whose digits would say nothing.

// gs1Identifiers are the symbology identifiers that announce GS1 data
// (GS1 General Specifications §5.1.2, Figure 5.1.2-1): GS1-128, GS1 DataBar,
// GS1 Composite (the 2D component sent apart, two ways), GS1 DataMatrix,
// GS1 QR Code, GS1 DotCode, and FNC1 in first position in Aztec Code (ISO/IEC
// 24778:2008's identifier, which barkit's Aztec reader reports). The
// identifiers of these symbologies that also say the data holds ECI escape
// sequences (]d5, ]Q4, ]z4) are not among them: GS1 data has no ECIs.
var gs1Identifiers = []string{"]C1", "]e0", "]e1", "]e2", "]d2", "]Q3", "]J1", "]z1"}

// identifierHints maps the flag character of a symbology identifier
// (ISO/IEC 15424) to the symbology hint the rest of the text is parsed with.
// EAN/UPC ('E') has a hint per modifier (eanHint).
var identifierHints = map[byte]string{
	'A': "code39",
	'B': "telepen",
	'C': "code128",
	'E': "",
	'F': "codabar",
	'G': "code93",
	'I': "itf14", // ]I1: an ITF-14's GTIN, check digit verified
	'J': "dotcode",
	'L': "pdf417",
	'Q': "qr",
	'U': "maxicode",
	'd': "datamatrix",
	'e': "databar",
	'z': "aztec",
}

// cutIdentifier splits a symbology identifier of identifierHints off the
// start of s, after white space.
func cutIdentifier(s string) (id, rest string, ok bool) {
	s = strings.TrimLeft(s, " \t\r\n")
	if len(s) < 3 || s[0] != ']' {
		return "", s, false
	}
	if _, known := identifierHints[s[1]]; !known {
		return "", s, false
	}
	if m := s[2]; !('0' <= m && m <= '9' || 'A' <= m && m <= 'Z') {
		return "", s, false
	}
	return s[:3], s[3:], true
}

// parseIdentified returns the content of rest, the text after the
// symbology identifier id, or nil when it is text. hint is the one Parse
// was given.
func parseIdentified(id, rest, hint string) *Content {
	if slices.Contains(gs1Identifiers, id) {
		// GS1 data has no white space (the character sets of GS1 General
		// Specifications §7.11); a keyboard wedge's line end goes.
		fields, err := gs1.Parse(strings.TrimSpace(rest))
		if err != nil {
			return nil
		}
		g := gs1Content(fields)
		return &Content{Type: TypeGS1, GS1: &g}
	}
	if id[1] == 'E' {
		rest = joinAddOn(rest)
	}
	if hint == "" {
		hint = identifierHints[id[1]]
		if id[1] == 'E' {
			hint = eanHint(id[2])
		}
	}
	return parse(rest, hint)
}

// eanHint returns the hint for the EAN/UPC identifier of modifier m
// (ISO/IEC 15420:2009 Annex F): ]E0 sends EAN-13, UPC-A and UPC-E in 13
// digits, ]E3 with their add-on after them, which the hint "upca" takes
// (format UPC-A for a leading 0, else EAN-13); ]E4 sends EAN-8. ]E1 and ]E2
// send an add-on alone, digits that say nothing.
func eanHint(m byte) string {
	switch m {
	case '0', '3':
		return "upca"
	case '4':
		return "ean8"
	}
	return ""
}

// joinAddOn turns the add-on of an EAN/UPC symbol that a scanner sends
// with an identifier of its own after the main symbol's,
// "]E00060992011187]E112", into the add-on after a space that Product
// takes: "0060992011187 12".
func joinAddOn(rest string) string {
	i := strings.Index(rest, "]E")
	if i <= 0 || i+3 > len(rest) || rest[i+2] != '1' && rest[i+2] != '2' {
		return rest
	}
	return rest[:i] + " " + rest[i+3:]
}
