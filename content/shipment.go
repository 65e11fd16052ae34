package content

import (
	"strconv"
	"strings"
)

// Shipment is the address of a parcel for sorting (TypeShipment): the
// structured carrier message that MaxiCode modes 2 and 3 carry in their
// primary message (ISO/IEC 16023 §4.2.2.1), as a MaxiCode reader returns
// it — the postal code, the country code and the class of service, each
// followed by GS — at the start of the text or after an ISO/IEC 15434
// header of format 01 ("[)>" RS "01" GS and the two digits of the
// format's version, "96" in the carriers' messages), then the rest of the
// message:
//
//	[)>␞01␝96100110000␝840␝001␝1Z40411695␝UPSN␝661907␝100␝␝14/24␝20␝N␝␝NEW YORK␝NY␞␄
//
// Without the header, the text is taken for a carrier message only when
// it was read from a MaxiCode symbol.
type Shipment struct {
	// PostalCode is the postal code as the symbol carries it: up to nine
	// digits (mode 2: a US ZIP code and its four-digit extension) or six
	// characters, padded with spaces (mode 3).
	PostalCode string `json:"postalCode"`
	// Country is the ISO 3166-1 numeric country code (840 for the US).
	Country int `json:"country"`
	// ServiceClass is the carrier's class of service.
	ServiceClass int `json:"serviceClass"`
	// Format is the ISO/IEC 15434 format and version of the header, such
	// as "01 96"; "" when there is none.
	Format string `json:"format,omitempty"`
	// Fields are the data fields after the class of service, split at GS,
	// up to the RS that ends the format: for a UPS label, the tracking
	// number, the carrier's SCAC, the shipper's number, the day of the
	// year of pickup, the shipment number, the package's place in the
	// shipment, its weight, whether the address was validated and the
	// street, city and state it goes to.
	Fields []string `json:"fields"`
}

// parseShipment reads a MaxiCode structured carrier message.
func parseShipment(s, hint string) *Content {
	const header = "[)>\x1e01\x1d" // ISO/IEC 15434 format 01, transportation
	sh := Shipment{}
	body := s
	if len(s) >= len(header)+2 && strings.HasPrefix(s, header) && isDigits(s[len(header):len(header)+2]) {
		sh.Format = "01 " + s[len(header):len(header)+2]
		body = s[len(header)+2:]
	} else if hint != "maxicode" {
		return nil
	}
	f := strings.SplitN(body, "\x1d", 4)
	if len(f) < 3 || len(f[0]) == 0 || len(f[0]) > 9 || len(f[1]) > 3 || len(f[2]) > 3 || !isDigits(f[1]) || !isDigits(f[2]) {
		return nil
	}
	for _, r := range f[0] {
		if r < ' ' || r > '~' {
			return nil
		}
	}
	sh.PostalCode = f[0]
	sh.Country, _ = strconv.Atoi(f[1])
	sh.ServiceClass, _ = strconv.Atoi(f[2])
	if len(f) == 4 {
		rest, _, _ := strings.Cut(f[3], "\x1e")
		sh.Fields = strings.Split(rest, "\x1d")
	}
	return &Content{Type: TypeShipment, Shipment: &sh}
}
