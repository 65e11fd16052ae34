package datamatrix

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

// TestCharsetSizes checks the size and character set Encode chooses for
// text in several scripts, digits and binary data.
func TestCharsetSizes(t *testing.T) {
	tests := []struct {
		data   string
		opts   Options
		size   string
		eci    int // the designator written; 0 for none
		detail string
	}{
		// Measured before the character set was chosen by size: 36x36,
		// 22x22, 26x26, 22x22, 22x22, 22x22 in UTF-8.
		{"Съешь же ещё этих мягких французских булок", Options{}, "32x32", 7, "cyrillic"},
		{"Привет, мир", Options{}, "18x18", 7, "cyrillic"},
		{"Ελληνικά γράμματα", Options{}, "20x20", 9, "greek"},
		{"Zażółć gęślą jaźń", Options{}, "20x20", 4, "polish"},
		{"日本語のテキスト", Options{}, "20x20", 20, "japanese"},
		{"中文字符测试数据", Options{}, "20x20", 29, "chinese"},
		// ISO-8859-1, the default character set: no designator.
		{"Grüße aus Köln", Options{}, "18x18", 3, "latin-1"}, // ECI 3 ties with the same bytes undesignated: designated first
		// Latin-1 bytes that form UTF-8 would be read as UTF-8.
		{"Ã©tÃ©", Options{}, "16x16", 3, "latin-1 like utf-8"},
		{"0123456789012345678901234567890123456789", Options{}, "20x20", 0, "digits"},
		// Forced character sets.
		{"Привет, мир", Options{ECI: 26}, "22x22", 26, "cyrillic in utf-8"},
		{"Grüße aus Köln", Options{ECI: 3}, "18x18", 3, "latin-1 designated"},
		// Binary data: no designator, however it looks.
		{"\xe9t\xe9 \xe0 la plage", Options{Binary: true}, "18x18", 0, "binary"},
		{"\xe9t\xe9 \xe0 la plage", Options{Binary: true, ECI: 3}, "18x18", 3, "binary with eci"},
	}
	for _, tt := range tests {
		c, bc := roundTrip(t, tt.data, tt.opts)
		got := 0
		if len(bc.Segments) > 0 {
			got = bc.Segments[0].ECI
		}
		if c.Size.String() != tt.size || got != tt.eci {
			t.Errorf("%s %q: %s with ECI %d, want %s with ECI %d", tt.detail, tt.data, c.Size, got, tt.size, tt.eci)
		}
		if !tt.opts.Binary && tt.opts.ECI == 0 && bc.Text != tt.data {
			t.Errorf("%s %q read back as %q", tt.detail, tt.data, bc.Text)
		}
	}
}

// TestZintCharsetSizes writes each payload of sizePayloads with zint 2.11
// in every character set a user could ask zint for (its own choice and
// each --eci of eci.Choices), keeps zint's smallest symbol, and checks
// that barkit's symbol, with the character set it chooses itself, is never
// larger: square symbols against zint --square, any shape against zint's
// default (by data capacity, the order both choose by). Each of barkit's
// symbols must read back with barkit's decoder and with ZXingReader.
func TestZintCharsetSizes(t *testing.T) {
	if _, err := exec.LookPath("zint"); err != nil {
		t.Skip("zint not installed (Debian package zint)")
	}
	dir := t.TempDir()
	_, zxErr := exec.LookPath("ZXingReader")
	var paths []string
	var want []sizePayload
	smaller, equal := [2]int{}, [2]int{}
	payloads := sizePayloads()
	for _, p := range payloads {
		for k, shape := range []Shape{Square, AnyShape} {
			args := []string{"-b", "DATAMATRIX"}
			if shape == Square {
				args = append(args, "--square")
			}
			var zs Size
			for _, e := range zintECIs(p) {
				rows := zintDump(t, dir, p, append(args, e...)...)
				if rows == nil {
					continue
				}
				m := dumpMatrix(rows)
				i, ok := sizeIndex(m.Height, m.Width)
				if !ok {
					t.Fatalf("%s: zint wrote a %d×%d symbol", p.name, m.Height, m.Width)
				}
				if zs.Rows == 0 || sizes[i].Data < zs.Data {
					zs = sizes[i]
				}
			}
			c, err := Encode(p.data, Options{Binary: p.binary, Shape: shape})
			if err != nil {
				t.Errorf("%s %s: %v", p.name, shape, err)
				continue
			}
			bc, err := Decode(c.Modules)
			switch {
			case err != nil:
				t.Errorf("%s %s: barkit's %s symbol: %v", p.name, shape, c.Size, err)
			case p.binary && string(bc.Bytes) != p.data, !p.binary && bc.Text != p.data:
				t.Errorf("%s %s: read back as %q", p.name, shape, bc.Text)
			}
			switch {
			case zs.Rows == 0:
				t.Logf("%s %s: zint wrote no symbol, barkit %s", p.name, shape, c.Size)
			case c.Size.Data > zs.Data:
				t.Errorf("%s %s: barkit %s (%d data codewords), zint %s (%d)", p.name, shape, c.Size, c.Size.Data, zs, zs.Data)
			case c.Size.Data < zs.Data:
				smaller[k]++
				t.Logf("%s %s: barkit %s, zint %s", p.name, shape, c.Size, zs)
			default:
				equal[k]++
			}
			if k == 0 {
				path := filepath.Join(dir, fmt.Sprintf("%s.png", p.name))
				writeSymbolPNG(t, path, &symbology.Symbol{Modules: c.Modules, QuietZone: quietZone})
				paths, want = append(paths, path), append(want, p)
			}
		}
	}
	t.Logf("%d payloads: square barkit smaller %d, equal %d; any shape smaller %d, equal %d", len(payloads), smaller[0], equal[0], smaller[1], equal[1])
	if zxErr != nil {
		t.Log("ZXingReader not installed (Debian package zxing-cpp-tools): its reads not checked")
		return
	}
	got := zxingReadAll(t, "DataMatrix", paths)
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

// writeSymbolPNG renders sym at 4 pixels a module to path.
func writeSymbolPNG(t *testing.T, path string, sym *symbology.Symbol) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	err = render.PNG(f, sym, render.Options{Scale: 4})
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
