package content

import (
	"strings"
	"unicode/utf8"

	"github.com/barkit/barkit/gs1"
)

// SwissQRBill is the payment part of a Swiss QR-bill (TypeSwissQRBill),
// the "SPC" payload of the Swiss QR Code (Swiss Payment Standards, Swiss
// Implementation Guidelines for the QR-bill, v2.3, §4.3): one element per
// line, in this order:
//
//	SPC, 0200, 1                     header: QR type, version, coding (Latin character set)
//	CH4431999123000889012            IBAN or QR-IBAN of the creditor (CH or LI)
//	S, name, street, building no.,   creditor: address type S (structured) or K (combined:
//	postal code, town, country          name, address line 1, address line 2, -, -, country)
//	7 empty lines                    ultimate creditor (reserved for future use)
//	1949.75, CHF                     amount (optional) and currency, CHF or EUR
//	S, name, ...                     ultimate debtor, 7 lines (all empty when unknown)
//	QRR, 210000000003139471430009017 reference type and reference: QRR (27-digit QR
//	                                    reference, with a QR-IBAN), SCOR (ISO 11649 creditor
//	                                    reference) or NON (none)
//	Order of 15 June 2020            unstructured message (optional)
//	EPD                              trailer
//	//S1/10/10201409/...             billing information (optional)
//	Name AV1: UV;UltraPay005;12345   up to two alternative schemes (optional)
//
// A payload that breaks these rules (a wrong IBAN, QR reference or
// creditor reference check digit, a QR reference with an ordinary IBAN, a
// missing trailer) is plain text.
type SwissQRBill struct {
	Version          string        `json:"version"`                    // "0200"
	IBAN             string        `json:"iban"`                       // account of the creditor
	Creditor         SwissAddress  `json:"creditor"`                   // who is paid
	UltimateCreditor *SwissAddress `json:"ultimateCreditor,omitempty"` // not used yet by the standard
	Amount           string        `json:"amount,omitempty"`           // "1949.75"; omitted when the payer chooses
	Currency         string        `json:"currency"`                   // "CHF" or "EUR"
	Debtor           *SwissAddress `json:"debtor,omitempty"`           // who pays; omitted when not given
	ReferenceType    string        `json:"referenceType"`              // "QRR", "SCOR" or "NON"
	Reference        string        `json:"reference,omitempty"`        // the QR or creditor reference
	Message          string        `json:"message,omitempty"`          // unstructured message
	BillInformation  string        `json:"billInformation,omitempty"`  // structured billing information ("//S1/...")
	// AlternativeSchemes are the parameters of up to two alternative
	// payment procedures.
	AlternativeSchemes []string `json:"alternativeSchemes"`
}

// SwissAddress is a party of a Swiss QR-bill.
type SwissAddress struct {
	AddressType    string `json:"addressType"`              // "S" (structured) or "K" (combined)
	Name           string `json:"name"`                     // name or company
	Street         string `json:"street,omitempty"`         // S: street
	BuildingNumber string `json:"buildingNumber,omitempty"` // S: building number
	PostalCode     string `json:"postalCode,omitempty"`     // S: postal code
	Town           string `json:"town,omitempty"`           // S: town
	AddressLine1   string `json:"addressLine1,omitempty"`   // K: street and building number, or P.O. box
	AddressLine2   string `json:"addressLine2,omitempty"`   // K: postal code and town
	Country        string `json:"country"`                  // ISO 3166-1 alpha-2 code
}

// spcMaxChars is the largest Swiss QR Code payload (IG QR-bill §4.1).
const spcMaxChars = 997

