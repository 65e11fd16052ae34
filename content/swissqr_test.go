package content

import (
	"strings"
	"testing"
)

// swissExample is the example QR-bill with a QR reference of the Swiss
// Implementation Guidelines for the QR-bill (v2.2, Appendix, "Example 1"),
// in the CR LF lines the guidelines prescribe.
var swissExample = strings.Join([]string{
	"SPC", "0200", "1", "CH4431999123000889012",
	"S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH",
	"", "", "", "", "", "", "",
	"1949.75", "CHF",
	"S", "Pia-Maria Rutschmann-Schnyder", "Grosse Marktgasse", "28", "9400", "Rorschach", "CH",
	"QRR", "210000000003139471430009017", "Order of 15 June 2020", "EPD",
	"//S1/10/10201409/11/200701/20/140.000-53/30/102673831/31/200615/32/7.7/33/7.7:139.40/40/0:30",
	"Name AV1: UV;UltraPay005;12345", "Name AV2: XY;XYService;54321",
}, "\r\n")

// swissDonation is modelled on the IG's donation example (an account of
// the Salvation Army Foundation, no amount, debtor or reference), in the LF
// lines many generators write.
var swissDonation = strings.Join([]string{
	"SPC", "0200", "1", "CH3709000000304442225",
	"S", "Salvation Army Foundation Switzerland", "", "", "3000", "Bern", "CH",
	"", "", "", "", "", "", "",
	"", "CHF",
	"", "", "", "", "", "", "",
	"NON", "", "Donation to the Winterfest campaign", "EPD",
}, "\n")

// swissSCOR uses an ISO 11649 creditor reference and a combined address.
var swissSCOR = strings.Join([]string{
	"SPC", "0200", "1", "CH5800791123000889012",
	"K", "Robert Schneider AG", "Rue du Lac 1268", "2501 Biel", "", "", "CH",
	"", "", "", "", "", "", "",
	"199.95", "EUR",
	"", "", "", "", "", "", "",
	"SCOR", "RF18539007547034", "", "EPD",
}, "\n")

func swiss(b SwissQRBill) *Content {
	if b.AlternativeSchemes == nil {
		b.AlternativeSchemes = []string{}
	}
	return &Content{Type: TypeSwissQRBill, SwissQRBill: &b}
}

var swissVectors = []vector{
	{"Swiss IG QR-bill example with QR reference", swissExample, "qr", swiss(SwissQRBill{
		Version: "0200", IBAN: "CH4431999123000889012",
		Creditor: SwissAddress{AddressType: "S", Name: "Robert Schneider AG", Street: "Rue du Lac", BuildingNumber: "1268",
			PostalCode: "2501", Town: "Biel", Country: "CH"},
		Amount: "1949.75", Currency: "CHF",
		Debtor: &SwissAddress{AddressType: "S", Name: "Pia-Maria Rutschmann-Schnyder", Street: "Grosse Marktgasse",
			BuildingNumber: "28", PostalCode: "9400", Town: "Rorschach", Country: "CH"},
		ReferenceType: "QRR", Reference: "210000000003139471430009017", Message: "Order of 15 June 2020",
		BillInformation:    "//S1/10/10201409/11/200701/20/140.000-53/30/102673831/31/200615/32/7.7/33/7.7:139.40/40/0:30",
		AlternativeSchemes: []string{"Name AV1: UV;UltraPay005;12345", "Name AV2: XY;XYService;54321"},
	})},
	{"Swiss IG donation example", swissDonation, "qr", swiss(SwissQRBill{
		Version: "0200", IBAN: "CH3709000000304442225",
		Creditor: SwissAddress{AddressType: "S", Name: "Salvation Army Foundation Switzerland", PostalCode: "3000", Town: "Bern", Country: "CH"},
		Currency: "CHF", ReferenceType: "NON", Message: "Donation to the Winterfest campaign",
	})},
	{"creditor reference, combined address, EUR", swissSCOR, "qr", swiss(SwissQRBill{
		Version: "0200", IBAN: "CH5800791123000889012",
		Creditor: SwissAddress{AddressType: "K", Name: "Robert Schneider AG", AddressLine1: "Rue du Lac 1268", AddressLine2: "2501 Biel", Country: "CH"},
		Amount:   "199.95", Currency: "EUR", ReferenceType: "SCOR", Reference: "RF18539007547034",
	})},
}

// swissTextVectors: QR-bills that break the guidelines.
var swissTextVectors = func() []vector {
	bad := map[string]string{
		"QR reference check digit":        strings.Replace(swissExample, "210000000003139471430009017", "210000000003139471430009018", 1),
		"QR reference with plain IBAN":    strings.Replace(swissSCOR, "SCOR\nRF18539007547034", "QRR\n210000000003139471430009017", 1),
		"creditor reference check":        strings.Replace(swissSCOR, "RF18539007547034", "RF19539007547034", 1),
		"IBAN check digits":               strings.Replace(swissExample, "CH4431999123000889012", "CH4531999123000889012", 1),
		"German IBAN":                     strings.Replace(swissSCOR, "CH5800791123000889012", "DE89370400440532013000", 1),
		"no trailer":                      strings.Replace(swissDonation, "EPD", "END", 1),
		"currency USD":                    strings.Replace(swissSCOR, "EUR", "USD", 1),
		"amount with three decimals":      strings.Replace(swissSCOR, "199.95", "199.955", 1),
		"reference with NON":              strings.Replace(swissDonation, "NON\n", "NON\n12345", 1),
		"QR-IBAN without QR reference":    strings.Replace(swissExample, "QRR\r\n210000000003139471430009017", "NON\r\n", 1),
		"structured address without town": strings.Replace(swissDonation, "3000\nBern", "3000\n", 1),
		"version 0100":                    strings.Replace(swissDonation, "0200", "0100", 1),
		"truncated":                       "SPC\n0200\n1\nCH4431999123000889012",
	}
	var out []vector
	for name, in := range bad {
		out = append(out, vector{name, in, "qr", text(in)})
	}
	return out
}()

func TestSwissQRBill(t *testing.T) {
	runVectors(t, swissVectors)
	runVectors(t, swissTextVectors)
}

// TestQRReference checks the recursive modulo 10 of IG QR-bill Annex B.
func TestQRReference(t *testing.T) {
	for _, s := range []string{"210000000003139471430009017", "215703000075200334559000126", "000000000000000000000000000"} {
		if !validQRReference(s) {
			t.Errorf("validQRReference(%q) = false", s)
		}
	}
	for _, s := range []string{"210000000003139471430009018", "21000000000313947143000901", "21000000000313947143000901A"} {
		if validQRReference(s) {
			t.Errorf("validQRReference(%q) = true", s)
		}
	}
}
