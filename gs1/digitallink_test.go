package gs1

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// dlVectors are GS1 Digital Link URIs after the GS1 Digital Link URI
// Syntax standard (Release 1.4) and its examples, with the element string
// each stands for and the canonical URI DigitalLink writes for it.
var dlVectors = []struct {
	source, uri, hri, canonical string
}{
	{"DL standard §4: GTIN alone", "https://id.gs1.org/01/09506000134352", "(01)09506000134352", "https://id.gs1.org/01/09506000134352"},
	{"DL standard §4: GTIN with batch, serial and expiry",
		"https://example.com/01/09506000134352/10/ABC123/21/12345?17=180426",
		"(01)09506000134352(10)ABC123(21)12345(17)180426",
		"https://id.gs1.org/01/09506000134352/10/ABC123/21/12345?17=180426"},
	{"DL standard §4.3: GTIN-13 in the URI is zero-padded", "https://id.gs1.org/01/9506000134352", "(01)09506000134352", "https://id.gs1.org/01/09506000134352"},
	{"DL standard §4.2: a stem before the key; other parameters ignored",
		"https://example.com/some/stem/01/09506000134352?3103=000195&linkType=gs1:pip#frag",
		"(01)09506000134352(3103)000195", "https://id.gs1.org/01/09506000134352?3103=000195"},
	{"DL standard: GLN with extension, percent-encoded", "https://id.gs1.org/414/9520123456788/254/32a%2Fb",
		"(414)9520123456788(254)32a/b", "https://id.gs1.org/414/9520123456788/254/32a%2Fb"},
	{"DL standard: SSCC", "HTTP://ID.GS1.ORG/00/106141412345678908", "(00)106141412345678908", "https://id.gs1.org/00/106141412345678908"},
	{"DL standard: CPV qualifier first", "https://id.gs1.org/01/09506000134352/22/2A/21/X?99=AB", "(01)09506000134352(22)2A(21)X(99)AB",
		"https://id.gs1.org/01/09506000134352/22/2A/21/X?99=AB"},
	{"DL standard: GTIN with TPX", "https://id.gs1.org/01/09506000134352/235/TPX%2B1", "(01)09506000134352(235)TPX+1",
		"https://id.gs1.org/01/09506000134352/235/TPX%2B1"},
	{"trailing slash", "https://id.gs1.org/01/09506000134352/", "(01)09506000134352", "https://id.gs1.org/01/09506000134352"},
}

func TestParseDigitalLink(t *testing.T) {
	for _, v := range dlVectors {
		fields, err := parseDigitalLink(v.uri, testYear)
		if err != nil {
			t.Errorf("%s: ParseDigitalLink(%q): %v", v.source, v.uri, err)
			continue
		}
		if h := FormatHRI(fields); h != v.hri {
			t.Errorf("%s: %q gave %q, want %q", v.source, v.uri, h, v.hri)
		}
		uri, err := DigitalLink(fields, "")
		if err != nil || uri != v.canonical {
			t.Errorf("%s: DigitalLink = %q, %v; want %q", v.source, uri, err, v.canonical)
		}
		back, err := parseDigitalLink(uri, testYear)
		if err != nil || !slices.Equal(back, fields) {
			t.Errorf("%s: %q read back as %v, %v", v.source, uri, back, err)
		}
	}
}

func TestDigitalLinkStem(t *testing.T) {
	fields := []Field{{"21", "XYZ"}, {"01", "12312312312333"}, {"10", "ABC+123"}, {"99", "XYZ/QWERTY"}}
	got, err := DigitalLink(fields, "https://example.com/")
	want := "https://example.com/01/12312312312333/10/ABC%2B123/21/XYZ?99=XYZ%2FQWERTY"
	if err != nil || got != want {
		t.Errorf("DigitalLink = %q, %v; want %q", got, err, want)
	}
}

func TestDigitalLinkErrors(t *testing.T) {
	tests := []struct{ uri, rule, mentioning string }{
		{"ftp://id.gs1.org/01/09506000134352", RuleDigitalLink, "not an http"},
		{"https:///01/09506000134352", RuleDigitalLink, "no host"},
		{"https://example.com/", RuleDigitalLink, "no primary key"},
		{"https://example.com/10/ABC", RuleDigitalLink, "no primary key"},
		{"https://example.com/01/09506000134352/89/ABC", RuleDigitalLink, "path segment \"89\""},
		{"https://id.gs1.org/01/09506000134352/21/XYZ/10/ABC", RuleDigitalLink, "not among (01)'s"},
		{"https://id.gs1.org/01/09506000134352/235/X/21/Y", RuleDigitalLink, "not among"},
		{"https://id.gs1.org/01/09506000134353", RuleCheckDigit, "should be 2"},
		{"https://id.gs1.org/01/09506000134352?17=251301", RuleDate, "month 13"},
		{"https://id.gs1.org/01/09506000134352?8200=http://x", RuleDigitalLink, "not allowed as a data attribute"},
		{"https://id.gs1.org/01/09506000134352?89=ABC", RuleUnknownAI, "query parameter 89"},
		{"https://id.gs1.org/01/09506000134352/10/A?10=A", RuleDuplicate, "twice"},
		{"https://id.gs1.org/01/09506000134352/10/A%20B", RuleCharset, "' '"},
		{"https://id.gs1.org/01/09506000134352?" + strings.Repeat("x", maxURI), RuleDigitalLink, "too long"},
	}
	for _, tt := range tests {
		_, err := parseDigitalLink(tt.uri, testYear)
		var e *Error
		if !errors.As(err, &e) || e.Rule != tt.rule || !strings.Contains(err.Error(), tt.mentioning) {
			t.Errorf("ParseDigitalLink(%.60q) = %v, want %s mentioning %q", tt.uri, err, tt.rule, tt.mentioning)
		}
	}
	if _, err := DigitalLink([]Field{{"10", "ABC"}}, ""); err == nil {
		t.Error("DigitalLink without a primary key")
	}
	if _, err := DigitalLink([]Field{{"01", "09506000134352"}, {"8200", "http://x"}}, ""); err == nil {
		t.Error("DigitalLink with (8200) as attribute")
	}
}

// FuzzGS1DigitalLink checks that ParseDigitalLink never panics, and that
// what it accepts is written by DigitalLink to a URI that reads back the
// same.
func FuzzGS1DigitalLink(f *testing.F) {
	for _, v := range dlVectors {
		f.Add(v.uri)
	}
	f.Add("https://a/01/09506000134352/10/%%%/21/%2")
	f.Fuzz(func(t *testing.T, uri string) {
		fields, err := parseDigitalLink(uri, testYear)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		out, err := DigitalLink(fields, "https://example.com")
		if err != nil {
			t.Fatalf("DigitalLink(%v): %v", fields, err)
		}
		back, err := parseDigitalLink(out, testYear)
		if err != nil || !slices.Equal(back, fields) {
			t.Fatalf("%q read back as %v, %v; want %v", out, back, err, fields)
		}
	})
}
