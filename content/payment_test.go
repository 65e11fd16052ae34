package content

import (
	"strings"
	"testing"
)

func payment(p Payment) *Content { return &Content{Type: TypePayment, Payment: &p} }

// epcSample is the sample of EPC069-12 (v2.1 §5, "Example of a QR code",
// reproduced in v3.0): a donation of EUR 1 to the Belgian Red Cross.
const epcSample = "BCD\n001\n1\nSCT\nBPOTBEB1\nRed Cross\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\nSample EPC QR code"

// paymentVectors: EPC069-12 QR codes.
var paymentVectors = []vector{
	{"EPC069-12 sample", epcSample, "qr", payment(Payment{Version: "001", CharacterSet: 1, Identification: "SCT", BIC: "BPOTBEB1",
		Name: "Red Cross", IBAN: "BE72000000001616", Currency: "EUR", Amount: "1.00", Purpose: "CHAR", Text: "Urgency fund",
		Information: "Sample EPC QR code"})},
	{"EPC069-12 version 002 without BIC, CR LF, structured reference",
		"BCD\r\n002\r\n1\r\nSCT\r\n\r\nRed Cross\r\nBE72000000001616\r\nEUR12.3\r\n\r\nRF18539007547034", "qr",
		payment(Payment{Version: "002", CharacterSet: 1, Identification: "SCT", Name: "Red Cross", IBAN: "BE72000000001616",
			Currency: "EUR", Amount: "12.30", Reference: "RF18539007547034"})},
	{"EPC069-12 instant transfer, no amount, ISO 8859-15", "BCD\n002\n8\nINST\nGENODEF1ABC\nFranz Müller\nDE89370400440532013000", "qr",
		payment(Payment{Version: "002", CharacterSet: 8, Identification: "INST", BIC: "GENODEF1ABC", Name: "Franz Müller",
			IBAN: "DE89370400440532013000"})},
	{"largest amount", "BCD\n002\n1\nSCT\n\nX\nDE89370400440532013000\nEUR999999999.99", "qr",
		payment(Payment{Version: "002", CharacterSet: 1, Identification: "SCT", Name: "X", IBAN: "DE89370400440532013000",
			Currency: "EUR", Amount: "999999999.99"})},
}

// paymentTextVectors: EPC QR codes that break EPC069-12.
var paymentTextVectors = []vector{
	{"wrong IBAN check digits", strings.Replace(epcSample, "BE72", "BE73", 1), "qr", text(strings.Replace(epcSample, "BE72", "BE73", 1))},
	{"version 001 needs a BIC", strings.Replace(epcSample, "BPOTBEB1", "", 1), "qr", text(strings.Replace(epcSample, "BPOTBEB1", "", 1))},
	{"version 003", strings.Replace(epcSample, "001", "003", 1), "qr", text(strings.Replace(epcSample, "001", "003", 1))},
	{"character set 9", strings.Replace(epcSample, "\n1\n", "\n9\n", 1), "qr", text(strings.Replace(epcSample, "\n1\n", "\n9\n", 1))},
	{"amount in dollars", strings.Replace(epcSample, "EUR1", "USD1", 1), "qr", text(strings.Replace(epcSample, "EUR1", "USD1", 1))},
	{"amount zero", strings.Replace(epcSample, "EUR1", "EUR0", 1), "qr", text(strings.Replace(epcSample, "EUR1", "EUR0", 1))},
	{"amount with three decimals", strings.Replace(epcSample, "EUR1", "EUR1.001", 1), "qr", text(strings.Replace(epcSample, "EUR1", "EUR1.001", 1))},
	{"amount too large", strings.Replace(epcSample, "EUR1", "EUR1000000000", 1), "qr", text(strings.Replace(epcSample, "EUR1", "EUR1000000000", 1))},
	{"reference and text", strings.Replace(epcSample, "CHAR\n\n", "CHAR\nRF18539007547034\n", 1), "qr",
		text(strings.Replace(epcSample, "CHAR\n\n", "CHAR\nRF18539007547034\n", 1))},
	{"no name", "BCD\n002\n1\nSCT\n\n\nBE72000000001616", "qr", text("BCD\n002\n1\nSCT\n\n\nBE72000000001616")},
	{"truncated", "BCD\n002\n1\nSCT", "qr", text("BCD\n002\n1\nSCT")},
	{"bad BIC", strings.Replace(epcSample, "BPOTBEB1", "BP0TBEB1", 1), "qr", text(strings.Replace(epcSample, "BPOTBEB1", "BP0TBEB1", 1))},
	{"too many lines", epcSample + "\nextra", "qr", text(epcSample + "\nextra")},
}

func TestPayment(t *testing.T) {
	runVectors(t, paymentVectors)
	runVectors(t, paymentTextVectors)
}
