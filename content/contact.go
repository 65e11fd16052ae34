package content

import "strings"

// Contact is a person's or an organisation's contact card (TypeContact),
// from a vCard (versions 2.1, 3.0 of RFC 2426 and 4.0 of RFC 6350), an NTT
// DoCoMo MECARD: or a BIZCARD:,
//
//	MECARD:N:Owen,Sean;TEL:+12125551212;EMAIL:srowen@example.com;;
//	BIZCARD:N:Sean;X:Owen;T:Software Engineer;C:Google;B:+12125551212;;
//	BEGIN:VCARD ... END:VCARD
//
// Values are unescaped, unfolded and, for vCard 2.1, decoded from
// quoted-printable in their CHARSET. A card with none of the fields below is
// not a contact. Lists are always present, empty when there is nothing in
// them; the other fields but Name are omitted when empty.
type Contact struct {
	// Name is the formatted name: vCard FN, else the parts of N in reading
	// order; MECARD "Last,First" as "First Last"; BIZCARD N and X.
	Name string `json:"name"`
	// PhoneticName is how the name is read (MECARD SOUND), in the same
	// order as Name.
	PhoneticName string `json:"phoneticName,omitempty"`
	Nickname     string `json:"nickname,omitempty"`     // vCard and MECARD NICKNAME
	Organization string `json:"organization,omitempty"` // organisation name: first part of ORG, BIZCARD C
	// Department is the organisational units of vCard ORG after the name,
	// joined by ", ".
	Department string `json:"department,omitempty"`
	Title      string `json:"title,omitempty"` // job title: vCard TITLE, BIZCARD T

	Phones    []ContactPhone `json:"phones"`    // telephone numbers, in order
	Emails    []ContactEmail `json:"emails"`    // e-mail addresses, in order
	Addresses []Address      `json:"addresses"` // postal addresses, in order
	URLs      []string       `json:"urls"`      // web sites, in order

	Note string `json:"note,omitempty"` // free text: NOTE
	// Birthday is BDAY; a basic-format date "19960415" becomes
	// "1996-04-15", other forms stay as written.
	Birthday string `json:"birthday,omitempty"`
}

// ContactPhone is a telephone number of a contact, as written (a vCard 4.0
// "tel:" URI loses its scheme).
type ContactPhone struct {
	Number string `json:"number"`
	// Type is the vCard TYPE values in lower case joined by commas
	// ("work,voice"), "cell", "work" or "fax" for BIZCARD M, B and F,
	// "video" for MECARD TEL-AV; omitted when none.
	Type string `json:"type,omitempty"`
}

// ContactEmail is an e-mail address of a contact.
type ContactEmail struct {
	Address string `json:"address"`
	Type    string `json:"type,omitempty"` // vCard TYPE values, lower case, joined by commas
}

// Address is a postal address of a contact.
type Address struct {
	// Address is the address on one line: the vCard 4.0 LABEL parameter,
	// else the non-empty parts below joined by ", "; a MECARD or BIZCARD
	// address as written.
	Address string `json:"address"`
	Type    string `json:"type,omitempty"` // vCard TYPE values, lower case, joined by commas

	// The parts of a vCard ADR (RFC 6350 §6.3.1), omitted when empty.
	POBox      string `json:"poBox,omitempty"`
	Extended   string `json:"extended,omitempty"` // apartment or suite
	Street     string `json:"street,omitempty"`
	Locality   string `json:"locality,omitempty"` // city
	Region     string `json:"region,omitempty"`   // state or province
	PostalCode string `json:"postalCode,omitempty"`
	Country    string `json:"country,omitempty"`
}

// empty reports whether c holds nothing worth a contact.
func (c *Contact) empty() bool {
	return c.Name == "" && c.Organization == "" && c.Nickname == "" && c.Title == "" && c.Note == "" &&
		len(c.Phones) == 0 && len(c.Emails) == 0 && len(c.Addresses) == 0 && len(c.URLs) == 0
}

