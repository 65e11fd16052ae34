package content

import (
	"strconv"
	"strings"
)

// DriverLicense is a North American driver's licence or identification card
// (TypeDriverLicense): the PDF417 payload of the AAMVA DL/ID Card Design
// Standard (2020, Annex D), versions 1 (AAMVA DL/ID-2000) to 10 and later.
// The payload starts with a header,
//
//	@ LF RS CR "ANSI " IIN(6) version(2) jurisdiction-version(2) entries(2)
//
// (no jurisdiction version in version 1), then a directory of subfiles
// (type, offset, length), then the subfiles: "DL" or "ID" followed by data
// elements, each a three-letter element ID and its value, ended by LF, the
// subfile ended by CR. Offsets in the directory are often wrong in the
// field, so the DL or ID subfile is also found by its type. A payload
// without a customer ID number (DAQ) is plain text.
type DriverLicense struct {
	DocumentType        string `json:"documentType"`        // "DL" (driver's licence) or "ID" (identification card)
	IssuerID            string `json:"issuerId"`            // issuer identification number (IIN), "636000"
	Version             int    `json:"version"`             // AAMVA version of the standard, 1 to 10+
	JurisdictionVersion int    `json:"jurisdictionVersion"` // version of the jurisdiction's own elements; 0 in version 1
	LicenseNumber       string `json:"licenseNumber"`       // customer ID number (DAQ)
	// Name is the holder's name in reading order: given names, middle
	// names, family name, suffix ("MICHAEL JOHN SAMPLE JR").
	Name       string `json:"name"`
	FamilyName string `json:"familyName,omitempty"` // DCS (DAB in version 1)
	GivenName  string `json:"givenName,omitempty"`  // DAC, or the first of DCT
	MiddleName string `json:"middleName,omitempty"` // DAD, or the rest of DCT
	Suffix     string `json:"suffix,omitempty"`     // DCU
	// The dates are ISO 8601 ("1986-06-06"), read as MMDDCCYY in the
	// United States and CCYYMMDD in Canada and in version 1.
	DateOfBirth string `json:"dateOfBirth,omitempty"` // DBB
	IssueDate   string `json:"issueDate,omitempty"`   // DBD
	ExpiryDate  string `json:"expiryDate,omitempty"`  // DBA
	Sex         string `json:"sex,omitempty"`         // DBC: "male", "female" or "not specified"
	EyeColor    string `json:"eyeColor,omitempty"`    // DAY, ANSI D-20 code such as "BRO"
	Height      string `json:"height,omitempty"`      // DAU as written, "068 in" or "175 cm"
	// Address is the holder's address; the zero Address when none is given.
	Address               DriverAddress `json:"address"`
	VehicleClass          string        `json:"vehicleClass,omitempty"`          // DCA
	Restrictions          string        `json:"restrictions,omitempty"`          // DCB
	Endorsements          string        `json:"endorsements,omitempty"`          // DCD
	DocumentDiscriminator string        `json:"documentDiscriminator,omitempty"` // DCF
	// Elements holds every data element of the DL or ID subfile by its
	// element ID, values without trailing spaces: "DAQ": "T64235789".
	Elements map[string]string `json:"elements"`
}

// DriverAddress is the address on a licence.
type DriverAddress struct {
	Street     string `json:"street,omitempty"`     // DAG
	Street2    string `json:"street2,omitempty"`    // DAH
	City       string `json:"city,omitempty"`       // DAI
	State      string `json:"state,omitempty"`      // DAJ, jurisdiction code such as "VA"
	PostalCode string `json:"postalCode,omitempty"` // DAK; a US ZIP+4 as "23269-1234", without a "-0000" extension
	Country    string `json:"country,omitempty"`    // DCG, "USA" or "CAN"
}

// maxAAMVA bounds the payloads read: a PDF417 symbol holds under 2 KB.
const maxAAMVA = 4096

