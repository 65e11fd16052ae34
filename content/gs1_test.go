package content

import "testing"

func gs1c(es, hri string, fields ...GS1Field) *Content {
	return &Content{Type: TypeGS1, GS1: &GS1{ElementString: es, HRI: hri, Fields: fields}}
}

// gs1Vectors: GS1 data as barkit's readers give it (human-readable form),
// as raw element strings, and after a symbology identifier.
var gs1Vectors = []vector{
	{"GS1 General Specifications Figure 4.15.1-2 (GS1 QR Code), HRI as read",
		"(01)09504000059101(21)12345678p901(10)1234567p(17)141120(8200)http://www.gs1.org/demo/", "qr",
		gs1c("01095040000591012112345678p901\x1d101234567p\x1d171411208200http://www.gs1.org/demo/",
			"(01)09504000059101(21)12345678p901(10)1234567p(17)141120(8200)http://www.gs1.org/demo/",
			GS1Field{AI: "01", Title: "GTIN", Value: "09504000059101"},
			GS1Field{AI: "21", Title: "SERIAL", Value: "12345678p901"},
			GS1Field{AI: "10", Title: "BATCH/LOT", Value: "1234567p"},
			GS1Field{AI: "17", Title: "USE BY or EXPIRY", Value: "141120", Date: "2014-11-20"},
			GS1Field{AI: "8200", Title: "PRODUCT URL", Value: "http://www.gs1.org/demo/"})},
	{"same, raw element string with GS",
		"01095040000591012112345678p901\x1d101234567p\x1d171411208200http://www.gs1.org/demo/", "data-matrix",
		gs1c("01095040000591012112345678p901\x1d101234567p\x1d171411208200http://www.gs1.org/demo/",
			"(01)09504000059101(21)12345678p901(10)1234567p(17)141120(8200)http://www.gs1.org/demo/",
			GS1Field{AI: "01", Title: "GTIN", Value: "09504000059101"},
			GS1Field{AI: "21", Title: "SERIAL", Value: "12345678p901"},
			GS1Field{AI: "10", Title: "BATCH/LOT", Value: "1234567p"},
			GS1Field{AI: "17", Title: "USE BY or EXPIRY", Value: "141120", Date: "2014-11-20"},
			GS1Field{AI: "8200", Title: "PRODUCT URL", Value: "http://www.gs1.org/demo/"})},
	{"GS1-128 with symbology identifier ]C1", "]C10109506000134352\x1d10ABC", "code128",
		gs1c("010950600013435210ABC", "(01)09506000134352(10)ABC",
			GS1Field{AI: "01", Title: "GTIN", Value: "09506000134352"},
			GS1Field{AI: "10", Title: "BATCH/LOT", Value: "ABC"})},
	{"GS1 DataMatrix identifier ]d2 without separator", "]d201095060001343521725123110ABC123", "",
		gs1c("01095060001343521725123110ABC123", "(01)09506000134352(17)251231(10)ABC123",
			GS1Field{AI: "01", Title: "GTIN", Value: "09506000134352"},
			GS1Field{AI: "17", Title: "USE BY or EXPIRY", Value: "251231", Date: "2025-12-31"},
			GS1Field{AI: "10", Title: "BATCH/LOT", Value: "ABC123"})},
	{"GS1 General Specifications §3.6.2 variable measure, weight in kg", "(01)95012345678903(3103)000123", "data-matrix",
		gs1c("01950123456789033103000123", "(01)95012345678903(3103)000123",
			GS1Field{AI: "01", Title: "GTIN", Value: "95012345678903"},
			GS1Field{AI: "3103", Title: "NET WEIGHT (kg)", Value: "000123", Amount: "0.123", Unit: "kg"})},
	{"price with ISO 4217 currency", "(01)09506000134352(3103)000189(3932)978299", "qr",
		gs1c("0109506000134352"+"3103000189"+"3932978299", "(01)09506000134352(3103)000189(3932)978299",
			GS1Field{AI: "01", Title: "GTIN", Value: "09506000134352"},
			GS1Field{AI: "3103", Title: "NET WEIGHT (kg)", Value: "000189", Amount: "0.189", Unit: "kg"},
			GS1Field{AI: "3932", Title: "PRICE", Value: "978299", Amount: "2.99", Currency: "EUR"})},
	{"best before, month only", "(01)09506000134352(15)261200", "qr",
		gs1c("010950600013435215261200", "(01)09506000134352(15)261200",
			GS1Field{AI: "01", Title: "GTIN", Value: "09506000134352"},
			GS1Field{AI: "15", Title: "BEST BEFORE or BEST BY", Value: "261200", Date: "2026-12"})},
	{"GS1 DataBar digits are an element string", "0100012345678905", "databar",
		gs1c("0100012345678905", "(01)00012345678905", GS1Field{AI: "01", Title: "GTIN", Value: "00012345678905"})},
	{"GS1 General Specifications §2.2.2 SSCC", "(00)106141412345678908", "code128",
		gs1c("00106141412345678908", "(00)106141412345678908", GS1Field{AI: "00", Title: "SSCC", Value: "106141412345678908"})},
}

