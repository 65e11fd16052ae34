package content

import (
	"strings"
	"testing"
)

// The examples of IATA Resolution 792 (BCBP Implementation Guide,
// Attachment B), with the security data shortened as published.
const (
	bcbpMandatory = "M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100"
	bcbpFull      = "M1DESMARAIS/LUC       EAB12C3 YULFRAAC 0834 326J003A0027 167>5321WW1325BAC 0014123456002001412346700100141234789012A0141234567890 1AC AC 1234567890123    4PCYLX58Z^108ABCDEFGH"
	bcbpTwoLegs   = "M2DESMARAIS/LUC       EAB12C3 YULFRAAC 0834 326J003A0027 167>5321WW1325BAC 0014123456002001412346700100141234789012A0141234567890 1AC AC 1234567890123    4PCYLX58ZDEF456 FRAGVALH 3664 327C012C0002 12E2A0140987654321 1AC AC 1234567890123    3PCNWQ^108ABCDEFGH"
	bcbpPartial   = "M1GRANDMAIRE/MELANIE  EABC123 GVACDGAF 0123 339C002F0025 130>5002A0571234567890  AF AF 1234567890123456    Y^18ABCDEFGH"
)

func bp(b BoardingPass) *Content {
	if b.BaggageTags == nil {
		b.BaggageTags = []string{}
	}
	return &Content{Type: TypeBoardingPass, BoardingPass: &b}
}

var legAC834 = BoardingLeg{PNR: "AB12C3", From: "YUL", To: "FRA", Carrier: "AC", FlightNumber: "834", Flight: "AC834", DayOfYear: 326,
	Compartment: "J", Seat: "3A", Sequence: "27", PassengerStatus: "1", AirlineCode: "014", DocumentNumber: "1234567890",
	DocumentVerification: "1", MarketingCarrier: "AC", FrequentFlyerAirline: "AC", FrequentFlyerNumber: "1234567890123",
	FreeBaggage: "4PC", FastTrack: "Y", AirlineData: "LX58Z"}

var bcbpUniqueFull = BoardingPass{PassengerName: "DESMARAIS/LUC", FamilyName: "DESMARAIS", GivenName: "LUC", ElectronicTicket: true,
	Version: 5, PassengerDescription: "1", CheckInSource: "W", IssuanceSource: "W", IssueDate: "1325", DocumentType: "B", Issuer: "AC",
	BaggageTags: []string{"0014123456002", "0014123467001", "0014123478901"}, SecurityType: "1", SecurityData: "ABCDEFGH"}

