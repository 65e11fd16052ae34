package gs1

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// testYear fixes the century window of the tests' two-digit years.
const testYear = 2025

// hriVectors are GS1 data in human-readable form and as element strings.
var hriVectors = []struct {
	source   string
	hri, es  string
	fieldsAI []string
}{
	{"GS1 General Specifications Figure 4.15.1-2 (GS1 QR Code example; zxing-cpp corpus qrcode-2/gs1-figure-4.15.1-2)",
		"(01)09504000059101(21)12345678p901(10)1234567p(17)141120(8200)http://www.gs1.org/demo/",
		"01095040000591012112345678p901\x1d101234567p\x1d171411208200http://www.gs1.org/demo/",
		[]string{"01", "21", "10", "17", "8200"}},
	{"issue example: GTIN, expiry, batch",
		"(01)09506000134352(17)251231(10)ABC123", "0109506000134352" + "17251231" + "10ABC123",
		[]string{"01", "17", "10"}},
	{"variable-length field first needs a separator",
		"(10)ABC123(01)09506000134352", "10ABC123\x1d0109506000134352", []string{"10", "01"}},
	{"GS1 General Specifications §2.2.2 SSCC example",
		"(00)106141412345678908", "00106141412345678908", []string{"00"}},
	{"GS1 General Specifications §3.6.2 variable measure trade item",
		"(01)95012345678903(3103)000123", "01950123456789033103000123", []string{"01", "3103"}},
	{"GS1 General Specifications §7.9.5 GMN example (check character pair 2K)",
		"(8013)1987654Ad4X4bL5ttr2310c2K", "80131987654Ad4X4bL5ttr2310c2K", []string{"8013"}},
	{"parentheses in data", "(400)PO(7)(00)006141411234567890", "400PO(7)\x1d00006141411234567890", []string{"400", "00"}},
	{"weight and price with ISO currency", "(01)09506000134352(3103)000189(3932)978299", "0109506000134352" + "3103000189" + "3932978299", []string{"01", "3103", "3932"}},
	{"expiry date and time", "(01)09506000134352(7003)2512311230(91)X", "010950600013435270032512311230\x1d91X", []string{"01", "7003", "91"}},
	{"logistic unit with count", "(00)106141412345678908(02)09506000134352(37)144", "00106141412345678908" + "0209506000134352" + "37144", []string{"00", "02", "37"}},
	{"GRAI with serial", "(8003)0950600013435212345", "80030950600013435212345", []string{"8003"}},
	{"ITIP piece 1 of 2", "(8006)095060001343520102(21)1", "8006095060001343520102\x1d211", []string{"8006", "21"}},
	{"ship-to geolocation", "(00)106141412345678908(4309)14250000001934000000", "00106141412345678908" + "430914250000001934000000", []string{"00", "4309"}},
	{"CPID (character set 39)", "(8010)95060001#-/(8011)123", "801095060001#-/\x1d8011123", []string{"8010", "8011"}},
	{"digital signature (character set 64)", "(01)09506000134352(21)1(8030)abc-_0==", "0109506000134352" + "211\x1d8030abc-_0==", []string{"01", "21", "8030"}},
	{"temperature below zero", "(00)106141412345678908(4331)001234-", "00106141412345678908" + "4331001234-", []string{"00", "4331"}},
	{"IBAN", "(415)9506000134352(8020)ABC(8007)DE89370400440532013000", "4159506000134352" + "8020ABC\x1d8007DE89370400440532013000", []string{"415", "8020", "8007"}},
}

