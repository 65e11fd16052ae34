package content

import "strings"

// Email is an e-mail message to compose (TypeEmail), from
//
//	mailto:a@example.com,b@example.com?cc=c@example.com&subject=Hi&body=Text  (RFC 6068)
//	mailto://a@example.com;b@example.com                                    (slashes and Outlook's ';', found in the wild)
//	MATMSG:TO:a@example.com;SUB:Hi;BODY:Text;;                             (NTT DoCoMo)
//	SMTP:a@example.com:Hi:Text                                              (ZXing)
//	a@example.com                                                           (a plain address or comma-separated list)
//
// mailto: addresses and header values are percent-decoded as UTF-8; a
// "to" header adds to the addresses before the '?'. Lists are always present,
// empty when there is nothing in them.
type Email struct {
	To      []string `json:"to"`      // recipients
	CC      []string `json:"cc"`      // carbon-copy recipients
	BCC     []string `json:"bcc"`     // blind carbon-copy recipients
	Subject string   `json:"subject"` // subject line
	Body    string   `json:"body"`    // message text
}

// parseMailto reads an RFC 6068 mailto: URI.
func parseMailto(s, _ string) *Content {
	rest, ok := cutPrefixFold(s, "mailto:")
	if !ok {
		return nil
	}
	var e Email
	addrs, query, _ := strings.Cut(strings.TrimPrefix(rest, "//"), "?")
	e.To = addAddresses(e.To, addrs, true)
	for query != "" {
		var pair string
		pair, query, _ = strings.Cut(query, "&")
		k, v, _ := strings.Cut(pair, "=")
		switch strings.ToLower(percentDecode(k, false)) {
		case "to":
			e.To = addAddresses(e.To, v, true)
		case "cc":
			e.CC = addAddresses(e.CC, v, true)
		case "bcc":
			e.BCC = addAddresses(e.BCC, v, true)
		case "subject":
			if e.Subject == "" {
				e.Subject = percentDecode(v, false)
			}
		case "body":
			if e.Body == "" {
				e.Body = percentDecode(v, false)
			}
		}
	}
	if len(e.To) == 0 && len(e.CC) == 0 && len(e.BCC) == 0 && e.Subject == "" && e.Body == "" {
		return nil
	}
	return &Content{Type: TypeEmail, Email: &e}
}

// addAddresses appends the addresses of list, separated by commas (or
// semicolons, as Outlook writes them), to to, percent-decoding each when
// decode is set and leaving out empty ones.
func addAddresses(to []string, list string, decode bool) []string {
	for list != "" {
		a := list
		if i := strings.IndexAny(list, ",;"); i >= 0 {
			a, list = list[:i], list[i+1:]
		} else {
			list = ""
		}
		if decode {
			a = percentDecode(a, false)
		}
		if a = strings.TrimSpace(a); a != "" {
			to = appendBounded(to, a)
		}
	}
	return to
}

// parseMATMSG reads NTT DoCoMo's MATMSG: form. Every TO: must look like an
// address.
func parseMATMSG(s, _ string) *Content {
	rest, ok := cutPrefixFold(s, "MATMSG:")
	if !ok {
		return nil
	}
	f := splitFields(rest)
	to := values(f, "TO")
	if len(to) == 0 {
		return nil
	}
	for _, a := range to {
		if !isEmailAddress(a) {
			return nil
		}
	}
	sub, _ := value(f, "SUB")
	body, _ := value(f, "BODY")
	return &Content{Type: TypeEmail, Email: &Email{To: to, Subject: sub, Body: body}}
}

// parseSMTP reads ZXing's "SMTP:to:subject:body" form; the body may hold
// colons.
func parseSMTP(s, _ string) *Content {
	rest, ok := cutPrefixFold(s, "SMTP:")
	if !ok {
		return nil
	}
	to, rest, _ := strings.Cut(rest, ":")
	sub, body, _ := strings.Cut(rest, ":")
	if !isEmailAddress(to) {
		return nil
	}
	return &Content{Type: TypeEmail, Email: &Email{To: []string{to}, Subject: sub, Body: body}}
}

// parseEmailAddress takes a text that is nothing but an address, or a
// comma-separated list of them.
func parseEmailAddress(s, _ string) *Content {
	if !strings.ContainsRune(s, '@') || hasSpace(s) {
		return nil
	}
	var to []string
	for _, a := range strings.Split(s, ",") {
		if !isEmailAddress(a) {
			return nil
		}
		to = appendBounded(to, a)
	}
	return &Content{Type: TypeEmail, Email: &Email{To: to}}
}

// isEmailAddress reports whether a is a plausible address: a local part of
// RFC 5322 atext characters and dots (non-ASCII allowed, RFC 6531), '@', and
// a domain of two or more labels of letters, digits and hyphens.
func isEmailAddress(a string) bool {
	local, domain, ok := strings.Cut(a, "@")
	if !ok || local == "" || len(local) > 64 || domain == "" || len(domain) > 255 {
		return false
	}
	if local[0] == '.' || local[len(local)-1] == '.' {
		return false
	}
	for i := 0; i < len(local); i++ {
		c := local[i]
		if c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("!#$%&'*+-/=?^_`{|}~.", c) >= 0 {
			continue
		}
		return false
	}
	labels := 0
	for _, l := range strings.Split(domain, ".") {
		if l == "" || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !(c >= 0x80 || c == '-' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
				return false
			}
		}
		labels++
	}
	return labels >= 2
}
