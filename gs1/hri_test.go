package gs1

import (
	"errors"
	"strings"
	"testing"
)

func TestElementString(t *testing.T) {
	tests := []struct{ hri, want string }{
		// GS1 General Specifications examples.
		{"(01)09506000134352(10)ABC123", "0109506000134352" + "10ABC123"},
		{"(01)09506000134352(17)251231(10)ABC123", "0109506000134352" + "17251231" + "10ABC123"},
		{"(10)ABC123(01)09506000134352", "10ABC123\x1d" + "0109506000134352"},
		{"(21)12345678p901(10)1234567p(17)141120(8200)http://www.gs1.org/demo/",
			"2112345678p901\x1d101234567p\x1d17141120" + "8200http://www.gs1.org/demo/"},
		{"(3103)000189(15)210630", "3103000189" + "15210630"},
		{"(400)PO\\(7\\)(00)006141411234567890", "400PO(7)\x1d00006141411234567890"},
		{"(7003)2512311230(91)X", "70032512311230\x1d91X"},
		{"(00)006141411234567890(30)12(37)144", "00006141411234567890" + "3012\x1d37144"},
	}
	for _, tt := range tests {
		got, err := ElementString(tt.hri)
		if err != nil || got != tt.want {
			t.Errorf("ElementString(%q) = %q, %v; want %q", tt.hri, got, err, tt.want)
		}
	}
}

func TestElementStringErrors(t *testing.T) {
	tests := []struct{ hri, mention string }{
		{"0109506000134352", "must start"},
		{"(01)0950600013435", "takes 14 characters of data, got 13"},
		{"(1)X", "2 to 4 digits"},
		{"(AB)X", "must be digits"},
		{"(10)", "has no data"},
		{"(10)ABC\x01", "not in the GS1 character set"},
		{"(10)ABC(", "expected"},
		{"(310)000189", "must have 4 digits"},
		{"(01234)X", "2 to 4 digits"},
		{"(50)X", "no Application Identifier starts"},
	}
	for _, tt := range tests {
		_, err := ElementString(tt.hri)
		if err == nil || !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("ElementString(%q) error = %v, want one mentioning %q", tt.hri, err, tt.mention)
		}
	}
}

func FuzzElementString(f *testing.F) {
	f.Add("(01)09506000134352(10)ABC123")
	f.Add("(400)PO\\(7\\)(00)006141411234567890")
	f.Fuzz(func(t *testing.T, s string) {
		es, err := ElementString(s)
		if err == nil && (es == "" || strings.ContainsAny(es, "()") && !strings.Contains(s, "\\")) {
			t.Errorf("ElementString(%q) = %q", s, es)
		}
	})
}
