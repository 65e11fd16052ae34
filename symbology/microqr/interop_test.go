package microqr

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/symbology/qrfamily/qrtest"
)

// interopPayloads are varied symbols for the independent reader: every
// version and level, every mode and mixes, bytes beyond ASCII.
func interopPayloads() []struct {
	text string
	opts Options
} {
	var out []struct {
		text string
		opts Options
	}
	texts := []string{
		"1", "42", "12345", "0123456789", "31415926535", "12345678901234567890123", "123456789012345678901234567890",
		"A", "HELLO", "AB-12", "HELLO WORLD", "$%*+-./:", "X1Y2Z3", "ABCDEFGHIJKLMNOPQRSTU",
		"a", "hi", "hello", "Hello, World", "mixed 1234", "part:77", "x@y.z", "e=mc2", "lower case!",
		"漢", "漢字", "誠", "日本", "ABC漢字", "123漢字",
		"é", "Grüße", "naïve", "€5", "😀", "\t\n\r",
		"2024-11-25", "SN 0042-17", "Lot 7/B", "ID:0815", "1234ABCD5678", "AB12345678CD",
	}
	for _, text := range texts {
		added := 0
		for v := M1; v <= M4 && added < 2; v++ {
			for l := L; l <= Q && added < 2; l++ {
				if _, err := Encode(text, Options{Version: v, Level: l}); err == nil {
					out = append(out, struct {
						text string
						opts Options
					}{text, Options{Version: v, Level: l}})
					added++
				}
			}
		}
	}
	out = append(out, struct {
		text string
		opts Options
	}{"\x00\x01\xfe\xff", Options{Binary: true}})
	return out
}

// TestInteropZXing has ZXingReader (Debian package zxing-cpp-tools) read
// symbols barkit writes, drawn at 4 pixels per module: it must read at
// least 60, every one byte for byte as barkit wrote them. It is skipped
// when ZXingReader is missing.
func TestInteropZXing(t *testing.T) {
	if testing.Short() {
		t.Skip("interop test skipped in -short mode")
	}
	zx, err := exec.LookPath("ZXingReader")
	if err != nil {
		t.Skip("ZXingReader not installed")
	}
	dir := t.TempDir()
	read := 0
	for i, p := range interopPayloads() {
		c, err := Encode(p.text, p.opts)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Decode(c.Modules)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, fmt.Sprintf("%03d.png", i))
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, qrtest.Draw(c.Modules, 4, 2)); err != nil {
			t.Fatal(err)
		}
		f.Close()
		out, err := exec.Command(zx, name).CombinedOutput()
		if err != nil {
			t.Errorf("%q %v-%v: ZXingReader: %v: %s", p.text, c.Version, c.Level, err, out)
			continue
		}
		got, ok := zxingBytes(string(out))
		if !ok {
			t.Errorf("%q %v-%v: ZXingReader read nothing: %s", p.text, c.Version, c.Level, out)
			continue
		}
		if !bytes.Equal(got, want.Bytes) {
			t.Errorf("%q %v-%v: ZXingReader read % x, want % x", p.text, c.Version, c.Level, got, want.Bytes)
			continue
		}
		read++
	}
	t.Logf("ZXingReader read %d symbols byte for byte", read)
	if read < 60 {
		t.Errorf("ZXingReader read %d symbols, want at least 60", read)
	}
}

// zxingBytes returns the content bytes ZXingReader prints on its
// "Bytes:" line, in hex.
func zxingBytes(out string) ([]byte, bool) {
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "Bytes:"); ok {
			b, err := hex.DecodeString(strings.ReplaceAll(strings.TrimSpace(rest), " ", ""))
			return b, err == nil
		}
	}
	return nil, false
}
