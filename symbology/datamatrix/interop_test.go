package datamatrix

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/barkit/barkit/matrix"
)

// writePNG draws m with scale pixels per module and a quiet zone of quiet
// modules, black on white.
func writePNG(t testing.TB, m *matrix.Matrix, scale, quiet int, path string) {
	t.Helper()
	w, h := (m.Width+2*quiet)*scale, (m.Height+2*quiet)*scale
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y := range m.Height {
		for x := range m.Width {
			if !m.Get(x, y) {
				continue
			}
			for dy := range scale {
				row := img.Pix[((y+quiet)*scale+dy)*w:]
				for dx := range scale {
					row[(x+quiet)*scale+dx] = 0
				}
			}
		}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// interopCases returns the symbols the independent readers must read: every
// format with data of each kind in turn, the encodations' end-of-data
// cases, and GS1, ECI, macro and structured append symbols.
func interopCases() []struct {
	name string
	data string
	opts Options
} {
	type tc = struct {
		name string
		data string
		opts Options
	}
	var cases []tc
	for i, s := range sizes {
		k := kinds[i%len(kinds)]
		per := map[string]float64{"ascii": 2, "c40": 1.5, "text": 1.5, "x12": 1.5, "edifact": 1.33, "base256": 1}[k.name]
		n := max(1, min(1500, int(float64(s.Data-4)*per*0.9)))
		opts := k.opts
		opts.Size = s
		cases = append(cases, tc{s.String() + "-" + k.name, k.make(n), opts})
	}
	cases = append(cases,
		tc{"c40-exact", "AIMAIMAIM", Options{}},
		tc{"c40-pad", "ABCDEFGHIJKLMNOPQR", Options{}},
		tc{"edifact-implied", ".A.A.A.A.A.A.A.A.A.A.A.A", Options{}},
		tc{"base256-to-end", strings.Repeat("\xaa", 278), Options{Binary: true, Size: sizes[mustIndex(Size{Rows: 64, Cols: 64})]}},
		tc{"mixed", "ABCDEFGHIJKLMNOP" + "abcdefghijklmnop" + "0123456789012345" + "A.B,C:D;E@F^G-H.", Options{}},
		tc{"mixed-binary", "Hello \x80\x81\x82 World 12345678 END", Options{Binary: true}},
		tc{"hello", "Hello World", Options{}},
		tc{"url", "https://www.example.com/path?query=value&x=1", Options{}},
		tc{"gs1", "0109501101020917\x1d17190508\x1d10ABCD1234", Options{GS1: true}},
		tc{"eci-utf8", "Grüße, 世界", Options{}},
		tc{"macro05", "[)>\x1e05\x1dP12345\x1dQ10\x1e\x04", Options{}},
		tc{"append", "part one", Options{Append: Append{Index: 0, Count: 2, FileID: 300}}},
	)
	return cases
}

// runTool runs a reader on one image and returns what it prints.
func runTool(name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return exec.CommandContext(ctx, name, args...).Output()
}

// TestInterop has symbols barkit writes read by two independent decoders,
// libdmtx's dmtxread (Debian package dmtx-utils, 0.7.6) and zxing-cpp's
// ZXingReader (Debian package zxing-cpp-tools, 1.4), each skipped when it
// is not installed: each must return the bytes barkit's own decoder
// returns. libdmtx 0.7 knows neither the DMRE sizes, nor ECI (it prints the
// designator as data), nor structured append (it prints the header); it
// reads the 144×144 symbol only in the ISO layout (Options.ISO144), which
// ZXingReader 1.4 does not read: those cases go to the reader that can.
func TestInterop(t *testing.T) {
	if testing.Short() {
		t.Skip("interoperability test skipped in -short mode")
	}
	tools := map[string]func(path string, gs1 bool) ([]byte, error){
		"dmtxread": func(path string, gs1 bool) ([]byte, error) {
			if gs1 {
				return runTool("dmtxread", "-G", "29", path)
			}
			return runTool("dmtxread", path)
		},
		"ZXingReader": func(path string, gs1 bool) ([]byte, error) {
			return runTool("ZXingReader", "-format", "DataMatrix", "-ispure", "-bytes", path)
		},
	}
	dir := t.TempDir()
	for name, read := range tools {
		t.Run(name, func(t *testing.T) {
			if _, err := exec.LookPath(name); err != nil {
				t.Skipf("%s not installed: %v", name, err)
			}
			for _, c := range interopCases() {
				if name == "dmtxread" {
					if c.opts.Size.DMRE || c.name == "eci-utf8" || c.opts.Append.Count > 0 {
						continue
					}
					c.opts.ISO144 = true
				}
				code, err := Encode(c.data, c.opts)
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				bc, err := Decode(code.Modules)
				if err != nil {
					t.Fatalf("%s: barkit cannot read it: %v", c.name, err)
				}
				path := filepath.Join(dir, fmt.Sprintf("%s-%s.png", name, c.name))
				writePNG(t, code.Modules, 4, 2, path)
				got, err := read(path, c.opts.GS1)
				want := bc.Bytes
				if c.opts.GS1 && name == "dmtxread" {
					want = append([]byte{0x1d}, want...) // dmtxread prints the leading FNC1 too
				}
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s (%s): %s read %.60q, %v; want %.60q", c.name, code.Size, name, got, err, want)
				}
			}
		})
	}
}
