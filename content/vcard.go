package content

import "strings"

// parseVCard reads the first vCard of a text that starts with BEGIN:VCARD.
// Properties of nested cards (vCard 2.1 AGENT) are left out; a card without
// END:VCARD is read to the end of the text.
func parseVCard(s, _ string) *Content {
	if !hasPrefixFold(s, "BEGIN:VCARD") {
		return nil
	}
	var (
		c     Contact
		n     []string // parts of N, for a card without FN
		depth int
	)
	r := lineReader{s: s}
read:
	for {
		p, ok := r.next()
		if !ok {
			break
		}
		switch p.name {
		case "BEGIN":
			if strings.EqualFold(strings.TrimSpace(p.value), "VCARD") {
				depth++
			}
			continue
		case "END":
			if strings.EqualFold(strings.TrimSpace(p.value), "VCARD") {
				depth--
			}
			if depth <= 0 {
				break read // the first card is complete
			}
			continue
		}
		if depth != 1 {
			continue
		}
		vcardProperty(&c, &n, &p, &r)
	}
	if c.Name == "" && n != nil {
		// RFC 6350 §6.2.2: family; given; additional; prefixes; suffixes.
		part := func(i int) string {
			if i >= len(n) {
				return ""
			}
			return strings.Join(strings.Fields(strings.ReplaceAll(n[i], ",", " ")), " ")
		}
		c.Name = joinNonEmpty(" ", part(3), part(1), part(2), part(0), part(4))
	}
	return contactContent(&c)
}

// vcardProperty stores one property of a card in c; n receives the parts
// of N.
func vcardProperty(c *Contact, n *[]string, p *property, r *lineReader) {
	if enc := strings.ToUpper(p.param("ENCODING")); enc == "B" || enc == "BASE64" {
		return // binary: PHOTO, LOGO, SOUND, KEY
	}
	text := func() string { return strings.TrimSpace(unescapeText(p.value)) }
	switch p.name {
	case "VERSION":
		// vCard 2.1 keeps the white space of folded lines.
		r.keepFoldSpace = strings.TrimSpace(p.value) == "2.1"
	case "FN":
		if c.Name == "" {
			c.Name = text()
		}
	case "N":
		if *n == nil {
			*n = splitEscaped(p.value, ';', 5)
		}
	case "NICKNAME":
		if c.Nickname == "" {
			c.Nickname = joinNonEmpty(", ", trimAll(splitEscaped(p.value, ',', maxItems))...)
		}
	case "ORG":
		if c.Organization == "" {
			parts := trimAll(splitEscaped(p.value, ';', maxItems))
			c.Organization = parts[0]
			c.Department = joinNonEmpty(", ", parts[1:]...)
		}
	case "TITLE":
		if c.Title == "" {
			c.Title = text()
		}
	case "TEL":
		num := text()
		if rest, ok := cutPrefixFold(num, "tel:"); ok {
			num = strings.TrimSpace(percentDecode(rest, false))
		}
		if num != "" {
			c.Phones = appendBounded(c.Phones, ContactPhone{Number: num, Type: p.types()})
		}
	case "EMAIL":
		addr := text()
		if rest, ok := cutPrefixFold(addr, "mailto:"); ok {
			addr = strings.TrimSpace(percentDecode(rest, false))
		}
		if addr != "" {
			c.Emails = appendBounded(c.Emails, ContactEmail{Address: addr, Type: p.types()})
		}
	case "ADR":
		parts := trimAll(splitEscaped(p.value, ';', 7))
		parts = append(parts, make([]string, 7-len(parts))...)
		a := Address{
			Type:       p.types(),
			POBox:      parts[0],
			Extended:   parts[1],
			Street:     parts[2],
			Locality:   parts[3],
			Region:     parts[4],
			PostalCode: parts[5],
			Country:    parts[6],
		}
		a.Address = strings.TrimSpace(p.param("LABEL"))
		if a.Address == "" {
			a.Address = joinNonEmpty(", ", parts...)
		}
		if a.Address != "" {
			c.Addresses = appendBounded(c.Addresses, a)
		}
	case "URL":
		if u := text(); u != "" {
			c.URLs = appendBounded(c.URLs, u)
		}
	case "NOTE":
		if c.Note == "" {
			c.Note = text()
		}
	case "BDAY":
		if c.Birthday == "" {
			c.Birthday = isoDate(text())
		}
	}
}

// trimAll trims the white space around each of parts, in place.
func trimAll(parts []string) []string {
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}
