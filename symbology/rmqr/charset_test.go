package rmqr

import (
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
	"Привет, мир!",
	"Съешь же ещё этих мягких французских булок",
	"Γειά σου Κόσμε",
	"Zażółć gęślą jaźń",
	"Příliš žluťoučký kůň",
	"日本語のテキスト",
	"漢字とかなのまじった文章です。",
	"ｶﾀｶﾅ ﾊﾝｶｸ",
	"東京都千代田区1-1-1",
	"中华人民共和国",
	"中文字符测试，你好世界",
	"한국어 텍스트",
	"café",
	"Grüße aus Köln",
	"Straße, Bär und Öl",
	"Ørsted Åland Æble",
	"Hello Мир Κόσμε",
	"Tokyo 東京 Москва",
	"שלום עולם",
	"สวัสดีชาวโลก",
	"😀 emoji",
}

// TestSmallerThanZint writes each of sizeTexts at levels M and H and
// compares the area with that of the smallest symbol zint 2.11 writes,
// without --eci or with any ECI it accepts for the text: barkit's is
// never larger. Every symbol reads back to its text with barkit's reader
// (ZXingReader 1.4 does not read rMQR Code). It is skipped without zint,
// and under -short.
func TestSmallerThanZint(t *testing.T) {
	if testing.Short() {
		t.Skip("runs zint for every symbol")
	}
	if _, err := exec.LookPath("zint"); err != nil {
		t.Skip("zint not installed")
	}
	smaller, equal, larger, plain := 0, 0, 0, 0
	for _, text := range sizeTexts {
		for _, level := range []Level{M, H} {
			c, err := Encode(text, Options{Level: level})
			if err != nil {
				t.Errorf("%q %v: %v", text, level, err)
				continue
			}
			bc, err := Decode(c.Modules)
			if err != nil || bc.Text != text {
				t.Errorf("%q %v: barkit reads %q, %v", text, level, bc.Text, err)
				continue
			}
			zs, err := enginetest.ZintRuns(enginetest.Payload{Data: text}, enginetest.ZintECIs(text, eci.ISO8859_1, eci.ShiftJIS, eci.UTF8), "-b", "145", fmt.Sprintf("--secure=%d", 2*int(level)+2))
			if err != nil {
				t.Errorf("%q %v: %v", text, level, err)
				continue
			}
			a := c.Size.Height() * c.Size.Width()
			if zs[0].ECI == 0 && a < zs[0].Modules.Width*zs[0].Modules.Height {
				plain++
			}
			best := enginetest.Smallest(zs)
			za := best.Modules.Width * best.Modules.Height
			switch {
			case a < za:
				smaller++
			case a == za:
				equal++
			default:
				larger++
				if why := guessed(best.Modules, text); best.ECI != 0 || why == "" {
					t.Errorf("%q %v: %v (%d modules), zint %d×%d with ECI %d",
						text, level, c.Size, a, best.Modules.Height, best.Modules.Width, best.ECI)
				} else {
					t.Logf("%q %v: %v (%d modules), zint %d×%d, whose %s",
						text, level, c.Size, a, best.Modules.Height, best.Modules.Width, why)
				}
			}
		}
	}
	t.Logf("%d symbols: %d smaller in area than zint's best, %d equal, %d larger (zint's leaves readers to guess); %d smaller than zint's without --eci",
		smaller+equal+larger, smaller, equal, larger, plain)
}

// guessed returns why a reader must guess the character set of the
// symbol m (another encoder's): it has no designator and its byte mode
// segments hold bytes beyond ASCII that either go with kanji mode
// segments (zint writes Shift_JIS bytes there, not the standard's
// ISO-8859-1) or are ISO-8859-1 that guessing readers take for UTF-8 or
// Shift_JIS (qrfamily.ReadsAsLatin1). It returns "" when none of that is
// so.
func guessed(m *matrix.Matrix, text string) string {
	s, ok := SizeOf(m.Height, m.Width)
	if !ok {
		return ""
	}
	bc, err := Decode(m)
	if err != nil || bc.Identifier != "]Q1" {
		return ""
	}
	l := getLayout(s)
	level, _ := readFormat(m.Pix, l)
	words := make([]byte, totalCodewords(s))
	for k := range 8 * len(words) {
		if idx := l.order[k]; m.Pix[idx] != l.mask[idx] {
			words[k/8] |= 0x80 >> (k % 8)
		}
	}
	data, err := qrfamily.Correct("rmqr", words, blocks(s, level), -1)
	if err != nil {
		return ""
	}
	p, err := qrfamily.Parse(data, -1, &dialects[s])
	if err != nil {
		return ""
	}
	var plain []byte
	kanji := false
	for _, seg := range p.Segments {
		if seg.Charset == qrfamily.InECI {
			plain = append(plain, seg.Bytes...)
		} else {
			kanji = true
		}
	}
	latin1 := make([]rune, len(plain))
	high := false
	for i, c := range plain {
		latin1[i], high = rune(c), high || c >= 0x80
	}
	switch {
	case !high:
		return ""
	case kanji || string(latin1) != text:
		return fmt.Sprintf("bytes % x are Shift_JIS without a designator, ISO-8859-1 to the standard", plain)
	case !qrfamily.ReadsAsLatin1(plain):
		return fmt.Sprintf("ISO-8859-1 % x without a designator is valid Shift_JIS to guessing readers", plain)
	}
	return ""
}
