package code128

import "testing"

// TestDecodeValues checks what the function characters do to a message.
func TestDecodeValues(t *testing.T) {
	for _, c := range []struct {
		name   string
		values []int
		data   string
		flags  int
		ok     bool
	}{
		{"set B", []int{startB, 33, 69, 76, 76, 79}, "Aello", 0, true},
		{"set C", []int{startC, 12, 34, 5}, "123405", 0, true},
		{"set A controls", []int{startA, 33, 64 + 9, 64 + 29}, "A\t\x1d", 0, true},
		{"switches", []int{startC, 12, codeB, 33, codeC, 99, codeA, 64}, "12A99\x00", 0, true},
		{"shift", []int{startA, 33, shift, 65, 33}, "AaA", 0, true},
		{"GS1", []int{startC, fnc1, 1, 9, fnc1, 10}, "0109\x1d10", flagGS1, true},
		{"GS1 after a switch", []int{startB, codeC, fnc1, 1, 9}, "0109", flagGS1, true},
		{"FNC1 in second position after a letter", []int{startB, 33, fnc1, 17}, "A1", flagAIM, true},
		{"FNC1 in second position after two digits", []int{startC, 12, fnc1, 34}, "1234", flagAIM, true},
		{"FNC1 in second position after a digit", []int{startB, 17, fnc1, 17}, "1\x1d1", 0, true},
		{"FNC3", []int{startB, fnc3, 33}, "A", flagReaderInit, true},
		{"FNC2", []int{startB, 33, fnc2, 34}, "AB", 0, true},
		{"FNC4 once", []int{startB, codeB, 33, 34}, "\xc1B", 0, true},
		{"FNC4 latched", []int{startB, codeB, codeB, 33, 34, codeB, 35, codeB, codeB, 36}, "\xc1\xc2CD", 0, true},
		{"FNC4 in set A", []int{startA, codeA, 33}, "\xc1", 0, true},
		{"start inside", []int{startB, 33, startA}, "", 0, false},
		{"shift after shift", []int{startA, shift, shift, 33}, "", 0, false},
		{"no start", []int{33}, "", 0, false},
	} {
		m, ok := decodeValues(c.values)
		if ok != c.ok {
			t.Errorf("%s: ok %v", c.name, ok)
			continue
		}
		if ok && (string(m.data) != c.data || m.kind() != c.flags) {
			t.Errorf("%s: %q flags %d, want %q %d", c.name, m.data, m.kind(), c.data, c.flags)
		}
	}
}

func TestLatin1(t *testing.T) {
	if got := latin1([]byte("a\xe9\xff")); got != "aéÿ" {
		t.Errorf("latin1: %q", got)
	}
}