// gs1TextVectors: malformed GS1 data, which is text.
var gs1TextVectors = []vector{
	{"wrong GTIN check digit", "(01)09506000134353(10)ABC", "qr", text("(01)09506000134353(10)ABC")},
	{"month 13", "(01)09506000134352(17)251301", "qr", text("(01)09506000134352(17)251301")},
	{"unknown AI", "(01)09506000134352(89)X", "qr", text("(01)09506000134352(89)X")},
	{"short GTIN", "(01)0950600013435", "qr", text("(01)0950600013435")},
	{"element string with a bad field", "0109506000134352\x1d10ABC\x1d17999999", "qr", text("0109506000134352\x1d10ABC\x1d17999999")},
	{"identifier with nonsense", "]C1hello", "code128", text("]C1hello")},
	{"parenthesised number in a sentence", "(12) apostles", "", text("(12) apostles")},
	{"digits from QR are no element string", "0109506000134352", "qr", text("0109506000134352")},
	{"bad databar digits", "0100012345678906", "databar", text("0100012345678906")},
}

func TestGS1(t *testing.T) {
	runVectors(t, gs1Vectors)
	runVectors(t, gs1TextVectors)
}

func dl(url, es, hri string, fields ...GS1Field) *Content {
	return &Content{Type: TypeGS1DigitalLink, GS1DigitalLink: &GS1DigitalLink{URL: url, ElementString: es, HRI: hri, Fields: fields}}
}

// digitalLinkVectors: GS1 Digital Link URI Syntax 1.4 examples.
var digitalLinkVectors = []vector{
	{"DL standard §4: GTIN, batch, serial, expiry",
		"https://example.com/01/09506000134352/10/ABC123/21/12345?17=180426", "qr",
		dl("https://example.com/01/09506000134352/10/ABC123/21/12345?17=180426",
			"010950600013435210ABC123\x1d2112345\x1d17180426", "(01)09506000134352(10)ABC123(21)12345(17)180426",
			GS1Field{AI: "01", Title: "GTIN", Value: "09506000134352"},
			GS1Field{AI: "10", Title: "BATCH/LOT", Value: "ABC123"},
			GS1Field{AI: "21", Title: "SERIAL", Value: "12345"},
			GS1Field{AI: "17", Title: "USE BY or EXPIRY", Value: "180426", Date: "2018-04-26"})},
	{"DL standard: GTIN-13 padded, weight attribute, linkType ignored",
		"https://id.gs1.org/01/9506000134352?3103=000195&linkType=gs1:pip", "qr",
		dl("https://id.gs1.org/01/9506000134352?3103=000195&linkType=gs1:pip",
			"01095060001343523103000195", "(01)09506000134352(3103)000195",
			GS1Field{AI: "01", Title: "GTIN", Value: "09506000134352"},
			GS1Field{AI: "3103", Title: "NET WEIGHT (kg)", Value: "000195", Amount: "0.195", Unit: "kg"})},
	{"DL standard: GLN with extension", "https://id.gs1.org/414/9520123456788/254/32a%2Fb", "qr",
		dl("https://id.gs1.org/414/9520123456788/254/32a%2Fb", "414952012345678825432a/b", "(414)9520123456788(254)32a/b",
			GS1Field{AI: "414", Title: "LOC No.", Value: "9520123456788"},
			GS1Field{AI: "254", Title: "GLN EXTENSION COMPONENT", Value: "32a/b"})},
	// Malformed Digital Link URIs are still web addresses.
	{"qualifiers out of order", "https://id.gs1.org/01/09506000134352/21/X/10/Y", "qr",
		&Content{Type: TypeURL, URL: &URL{URL: "https://id.gs1.org/01/09506000134352/21/X/10/Y", Scheme: "https", Host: "id.gs1.org"}}},
	{"wrong check digit", "https://id.gs1.org/01/09506000134353", "qr",
		&Content{Type: TypeURL, URL: &URL{URL: "https://id.gs1.org/01/09506000134353", Scheme: "https", Host: "id.gs1.org"}}},
	{"a date path is no key", "https://news.example.com/2024/01/15", "qr",
		&Content{Type: TypeURL, URL: &URL{URL: "https://news.example.com/2024/01/15", Scheme: "https", Host: "news.example.com"}}},
}

func TestGS1DigitalLink(t *testing.T) { runVectors(t, digitalLinkVectors) }
