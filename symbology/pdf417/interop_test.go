package pdf417

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// interopCase is one symbol written for an independent reader.
type interopCase struct {
	name  string
	data  string
	opts  Options
	bytes []byte // what the reader must return
	text  string // or, when bytes is nil, the text it must return
	seq   string // expected "Structured Append" line, if any
}

// interopCases returns symbols over every compaction mode and mixes of
// them, every level, many shapes, Compact PDF417, character sets with and
// without ECI, reader initialisation and Macro PDF417 segments.
func interopCases() []interopCase {
	rng := rand.New(rand.NewPCG(21, 22))
	var cs []interopCase
	for i := range 70 {
		kind := i % 7
		data := payloadKinds(rng, kind, 1+rng.IntN(250))
		opts := Options{Binary: true, Level: 1 + i%9, Compact: i%5 == 4}
		switch i % 3 {
		case 1:
			opts.Columns = 1 + rng.IntN(12)
		case 2:
			opts.Aspect = []float64{0.7, 1.5, 5, 8}[rng.IntN(4)]
		}
		if opts.Columns > 0 {
			// Room in 90 rows for the data and the check codewords.
			opts.Level = 1 + i%4
			if len(data) > 15*opts.Columns {
				data = data[:15*opts.Columns]
			}
		}
		cs = append(cs, interopCase{name: fmt.Sprintf("mode%d-%d", kind, i), data: string(data), opts: opts, bytes: data})
	}
	for i, text := range []string{"Grüße aus Köln", "naïve café ½", "日本語のテキスト", "Привет, мир", "emoji 😀 ✓", "mixed 12345678901234567890 Text"} {
		cs = append(cs, interopCase{name: fmt.Sprintf("charset-%d", i), data: text, text: text})
	}
	cs = append(cs, interopCase{name: "readerinit", data: "$I", opts: Options{ReaderInit: true}, bytes: []byte("$I")})
	for i := range 3 {
		m := &Macro{SegmentIndex: i, FileID: "017123", SegmentCount: 3, FileName: "part.txt", Last: i == 2}
		d := fmt.Sprintf("segment %d of the file", i)
		cs = append(cs, interopCase{name: fmt.Sprintf("macro-%d", i), data: d, opts: Options{Macro: m}, bytes: []byte(d),
			seq: fmt.Sprintf("symbol %d of 3 (parity/id: '017123')", i+1)})
	}
	return cs
}

// TestZXingReads writes PDF417 and Compact PDF417 symbols as PNG images and
// checks that ZXingReader (Debian's zxing-cpp-tools, an independent reader)
// decodes each to the same bytes, and Macro PDF417 segments to the same
// structured-append position. (ZXingReader 1.4 does not read MicroPDF417,
// and the zbarimg of Debian is built without PDF417.)
func TestZXingReads(t *testing.T) {
	if _, err := exec.LookPath("ZXingReader"); err != nil {
		t.Skip("ZXingReader not installed (Debian package zxing-cpp-tools)")
	}
	if testing.Short() {
		t.Skip("interoperability test skipped in -short mode")
	}
	dir := t.TempDir()
	cases := interopCases()
	var files []string
	for i, c := range cases {
		code, err := Encode(c.data, c.opts)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		files = append(files, enginetest.WritePNG(t, dir, fmt.Sprintf("%03d", i),
			&symbology.Symbol{Modules: code.Modules, QuietZone: quietZone}, render.Options{Scale: 2 + i%2}))
	}
	// One run for the single symbols, and one per Macro PDF417 segment:
	// ZXingReader merges the segments it sees in one run.
	var singles []string
	got := map[string]enginetest.Read{}
	run := func(paths ...string) {
		maps.Copy(got, enginetest.ZXingReadAll(t, "PDF417", paths...))
	}
	for i, c := range cases {
		if c.opts.Macro != nil {
			run(files[i])
		} else {
			singles = append(singles, files[i])
		}
	}
	run(singles...)
	for i, c := range cases {
		r, ok := got[files[i]]
		switch {
		case !ok:
			t.Errorf("%s (%s): ZXingReader read nothing", c.name, files[i])
		case c.bytes == nil && r.Text != c.text:
			t.Errorf("%s: ZXingReader read %q, want %q", c.name, r.Text, c.text)
		case c.bytes != nil && !bytes.Equal(r.Bytes, c.bytes):
			t.Errorf("%s: ZXingReader read %x, want %x", c.name, r.Bytes, c.bytes)
		case c.seq != "" && !strings.Contains(r.StructuredAppend, c.seq):
			t.Errorf("%s: ZXingReader's structured append %q, want %q", c.name, r.StructuredAppend, c.seq)
		}
	}
}
