package rmqr

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/barkit/barkit/symbology/qrfamily/qrtest"
)

// zxingWasm is the engine adapter of the zxing-cpp reader built to
// WebAssembly (see ../shared/tools/README.md), and zxingWasmDir where its
// npm package is installed when ZXINGWASM_DIR does not say.
const (
	zxingWasm    = "../../../shared/tools/engines/zxingwasm/zxingwasm.mjs"
	zxingWasmDir = "../../../zxingwasm"
)

// TestInteropZXingWasm has the zxing-cpp reader (zxing-wasm, the only
// build of it here that reads rMQR Code) read symbols barkit writes,
// drawn at 4 pixels per module: every size at levels M and H, every mode,
// ECI and GS1 data. It must read at least 60, each byte for byte as barkit
// wrote them. It is skipped when node or the reader is missing.
func TestInteropZXingWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("interop test skipped in -short mode")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	dir := os.Getenv("ZXINGWASM_DIR")
	if dir == "" {
		dir = zxingWasmDir
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "zxing-wasm")); err != nil {
		t.Skip("zxing-wasm not installed")
	}
	texts := []string{"7", "HELLO", "hello", "漢字", "Grüße", "0123456789ABC", "mixed CASE 42 abc", "https://example.com/x?y=1"}
	tmp := t.TempDir()
	want := map[string][]byte{}
	var files []string
	for s := Size(1); s <= NumSizes; s++ {
		for l := M; l <= H; l++ {
			text := texts[(int(s)+int(l))%len(texts)]
			opts := Options{Size: s, Level: l}
			switch int(s) % 8 {
			case 3:
				opts.GS1, text = true, "0109506000134352"
			case 5:
				opts.ECI = 26
			}
			c, err := Encode(text, opts)
			if err != nil {
				if c, err = Encode("1", Options{Size: s, Level: l}); err != nil {
					t.Fatal(err)
				}
			}
			bc, err := Decode(c.Modules)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(tmp, fmt.Sprintf("%v-%v.png", s, l))
			f, err := os.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			if err := png.Encode(f, qrtest.Draw(c.Modules, 4, 2)); err != nil {
				t.Fatal(err)
			}
			f.Close()
			want[name] = bc.Bytes
			files = append(files, name)
		}
	}
	cmd := exec.Command(node, append([]string{zxingWasm}, files...)...)
	cmd.Env = append(os.Environ(), "ZXINGWASM_DIR="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("zxing-wasm: %v", err)
	}
	read := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r struct {
			File    string
			Results []struct {
				Format   string
				BytesHex string `json:"bytes_hex"`
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if len(r.Results) != 1 || r.Results[0].Format != "rMQRCode" && r.Results[0].Format != "RMQRCode" {
			t.Errorf("%s: zxing-wasm read %+v", filepath.Base(r.File), r.Results)
			continue
		}
		got, _ := hex.DecodeString(r.Results[0].BytesHex)
		if !bytes.Equal(got, want[r.File]) {
			t.Errorf("%s: zxing-wasm read % x, want % x", filepath.Base(r.File), got, want[r.File])
			continue
		}
		read++
	}
	t.Logf("zxing-wasm read %d of %d symbols byte for byte", read, len(files))
	if read < 60 {
		t.Errorf("zxing-wasm read %d symbols, want at least 60", read)
	}
}
