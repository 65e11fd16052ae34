package content

import "testing"

// lot42 is the GS1 content of (01)09506000134352(10)LOT42.
func lot42() *Content {
	return gs1c("010950600013435210LOT42", "(01)09506000134352(10)LOT42",
		GS1Field{AI: "01", Title: "GTIN", Value: "09506000134352"},
		GS1Field{AI: "10", Title: "BATCH/LOT", Value: "LOT42"})
}

// gtin is the GS1 content of (01)09506000134352 alone.
func gtin() *Content {
	return gs1c("0109506000134352", "(01)09506000134352", GS1Field{AI: "01", Title: "GTIN", Value: "09506000134352"})
}

// scannerGS1Vectors: GS1 element strings as scanners send them, as a
// keyboard wedge types them: FNC1 in first position as a leading GS, or a
// GS1 symbology identifier (ISO/IEC 15424) first; GS after variable-length
// fields; a line end after it all.
var scannerGS1Vectors = []vector{
	{"leading GS", "\x1d0109506000134352\x1d10LOT42", "", lot42()},
	{"leading GS, trailing GS", "\x1d0109506000134352\x1d10LOT42\x1d", "", lot42()},
	{"leading GS, line end", "\x1d0109506000134352\x1d10LOT42\r\n", "", lot42()},
	{"leading GS, one fixed-length field", "\x1d0109506000134352", "", gtin()},
	{"leading GS, fixed-length fields without separator", "\x1d010950600013435210LOT42", "", lot42()},
	{"leading GS says GS1 whatever the symbology", "\x1d0109506000134352", "qr", gtin()},
	{"]C1 GS1-128", "]C10109506000134352\x1d10LOT42", "", lot42()},
	{"]C1 then a leading GS", "]C1\x1d0109506000134352\x1d10LOT42", "", lot42()},
	{"]C1 and a line end", "]C1010950600013435210LOT42\n", "", lot42()},
	{"]C1 after a byte order mark", "\uFEFF]C1010950600013435210LOT42", "", lot42()},
	{"]d2 GS1 DataMatrix with GS separators",
		"]d201095060001343521725123110LOT42\x1d21S123", "",
		gs1c("01095060001343521725123110LOT42\x1d21S123", "(01)09506000134352(17)251231(10)LOT42(21)S123",
			GS1Field{AI: "01", Title: "GTIN", Value: "09506000134352"},
			GS1Field{AI: "17", Title: "USE BY or EXPIRY", Value: "251231", Date: "2025-12-31"},
			GS1Field{AI: "10", Title: "BATCH/LOT", Value: "LOT42"},
			GS1Field{AI: "21", Title: "SERIAL", Value: "S123"})},
	{"]Q3 GS1 QR Code", "]Q3010950600013435210LOT42", "", lot42()},
	{"]e0 GS1 DataBar", "]e00109506000134352", "", gtin()},
	{"]J1 GS1 DotCode", "]J1010950600013435210LOT42", "", lot42()},
	{"]z1 Aztec Code, FNC1 in first position", "]z1\x1d0109506000134352\x1d10LOT42", "", lot42()},
	{"a GS1 identifier wins over the symbology given", "]Q3010950600013435210LOT42", "qr", lot42()},
}

// scannerGS1TextVectors: what looks like scanned GS1 data but is not, and
// stays text, whole.
var scannerGS1TextVectors = []vector{
	{"leading GS, wrong check digit", "\x1d0109506000134353\x1d10LOT42", "", text("\x1d0109506000134353\x1d10LOT42")},
	{"leading GS, unknown AI", "\x1d8999", "", text("\x1d8999")},
	{"leading GS before words", "\x1dhello", "", text("\x1dhello")},
	{"]C1 with a wrong check digit", "]C10109506000134353", "", text("]C10109506000134353")},
	{"]C1 with no data", "]C1", "", text("]C1")},
	{"]d2 with a field too long", "]d210" + "ABCDEFGHIJKLMNOPQRSTU", "", text("]d210ABCDEFGHIJKLMNOPQRSTU")},
	{"]C0 Code 128 without FNC1: digits from Code 128", "]C00109506000134352", "", text("]C00109506000134352")},
	{"]Q1 QR Code without FNC1: digits from QR Code", "]Q1010950600013435210LOT42", "", text("]Q1010950600013435210LOT42")},
	{"]d5 (GS1 with ECI) is not taken apart", "]d5010950600013435210LOT42", "", text("]d5010950600013435210LOT42")},
	{"element string without GS or identifier", "010950600013435210LOT42", "", text("010950600013435210LOT42")},
}

