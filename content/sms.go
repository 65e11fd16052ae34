package content

import "strings"

// SMS is a text or multimedia message to send (TypeSMS), from
//
//	sms:+15105550101?body=hello%20there          (RFC 5724)
//	sms:+15105550101,+15105550102;?body=hello    (several recipients; ';' parameters dropped)
//	sms:?body=hello  sms:+15105550101&body=hello (no recipient; iOS's '&' for '?')
//	SMSTO:+15105550101:hello there               (ZXing, not percent-encoded)
//	sms://+15105550101?body=hello                (slashes, as some generators write it)
//
// and the same with mms: and MMSTO:. Numbers are normalised as
// Phone.Number is; a recipient that is not a number makes the text plain
// text.
type SMS struct {
	Numbers []string `json:"numbers"` // recipients; may be empty
	Subject string   `json:"subject"` // subject, for multimedia messages
	Body    string   `json:"body"`    // message text
	MMS     bool     `json:"mms"`     // reports whether an mms: or MMSTO: form asked for a multimedia message
}

func parseSMS(s, _ string) *Content {
	var (
		m    SMS
		ok   bool
		rest string
	)
	switch {
	case hasPrefixFold(s, "smsto:"), hasPrefixFold(s, "mmsto:"):
		m.MMS = hasPrefixFold(s, "m")
		rest = s[len("smsto:"):]
		colon, q := strings.IndexByte(rest, ':'), strings.IndexAny(rest, "?&")
		if q < 0 || colon >= 0 && colon < q {
			// ZXing's SMSTO:number:body.
			num, body, _ := strings.Cut(rest, ":")
			m.Body = body
			if num = strings.TrimSpace(num); num != "" {
				n, ok := phoneNumber(num)
				if !ok {
					return nil
				}
				m.Numbers = []string{n}
			}
			if len(m.Numbers) == 0 && m.Body == "" {
				return nil
			}
			return &Content{Type: TypeSMS, SMS: &m}
		}
	case hasPrefixFold(s, "sms:"), hasPrefixFold(s, "mms:"):
		m.MMS = hasPrefixFold(s, "m")
		rest = strings.TrimPrefix(s[len("sms:"):], "//") // "sms://+1555...", as some generators write it
	default:
		return nil
	}
	// RFC 5724 §2.2: recipients [ "?" fields ].
	recipients, query := rest, ""
	if i := strings.IndexAny(rest, "?&"); i >= 0 {
		recipients, query = rest[:i], rest[i+1:]
	}
	for recipients != "" {
		var r string
		r, recipients, _ = strings.Cut(recipients, ",")
		r, _, _ = strings.Cut(r, ";") // ;via=, ;phone-context= ...
		if r = strings.TrimSpace(percentDecode(r, false)); r == "" {
			continue
		}
		if m.Numbers, ok = addNumber(m.Numbers, r); !ok {
			return nil
		}
	}
	for query != "" {
		var pair string
		pair, query, _ = strings.Cut(query, "&")
		k, v, _ := strings.Cut(pair, "=")
		switch strings.ToLower(k) {
		case "body":
			if m.Body == "" {
				m.Body = percentDecode(v, false)
			}
		case "subject":
			if m.Subject == "" {
				m.Subject = percentDecode(v, false)
			}
		}
	}
	if len(m.Numbers) == 0 && m.Body == "" && m.Subject == "" {
		return nil
	}
	return &Content{Type: TypeSMS, SMS: &m}
}

func addNumber(list []string, r string) ([]string, bool) {
	n, ok := phoneNumber(r)
	if !ok {
		return list, false
	}
	return appendBounded(list, n), true
}
