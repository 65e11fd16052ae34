package symbology

import (
	"errors"
	"testing"
)

func TestParseEANAddOn(t *testing.T) {
	for _, c := range []struct {
		in   string
		want EANAddOn
	}{
		{"read", AddOnRead},
		{"ignore", AddOnIgnore},
		{"require", AddOnRequire},
		{"Require", AddOnRequire},
		{" IGNORE ", AddOnIgnore},
	} {
		got, err := ParseEANAddOn(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseEANAddOn(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
		if got.String() != eanAddOnNames[c.want] {
			t.Errorf("%v.String() = %q", c.want, got.String())
		}
	}
	for _, in := range []string{"", "yes", "required", "0"} {
		if _, err := ParseEANAddOn(in); !errors.Is(err, ErrInvalidData) {
			t.Errorf("ParseEANAddOn(%q): %v, want ErrInvalidData", in, err)
		}
	}
	for a := range EANAddOn(5) {
		back, err := ParseEANAddOn(a.String())
		if a.Valid() != (err == nil) || a.Valid() && back != a {
			t.Errorf("EANAddOn(%d): String %q, Valid %v, parsed back %v, %v", a, a, a.Valid(), back, err)
		}
	}
}