// identifierVectors: symbology identifiers without GS1 meaning, which say
// where the rest came from.
var identifierVectors = []vector{
	{"]Q1 URL", "]Q1https://example.com/", "", urlContent("https://example.com/", "https", "example.com", "")},
	{"]d1 Wi-Fi", "]d1WIFI:S:home;T:WPA;P:secret;;", "",
		&Content{Type: TypeWiFi, WiFi: &WiFi{SSID: "home", Password: "secret", Security: "WPA", RawSecurity: "WPA"}}},
	{"]E0 ISBN", "]E09780735200449", "", isbn("9780735200449", "0735200440", "", nil)},
	{"]E0 UPC-A in 13 digits", "]E00036000291452", "", prod("00036000291452", "0036000291452", "UPC-A", "")},
	{"]E0 EAN-13", "]E05901234123457", "", prod("05901234123457", "5901234123457", "EAN-13", "")},
	{"]E3 with EAN-5 add-on", "]E3978073520044951299", "", isbn("9780735200449", "0735200440", "51299", &Price{Currency: "USD", Amount: "12.99"})},
	{"]E3 with EAN-2 add-on", "]E3590123412345712", "", prod("05901234123457", "5901234123457", "EAN-13", "12")},
	{"]E4 EAN-8", "]E496385074", "", prod("00000096385074", "96385074", "EAN-8", "")},
	{"]E0 then ]E1: add-on sent with its own identifier", "]E05901234123457]E112", "", prod("05901234123457", "5901234123457", "EAN-13", "12")},
	{"]E0 then ]E2", "]E00036000291452]E212345", "", prod("00036000291452", "0036000291452", "UPC-A", "12345")},
	{"]I1 ITF-14", "]I115400141288763", "", prod("15400141288763", "15400141288763", "GTIN-14", "")},
}

// identifierTextVectors: identifiers before text, which stays whole.
var identifierTextVectors = []vector{
	{"]C0 before words", "]C0hello", "", text("]C0hello")},
	{"]E0 with a wrong check digit", "]E09780735200448", "", text("]E09780735200448")},
	{"]E1 add-on alone", "]E112", "", text("]E112")},
	{"]A0 digits from Code 39", "]A05901234123457", "", text("]A05901234123457")},
	{"the symbology given wins over the identifier's", "]E05901234123457", "qr", text("]E05901234123457")},
	{"]X0 (other symbologies) says nothing", "]X0https://example.com/", "", text("]X0https://example.com/")},
	{"lower-case modifier is no identifier", "]Qahttps://example.com/", "", text("]Qahttps://example.com/")},
	{"too short", "]Q", "", text("]Q")},
}

func TestScannerGS1(t *testing.T) {
	runVectors(t, scannerGS1Vectors)
	runVectors(t, scannerGS1TextVectors)
}

func TestIdentifier(t *testing.T) {
	runVectors(t, identifierVectors)
	runVectors(t, identifierTextVectors)
}

// TestIdentifierRepeated checks that only the first identifier is taken
// off: text of many is text, whatever follows them.
func TestIdentifierRepeated(t *testing.T) {
	s := ""
	for range 10000 {
		s += "]Q1"
	}
	s += "https://example.com/"
	if got := Parse(s, ""); got.Type != TypeText || got.Text != s {
		t.Errorf("Parse of 10000 identifiers = %+v, want the text whole", got.Type)
	}
}
