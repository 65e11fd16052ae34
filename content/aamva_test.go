package content

import (
	"strings"
	"testing"
)

// aamvaSample is the example barcode data of the AAMVA DL/ID Card Design
// Standard (2020, Annex D, version 10 header), a Virginia driver's licence
// of "MICHAEL JOHN SAMPLE JR".
const aamvaSample = "@\n\x1e\rANSI 636000100002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\nDDFN\nDADJOHN\nDDGN\nDCUJR\nDCAD\nDCBK\nDCDPH\nDBD06062019\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062018\nDDC06062020\nDDD1\rZVZVA01\r"

var aamvaSampleElements = map[string]string{
	"DAQ": "T64235789", "DCS": "SAMPLE", "DDE": "N", "DAC": "MICHAEL", "DDF": "N", "DAD": "JOHN", "DDG": "N",
	"DCU": "JR", "DCA": "D", "DCB": "K", "DCD": "PH", "DBD": "06062019", "DBB": "06061986", "DBA": "12102024",
	"DBC": "1", "DAU": "068 in", "DAY": "BRO", "DAG": "2300 WEST BROAD STREET", "DAI": "RICHMOND", "DAJ": "VA",
	"DAK": "232690000", "DCF": "2424244747474786102204", "DCG": "USA", "DCK": "123456789", "DDA": "F",
	"DDB": "06062018", "DDC": "06062020", "DDD": "1",
}

var aamvaSampleLicence = DriverLicense{
	DocumentType: "DL", IssuerID: "636000", Version: 10, LicenseNumber: "T64235789",
	Name: "MICHAEL JOHN SAMPLE JR", FamilyName: "SAMPLE", GivenName: "MICHAEL", MiddleName: "JOHN", Suffix: "JR",
	DateOfBirth: "1986-06-06", IssueDate: "2019-06-06", ExpiryDate: "2024-12-10", Sex: "male", EyeColor: "BRO", Height: "068 in",
	Address:      DriverAddress{Street: "2300 WEST BROAD STREET", City: "RICHMOND", State: "VA", PostalCode: "23269", Country: "USA"},
	VehicleClass: "D", Restrictions: "K", Endorsements: "PH", DocumentDiscriminator: "2424244747474786102204",
	Elements: aamvaSampleElements,
}

// aamvaV1 is a version 1 (AAMVA DL/ID-2000) licence: no jurisdiction
// version in the header, the name in DAA, dates CCYYMMDD, sex as a letter.
const aamvaV1 = "@\n\x1e\rANSI 6360200102DL00390187ZV02260031DLDAQ0123456789ABC\nDAAPUBLIC,JOHN,Q\nDAG123 MAIN STREET\nDAIANYTOWN\nDAJCO\nDAK802011234  \nDBA20251201\nDBB19761123\nDBCM\nDBD20201201\rZVZVAJURISDICTIONDEFINEDELEMENT\r"

// aamvaCanada is an Ontario-style identification card: dates CCYYMMDD
// because the country is Canada, and the directory offset wrong by one.
const aamvaCanada = "@\n\x1e\rANSI 636012090002ID00420150ZO01920020IDDAQS12345678901234\nDCSDOE\nDACJANE\nDADMARIE\nDBB19900230\nDBB19900215\nDBA20300215\nDBC2\nDAI TORONTO\nDAJON\nDAKM5V 2T6\nDCGCAN\r"

func dlc(d DriverLicense) *Content { return &Content{Type: TypeDriverLicense, DriverLicense: &d} }

