package pdf417

import (
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

// TestCharsetSizes checks the shape and character set Encode chooses for
// text in several scripts, digits and binary data.
func TestCharsetSizes(t *testing.T) {
	tests := []struct {
		detail string
		data   string
		opts   Options
		size   string // columns×rows
		eci    int    // the designator written; 0 for none
	}{
		// Before the character set and the shape were chosen by size, in
		// UTF-8 at aspect 3: 5x17, 2x15, 3x14, 3x12, 3x11, 3x11.
		{"cyrillic", "Съешь же ещё этих мягких французских булок", Options{}, "6x9", 7},
		{"cyrillic", "Привет, мир", Options{}, "4x7", 7},
		{"greek", "Ελληνικά γράμματα", Options{}, "4x7", 9},
		{"polish", "Zażółć gęślą jaźń", Options{}, "4x7", 4},
		{"japanese", "日本語のテキスト", Options{}, "4x7", 20},
		{"chinese", "中文字符测试数据", Options{}, "4x7", 29},
		{"compact cyrillic", "Привет, мир", Options{Compact: true}, "4x6", 7},
		{"compact greek", "Ελληνικά γράμματα", Options{Compact: true}, "5x6", 9},
		{"micro cyrillic", "Привет, мир", Options{Micro: true}, "2x11", 7},
		{"micro japanese", "日本語のテキスト", Options{Micro: true}, "2x14", 20},
		// ISO-8859-1, the default interpretation: no designator.
		{"latin-1", "Grüße aus Köln", Options{}, "4x7", 26}, // UTF-8 ties with ECI 3 and undesignated
		{"digits", "0123456789012345678901234567890123456789", Options{}, "4x7", 0},
		{"micro digits", "0123456789012345678901234567890123456789", Options{Micro: true}, "2x14", 0},
		// Forced character sets and shapes.
		{"cyrillic in utf-8", "Привет, мир", Options{ECI: 26}, "4x8", 26},
		{"latin-1 designated", "Grüße aus Köln", Options{ECI: 3}, "4x7", 3},
		{"aspect 3", "Привет, мир", Options{Aspect: 3}, "2x11", 7},
		{"columns", "Привет, мир", Options{Columns: 1}, "1x22", 7},
		// Binary data: no designator, however it looks.
		{"binary", "\xe9t\xe9 \xe0 la plage", Options{Binary: true}, "3x7", 0},
		{"binary with eci", "\xe9t\xe9 \xe0 la plage", Options{Binary: true, ECI: 3}, "4x7", 3},
	}
	for _, tt := range tests {
		c, err := Encode(tt.data, tt.opts)
		if err != nil {
			t.Fatalf("%s: %v", tt.detail, err)
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("%s: %v", tt.detail, err)
		}
		got := 0
		if len(bc.Segments) > 0 {
			got = bc.Segments[0].ECI
		}
		if c.Version() != tt.size || got != tt.eci {
			t.Errorf("%s %q: %s with ECI %d, want %s with ECI %d", tt.detail, tt.data, c.Version(), got, tt.size, tt.eci)
		}
		switch {
		case tt.opts.Binary && string(bc.Bytes) != tt.data:
			t.Errorf("%s %q read back as bytes %q", tt.detail, tt.data, bc.Bytes)
		case !tt.opts.Binary && bc.Text != tt.data:
			t.Errorf("%s %q read back as %q", tt.detail, tt.data, bc.Text)
		}
	}
}

// TestZintCharsetSizes writes each payload of sizePayloads as PDF417,
// Compact PDF417 and MicroPDF417 with zint 2.11, at its default error
// correction and shape, in every character set a user could ask zint for
// (its own choice and each --eci of eci.Choices), keeps zint's smallest
// symbol, and checks that barkit's symbol, with the character set and the
// shape it chooses itself, is never larger in area (modules, rows drawn 3
// modules tall, 2 in MicroPDF417, for both). Each of barkit's symbols must
// read back with barkit's decoder, and PDF417 and Compact PDF417 with
// ZXingReader (1.4 does not read MicroPDF417).
func TestZintCharsetSizes(t *testing.T) {
	if _, err := exec.LookPath("zint"); err != nil {
		t.Skip("zint not installed (Debian package zint)")
	}
	dir := t.TempDir()
	_, zxErr := exec.LookPath("ZXingReader")
	payloads := sizePayloads()
	var paths []string
	var want []sizePayload
	for _, kind := range []struct {
		name      string
		zint      string
		opts      Options
		rowHeight int
	}{
		{"PDF417", "PDF417", Options{}, rowHeight},
		{"Compact PDF417", "PDF417COMP", Options{Compact: true}, rowHeight},
		{"MicroPDF417", "MICROPDF417", Options{Micro: true}, microRowHeight},
	} {
		var smaller, equal, none int
		for _, p := range payloads {
			zArea := 0
			zShape := ""
			for _, e := range zintECIs(p) {
				rows := zintDump(t, dir, p, append([]string{"-b", kind.zint}, e...)...)
				if rows == nil {
					continue
				}
				m := dumpMatrix(rows)
				if a := m.Width * m.Height * kind.rowHeight; zArea == 0 || a < zArea {
					zArea, zShape = a, fmt.Sprintf("%d×%d modules", m.Width, m.Height*kind.rowHeight)
				}
			}
			opts := kind.opts
			opts.Binary = p.binary
			c, err := Encode(p.data, opts)
			if err != nil {
				if zArea > 0 {
					t.Errorf("%s %s: %v; zint wrote %s", kind.name, p.name, err, zShape)
				}
				none++
				continue
			}
			bc, err := Decode(c.Modules)
			switch {
			case err != nil:
				t.Errorf("%s %s: barkit's %s symbol: %v", kind.name, p.name, c.Version(), err)
			case p.binary && string(bc.Bytes) != p.data, !p.binary && bc.Text != p.data:
				t.Errorf("%s %s: read back as %q", kind.name, p.name, bc.Text)
			}
			area := c.Modules.Width * c.Modules.Height
			shape := fmt.Sprintf("%s, %d×%d modules", c.Version(), c.Modules.Width, c.Modules.Height)
			switch {
			case zArea == 0:
				t.Logf("%s %s: zint wrote no symbol, barkit %s", kind.name, p.name, shape)
			case area > zArea:
				t.Errorf("%s %s: barkit %s, zint %s", kind.name, p.name, shape, zShape)
			case area < zArea:
				smaller++
				t.Logf("%s %s: barkit %s, zint %s", kind.name, p.name, shape, zShape)
			default:
				equal++
			}
			if !opts.Micro {
				path := filepath.Join(dir, fmt.Sprintf("%d-%s.png", len(paths), p.name))
				writeSymbolPNG(t, path, &symbology.Symbol{Modules: c.Modules, QuietZone: quietZone})
				paths, want = append(paths, path), append(want, p)
			}
		}
		t.Logf("%s, %d payloads: barkit smaller %d, equal %d, larger 0; too long for both %d", kind.name, len(payloads), smaller, equal, none)
	}
	if zxErr != nil {
		t.Log("ZXingReader not installed (Debian package zxing-cpp-tools): its reads not checked")
		return
	}
	out, err := exec.Command("ZXingReader", append([]string{"-format", "PDF417"}, paths...)...).Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("ZXingReader: %v", err)
	}
	got := parseZXing(out, paths[0])
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

// writeSymbolPNG renders sym at 3 pixels a module to path.
func writeSymbolPNG(t *testing.T, path string, sym *symbology.Symbol) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	err = render.PNG(f, sym, render.Options{Scale: 3})
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