func TestElementStringAndHRI(t *testing.T) {
	for _, v := range hriVectors {
		fields, err := parseHRI(v.hri, testYear)
		if err != nil {
			t.Errorf("%s: ParseHRI(%q): %v", v.source, v.hri, err)
			continue
		}
		var ais []string
		for _, f := range fields {
			ais = append(ais, f.AI)
		}
		if !slices.Equal(ais, v.fieldsAI) {
			t.Errorf("%s: AIs %v, want %v", v.source, ais, v.fieldsAI)
		}
		if es := Join(fields); es != v.es {
			t.Errorf("%s: element string %q, want %q", v.source, es, v.es)
		}
		back, err := parse(v.es, testYear)
		if err != nil || !slices.Equal(back, fields) {
			t.Errorf("%s: Parse(%q) = %v, %v; want %v", v.source, v.es, back, err, fields)
		}
		if h := FormatHRI(back); h != v.hri {
			t.Errorf("%s: FormatHRI = %q, want %q", v.source, h, v.hri)
		}
		if es, err := ElementString(v.hri); err != nil || es != v.es {
			t.Errorf("%s: ElementString = %q, %v", v.source, es, err)
		}
		if h, err := HRI(v.es); err != nil || h != v.hri {
			t.Errorf("%s: HRI = %q, %v", v.source, h, err)
		}
		if err := Validate(fields); err != nil {
			t.Errorf("%s: Validate: %v", v.source, err)
		}
	}
}

// TestSplitTolerance shows the separators Split accepts beyond the
// necessary ones, as some encoders write them.
func TestSplitTolerance(t *testing.T) {
	want := []Field{{"01", "09506000134352"}, {"10", "ABC"}}
	for _, es := range []string{
		"0109506000134352\x1d10ABC",         // GS after a predefined-length field
		"\x1d010950600013435210ABC",         // leading GS (FNC1 in first position transmitted)
		"010950600013435210ABC\x1d",         // trailing GS
		"0109506000134352\x1d\x1d10ABC\x1d", // doubled
	} {
		got, err := Split(es)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("Split(%q) = %v, %v", es, got, err)
		}
	}
}

// TestSplitIsLenient shows that Split takes data Parse refuses for its
// content, which a reader still wants to show.
func TestSplitIsLenient(t *testing.T) {
	es := "0109506000134353" + "17251340" // wrong check digit, month 13
	if _, err := Split(es); err != nil {
		t.Errorf("Split: %v", err)
	}
	if _, err := parse(es, testYear); err == nil {
		t.Error("Parse accepted a wrong check digit")
	}
}

func TestHRIEscapes(t *testing.T) {
	fields := []Field{{"10", "A(21)B"}, {"21", "x)y"}}
	h := FormatHRI(fields)
	if h != `(10)A\(21)B(21)x)y` {
		t.Errorf("FormatHRI = %q", h)
	}
	back, err := ParseHRI(h)
	if err != nil || !slices.Equal(back, fields) {
		t.Errorf("ParseHRI(%q) = %v, %v", h, back, err)
	}
	if got, err := ParseHRI(`(10)A\)B`); err != nil || got[0].Value != "A)B" {
		t.Errorf(`ParseHRI("(10)A\)B") = %v, %v`, got, err)
	}
}

