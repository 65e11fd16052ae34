package content

import (
	"slices"
	"strings"
)

// Product is a trade item number (TypeProduct): a GTIN from an EAN-13,
// EAN-8, UPC-A, UPC-E or ITF-14 symbol, possibly with an EAN-2 or EAN-5
// add-on.
//
// A text is a product code when it was read from one of those symbologies
// (the hint "ean13", "ean8", "upca", "upce", "isbn" or "itf14") or from an
// unknown one (""), its main code has 8, 12, 13 or 14 digits (a GTIN-8,
// GTIN-12, GTIN-13 or GTIN-14), and its check digit is right (GS1 General
// Specifications §7.9.1, the mod-10 check). From a retail symbology the
// add-on may follow the main code directly ("978073520044951299") or after
// a space; from an unknown one it needs the space. Digits from any other
// symbology (QR Code, Code 128, ...) are text. A wrong check digit makes the
// text plain text too: a misread, or a number that is not a GTIN.
//
// EAN-13 codes of the Bookland prefixes 978 and 979 are ISBN, not Product.
type Product struct {
	GTIN string `json:"gtin"` // the GTIN in 14 digits, zero-padded on the left
	// Code is the main code as read, without add-on: for UPC-E the eight
	// digits of the symbol, or the expanded form when the reader gave that.
	Code string `json:"code"`
	// Format is "EAN-13", "EAN-8", "UPC-A", "UPC-E" or "GTIN-14": the
	// symbology's form when known, else the form its length implies. A
	// UPC-E code's GTIN is its expansion to UPC-A.
	Format string `json:"format"`
	AddOn  string `json:"addOn,omitempty"` // the 2 or 5 add-on digits; omitted when none
}

// ISBN is a book number (TypeISBN): an EAN-13 of prefix 978 or 979 with a
// right check digit, from an EAN-13 symbol, the hint "isbn", or text of
// unknown origin (13 digits, hyphens allowed); with the hint "isbn" also a
// ten-character ISBN-10 with its mod-11 check digit (ISO 2108).
type ISBN struct {
	ISBN13 string `json:"isbn13"` // 13 digits
	// ISBN10 is the 10-character form, last character a digit or 'X'; ""
	// for the 979 prefix, which has none.
	ISBN10 string `json:"isbn10"`
	GTIN   string `json:"gtin"`            // the ISBN-13 as a 14-digit GTIN
	AddOn  string `json:"addOn,omitempty"` // the 2 or 5 add-on digits; omitted when none
	// Price is the suggested retail price of an EAN-5 add-on; omitted when
	// the add-on holds none.
	Price *Price `json:"price,omitempty"`
}

// Price is a suggested retail price from a book's EAN-5 add-on: its first
// digit names the currency (0 or 1 pound sterling, 3 Australian dollar, 4
// New Zealand dollar, 5 US dollar, 6 Canadian dollar) and the other four are
// the price in hundredths. Add-ons 90000 to 99999 (no price, internal use)
// and the "or more" amounts x9999 give no Price.
type Price struct {
	Currency string `json:"currency"` // ISO 4217 code: GBP, AUD, NZD, USD or CAD
	Amount   string `json:"amount"`   // decimal, two places: "12.99"
}

// retailHints are the symbologies whose text is a GTIN, with the lengths
// of their main code to try, in order. The ean package may give UPC-A and
// UPC-E in their 13-digit EAN-13 form (as zxing-cpp does), so those lengths
// are accepted beside the symbology's own.
var retailHints = map[string][]int{
	"ean13": {13},
	"isbn":  {13},
	"upca":  {12, 13},
	"upce":  {8, 13, 12},
	"ean8":  {8},
	"itf14": {14},
}

// gtinLengths are the lengths of the GTIN forms: GTIN-8, GTIN-12 (UPC-A),
// GTIN-13 and GTIN-14.
var gtinLengths = []int{8, 12, 13, 14}

