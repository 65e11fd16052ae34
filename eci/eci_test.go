package eci

import (
	"errors"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

// TestRegister checks which designators are known and their names against
// the AIM ECI register (AIM ITS/04-023 Part 3, Table 1).
func TestRegister(t *testing.T) {
	want := map[int]string{
		0: "CP437", 1: "ISO-8859-1", 2: "CP437", 3: "ISO-8859-1", 4: "ISO-8859-2", 5: "ISO-8859-3",
		6: "ISO-8859-4", 7: "ISO-8859-5", 8: "ISO-8859-6", 9: "ISO-8859-7", 10: "ISO-8859-8",
		11: "ISO-8859-9", 12: "ISO-8859-10", 13: "ISO-8859-11", 15: "ISO-8859-13", 16: "ISO-8859-14",
		17: "ISO-8859-15", 18: "ISO-8859-16", 20: "Shift_JIS", 21: "windows-1250", 22: "windows-1251",
		23: "windows-1252", 24: "windows-1256", 25: "UTF-16BE", 26: "UTF-8", 27: "US-ASCII", 28: "Big5",
		29: "GB2312", 30: "EUC-KR", 31: "GBK", 32: "GB18030", 33: "UTF-16LE", 34: "UTF-32BE",
		35: "UTF-32LE", 170: "ISO-646-INV", 899: "binary",
	}
	for eci := -1; eci <= 1000; eci++ {
		name, ok := want[eci]
		if Known(eci) != ok || Name(eci) != name {
			t.Errorf("ECI %d: Known %v Name %q, want %v %q", eci, Known(eci), Name(eci), ok, name)
		}
	}
	for _, eci := range []int{25, 33, 34, 35, 36, 14} {
		if ASCIICompatible(eci) {
			t.Errorf("ASCIICompatible(%d) = true", eci)
		}
	}
	for _, eci := range []int{3, 20, 26, 28, 32, 170, 899} {
		if !ASCIICompatible(eci) {
			t.Errorf("ASCIICompatible(%d) = false", eci)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		eci  int
		text string
		want []byte // nil: not checked
	}{
		{3, "Grüße, café", []byte("Gr\xfc\xdfe, caf\xe9")},
		{1, "¡Olé!", []byte("\xa1Ol\xe9!")},
		{0, "┌─┐ ÇüéâäàåçêëèïîìÄÅ", nil},
		{2, "░▒▓│ ½¼", nil},
		{4, "Łódź Žluťoučký", nil},
		{7, "Съешь же ещё", nil},
		{8, "مرحبا", nil},
		{9, "Καλημέρα", nil},
		{10, "שלום", nil},
		{11, "Türkçe ğüşıöç", nil},
		{13, "ภาษาไทย ฿", []byte("\xc0\xd2\xc9\xd2\xe4\xb7\xc2 \xdf")},
		{15, "Ąčęėįšųūž", nil},
		{17, "€ Œuvre", nil},
		{18, "Ș ș Ț ț", nil},
		{20, "漢字カタカナｶﾀｶﾅ", []byte("\x8a\xbf\x8e\x9a\x83J\x83^\x83J\x83i\xb6\xc0\xb6\xc5")},
		{21, "Příliš žluťoučký", nil},
		{22, "Привет", nil},
		{23, "“smart” €", []byte("\x93smart\x94 \x80")},
		{24, "سلام", nil},
		{25, "A€", []byte{0, 'A', 0x20, 0xAC}},
		{26, "日本語 😀", []byte("日本語 😀")},
		{27, "plain ASCII ~", nil},
		{28, "中文測試", nil},
		{29, "中文测试", []byte("\xd6\xd0\xce\xc4\xb2\xe2\xca\xd4")},
		{30, "한국어", nil},
		{31, "中文测试", nil},
		{32, "中文测试😀", nil},
		{33, "A€", []byte{'A', 0, 0xAC, 0x20}},
		{34, "A", []byte{0, 0, 0, 'A'}},
		{35, "A", []byte{'A', 0, 0, 0}},
		{170, "ABC xyz 012 !%&", nil},
		{899, "\x00\x01ÿ", []byte{0, 1, 0xFF}},
	}
	for _, tt := range tests {
		b, err := Encode(tt.eci, tt.text)
		if err != nil {
			t.Errorf("Encode(%d, %q): %v", tt.eci, tt.text, err)
			continue
		}
		if tt.want != nil && string(b) != string(tt.want) {
			t.Errorf("Encode(%d, %q) = % x, want % x", tt.eci, tt.text, b, tt.want)
		}
		s, err := Decode(tt.eci, b)
		if err != nil || s != tt.text {
			t.Errorf("Decode(%d, % x) = %q, %v; want %q", tt.eci, b, s, err, tt.text)
		}
	}
}

func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		eci  int
		text string
		char rune
		pos  int
	}{
		{3, "abc€", '€', 3},
		{3, "日本", '日', 0},
		{27, "naïve", 'ï', 2},
		{170, "a#b", '#', 1},
		{170, "x~", '~', 1},
		{13, "ก\u0e3b", '\u0e3b', 1},
		{20, "abc\u00a5", '\u00a5', 3}, // YEN SIGN: Shift_JIS 0x5C decodes as a backslash
		{20, "Ä", 'Ä', 0},
		{29, "€", '€', 0}, // GBK has it at 0x80, GB 2312 does not
		{29, "測", '測', 0}, // traditional form: GBK but not GB 2312
		{7, "Ωmega", 'Ω', 0},
	}
	for _, tt := range tests {
		_, err := Encode(tt.eci, tt.text)
		var ee *EncodeError
		if !errors.As(err, &ee) || ee.Char != tt.char || ee.Pos != tt.pos || ee.ECI != tt.eci {
			t.Errorf("Encode(%d, %q) error = %v, want character %q at %d", tt.eci, tt.text, err, tt.char, tt.pos)
		}
	}
	if _, err := Encode(26, "a\xffb"); err == nil {
		t.Error("Encode of invalid UTF-8: no error")
	}
	for _, eci := range []int{-1, 14, 19, 36, 1000} {
		if _, err := Encode(eci, "a"); !errors.Is(err, ErrUnknown) {
			t.Errorf("Encode(%d) error = %v, want ErrUnknown", eci, err)
		}
		if _, err := Decode(eci, []byte("a")); !errors.Is(err, ErrUnknown) {
			t.Errorf("Decode(%d) error = %v, want ErrUnknown", eci, err)
		}
	}
}

