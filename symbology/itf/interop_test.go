package itf

import (
	"fmt"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/render"
)

// TestZbarReadsITF writes payloads as PNG and checks that zbarimg, an
// independent reader, decodes each to the same digits, ITF-14 within its
// bearer bars included.
func TestZbarReadsITF(t *testing.T) {
	dir := t.TempDir()
	for i, p := range payloads(100) {
		sym, err := write(p.id, p.data, p.ecLevel)
		if err != nil {
			t.Fatal(err)
		}
		path := enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2 + i%2, HRT: i%2 == 0})
		if got, ok := enginetest.Zbar(t, path, "i25"); !ok || got != p.text {
			t.Errorf("%s %q: zbarimg read %q (%v), wrote %q", p.id, p.data, got, ok, p.text)
		}
	}
}

// TestZXingReadsITF checks the same with ZXingReader 1.4.
func TestZXingReadsITF(t *testing.T) {
	dir := t.TempDir()
	for i, p := range payloads(100) {
		sym, err := write(p.id, p.data, p.ecLevel)
		if err != nil {
			t.Fatal(err)
		}
		path := enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2 + i%2, HRT: i%2 == 1})
		if got, ok := enginetest.ZXingReader(t, path, "ITF"); !ok || string(got) != p.text {
			t.Errorf("%s %q: ZXingReader read %q (%v), wrote %q", p.id, p.data, got, ok, p.text)
		}
	}
}

// TestZXingWasmReadsITF checks that zxing-cpp 3 reads each payload as
// barkit does: the same digits, as ITF (zxing-wasm 3.1 names the ITF14
// format but reports ITF-14 symbols as ITF).
func TestZXingWasmReadsITF(t *testing.T) {
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
	res := enginetest.ZXingWasm(t, files)
	for i, p := range ps {
		got := res[files[i]]
		if len(got) != 1 || got[0].Format != "ITF" || got[0].Text != p.text {
			t.Errorf("%s %q: zxing-wasm read %s, barkit %s %q", p.id, p.data, enginetest.FormatResults(got), p.readID, p.text)
		}
	}
}
