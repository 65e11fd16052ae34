package gs1

import (
	"errors"
	"testing"
)

func TestCheckDigit(t *testing.T) {
	tests := []struct{ data, check string }{
		{"950600013435", "2"},      // GTIN-13 9506000134352, the General Specifications' example GTIN
		{"0950600013435", "2"},     // the same as GTIN-14
		{"400638133393", "1"},      // EAN-13 4006381333931
		{"9501234567890", "3"},     // §3.6.2 example GTIN 95012345678903
		{"10614141234567890", "8"}, // §2.2.2 SSCC 106141412345678908
		{"1234567", "0"},           // GTIN-8 12345670
		{"0", "0"},
	}
	for _, tt := range tests {
		c, err := CheckDigit(tt.data)
		if err != nil || string(c) != tt.check {
			t.Errorf("CheckDigit(%q) = %q, %v; want %s", tt.data, c, err, tt.check)
		}
		if !ValidCheckDigit(tt.data + tt.check) {
			t.Errorf("ValidCheckDigit(%q) = false", tt.data+tt.check)
		}
	}
	for _, bad := range []string{"", "12a4"} {
		if _, err := CheckDigit(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("CheckDigit(%q) error %v", bad, err)
		}
	}
	for _, bad := range []string{"", "5", "4006381333932", "40063813339x1"} {
		if ValidCheckDigit(bad) {
			t.Errorf("ValidCheckDigit(%q) = true", bad)
		}
	}
}

func TestGTIN(t *testing.T) {
	tests := []struct {
		in, gtin14 string
		ok         bool
	}{
		{"12345670", "00000012345670", true},
		{"036000291452", "00036000291452", true},
		{"9506000134352", "09506000134352", true},
		{"09506000134352", "09506000134352", true},
		{"9506000134353", "", false},
		{"950600013435", "", false},
		{"123456789012345", "", false},
	}
	for _, tt := range tests {
		g, ok := GTIN14(tt.in)
		if g != tt.gtin14 || ok != tt.ok || ValidGTIN(tt.in) != tt.ok {
			t.Errorf("GTIN14(%q) = %q, %v", tt.in, g, ok)
		}
	}
}

// TestCheckPair uses the worked example of General Specifications §7.9.5
// (GMN 1987654Ad4X4bL5ttr2310c with pair 2K) and pairs that exercise every
// character of set 82.
func TestCheckPair(t *testing.T) {
	tests := []struct{ data, pair string }{
		{"1987654Ad4X4bL5ttr2310c", "2K"},
		{"12345_ABCDEFGHIJKLM", "CP"},
		{"12345_abcdefghijklm", "N3"},
		{"12345_!\"%&'()*+,-./", "LC"},
		{"12345_0123456789:;<=>?", "62"},
		{"", "22"},
	}
	for _, tt := range tests {
		got, err := CheckPair(tt.data)
		if err != nil || got != tt.pair {
			t.Errorf("CheckPair(%q) = %q, %v; want %q", tt.data, got, err, tt.pair)
		}
		if p := checkPair(tt.data + tt.pair); p != "" {
			t.Errorf("checkPair(%q): %s", tt.data+tt.pair, p)
		}
	}
	if _, err := CheckPair("abc def"); !errors.Is(err, ErrSyntax) {
		t.Errorf("CheckPair with a space: %v", err)
	}
	if p := checkPair("1987654Ad4X4bL5ttr2310c2X"); p == "" {
		t.Error("wrong pair accepted")
	}
}

// TestPrimes checks the computed weights of the check character pair
// against the first primes.
func TestPrimes(t *testing.T) {
	want := []int{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97}
	got := primes(len(want))
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("primes = %v", got)
		}
	}
	if len(pairWeights) != maxPairData || pairWeights[maxPairData-1] != 509 {
		t.Errorf("pairWeights ends %d", pairWeights[len(pairWeights)-1])
	}
}

// TestIBAN uses the examples of ISO 13616 as the European Committee for
// Banking Standards publishes them.
func TestIBAN(t *testing.T) {
	for _, s := range []string{"GB82WEST12345698765432", "DE89370400440532013000", "BE72000000001616", "CH4431999123000889012", "CH9300762011623852957"} {
		if !ValidIBAN(s) {
			t.Errorf("ValidIBAN(%q) = false", s)
		}
	}
	for _, s := range []string{"GB82WEST12345698765433", "gb82WEST12345698765432", "GB82 WEST 1234 5698 7654 32", "GB8", "DE8937040044053201300X"} {
		if ValidIBAN(s) {
			t.Errorf("ValidIBAN(%q) = true", s)
		}
	}
}

func TestCodeLists(t *testing.T) {
	for num, want := range map[string]string{"978": "EUR", "840": "USD", "756": "CHF", "826": "GBP", "392": "JPY"} {
		if got, ok := Currency(num); !ok || got != want {
			t.Errorf("Currency(%s) = %s", num, got)
		}
	}
	for num, want := range map[string]string{"276": "DE", "840": "US", "756": "CH", "250": "FR", "826": "GB", "724": "ES"} {
		if got, ok := Country(num); !ok || got != want {
			t.Errorf("Country(%s) = %s", num, got)
		}
	}
	if len(countries) != 249 || len(alpha2) != 249 {
		t.Errorf("%d countries, %d alpha-2 codes; ISO 3166-1 has 249", len(countries), len(alpha2))
	}
	if _, ok := Currency("000"); ok {
		t.Error("currency 000")
	}
}
