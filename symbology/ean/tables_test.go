package ean

import (
	"strings"
	"testing"
)

// TestNumberSets checks the structure ISO/IEC 15420 gives the number sets:
// every digit is 7 modules in four elements of 1 to 4; set A has an odd
// number of dark modules and sets B and C an even one; the 30 patterns of the
// three sets are all distinct; and sets A and B differ in their
// similar-edge distances, which is what lets a reader tell them apart.
func TestNumberSets(t *testing.T) {
	seen := map[string]string{}
	for _, s := range []numberSet{setOdd, setEven, setRight} {
		for d := 0; d < 10; d++ {
			w := widths(s, d)
			sum := 0
			for _, x := range w {
				if x < 1 || x > 4 {
					t.Errorf("set %c digit %d: element of %d modules", s, d, x)
				}
				sum += x
			}
			if sum != 7 {
				t.Errorf("set %c digit %d: %d modules", s, d, sum)
			}
			m := string(appendDigit(nil, d, s))
			dark := strings.Count(m, "1")
			if odd := dark%2 == 1; odd != (s == setOdd) {
				t.Errorf("set %c digit %d: %d dark modules", s, d, dark)
			}
			if prev, ok := seen[m]; ok {
				t.Errorf("set %c digit %d has the modules of %s", s, d, prev)
			}
			seen[m] = string(s) + string(rune('0'+d))
			// Set A starts light, set C dark; C is A inverted; B is C
			// reversed.
			if s == setRight {
				a := appendDigit(nil, d, setOdd)
				b := appendDigit(nil, d, setEven)
				for i := range m {
					if (m[i] == '1') == (a[i] == '1') {
						t.Errorf("digit %d: set C is not set A inverted", d)
						break
					}
					if m[i] != b[6-i] {
						t.Errorf("digit %d: set B is not set C reversed", d)
						break
					}
				}
			}
		}
	}
	for _, a := range leftPatterns {
		for _, b := range leftPatterns {
			if a.set != b.set && a.t1 == b.t1 && a.t2 == b.t2 {
				t.Errorf("%c%d and %c%d share their similar-edge distances", a.set, a.digit, b.set, b.digit)
			}
		}
	}
}

// TestParityTables checks the tables of number-set patterns: all distinct
// within a table, the EAN-13 ones starting with set A and the leading digit
// 0 all A (so that a UPC-A symbol is an EAN-13 one), the UPC-E ones three of
// each set, the EAN-5 ones two of set B.
func TestParityTables(t *testing.T) {
	distinct := func(name string, table []string) {
		seen := map[string]int{}
		for i, s := range table {
			if j, ok := seen[s]; ok {
				t.Errorf("%s: %d and %d share %s", name, i, j, s)
			}
			seen[s] = i
		}
	}
	distinct("leadingSets", leadingSets[:])
	distinct("upceSets", upceSets[:])
	distinct("addOn5Sets", addOn5Sets[:])
	distinct("addOn2Sets", addOn2Sets[:])
	if leadingSets[0] != "AAAAAA" {
		t.Errorf("leading digit 0: %s", leadingSets[0])
	}
	for d, s := range leadingSets {
		if s[0] != 'A' || strings.Count(s, "B") != map[bool]int{true: 0, false: 3}[d == 0] {
			t.Errorf("leading digit %d: %s", d, s)
		}
	}
	for d, s := range upceSets {
		if strings.Count(s, "A") != 3 {
			t.Errorf("UPC-E check digit %d: %s", d, s)
		}
		// Number system 1 swaps the sets, and the two systems never share
		// a pattern.
		for e := range upceSets {
			if upceSetsFor(1, e) == s {
				t.Errorf("UPC-E: system 0 check %d and system 1 check %d share %s", d, e, s)
			}
		}
	}
	for d, s := range addOn5Sets {
		if strings.Count(s, "B") != 2 {
			t.Errorf("EAN-5 check %d: %s", d, s)
		}
	}
}

// TestWidths checks the module counts of every kind of symbol.
func TestWidths(t *testing.T) {
	for _, c := range []struct {
		k      kind
		digits string
		want   int
	}{
		{kindEAN13, "4006381333931", ean13Modules},
		{kindEAN8, "96385074", ean8Modules},
		{kindUPCE, "01234565", upceModules},
		{kindEAN2, "12", ean2Modules},
		{kindEAN5, "51299", ean5Modules},
	} {
		m := encodeModules(c.k, c.digits)
		if len(m) != c.want {
			t.Errorf("%v: %d modules, want %d", c.k, len(m), c.want)
		}
		if m[0] != '1' || m[len(m)-1] != '1' {
			t.Errorf("%v: does not start and end with a bar", c.k)
		}
	}
	if ean13Modules != 95 || ean8Modules != 67 || upceModules != 51 || ean2Modules != 20 || ean5Modules != 47 {
		t.Error("symbol widths are not those of ISO/IEC 15420")
	}
}
