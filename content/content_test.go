package content

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// A vector is one input of Parse and the content it must give.
type vector struct {
	name string
	in   string
	hint string // symbology id
	want *Content
}

// text is the content Parse gives for text no format claims.
func text(s string) *Content { return &Content{Type: TypeText, Text: s} }

// vectors are the test vectors of every type, each table in the test file of
// its type; FuzzParse is seeded with all of them.
func vectors() [][]vector {
	return [][]vector{urlVectors, wifiVectors, emailVectors, phoneVectors, smsVectors,
		geoVectors, contactVectors, calendarVectors, productVectors, textVectors,
		gs1Vectors, gs1TextVectors, digitalLinkVectors, paymentVectors, paymentTextVectors,
		swissVectors, swissTextVectors, driverLicenseVectors, driverLicenseTextVectors,
		boardingPassVectors, boardingPassTextVectors, otpVectors, otpTextVectors, cryptoVectors, cryptoTextVectors,
		shipmentVectors, shipmentTextVectors,
		scannerGS1Vectors, scannerGS1TextVectors, identifierVectors, identifierTextVectors}
}

func runVectors(t *testing.T, vs []vector) {
	t.Helper()
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			got := Parse(v.in, v.hint)
			if diff := cmp.Diff(v.want, got); diff != "" {
				t.Errorf("Parse(%q, %q) mismatch (-want +got):\n%s", v.in, v.hint, diff)
			}
		})
	}
}

