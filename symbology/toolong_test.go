package symbology

import (
	"errors"
	"fmt"
	"testing"
)

// TestTooLongError checks the messages of TooLongError in each of its
// forms, that it is ErrTooLong to errors.Is, and which of two Nearer
// keeps.
func TestTooLongError(t *testing.T) {
	tests := []struct {
		err  *TooLongError
		want string
	}{
		{&TooLongError{Symbology: "qr", Data: Quantity{8000, "digits"}, Symbol: "version 40-M", Holds: Quantity{5596, "digits"}},
			"qr: data too long: 8000 digits; version 40-M holds at most 5596 digits"},
		{&TooLongError{Symbology: "qr", Data: Quantity{3100, "characters"}, Need: Quantity{24620, "bits"}, Symbol: "version 40-L",
			Holds: Quantity{23648, "bits"}, Fits: []Quantity{{7089, "digits"}, {4296, "alphanumeric characters"}, {2953, "bytes"}}},
			"qr: data too long: 3100 characters need 24620 bits; version 40-L holds 23648 bits: at most 7089 digits, 4296 alphanumeric characters or 2953 bytes"},
		{&TooLongError{Symbology: "micro-qr", Data: Quantity{1, "characters"}, Symbol: "M1-L", Fits: []Quantity{{5, "digits"}}},
			"micro-qr: data too long: 1 character; M1-L holds at most 5 digits"},
		{&TooLongError{Symbology: "x", Data: Quantity{1, "characters"}, Need: Quantity{1, "codewords"}, Symbol: "s",
			Holds: Quantity{0, "codewords"}, Fits: []Quantity{{1, "digits"}, {0, "bytes"}}},
			"x: data too long: 1 character needs 1 codeword; s holds at most 1 digit or 0 bytes"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("got\n%s\nwant\n%s", got, tt.want)
		}
		wrapped := fmt.Errorf("barkit: %w", tt.err)
		var tl *TooLongError
		if !errors.Is(wrapped, ErrTooLong) || !errors.As(wrapped, &tl) || tl != tt.err {
			t.Errorf("%v: not ErrTooLong, or not found by errors.As", tt.err)
		}
	}

	bits := func(need int) *TooLongError {
		return &TooLongError{Symbology: "qr", Data: Quantity{10, "characters"}, Need: Quantity{need, "bits"}, Holds: Quantity{100, "bits"}}
	}
	digits := &TooLongError{Data: Quantity{200, "digits"}, Holds: Quantity{150, "digits"}}
	uncounted := &TooLongError{Data: Quantity{1 << 20, "characters"}, Holds: Quantity{100, "bits"}}
	other := errors.New("invalid data")
	for _, tt := range []struct {
		a, b, want error
	}{
		{nil, bits(120), bits(120)},
		{bits(120), bits(110), bits(110)},
		{bits(110), bits(120), bits(110)},
		{bits(120), bits(120), bits(120)},
		{bits(120), digits, bits(120)}, // 1.2 times, 1.33 times
		{digits, bits(120), bits(120)},
		{uncounted, bits(120), uncounted},
		{other, bits(101), other},
		{bits(101), other, bits(101)},
	} {
		if got := Nearer(tt.a, tt.b); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Nearer(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestOneKind checks that OneKind states the error in the data's kind
// only when the data is more than the symbol holds of it.
func TestOneKind(t *testing.T) {
	e := &TooLongError{Symbology: "x", Symbol: "a symbol"}
	if e.OneKind(10, 10, "digits") || e.Data.N != 0 || e.Holds.N != 0 {
		t.Fatalf("10 of 10 digits: stated %+v", e)
	}
	if !e.OneKind(11, 10, "digits") {
		t.Fatal("11 of 10 digits: not stated")
	}
	if want := "x: data too long: 11 digits; a symbol holds at most 10 digits"; e.Error() != want {
		t.Errorf("message %q, want %q", e.Error(), want)
	}
}
