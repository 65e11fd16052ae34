package rmqr

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
)

// TestTooLongMessages checks what the error for data that does not fit
// says: the data's length in its own kind, or in characters with the bits
// it takes, and what the largest size the options allow holds.
func TestTooLongMessages(t *testing.T) {
	tests := []struct {
		text string
		opts Options
		want string
	}{
		{strings.Repeat("1", 400), Options{},
			"rmqr: data too long: 400 digits; the largest rMQR Code at level M (R17x139) holds at most 361 digits"},
		{strings.Repeat("a", 300), Options{Level: H},
			"rmqr: data too long: 300 characters need 300 bytes; the largest rMQR Code at level H (R17x139) holds at most 74 bytes"},
		{strings.Repeat("abc1234567890", 20), Options{Level: H},
			"rmqr: data too long: 260 characters need 1620 bits; the largest rMQR Code at level H (R17x139) holds 608 bits: at most 178 digits, 108 alphanumeric characters or 74 bytes"},
		{strings.Repeat("A", 300), Options{Height: 9},
			"rmqr: data too long: 300 alphanumeric characters; the largest rMQR Code 9 modules high at level M (R9x139) holds at most 89 alphanumeric characters"},
		{strings.Repeat("A", 300), Options{Width: 43, Level: H},
			"rmqr: data too long: 300 alphanumeric characters; the largest rMQR Code 43 modules wide at level H (R17x43) holds at most 28 alphanumeric characters"},
		{strings.Repeat("a", 30), Options{Size: 3},
			"rmqr: data too long: 30 characters need 30 bytes; rMQR Code R7x77-M holds at most 19 bytes"},
		{strings.Repeat("1", 3000), Options{GS1: true},
			"rmqr: data too long: 3000 digits; the largest rMQR Code at level M (R17x139) holds at most 360 digits"},
		{strings.Repeat("ü", 200), Options{},
			"rmqr: data too long: 200 characters need 200 bytes; the largest rMQR Code at level M (R17x139) holds at most 150 bytes"},
	}
	for _, tt := range tests {
		_, err := Encode(tt.text, tt.opts)
		captest.Message(t, tt.text[:min(len(tt.text), 10)], err, tt.want)
	}
}

// TestTooLongCapacity checks, for every size and level and under the
// options that change it, that the capacity the error states of each
// kind holds and one more character does not.
func TestTooLongCapacity(t *testing.T) {
	kinds := []struct {
		unit string
		gen  func(int) string
	}{
		{"digits", captest.Repeat("7")},
		{"alphanumeric characters", captest.Repeat("Q")},
		{"bytes", captest.Repeat("q")},
		{"kanji", captest.Repeat("漢")},
	}
	for s := Size(1); s <= NumSizes; s++ {
		for _, o := range []Options{{Size: s}, {Size: s, Level: H, ECI: 26}} {
			for _, k := range kinds {
				if k.unit == "kanji" && o.ECI != 0 {
					continue
				}
				write := func(d string) error { _, err := Encode(d, o); return err }
				captest.Self(t, s.String()+" "+k.unit, write, k.gen, k.unit, 400)
			}
		}
	}
	// GS1 element strings of one field, AI 91 (up to 90 characters).
	for _, s := range []Size{1, 2, 7} {
		o := Options{GS1: true, Size: s}
		write := func(d string) error { _, err := Encode(d, o); return err }
		gen := func(n int) string { return "91" + strings.Repeat("5", n-2) }
		captest.Self(t, s.String()+" GS1 digits", write, gen, "digits", 92)
		gen = func(n int) string { return "91" + strings.Repeat("Z", n-2) }
		captest.Self(t, s.String()+" GS1 alphanumeric", write, gen, "alphanumeric characters", 92)
	}
}