// textVectors are inputs that look like a format but are not, and must be
// plain text.
var textVectors = []vector{
	{"empty", "", "", text("")},
	{"spaces", "  \n ", "", text("  \n ")},
	{"plain", "Hello, world", "", text("Hello, world")},
	{"kept untrimmed", "  hello  ", "qr", text("  hello  ")},
	{"word colon", "Note:call", "", text("Note:call")},
	{"sentence colon", "Remember: milk", "", text("Remember: milk")},
	{"WIFI no ssid", "WIFI:T:WPA;P:pass;;", "qr", text("WIFI:T:WPA;P:pass;;")},
	{"WIFI empty", "WIFI:", "qr", text("WIFI:")},
	{"WIFI empty ssid", "WIFI:S:;T:WPA;;", "qr", text("WIFI:S:;T:WPA;;")},
	{"MECARD empty", "MECARD:;;", "qr", text("MECARD:;;")},
	{"MECARD unknown fields", "MECARD:FOO:bar;;", "qr", text("MECARD:FOO:bar;;")},
	{"BIZCARD empty", "BIZCARD:;;", "qr", text("BIZCARD:;;")},
	{"vCard empty", "BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD", "qr", text("BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD")},
	{"vCard begin only", "BEGIN:VCARD", "qr", text("BEGIN:VCARD")},
	{"VEVENT no DTSTART", "BEGIN:VEVENT\nSUMMARY:Party\nEND:VEVENT", "qr", text("BEGIN:VEVENT\nSUMMARY:Party\nEND:VEVENT")},
	{"VEVENT bad month", "BEGIN:VEVENT\nDTSTART:20181345T000000Z\nEND:VEVENT", "", text("BEGIN:VEVENT\nDTSTART:20181345T000000Z\nEND:VEVENT")},
	{"VEVENT 30 February", "BEGIN:VEVENT\nDTSTART:20180230\nEND:VEVENT", "", text("BEGIN:VEVENT\nDTSTART:20180230\nEND:VEVENT")},
	{"VEVENT hour 25", "BEGIN:VEVENT\nDTSTART:20180201T250000\nEND:VEVENT", "", text("BEGIN:VEVENT\nDTSTART:20180201T250000\nEND:VEVENT")},
	{"VCALENDAR without event", "BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR", "", text("BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR")},
	{"mailto empty", "mailto:", "", text("mailto:")},
	{"MATMSG no TO", "MATMSG:SUB:Hi;BODY:x;;", "", text("MATMSG:SUB:Hi;BODY:x;;")},
	{"MATMSG bad TO", "MATMSG:TO:nobody;SUB:Hi;;", "", text("MATMSG:TO:nobody;SUB:Hi;;")},
	{"SMTP bad address", "SMTP:nobody:Hi:there", "", text("SMTP:nobody:Hi:there")},
	{"address without domain dot", "user@localhost", "", text("user@localhost")},
	{"address without local part", "@example.com", "", text("@example.com")},
	{"double at", "user@@example.com", "", text("user@@example.com")},
	{"address in sentence", "mail me at user@example.com", "", text("mail me at user@example.com")},
	{"tel empty", "tel:", "", text("tel:")},
	{"tel no digits", "tel:abc", "", text("tel:abc")},
	{"tel bad character", "tel:+1@2", "", text("tel:+1@2")},
	{"tel plus inside", "tel:12+34", "", text("tel:12+34")},
	{"sms empty", "sms:", "", text("sms:")},
	{"sms bad number", "sms:hello?body=x", "", text("sms:hello?body=x")},
	{"SMSTO empty", "SMSTO:", "", text("SMSTO:")},
	{"SMSTO bad number", "smsto:abc@x:hi", "", text("smsto:abc@x:hi")},
	{"geo latitude 91", "geo:91,0", "", text("geo:91,0")},
	{"geo longitude 181", "geo:0,181", "", text("geo:0,181")},
	{"geo exponent", "geo:1e3,5", "", text("geo:1e3,5")},
	{"geo NaN", "geo:NaN,0", "", text("geo:NaN,0")},
	{"geo Inf", "geo:Inf,0", "", text("geo:Inf,0")},
	{"geo one number", "geo:12", "", text("geo:12")},
	{"geo four numbers", "geo:1,2,3,4", "", text("geo:1,2,3,4")},
	{"geo bare point", "geo:1.,2", "", text("geo:1.,2")},
	{"geo negative uncertainty", "geo:1,2;u=-5", "", text("geo:1,2;u=-5")},
	{"geo empty", "geo:", "", text("geo:")},
	{"bad check ean13", "4006381333932", "ean13", text("4006381333932")},
	{"bad check no hint", "4006381333932", "", text("4006381333932")},
	{"bad check ean8", "12345678", "ean8", text("12345678")},
	{"bad check upce", "01234566", "upce", text("01234566")},
	{"upce number system 2", "21234565", "upce", text("21234565")},
	{"upce long form not compressible", "0036602301467", "upce", text("0036602301467")},
	{"too short ean13", "123", "ean13", text("123")},
	{"digits from qr", "4006381333931", "qr", text("4006381333931")},
	{"digits from code128", "12345670", "code128", text("12345670")},
	{"three digit add-on", "4006381333931 123", "", text("4006381333931 123")},
	{"glued add-on without hint", "400638133393112", "", text("400638133393112")},
	{"isbn10 without hint", "0306406152", "", text("0306406152")},
	{"isbn10 bad check", "0306406153", "isbn", text("0306406153")},
	{"hyphenated bad check", "978-0-306-40615-8", "", text("978-0-306-40615-8")},
	{"hyphenated not isbn", "400-6381-333931", "", text("400-6381-333931")},
	{"phone-like digits", "2125551212", "", text("2125551212")},
	{"nine digits", "123456789", "", text("123456789")},
	{"nul bytes", "\x00\x00WIFI:S:x;;", "", text("\x00\x00WIFI:S:x;;")},
	{"invalid utf8", "\xff\xfe\xfd", "", text("\xff\xfe\xfd")},
}

func TestText(t *testing.T) { runVectors(t, textVectors) }

// TestHint shows that the symbology hint is normalised like an alias.
func TestHint(t *testing.T) {
	for _, h := range []string{"upce", "UPC-E", "upc_e", "UPC E"} {
		got := Parse("01234565", h)
		if got.Type != TypeProduct || got.Product.GTIN != "00012345000065" {
			t.Errorf("Parse(%q, %q) = %+v, want UPC-E product", "01234565", h, got)
		}
	}
}

