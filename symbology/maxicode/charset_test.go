package maxicode

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
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

// TestZintCharsetFits writes each payload of enginetest.Payloads, and longer
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
	payloads := enginetest.Payloads()
	for _, p := range enginetest.Payloads() {
		// Near the capacity of the symbol.
		long := p
		long.Name += "-x3"
		long.Data = strings.Repeat(p.Data, 3)
		payloads = append(payloads, long)
	}
	var paths []string
	var want []enginetest.Payload
	var both, onlyBarkit, neither int
	for _, p := range payloads {
		zintFits := false
		if _, err := enginetest.ZintRuns(p, enginetest.ZintECIs(p.Data), "-b", "MAXICODE"); err == nil {
			zintFits = true
		}
		c, err := Encode(p.Data, Options{Binary: p.Binary})
		switch {
		case err != nil && zintFits:
			t.Errorf("%s: %v; zint writes it", p.Name, err)
			continue
		case err != nil:
			neither++
			continue
		case zintFits:
			both++
		default:
			onlyBarkit++
			t.Logf("%s: barkit writes it, zint does not", p.Name)
		}
		bc, err := Decode(c.Modules)
		switch {
		case err != nil:
			t.Errorf("%s: barkit's symbol: %v", p.Name, err)
		case p.Binary && string(bc.Bytes) != p.Data, !p.Binary && bc.Text != p.Data:
			t.Errorf("%s: read back as %q", p.Name, bc.Text)
		}
		path := enginetest.WritePNG(t, dir, fmt.Sprintf("%d-%s", len(paths), p.Name), &symbology.Symbol{Modules: c.Modules, QuietZone: quietZone, Hexagonal: true}, render.Options{Scale: 6})
		paths, want = append(paths, path), append(want, p)
	}
	t.Logf("%d payloads: both write %d, only barkit %d, neither %d, only zint 0", len(payloads), both, onlyBarkit, neither)
	if zxErr != nil {
		t.Log("ZXingReader not installed (Debian package zxing-cpp-tools): its reads not checked")
		return
	}
	got := enginetest.ZXingReadAll(t, "MaxiCode", paths...)
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
