package content

import "strings"

// BoardingPass is an airline boarding pass (TypeBoardingPass) in the IATA
// Bar Coded Boarding Pass format (IATA Resolution 792, BCBP Implementation
// Guide, version 6+): fixed-width fields,
//
//	M 1 DESMARAIS/LUC        E                        format, legs, name (20), e-ticket
//	ABC123  YUL FRA AC  0834  326 J 001A 0025  1 00   per leg: PNR (7), from, to, carrier (3),
//	                                                   flight (5), Julian date, compartment,
//	                                                   seat (4), check-in sequence (5),
//	                                                   passenger status, size of what follows (hex)
//
// then, in the first leg, optional conditional data (">", version, items
// about the pass), items per leg, airline data, and at the end optional
// security data ("^"). A text that does not follow this layout is plain
// text.
type BoardingPass struct {
	PassengerName    string `json:"passengerName"`       // as encoded, "DESMARAIS/LUC"
	FamilyName       string `json:"familyName"`          // before the '/'
	GivenName        string `json:"givenName,omitempty"` // after the '/', with any title
	ElectronicTicket bool   `json:"electronicTicket"`    // e-ticket indicator 'E'
	// Version is the BCBP version of the conditional data; 0 when the pass
	// has none.
	Version              int           `json:"version,omitempty"`
	Legs                 []BoardingLeg `json:"legs"`                           // one to four flights
	PassengerDescription string        `json:"passengerDescription,omitempty"` // 0 adult, 1 male, 2 female, 3 child, ...
	CheckInSource        string        `json:"checkInSource,omitempty"`        // W web, K kiosk, M mobile, ...
	IssuanceSource       string        `json:"issuanceSource,omitempty"`       // where the pass was issued
	IssueDate            string        `json:"issueDate,omitempty"`            // last digit of the year and day of year, "1325"
	DocumentType         string        `json:"documentType,omitempty"`         // B boarding pass, I itinerary receipt
	Issuer               string        `json:"issuer,omitempty"`               // airline that issued the pass
	BaggageTags          []string      `json:"baggageTags"`                    // baggage tag licence plate numbers
	SecurityType         string        `json:"securityType,omitempty"`         // type of the security data
	SecurityData         string        `json:"securityData,omitempty"`         // the airline's signature, as written
}

// BoardingLeg is one flight of a boarding pass.
type BoardingLeg struct {
	PNR             string `json:"pnr"`             // booking reference
	From            string `json:"from"`            // IATA airport code of departure
	To              string `json:"to"`              // IATA airport code of arrival
	Carrier         string `json:"carrier"`         // operating carrier designator, "AC"
	FlightNumber    string `json:"flightNumber"`    // without leading zeros, "834" or "12A"
	Flight          string `json:"flight"`          // carrier and number, "AC834"
	DayOfYear       int    `json:"dayOfYear"`       // Julian date of the flight, 1-366 (the pass holds no year)
	Compartment     string `json:"compartment"`     // compartment code, "J"
	Seat            string `json:"seat"`            // without leading zeros, "1A"; "" when none
	Sequence        string `json:"sequence"`        // check-in sequence number, "25"
	PassengerStatus string `json:"passengerStatus"` // passenger status code
	// Conditional items of the leg, omitted when absent.
	AirlineCode          string `json:"airlineCode,omitempty"`          // airline numeric code, "014"
	DocumentNumber       string `json:"documentNumber,omitempty"`       // document form or serial number
	Selectee             string `json:"selectee,omitempty"`             // selectee indicator
	DocumentVerification string `json:"documentVerification,omitempty"` // international documentation verification
	MarketingCarrier     string `json:"marketingCarrier,omitempty"`     // marketing carrier designator
	FrequentFlyerAirline string `json:"frequentFlyerAirline,omitempty"` // frequent flyer airline designator
	FrequentFlyerNumber  string `json:"frequentFlyerNumber,omitempty"`  // frequent flyer number
	IDADIndicator        string `json:"idAdIndicator,omitempty"`        // ID/AD indicator
	FreeBaggage          string `json:"freeBaggage,omitempty"`          // free baggage allowance, "20K", "2PC"
	FastTrack            string `json:"fastTrack,omitempty"`            // fast track, Y or N
	AirlineData          string `json:"airlineData,omitempty"`          // for the airline's own use
}

// Field widths of the conditional items (Resolution 792, Attachment A).
var (
	bcbpUnique   = []int{1, 1, 1, 4, 1, 3, 13, 13, 13}
	bcbpRepeated = []int{3, 10, 1, 1, 3, 3, 16, 1, 3, 1}
)

// bcbpLeg is the width of a leg's mandatory items, with the size of its
// conditional data.
const bcbpLeg = 37

