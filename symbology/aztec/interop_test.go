package aztec

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/barkit/barkit/render"
)

// interopCase is a symbol for the independent reader.
type interopCase struct {
	name string
	data string
	opts Options
}

// interopCases returns the symbols TestInterop has read: every payload of
// testdata/payloads.txt at one of several error correction levels, some in
// forced sizes (so that every size is written), and the features: GS1,
// ECI, structured append, reader initialisation.
func interopCases(t testing.TB) []interopCase {
	var cases []interopCase
	levels := []int{0, 5, 10, 23, 36, 50, 80}
	for i, p := range loadPayloads(t) {
		o := Options{Binary: true, ECPercent: levels[i%len(levels)]}
		if _, err := Encode(p, o); err == nil {
			cases = append(cases, interopCase{fmt.Sprintf("payload-%d", i), p, o})
		}
	}
	// Every size, filled with text at the minimum error correction.
	for i, s := range sizes {
		n := s.dataWords(MinEC, false) * (s.WordBits() - 1) / 5 * 9 / 10
		text := strings.Repeat("Aztec interop "+strings.Repeat("0123456789", i%3)+" ", 1+n/14)[:max(1, n)]
		cases = append(cases, interopCase{"size-" + s.String(), text, Options{Size: s}})
	}
	cases = append(cases,
		interopCase{"gs1", "0109506000134352\x1d10ABC123\x1d21XYZ", Options{GS1: true}},
		interopCase{"gs1-long", "01095040000591012112345678p901\x1d101234567p\x1d171411208200http://www.gs1.org/demo/", Options{GS1: true}},
		interopCase{"eci-utf8", "Grüße, 世界", Options{}},
		interopCase{"eci-latin1", "Ça va très bien", Options{}},
		interopCase{"eci-greek", "Ελληνικά", Options{ECI: 9}},
		interopCase{"append-id", "part two", Options{Append: Append{Index: 1, Count: 3, ID: "MSG42"}}},
		interopCase{"append", "PART ONE", Options{Append: Append{Index: 0, Count: 2}}},
		interopCase{"reader-init", "$I", Options{ReaderInit: true}},
		interopCase{"reader-init-full", strings.Repeat("CONFIG ", 10), Options{ReaderInit: true}},
	)
	return cases
}

// runTool runs a reader on one image and returns what it prints.
func runTool(name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return exec.CommandContext(ctx, name, args...).Output()
}

// TestInterop has the symbols barkit writes read by an independent
// decoder, zxing-cpp's ZXingReader (Debian package zxing-cpp-tools, 1.4):
// it must return the bytes barkit's own decoder returns (for GS1 data,
// which ZXingReader gives as its element string, and for structured
// append, whose header it takes off like barkit). Skipped when
// ZXingReader is not installed; Aztec Runes are left out, since
// ZXingReader 1.4 does not read them.
func TestInterop(t *testing.T) {
	if testing.Short() {
		t.Skip("interoperability test skipped in -short mode")
	}
	if _, err := exec.LookPath("ZXingReader"); err != nil {
		t.Skipf("ZXingReader not installed: %v", err)
	}
	dir := t.TempDir()
	cases := interopCases(t)
	if len(cases) < 100 {
		t.Fatalf("%d cases", len(cases))
	}
	for i, c := range cases {
		code, err := Encode(c.data, c.opts)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		bc, err := Decode(code.Modules)
		if err != nil {
			t.Fatalf("%s: barkit cannot read it: %v", c.name, err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%d.png", i))
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		// Scale 2 and 3, with and without the margin renderers add.
		err = render.PNG(f, symbol("aztec", code), render.Options{Scale: 2 + i%2, NoMargin: i%4 < 2})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		got, err := runTool("ZXingReader", "-format", "Aztec", "-bytes", path)
		if err != nil || !bytes.Equal(got, bc.Bytes) {
			t.Errorf("%s (%s): ZXingReader read %.60q, %v; want %.60q", c.name, code.Version(), got, err, bc.Bytes)
		}
	}
	t.Logf("%d symbols read back by ZXingReader", len(cases))
}
