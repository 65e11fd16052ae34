package pdf417

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenHeader is the first line of a writer golden file.
type goldenHeader struct {
	Symbology string `json:"symbology"`
	Text      string `json:"text"`
	Version   string `json:"version"`
	Level     int    `json:"level"`
}

// goldenCases are the symbols of the writer golden files.
var goldenCases = []struct {
	file string
	text string
	opts Options
}{
	{"pdf417-text.golden", "PDF417", Options{}},
	{"pdf417-mixed-level5.golden", "Invoice 2024-0042: 1234567890123456 EUR 99.95 (paid)", Options{Level: 6}},
	{"pdf417-binary-4x.golden", "\x00\x01\x02\x1b\x7f binary é", Options{Binary: true, Columns: 4}},
	{"compact-pdf417.golden", "Compact PDF417", Options{Compact: true}},
	{"micropdf417-1x11.golden", "MICRO", Options{Micro: true, Columns: 1}},
	{"micropdf417-4x6.golden", "MicroPDF417 4x6", Options{Micro: true, Columns: 4, Rows: 6}},
	{"macro-1-of-2.golden", "first half", Options{Macro: &Macro{SegmentIndex: 0, FileID: "123", SegmentCount: 2}}},
}

// TestGolden compares the encoder's output with the golden files, or
// rewrites them under -update.
func TestGolden(t *testing.T) {
	for _, gc := range goldenCases {
		c, err := Encode(gc.text, gc.opts)
		if err != nil {
			t.Fatalf("%s: %v", gc.file, err)
		}
		id := kindFull.id()
		switch {
		case c.Micro:
			id = kindMicro.id()
		case c.Compact:
			id = kindCompact.id()
		}
		h, _ := json.Marshal(goldenHeader{Symbology: id, Text: gc.text, Version: c.Version(), Level: c.Level})
		got := append(h, '\n')
		got = append(got, c.Modules.String()...)
		path := filepath.Join("testdata", gc.file)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the encoder's output differs from the golden file", gc.file)
		}
	}
}

// TestGoldenFilesDecode reads every golden file's modules back.
func TestGoldenFilesDecode(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.golden"))
	if len(files) == 0 {
		t.Skip("no golden files")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		head, body, _ := strings.Cut(string(b), "\n")
		var h goldenHeader
		if err := json.Unmarshal([]byte(head), &h); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		m, err := matrix.Parse(body)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		bc, err := Decode(m)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if bc.Text != h.Text && string(bc.Bytes) != h.Text || bc.Symbology != h.Symbology || bc.Version != h.Version {
			t.Errorf("%s: read %s %q version %s", f, bc.Symbology, bc.Text, bc.Version)
		}
	}
}
