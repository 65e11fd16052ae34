package qr

import (
	"bytes"
	"fmt"
	"os/exec"
	"testing"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// sizeTexts are texts in many scripts and character sets for the
// comparison of symbol sizes with zint.
var sizeTexts = []string{
	"Привет, мир! Как дела? Всё хорошо.",
	"Съешь же ещё этих мягких французских булок, да выпей чаю",
	"Γειά σου Κόσμε",
	"Ξεσκεπάζω την ψυχοφθόρα βδελυγμία",
	"Zażółć gęślą jaźń",
	"Pchnąć w tę łódź jeża lub ośm skrzyń fig",
	"Příliš žluťoučký kůň úpěl ďábelské ódy",
	"Árvíztűrő tükörfúrógép",
	"日本語のテキスト",
	"漢字とかなのまじった文章です。",
	"カタカナ",
	"ｶﾀｶﾅ ﾊﾝｶｸ",
	"東京都千代田区1-1-1",
	"中华人民共和国",
	"中文字符测试，你好世界",
	"繁體中文測試",
	"한국어 텍스트",
	"안녕하세요 세계",
	"café",
	"Grüße aus Köln",
	"Bär",
	"naïve façade",
	"Ã©",
	"ÄÖÜ äöü ß",
	"Ørsted Åland Æble",
	"Hello Мир Κόσμε",
	"Tokyo 東京 Москва",
	"é漢字",
	"שלום עולם",
	"مرحبا بالعالم",
	"สวัสดีชาวโลก",
	"Tiếng Việt có dấu",
	"€ 12,50",
	"😀 emoji",
	"Ελληνικά και English 123",
	"ПРИВЕТ 12345 МИР",
}

// TestSmallerThanZint writes each of sizeTexts at each level and compares
// the version with the smallest zint 2.11 writes, without --eci or with
// any ECI it accepts for the text: barkit's is never larger, except where
// zint's smaller symbol holds ISO-8859-1 bytes without a designator that
// zbarimg takes for Shift_JIS (qrfamily.ReadsAsLatin1), which zbarimg is
// made to show. Every symbol reads back to its text with barkit's reader
// and with ZXingReader, byte for byte as barkit reads it. It is skipped
// without zint, and under -short.
func TestSmallerThanZint(t *testing.T) {
	if testing.Short() {
		t.Skip("runs zint for every symbol")
	}
	if _, err := exec.LookPath("zint"); err != nil {
		t.Skip("zint not installed")
	}
	_, zxErr := exec.LookPath("ZXingReader")
	_, zbarErr := exec.LookPath("zbarimg")
	dir := t.TempDir()
	smaller, equal, larger, plain, zxRead := 0, 0, 0, 0, 0
	for i, text := range sizeTexts {
		for level := L; level <= H; level++ {
			name := fmt.Sprintf("%02d-%v", i, level)
			e := new(encoder)
			_, des, err := e.choose(text, Options{Level: level})
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			c, err := Encode(text, Options{Level: level})
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			bc, err := Decode(c.Modules)
			if err != nil || bc.Text != text {
				t.Errorf("%q %v: barkit reads %q, %v", text, level, bc.Text, err)
				continue
			}
			if zxErr == nil {
				path := enginetest.WriteMatrixPNG(t, dir, name, c.Modules)
				r, ok := enginetest.ZXingReadAll(t, "", path)[path]
				switch {
				case !ok:
					t.Errorf("%q %d-%v: ZXingReader read nothing", text, c.Version, level)
				case r.Text != text || !bytes.Equal(r.Bytes, bc.Bytes):
					t.Errorf("%q %d-%v: ZXingReader reads %q (% x), barkit %q (% x)", text, c.Version, level, r.Text, r.Bytes, bc.Text, bc.Bytes)
				default:
					zxRead++
				}
			}
			if zbarErr == nil && des < 0 {
				// Undesignated bytes: the guessing reader reads them right.
				if got, _ := enginetest.Zbar(t, enginetest.WriteMatrixPNG(t, dir, name, c.Modules), ""); got != text {
					t.Errorf("%q %d-%v: zbarimg reads %q", text, c.Version, level, got)
				}
			}
			ecis := enginetest.ZintECIs(text, eci.ISO8859_1, eci.ShiftJIS, eci.UTF8)
			zs, err := enginetest.ZintRuns(enginetest.Payload{Data: text}, ecis, "-b", "58", fmt.Sprintf("--secure=%d", level+1))
			if err != nil {
				t.Errorf("%q %v: %v", text, level, err)
				continue
			}
			if zs[0].ECI == 0 && c.Version < (zs[0].Modules.Width-17)/4 {
				plain++
			}
			best := enginetest.Smallest(zs)
			zm, zeci := best.Modules, best.ECI
			zv := (zm.Width - 17) / 4
			switch {
			case c.Version < zv:
				smaller++
			case c.Version == zv:
				equal++
			default:
				larger++
				t.Logf("%q %v: version %d with ECI %d, zint %d with ECI %d", text, level, c.Version, des, zv, zeci)
				checkZintMisread(t, text, zm, zeci, dir, name)
			}
		}
	}
	t.Logf("%d symbols: %d smaller than zint's best, %d equal, %d larger (where zint's smaller symbol misreads); "+
		"%d smaller than zint's without --eci; ZXingReader read %d", smaller+equal+larger, smaller, equal, larger, plain, zxRead)
}

// checkZintMisread checks the reason barkit's symbol for text is larger
// than zint's, zm written with ECI zeci: zint's holds ISO-8859-1 bytes
// without a designator that zbarimg takes for Shift_JIS (they fail
// qrfamily.ReadsAsLatin1), or uses GB18030, ECI 32, which ZXingReader
// 1.4 reads as ISO-8859-1; the reader is made to show it where it is
// installed.
func checkZintMisread(t *testing.T, text string, zm *matrix.Matrix, zeci int, dir, name string) {
	t.Helper()
	reader, got := "", ""
	switch {
	case zeci == 0 && guessable(text):
		if _, err := exec.LookPath("zbarimg"); err != nil {
			return
		}
		reader = "zbarimg"
		got, _ = enginetest.Zbar(t, enginetest.WriteMatrixPNG(t, dir, name+"-zint", zm), "")
	case zeci == 32:
		if _, err := exec.LookPath("ZXingReader"); err != nil {
			return
		}
		reader = "ZXingReader"
		path := enginetest.WriteMatrixPNG(t, dir, name+"-zint", zm)
		got = enginetest.ZXingReadAll(t, "", path)[path].Text
	default:
		t.Errorf("%q: zint's smaller symbol, ECI %d, would read right", text, zeci)
		return
	}
	if got == text {
		t.Errorf("%q: %s reads zint's smaller symbol, ECI %d, right", text, reader, zeci)
	} else {
		t.Logf("… %s reads zint's symbol as %q", reader, got)
	}
}

// guessable reports whether text is ISO-8859-1 whose bytes readers that
// guess would misread without a designator (qrfamily.ReadsAsLatin1).
func guessable(text string) bool {
	var b []byte
	for _, r := range text {
		if r > 0xFF {
			return false
		}
		b = append(b, byte(r))
	}
	return !qrfamily.ReadsAsLatin1(b)
}

// TestCharsetSizes checks the character set chosen for texts in several
// scripts and the version it gives, beside the version UTF-8 (ECI 26)
// would give, and reads each symbol back.
func TestCharsetSizes(t *testing.T) {
	tests := []struct {
		text        string
		level       Level
		version     int
		eci         int // designator written; -1 none
		utf8Version int
	}{
		{"Привет, мир! Как дела? Всё хорошо, спасибо, друг.", L, 3, 7, 5}, // ISO-8859-5
		{"Ξεσκεπάζω την ψυχοφθόρα βδελυγμία", M, 3, 9, 5},                 // ISO-8859-7
		{"Zażółć gęślą jaźń", M, 2, 4, 3},                                 // ISO-8859-2
		{"สวัสดีชาวโลก", H, 2, 13, 5},                                     // ISO-8859-11
		{"שלום עולם", H, 2, 10, 3},                                        // ISO-8859-8
		{"漢字とかなのまじった文章です。", M, 2, -1, 4},                                  // kanji mode, no designator
		{"Tokyo 東京 Москва", H, 3, -1, 4},                                  // Cyrillic is in JIS X 0208 too
		{"ｶﾀｶﾅ ﾊﾝｶｸ", Q, 1, 20, 3},                                        // half-width katakana: single-byte Shift_JIS
		{"中文字符测试，你好世界", L, 2, 29, 3},                                      // GB 2312
		{"中华人民共和国", L, 1, 29, 2},                                          // not Big5: 华 and 国 are HKSCS there
		{"한국어 텍스트", L, 1, 30, 2},                                          // EUC-KR
		{"Grüße aus Köln", H, 2, -1, 3},                                   // ISO-8859-1, the default: no designator
		{"Straße, Bär und Öl", Q, 2, 3, 3},                                // … but these bytes zbarimg reads as Shift_JIS
		{"Hello Мир Κόσμε", M, 2, 26, 2},                                  // no single-byte set holds both
	}
	for _, tt := range tests {
		e := new(encoder)
		v, des, err := e.choose(tt.text, Options{Level: tt.level})
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		u, err := Encode(tt.text, Options{Level: tt.level, ECI: 26})
		if err != nil {
			t.Fatal(err)
		}
		if v != tt.version || des != tt.eci || u.Version != tt.utf8Version {
			t.Errorf("%q %v: version %d with ECI %d (UTF-8: %d), want %d with %d (UTF-8: %d)",
				tt.text, tt.level, v, des, u.Version, tt.version, tt.eci, tt.utf8Version)
		}
		c, err := Encode(tt.text, Options{Level: tt.level})
		if err != nil {
			t.Fatal(err)
		}
		bc, err := Decode(c.Modules)
		if err != nil || bc.Text != tt.text || c.Version != v {
			t.Errorf("%q: version %d reads %q, %v", tt.text, c.Version, bc.Text, err)
		}
	}
}
