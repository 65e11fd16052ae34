package code39

import (
	"fmt"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/render"
)

// rawOf returns the Code 39 characters a payload's symbol holds, start and
// stop excluded: what a reader without Full ASCII, Code 32 or PZN reads.
func rawOf(t *testing.T, p payload) string {
	t.Helper()
	switch p.id {
	case "code39":
		sym, err := write(p.id, p.data, p.ecLevel)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Trim(sym.Text, "*")
	case "code39-ext":
		return mustFullASCII(p.data)
	case "code32":
		return code32Chars(strings.TrimPrefix(p.text, "A"))
	}
	return p.text // pzn
}

// TestZbarReadsCode39 writes payloads of every member of the family as PNG
// and checks that zbarimg, an independent reader without Full ASCII, Code
// 32 or PZN, reads each symbol's Code 39 characters.
func TestZbarReadsCode39(t *testing.T) {
	dir := t.TempDir()
	for i, p := range payloads(100) {
		raw := rawOf(t, p)
		sym, err := write(p.id, p.data, p.ecLevel)
		if err != nil {
			t.Fatal(err)
		}
		path := enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2 + i%2, HRT: i%2 == 0})
		got, ok := enginetest.Zbar(t, path, "code39")
		if !ok || got != raw {
			t.Errorf("%s %q: zbarimg read %q (%v), wrote %q", p.id, p.data, got, ok, raw)
		}
	}
}

// TestZXingReadsCode39 checks the same with ZXingReader 1.4, which reads
// Code 39 characters as they are.
func TestZXingReadsCode39(t *testing.T) {
	dir := t.TempDir()
	for i, p := range payloads(100) {
		raw := rawOf(t, p)
		sym, err := write(p.id, p.data, p.ecLevel)
		if err != nil {
			t.Fatal(err)
		}
		path := enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2 + i%2, HRT: i%2 == 1})
		got, ok := enginetest.ZXingReader(t, path, "Code39")
		if !ok || string(got) != raw {
			t.Errorf("%s %q: ZXingReader read %q (%v), wrote %q", p.id, p.data, got, ok, raw)
		}
	}
}

// TestZXingWasmReadsCode39 checks that zxing-cpp 3, which reads the whole
// family, reads each payload as barkit does: the same member (its format
// name as the registry gives it) and the same text. Two cases differ, and
// zxing-cpp must read them as Code 39 characters: a PZN7 (zxing-cpp 3.1
// knows PZN8 only), and Full ASCII text whose last Code 39 character
// happens to be the check character of the others while those end in a
// lone shift character (zxing-cpp then gives up the Full ASCII reading;
// barkit reads the whole as Full ASCII, which it is).
func TestZXingWasmReadsCode39(t *testing.T) {
	dir := t.TempDir()
	ps := payloads(100)
	var files []string
	for i, p := range ps {
		sym, err := write(p.id, p.data, p.ecLevel)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2, HRT: i%2 == 0}))
	}
	formats := map[string]string{"code39": "Code39", "code39-ext": "Code39Ext", "code32": "Code32", "pzn": "PZN"}
	res := enginetest.ZXingWasm(t, files)
	for i, p := range ps {
		got := res[files[i]]
		format, text := formats[p.id], p.text
		raw := rawOf(t, p)
		_, _, bodyOK := decodeFullASCII(raw[:len(raw)-1])
		if p.id == "pzn" && len(text) == 8 || p.id == "code39-ext" && hasCheck(raw) && !bodyOK {
			format, text = "Code39", raw
		}
		if len(got) != 1 || got[0].Format != format || got[0].Text != text {
			t.Errorf("%s %q: zxing-wasm read %s, barkit %s %q", p.id, p.data, enginetest.FormatResults(got), formats[p.id], p.text)
		}
	}
}
