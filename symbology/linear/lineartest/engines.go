package lineartest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// The independent readers the interoperability tests run: zbarimg (Debian
// package zbar-tools), ZXingReader (zxing-cpp-tools, version 1.4) and the
// zxing-cpp 3 reader compiled to WebAssembly, run by the scorecard's
// engine (../shared/tools/engines/zxingwasm from the repository root,
// with ZXINGWASM_DIR naming the folder holding node_modules/zxing-wasm;
// ../zxingwasm by default). Each skips the test when its reader is
// missing.

// WritePNG renders sym into dir as name.png with opts and returns the
// file's path.
func WritePNG(t testing.TB, dir, name string, sym *symbology.Symbol, opts render.Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := render.PNG(&b, sym, opts); err != nil {
		t.Fatalf("%s: render: %v", name, err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Zbar reads the image at path with zbarimg, enabling only the symbology
// zbar names sym (such as "code39", "i25"), and returns the text of what
// it read, one per line, or "" and false when it read nothing.
func Zbar(t testing.TB, path, sym string) (string, bool) {
	t.Helper()
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (Debian package zbar-tools)")
	}
	cmd := exec.Command(zbar, "--nodbus", "-q", "--raw", "-Sdisable", "-S"+sym+".enable", path)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return "", false
	}
	return strings.TrimSuffix(out.String(), "\n"), true
}

// ZXingReader reads the image at path with ZXingReader for one format
// (as ZXingReader 1.4 names them, such as "Code39", "ITF") and returns
// the bytes of what it read, or false when it read nothing.
func ZXingReader(t testing.TB, path, format string) ([]byte, bool) {
	t.Helper()
	zx, err := exec.LookPath("ZXingReader")
	if err != nil {
		t.Skip("ZXingReader not installed (Debian package zxing-cpp-tools)")
	}
	out, err := exec.Command(zx, "-format", format, "-bytes", path).Output()
	if err != nil || len(out) == 0 {
		return nil, false
	}
	return out, true
}

// EngineResult is one symbol an engine of the scorecard read: its format
// as zxing-cpp names it and its text.
type EngineResult struct {
	Format string `json:"format"`
	Text   string `json:"text"`
}

// ZXingWasm reads the image files with the zxing-cpp 3 WebAssembly
// reader, in its thorough mode with every format enabled, and returns
// what it read in each, by path.
func ZXingWasm(t testing.TB, files []string) map[string][]EngineResult {
	t.Helper()
	engine, err := filepath.Abs("../../../shared/tools/engines/zxingwasm/zxingwasm")
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("ZXINGWASM_DIR")
	if dir == "" {
		dir, _ = filepath.Abs("../../../zxingwasm")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "zxing-wasm")); err != nil {
		t.Skipf("zxing-wasm not installed in %s (set ZXINGWASM_DIR)", dir)
	}
	if _, err := os.Stat(engine); err != nil {
		t.Skipf("zxingwasm engine not found: %v", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	cmd := exec.Command(engine, files...)
	cmd.Env = append(os.Environ(), "ZXINGWASM_DIR="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("zxingwasm: %v", err)
	}
	res := make(map[string][]EngineResult)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var line struct {
			File    string         `json:"file"`
			Results []EngineResult `json:"results"`
			Error   string         `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("zxingwasm: %v in %q", err, sc.Text())
		}
		if line.Error != "" {
			t.Errorf("zxingwasm %s: %s", line.File, line.Error)
		}
		res[line.File] = line.Results
	}
	if len(res) != len(files) {
		t.Fatalf("zxingwasm answered for %d of %d files", len(res), len(files))
	}
	return res
}

// FormatResults returns rs as text for a test's message.
func FormatResults(rs []EngineResult) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%s %q", r.Format, r.Text))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// Zint writes a linear symbol with zint (Debian package zint), whose
// options args name (such as "-b", "8", "-d", "ABC"), and returns its
// modules from its first bar to its last. It skips the test when zint is
// missing and fails it when zint rejects the data.
func Zint(t testing.TB, args ...string) []bool {
	t.Helper()
	zint, err := exec.LookPath("zint")
	if err != nil {
		t.Skip("zint not installed (Debian package zint)")
	}
	out, err := exec.Command(zint, append([]string{"--dump"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("zint %q: %v: %s", args, err, out)
	}
	var m []bool
	for _, c := range strings.TrimSpace(string(out)) {
		var v int
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'A' && c <= 'F':
			v = int(c-'A') + 10
		case c == ' ':
			continue
		default:
			t.Fatalf("zint %q: %q is no module dump (one row expected)", args, out)
		}
		for k := 3; k >= 0; k-- {
			m = append(m, v>>k&1 == 1)
		}
	}
	for len(m) > 0 && !m[len(m)-1] {
		m = m[:len(m)-1] // the padding of the last hex digit
	}
	return m
}
