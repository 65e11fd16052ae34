package maxicode

import (
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// TestCharsetChoice checks the character set Encode chooses: the first of
// its candidates (see Options.ECI) that fits the one size of symbol.
func TestCharsetChoice(t *testing.T) {
	tests := []struct {
		detail string
		data   string
		opts   Options
		eci    int // the designator written; 0 for none
	}{
		// UTF-8 fits: it goes first.
		{"cyrillic", "Привет, мир", Options{}, 26},
		// 42 Cyrillic letters do not fit in UTF-8; in ISO-8859-5 they do.
		{"cyrillic long", strings.Repeat("Привет", 7), Options{}, 7},
		{"polish long", strings.Repeat("Zażółć gęślą jaźń ", 3), Options{}, 4},
		{"japanese long", strings.Repeat("日本語", 8), Options{}, 20},
		// ISO/IEC 8859-1, MaxiCode's own character set: no designator.
		{"latin-1", "Grüße aus Köln", Options{}, 26}, // every choice fits: the first, UTF-8
		// Latin-1 bytes that form UTF-8 would be read as UTF-8.
		{"latin-1 like utf-8", "Ã©tÃ©", Options{}, 26},
		{"forced", "Grüße aus Köln", Options{ECI: 3}, 3},
		// Binary data: bytes as they are, no designator.
		{"binary", "\xe9t\xe9 \xe0 la plage", Options{Binary: true}, 0},
		{"binary all bytes", byteRange(0, 80), Options{Binary: true}, 0},
		{"binary with eci", "\x00\x80\xff", Options{Binary: true, ECI: 899}, 899},
	}
	for _, tt := range tests {
		c, err := Encode(tt.data, tt.opts)
		if err != nil {
			t.Errorf("%s: %v", tt.detail, err)
			continue
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("%s: %v", tt.detail, err)
		}
		got := 0
		if len(bc.Segments) > 0 {
			got = bc.Segments[0].ECI
		}
		if got != tt.eci {
			t.Errorf("%s %q: ECI %d, want %d", tt.detail, tt.data, got, tt.eci)
		}
		switch {
		case tt.opts.Binary && string(bc.Bytes) != tt.data:
			t.Errorf("%s %q read back as bytes %q", tt.detail, tt.data, bc.Bytes)
		case !tt.opts.Binary && bc.Text != tt.data:
			t.Errorf("%s %q read back as %q", tt.detail, tt.data, bc.Text)
		}
	}
}

// byteRange returns the n byte values from first.
func byteRange(first, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(first + i)
	}
	return string(b)
}

// TestZintCharsetFits writes each payload of sizePayloads, and longer
// ones, with zint 2.11 in mode 4 in every character set a user could ask
// zint for (its own choice and each --eci of eci.Choices), and checks that
// barkit writes, with the character set it chooses itself, every payload
// zint can write (MaxiCode has one size). Each of barkit's symbols must
// read back with barkit's decoder and with ZXingReader.
func TestZintCharsetFits(t *testing.T) {
	if _, err := exec.LookPath("zint"); err != nil {
		t.Skip("zint not installed (Debian package zint)")
	}
	dir := t.TempDir()
	_, zxErr := exec.LookPath("ZXingReader")
	payloads := sizePayloads()
	for _, p := range sizePayloads() {
		// Near the capacity of the symbol.
		long := p
		long.name += "-x3"
		long.data = strings.Repeat(p.data, 3)
		payloads = append(payloads, long)
	}
	var paths []string
	var want []sizePayload
	var both, onlyBarkit, neither int
	for _, p := range payloads {
		zintFits := false
		for _, e := range zintECIs(p) {
			if rows := zintDump(t, dir, p, append([]string{"-b", "MAXICODE"}, e...)...); rows != nil {
				zintFits = true
				break
			}
		}
		c, err := Encode(p.data, Options{Binary: p.binary})
		switch {
		case err != nil && zintFits:
			t.Errorf("%s: %v; zint writes it", p.name, err)
			continue
		case err != nil:
			neither++
			continue
		case zintFits:
			both++
		default:
			onlyBarkit++
			t.Logf("%s: barkit writes it, zint does not", p.name)
		}
		bc, err := Decode(c.Modules)
		switch {
		case err != nil:
			t.Errorf("%s: barkit's symbol: %v", p.name, err)
		case p.binary && string(bc.Bytes) != p.data, !p.binary && bc.Text != p.data:
			t.Errorf("%s: read back as %q", p.name, bc.Text)
		}
		path := filepath.Join(dir, fmt.Sprintf("%d-%s.png", len(paths), p.name))
		writeSymbolPNG(t, path, &symbology.Symbol{Modules: c.Modules, QuietZone: quietZone, Hexagonal: true})
		paths, want = append(paths, path), append(want, p)
	}
	t.Logf("%d payloads: both write %d, only barkit %d, neither %d, only zint 0", len(payloads), both, onlyBarkit, neither)
	if zxErr != nil {
		t.Log("ZXingReader not installed (Debian package zxing-cpp-tools): its reads not checked")
		return
	}
	got := zxingReadAll(t, "MaxiCode", paths)
	for i, p := range want {
		r, ok := got[paths[i]]
		switch {
		case !ok:
			t.Errorf("%s: ZXingReader read nothing", p.name)
		case p.binary && string(r.bytes) != p.data:
			t.Errorf("%s: ZXingReader read bytes %x", p.name, r.bytes)
		case !p.binary && r.text != p.data:
			t.Errorf("%s: ZXingReader read %q", p.name, r.text)
		}
	}
}

