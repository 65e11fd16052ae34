package enginetest

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/barkit/barkit/internal/modroot"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

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

// WriteMatrixPNG draws m into dir as name.png, 4 pixels a module with a
// quiet zone of 4 modules, and returns the file's path.
func WriteMatrixPNG(t testing.TB, dir, name string, m *matrix.Matrix) string {
	t.Helper()
	return WritePNG(t, dir, name, &symbology.Symbol{Modules: m, QuietZone: 4}, render.Options{Scale: 4})
}

// A Read is what ZXingReader read in one image: the text and the bytes
// it reports, and its structured append line ("symbol 1 of 3 ...") when
// it prints one.
type Read struct {
	Text             string
	Bytes            []byte
	StructuredAppend string
}

// ZXingReadAll reads the images at paths with ZXingReader in one run,
// looking for format only (as ZXingReader 1.4 names them, such as
// "DataMatrix"; "" for every format), and returns what it read in each,
// by path; an image where it read nothing has no entry. It skips the test
// when ZXingReader is missing and fails it when ZXingReader cannot run.
// ZXingReader merges the Macro PDF417 segments it sees in one run: read
// those one at a time.
func ZXingReadAll(t testing.TB, format string, paths ...string) map[string]Read {
	t.Helper()
	zx, err := exec.LookPath("ZXingReader")
	if err != nil {
		t.Skip("ZXingReader not installed (Debian package zxing-cpp-tools)")
	}
	res := map[string]Read{}
	if len(paths) == 0 {
		return res
	}
	var args []string
	if format != "" {
		args = []string{"-format", format}
	}
	out, err := exec.Command(zx, append(args, paths...)...).Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("ZXingReader: %v", err)
	}
	return parseZXing(out, paths[0])
}

// parseZXing reads ZXingReader's report: blocks of "Key: value" lines,
// each starting with File (which it leaves out when it reads one file,
// first).
func parseZXing(out []byte, first string) map[string]Read {
	res := map[string]Read{}
	file := first
	var cur Read
	seen := false
	flush := func() {
		if seen {
			res[file] = cur
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "File":
			flush()
			file, cur, seen = v, Read{}, false
		case "Text":
			cur.Text, seen = strings.TrimSuffix(strings.TrimPrefix(v, `"`), `"`), true
		case "Bytes":
			cur.Bytes, _ = hex.DecodeString(strings.ReplaceAll(v, " ", ""))
			if cur.Bytes == nil {
				cur.Bytes = []byte{}
			}
			seen = true
		case "Structured Append":
			cur.StructuredAppend = v
		}
	}
	flush()
	return res
}

// ZXingReader reads the image at path with ZXingReader for one format
// (as ZXingReader 1.4 names them, such as "Code39", "ITF") and returns
// the bytes of what it read, or false when it read nothing. It skips the
// test when ZXingReader is missing.
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

// Zbar reads the image at path with zbarimg, enabling only the symbology
// zbar names sym (such as "code39", "i25"; "" for all), and returns the
// text of what it read, one per line, or "" and false when it read
// nothing. It skips the test when zbarimg is missing.
func Zbar(t testing.TB, path, sym string) (string, bool) {
	t.Helper()
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (Debian package zbar-tools)")
	}
	args := []string{"--nodbus", "-q", "--raw"}
	if sym != "" {
		args = append(args, "-Sdisable", "-S"+sym+".enable")
	}
	var out bytes.Buffer
	cmd := exec.Command(zbar, append(args, path)...)
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil || out.Len() == 0 {
		return "", false
	}
	return strings.TrimSuffix(out.String(), "\n"), true
}

// A WasmResult is one symbol the zxing-cpp 3 WebAssembly reader read: its
// format as zxing-cpp names it and its text.
type WasmResult struct {
	Format string `json:"format"`
	Text   string `json:"text"`
}

// ZXingWasm reads the image files with the zxing-cpp 3 WebAssembly
// reader, in its thorough mode with every format enabled, and returns
// what it read in each, by path. The reader is the scorecard's engine,
// ../shared/tools/engines/zxingwasm/zxingwasm beside the repository, run
// with ZXINGWASM_DIR naming the folder holding node_modules/zxing-wasm
// (../zxingwasm beside the repository by default). It skips the test when
// any of them, or node, is missing.
func ZXingWasm(t testing.TB, files []string) map[string][]WasmResult {
	t.Helper()
	root := modroot.Dir()
	if root == "" {
		t.Skip("zxingwasm engine not found: no go.mod above the working directory")
	}
	engine := filepath.Join(root, "..", "shared", "tools", "engines", "zxingwasm", "zxingwasm")
	dir := os.Getenv("ZXINGWASM_DIR")
	if dir == "" {
		dir = filepath.Join(root, "..", "zxingwasm")
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
	res := make(map[string][]WasmResult)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var line struct {
			File    string       `json:"file"`
			Results []WasmResult `json:"results"`
			Error   string       `json:"error"`
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
func FormatResults(rs []WasmResult) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%s %q", r.Format, r.Text))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
