package content

import (
	"strings"

	"github.com/barkit/barkit/gs1"
)

// GS1 is GS1 Application Identifier data (TypeGS1): the content of a GS1
// QR Code, GS1 DataMatrix, GS1-128 or GS1 DataBar symbol, such as
//
//	(01)09506000134352(17)251231(10)ABC123   human-readable form, as barkit's readers give it
//	10ABC123<GS>0109506000134352             element string, GS (U+001D) for FNC1, as raw scanners give it
//	<GS>0109506000134352<GS>10ABC123         the same with FNC1 in first position as a GS, as keyboard wedges send it
//	]d201095060001343521725123110ABC123      element string after a GS1 symbology identifier (identifier.go)
//
// An element string needs one of these marks: a GS, a GS1 identifier, or
// a symbology that carries GS1 data alone (GS1 DataBar). Digits without
// them, "0109506000134352", are a product code or text.
//
// Every field must be valid for its AI (length, character set, check
// digit, date, code list: GS1 General Specifications §3 and §7); data that
// is not is plain text. The pairing rules between AIs (§4.13) are not
// required.
type GS1 struct {
	// ElementString is the data as a barcode carries it, with GS (U+001D)
	// after each variable-length field that is not the last.
	ElementString string `json:"elementString"`
	// HRI is the human-readable form, "(01)09506000134352(10)ABC123".
	HRI    string     `json:"hri"`
	Fields []GS1Field `json:"fields"` // the fields in the order they came
}

// GS1Field is one Application Identifier and its data.
type GS1Field struct {
	AI    string `json:"ai"`    // the AI, "17"
	Title string `json:"title"` // its data title, "USE BY or EXPIRY"
	Value string `json:"value"` // the data as encoded, "251231"
	// Date is a date or time in ISO 8601 form: "2025-12-31", "2025-12"
	// (day 00: month only), "2025-12-31T14:30", or a range
	// "2025-01-01/2025-01-05"; omitted for data that is no date.
	Date string `json:"date,omitempty"`
	// Amount is the number of a measure, amount, price or percentage with
	// the decimal point its AI implies ("0.189" for (3103)000189); omitted
	// for other AIs.
	Amount string `json:"amount,omitempty"`
	// Currency is the ISO 4217 code of an amount or price with a currency
	// (AIs 391n, 393n), such as "EUR"; omitted otherwise.
	Currency string `json:"currency,omitempty"`
	// Unit is the unit of a measure ("kg", "m²"), or "%" for a percentage;
	// omitted otherwise.
	Unit string `json:"unit,omitempty"`
}

// gs1Hints are the symbologies that carry nothing but GS1 data, whose
// digits are read as an element string even without a separator.
var gs1Hints = map[string]bool{
	"databar": true, "databarlimited": true, "databarexpanded": true, "databarstacked": true,
	"databarstackedomni": true, "databarexpandedstacked": true,
}

// parseGS1 recognises the forms described on GS1.
func parseGS1(s, hint string) *Content {
	var (
		fields []gs1.Field
		err    error
	)
	switch {
	case strings.HasPrefix(s, "(") && len(s) >= 4 && isDigits(s[1:3]):
		fields, err = gs1.ParseHRI(s)
	case len(s) > 2 && s[0] == gs1.GS && isDigits(s[1:3]):
		// FNC1 in first position sent as GS, the character that stands
		// for an FNC1 in transmitted data (GS1 General Specifications
		// §7.8.4): what a scanner sends that reports every FNC1 of the
		// symbol rather than a symbology identifier.
		fields, err = gs1.Parse(s)
	case strings.ContainsRune(s, gs1.GS) && len(s) > 2 && isDigits(s[:2]):
		fields, err = gs1.Parse(s)
	case gs1Hints[hint] && isDigits(s):
		fields, err = gs1.Parse(s)
	default:
		return nil
	}
	if err != nil {
		return nil
	}
	g := gs1Content(fields)
	return &Content{Type: TypeGS1, GS1: &g}
}

// gs1Content describes checked fields.
func gs1Content(fields []gs1.Field) GS1 {
	g := GS1{ElementString: gs1.Join(fields), HRI: gs1.FormatHRI(fields), Fields: make([]GS1Field, 0, len(fields))}
	for _, f := range fields {
		gf := GS1Field{AI: f.AI, Value: f.Value, Date: f.Date(), Amount: f.Decimal(), Currency: f.Currency(), Unit: f.Unit()}
		if a, ok := gs1.Lookup(f.AI); ok {
			gf.Title = a.Title
		}
		g.Fields = append(g.Fields, gf)
	}
	return g
}

// GS1DigitalLink is a GS1 Digital Link URI (TypeGS1DigitalLink), a web
// address that carries GS1 Application Identifiers (GS1 Digital Link URI
// Syntax 1.4):
//
//	https://id.gs1.org/01/09506000134352/10/ABC123?17=251231
//
// Its path ends in a primary key and its qualifiers, and AIs allowed as
// data attributes may follow as query parameters. A URI that breaks the
// standard's rules, or holds invalid AI data, is an ordinary URL.
type GS1DigitalLink struct {
	URL           string     `json:"url"`           // the URI as written
	ElementString string     `json:"elementString"` // the AI data as an element string
	HRI           string     `json:"hri"`           // the AI data in human-readable form
	Fields        []GS1Field `json:"fields"`        // primary key, qualifiers, then data attributes
}

func parseDigitalLink(s, _ string) *Content {
	if !hasPrefixFold(s, "http://") && !hasPrefixFold(s, "https://") || hasSpace(s) {
		return nil
	}
	fields, err := gs1.ParseDigitalLink(s)
	if err != nil {
		return nil
	}
	g := gs1Content(fields)
	return &Content{Type: TypeGS1DigitalLink, GS1DigitalLink: &GS1DigitalLink{URL: s, ElementString: g.ElementString, HRI: g.HRI, Fields: g.Fields}}
}
