package code128

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
)

// TestTooLong checks that the capacities the errors for too much data
// state are what fits (digits two to a symbol character, other ASCII
// characters one; GS1-128's 48 characters), and what the errors say.
func TestTooLong(t *testing.T) {
	w := func(s string) error { _, err := Encode(s, Options{}); return err }
	gs1 := func(s string) error { _, err := Encode(s, Options{GS1: true}); return err }
	captest.Exact(t, "digits", w, captest.Repeat("4"), "digits", 2*maxDataChars)
	captest.Exact(t, "letters", w, captest.Repeat("x"), "other ASCII characters", maxDataChars)
	captest.Exact(t, "controls", w, captest.Repeat("\t"), "other ASCII characters", maxDataChars)
	field := func(n int) string { return "91" + strings.Repeat("X", n-2) }
	captest.Exact(t, "GS1-128", gs1, field, "AI and data characters", maxGS1Chars)
	captest.Message(t, "digits", w(strings.Repeat("1", 300)),
		"code128: data too long: 300 digits; a Code 128 symbol holds at most 200 digits")
	captest.Message(t, "mixed", w(strings.Repeat("ab12", 30)),
		"code128: data too long: 120 characters need 120 symbol characters; a Code 128 symbol holds 100 symbol characters: at most 200 digits or 100 other ASCII characters")
	captest.Message(t, "too long to weigh", w(strings.Repeat("é", 1000)),
		"code128: data too long: 1000 characters; a Code 128 symbol holds 100 symbol characters: at most 200 digits or 100 other ASCII characters")
	captest.Message(t, "GS1-128", gs1("91"+strings.Repeat("X", 60)),
		"code128: data too long: 62 AI and data characters; a GS1-128 symbol holds at most 48 AI and data characters")
}
