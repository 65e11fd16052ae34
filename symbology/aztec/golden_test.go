package aztec

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenHeader is the first line of a writer golden file.
type goldenHeader struct {
	Symbology string `json:"symbology"`
	Data      string `json:"data"` // Go-quoted
	Options   string `json:"options,omitempty"`
	Size      string `json:"size"`
	ECLevel   string `json:"ecLevel,omitempty"`
	DataWords int    `json:"dataCodewords,omitempty"`
}

// goldens are the symbols of testdata/*.golden.
var goldens = []struct {
	name string
	data string
	opts Options
}{
	{"iso-figure-1", "123456789012", Options{Size: Size{Compact: true, Layers: 1}}},
	{"hello-world", "Hello World", Options{}},
	{"code-2d", "Code 2D!", Options{}},
	{"gs1", "0109506000134352\x1d10ABC123\x1d21XYZ", Options{GS1: true}},
	{"eci-utf8", "Grüße, 世界", Options{}},
	{"binary-f5", "\x00\x01\x02\xfd\xfe\xff binary bytes and text. " + strings.Repeat("0123456789", 8), Options{Binary: true, Size: Size{Layers: 5}}},
	{"append-2-of-3", "part two", Options{Append: Append{Index: 1, Count: 3, ID: "MSG42"}}},
	{"reader-init", "$I", Options{ReaderInit: true}},
	{"lorem-50pct", strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 7), Options{ECPercent: 50}},
	{"rune-42", "42", Options{Rune: true}},
}

// TestGolden compares the writer's output with the golden files, and
// rewrites them with -update.
func TestGolden(t *testing.T) {
	for _, g := range goldens {
		c, err := Encode(g.data, g.opts)
		if err != nil {
			t.Fatal(g.name, err)
		}
		var buf bytes.Buffer
		h := goldenHeader{Symbology: "aztec", Data: strconv.Quote(g.data), Options: optString(g.opts), Size: c.Version(), ECLevel: c.ECLevel(), DataWords: c.DataWords}
		if c.Rune {
			h.Symbology = "aztec-rune"
		}
		j, _ := json.Marshal(h)
		buf.Write(j)
		buf.WriteByte('\n')
		buf.WriteString(c.Modules.String())
		path := filepath.Join("testdata", g.name+".golden")
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(bytes.TrimSpace(buf.Bytes()), bytes.TrimSpace(want)) {
			t.Errorf("%s: output differs from %s:\n%s", g.name, path, buf.String())
		}
	}
}

// TestGoldenFilesDecode reads every golden file back.
func TestGoldenFilesDecode(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.golden"))
	if len(files) < len(goldens) {
		t.Fatalf("%d golden files", len(files))
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
		data, err := strconv.Unquote(h.Data)
		if err != nil {
			t.Fatalf("%s: data %s: %v", f, h.Data, err)
		}
		want := data
		if h.Symbology == "aztec-rune" {
			v, _ := strconv.Atoi(data)
			want = fmt.Sprintf("%03d", v)
		}
		bc, err := Decode(m)
		if err != nil || string(bc.Bytes) != want && bc.Text != want || bc.Version != h.Size || bc.ECLevel != h.ECLevel {
			t.Errorf("%s: read %q %s %s, %v", f, bc.Text, bc.Version, bc.ECLevel, err)
		}
	}
}

// TestRunesZint compares every Aztec Rune with zint's (testdata/zint-runes.txt,
// written by gen_zint.go).
func TestRunesZint(t *testing.T) {
	data, err := os.ReadFile("testdata/zint-runes.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, block := range strings.Split(string(data), "rune ")[1:] {
		head, body, _ := strings.Cut(block, "\n")
		v, err := strconv.Atoi(strings.TrimSpace(head))
		if err != nil {
			t.Fatalf("zint-runes.txt: %q", head)
		}
		want, err := matrix.Parse(body)
		if err != nil {
			t.Fatal(err)
		}
		if got := EncodeRune(v).Modules; !got.Equal(want) {
			t.Errorf("rune %d:\n%s\nzint:\n%s", v, got, want)
		}
		n++
	}
	if n != 256 {
		t.Errorf("%d runes in zint-runes.txt", n)
	}
}

// optString lists the options that are set.
func optString(o Options) string {
	var parts []string
	if o.ECPercent != 0 {
		parts = append(parts, fmt.Sprintf("ec=%d%%", o.ECPercent))
	}
	if o.Size.Layers != 0 {
		parts = append(parts, "size="+o.Size.String())
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{o.Rune, "rune"}, {o.GS1, "gs1"}, {o.Binary, "binary"}, {o.ReaderInit, "reader-init"}} {
		if f.on {
			parts = append(parts, f.name)
		}
	}
	if o.ECI != 0 {
		parts = append(parts, fmt.Sprintf("eci=%d", o.ECI))
	}
	if a := o.Append; a.Count != 0 {
		parts = append(parts, fmt.Sprintf("append=%d/%d/%s", a.Index+1, a.Count, a.ID))
	}
	return strings.Join(parts, " ")
}
