// Package captest checks, from the tests of the writers, what their
// errors for data that does not fit say: that the capacity an error
// states is exact, the stated number of characters fitting and one more
// giving the same error. It is for tests only.
package captest

import (
	"errors"
	"strings"
	"testing"

	"github.com/barkit/barkit/symbology"
)

// A Write encodes data with fixed options and returns the writer's error.
type Write func(data string) error

// Repeat returns a generator of n copies of s.
func Repeat(s string) func(n int) string {
	return func(n int) string { return strings.Repeat(s, n) }
}

// Stated returns the capacity err states for data counted in unit: its
// Holds when that is in unit, else its Fits entry in unit. ok is false
// when err is no *symbology.TooLongError or states none in unit.
func Stated(err error, unit string) (n int, ok bool) {
	var tl *symbology.TooLongError
	if !errors.As(err, &tl) {
		return 0, false
	}
	if tl.Holds.Unit == unit && tl.Holds.N > 0 {
		return tl.Holds.N, true
	}
	for _, q := range tl.Fits {
		if q.Unit == unit {
			return q.N, true
		}
	}
	return 0, false
}

// Exact checks that gen(n) fits and gen(n+1) gives a *TooLongError,
// wrapping symbology.ErrTooLong, that states n in unit, in its message
// too.
func Exact(t testing.TB, name string, write Write, gen func(n int) string, unit string, n int) {
	t.Helper()
	if err := write(gen(n)); err != nil {
		t.Errorf("%s: %d %s: %v", name, n, unit, err)
	}
	err := write(gen(n + 1))
	if !errors.Is(err, symbology.ErrTooLong) {
		t.Errorf("%s: %d %s: error %v, want ErrTooLong", name, n+1, unit, err)
		return
	}
	got, ok := Stated(err, unit)
	if !ok || got != n {
		t.Errorf("%s: %d %s: the error states %d (%v), want %d: %v", name, n+1, unit, got, ok, n, err)
	}
	if q := (symbology.Quantity{N: n, Unit: unit}).String(); !strings.Contains(err.Error(), q) {
		t.Errorf("%s: %d %s: message %q does not say %q", name, n+1, unit, err, q)
	}
}

// Self writes gen(big), which must not fit, reads the capacity the error
// states in unit, and checks it with Exact. An error that states none
// says that none fits: gen(1) must not fit either. It returns the
// capacity.
func Self(t testing.TB, name string, write Write, gen func(n int) string, unit string, big int) int {
	t.Helper()
	err := write(gen(big))
	if !errors.Is(err, symbology.ErrTooLong) {
		t.Errorf("%s: %d %s: error %v, want ErrTooLong", name, big, unit, err)
		return 0
	}
	n, ok := Stated(err, unit)
	if !ok {
		if err1 := write(gen(1)); !errors.Is(err1, symbology.ErrTooLong) {
			t.Errorf("%s: the error states no capacity in %s (%v), yet 1 gives %v", name, unit, err, err1)
		}
		return 0
	}
	Exact(t, name, write, gen, unit, n)
	return n
}

// Message checks that err is a *symbology.TooLongError, wrapping
// symbology.ErrTooLong, whose message is want.
func Message(t testing.TB, name string, err error, want string) {
	t.Helper()
	var tl *symbology.TooLongError
	switch {
	case !errors.Is(err, symbology.ErrTooLong):
		t.Errorf("%s: error %v, want ErrTooLong", name, err)
	case !errors.As(err, &tl):
		t.Errorf("%s: error %q is no *symbology.TooLongError", name, err)
	case err.Error() != want:
		t.Errorf("%s: error\n%s\nwant\n%s", name, err, want)
	}
}
