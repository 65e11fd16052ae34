package aztec

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
// text in several scripts, digits and binary data, at the default error
// correction (23 % + 3 codewords).
func TestCharsetSizes(t *testing.T) {
	tests := []struct {
		detail string
		data   string
		opts   Options
		size   string
		eci    int // the designator written; 0 for none
	}{
		// In UTF-8, as written before the character set was chosen by
		// size: F5, C3, C4, C3, C3, C3.
		{"cyrillic", "Съешь же ещё этих мягких французских булок", Options{}, "C4", 7},
		{"cyrillic", "Привет, мир", Options{}, "C2", 7},
		{"greek", "Ελληνικά γράμματα", Options{}, "C2", 9},
		{"polish", "Zażółć gęślą jaźń", Options{}, "C2", 4},
		{"japanese", "日本語のテキスト", Options{}, "C2", 20},
		{"chinese", "中文字符测试数据", Options{}, "C2", 29},
		// ISO-8859-1, the default character set: no designator.
		{"latin-1", "Grüße aus Köln", Options{}, "C2", 26}, // UTF-8 ties with ECI 3 and undesignated
		{"digits", "0123456789012345678901234567890123456789", Options{}, "C2", 0},
		// Forced character sets.
		{"cyrillic in utf-8", "Привет, мир", Options{ECI: 26}, "C3", 26},
		{"latin-1 designated", "Grüße aus Köln", Options{ECI: 3}, "C2", 3},
		// Binary data: no designator, however it looks.
		{"binary", "\xe9t\xe9 \xe0 la plage", Options{Binary: true}, "C2", 0},
		{"binary with eci", "\xe9t\xe9 \xe0 la plage", Options{Binary: true, ECI: 3}, "C2", 3},
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
		if c.Size.String() != tt.size || got != tt.eci {
			t.Errorf("%s %q: %s with ECI %d, want %s with ECI %d", tt.detail, tt.data, c.Size, got, tt.size, tt.eci)
		}
		switch {
		case tt.opts.Binary && string(bc.Bytes) != tt.data:
			t.Errorf("%s %q read back as bytes %q", tt.detail, tt.data, bc.Bytes)
		case !tt.opts.Binary && bc.Text != tt.data:
			t.Errorf("%s %q read back as %q", tt.detail, tt.data, bc.Text)
		}
	}
}

// zintSize reads the size and the data codewords of a symbol as zint
// dumps it (unrotated) from its mode message.
func zintSize(m *matrix.Matrix) (Size, int, bool) {
	for _, compact := range []bool{true, false} {
		g := orientedView{m: m}
		c := m.Width / 2
		mods := modeMessageModules(compact)
		bits := make([]byte, len(mods))
		for i, p := range mods {
			if g.get(c+p[0], c+p[1]) {
				bits[i] = 1
			}
		}
		if v, _, ok := decodeModeWords(compact, bits); ok {
			s, mm := parseModeMessage(compact, v)
			if s.Side() == m.Width {
				return s, mm.dataWords, true
			}
		}
	}
	return Size{}, 0, false
}

// TestZintCharsetSizes writes each payload of sizePayloads with zint 2.11
// at its default error correction (--secure=2: 23 %) in every character
// set a user could ask zint for (its own choice and each --eci of
// eci.Choices), keeps zint's smallest symbol, and compares barkit's symbol
// at its default, 23 % + 3 codewords (§11.3), with the character set it
// chooses itself: where barkit's symbol is the larger, zint's must hold
// fewer check codewords than the standard's 23 % + 3 asks for. Each of barkit's symbols
// must read back with barkit's decoder and with ZXingReader.
func TestZintCharsetSizes(t *testing.T) {
	if _, err := exec.LookPath("zint"); err != nil {
		t.Skip("zint not installed (Debian package zint)")
	}
	dir := t.TempDir()
	_, zxErr := exec.LookPath("ZXingReader")
	var paths []string
	var smaller, equal, larger int
	payloads := sizePayloads()
	for _, p := range payloads {
		var zs Size
		zData := 0
		for _, e := range zintECIs(p) {
			rows := zintDump(t, dir, p, append([]string{"-b", "AZTEC"}, e...)...)
			if rows == nil {
				continue
			}
			s, d, ok := zintSize(dumpMatrix(rows))
			if !ok {
				t.Fatalf("%s: no mode message in zint's symbol", p.name)
			}
			if zs.Layers == 0 || s.Side() < zs.Side() || s.Side() == zs.Side() && d < zData {
				zs, zData = s, d
			}
		}
		c, err := Encode(p.data, Options{Binary: p.binary})
		if err != nil {
			t.Errorf("%s: %v", p.name, err)
			continue
		}
		bc, err := Decode(c.Modules)
		switch {
		case err != nil:
			t.Errorf("%s: barkit's %s symbol: %v", p.name, c.Size, err)
		case p.binary && string(bc.Bytes) != p.data, !p.binary && bc.Text != p.data:
			t.Errorf("%s: read back as %q", p.name, bc.Text)
		}
		switch {
		case zs.Layers == 0:
			t.Logf("%s: zint wrote no symbol, barkit %s", p.name, c.Size)
		case c.Size.Side() > zs.Side():
			larger++
			if zCheck := zs.Codewords() - zData; zCheck >= checkWords(zs.Codewords(), DefaultEC) {
				t.Errorf("%s: barkit %s, zint %s with %d check codewords, enough for 23 %% + 3", p.name, c.Size, zs, zCheck)
			}
			t.Logf("%s: barkit %s, zint %s with %d check codewords of %d (fewer than 23 %% + 3)", p.name, c.Size, zs, zs.Codewords()-zData, zs.Codewords())
		case c.Size.Side() < zs.Side():
			smaller++
			t.Logf("%s: barkit %s, zint %s", p.name, c.Size, zs)
		default:
			equal++
		}
		path := filepath.Join(dir, fmt.Sprintf("%s.png", p.name))
		writeSymbolPNG(t, path, &symbology.Symbol{Modules: c.Modules, QuietZone: 2})
		paths = append(paths, path)
	}
	t.Logf("%d payloads: barkit smaller %d, equal %d, larger (zint below 23 %% + 3 check codewords) %d", len(payloads), smaller, equal, larger)
	if zxErr != nil {
		t.Log("ZXingReader not installed (Debian package zxing-cpp-tools): its reads not checked")
		return
	}
	got := zxingReadAll(t, "Aztec", paths)
	for i, p := range payloads {
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
