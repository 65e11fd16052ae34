package code93

import (
	"fmt"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// TestZbarReadsCode93 writes payloads as PNG and checks that zbarimg, an
// independent reader, decodes each to the same text. zbar's output cannot
// carry NUL, and line ends are ambiguous in it: those payloads are left
// out.
func TestZbarReadsCode93(t *testing.T) {
	dir := t.TempDir()
	for i, data := range payloads(100) {
		if strings.ContainsAny(data, "\x00\n\r") {
			continue
		}
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		path := enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2 + i%2, HRT: i%2 == 0})
		if got, ok := enginetest.Zbar(t, path, "code93"); !ok || got != data {
			t.Errorf("%q: zbarimg read %q (%v)", data, got, ok)
		}
	}
}

// TestZXingReadsCode93 checks the same with ZXingReader 1.4, every payload.
func TestZXingReadsCode93(t *testing.T) {
	dir := t.TempDir()
	for i, data := range payloads(100) {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		path := enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2 + i%2, HRT: i%2 == 1})
		if got, ok := enginetest.ZXingReader(t, path, "Code93"); !ok || string(got) != data {
			t.Errorf("%q: ZXingReader read %q (%v)", data, got, ok)
		}
	}
}

// TestZXingWasmReadsCode93 checks the same with zxing-cpp 3.
func TestZXingWasmReadsCode93(t *testing.T) {
	dir := t.TempDir()
	ps := payloads(100)
	var files []string
	for i, data := range ps {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2, HRT: i%2 == 0}))
	}
	res := enginetest.ZXingWasm(t, files)
	for i, data := range ps {
		got := res[files[i]]
		if len(got) != 1 || got[0].Format != "Code93" || got[0].Text != data {
			t.Errorf("%q: zxing-wasm read %s", data, enginetest.FormatResults(got))
		}
	}
}