// parseProduct recognises product codes and ISBNs as described on Product
// and ISBN.
func parseProduct(s, hint string) *Content {
	lengths, retail := retailHints[hint]
	if !retail && hint != "" {
		return nil
	}
	if hint == "isbn" || hint == "" {
		if c := parseHyphenatedISBN(s, hint); c != nil {
			return c
		}
	}
	main, addOn, spaced := strings.Cut(s, " ")
	if spaced {
		addOn = strings.TrimSpace(addOn)
		if len(addOn) != 2 && len(addOn) != 5 || !isDigits(addOn) {
			return nil
		}
	}
	if hint == "isbn" && len(main) == 10 && !spaced {
		return isbn10(main, "")
	}
	if !isDigits(main) {
		return nil
	}
	// A main code of the whole length first, the symbology's own lengths
	// before the others (an EAN-13 reader may give a UPC-A code in 12
	// digits); then a main code followed directly by an add-on:
	// "0012345000065" from UPC-E is the 13-digit form before it is UPC-E
	// 00123450 with add-on 00065.
	for _, n := range slices.Concat(lengths, gtinLengths) {
		if len(main) == n {
			if c := product(main, addOn, hint); c != nil {
				return c
			}
		}
	}
	if spaced || !retail {
		return nil
	}
	for _, n := range lengths {
		if n != 14 && (len(main) == n+2 || len(main) == n+5) {
			if c := product(main[:n], main[n:], hint); c != nil {
				return c
			}
		}
	}
	return nil
}

// product returns the product or ISBN for a main code of the length its
// symbology has, or nil when its check digit is wrong.
func product(code, addOn, hint string) *Content {
	var gtin, format string
	switch len(code) {
	case 8:
		if hint == "upce" {
			upca, ok := expandUPCE(code)
			if !ok {
				return nil
			}
			gtin, format = "00"+upca, "UPC-E"
		} else {
			gtin, format = "000000"+code, "EAN-8"
		}
	case 12:
		gtin, format = "00"+code, "UPC-A"
	case 13:
		gtin, format = "0"+code, "EAN-13"
		if hint == "upca" && code[0] == '0' {
			format = "UPC-A"
		}
	case 14:
		gtin, format = code, "GTIN-14"
	default:
		return nil
	}
	if hint == "upce" && len(code) != 8 {
		// The UPC-A or EAN-13 form of a UPC-E symbol; it must be one that
		// UPC-E can express.
		if _, ok := compressUPCA(gtin[2:]); !ok || gtin[1] != '0' {
			return nil
		}
		format = "UPC-E"
	}
	if !checkDigitOK(gtin) {
		return nil
	}
	if format == "EAN-13" && (strings.HasPrefix(code, "978") || strings.HasPrefix(code, "979")) {
		return isbnContent(code, addOn)
	}
	return &Content{Type: TypeProduct, Product: &Product{GTIN: gtin, Code: code, Format: format, AddOn: addOn}}
}

// checkDigit returns the GS1 mod-10 check digit of the digits d (GS1
// General Specifications §7.9.1): from the right, weights 3, 1, 3, ...;
// the check digit brings the sum to a multiple of 10.
func checkDigit(d string) byte {
	sum := 0
	for i := len(d) - 1; i >= 0; i -= 2 {
		sum += 3 * int(d[i]-'0')
		if i > 0 {
			sum += int(d[i-1] - '0')
		}
	}
	return byte('0' + (10-sum%10)%10)
}

// checkDigitOK reports whether the last digit of the all-digit string d is
// the check digit of the others.
func checkDigitOK(d string) bool {
	return len(d) >= 2 && checkDigit(d[:len(d)-1]) == d[len(d)-1]
}

// expandUPCE expands an eight-digit UPC-E code (number system, six digits,
// check digit) to its twelve-digit UPC-A form, by the zero-suppression rules
// of the GS1 General Specifications (UPC-E), chosen by the sixth digit. Only
// number systems 0 and 1 exist.
func expandUPCE(e string) (string, bool) {
	if len(e) != 8 || e[0] != '0' && e[0] != '1' {
		return "", false
	}
	ns, d, check := e[:1], e[1:7], e[7:]
	var body string
	switch d[5] {
	case '0', '1', '2': // manufacturer d1 d2 d6 0 0, item 0 0 d3 d4 d5
		body = d[0:2] + d[5:6] + "0000" + d[2:5]
	case '3': // manufacturer d1 d2 d3 0 0, item 0 0 0 d4 d5
		body = d[0:3] + "00000" + d[3:5]
	case '4': // manufacturer d1 d2 d3 d4 0, item 0 0 0 0 d5
		body = d[0:4] + "00000" + d[4:5]
	default: // manufacturer d1..d5, item 0 0 0 0 d6
		body = d[0:5] + "0000" + d[5:6]
	}
	return ns + body + check, true
}

