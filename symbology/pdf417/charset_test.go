package pdf417

import (
	"fmt"
	"os/exec"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
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

// TestZintCharsetSizes writes each payload of enginetest.Payloads as PDF417,
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
	payloads := enginetest.Payloads()
	var paths []string
	var want []enginetest.Payload
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
			zsyms, _ := enginetest.ZintRuns(p, enginetest.ZintECIs(p.Data), "-b", kind.zint)
			for _, z := range zsyms {
				m := z.Modules
				if a := m.Width * m.Height * kind.rowHeight; zArea == 0 || a < zArea {
					zArea, zShape = a, fmt.Sprintf("%d×%d modules", m.Width, m.Height*kind.rowHeight)
				}
			}
			opts := kind.opts
			opts.Binary = p.Binary
			c, err := Encode(p.Data, opts)
			if err != nil {
				if zArea > 0 {
					t.Errorf("%s %s: %v; zint wrote %s", kind.name, p.Name, err, zShape)
				}
				none++
				continue
			}
			bc, err := Decode(c.Modules)
			switch {
			case err != nil:
				t.Errorf("%s %s: barkit's %s symbol: %v", kind.name, p.Name, c.Version(), err)
			case p.Binary && string(bc.Bytes) != p.Data, !p.Binary && bc.Text != p.Data:
				t.Errorf("%s %s: read back as %q", kind.name, p.Name, bc.Text)
			}
			area := c.Modules.Width * c.Modules.Height
			shape := fmt.Sprintf("%s, %d×%d modules", c.Version(), c.Modules.Width, c.Modules.Height)
			switch {
			case zArea == 0:
				t.Logf("%s %s: zint wrote no symbol, barkit %s", kind.name, p.Name, shape)
			case area > zArea:
				t.Errorf("%s %s: barkit %s, zint %s", kind.name, p.Name, shape, zShape)
			case area < zArea:
				smaller++
				t.Logf("%s %s: barkit %s, zint %s", kind.name, p.Name, shape, zShape)
			default:
				equal++
			}
			if !opts.Micro {
				path := enginetest.WritePNG(t, dir, fmt.Sprintf("%d-%s", len(paths), p.Name), &symbology.Symbol{Modules: c.Modules, QuietZone: quietZone}, render.Options{Scale: 3})
				paths, want = append(paths, path), append(want, p)
			}
		}
		t.Logf("%s, %d payloads: barkit smaller %d, equal %d, larger 0; too long for both %d", kind.name, len(payloads), smaller, equal, none)
	}
	if zxErr != nil {
		t.Log("ZXingReader not installed (Debian package zxing-cpp-tools): its reads not checked")
		return
	}
	got := enginetest.ZXingReadAll(t, "PDF417", paths...)
	for i, p := range want {
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
