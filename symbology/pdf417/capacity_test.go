package pdf417

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
)

// TestCapacityKinds checks the capacity of d codewords for data of each
// kind against the compaction Encode uses: capacity characters take at
// most d codewords, one more takes more.
func TestCapacityKinds(t *testing.T) {
	ds := []int{}
	for d := 1; d <= 64; d++ {
		ds = append(ds, d)
	}
	ds = append(ds, 100, 211, 317, 500, 873, 924, 925)
	for _, k := range []struct {
		unit string
		c    byte
		cap  func(int) int
	}{{"digits", '8', digitCapacity}, {"capital letters", 'K', capitalCapacity}, {"bytes", 0xAA, byteCapacity}} {
		for _, d := range ds {
			n := k.cap(d)
			if cw, _ := compact(bytes.Repeat([]byte{k.c}, n), false); len(cw) > d {
				t.Errorf("%d codewords: %d %s take %d", d, n, k.unit, len(cw))
			}
			if cw, _ := compact(bytes.Repeat([]byte{k.c}, n+1), false); len(cw) <= d {
				t.Errorf("%d codewords: %d %s take %d", d, n+1, k.unit, len(cw))
			}
		}
	}
}

// TestTooLongCapacity checks, under the options that change it (levels,
// shapes, reader initialisation, a designator, a Macro PDF417 control
// block, MicroPDF417 sizes), that the capacity the error states of each
// kind holds and one more character does not.
func TestTooLongCapacity(t *testing.T) {
	kinds := []struct {
		unit string
		gen  func(int) string
	}{
		{"digits", captest.Repeat("5")},
		{"capital letters", captest.Repeat("W")},
		{"bytes", captest.Repeat("\xAA")},
	}
	opts := []Options{
		{},
		{Level: 9},
		{Level: 4, Compact: true},
		{ECPercent: 40},
		{Columns: 3},
		{Rows: 5, Level: 3},
		{Columns: 4, Rows: 12},
		{ReaderInit: true, ECI: 26},
		{ECI: 811799},
		{Macro: &Macro{SegmentIndex: 2, SegmentCount: 3, FileName: "x.txt"}},
		{Micro: true},
		{Micro: true, Columns: 2},
		{Micro: true, Rows: 6, ECI: 3},
	}
	for _, s := range microSizes {
		opts = append(opts, Options{Micro: true, Columns: s.cols, Rows: s.rows})
	}
	for _, o := range opts {
		o.Binary = true
		for _, k := range kinds {
			write := func(s string) error { _, err := Encode(s, o); return err }
			captest.Self(t, fmt.Sprintf("%+v %s", o, k.unit), write, k.gen, k.unit, 3000)
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
		{strings.Repeat("1", 3000), Options{},
			"pdf417: data too long: 3000 digits; a PDF417 symbol at error correction level 0 holds at most 2710 digits"},
		{strings.Repeat("Q", 2000), Options{Level: 6},
			"pdf417: data too long: 2000 capital letters; a PDF417 symbol at error correction level 5 holds at most 1726 capital letters"},
		{strings.Repeat("hello, world ", 200), Options{},
			"pdf417: data too long: 2600 characters need 1401 data codewords; a PDF417 symbol at error correction level 0 holds 925 data codewords: at most 2710 digits, 1850 capital letters or 1108 bytes"},
		{strings.Repeat("x", 400), Options{Columns: 2},
			"pdf417: data too long: 400 characters need 201 data codewords; a PDF417 symbol of 2 columns at error correction level 3 holds 159 data codewords: at most 463 digits, 318 capital letters or 189 bytes"},
		{strings.Repeat("ü", 1500), Options{ECPercent: 25},
			"pdf417: data too long: 1500 characters need 1251 data codewords; a PDF417 symbol at 25% error correction (level 7) holds 671 data codewords: at most 1965 digits, 1342 capital letters or 804 bytes"},
		{strings.Repeat("x", 300), Options{Micro: true},
			"pdf417: data too long: 300 characters need 151 data codewords; the largest MicroPDF417 symbol (4x44) holds 126 data codewords: at most 366 digits, 252 capital letters or 150 bytes"},
		{strings.Repeat("x", 100000), Options{},
			"pdf417: data too long: 100000 characters; a PDF417 symbol at error correction level 0 holds 925 data codewords: at most 2710 digits, 1850 capital letters or 1108 bytes"},
	}
	for _, tt := range tests {
		_, err := Encode(tt.text, tt.opts)
		captest.Message(t, tt.text[:10], err, tt.want)
	}
}
