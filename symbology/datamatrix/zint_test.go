package datamatrix

import (
	"os/exec"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
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

// TestZintCharsetSizes writes each payload of enginetest.Payloads with zint 2.11
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
	var want []enginetest.Payload
	smaller, equal := [2]int{}, [2]int{}
	payloads := enginetest.Payloads()
	for _, p := range payloads {
		for k, shape := range []Shape{Square, AnyShape} {
			args := []string{"-b", "DATAMATRIX"}
			if shape == Square {
				args = append(args, "--square")
			}
			var zs Size
			zsyms, _ := enginetest.ZintRuns(p, enginetest.ZintECIs(p.Data), args...)
			for _, z := range zsyms {
				m := z.Modules
				i, ok := sizeIndex(m.Height, m.Width)
				if !ok {
					t.Fatalf("%s: zint wrote a %d×%d symbol", p.Name, m.Height, m.Width)
				}
				if zs.Rows == 0 || sizes[i].Data < zs.Data {
					zs = sizes[i]
				}
			}
			c, err := Encode(p.Data, Options{Binary: p.Binary, Shape: shape})
			if err != nil {
				t.Errorf("%s %s: %v", p.Name, shape, err)
				continue
			}
			bc, err := Decode(c.Modules)
			switch {
			case err != nil:
				t.Errorf("%s %s: barkit's %s symbol: %v", p.Name, shape, c.Size, err)
			case p.Binary && string(bc.Bytes) != p.Data, !p.Binary && bc.Text != p.Data:
				t.Errorf("%s %s: read back as %q", p.Name, shape, bc.Text)
			}
			switch {
			case zs.Rows == 0:
				t.Logf("%s %s: zint wrote no symbol, barkit %s", p.Name, shape, c.Size)
			case c.Size.Data > zs.Data:
				t.Errorf("%s %s: barkit %s (%d data codewords), zint %s (%d)", p.Name, shape, c.Size, c.Size.Data, zs, zs.Data)
			case c.Size.Data < zs.Data:
				smaller[k]++
				t.Logf("%s %s: barkit %s, zint %s", p.Name, shape, c.Size, zs)
			default:
				equal[k]++
			}
			if k == 0 {
				path := enginetest.WritePNG(t, dir, p.Name, &symbology.Symbol{Modules: c.Modules, QuietZone: quietZone}, render.Options{Scale: 4})
				paths, want = append(paths, path), append(want, p)
			}
		}
	}
	t.Logf("%d payloads: square barkit smaller %d, equal %d; any shape smaller %d, equal %d", len(payloads), smaller[0], equal[0], smaller[1], equal[1])
	if zxErr != nil {
		t.Log("ZXingReader not installed (Debian package zxing-cpp-tools): its reads not checked")
		return
	}
	got := enginetest.ZXingReadAll(t, "DataMatrix", paths...)
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