// TestJSON pins the JSON shape of one example of each type, as the README
// documents it.
func TestJSON(t *testing.T) {
	tests := []struct {
		in, hint string
		want     string
	}{
		{"hello", "", `{"type":"text","text":"hello"}`},
		{"https://example.com/a?b=c", "", `{"type":"url","url":"https://example.com/a?b=c","scheme":"https","host":"example.com"}`},
		{"MEBKM:TITLE:Example;URL:http\\://example.com/;;", "", `{"type":"url","url":"http://example.com/","scheme":"http","host":"example.com","title":"Example"}`},
		{"WIFI:T:WPA;S:mynetwork;P:mypass;;", "qr", `{"type":"wifi","ssid":"mynetwork","password":"mypass","security":"WPA","rawSecurity":"WPA","hidden":false}`},
		{"WIFI:T:WPA2-EAP;S:corp;E:PEAP;PH2:MSCHAPV2;A:anon;I:alice;P:secret;;", "qr",
			`{"type":"wifi","ssid":"corp","password":"secret","security":"WPA2-EAP","rawSecurity":"WPA2-EAP","hidden":false,"eapMethod":"PEAP","anonymousIdentity":"anon","identity":"alice","phase2Method":"MSCHAPV2"}`},
		{"mailto:joe@example.com?cc=bob@example.com&subject=Hi&body=hello", "",
			`{"type":"email","to":["joe@example.com"],"cc":["bob@example.com"],"bcc":[],"subject":"Hi","body":"hello"}`},
		{"tel:+1-201-555-0123;ext=42", "", `{"type":"phone","number":"+12015550123","extension":"42"}`},
		{"sms:+15105550101?body=hello%20there", "", `{"type":"sms","numbers":["+15105550101"],"subject":"","body":"hello there","mms":false}`},
		{"geo:48.2010,16.3695,183;u=40", "", `{"type":"geo","latitude":48.201,"longitude":16.3695,"altitude":183,"uncertainty":40,"crs":"wgs84"}`},
		{"geo:0,0?q=Eiffel+Tower", "", `{"type":"geo","latitude":0,"longitude":0,"crs":"wgs84","query":"Eiffel Tower"}`},
		{"MECARD:N:Owen,Sean;TEL:+12125551212;EMAIL:srowen@example.com;;", "",
			`{"type":"contact","name":"Sean Owen","phones":[{"number":"+12125551212"}],"emails":[{"address":"srowen@example.com"}],"addresses":[],"urls":[]}`},
		{"BEGIN:VCARD\nVERSION:3.0\nFN:Jane Doe\nORG:Acme;Sales\nTEL;TYPE=work,voice:+1-555-0100\nADR;TYPE=work:;;1 Main St;Springfield;IL;62701;USA\nEND:VCARD", "",
			`{"type":"contact","name":"Jane Doe","organization":"Acme","department":"Sales","phones":[{"number":"+1-555-0100","type":"work,voice"}],"emails":[],` +
				`"addresses":[{"address":"1 Main St, Springfield, IL, 62701, USA","type":"work","street":"1 Main St","locality":"Springfield","region":"IL","postalCode":"62701","country":"USA"}],"urls":[]}`},
		{"BEGIN:VEVENT\nSUMMARY:Review\nDTSTART:19970903T163000Z\nDTEND:19970903T190000Z\nORGANIZER;CN=Ann:mailto:ann@example.com\nEND:VEVENT", "",
			`{"type":"calendar","summary":"Review","start":"1997-09-03T16:30:00Z","end":"1997-09-03T19:00:00Z","allDay":false,"location":"","description":"","organizer":{"name":"Ann","email":"ann@example.com"},"attendees":[]}`},
		{"01234565", "upce", `{"type":"product","gtin":"00012345000065","code":"01234565","format":"UPC-E"}`},
		{"978073520044951299", "ean13", `{"type":"isbn","isbn13":"9780735200449","isbn10":"0735200440","gtin":"09780735200449","addOn":"51299","price":{"currency":"USD","amount":"12.99"}}`},
		{"(01)09506000134352(17)251231(3103)000189(3932)978299", "qr",
			`{"type":"gs1","elementString":"01095060001343521725123131030001893932978299","hri":"(01)09506000134352(17)251231(3103)000189(3932)978299",` +
				`"fields":[{"ai":"01","title":"GTIN","value":"09506000134352"},{"ai":"17","title":"USE BY or EXPIRY","value":"251231","date":"2025-12-31"},` +
				`{"ai":"3103","title":"NET WEIGHT (kg)","value":"000189","amount":"0.189","unit":"kg"},{"ai":"3932","title":"PRICE","value":"978299","amount":"2.99","currency":"EUR"}]}`},
		{"https://id.gs1.org/01/09506000134352/10/AB1?17=251231", "qr",
			`{"type":"gs1-digital-link","url":"https://id.gs1.org/01/09506000134352/10/AB1?17=251231","elementString":"010950600013435210AB1\u001d17251231",` +
				`"hri":"(01)09506000134352(10)AB1(17)251231","fields":[{"ai":"01","title":"GTIN","value":"09506000134352"},` +
				`{"ai":"10","title":"BATCH/LOT","value":"AB1"},{"ai":"17","title":"USE BY or EXPIRY","value":"251231","date":"2025-12-31"}]}`},
		{epcSample, "qr", `{"type":"payment","version":"001","characterSet":1,"identification":"SCT","bic":"BPOTBEB1","name":"Red Cross",` +
			`"iban":"BE72000000001616","currency":"EUR","amount":"1.00","purpose":"CHAR","text":"Urgency fund","information":"Sample EPC QR code"}`},
		{swissDonation, "qr", `{"type":"swiss-qr-bill","version":"0200","iban":"CH3709000000304442225","creditor":{"addressType":"S",` +
			`"name":"Salvation Army Foundation Switzerland","postalCode":"3000","town":"Bern","country":"CH"},"currency":"CHF",` +
			`"referenceType":"NON","message":"Donation to the Winterfest campaign","alternativeSchemes":[]}`},
		{"@\n\x1e\rANSI 636000100001DL00310058DLDAQT64235789\nDCSSAMPLE\nDACMICHAEL\nDBB06061986\nDCGUSA\r", "pdf417",
			`{"type":"driver-license","documentType":"DL","issuerId":"636000","version":10,"jurisdictionVersion":0,"licenseNumber":"T64235789",` +
				`"name":"MICHAEL SAMPLE","familyName":"SAMPLE","givenName":"MICHAEL","dateOfBirth":"1986-06-06","address":{"country":"USA"},` +
				`"elements":{"DAC":"MICHAEL","DAQ":"T64235789","DBB":"06061986","DCG":"USA","DCS":"SAMPLE"}}`},
		{bcbpMandatory, "pdf417", `{"type":"boarding-pass","passengerName":"DESMARAIS/LUC","familyName":"DESMARAIS","givenName":"LUC",` +
			`"electronicTicket":true,"legs":[{"pnr":"ABC123","from":"YUL","to":"FRA","carrier":"AC","flightNumber":"834","flight":"AC834",` +
			`"dayOfYear":326,"compartment":"J","seat":"1A","sequence":"25","passengerStatus":"1"}],"baggageTags":[]}`},
		{"otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example", "qr",
			`{"type":"otp","otpType":"totp","label":"Example:alice@google.com","issuer":"Example","account":"alice@google.com",` +
				`"secret":"JBSWY3DPEHPK3PXP","algorithm":"SHA1","digits":6,"period":30}`},
		{"bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?amount=20.3&label=Luke-Jr", "qr",
			`{"type":"crypto","scheme":"bitcoin","address":"1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2","network":"mainnet","amount":"20.3","label":"Luke-Jr"}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(Parse(tt.in, tt.hint))
		if err != nil {
			t.Fatalf("Marshal(Parse(%q)): %v", tt.in, err)
		}
		if string(b) != tt.want {
			t.Errorf("JSON of Parse(%q, %q)\n got %s\nwant %s", tt.in, tt.hint, b, tt.want)
		}
	}
}

// TestRoundTrip decodes the JSON of every vector's content and compares it
// with the original.
func TestRoundTrip(t *testing.T) {
	for _, vs := range vectors() {
		for _, v := range vs {
			c := Parse(v.in, v.hint)
			b, err := json.Marshal(c)
			if err != nil {
				t.Fatalf("Marshal(Parse(%q)): %v", v.in, err)
			}
			var back Content
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("Unmarshal(%s): %v", b, err)
			}
			// JSON holds valid UTF-8 only, and writes nil lists as [];
			// compare the JSON values.
			b2, _ := json.Marshal(back)
			var want, got any
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b2, &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: round trip of %q (-want +got):\n%s", v.name, v.in, diff)
			}
			if c.Type == TypeText && utf8.ValidString(c.Text) && back.Text != c.Text {
				t.Errorf("%s: text round trip %q, want %q", v.name, back.Text, c.Text)
			}
		}
	}
}

// TestZeroContent shows the zero Content and a Content with a type but no
// member marshal to complete objects.
func TestZeroContent(t *testing.T) {
	tests := []struct {
		c    Content
		want string
	}{
		{Content{}, `{"type":"text","text":""}`},
		{Content{Type: TypeWiFi}, `{"type":"wifi","ssid":"","password":"","security":"","rawSecurity":"","hidden":false}`},
		{Content{Type: TypeEmail, Email: &Email{Subject: "x"}}, `{"type":"email","to":[],"cc":[],"bcc":[],"subject":"x","body":""}`},
		{Content{Type: TypeContact}, `{"type":"contact","name":"","phones":[],"emails":[],"addresses":[],"urls":[]}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.c)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tt.want {
			t.Errorf("Marshal(%+v)\n got %s\nwant %s", tt.c, b, tt.want)
		}
	}
	if _, err := json.Marshal(Content{Type: "bogus"}); err == nil {
		t.Error("Marshal of an unknown type gave no error")
	}
}

