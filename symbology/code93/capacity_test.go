package code93

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
)

// TestTooLong checks that the capacities the errors for too much data
// state are what fits (lower-case letters take two symbol characters),
// and what the errors say.
func TestTooLong(t *testing.T) {
	w := func(s string) error { _, err := Encode(s); return err }
	captest.Exact(t, "capitals", w, captest.Repeat("Z"), "characters", maxData)
	captest.Exact(t, "lower case", w, captest.Repeat("z"), "lower-case letters", maxData/2)
	captest.Message(t, "capitals", w(strings.Repeat("Z", 101)),
		"code93: data too long: 101 characters; a Code 93 symbol holds at most 100 characters")
	captest.Message(t, "mixed", w(strings.Repeat("Zz", 40)),
		"code93: data too long: 80 characters need 120 symbol characters; a Code 93 symbol holds 100 symbol characters: at most 100 digits and capital letters or 50 lower-case letters")
}