var driverLicenseVectors = []vector{
	{"AAMVA 2020 Annex D sample", aamvaSample, "pdf417", dlc(aamvaSampleLicence)},
	{"AAMVA sample without hint", aamvaSample, "", dlc(aamvaSampleLicence)},
	{"separators lost by a keyboard-wedge scanner, from PDF417",
		strings.NewReplacer("@\n\x1e\r", "").Replace(aamvaSample), "pdf417", dlc(aamvaSampleLicence)},
	{"version 1", aamvaV1, "pdf417", dlc(DriverLicense{
		DocumentType: "DL", IssuerID: "636020", Version: 1, LicenseNumber: "0123456789ABC",
		Name: "JOHN Q PUBLIC", FamilyName: "PUBLIC", GivenName: "JOHN", MiddleName: "Q",
		DateOfBirth: "1976-11-23", IssueDate: "2020-12-01", ExpiryDate: "2025-12-01", Sex: "male",
		Address: DriverAddress{Street: "123 MAIN STREET", City: "ANYTOWN", State: "CO", PostalCode: "80201-1234"},
		Elements: map[string]string{"DAQ": "0123456789ABC", "DAA": "PUBLIC,JOHN,Q", "DAG": "123 MAIN STREET", "DAI": "ANYTOWN",
			"DAJ": "CO", "DAK": "802011234", "DBA": "20251201", "DBB": "19761123", "DBC": "M", "DBD": "20201201"},
	})},
	{"directory with the wrong number of entries", aamvaWrongCount, "pdf417", dlc(DriverLicense{
		DocumentType: "DL", IssuerID: "636000", Version: 10, LicenseNumber: "T64235789", Name: "MICHAEL SAMPLE",
		FamilyName: "SAMPLE", GivenName: "MICHAEL", DateOfBirth: "1986-06-06", Address: DriverAddress{Country: "USA"},
		Elements: map[string]string{"DAQ": "T64235789", "DCS": "SAMPLE", "DAC": "MICHAEL", "DBB": "06061986", "DCG": "USA"},
	})},
	{"Canadian identification card, wrong offset, duplicate element", aamvaCanada, "pdf417", dlc(DriverLicense{
		DocumentType: "ID", IssuerID: "636012", Version: 9, LicenseNumber: "S12345678901234",
		Name: "JANE MARIE DOE", FamilyName: "DOE", GivenName: "JANE", MiddleName: "MARIE",
		Sex: "female", Address: DriverAddress{City: " TORONTO", State: "ON", PostalCode: "M5V 2T6", Country: "CAN"},
		ExpiryDate: "2030-02-15",
		Elements: map[string]string{"DAQ": "S12345678901234", "DCS": "DOE", "DAC": "JANE", "DAD": "MARIE", "DBB": "19900230",
			"DBA": "20300215", "DBC": "2", "DAI": " TORONTO", "DAJ": "ON", "DAK": "M5V 2T6", "DCG": "CAN"},
	})},
}

// aamvaWrongCount says two subfiles but lists one: the DL subfile is found
// by its type.
const aamvaWrongCount = "@\n\x1e\rANSI 636000100002DL00410058DLDAQT64235789\nDCSSAMPLE\nDACMICHAEL\nDBB06061986\nDCGUSA\r"

var driverLicenseTextVectors = []vector{
	{"no customer ID", strings.Replace(aamvaSample, "DAQT64235789", "DAXT64235789", 1), "pdf417",
		text(strings.Replace(aamvaSample, "DAQT64235789", "DAXT64235789", 1))},
	{"no DL or ID subfile", "@\n\x1e\rANSI 636000100001ZV00290008ZVZVA01\r", "pdf417", text("@\n\x1e\rANSI 636000100001ZV00290008ZVZVA01\r")},
	{"header without digits", "@\n\x1e\rANSI ABCDEF100002DLDAQ1\r", "pdf417", text("@\n\x1e\rANSI ABCDEF100002DLDAQ1\r")},
	{"no ANSI", "@ hello world, this is not a licence", "pdf417", text("@ hello world, this is not a licence")},
	{"ANSI without @ from QR", "ANSI 636000100002DL00410278ZV03190008DLDAQT64235789", "qr", text("ANSI 636000100002DL00410278ZV03190008DLDAQT64235789")},
	{"truncated header", "@\n\x1e\rANSI 6360001000", "pdf417", text("@\n\x1e\rANSI 6360001000")},
}

func TestDriverLicense(t *testing.T) {
	runVectors(t, driverLicenseVectors)
	runVectors(t, driverLicenseTextVectors)
}
