package maxicode

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// interopCase is a symbol for the independent readers.
type interopCase struct {
	name string
	data string
	opts Options
}

// interopCases returns every payload of testdata/payloads.txt in a mode it
// fits, and the features: modes 2, 3, 5 and 6, ECI, structured append.
func interopCases(t testing.TB) []interopCase {
	var cases []interopCase
	for i, p := range loadPayloads(t) {
		o := Options{Mode: []int{0, 4, 5, 6}[i%4]}
		if _, err := Encode(p, o); err != nil {
			o = Options{}
		}
		if _, err := Encode(p, o); err == nil {
			cases = append(cases, interopCase{fmt.Sprintf("payload-%d", i), p, o})
		}
	}
	return append(cases,
		interopCase{"mode2", "[)>\x1e01\x1d961Z00004951\x1dUPSN", Options{Carrier: Carrier{PostalCode: "152382802", Country: 840, Service: 1}}},
		interopCase{"mode2-short", "secondary", Options{Mode: 2, Carrier: Carrier{PostalCode: "01234", Country: 276, Service: 5}}},
		interopCase{"mode3", "SECONDARY", Options{Carrier: Carrier{PostalCode: "W1T1JY", Country: 826, Service: 1}}},
		interopCase{"mode3-short", "x", Options{Mode: 3, Carrier: Carrier{PostalCode: "B1050", Country: 56, Service: 999}}},
		interopCase{"eci-greek", "Ελληνικά", Options{ECI: 9}},
		interopCase{"eci-utf8", "Grüße, 世界", Options{}},
		interopCase{"append", "PART TWO", Options{Append: Append{Index: 1, Count: 3}}},
		interopCase{"append-mode5", "LAST", Options{Mode: 5, Append: Append{Index: 7, Count: 8}}},
	)
}

// TestInterop has the symbols barkit writes read by the independent
// readers, zxing-cpp's ZXingReader (Debian package zxing-cpp-tools, 1.4)
// and its WebAssembly build (zxing-cpp 3, run by the scorecard's engine):
// each must return the text barkit's own decoder returns (ZXingReader 1.4
// reads CR as LF, a bug zxing-cpp has since fixed). The pictures are
// upright, since those readers read MaxiCode only so. Skipped for a reader
// that is not installed.
func TestInterop(t *testing.T) {
	if testing.Short() {
		t.Skip("interoperability test skipped in -short mode")
	}
	dir := t.TempDir()
	cases := interopCases(t)
	if len(cases) < 50 {
		t.Fatalf("%d cases", len(cases))
	}
	var files []string
	want := make(map[string]symbology.Barcode)
	for i, c := range cases {
		code, err := Encode(c.data, c.opts)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		bc, err := Decode(code.Modules)
		if err != nil {
			t.Fatalf("%s: barkit cannot read it: %v", c.name, err)
		}
		sym := &symbology.Symbol{Symbology: "maxicode", Modules: code.Modules, QuietZone: quietZone, ECLevel: code.ECLevel(), Hexagonal: true}
		path := enginetest.WritePNG(t, dir, fmt.Sprintf("%02d-%s", i, c.name), sym, render.Options{Scale: 3 + i%4})
		files = append(files, path)
		want[path] = bc
	}
	if _, err := exec.LookPath("ZXingReader"); err != nil {
		t.Logf("ZXingReader not installed: %v", err)
	} else {
		n := 0
		for _, f := range files {
			got, err := runTool("ZXingReader", "-format", "MaxiCode", "-bytes", f)
			// ZXingReader 1.4 reads value 0 of code set A as LF; the
			// standard (Table 3), zint and zxing-cpp 3 as CR.
			if bytes.Contains(want[f].Bytes, []byte("\r")) && bytes.Equal(got, bytes.ReplaceAll(want[f].Bytes, []byte("\r"), []byte("\n"))) {
				t.Logf("%s: ZXingReader 1.4 reads CR as LF", filepath.Base(f))
				n++
				continue
			}
			if err != nil || !bytes.Equal(got, want[f].Bytes) {
				t.Errorf("%s: ZXingReader read %.60q, %v; want %.60q", filepath.Base(f), got, err, want[f].Bytes)
				continue
			}
			n++
		}
		t.Logf("ZXingReader: %d of %d read identically", n, len(files))
	}
	if os.Getenv("ZXINGWASM_DIR") == "" {
		if _, err := os.Stat("../../../zxingwasm/node_modules/zxing-wasm"); err != nil {
			t.Log("zxing-wasm not installed (set ZXINGWASM_DIR)")
			return
		}
	}
	res := enginetest.ZXingWasm(t, files)
	n := 0
	for _, f := range files {
		rs := res[f]
		if len(rs) != 1 || rs[0].Format != "MaxiCode" || rs[0].Text != want[f].Text {
			t.Errorf("%s: zxing-wasm read %+v, want %.60q", filepath.Base(f), rs, want[f].Text)
			continue
		}
		n++
	}
	t.Logf("zxing-wasm: %d of %d read identically", n, len(files))
}

// runTool runs a reader on one image and returns what it prints.
func runTool(name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return exec.CommandContext(ctx, name, args...).Output()
}