// errorVectors are malformed GS1 data: each must fail naming the AI and
// the rule broken.
var errorVectors = []struct {
	name, hri  string
	ai, rule   string
	mentioning string
}{
	{"no parenthesis", "0109506000134352", "", RuleSyntax, "must start"},
	{"one-digit AI", "(1)X", "", RuleSyntax, "expected \"(AI)\""},
	{"letters as AI", "(AB)X", "", RuleSyntax, "expected \"(AI)\""},
	{"five-digit AI", "(01234)X", "", RuleSyntax, "expected \"(AI)\""},
	{"empty data", "(10)", "10", RuleLength, "takes 1 to 20 characters of data, got 0"},
	{"short GTIN", "(01)0950600013435", "01", RuleLength, "takes 14 characters of data, got 13"},
	{"long GTIN", "(01)095060001343520", "01", RuleLength, "takes 14 characters of data, got 15"},
	{"long batch", "(10)" + strings.Repeat("A", 21), "10", RuleLength, "takes 1 to 20"},
	{"control character", "(10)ABC\x01", "10", RuleCharset, "'\\x01' at position 4 is not in GS1 character set 82"},
	{"space", "(10)AB C", "10", RuleCharset, "' ' at position 3"},
	{"letter in numeric", "(01)0950600013435X", "01", RuleCharset, "'X' at position 14 is not in the digits"},
	{"lower case in set 39", "(8010)9506abc", "8010", RuleCharset, "not in GS1 character set 39"},
	{"padding inside set 64", "(8030)ab=c", "8030", RuleCharset, "padding"},
	{"AI of wrong length", "(310)000189", "310", RuleUnknownAI, "starting with 31 have 4 digits"},
	{"no AI starts so", "(50)X", "50", RuleUnknownAI, "no Application Identifier starts with 50"},
	{"unassigned AI", "(3106)000189", "3106", RuleUnknownAI, "no such Application Identifier"},
	{"GTIN check digit", "(01)09506000134353", "01", RuleCheckDigit, "check digit is 3, should be 2"},
	{"SSCC check digit", "(00)106141412345678909", "00", RuleCheckDigit, "should be 8"},
	{"GLN check digit", "(414)9506000134350", "414", RuleCheckDigit, "should be"},
	{"GMN check pair", "(8013)1987654Ad4X4bL5ttr2310cXK", "8013", RuleCheckDigit, "should be \"2K\""},
	{"month 13", "(17)251301", "17", RuleDate, "month 13"},
	{"30 February", "(17)250230", "17", RuleDate, "day 30 in 250230: 2025-02 has 28 days"},
	{"29 February 2025", "(11)250229", "11", RuleDate, "has 28 days"},
	{"day 00 where a day is needed", "(7006)251200", "7006", RuleDate, "day 00"},
	{"hour 24", "(7003)2512312400", "7003", RuleDate, "hour 24"},
	{"full date", "(7250)19990231", "7250", RuleDate, "day 31"},
	{"currency", "(3912)000123", "3912", RuleValue, "000 is not an ISO 4217 currency code"},
	{"country", "(422)999", "422", RuleValue, "999 is not an ISO 3166-1 numeric country code"},
	{"alpha-2 country", "(4307)XX", "4307", RuleValue, "not an ISO 3166-1 alpha-2"},
	{"latitude", "(4309)19000000000000000000", "4309", RuleValue, "latitude"},
	{"piece of total", "(8006)095060001343520302", "8006", RuleValue, "piece 3 of 2"},
	{"yes or no", "(4321)2", "4321", RuleValue, "0 (no) or 1 (yes)"},
	{"IBAN", "(8007)DE89370400440532013001", "8007", RuleCheckDigit, "IBAN"},
	{"percent encoding", "(4300)AB%2", "4300", RuleValue, "%XX"},
	{"GRAI needs a zero", "(8003)1950600013435212345", "8003", RuleValue, "must be 0"},
	{"company prefix", "(8004)ABC123", "8004", RuleValue, "GS1 Company Prefix"},
	{"MUDI needs a non-digit", "(8014)123456789012345678911", "8014", RuleCheckDigit, "check character pair"},
}

func TestErrors(t *testing.T) {
	for _, v := range errorVectors {
		_, err := parseHRI(v.hri, testYear)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: ParseHRI(%q) error %v, want an *Error", v.name, v.hri, err)
			continue
		}
		if e.AI != v.ai || e.Rule != v.rule || !strings.Contains(e.Error(), v.mentioning) {
			t.Errorf("%s: ParseHRI(%q) error %q (AI %q, rule %q); want AI %q, rule %q, mentioning %q",
				v.name, v.hri, e, e.AI, e.Rule, v.ai, v.rule, v.mentioning)
		}
		if v.ai != "" && !strings.Contains(e.Error(), "AI ("+v.ai+")") {
			t.Errorf("%s: error %q does not name the AI", v.name, e)
		}
	}
}

