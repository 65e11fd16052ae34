package databar

import (
	"testing"

	"github.com/barkit/barkit/gs1"
)

// TestGeneralNotGS1 reads element strings that break the rules of their
// AIs but are GS1 in shape, as symbols of the reference corpus carry them
// (rssexpanded-3, rssexpandedstacked-1: a space in a lot number, an amount
// of 54 digits, letters in an amount with its currency, a list of country
// codes of 13 digits), and refuses the readings that are not GS1 in shape
// (aiShaped), which only a misread makes: a symbol of DataBar Expanded
// carries nothing else. Without the fallback to aiShaped, 1 image of
// rssexpanded-1, 8 of rssexpanded-3 and 6 of rssexpandedstacked-1 do not
// read.
func TestGeneralNotGS1(t *testing.T) {
	gtin := gs1.Field{AI: "01", Value: "90012345678908"}
	tests := []struct {
		es     string
		fields []gs1.Field // for the compressed methods, or nil: method 00
		m      method
		ok     bool
	}{
		// GS1 data: read as before.
		{"0190012345678908\x1d10ABC", nil, method00, true},
		// Not valid GS1 data, GS1 in shape: read as it is.
		{"101098 1234", nil, method00, true},
		{"01900123456789083922795888888888888888888888888888888888888888888888888888", []gs1.Field{gtin, {AI: "3922", Value: "795888888888888888888888888888888888888888888888888888"}}, method01100, true},
		{"01900123456789083932040EUR", []gs1.Field{gtin, {AI: "3932", Value: "040EUR"}}, method01101, true},
		{"0190012345678908393204066USD778899", []gs1.Field{gtin, {AI: "3932", Value: "04066USD778899"}}, method01101, true},
		{"1599123131030017501012A\x1d422123\x1d21123456\x1d4230123456789012", nil, method00, true},
		// Not GS1 in shape: a misread.
		{"0512345", nil, method00, false},          // no AI 05
		{"ABC", nil, method00, false},              // no AI at all
		{"11\x1d07317", nil, method00, false},      // a separator in a field of predefined length
		{"1112AB34", nil, method00, false},         // letters in a field of predefined length
		{"0190012345678", nil, method00, false},    // a field of predefined length cut short
		{"10ABC\x1d\x1d21X", nil, method00, false}, // an empty field
	}
	for _, tt := range tests {
		w, vls, rest, ok := tt.m(tt.es, tt.fields)
		if !ok {
			t.Fatalf("%q: the method does not apply", tt.es)
		}
		w.b = append([]byte{0}, w.b...) // linkage flag
		values, err := finish(w, vls, rest, 0)
		if err != nil {
			t.Fatalf("%q: %v", tt.es, err)
		}
		got, ok := decodeValues(values)
		switch {
		case ok != tt.ok:
			t.Errorf("%q: read %q, %v; want %v", tt.es, got, ok, tt.ok)
		case ok && got != tt.es:
			t.Errorf("%q: read %q", tt.es, got)
		}
	}
}
