package content

import "testing"

func shipment(s Shipment) *Content { return &Content{Type: TypeShipment, Shipment: &s} }

// upsLabel is a MaxiCode of a UPS label as barkit reads it (the reference
// corpus's maxicode-2/01.webp): mode 2, in an ISO/IEC 15434 envelope.
const upsLabel = "[)>\x1e01\x1d96100110000\x1d840\x1d001\x1d1Z40411695\x1dUPSN\x1d661907\x1d100\x1d\x1d14/24\x1d20\x1dN\x1d\x1dNEW YORK\x1dNY\x1e\x04"

// shipmentVectors: structured carrier messages of MaxiCode modes 2 and 3,
// with and without the ISO/IEC 15434 header (zxing-cpp's maxicode-1 test
// symbols and a UPS label).
var shipmentVectors = []vector{
	{"UPS label", upsLabel, "maxicode", shipment(Shipment{PostalCode: "100110000", Country: 840, ServiceClass: 1, Format: "01 96",
		Fields: []string{"1Z40411695", "UPSN", "661907", "100", "", "14/24", "20", "N", "", "NEW YORK", "NY"}})},
	{"UPS label from another symbology", upsLabel, "pdf417", shipment(Shipment{PostalCode: "100110000", Country: 840, ServiceClass: 1, Format: "01 96",
		Fields: []string{"1Z40411695", "UPSN", "661907", "100", "", "14/24", "20", "N", "", "NEW YORK", "NY"}})},
	{"mode 2 test symbol", "[)>\x1e01\x1d96123450000\x1d222\x1d111\x1dMODE2", "maxicode",
		shipment(Shipment{PostalCode: "123450000", Country: 222, ServiceClass: 111, Format: "01 96", Fields: []string{"MODE2"}})},
	{"mode 3 without a header", "B1050 \x1d056\x1d999\x1dHello", "maxicode",
		shipment(Shipment{PostalCode: "B1050 ", Country: 56, ServiceClass: 999, Fields: []string{"Hello"}})},
	{"mode 2, nothing after the class", "12345\x1d840\x1d001", "maxicode",
		shipment(Shipment{PostalCode: "12345", Country: 840, ServiceClass: 1})},
}

// shipmentTextVectors: text that is no carrier message.
var shipmentTextVectors = []vector{
	{"carrier-like text from a QR Code", "12345\x1d840\x1d001\x1dHello", "qr", text("12345\x1d840\x1d001\x1dHello")},
	{"MaxiCode mode 4 text", "Hello, world", "maxicode", text("Hello, world")},
	{"country not a number", "12345\x1dUSA\x1d001\x1dx", "maxicode", text("12345\x1dUSA\x1d001\x1dx")},
	{"postal code too long", "1234567890\x1d840\x1d001", "maxicode", text("1234567890\x1d840\x1d001")},
	{"class of four digits", "12345\x1d840\x1d0001", "maxicode", text("12345\x1d840\x1d0001")},
	{"other ISO/IEC 15434 format", "[)>\x1e06\x1dP12345\x1e\x04", "maxicode", text("[)>\x1e06\x1dP12345\x1e\x04")},
}

func TestShipment(t *testing.T) {
	runVectors(t, shipmentVectors)
	runVectors(t, shipmentTextVectors)
}
