package maxicode

import (
	"fmt"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
)

// TestTooLongCapacity checks, in each mode and under the options that
// change it (a designator, structured append), that the capacity the
// error states of each kind holds and one more character does not.
func TestTooLongCapacity(t *testing.T) {
	car := Carrier{PostalCode: "12345", Country: 840, Service: 1}
	for _, o := range []Options{
		{Mode: 4}, {Mode: 5}, {Mode: 6}, {Carrier: car},
		{Mode: 3, Carrier: Carrier{PostalCode: "W1T1JY", Country: 826, Service: 1}},
		{Mode: 4, ECI: 26}, {Mode: 5, ECI: 100000, Binary: true}, {Mode: 4, Append: Append{Index: 1, Count: 3}},
	} {
		for _, k := range []struct{ c, unit string }{{"7", "digits"}, {"K", "capital letters"}} {
			write := func(s string) error { _, err := Encode(s, o); return err }
			captest.Self(t, fmt.Sprintf("%+v %s", o, k.unit), write, captest.Repeat(k.c), k.unit, 200)
		}
	}
}

// TestTooLongMessages checks what the errors for data that does not fit
// say.
func TestTooLongMessages(t *testing.T) {
	tests := []struct {
		text string
		opts Options
		want string
	}{
		{strings.Repeat("7", 200), Options{},
			"maxicode: data too long: 200 digits; a MaxiCode symbol in mode 4 holds at most 138 digits"},
		{strings.Repeat("A", 100), Options{Mode: 5},
			"maxicode: data too long: 100 capital letters; a MaxiCode symbol in mode 5 holds at most 77 capital letters"},
		{strings.Repeat("hello ", 20), Options{},
			"maxicode: data too long: 120 characters need 121 codewords; a MaxiCode symbol in mode 4 holds 93 codewords: at most 138 digits or 93 capital letters"},
		{strings.Repeat("hello ", 20), Options{Carrier: Carrier{PostalCode: "12345", Country: 840, Service: 1}},
			"maxicode: data too long: 120 characters need 121 codewords; the secondary message of a MaxiCode symbol in mode 2 holds 84 codewords: at most 126 digits or 84 capital letters"},
		{strings.Repeat("x", 5000), Options{Binary: true},
			"maxicode: data too long: 5000 bytes; a MaxiCode symbol in mode 4 holds 93 codewords: at most 138 digits or 93 capital letters"},
	}
	for _, tt := range tests {
		_, err := Encode(tt.text, tt.opts)
		captest.Message(t, tt.text[:10], err, tt.want)
	}
}
