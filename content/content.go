package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// The values of Content.Type.
const (
	TypeText     = "text"
	TypeURL      = "url"
	TypeWiFi     = "wifi"
	TypeEmail    = "email"
	TypePhone    = "phone"
	TypeSMS      = "sms"
	TypeGeo      = "geo"
	TypeContact  = "contact"
	TypeCalendar = "calendar"
	TypeProduct  = "product"
	TypeISBN     = "isbn"

	TypeGS1            = "gs1"
	TypeGS1DigitalLink = "gs1-digital-link"
	TypePayment        = "payment"
	TypeSwissQRBill    = "swiss-qr-bill"
	TypeDriverLicense  = "driver-license"
	TypeBoardingPass   = "boarding-pass"
	TypeOTP            = "otp"
	TypeCrypto         = "crypto"
	TypeShipment       = "shipment"
)

// Content is scanned text turned into structured data: the ParsedContent
// object of the service specification (SPEC.md §2.3).
//
// Type says what the text is, and the field of that type holds the details;
// every other pointer is nil. The zero Content is the empty text.
//
// In JSON a Content is one flat object: "type" and the fields of the set
// member beside it, for example
//
//	{"type":"url","url":"https://example.com/","scheme":"https","host":"example.com"}
//	{"type":"text","text":"hello"}
type Content struct {
	Type string // one of the Type constants; "" means TypeText

	Text     string    // the text, when Type is TypeText
	URL      *URL      // a web address or other URI
	WiFi     *WiFi     // Wi-Fi network settings
	Email    *Email    // an e-mail message to send
	Phone    *Phone    // a telephone number to call
	SMS      *SMS      // a text message to send
	Geo      *Geo      // a place on Earth
	Contact  *Contact  // a person's or an organisation's contact card
	Calendar *Calendar // a calendar event
	Product  *Product  // a trade item number (GTIN)
	ISBN     *ISBN     // a book number

	GS1            *GS1            // GS1 Application Identifier data
	GS1DigitalLink *GS1DigitalLink // a GS1 Digital Link URI
	Payment        *Payment        // a SEPA credit transfer (EPC QR)
	SwissQRBill    *SwissQRBill    // a Swiss QR-bill
	DriverLicense  *DriverLicense  // an AAMVA driver's licence or ID card
	BoardingPass   *BoardingPass   // an IATA boarding pass
	OTP            *OTP            // a one-time password generator
	Crypto         *Crypto         // a cryptocurrency payment request
	Shipment       *Shipment       // a parcel's address for sorting (MaxiCode)
}

// Parse turns scanned text into structured content. symbology is the id of
// the symbology the text was read from ("upce", "ean13", "qr", "pdf417",
// ...; "" when unknown): it decides whether a string of digits is a product
// code (and how a UPC-E code expands to its GTIN) or, from GS1 DataBar, an
// element string, and it lets a PDF417 licence whose header lost its
// separators still be read. Aliases such as "EAN-13" work too.
//
// A symbology identifier (ISO/IEC 15424) before the text, as scanners
// send it ("]C1", "]Q1", "]E0"), says where the text came from: see
// identifier.go.
//
// Text that no format claims, or that is malformed for the format it
// claims, is returned as TypeText, whole. Parse never returns nil.
func Parse(text, symbology string) *Content {
	hint := normalizeHint(symbology)
	body := strings.TrimPrefix(text, "\uFEFF")
	var c *Content
	if id, rest, ok := cutIdentifier(body); ok {
		c = parseIdentified(id, rest, hint)
	} else {
		c = parse(body, hint)
	}
	if c == nil {
		return &Content{Type: TypeText, Text: text}
	}
	return c
}

// parse returns the content of body, the text without byte order mark or
// symbology identifier, or nil when no format claims it.
func parse(body, hint string) *Content {
	// Fixed-width formats keep trailing spaces, which are data there; only
	// line breaks around them go.
	if c := parseBoardingPass(strings.Trim(body, "\r\n"), hint); c != nil {
		return c
	}
	// The other formats are recognised from the first characters of the
	// body without surrounding white space.
	s := strings.TrimSpace(body)
	for _, p := range parsers {
		if c := p(s, hint); c != nil {
			return c
		}
	}
	return nil
}