func TestSplitErrors(t *testing.T) {
	tests := []struct{ es, mentioning string }{
		{"", "no data"},
		{"0109506000134352\x1dX", "expected an Application Identifier at position 18"},
		{"010950600013435", "takes 14 characters of data, got 13"},
		{"10" + strings.Repeat("A", 25), "is a separator missing?"},
		{"5012", "no Application Identifier starts with 50"},
		{"31", "must be 4 digits"},
		{"4220276", "takes at most 3 characters of data, got 4"},
	}
	for _, tt := range tests {
		_, err := Split(tt.es)
		if err == nil || !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tt.mentioning) {
			t.Errorf("Split(%q) error %v, want one mentioning %q", tt.es, err, tt.mentioning)
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		hri        string
		rule       string
		mentioning string
	}{
		{"(01)09506000134352(10)ABC(01)09506000134352", "", ""},
		{"(10)ABC123", RuleAssociation, "AI (10): association: must appear with (01), (02), (03), (8006) or (8026)"},
		{"(01)09506000134352(02)09506000134352", RuleExclusion, "AI (02): invalid pair: must not appear with (01)"},
		{"(01)09506000134352(3103)000189(3102)001890", RuleExclusion, "AI (3103): invalid pair: must not appear with (3102)"},
		{"(01)09506000134352(10)A(10)B", RuleDuplicate, "appears twice"},
		{"(8018)950600013435200008(7258)1/2", RuleAssociation, "must appear with (8018) with (7259)"},
		{"(8018)950600013435200008(7259)BABY(7258)1/2", "", ""},
		{"(00)106141412345678908(37)144", RuleAssociation, "AI (37): association: must appear with (02) or (8026)"},
	}
	for _, tt := range tests {
		fields, err := parseHRI(tt.hri, testYear)
		if err != nil {
			t.Fatalf("ParseHRI(%q): %v", tt.hri, err)
		}
		err = Validate(fields)
		var e *Error
		switch {
		case tt.rule == "" && err != nil:
			t.Errorf("Validate(%q): %v", tt.hri, err)
		case tt.rule != "" && (!errors.As(err, &e) || e.Rule != tt.rule || !strings.Contains(err.Error(), tt.mentioning)):
			t.Errorf("Validate(%q) = %v, want %s mentioning %q", tt.hri, err, tt.rule, tt.mentioning)
		}
	}
}

func TestInterpretation(t *testing.T) {
	tests := []struct {
		f                             Field
		date, decimal, currency, unit string
	}{
		{Field{"17", "251231"}, "2025-12-31", "", "", ""},
		{Field{"15", "261200"}, "2026-12", "", "", ""},
		{Field{"11", "991231"}, "1999-12-31", "", "", ""},
		{Field{"7003", "2512311230"}, "2025-12-31T12:30", "", "", ""},
		{Field{"7007", "250101250105"}, "2025-01-01/2025-01-05", "", "", ""},
		{Field{"8008", "25123114"}, "2025-12-31T14", "", "", ""},
		{Field{"8008", "251231143005"}, "2025-12-31T14:30:05", "", "", ""},
		{Field{"7251", "198612250630"}, "1986-12-25T06:30", "", "", ""},
		{Field{"3103", "000189"}, "", "0.189", "", "kg"},
		{Field{"3100", "000189"}, "", "189", "", "kg"},
		{Field{"3105", "123456"}, "", "1.23456", "", "kg"},
		{Field{"3345", "000001"}, "", "0.00001", "", "m²"},
		{Field{"3375", "000001"}, "", "0.00001", "", "kg/m²"},
		{Field{"3612", "000150"}, "", "1.50", "", "gal."},
		{Field{"3922", "0299"}, "", "2.99", "", ""},
		{Field{"3929", "5"}, "", "0.000000005", "", ""},
		{Field{"3932", "978299"}, "", "2.99", "EUR", ""},
		{Field{"3910", "8401000"}, "", "1000", "USD", ""},
		{Field{"3941", "0125"}, "", "12.5", "", "%"},
		{Field{"10", "ABC"}, "", "", "", ""},
		{Field{"17", "251301"}, "", "", "", ""}, // invalid: no date
	}
	for _, tt := range tests {
		if got := tt.f.date(testYear); got != tt.date {
			t.Errorf("%v date %q, want %q", tt.f, got, tt.date)
		}
		if got := tt.f.Decimal(); got != tt.decimal {
			t.Errorf("%v decimal %q, want %q", tt.f, got, tt.decimal)
		}
		if got := tt.f.Currency(); got != tt.currency {
			t.Errorf("%v currency %q, want %q", tt.f, got, tt.currency)
		}
		if got := tt.f.Unit(); got != tt.unit {
			t.Errorf("%v unit %q, want %q", tt.f, got, tt.unit)
		}
	}
}

