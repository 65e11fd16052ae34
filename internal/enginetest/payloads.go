package enginetest

import "strings"

// A Payload is one payload of the comparisons with other encoders: text,
// or bytes when Binary is set.
type Payload struct {
	Name   string
	Data   string
	Binary bool
}

// Payloads returns the payloads the size tests compare with zint: text in
// several scripts, digits, ASCII and binary data.
func Payloads() []Payload {
	bin := make([]byte, 120)
	for i := range bin {
		bin[i] = byte(i*167 + 13)
	}
	return []Payload{
		{"digits", "0123456789", false},
		{"digits-long", strings.Repeat("31415926535897932384", 4), false},
		{"upper", "HELLO WORLD 2024", false},
		{"mixed", "Hello, World! 123", false},
		{"url", "https://example.com/path?q=1&r=two", false},
		{"lower", "the quick brown fox jumps over the lazy dog", false},
		{"latin1", "Grüße aus Köln", false},
		{"latin1-long", "Déjà vu: naïve café, crème brûlée à la française", false},
		{"cyrillic", "Привет, мир", false},
		{"cyrillic-long", "Съешь же ещё этих мягких французских булок, да выпей чаю", false},
		{"greek", "Ελληνικά γράμματα", false},
		{"greek-long", "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία και ζω", false},
		{"polish", "Zażółć gęślą jaźń", false},
		{"czech", "Příliš žluťoučký kůň úpěl ďábelské ódy", false},
		{"hebrew", "שלום עולם", false},
		{"arabic", "مرحبا بالعالم", false},
		{"thai", "สวัสดีชาวโลก", false},
		{"japanese", "日本語のテキスト", false},
		{"japanese-kana", "カタカナとひらがなの文章です", false},
		{"chinese", "中文字符测试数据", false},
		{"chinese-traditional", "繁體中文測試資料", false},
		{"korean", "한국어 텍스트입니다", false},
		{"euro", "Preis: 42 €", false},
		{"cjk-latin", "Grüße, 世界", false},
		{"emoji", "OK ✓ 😀", false},
		{"binary-latin1-looking", "\xe9t\xe9 \xe0 la plage, cr\xe8me br\xfbl\xe9e", true},
		{"binary-short", "\x00\x01\x80\xff\xfe\x7f", true},
		{"binary-long", string(bin), true},
	}
}