func parseBoardingPass(s, _ string) *Content {
	if len(s) < 23+bcbpLeg || s[0] != 'M' || s[1] < '1' || s[1] > '4' || !printableASCII(s[:23]) {
		return nil
	}
	name := strings.TrimSpace(s[2:22])
	b := BoardingPass{PassengerName: name, ElectronicTicket: s[22] == 'E', BaggageTags: []string{}}
	b.FamilyName, b.GivenName, _ = strings.Cut(name, "/")
	if b.FamilyName == "" {
		return nil
	}
	pos := 23
	conditional := false
	for i := 0; i < int(s[1]-'0'); i++ {
		if len(s)-pos < bcbpLeg || !printableASCII(s[pos:pos+bcbpLeg]) {
			return nil
		}
		m := s[pos : pos+bcbpLeg]
		leg := BoardingLeg{
			PNR:             strings.TrimSpace(m[0:7]),
			From:            m[7:10],
			To:              m[10:13],
			Carrier:         strings.TrimSpace(m[13:16]),
			FlightNumber:    strings.TrimLeft(strings.TrimSpace(m[16:21]), "0"),
			Compartment:     m[24:25],
			Seat:            strings.TrimLeft(strings.TrimSpace(m[25:29]), "0"),
			Sequence:        strings.TrimLeft(strings.TrimSpace(m[29:34]), "0"),
			PassengerStatus: m[34:35],
		}
		if !isUpper(leg.From) || !isUpper(leg.To) || leg.Carrier == "" || leg.FlightNumber == "" || !isDigits(m[21:24]) {
			return nil
		}
		leg.Flight = leg.Carrier + leg.FlightNumber
		if leg.DayOfYear = num(m[21:24]); leg.DayOfYear < 1 || leg.DayOfYear > 366 {
			return nil
		}
		size, ok := hexByte(m[35:37])
		pos += bcbpLeg
		if !ok || len(s)-pos < size {
			return nil
		}
		v := s[pos : pos+size]
		pos += size
		if i == 0 && strings.HasPrefix(v, ">") {
			// Conditional data: version, then the unique items.
			conditional = true
			if len(v) < 4 || v[1] < '0' || v[1] > '9' {
				return nil
			}
			b.Version = int(v[1] - '0')
			u, ok := hexByte(v[2:4])
			if !ok || len(v)-4 < u {
				return nil
			}
			f := fixedFields(v[4:4+u], bcbpUnique)
			b.PassengerDescription, b.CheckInSource, b.IssuanceSource = f[0], f[1], f[2]
			b.IssueDate, b.DocumentType, b.Issuer = f[3], f[4], f[5]
			for _, tag := range f[6:] {
				if tag != "" {
					b.BaggageTags = append(b.BaggageTags, tag)
				}
			}
			v = v[4+u:]
		}
		if conditional && len(v) >= 2 {
			r, ok := hexByte(v[:2])
			if !ok || len(v)-2 < r {
				return nil
			}
			f := fixedFields(v[2:2+r], bcbpRepeated)
			leg.AirlineCode, leg.DocumentNumber, leg.Selectee, leg.DocumentVerification = f[0], f[1], f[2], f[3]
			leg.MarketingCarrier, leg.FrequentFlyerAirline, leg.FrequentFlyerNumber = f[4], f[5], f[6]
			leg.IDADIndicator, leg.FreeBaggage, leg.FastTrack = f[7], f[8], f[9]
			v = v[2+r:]
		}
		leg.AirlineData = strings.TrimSpace(v)
		b.Legs = append(b.Legs, leg)
	}
	if rest := s[pos:]; rest != "" {
		// Security data: '^', its type, its length in hex, the data. The
		// published examples shorten the data without fixing the length,
		// so the length is not checked.
		if len(rest) < 4 || rest[0] != '^' {
			return nil
		}
		b.SecurityType, b.SecurityData = rest[1:2], rest[4:]
	}
	return &Content{Type: TypeBoardingPass, BoardingPass: &b}
}

// fixedFields cuts s into fields of the given widths, trimmed of spaces;
// fields past the end of s are empty.
func fixedFields(s string, widths []int) []string {
	out := make([]string, len(widths))
	for i, w := range widths {
		if s == "" {
			break
		}
		n := min(w, len(s))
		out[i] = strings.TrimSpace(s[:n])
		s = s[n:]
	}
	return out
}

// hexByte reads two hexadecimal digits.
func hexByte(s string) (int, bool) {
	hi, ok1 := unhex(s[0])
	lo, ok2 := unhex(s[1])
	return int(hi)<<4 | int(lo), ok1 && ok2
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}
