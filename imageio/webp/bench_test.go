package webp

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	xwebp "golang.org/x/image/webp"
)

// BenchmarkDecode decodes the lossy WebP files of the falsepositives-1
// and falsepositives-2 folders of the reference corpus (photographs of
// 640x480 pixels and so, the files of alpha left out) with Decode
// ("barkit") and with golang.org/x/image/webp ("ximage"): one operation
// decodes them all. The files come from ../shared beside the repository;
// the benchmark is skipped when it is absent.
func BenchmarkDecode(b *testing.B) {
	var files [][]byte
	for _, path := range corpus(b) {
		if dir := filepath.Base(filepath.Dir(path)); dir != "falsepositives-1" && dir != "falsepositives-2" {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Decode(data, Options{}); errors.Is(err, ErrUnsupported) {
			continue
		}
		files = append(files, data)
	}
	size := 0
	for _, f := range files {
		size += len(f)
	}
	b.Run("barkit", func(b *testing.B) {
		if files == nil {
			b.Skip("../shared is absent")
		}
		b.ReportAllocs()
		b.SetBytes(int64(size))
		for b.Loop() {
			for _, data := range files {
				if _, err := Decode(data, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("ximage", func(b *testing.B) {
		if files == nil {
			b.Skip("../shared is absent")
		}
		b.ReportAllocs()
		b.SetBytes(int64(size))
		for b.Loop() {
			for _, data := range files {
				if _, err := xwebp.Decode(bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