var boardingPassVectors = []vector{
	{"IATA 792 example 1: mandatory items only", bcbpMandatory, "pdf417", bp(BoardingPass{
		PassengerName: "DESMARAIS/LUC", FamilyName: "DESMARAIS", GivenName: "LUC", ElectronicTicket: true,
		Legs: []BoardingLeg{{PNR: "ABC123", From: "YUL", To: "FRA", Carrier: "AC", FlightNumber: "834", Flight: "AC834", DayOfYear: 326,
			Compartment: "J", Seat: "1A", Sequence: "25", PassengerStatus: "1"}},
	})},
	{"IATA 792 example 2: all items", bcbpFull, "aztec", bp(func() BoardingPass {
		b := bcbpUniqueFull
		b.Legs = []BoardingLeg{legAC834}
		return b
	}())},
	{"IATA 792 example 4: two legs", bcbpTwoLegs, "qr", bp(func() BoardingPass {
		b := bcbpUniqueFull
		b.Legs = []BoardingLeg{legAC834, {PNR: "DEF456", From: "FRA", To: "GVA", Carrier: "LH", FlightNumber: "3664", Flight: "LH3664",
			DayOfYear: 327, Compartment: "C", Seat: "12C", Sequence: "2", PassengerStatus: "1", AirlineCode: "014",
			DocumentNumber: "0987654321", DocumentVerification: "1", MarketingCarrier: "AC", FrequentFlyerAirline: "AC",
			FrequentFlyerNumber: "1234567890123", FreeBaggage: "3PC", FastTrack: "N", AirlineData: "WQ"}}
		return b
	}())},
	{"airline data ending in spaces", bcbpLufthansa, "aztec", bp(BoardingPass{
		PassengerName: "MUSTERMANN/MAX", FamilyName: "MUSTERMANN", GivenName: "MAX", ElectronicTicket: true, Version: 8,
		PassengerDescription: "0", IssuanceSource: "W", DocumentType: "B", Issuer: "LX",
		Legs: []BoardingLeg{{PNR: "X4TE6N", From: "ZRH", To: "HAM", Carrier: "LX", FlightNumber: "1056", Flight: "LX1056", DayOfYear: 49,
			Compartment: "Y", Seat: "30F", Sequence: "117", PassengerStatus: "3", AirlineCode: "724", DocumentNumber: "6349667917",
			Selectee: "0", MarketingCarrier: "LX", FrequentFlyerAirline: "LH", FrequentFlyerNumber: "992221992624215",
			FastTrack: "Y", AirlineData: "*30600000K09  LHS"}},
	})},
	{"IATA 792 example 3: partial conditional items", bcbpPartial, "pdf417", bp(BoardingPass{
		PassengerName: "GRANDMAIRE/MELANIE", FamilyName: "GRANDMAIRE", GivenName: "MELANIE", ElectronicTicket: true, Version: 5,
		Legs: []BoardingLeg{{PNR: "ABC123", From: "GVA", To: "CDG", Carrier: "AF", FlightNumber: "123", Flight: "AF123", DayOfYear: 339,
			Compartment: "C", Seat: "2F", Sequence: "25", PassengerStatus: "1", AirlineCode: "057", DocumentNumber: "1234567890",
			MarketingCarrier: "AF", FrequentFlyerAirline: "AF", FrequentFlyerNumber: "1234567890123456", FastTrack: "Y"}},
		SecurityType: "1", SecurityData: "BCDEFGH",
	})},
}

// bcbpLufthansa is a boarding pass as printed by a Lufthansa Group airline
// (published in a BCBP parser's test corpus, names and numbers altered):
// its airline data ends in spaces, which belong to it.
const bcbpLufthansa = "M1MUSTERMANN/MAX      EX4TE6N ZRHHAMLX 1056 049Y030F0117 377>8320 W    BLX                                        2A72463496679170 LX LH 992221992624215     Y*30600000K09  LHS    "

var boardingPassTextVectors = []vector{
	{"wrong leg count (IATA 792 counter-example)", strings.Replace(bcbpMandatory, "M1", "M2", 1), "pdf417", text(strings.Replace(bcbpMandatory, "M1", "M2", 1))},
	{"too short", "M1DESMARAIS/LUC       ", "pdf417", text("M1DESMARAIS/LUC       ")},
	{"format S", strings.Replace(bcbpMandatory, "M1", "S1", 1), "pdf417", text(strings.Replace(bcbpMandatory, "M1", "S1", 1))},
	{"airport in digits", strings.Replace(bcbpMandatory, "YULFRA", "000FRA", 1), "pdf417", text(strings.Replace(bcbpMandatory, "YULFRA", "000FRA", 1))},
	{"day 367", strings.Replace(bcbpMandatory, "326J", "367J", 1), "pdf417", text(strings.Replace(bcbpMandatory, "326J", "367J", 1))},
	{"size not hex", strings.Replace(bcbpMandatory, "100", "1ZZ", 1), "pdf417", text(strings.Replace(bcbpMandatory, "100", "1ZZ", 1))},
	{"size beyond the data", strings.Replace(bcbpMandatory, "100", "1FF", 1), "pdf417", text(strings.Replace(bcbpMandatory, "100", "1FF", 1))},
	{"trailing garbage", bcbpMandatory + "-EXTRA", "pdf417", text(bcbpMandatory + "-EXTRA")},
}

func TestBoardingPass(t *testing.T) {
	runVectors(t, boardingPassVectors)
	runVectors(t, boardingPassTextVectors)
}
