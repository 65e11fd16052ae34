package databar

import (
	"errors"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
	"github.com/barkit/barkit/symbology"
)

// TestTooLong lengthens element strings until they no longer fit GS1
// DataBar Expanded (or Expanded Stacked), and checks that the last that
// fits takes at most the 22 symbol characters the error states, the
// first that does not more, and what the error says.
func TestTooLong(t *testing.T) {
	writers := []struct {
		name  string
		write func(string, symbology.WriteOptions) (*symbology.Symbol, error)
	}{{"expanded", writeExpanded}, {"expanded stacked", writeExpandedStacked}}
	fields := []struct {
		name string
		gen  func(n int) string
	}{
		{"digits", func(n int) string { return "(01)09506000134352(91)" + strings.Repeat("7", n) }},
		{"letters", func(n int) string { return "(91)" + strings.Repeat("Q", n) }},
		{"lower case", func(n int) string { return "(10)" + strings.Repeat("z", min(n, 20)) + "(91)" + strings.Repeat("z", n) }},
	}
	for _, w := range writers {
		for _, f := range fields {
			n := 1
			for ; n < 90; n++ {
				if _, err := w.write(f.gen(n), symbology.WriteOptions{}); err != nil {
					break
				}
			}
			_, err := w.write(f.gen(n), symbology.WriteOptions{})
			var tl *symbology.TooLongError
			if !errors.As(err, &tl) {
				t.Errorf("%s %s: %d: error %v, want a *symbology.TooLongError", w.name, f.name, n, err)
				continue
			}
			if tl.Holds != (symbology.Quantity{N: maxChars, Unit: "symbol characters"}) || tl.Need.N <= maxChars || tl.Need.Unit != tl.Holds.Unit {
				t.Errorf("%s %s: %d: %v", w.name, f.name, n, err)
			}
		}
	}
	_, err := writeExpanded("(01)09506000134352(91)"+strings.Repeat("A", 60), symbology.WriteOptions{})
	captest.Message(t, "expanded", err,
		"databar: data too long: 78 characters need 36 symbol characters; a GS1 DataBar Expanded symbol holds at most 22 symbol characters")
	_, err = writeExpandedStacked("(91)"+strings.Repeat("1", 80), symbology.WriteOptions{Version: "2"})
	captest.Message(t, "expanded stacked", err,
		"databar: data too long: 82 characters need 26 symbol characters; a GS1 DataBar Expanded Stacked symbol holds at most 22 symbol characters")
}
