package code39

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
	"github.com/barkit/barkit/symbology"
)

// TestTooLong checks that the capacities the errors for too much data
// state are what fits, in Code 39 and in Full ASCII Code 39 (where
// lower-case letters take two characters), and what the errors say.
func TestTooLong(t *testing.T) {
	plain := func(s string) error { _, err := writeCode39(s, symbology.WriteOptions{}); return err }
	check := func(s string) error { _, err := writeCode39(s, symbology.WriteOptions{ECLevel: "check"}); return err }
	ext := func(s string) error { _, err := writeExtended(s, symbology.WriteOptions{}); return err }
	captest.Exact(t, "code39", plain, captest.Repeat("A"), "characters", maxDataChars)
	captest.Exact(t, "code39 with check character", check, captest.Repeat("A"), "characters", maxDataChars)
	captest.Exact(t, "code39-ext capitals", ext, captest.Repeat("A"), "digits and capital letters", maxDataChars)
	captest.Exact(t, "code39-ext lower case", ext, captest.Repeat("a"), "lower-case letters", maxDataChars/2)
	captest.Message(t, "code39", plain(strings.Repeat("A", 120)),
		"code39: data too long: 120 characters; a Code 39 symbol holds at most 100 characters")
	captest.Message(t, "code39-ext", ext(strings.Repeat("Ab", 40)),
		"code39: data too long: 80 characters need 120 Code 39 characters; a Full ASCII Code 39 symbol holds 100 Code 39 characters: at most 100 digits and capital letters or 50 lower-case letters")
}
