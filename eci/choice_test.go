package eci

import (
	"fmt"
	"testing"
)

func TestChoices(t *testing.T) {
	for _, tc := range []struct {
		text string
		ecis []int
	}{
		{"HELLO 123", []int{0}},
		{"café", []int{UTF8, ISO8859_1}},
		{"Привет", []int{UTF8, 7}},             // ISO-8859-5
		{"Καλημέρα", []int{UTF8, 9}},           // ISO-8859-7
		{"Zażółć", []int{UTF8, 4}},             // ISO-8859-2
		{"日本語テキスト", []int{UTF8, ShiftJIS, 30}}, // Big5 has kana only in extensions readers differ on
		{"日本語", []int{UTF8, ShiftJIS, 28, 30}},
		{"한국어", []int{UTF8, 30}}, // GB18030 takes 4 bytes for Hangul
		{"€ and ¥ and ☃", []int{UTF8}},
		{"中华人民共和国", []int{UTF8, 29}},              // Big5 would need HKSCS for 华 and 国
		{"繁體中文測試", []int{UTF8, ShiftJIS, 28, 30}}, // GB 2312 lacks 繁, 體 and 測
		{"é漢字", []int{UTF8}},                      // Shift_JIS lacks é, GB 2312 漢; GB18030 is left out
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

func TestDefaultChoices(t *testing.T) {
	for _, tc := range []struct {
		text string
		ecis []int
	}{
		{"HELLO", []int{0}},
		{"café", []int{UTF8, ISO8859_1, 0}}, // E9 at the end: no UTF-8, no Shift_JIS
		{"Ã©", []int{UTF8, ISO8859_1}},      // C3 A9 is UTF-8 for é
		{"Preis: 42 €", []int{UTF8, 17}},    // ISO-8859-15, not -7
		{"Привет", []int{UTF8, 7}},
	} {
		var ecis []int
		for _, c := range DefaultChoices(tc.text) {
			ecis = append(ecis, c.ECI)
		}
		if fmt.Sprint(ecis) != fmt.Sprint(tc.ecis) {
			t.Errorf("DefaultChoices(%q): ECIs %v, want %v", tc.text, ecis, tc.ecis)
		}
	}
}
