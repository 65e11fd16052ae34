package codabar

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
	"github.com/barkit/barkit/symbology"
)

// TestTooLong checks that the capacity the error for too many characters
// states, in data characters between the start and stop characters, is
// what fits whether the data comes with them or not, and what the error
// says.
func TestTooLong(t *testing.T) {
	w := func(s string) error { _, err := write(s, symbology.WriteOptions{}); return err }
	captest.Exact(t, "codabar", w, captest.Repeat("1"), "data characters", maxEncode-2)
	framed := func(n int) string { return "B" + strings.Repeat("-", n) + "D" }
	captest.Exact(t, "codabar with start and stop", w, framed, "data characters", maxEncode-2)
	captest.Message(t, "codabar", w(strings.Repeat("1", 120)),
		"codabar: data too long: 120 data characters; a Codabar symbol holds at most 98 data characters")
}
