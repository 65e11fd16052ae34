package qr

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
)

// TestTooLongMessages checks what the error for data that does not fit
// says: the data's length in its own kind, or in characters with the bits
// it takes, and what the largest symbol the options allow holds.
func TestTooLongMessages(t *testing.T) {
	tests := []struct {
		text string
		opts Options
		want string
	}{
		{strings.Repeat("1", 8000), Options{Level: M},
			"qr: data too long: 8000 digits; the largest QR Code at level M (version 40) holds at most 5596 digits"},
		{strings.Repeat("A", 5000), Options{Level: Q},
			"qr: data too long: 5000 alphanumeric characters; the largest QR Code at level Q (version 40) holds at most 2420 alphanumeric characters"},
		{strings.Repeat("漢", 2000), Options{},
			"qr: data too long: 2000 kanji; the largest QR Code at level L (version 40) holds at most 1817 kanji"},
		// Text best written in byte mode, in bytes.
		{strings.Repeat("a", 3000), Options{},
			"qr: data too long: 3000 characters need 3000 bytes; the largest QR Code at level L (version 40) holds at most 2953 bytes"},
		{strings.Repeat("a", 100), Options{Level: M, Version: 5},
			"qr: data too long: 100 characters need 100 bytes; QR Code version 5-M holds at most 84 bytes"},
		{strings.Repeat("ü", 3000), Options{},
			"qr: data too long: 3000 characters need 3000 bytes; the largest QR Code at level L (version 40) holds at most 2953 bytes"},
		{strings.Repeat("\xff", 3000), Options{Binary: true, Level: Q},
			"qr: data too long: 3000 bytes; the largest QR Code at level Q (version 40) holds at most 1663 bytes"},
		// Text in segments of several modes: the bits they take, and
		// what the symbol holds of each kind.
		{strings.Repeat("abcd123456789012", 300), Options{},
			"qr: data too long: 4800 characters need 33000 bits; the largest QR Code at level L (version 40) holds 23648 bits: at most 7089 digits, 4296 alphanumeric characters or 2953 bytes"},
		{strings.Repeat("abcd123456789012", 10), Options{Level: M, Version: 5},
			"qr: data too long: 160 characters need 980 bits; QR Code version 5-M holds 688 bits: at most 202 digits, 122 alphanumeric characters or 84 bytes"},
		{strings.Repeat("x", 1<<20), Options{Level: H},
			"qr: data too long: 1048576 characters; the largest QR Code at level H (version 40) holds at most 3057 digits, 1852 alphanumeric characters or 1273 bytes"},
		{strings.Repeat("\xff", 1<<20), Options{Binary: true},
			"qr: data too long: 1048576 bytes; the largest QR Code at level L (version 40) holds at most 7089 digits, 4296 alphanumeric characters or 2953 bytes"},
		{strings.Repeat("9", 1<<20), Options{},
			"qr: data too long: 1048576 digits; the largest QR Code at level L (version 40) holds at most 7089 digits"},
		// Under a designator (ECI 26, 12 bits), with structured append
		// (20 bits) and FNC1 (4 bits), what fits is less.
		{strings.Repeat("ü", 3000), Options{ECI: 26},
			"qr: data too long: 3000 characters need 6000 bytes; the largest QR Code at level L (version 40) holds at most 2952 bytes"},
		{strings.Repeat("1", 100), Options{Version: 2, Append: Append{Count: 2}},
			"qr: data too long: 100 digits; QR Code version 2-L holds at most 71 digits"},
		{"91" + strings.Repeat("1", 80), Options{Version: 2, GS1: true},
			"qr: data too long: 82 digits; QR Code version 2-L holds at most 76 digits"},
		// Kanji and other characters mixed: nearest to fitting in
		// Shift_JIS bytes under ECI 20, not in kanji and byte segments
		// without a designator.
		{strings.Repeat("漢a", 1000), Options{},
			"qr: data too long: 2000 characters need 3000 bytes; the largest QR Code at level L (version 40) holds at most 2952 bytes"},
		{strings.Repeat("漢漢漢漢漢漢abcdef", 200), Options{},
			"qr: data too long: 2400 characters need 28830 bits; the largest QR Code at level L (version 40) holds 23648 bits: at most 7085 digits, 4294 alphanumeric characters, 2952 bytes or 1816 kanji"},
	}
	for _, tt := range tests {
		_, err := Encode(tt.text, tt.opts)
		captest.Message(t, tt.text[:min(len(tt.text), 10)], err, tt.want)
	}
}

// TestTooLongCapacity checks, under the options that change it, that the
// capacity the error states holds and one more character does not.
func TestTooLongCapacity(t *testing.T) {
	kinds := []struct {
		unit string
		gen  func(int) string
	}{
		{"digits", captest.Repeat("7")},
		{"alphanumeric characters", captest.Repeat("Q")},
		{"bytes", captest.Repeat("q")},
		{"kanji", captest.Repeat("漢")},
	}
	for _, o := range []Options{
		{Level: M},
		{Level: Q, ECI: 26},
		{Level: H, ECI: 20},
		{ECI: 811799, Binary: true, Version: 12},
		{Level: M, Version: 9, Append: Append{Count: 16, Index: 3}},
		{Level: M, Version: 10, ECI: 3, Append: Append{Count: 2}},
	} {
		for _, k := range kinds {
			if k.unit == "kanji" && o.ECI != 20 && o.ECI != 0 || o.Binary && k.unit == "kanji" {
				continue
			}
			o.Mask = 1
			write := func(s string) error { _, err := Encode(s, o); return err }
			captest.Self(t, k.unit, write, k.gen, k.unit, 8000)
		}
	}
	// GS1 element strings of one field, AI 91 (up to 90 characters).
	for v := 1; v <= 2; v++ {
		o := Options{GS1: true, Version: v, Mask: 1}
		write := func(s string) error { _, err := Encode(s, o); return err }
		gen := func(n int) string { return "91" + strings.Repeat("5", n-2) }
		captest.Self(t, "GS1 digits", write, gen, "digits", 92)
		gen = func(n int) string { return "91" + strings.Repeat("Z", n-2) }
		captest.Self(t, "GS1 alphanumeric", write, gen, "alphanumeric characters", 92)
	}
}

// TestTooLongFits checks that what the error for mixed data says of each
// kind is what the error for data of that kind alone says.
func TestTooLongFits(t *testing.T) {
	for _, o := range []Options{{}, {Level: H, Version: 7}, {Level: Q, ECI: 20}} {
		_, err := Encode(strings.Repeat("aB1漢", 2000), o)
		single := map[string]string{"digits": "1", "alphanumeric characters": "B", "bytes": "a", "kanji": "漢"}
		fits := 0
		for unit, c := range single {
			want, ok := captest.Stated(err, unit)
			if !ok {
				if unit == "kanji" && o.ECI == 0 {
					continue // UTF-8 won: no kanji mode
				}
				t.Errorf("%+v: the error states no capacity in %s: %v", o, unit, err)
				continue
			}
			fits++
			_, err1 := Encode(strings.Repeat(c, 8000), o)
			if got, _ := captest.Stated(err1, unit); got != want {
				t.Errorf("%+v: %s: %d for mixed data, %d alone: %v", o, unit, want, got, err1)
			}
		}
		if fits < 3 {
			t.Errorf("%+v: %v states %d kinds", o, err, fits)
		}
	}
}