func parseSwissQRBill(s, _ string) *Content {
	if !strings.HasPrefix(s, "SPC\n") && !strings.HasPrefix(s, "SPC\r\n") || utf8.RuneCountInString(s) > spcMaxChars {
		return nil
	}
	l := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	if len(l) < 31 || len(l) > 34 || l[30] != "EPD" {
		return nil
	}
	b := SwissQRBill{
		Version:            l[1],
		IBAN:               l[3],
		Currency:           l[19],
		ReferenceType:      l[27],
		Reference:          l[28],
		Message:            l[29],
		AlternativeSchemes: []string{},
	}
	if len(l) > 31 {
		b.BillInformation = l[31]
	}
	for _, alt := range l[min(len(l), 32):] {
		if alt != "" {
			b.AlternativeSchemes = append(b.AlternativeSchemes, alt)
		}
	}
	if len(b.Version) != 4 || !strings.HasPrefix(b.Version, "02") || !isDigits(b.Version) || l[2] != "1" {
		return nil
	}
	if len(b.IBAN) != 21 || !(strings.HasPrefix(b.IBAN, "CH") || strings.HasPrefix(b.IBAN, "LI")) || !gs1.ValidIBAN(b.IBAN) {
		return nil
	}
	var ok bool
	if b.Creditor, ok = swissAddress(l[4:11]); !ok {
		return nil
	}
	if b.UltimateCreditor, ok = optionalAddress(l[11:18]); !ok {
		return nil
	}
	if b.Debtor, ok = optionalAddress(l[20:27]); !ok {
		return nil
	}
	if b.Currency != "CHF" && b.Currency != "EUR" {
		return nil
	}
	if a := l[18]; a != "" {
		if b.Amount, ok = money(a, 999999999); !ok || b.Amount == "0.00" {
			return nil
		}
	}
	// A QR-IBAN has an institution identification of 30000-31999
	// (IG QR-bill §4.3.2) and goes with a QR reference, and only it does.
	qrIBAN := b.IBAN[4] == '3' && (b.IBAN[5] == '0' || b.IBAN[5] == '1')
	switch b.ReferenceType {
	case "QRR":
		if !qrIBAN || !validQRReference(b.Reference) {
			return nil
		}
	case "SCOR":
		if qrIBAN || !validCreditorReference(b.Reference) {
			return nil
		}
	case "NON":
		if qrIBAN || b.Reference != "" {
			return nil
		}
	default:
		return nil
	}
	if utf8.RuneCountInString(b.Message) > 140 || utf8.RuneCountInString(b.BillInformation) > 140 {
		return nil
	}
	for _, alt := range b.AlternativeSchemes {
		if utf8.RuneCountInString(alt) > 100 {
			return nil
		}
	}
	return &Content{Type: TypeSwissQRBill, SwissQRBill: &b}
}

// swissAddress reads the seven lines of a party.
func swissAddress(l []string) (SwissAddress, bool) {
	a := SwissAddress{AddressType: l[0], Name: l[1], Country: l[6]}
	switch a.AddressType {
	case "S":
		a.Street, a.BuildingNumber, a.PostalCode, a.Town = l[2], l[3], l[4], l[5]
		if a.PostalCode == "" || a.Town == "" {
			return a, false
		}
	case "K":
		a.AddressLine1, a.AddressLine2 = l[2], l[3]
		if a.AddressLine2 == "" || l[4] != "" || l[5] != "" {
			return a, false
		}
	default:
		return a, false
	}
	if a.Name == "" || utf8.RuneCountInString(a.Name) > 70 || len(a.Country) != 2 || !isUpper(a.Country) {
		return a, false
	}
	return a, true
}

// optionalAddress reads seven lines that are either all empty or a party.
func optionalAddress(l []string) (*SwissAddress, bool) {
	if strings.Join(l, "") == "" {
		return nil, true
	}
	a, ok := swissAddress(l)
	return &a, ok
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// validQRReference reports whether s is a QR reference: 27 digits, the
// last the check digit of the others by the recursive modulo 10 method
// (IG QR-bill Annex B; the ISR reference number's check).
func validQRReference(s string) bool {
	if len(s) != 27 || !isDigits(s) {
		return false
	}
	table := [10]int{0, 9, 4, 6, 8, 2, 7, 1, 3, 5}
	carry := 0
	for i := 0; i < 26; i++ {
		carry = table[(carry+int(s[i]-'0'))%10]
	}
	return (10-carry)%10 == int(s[26]-'0')
}

// validCreditorReference reports whether s is an ISO 11649 creditor
// reference: "RF", two check digits and 1 to 21 letters and digits, with
// the ISO 7064 MOD 97-10 check IBANs use.
func validCreditorReference(s string) bool {
	return len(s) >= 5 && len(s) <= 25 && strings.HasPrefix(s, "RF") && gs1.ValidIBAN(s)
}