// compressUPCA returns the UPC-E form of a twelve-digit UPC-A code, or
// false when it has none: the inverse of expandUPCE.
func compressUPCA(a string) (string, bool) {
	if len(a) != 12 || a[0] != '0' && a[0] != '1' {
		return "", false
	}
	m, item := a[1:6], a[6:11]
	var d string
	switch {
	case m[2] <= '2' && m[3:] == "00" && item[:2] == "00":
		d = m[:2] + item[2:5] + m[2:3]
	case m[3:] == "00" && item[:3] == "000":
		d = m[:3] + item[3:5] + "3"
	case m[4] == '0' && item[:4] == "0000":
		d = m[:4] + item[4:5] + "4"
	case item[:4] == "0000" && item[4] >= '5':
		d = m + item[4:5]
	default:
		return "", false
	}
	return a[:1] + d + a[11:], true
}

// parseHyphenatedISBN takes an ISBN-13 written with hyphens or spaces
// between its groups ("978-0-306-40615-7"), or, with the hint "isbn", an
// ISBN-10 written so.
func parseHyphenatedISBN(s, hint string) *Content {
	if !strings.ContainsAny(s, "- ") || len(s) > 20 {
		return nil
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			b = append(b, c)
		case (c == 'X' || c == 'x') && i == len(s)-1:
			b = append(b, 'X')
		case c == '-' || c == ' ':
			if i == 0 || i == len(s)-1 || s[i-1] == '-' || s[i-1] == ' ' {
				return nil
			}
		default:
			return nil
		}
	}
	d := string(b)
	switch {
	case len(d) == 13 && isDigits(d) && (strings.HasPrefix(d, "978") || strings.HasPrefix(d, "979")) && checkDigitOK(d):
		return isbnContent(d, "")
	case len(d) == 10 && hint == "isbn":
		return isbn10(d, "")
	}
	return nil
}

// isbn10 returns the ISBN for a ten-character ISBN-10 with a right check
// character.
func isbn10(d, addOn string) *Content {
	if len(d) != 10 || !isDigits(d[:9]) || !(isDigits(d[9:]) || d[9] == 'X' || d[9] == 'x') {
		return nil
	}
	if last := d[9]; isbn10Check(d[:9]) != last && !(last == 'x' && isbn10Check(d[:9]) == 'X') {
		return nil
	}
	body := "978" + d[:9]
	return isbnContent(body+string(checkDigit(body)), addOn)
}

// isbn10Check returns the ISBN-10 check character of nine digits (ISO
// 2108): weights 10 down to 2, and the check brings the sum to a multiple of
// 11; 10 is written 'X'.
func isbn10Check(d string) byte {
	sum := 0
	for i := 0; i < 9; i++ {
		sum += (10 - i) * int(d[i]-'0')
	}
	c := (11 - sum%11) % 11
	if c == 10 {
		return 'X'
	}
	return byte('0' + c)
}

// isbnContent builds the ISBN of a checked 13-digit 978/979 code.
func isbnContent(code, addOn string) *Content {
	n := ISBN{ISBN13: code, GTIN: "0" + code, AddOn: addOn}
	if strings.HasPrefix(code, "978") {
		n.ISBN10 = code[3:12] + string(isbn10Check(code[3:12]))
	}
	if len(addOn) == 5 {
		n.Price = bookPrice(addOn)
	}
	return &Content{Type: TypeISBN, ISBN: &n}
}

// bookPrice reads the price of an EAN-5 add-on as described on Price.
func bookPrice(a string) *Price {
	var cur string
	switch a[0] {
	case '0', '1':
		cur = "GBP"
	case '3':
		cur = "AUD"
	case '4':
		cur = "NZD"
	case '5':
		cur = "USD"
	case '6':
		cur = "CAD"
	default:
		return nil
	}
	if a[1:] == "9999" {
		return nil
	}
	units := strings.TrimLeft(a[1:3], "0")
	if units == "" {
		units = "0"
	}
	return &Price{Currency: cur, Amount: units + "." + a[3:5]}
}
