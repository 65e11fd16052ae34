package itf

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
	"github.com/barkit/barkit/symbology"
)

// TestTooLong checks that the capacity the error for too many digits
// states is what fits, with and without the check digit the writer adds,
// and what the error says.
func TestTooLong(t *testing.T) {
	plain := func(s string) error { _, err := writeITF(s, symbology.WriteOptions{}); return err }
	check := func(s string) error { _, err := writeITF(s, symbology.WriteOptions{ECLevel: "check"}); return err }
	captest.Exact(t, "itf", plain, captest.Repeat("7"), "digits", maxDigits)
	captest.Exact(t, "itf with check digit", check, captest.Repeat("7"), "digits", maxDigits-1)
	captest.Message(t, "itf", plain(strings.Repeat("1", 100)),
		"itf: data too long: 100 digits; an Interleaved 2 of 5 symbol holds at most 80 digits")
	captest.Message(t, "itf with check digit", check(strings.Repeat("1", 81)),
		"itf: data too long: 81 digits; an Interleaved 2 of 5 symbol with its check digit holds at most 79 digits")
}