// TestCentury checks the rule of General Specifications §7.12 with its own
// worked examples: in 2025, 76 is 1976 (51 or more ahead), 75 is 2075; in
// 2051, 00 is 2100 (50 or more behind).
func TestCentury(t *testing.T) {
	tests := []struct{ yy, now, want int }{
		{25, 2025, 2025}, {75, 2025, 2075}, {76, 2025, 1976}, {99, 2025, 1999},
		{0, 2025, 2000}, {0, 2050, 2100}, {1, 2050, 2001}, {0, 2049, 2000}, {99, 2049, 2099}, {99, 2048, 1999},
	}
	for _, tt := range tests {
		if got := Century(tt.yy, tt.now); got != tt.want {
			t.Errorf("Century(%02d, %d) = %d, want %d", tt.yy, tt.now, got, tt.want)
		}
	}
}

// FuzzGS1ElementString checks that Split and Parse never panic, and that
// what they accept survives Join, FormatHRI and ParseHRI unchanged.
func FuzzGS1ElementString(f *testing.F) {
	for _, v := range hriVectors {
		f.Add(v.es)
	}
	f.Add("0109506000134353\x1d\x1d17251340")
	f.Add("\x1d10" + strings.Repeat("(", 20))
	f.Fuzz(func(t *testing.T, es string) {
		fields, err := Split(es)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		again, err := Split(Join(fields))
		if err != nil || !slices.Equal(again, fields) {
			t.Fatalf("Split(Join(%v)) = %v, %v", fields, again, err)
		}
		if _, err := parse(es, testYear); err != nil {
			return
		}
		back, err := parseHRI(FormatHRI(fields), testYear)
		if err != nil || !slices.Equal(back, fields) {
			t.Fatalf("ParseHRI(FormatHRI(%v)) = %v, %v", fields, back, err)
		}
	})
}

// FuzzGS1HRI checks that ParseHRI never panics and that what it accepts is
// written back to the same fields.
func FuzzGS1HRI(f *testing.F) {
	for _, v := range hriVectors {
		f.Add(v.hri)
	}
	for _, v := range errorVectors {
		f.Add(v.hri)
	}
	f.Add(`(10)A\(21)B(21)x)y`)
	f.Fuzz(func(t *testing.T, hri string) {
		fields, err := parseHRI(hri, testYear)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		back, err := parse(Join(fields), testYear)
		if err != nil || !slices.Equal(back, fields) {
			t.Fatalf("Parse(Join(%v)) = %v, %v", fields, back, err)
		}
		_ = Validate(fields)
		for _, f := range fields {
			_, _, _, _ = f.date(testYear), f.Decimal(), f.Currency(), f.Unit()
		}
	})
}

func BenchmarkParse(b *testing.B) {
	es := hriVectors[0].es
	b.SetBytes(int64(len(es)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(es); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCheckElementString(t *testing.T) {
	for _, ok := range []string{"0109506000134352", "10ABC\x1d0109506000134352", "21A%B!\"&'()*+,-./:;<=>?_z"} {
		if err := CheckElementString(ok); err != nil {
			t.Errorf("CheckElementString(%q) = %v", ok, err)
		}
	}
	for _, bad := range []struct{ es, mention string }{
		{"", "empty"},
		{"(01)09506000134352", "human-readable"},
		{"A1", "starts with"},
		{"10ABC\x1d", "position 5"},
		{"10ABC\x1d\x1d01", "position 5"},
		{"10AB C", "character ' ' at position 4"},
		{"10ABé", "not in GS1 character set 82"},
	} {
		err := CheckElementString(bad.es)
		if err == nil || !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), bad.mention) {
			t.Errorf("CheckElementString(%q) = %v, want an error mentioning %q", bad.es, err, bad.mention)
		}
	}
}