// writeSymbolPNG renders sym at 6 pixels a module to path.
func writeSymbolPNG(t *testing.T, path string, sym *symbology.Symbol) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	err = render.PNG(f, sym, render.Options{Scale: 6})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

// sizePayload is one payload of the comparisons with zint: text, or bytes
// when binary is set.
type sizePayload struct {
	name   string
	data   string
	binary bool
}

// sizePayloads returns the payloads compared with zint: text in several
// scripts, digits, ASCII and binary data.
func sizePayloads() []sizePayload {
	bin := make([]byte, 120)
	for i := range bin {
		bin[i] = byte(i*167 + 13)
	}
	return []sizePayload{
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

// zintDump runs zint with --dump on the payload (from a file, as bytes
// with --binary for binary payloads) and returns the rows of the symbol
// it writes, each module a '#' or '.', or nil when zint refuses.
func zintDump(t *testing.T, dir string, p sizePayload, args ...string) []string {
	t.Helper()
	path := filepath.Join(dir, "payload")
	if err := os.WriteFile(path, []byte(p.data), 0o644); err != nil {
		t.Fatal(err)
	}
	args = append(args, "--dump", "--input="+path)
	if p.binary {
		args = append(args, "--binary")
	}
	out, err := exec.Command("zint", args...).Output()
	if err != nil {
		return nil
	}
	var rows []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var b strings.Builder
		for _, c := range strings.ReplaceAll(line, " ", "") {
			v := strings.IndexRune("0123456789ABCDEF", c)
			if v < 0 {
				t.Fatalf("zint %q: unexpected dump line %q", args, line)
			}
			for k := 3; k >= 0; k-- {
				b.WriteByte(".#"[v>>k&1])
			}
		}
		rows = append(rows, b.String())
	}
	return rows
}

// zintECIs returns the --eci options a user could give zint for the
// payload: none (zint's own choice), then each character set of
// eci.Choices.
func zintECIs(p sizePayload) [][]string {
	out := [][]string{nil}
	if p.binary {
		return out
	}
	for _, c := range eci.Choices(p.data) {
		if c.ECI > 0 {
			out = append(out, []string{fmt.Sprintf("--eci=%d", c.ECI)})
		}
	}
	return out
}

// dumpMatrix makes a matrix of zint's dump rows, as wide as the last dark
// module of any row (the dump pads rows to whole hex digits).
func dumpMatrix(rows []string) *matrix.Matrix {
	w := 0
	for _, r := range rows {
		if i := strings.LastIndexByte(r, '#'); i+1 > w {
			w = i + 1
		}
	}
	m := matrix.New(w, len(rows))
	for y, r := range rows {
		for x := 0; x < w && x < len(r); x++ {
			m.Set(x, y, r[x] == '#')
		}
	}
	return m
}

// zxingResult is what ZXingReader read in one image.
type zxingResult struct {
	text  string
	bytes []byte
}

// zxingReadAll reads the images with ZXingReader in one run for the format
// (as ZXingReader 1.4 names it) and returns what it read in each, by path.
func zxingReadAll(t *testing.T, format string, paths []string) map[string]zxingResult {
	t.Helper()
	out, err := exec.Command("ZXingReader", append([]string{"-format", format}, paths...)...).Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("ZXingReader: %v", err)
	}
	res := map[string]zxingResult{}
	file := paths[0]
	var cur zxingResult
	seen := false
	flush := func() {
		if seen {
			res[file] = cur
		}
	}
	for _, line := range strings.Split(string(out), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "File":
			flush()
			file, cur, seen = v, zxingResult{}, false
		case "Text":
			cur.text, seen = strings.TrimSuffix(strings.TrimPrefix(v, "\""), "\""), true
		case "Bytes":
			cur.bytes, _ = hex.DecodeString(strings.ReplaceAll(v, " ", ""))
			seen = true
		}
	}
	flush()
	return res
}
