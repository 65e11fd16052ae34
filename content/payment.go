package content

import (
	"strings"
	"unicode/utf8"

	"github.com/barkit/barkit/gs1"
)

// Payment is a SEPA credit transfer to initiate (TypePayment), from the
// European Payments Council's QR code, known as EPC QR, GiroCode or "Zahlen
// mit Code" (EPC069-12, Quick Response Code: Guidelines to Enable Data
// Capture for the Initiation of a SEPA Credit Transfer, v3.0, §4): one data
// element per line (LF or CR LF),
//
//	BCD                  service tag
//	002                  version, 001 or 002
//	1                    character set, 1 (UTF-8) to 8
//	SCT                  identification: SCT, or INST for an instant transfer
//	BPOTBEB1             BIC of the beneficiary's bank (optional from version 002)
//	Red Cross            beneficiary name, up to 70 characters
//	BE72000000001616     beneficiary IBAN
//	EUR1                 amount, EUR0.01 to EUR999999999.99 (optional)
//	CHAR                 purpose code, 4 characters (optional)
//	                     structured creditor reference, up to 35 (optional)
//	Urgency fund         unstructured remittance text, up to 140 (optional; not with a reference)
//	Sample EPC QR code   beneficiary to originator information, up to 70 (optional)
//
// A text that breaks these rules, or whose IBAN has wrong check digits, is
// plain text.
type Payment struct {
	Version        string `json:"version"`        // "001" or "002"
	CharacterSet   int    `json:"characterSet"`   // 1 UTF-8, 2-8 ISO 8859-1, -2, -4, -5, -7, -10, -15
	Identification string `json:"identification"` // "SCT" or "INST"
	BIC            string `json:"bic,omitempty"`  // bank identifier code, 8 or 11 characters
	Name           string `json:"name"`           // the beneficiary
	IBAN           string `json:"iban"`           // the beneficiary's account, without spaces
	// Currency and Amount give the amount to pay: "EUR" and a decimal
	// with two places, "1.00"; both omitted when the payer chooses.
	Currency    string `json:"currency,omitempty"`
	Amount      string `json:"amount,omitempty"`
	Purpose     string `json:"purpose,omitempty"`     // ISO 20022 purpose code, "CHAR"
	Reference   string `json:"reference,omitempty"`   // structured creditor reference (ISO 11649 RF...)
	Text        string `json:"text,omitempty"`        // unstructured remittance information
	Information string `json:"information,omitempty"` // beneficiary to originator information
}

// epcMaxBytes is the largest EPC QR payload (EPC069-12 §4.1).
const epcMaxBytes = 331

func parsePayment(s, _ string) *Content {
	if !strings.HasPrefix(s, "BCD\n") && !strings.HasPrefix(s, "BCD\r\n") || len(s) > epcMaxBytes {
		return nil
	}
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	if len(lines) < 7 || len(lines) > 12 {
		return nil
	}
	for len(lines) < 12 {
		lines = append(lines, "")
	}
	p := Payment{
		Version:        lines[1],
		Identification: lines[3],
		BIC:            strings.TrimSpace(lines[4]),
		Name:           strings.TrimSpace(lines[5]),
		IBAN:           strings.ReplaceAll(strings.TrimSpace(lines[6]), " ", ""),
		Purpose:        strings.TrimSpace(lines[8]),
		Reference:      strings.TrimSpace(lines[9]),
		Text:           strings.TrimSpace(lines[10]),
		Information:    strings.TrimSpace(lines[11]),
	}
	if len(lines[2]) != 1 || lines[2][0] < '1' || lines[2][0] > '8' {
		return nil
	}
	p.CharacterSet = int(lines[2][0] - '0')
	switch {
	case p.Version != "001" && p.Version != "002",
		p.Identification != "SCT" && p.Identification != "INST",
		p.Version == "001" && p.BIC == "",
		p.BIC != "" && !isBIC(p.BIC),
		p.Name == "" || utf8.RuneCountInString(p.Name) > 70,
		!gs1.ValidIBAN(p.IBAN),
		p.Purpose != "" && (len(p.Purpose) != 4 || !isAlnum(p.Purpose)),
		utf8.RuneCountInString(p.Reference) > 35,
		utf8.RuneCountInString(p.Text) > 140,
		p.Reference != "" && p.Text != "",
		utf8.RuneCountInString(p.Information) > 70:
		return nil
	}
	if a := strings.TrimSpace(lines[7]); a != "" {
		amount, ok := strings.CutPrefix(a, "EUR")
		if !ok {
			return nil
		}
		if p.Amount, ok = money(amount, 999999999); !ok || p.Amount == "0.00" {
			return nil
		}
		p.Currency = "EUR"
	}
	return &Content{Type: TypePayment, Payment: &p}
}

// isBIC reports whether s is an ISO 9362 business identifier code: four
// letters (institution), two letters (country), two letters or digits
// (location), and optionally three letters or digits (branch).
func isBIC(s string) bool {
	if len(s) != 8 && len(s) != 11 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'A' && c <= 'Z'
		if i < 6 && !letter || i >= 6 && !letter && !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return s != ""
}

// money reads a decimal amount of at most two decimal places and max units
// ("12", "12.3", "12.30") and writes it with two places ("12.30").
func money(s string, max int) (string, bool) {
	whole, frac, hasPoint := strings.Cut(s, ".")
	if whole == "" || len(whole) > 12 || !isDigits(whole) || hasPoint && (frac == "" || len(frac) > 2 || !isDigits(frac)) {
		return "", false
	}
	whole = strings.TrimLeft(whole, "0")
	if whole == "" {
		whole = "0"
	}
	if len(whole) > 9 || num(whole) > max {
		return "", false
	}
	return whole + "." + (frac + "00")[:2], true
}

// num returns the value of at most 18 digits.
func num(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}
