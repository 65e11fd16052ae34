package telepen

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
	"github.com/barkit/barkit/symbology"
)

// TestTooLong checks that the capacities the errors for too much data
// state are what fits, in full ASCII and in double-density numeric (two
// digits to a character), and what the errors say.
func TestTooLong(t *testing.T) {
	alpha := func(s string) error { _, err := write(s, symbology.WriteOptions{}); return err }
	numeric := func(s string) error { _, err := write(s, symbology.WriteOptions{Version: "numeric"}); return err }
	captest.Exact(t, "alpha", alpha, captest.Repeat("a"), "characters", maxData)
	// Numeric Telepen writes pairs: one pair more than fits.
	pairs := func(n int) string { return strings.Repeat("5", 2*((n+1)/2)) }
	captest.Exact(t, "numeric", numeric, pairs, "digits", 2*maxData)
	captest.Message(t, "alpha", alpha(strings.Repeat("a", 61)),
		"telepen: data too long: 61 characters; a Telepen symbol holds at most 60 characters")
	captest.Message(t, "numeric", numeric(strings.Repeat("1", 130)),
		"telepen: data too long: 130 digits; a numeric Telepen symbol holds at most 120 digits")
}