// parsers are tried in order on the trimmed text; each returns nil when the
// text is not in its format. Formats with a distinctive prefix come first, the
// URL and plain e-mail address checks last, since they claim the least
// specific text. A new type adds its parser here. (parseBoardingPass runs
// before them all, on the text with its trailing spaces.)
var parsers = []func(s, hint string) *Content{
	parseShipment,
	parseGS1,
	parseProduct,
	parsePayment,
	parseSwissQRBill,
	parseDriverLicense,
	parseWiFi,
	parseMECARD,
	parseBIZCARD,
	parseVCard,
	parseCalendar,
	parseMailto,
	parseMATMSG,
	parseSMTP,
	parseSMS,
	parseTel,
	parseGeo,
	parseOTP,
	parseCrypto,
	parseDigitalLink,
	parseURL,
	parseEmailAddress,
}

// normalizeHint reduces a symbology id or alias to the lower-case letters
// and digits of it, so "EAN-13", "ean_13" and "ean13" compare equal.
func normalizeHint(s string) string {
	if len(s) > 32 {
		return ""
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b = append(b, c)
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		}
	}
	return string(b)
}

// Adding a type takes: its struct in a file of its own, a Type constant, a
// pointer field on Content, a case in member and in alloc, and its parser in
// parsers (with its vectors in vectors() of the tests, which seeds FuzzParse).

// member returns the set member of c for its type, with nil lists replaced
// by empty ones so they marshal as [], or nil for TypeText. A type whose
// member is nil gives its zero value, so every field still appears.
func (c *Content) member() (any, error) {
	switch c.Type {
	case "", TypeText:
		return nil, nil
	case TypeURL:
		return deref(c.URL), nil
	case TypeWiFi:
		return deref(c.WiFi), nil
	case TypeEmail:
		v := deref(c.Email)
		v.To, v.CC, v.BCC = list(v.To), list(v.CC), list(v.BCC)
		return v, nil
	case TypePhone:
		return deref(c.Phone), nil
	case TypeSMS:
		v := deref(c.SMS)
		v.Numbers = list(v.Numbers)
		return v, nil
	case TypeGeo:
		return deref(c.Geo), nil
	case TypeContact:
		v := deref(c.Contact)
		v.Phones, v.Emails, v.Addresses, v.URLs = list(v.Phones), list(v.Emails), list(v.Addresses), list(v.URLs)
		return v, nil
	case TypeCalendar:
		v := deref(c.Calendar)
		v.Attendees = list(v.Attendees)
		return v, nil
	case TypeProduct:
		return deref(c.Product), nil
	case TypeISBN:
		return deref(c.ISBN), nil
	case TypeGS1:
		v := deref(c.GS1)
		v.Fields = list(v.Fields)
		return v, nil
	case TypeGS1DigitalLink:
		v := deref(c.GS1DigitalLink)
		v.Fields = list(v.Fields)
		return v, nil
	case TypePayment:
		return deref(c.Payment), nil
	case TypeSwissQRBill:
		v := deref(c.SwissQRBill)
		v.AlternativeSchemes = list(v.AlternativeSchemes)
		return v, nil
	case TypeDriverLicense:
		v := deref(c.DriverLicense)
		if v.Elements == nil {
			v.Elements = map[string]string{}
		}
		return v, nil
	case TypeBoardingPass:
		v := deref(c.BoardingPass)
		v.Legs, v.BaggageTags = list(v.Legs), list(v.BaggageTags)
		return v, nil
	case TypeOTP:
		return deref(c.OTP), nil
	case TypeCrypto:
		return deref(c.Crypto), nil
	case TypeShipment:
		v := deref(c.Shipment)
		v.Fields = list(v.Fields)
		return v, nil
	}
	return nil, fmt.Errorf("content: unknown type %q", c.Type)
}

