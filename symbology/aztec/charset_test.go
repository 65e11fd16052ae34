package aztec

import (
	"os/exec"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
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

// TestZintCharsetSizes writes each payload of enginetest.Payloads with zint 2.11
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
	payloads := enginetest.Payloads()
	for _, p := range payloads {
		var zs Size
		zData := 0
		zsyms, _ := enginetest.ZintRuns(p, enginetest.ZintECIs(p.Data), "-b", "AZTEC")
		for _, z := range zsyms {
			s, d, ok := zintSize(z.Modules)
			if !ok {
				t.Fatalf("%s: no mode message in zint's symbol", p.Name)
			}
			if zs.Layers == 0 || s.Side() < zs.Side() || s.Side() == zs.Side() && d < zData {
				zs, zData = s, d
			}
		}
		c, err := Encode(p.Data, Options{Binary: p.Binary})
		if err != nil {
			t.Errorf("%s: %v", p.Name, err)
			continue
		}
		bc, err := Decode(c.Modules)
		switch {
		case err != nil:
			t.Errorf("%s: barkit's %s symbol: %v", p.Name, c.Size, err)
		case p.Binary && string(bc.Bytes) != p.Data, !p.Binary && bc.Text != p.Data:
			t.Errorf("%s: read back as %q", p.Name, bc.Text)
		}
		switch {
		case zs.Layers == 0:
			t.Logf("%s: zint wrote no symbol, barkit %s", p.Name, c.Size)
		case c.Size.Side() > zs.Side():
			larger++
			if zCheck := zs.Codewords() - zData; zCheck >= checkWords(zs.Codewords(), DefaultEC) {
				t.Errorf("%s: barkit %s, zint %s with %d check codewords, enough for 23 %% + 3", p.Name, c.Size, zs, zCheck)
			}
			t.Logf("%s: barkit %s, zint %s with %d check codewords of %d (fewer than 23 %% + 3)", p.Name, c.Size, zs, zs.Codewords()-zData, zs.Codewords())
		case c.Size.Side() < zs.Side():
			smaller++
			t.Logf("%s: barkit %s, zint %s", p.Name, c.Size, zs)
		default:
			equal++
		}
		path := enginetest.WritePNG(t, dir, p.Name, &symbology.Symbol{Modules: c.Modules, QuietZone: 2}, render.Options{Scale: 4})
		paths = append(paths, path)
	}
	t.Logf("%d payloads: barkit smaller %d, equal %d, larger (zint below 23 %% + 3 check codewords) %d", len(payloads), smaller, equal, larger)
	if zxErr != nil {
		t.Log("ZXingReader not installed (Debian package zxing-cpp-tools): its reads not checked")
		return
	}
	got := enginetest.ZXingReadAll(t, "Aztec", paths...)
	for i, p := range payloads {
		r, ok := got[paths[i]]
		switch {
		case !ok:
			t.Errorf("%s: ZXingReader read nothing", p.Name)
		case p.Binary && string(r.Bytes) != p.Data:
			t.Errorf("%s: ZXingReader read bytes %x", p.Name, r.Bytes)
		case !p.Binary && r.Text != p.Data:
			t.Errorf("%s: ZXingReader read %q", p.Name, r.Text)
		}
	}
}