func TestUnmarshalErrors(t *testing.T) {
	for _, in := range []string{`{}`, `{"type":"bogus"}`, `{"type":7}`, `[]`, `{"type":"url","url":5}`} {
		var c Content
		if err := json.Unmarshal([]byte(in), &c); err == nil {
			t.Errorf("Unmarshal(%s) gave no error, content %+v", in, c)
		}
	}
	var c Content
	if err := json.Unmarshal([]byte(`{"type":"phone","number":"+1","extra":true}`), &c); err != nil {
		t.Fatal(err)
	}
	if c.Type != TypePhone || c.Phone == nil || c.Phone.Number != "+1" {
		t.Errorf("Unmarshal gave %+v", c)
	}
}

// TestListsBounded shows that no list grows past maxItems.
func TestListsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("BEGIN:VCARD\nVERSION:3.0\nFN:Many\n")
	for i := range maxItems + 50 {
		fmt.Fprintf(&b, "TEL:+1555%07d\n", i)
	}
	b.WriteString("END:VCARD\n")
	c := Parse(b.String(), "")
	if c.Type != TypeContact || len(c.Contact.Phones) != maxItems {
		t.Fatalf("got type %s with %d phones, want %d", c.Type, len(c.Contact.Phones), maxItems)
	}
	to := strings.Repeat("a@example.com,", maxItems+50)
	c = Parse("mailto:"+to, "")
	if c.Type != TypeEmail || len(c.Email.To) != maxItems {
		t.Fatalf("got type %s with %d recipients, want %d", c.Type, len(c.Email.To), maxItems)
	}
}

