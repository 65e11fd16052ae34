package codabar

import (
	"fmt"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// TestZbarReadsCodabar writes payloads as PNG and checks that zbarimg, an
// independent reader, decodes each to the same characters, start and stop
// included.
func TestZbarReadsCodabar(t *testing.T) {
	dir := t.TempDir()
	for i, data := range payloads(100) {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		path := enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2 + i%2, HRT: i%2 == 0})
		if got, ok := enginetest.Zbar(t, path, "codabar"); !ok || got != sym.Text {
			t.Errorf("%q: zbarimg read %q (%v), wrote %q", data, got, ok, sym.Text)
		}
	}
}

// TestZXingReadsCodabar checks the data characters with ZXingReader 1.4,
// which leaves out the start and stop characters.
func TestZXingReadsCodabar(t *testing.T) {
	dir := t.TempDir()
	for i, data := range payloads(100) {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		path := enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2 + i%2, HRT: i%2 == 1})
		want := sym.Text[1 : len(sym.Text)-1]
		if got, ok := enginetest.ZXingReader(t, path, "Codabar"); !ok || string(got) != want {
			t.Errorf("%q: ZXingReader read %q (%v), wrote %q", data, got, ok, want)
		}
	}
}

// TestZXingWasmReadsCodabar checks that zxing-cpp 3 reads each payload as
// barkit does, start and stop characters included.
func TestZXingWasmReadsCodabar(t *testing.T) {
	dir := t.TempDir()
	ps := payloads(100)
	var files, texts []string
	for i, data := range ps {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2, HRT: i%2 == 0}))
		texts = append(texts, sym.Text)
	}
	res := enginetest.ZXingWasm(t, files)
	for i := range ps {
		got := res[files[i]]
		if len(got) != 1 || got[0].Format != "Codabar" || got[0].Text != texts[i] {
			t.Errorf("%q: zxing-wasm read %s, barkit %q", ps[i], enginetest.FormatResults(got), texts[i])
		}
	}
}
