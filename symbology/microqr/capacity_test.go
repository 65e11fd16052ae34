package microqr

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
)

// TestTooLongMessages checks what the error for data that does not fit
// says: the data's length in its own kind, or in characters with the bits
// it takes, and what the largest symbol the options allow holds; for a
// version that lacks the modes the data needs, what it holds.
func TestTooLongMessages(t *testing.T) {
	tests := []struct {
		text string
		opts Options
		want string
	}{
		{strings.Repeat("1", 36), Options{},
			"micro-qr: data too long: 36 digits; the largest Micro QR Code at level L (M4) holds at most 35 digits"},
		{strings.Repeat("A", 19), Options{Level: M},
			"micro-qr: data too long: 19 alphanumeric characters; the largest Micro QR Code at level M (M4) holds at most 18 alphanumeric characters"},
		{strings.Repeat("a", 30), Options{},
			"micro-qr: data too long: 30 characters need 30 bytes; the largest Micro QR Code at level L (M4) holds at most 15 bytes"},
		{strings.Repeat("a", 8), Options{Version: M3, Level: M},
			"micro-qr: data too long: 8 characters need 8 bytes; Micro QR Code M3-M holds at most 7 bytes"},
		{"abcd1234567890123456789012345", Options{},
			"micro-qr: data too long: 29 characters need 133 bits; the largest Micro QR Code at level L (M4) holds 128 bits: at most 35 digits, 21 alphanumeric characters or 15 bytes"},
		{"abc", Options{Version: M1},
			"micro-qr: data too long: 3 characters; Micro QR Code M1-L holds at most 5 digits"},
		{"abc", Options{Version: M2},
			"micro-qr: data too long: 3 characters; Micro QR Code M2-L holds at most 10 digits or 6 alphanumeric characters"},
		{strings.Repeat("漢", 10), Options{Level: Q},
			"micro-qr: data too long: 10 kanji; the largest Micro QR Code at level Q (M4) holds at most 5 kanji"},
		{strings.Repeat("x", 1000), Options{Binary: true},
			"micro-qr: data too long: 1000 bytes; the largest Micro QR Code at level L (M4) holds at most 35 digits, 21 alphanumeric characters or 15 bytes"},
	}
	for _, tt := range tests {
		_, err := Encode(tt.text, tt.opts)
		captest.Message(t, tt.text[:min(len(tt.text), 10)], err, tt.want)
	}
}
