package eci

import "testing"

func TestChoices(t *testing.T) {
	for _, tc := range []struct {
		text string
		ecis []int
	}{
		{"HELLO 123", []int{0}},
		{"café", []int{UTF8, ISO8859_1}},
		{"Привет", []int{UTF8, 7}},   // ISO-8859-5
		{"Καλημέρα", []int{UTF8, 9}}, // ISO-8859-7
		{"Zażółć", []int{UTF8, 4}},   // ISO-8859-2
		{"日本語テキスト", []int{UTF8, ShiftJIS, 28, 30, 32}},
		{"한국어", []int{UTF8, 30}}, // GB18030 takes 4 bytes for Hangul
		{"€ and ¥ and ☃", []int{UTF8}},
		{"a\xffb", nil},
	} {
		got := Choices(tc.text)
		var ecis []int
		for _, c := range got {
			ecis = append(ecis, c.ECI)
			back, err := string(c.Bytes), error(nil)
			if c.ECI != 0 {
				back, err = Decode(c.ECI, c.Bytes)
			}
			if err != nil || back != tc.text {
				t.Errorf("%q: ECI %d bytes % x decode to %q, %v", tc.text, c.ECI, c.Bytes, back, err)
			}
		}
		if len(ecis) != len(tc.ecis) {
			t.Errorf("%q: ECIs %v, want %v", tc.text, ecis, tc.ecis)
			continue
		}
		for i := range ecis {
			if ecis[i] != tc.ecis[i] {
				t.Errorf("%q: ECIs %v, want %v", tc.text, ecis, tc.ecis)
				break
			}
		}
	}
}