// hostile returns inputs of about n bytes built to make a careless parser
// quadratic: long runs of separators, escapes, folds and soft line breaks.
func hostile(n int) map[string]string {
	rep := func(s string) string { return strings.Repeat(s, n/len(s)+1) }
	return map[string]string{
		"wifi escapes":     "WIFI:S:" + rep(`\`),
		"wifi separators":  "WIFI:" + rep("S:;"),
		"mecard fields":    "MECARD:" + rep("TEL:1;"),
		"vcard folds":      "BEGIN:VCARD\nNOTE:" + rep("\n x"),
		"vcard qp":         "BEGIN:VCARD\nNOTE;ENCODING=QUOTED-PRINTABLE:" + rep("=\n"),
		"vcard quotes":     "BEGIN:VCARD\nTEL;TYPE=\"" + rep(";"),
		"vcard params":     "BEGIN:VCARD\nTEL" + rep(";X=1,2") + ":1",
		"vcard nesting":    rep("BEGIN:VCARD\n"),
		"vcal nesting":     "BEGIN:VCALENDAR\n" + rep("BEGIN:VEVENT\n"),
		"vevent lines":     "BEGIN:VEVENT\nDTSTART:20200101\n" + rep("ATTENDEE:mailto:a@b.c\n"),
		"mailto":           "mailto:" + rep("%2"),
		"mailto query":     "mailto:a@b.c?" + rep("&"),
		"sms":              "sms:" + rep(",1"),
		"geo":              "geo:1,2" + rep(";u"),
		"url labels":       rep("a.") + "com",
		"url scheme":       rep("a") + "://x",
		"email":            rep("a@b.cc,"),
		"digits":           rep("1"),
		"hyphenated isbn":  rep("9-"),
		"percent":          "tel:" + rep("%"),
		"carriage returns": "BEGIN:VEVENT\r" + rep("\r"),
		"gs1 hri":          rep("(10)A"),
		"gs1 separators":   "10A" + rep("\x1d"),
		"gs1 parentheses":  "(10)" + rep("("),
		"digital link":     "https://a" + rep("/01"),
		"digital link qs":  "https://a/01/09506000134352?" + rep("99=A&"),
		"epc":              "BCD\n" + rep("\n"),
		"swiss":            "SPC\n" + rep("\n"),
		"aamva":            "@\n\x1e\rANSI 636000100099" + rep("DL00410278"),
		"aamva elements":   "@\n\x1e\rANSI 636000100001DL00290008DL" + rep("DAQ1\n"),
		"bcbp":             "M4" + rep("M"),
		"otp":              "otpauth://totp/a?" + rep("secret=A&"),
		"bitcoin":          "bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?" + rep("a=1&"),
		"lightning":        "lightning:lnbc1" + rep("q"),
		"ethereum":         "ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359?" + rep("value=1&"),
	}
}

// TestLinearTime parses inputs of a megabyte built against the usual
// quadratic traps. Linear parsing takes milliseconds; a quadratic loop over
// a megabyte would take minutes, so the generous limit is not flaky yet
// catches the regression.
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	const n = 1 << 20
	for name, in := range hostile(n) {
		start := time.Now()
		c := Parse(in, "")
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: Parse of %d bytes took %v", name, len(in), d)
		}
		if _, err := json.Marshal(c); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzParse checks that Parse never panics, finishes quickly, always returns
// content of a known type, and that the content marshals to JSON that
// decodes back.
func FuzzParse(f *testing.F) {
	for _, vs := range vectors() {
		for _, v := range vs {
			f.Add(v.in, v.hint)
		}
	}
	for _, in := range hostile(64) {
		f.Add(in, "")
	}
	f.Fuzz(func(t *testing.T, in, hint string) {
		start := time.Now()
		c := Parse(in, hint)
		// Fuzz inputs are small; a second means something grew
		// superlinear (TestLinearTime takes 1 MB in milliseconds).
		if d := time.Since(start); d > time.Second && len(in) < 1<<16 {
			t.Fatalf("Parse of %d bytes took %v", len(in), d)
		}
		if c == nil {
			t.Fatal("Parse returned nil")
		}
		if c.Type == TypeText && c.Text != in {
			t.Fatalf("text content %q, want the input %q", c.Text, in)
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		var back Content
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", b, err)
		}
		if back.Type != c.Type {
			t.Fatalf("type %q came back as %q", c.Type, back.Type)
		}
	})
}

// benchInputs is a mix of what scanners read: mostly URLs and product
// codes, some Wi-Fi, contacts and events, GS1 data, payments, boarding
// passes, and plain text.
var benchInputs = []struct{ in, hint string }{
	{"https://www.example.com/products/item?id=12345&ref=qr", "qr"},
	{"4006381333931", "ean13"},
	{"01234565", "upce"},
	{"WIFI:T:WPA;S:Home Network;P:correct horse battery staple;;", "qr"},
	{"Just some text printed on a label", "code128"},
	{"MECARD:N:Owen,Sean;ADR:76 9th Avenue, 4th Floor, New York, NY 10011;TEL:+12125551212;EMAIL:srowen@example.com;;", "qr"},
	{"BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Frank Dawson\r\nORG:Lotus Development Corporation\r\nADR;TYPE=WORK,POSTAL,PARCEL:;;6544 Battleford Drive\r\n ;Raleigh;NC;27613-3502;U.S.A.\r\nTEL;TYPE=VOICE,MSG,WORK:+1-919-676-9515\r\nEMAIL;TYPE=INTERNET,PREF:Frank_Dawson@Lotus.com\r\nURL:http://home.earthlink.net/~fdawson\r\nEND:VCARD\r\n", "qr"},
	{"BEGIN:VEVENT\r\nSUMMARY:Annual Employee Review\r\nDTSTART:19970903T163000Z\r\nDTEND:19970903T190000Z\r\nEND:VEVENT\r\n", "qr"},
	{"mailto:joe@example.com?cc=bob@example.com&body=hello", "qr"},
	{"geo:48.198634,16.371648;crs=wgs84;u=40", "qr"},
	{"(01)09506000134352(17)251231(10)ABC123", "qr"},
	{"BCD\n002\n1\nSCT\n\nRed Cross\nBE72000000001616\nEUR12.3\n\n\nDonation", "qr"},
	{"M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100", "pdf417"},
}

func BenchmarkParse(b *testing.B) {
	n := 0
	for _, in := range benchInputs {
		n += len(in.in)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range benchInputs {
			Parse(in.in, in.hint)
		}
	}
}

// BenchmarkMarshal measures the JSON encoding of the same mix.
func BenchmarkMarshal(b *testing.B) {
	var cs []*Content
	for _, in := range benchInputs {
		cs = append(cs, Parse(in.in, in.hint))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cs {
			if _, err := json.Marshal(c); err != nil {
				b.Fatal(err)
			}
		}
	}
}