func parseDriverLicense(s, hint string) *Content {
	// From a PDF417 symbol, a header whose compliance indicator was lost
	// with the separators (keyboard-wedge scanners drop control
	// characters) is still a licence.
	pdf417 := hint == "pdf417" || hint == "compactpdf417" || hint == "micropdf417"
	if len(s) < 16 || len(s) > maxAAMVA || s[0] != '@' && !(pdf417 && strings.HasPrefix(s, "ANSI ")) {
		return nil
	}
	// The separators after '@' are sometimes lost by keyboard-wedge
	// scanners; the file type must come within a few characters.
	i := strings.Index(s[:min(len(s), 12)], "ANSI ")
	if i < 0 {
		i = strings.Index(s[:min(len(s), 12)], "AAMVA")
	}
	if i < 0 {
		return nil
	}
	h := s[i+5:]
	if len(h) < 10 || !isDigits(h[:10]) {
		return nil
	}
	d := DriverLicense{IssuerID: h[:6], Elements: map[string]string{}}
	d.Version, _ = strconv.Atoi(h[6:8])
	rest := h[8:]
	if d.Version >= 2 {
		if len(rest) < 4 || !isDigits(rest[:4]) {
			return nil
		}
		d.JurisdictionVersion, _ = strconv.Atoi(rest[:2])
		rest = rest[2:]
	}
	entries, _ := strconv.Atoi(rest[:2])
	rest = rest[2:]
	dir := len(s) - len(rest) // where the directory starts
	// The directory: type (2), offset (4), length (4) per subfile.
	start := -1
	for e := 0; e < entries && len(rest) >= 10; e++ {
		typ, off := rest[:2], rest[2:6]
		rest = rest[10:]
		if (typ == "DL" || typ == "ID") && d.DocumentType == "" {
			d.DocumentType = typ
			if n, err := strconv.Atoi(off); err == nil && isDigits(off) && n+2 <= len(s) && s[n:n+2] == typ {
				start = n + 2
			}
		}
	}
	if d.DocumentType == "" {
		return nil
	}
	if start < 0 {
		// The offset or the number of entries is wrong: take the first
		// "DLD..." (or "IDD..."), which no directory entry can look like.
		k := strings.Index(s[dir:], d.DocumentType+"D")
		if k < 0 {
			return nil
		}
		start = dir + k + 2
	}
	body := s[start:]
	if end := strings.IndexByte(body, '\r'); end >= 0 {
		body = body[:end]
	}
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimRight(line, " ")
		if len(line) < 3 || !isElementID(line[:3]) || len(d.Elements) >= maxItems {
			continue
		}
		if _, dup := d.Elements[line[:3]]; !dup {
			d.Elements[line[:3]] = line[3:]
		}
	}
	el := d.Elements
	d.LicenseNumber = el["DAQ"]
	if d.LicenseNumber == "" {
		return nil
	}
	d.fillName()
	d.Address = DriverAddress{Street: el["DAG"], Street2: el["DAH"], City: el["DAI"], State: el["DAJ"], Country: el["DCG"]}
	d.Address.PostalCode = postalCode(el["DAK"], d.Address.Country)
	canadian := d.Address.Country == "CAN" || d.Version == 1
	d.DateOfBirth = licenceDate(el["DBB"], canadian)
	d.IssueDate = licenceDate(el["DBD"], canadian)
	d.ExpiryDate = licenceDate(el["DBA"], canadian)
	switch el["DBC"] {
	case "1", "M":
		d.Sex = "male"
	case "2", "F":
		d.Sex = "female"
	case "9":
		d.Sex = "not specified"
	}
	d.EyeColor, d.Height = el["DAY"], el["DAU"]
	d.VehicleClass, d.Restrictions, d.Endorsements = el["DCA"], el["DCB"], el["DCD"]
	d.DocumentDiscriminator = el["DCF"]
	return &Content{Type: TypeDriverLicense, DriverLicense: &d}
}

// isElementID reports whether s is a data element ID: three capital
// letters or digits, the first a letter.
func isElementID(s string) bool {
	for i := 0; i < 3; i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// fillName sets the name fields from DCS/DAC/DAD/DCU (version 4 on), DCT
// (versions 2 and 3: given names separated by a comma or space), or DAA
// (version 1: "FAMILY,GIVEN,MIDDLE").
func (d *DriverLicense) fillName() {
	el := d.Elements
	d.FamilyName, d.GivenName, d.MiddleName, d.Suffix = el["DCS"], el["DAC"], el["DAD"], el["DCU"]
	if d.FamilyName == "" {
		d.FamilyName = el["DAB"]
	}
	if d.GivenName == "" && el["DCT"] != "" {
		given := strings.FieldsFunc(el["DCT"], func(r rune) bool { return r == ',' || r == ' ' })
		if len(given) > 0 {
			d.GivenName, d.MiddleName = given[0], strings.Join(given[1:], " ")
		}
	}
	if d.FamilyName == "" && d.GivenName == "" && el["DAA"] != "" {
		parts := strings.Split(el["DAA"], ",")
		d.FamilyName = strings.TrimSpace(parts[0])
		if len(parts) > 1 {
			d.GivenName = strings.TrimSpace(parts[1])
		}
		if len(parts) > 2 {
			d.MiddleName = strings.TrimSpace(strings.Join(parts[2:], " "))
		}
	}
	// "NONE" and "unavl" mark absent names in some jurisdictions.
	for _, p := range []*string{&d.FamilyName, &d.GivenName, &d.MiddleName, &d.Suffix} {
		if strings.EqualFold(*p, "NONE") || strings.EqualFold(*p, "unavl") {
			*p = ""
		}
	}
	var parts []string
	for _, p := range []string{d.GivenName, d.MiddleName, d.FamilyName, d.Suffix} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	d.Name = strings.Join(parts, " ")
}

// licenceDate reads an eight-digit date, MMDDCCYY or, for canadian,
// CCYYMMDD, trying the other order when the first is no date; "" when
// neither is.
func licenceDate(s string, canadian bool) string {
	if len(s) != 8 || !isDigits(s) {
		return ""
	}
	us := func() string { return validDate(s[4:8], s[:2], s[2:4]) }
	ca := func() string { return validDate(s[:4], s[4:6], s[6:8]) }
	if canadian {
		if d := ca(); d != "" {
			return d
		}
		return us()
	}
	if d := us(); d != "" {
		return d
	}
	return ca()
}

// validDate returns "YYYY-MM-DD" for a valid date, else "".
func validDate(yyyy, mm, dd string) string {
	y, m, d := num(yyyy), num(mm), num(dd)
	if m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m) || y < 1800 {
		return ""
	}
	return yyyy + "-" + mm + "-" + dd
}

func daysInMonth(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// postalCode writes a US ZIP+4 "232690000" as "23269" (no extension) or
// "23269-1234"; other codes as written.
func postalCode(s, country string) string {
	if len(s) == 9 && isDigits(s) && country != "CAN" {
		if s[5:] == "0000" {
			return s[:5]
		}
		return s[:5] + "-" + s[5:]
	}
	return s
}
