package dxfilmedge

import (
	"fmt"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// TestZXingWasmReadsDXFilmEdge writes payloads as PNG and checks that
// zxing-cpp 3 (neither zbar nor ZXingReader 1.4 reads DX film edge, nor
// does zint 2.11 write it) reads each to the same text.
func TestZXingWasmReadsDXFilmEdge(t *testing.T) {
	dir := t.TempDir()
	ps := payloads(60)
	var files []string
	for i, data := range ps {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2 + i%3}))
	}
	res := enginetest.ZXingWasm(t, files)
	for i, data := range ps {
		got := res[files[i]]
		if len(got) != 1 || got[0].Format != "DXFilmEdge" || got[0].Text != data {
			t.Errorf("%q: zxing-wasm read %s", data, enginetest.FormatResults(got))
		}
	}
}
