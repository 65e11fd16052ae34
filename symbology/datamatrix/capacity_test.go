package datamatrix

import (
	"fmt"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
)

// TestTooLongCapacity checks, for every format and under the options
// that change it (an ECI designator, FNC1, reader programming, structured
// append, the shape to choose from), that the capacity the error states
// of each kind holds and one more character does not. For the formats of
// ISO/IEC 16022 Table 7 and ISO/IEC 21471 Table 2 without a header,
// TestSizeCapacities checks the capacities against the tables.
func TestTooLongCapacity(t *testing.T) {
	kinds := []struct {
		unit string
		gen  func(int) string
	}{
		{"digits", captest.Repeat("7")},
		{"capital letters", captest.Repeat("Q")},
		{"bytes", captest.Repeat("\xC4")},
	}
	var opts []Options
	for _, s := range sizes {
		opts = append(opts, Options{Size: s})
	}
	opts = append(opts,
		Options{Size: sizes[5], ECI: 26},
		Options{Size: sizes[12], ReaderInit: true},
		Options{Size: sizes[20], Append: Append{Index: 1, Count: 3}},
		Options{Shape: Square, ECI: 811799},
		Options{Shape: Rectangular},
		Options{Shape: DMRE},
		Options{Shape: AnyShape},
	)
	for _, o := range opts {
		o.Binary = true
		for _, k := range kinds {
			write := func(s string) error { _, err := Encode(s, o); return err }
			captest.Self(t, fmt.Sprintf("%v %v %s", o.Size, o.Shape, k.unit), write, k.gen, k.unit, 4000)
		}
	}
	// GS1 element strings of one field, AI 91 (up to 90 characters).
	for _, s := range sizes[:8] {
		o := Options{GS1: true, Size: s}
		write := func(d string) error { _, err := Encode(d, o); return err }
		gen := func(n int) string { return "91" + strings.Repeat("5", n-2) }
		captest.Self(t, s.String()+" GS1 digits", write, gen, "digits", 92)
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
		{strings.Repeat("1", 4000), Options{},
			"datamatrix: data too long: 4000 digits; the largest square Data Matrix symbol (144x144) holds at most 3116 digits"},
		{strings.Repeat("Q", 100), Options{Shape: Rectangular},
			"datamatrix: data too long: 100 capital letters; the largest rectangular Data Matrix symbol (16x48) holds at most 72 capital letters"},
		{strings.Repeat("hello, world ", 200), Options{},
			"datamatrix: data too long: 2600 characters need 1868 data codewords; the largest square Data Matrix symbol (144x144) holds 1558 data codewords: at most 3116 digits, 2335 capital letters or 1555 bytes"},
		// ISO-8859-1 under its designator, ECI 3, in two codewords.
		{strings.Repeat("é", 40), Options{Size: sizes[7]},
			"datamatrix: data too long: 40 characters need 44 data codewords; a 24x24 Data Matrix symbol holds 36 data codewords: at most 68 digits, 49 capital letters or 32 bytes"},
		{strings.Repeat("x", 100000), Options{Shape: AnyShape},
			"datamatrix: data too long: 100000 characters; the largest Data Matrix symbol (144x144) holds 1558 data codewords: at most 3116 digits, 2335 capital letters or 1555 bytes"},
	}
	for _, tt := range tests {
		_, err := Encode(tt.text, tt.opts)
		captest.Message(t, tt.text[:10], err, tt.want)
	}
}