// TestDecodeInvalid checks that invalid sequences become U+FFFD rather than
// errors.
func TestDecodeInvalid(t *testing.T) {
	tests := []struct {
		eci  int
		in   string
		want string
	}{
		{26, "a\xffb", "a\ufffdb"},
		{27, "a\x80", "a\ufffd"},
		{13, "\xdb\xfc", "\ufffd\ufffd"},
		{20, "\x81", "\ufffd"},
		{25, "\x00A\x00", "A\ufffd"},
	}
	for _, tt := range tests {
		got, err := Decode(tt.eci, []byte(tt.in))
		if err != nil || got != tt.want {
			t.Errorf("Decode(%d, %q) = %q, %v; want %q", tt.eci, tt.in, got, err, tt.want)
		}
	}
}

// TestThaiAgainstWindows874 checks the computed ISO-8859-11 mapping against
// x/text's Windows-874 table, which agrees with it on 0xA0-0xFF.
func TestThaiAgainstWindows874(t *testing.T) {
	for c := 0xA0; c <= 0xFF; c++ {
		want := charmap.Windows874.DecodeByte(byte(c))
		got, _ := utf8.DecodeRuneInString(decodeThai([]byte{byte(c)}))
		if got != want {
			t.Errorf("byte %#x: %U, Windows-874 %U", c, got, want)
		}
		if got != utf8.RuneError {
			if b, ok := encodeThai(got); !ok || b != byte(c) {
				t.Errorf("encodeThai(%U) = %#x %v", got, b, ok)
			}
		}
	}
}

func TestGuess(t *testing.T) {
	sjis := func(s string) string {
		b, err := japanese.ShiftJIS.NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		in   string
		want int
	}{
		{"", ISO8859_1},
		{"http://example.com/?a=b", ISO8859_1},
		{"Gr\xfc\xdfe", ISO8859_1},          // Latin-1 "Grüße"
		{"caf\xe9", ISO8859_1},              // Latin-1 "café": E9 lacks a trail byte
		{"na\xefve", ISO8859_1},             // valid Shift_JIS by form (EF 76), but no evidence
		{"\xc7a va", ISO8859_1},             // "Ça va": one half-width katakana is no evidence
		{"5\xa3 only", ISO8859_1},           // "5£ only"
		{"\x93smart\x94", ISO8859_1},        // windows-1252 quotes, broken as Shift_JIS
		{"\x00\x01\x02\xff\xfe", ISO8859_1}, // binary
		{"Grüße", UTF8},
		{"日本語", UTF8},
		{"\xef\xbb\xbfBOM", UTF8},
		{sjis("MECARD:N:測試;;"), ShiftJIS},                 // two kanji, C1 lead bytes
		{sjis("ﾃﾞｻﾞｲﾝQR\nhttp://d-qr.net/ex/"), ShiftJIS}, // half-width katakana run
		{sjis("今度のバージョンでは文章の暗号化ができます。"), ShiftJIS},
		{sjis("AD:SUB:阿;;"), ShiftJIS},
		{sjis("ｶﾅ"), ISO8859_1}, // two half-width katakana: too little evidence
	}
	for _, tt := range tests {
		if got := Guess([]byte(tt.in)); got != tt.want {
			t.Errorf("Guess(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(26, []byte("日本"))
	f.Add(20, []byte("\x8a\xbf"))
	f.Add(25, []byte{0, 'A', 0xD8, 0})
	f.Fuzz(func(t *testing.T, eci int, b []byte) {
		s, err := Decode(eci, b)
		if err != nil {
			if Known(eci) {
				t.Fatalf("Decode(%d): %v", eci, err)
			}
			return
		}
		if !utf8.ValidString(s) {
			t.Fatalf("Decode(%d, % x) = invalid UTF-8", eci, b)
		}
		// Whatever Encode accepts must decode back.
		if enc, err := Encode(eci, s); err == nil {
			if back, _ := Decode(eci, enc); back != s {
				t.Fatalf("ECI %d: %q -> % x -> %q", eci, s, enc, back)
			}
		}
		Guess(b)
	})
}

func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"7", 7, true},
		{"000026", 26, true},
		{"ISO-8859-5", 7, true},
		{"iso 8859 1", 3, true},
		{"Latin1", 3, true},
		{"UTF-8", 26, true},
		{"utf8", 26, true},
		{"Shift_JIS", 20, true},
		{"SJIS", 20, true},
		{"CP437", 2, true},
		{"windows-1251", 22, true},
		{"GB18030", 32, true},
		{"binary", 899, true},
		{"14", 14, false},     // not assigned
		{"1234567", 0, false}, // more than six digits
		{"klingon", 0, false},
		{"", 0, false},
		{"7x", 0, false},
	} {
		got, ok := Lookup(tc.in)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("Lookup(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
