package telepen

import (
	"fmt"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/render"
)

// TestZXingWasmReadsTelepen writes payloads as PNG and checks that
// zxing-cpp 3 (neither zbar nor ZXingReader 1.4 reads Telepen) reads each
// to the same text, as TelepenAlpha or, numeric without a switch to full
// ASCII, TelepenNumeric.
func TestZXingWasmReadsTelepen(t *testing.T) {
	dir := t.TempDir()
	ps := payloads(100)
	var files []string
	for i, p := range ps {
		sym, err := writeP(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2, HRT: i%2 == 0}))
	}
	res := enginetest.ZXingWasm(t, files)
	for i, p := range ps {
		got := res[files[i]]
		format := "TelepenAlpha"
		if p.numeric {
			format = "TelepenNumeric"
		}
		if len(got) != 1 || got[0].Format != format || got[0].Text != p.data {
			t.Errorf("%+v: zxing-wasm read %s", p, enginetest.FormatResults(got))
		}
	}
}