// alloc sets a new, empty member for typ on c and returns a pointer to it
// for decoding, or nil for TypeText.
func (c *Content) alloc(typ string) (any, error) {
	*c = Content{Type: typ}
	switch typ {
	case TypeText:
		return nil, nil
	case TypeURL:
		c.URL = new(URL)
		return c.URL, nil
	case TypeWiFi:
		c.WiFi = new(WiFi)
		return c.WiFi, nil
	case TypeEmail:
		c.Email = new(Email)
		return c.Email, nil
	case TypePhone:
		c.Phone = new(Phone)
		return c.Phone, nil
	case TypeSMS:
		c.SMS = new(SMS)
		return c.SMS, nil
	case TypeGeo:
		c.Geo = new(Geo)
		return c.Geo, nil
	case TypeContact:
		c.Contact = new(Contact)
		return c.Contact, nil
	case TypeCalendar:
		c.Calendar = new(Calendar)
		return c.Calendar, nil
	case TypeProduct:
		c.Product = new(Product)
		return c.Product, nil
	case TypeISBN:
		c.ISBN = new(ISBN)
		return c.ISBN, nil
	case TypeGS1:
		c.GS1 = new(GS1)
		return c.GS1, nil
	case TypeGS1DigitalLink:
		c.GS1DigitalLink = new(GS1DigitalLink)
		return c.GS1DigitalLink, nil
	case TypePayment:
		c.Payment = new(Payment)
		return c.Payment, nil
	case TypeSwissQRBill:
		c.SwissQRBill = new(SwissQRBill)
		return c.SwissQRBill, nil
	case TypeDriverLicense:
		c.DriverLicense = new(DriverLicense)
		return c.DriverLicense, nil
	case TypeBoardingPass:
		c.BoardingPass = new(BoardingPass)
		return c.BoardingPass, nil
	case TypeOTP:
		c.OTP = new(OTP)
		return c.OTP, nil
	case TypeCrypto:
		c.Crypto = new(Crypto)
		return c.Crypto, nil
	case TypeShipment:
		c.Shipment = new(Shipment)
		return c.Shipment, nil
	}
	*c = Content{}
	return nil, fmt.Errorf("content: unknown type %q", typ)
}

func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// list returns s, or an empty slice when s is nil, so that it marshals as []
// rather than null.
func list[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// marshal is json.Marshal without HTML escaping: scanned URLs keep their
// "&" as it is rather than "\u0026". (An outer encoder that escapes HTML
// still escapes this output; the CLI and HTTP API do not.)
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// MarshalJSON encodes c as one object: "type" followed by the fields of the
// member for that type.
func (c Content) MarshalJSON() ([]byte, error) {
	typ := c.Type
	if typ == "" {
		typ = TypeText
	}
	m, err := c.member()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`{"type":`)
	t, _ := marshal(typ)
	b.Write(t)
	if m == nil { // text
		b.WriteString(`,"text":`)
		t, _ := marshal(c.Text)
		b.Write(t)
		b.WriteByte('}')
		return b.Bytes(), nil
	}
	body, err := marshal(m)
	if err != nil {
		return nil, err
	}
	// body is a JSON object; splice its members in after "type".
	if len(body) > 2 {
		b.WriteByte(',')
		b.Write(body[1:])
	} else {
		b.WriteByte('}')
	}
	return b.Bytes(), nil
}

// UnmarshalJSON decodes the object MarshalJSON writes. An unknown or missing
// "type" is an error.
func (c *Content) UnmarshalJSON(data []byte) error {
	var head struct {
		Type *string `json:"type"`
		Text string  `json:"text"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return err
	}
	if head.Type == nil {
		return fmt.Errorf("content: object has no \"type\"")
	}
	m, err := c.alloc(*head.Type)
	if err != nil {
		return err
	}
	if m == nil {
		c.Text = head.Text
		return nil
	}
	return json.Unmarshal(data, m)
}