func contactContent(c *Contact) *Content {
	if c.empty() {
		return nil
	}
	return &Content{Type: TypeContact, Contact: c}
}

// parseMECARD reads NTT DoCoMo's MECARD: form.
func parseMECARD(s, _ string) *Content {
	rest, ok := cutPrefixFold(s, "MECARD:")
	if !ok {
		return nil
	}
	var c Contact
	for _, f := range splitFields(rest) {
		v := strings.TrimSpace(unescapeBackslash(f.raw))
		if v == "" {
			continue
		}
		switch strings.ToUpper(f.key) {
		case "N":
			if c.Name == "" {
				c.Name = lastFirst(v)
			}
		case "SOUND":
			if c.PhoneticName == "" {
				c.PhoneticName = lastFirst(v)
			}
		case "TEL":
			c.Phones = appendBounded(c.Phones, ContactPhone{Number: v})
		case "TEL-AV":
			c.Phones = appendBounded(c.Phones, ContactPhone{Number: v, Type: "video"})
		case "EMAIL":
			c.Emails = appendBounded(c.Emails, ContactEmail{Address: v})
		case "ADR":
			c.Addresses = appendBounded(c.Addresses, Address{Address: v})
		case "URL":
			c.URLs = appendBounded(c.URLs, v)
		case "NOTE":
			if c.Note == "" {
				c.Note = v
			}
		case "BDAY":
			if c.Birthday == "" {
				c.Birthday = isoDate(v)
			}
		case "NICKNAME":
			if c.Nickname == "" {
				c.Nickname = v
			}
		case "ORG":
			if c.Organization == "" {
				c.Organization = v
			}
		}
	}
	return contactContent(&c)
}

// lastFirst turns the MECARD "Last,First" name order into "First Last".
func lastFirst(n string) string {
	last, first, ok := strings.Cut(n, ",")
	if !ok {
		return n
	}
	return joinNonEmpty(" ", strings.TrimSpace(first), strings.TrimSpace(last))
}

// parseBIZCARD reads the BIZCARD: form.
func parseBIZCARD(s, _ string) *Content {
	rest, ok := cutPrefixFold(s, "BIZCARD:")
	if !ok {
		return nil
	}
	var c Contact
	var first, last string
	for _, f := range splitFields(rest) {
		v := strings.TrimSpace(unescapeBackslash(f.raw))
		if v == "" {
			continue
		}
		switch strings.ToUpper(f.key) {
		case "N":
			first = v
		case "X":
			last = v
		case "T":
			c.Title = v
		case "C":
			c.Organization = v
		case "A":
			c.Addresses = appendBounded(c.Addresses, Address{Address: v})
		case "B":
			c.Phones = appendBounded(c.Phones, ContactPhone{Number: v, Type: "work"})
		case "M":
			c.Phones = appendBounded(c.Phones, ContactPhone{Number: v, Type: "cell"})
		case "F":
			c.Phones = appendBounded(c.Phones, ContactPhone{Number: v, Type: "fax"})
		case "E":
			c.Emails = appendBounded(c.Emails, ContactEmail{Address: v})
		}
	}
	c.Name = joinNonEmpty(" ", first, last)
	return contactContent(&c)
}

// joinNonEmpty joins the non-empty parts with sep.
func joinNonEmpty(sep string, parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(p)
	}
	return b.String()
}

// isoDate turns a basic-format date "YYYYMMDD" (ISO 8601, as vCard 3.0
// and MECARD BDAY write it) into "YYYY-MM-DD" and returns other text as
// written.
func isoDate(s string) string {
	if len(s) == 8 && isDigits(s) {
		m := int(s[4]-'0')*10 + int(s[5]-'0')
		d := int(s[6]-'0')*10 + int(s[7]-'0')
		if 1 <= m && m <= 12 && 1 <= d && d <= 31 {
			return s[:4] + "-" + s[4:6] + "-" + s[6:]
		}
	}
	return s
}
