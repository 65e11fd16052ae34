package ean

import (
	"errors"
	"testing"

	"github.com/barkit/barkit/symbology"
)

func TestCheckDigit(t *testing.T) {
	for _, c := range []struct {
		data string
		want byte
	}{
		{"400638133393", '1'}, // EAN-13 4006381333931
		{"590123412345", '7'}, // EAN-13 5901234123457, the GS1 example
		{"978073520044", '9'}, // ISBN 978-0-7352-0044-9
		{"03600029145", '2'},  // UPC-A 036000291452
		{"9638507", '4'},      // EAN-8 96385074
		{"0000000", '0'},
		{"12a", 0},
	} {
		if got := CheckDigit(c.data); got != c.want {
			t.Errorf("CheckDigit(%q) = %q, want %q", c.data, got, c.want)
		}
	}
}

// upceCases are UPC-E codes and their UPC-A expansions, without check
// digits, one of each zero-suppression form and number system (GS1 General
// Specifications, UPC-E).
var upceCases = []struct{ e, a string }{
	{"0123456", "01234500006"}, // sixth digit 5-9: manufacturer 12345, item 6
	{"0120000", "01200000000"}, // sixth digit 0: manufacturer ends 000, items to 999
	{"0124571", "01210000457"}, // sixth digit 1: manufacturer ends 100
	{"0654322", "06520000432"}, // sixth digit 2: manufacturer ends 200
	{"0425263", "04250000026"}, // sixth digit 3: manufacturer ends 00, items to 99
	{"0654374", "06543000007"}, // sixth digit 4: manufacturer ends 0, items to 9
	{"1496580", "14900000658"}, // number system 1
}

func TestUPCE(t *testing.T) {
	for _, c := range upceCases {
		// A UPC-E code's check digit is that of its expansion.
		a := c.a + string(CheckDigit(c.a))
		e := c.e + a[11:]
		got, err := ExpandUPCE(e)
		if err != nil || got != a {
			t.Errorf("ExpandUPCE(%s) = %s, %v; want %s", e, got, err, a)
		}
		back, err := CompressUPCA(a)
		if err != nil || back != e {
			t.Errorf("CompressUPCA(%s) = %s, %v; want %s", a, back, err, e)
		}
	}
	for _, a := range []string{
		"012345600005", // item not among those UPC-E keeps
		"212345000065", // number system 2
		"012300010003", // manufacturer ends 00, item over 99
		"01234567890",  // 11 digits
	} {
		if e, err := CompressUPCA(a); !errors.Is(err, symbology.ErrInvalidData) {
			t.Errorf("CompressUPCA(%s) = %s, %v; want ErrInvalidData", a, e, err)
		}
	}
	if _, err := ExpandUPCE("21234565"); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("ExpandUPCE of number system 2: %v", err)
	}
	// Every UPC-E code expands to a UPC-A code that compresses back to
	// it, when it is written in its canonical form.
	for n := 0; n < 200000; n += 7 {
		d := []byte{'0', byte('0' + n/100000%10), byte('0' + n/10000%10), byte('0' + n/1000%10), byte('0' + n/100%10), byte('0' + n/10%10), byte('0' + n%10), '0'}
		a := expandUPCE(string(d))
		e, ok := compressUPCA(a)
		if !ok {
			t.Fatalf("%s expands to %s, which does not compress", d, a)
		}
		if expandUPCE(e) != a {
			t.Fatalf("%s expands to %s, which compresses to %s, which expands to %s", d, a, e, expandUPCE(e))
		}
	}
}

func TestISBN(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0-306-40615-2", "9780306406157"},
		{"ISBN 0-306-40615-2", "9780306406157"},
		{"ISBN-10: 0 8044 2957 X", "9780804429573"},
		{"080442957x", "9780804429573"},
		{"978-0-7352-0044-9", "9780735200449"},
		{"979-10-90636-07-1", "9791090636071"},
		{"97810906360", ""}, // 11 digits
	} {
		sym, err := writeISBN(c.in, symbology.WriteOptions{})
		switch {
		case c.want == "":
			if !errors.Is(err, symbology.ErrInvalidData) {
				t.Errorf("writeISBN(%q): %v, want ErrInvalidData", c.in, err)
			}
		case err != nil:
			t.Errorf("writeISBN(%q): %v", c.in, err)
		case sym.Text != c.want:
			t.Errorf("writeISBN(%q) = %s, want %s", c.in, sym.Text, c.want)
		}
	}
}
