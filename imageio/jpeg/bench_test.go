package jpeg

import (
	"bytes"
	"github.com/barkit/barkit/internal/modroot"
	"image"
	"image/color"
	stdjpeg "image/jpeg"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkDecode compares Decode with image/jpeg on a 12-megapixel phone
// photo (baseline, 4:2:0), a small progressive colour file and a
// greyscale one: each sub-benchmark's ours/std pair gives the ratio in one
// run. The photos come from ../shared beside the repository; their
// benchmarks are skipped when it is absent.
func BenchmarkDecode(b *testing.B) {
	grey := greyImage(1024, 768)
	var buf bytes.Buffer
	if err := stdjpeg.Encode(&buf, grey, &stdjpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	files := []struct {
		name string
		data []byte
	}{
		{"photo-12MP", readShared(b, "boofcv-qr/close/image015.jpg")},
		{"progressive", readShared(b, "corpus/zxing-cpp/qrcode-2/high-res-1.jpg")},
		{"grey-1024x768", buf.Bytes()},
	}
	for _, f := range files {
		b.Run(f.name+"/ours", func(b *testing.B) {
			if f.data == nil {
				b.Skip("../shared is absent")
			}
			b.ReportAllocs()
			b.SetBytes(int64(len(f.data)))
			for b.Loop() {
				if _, err := Decode(f.data, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(f.name+"/std", func(b *testing.B) {
			if f.data == nil {
				b.Skip("../shared is absent")
			}
			b.ReportAllocs()
			b.SetBytes(int64(len(f.data)))
			for b.Loop() {
				if _, err := stdjpeg.Decode(bytes.NewReader(f.data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// readShared returns the file at path under ../shared, or nil when it is
// absent.
func readShared(tb testing.TB, path string) []byte {
	dir := modroot.Beside("shared")
	if dir == "" {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(dir, path))
	if err != nil {
		return nil
	}
	return b
}

// greyImage returns a w×h greyscale picture of 8×8-pixel modules, dark or
// light by a fixed pseudo-random sequence, over a gradient: like a
// photographed 2D code.
func greyImage(w, h int) *image.Gray {
	m := image.NewGray(image.Rect(0, 0, w, h))
	seed := uint32(1)
	for y := 0; y < h; y += 8 {
		for x := 0; x < w; x += 8 {
			seed = seed*1664525 + 1013904223
			dark := seed>>31 == 1
			for yy := y; yy < min(y+8, h); yy++ {
				for xx := x; xx < min(x+8, w); xx++ {
					v := 160 + 80*xx/w
					if dark {
						v = 20 + 40*yy/h
					}
					m.SetGray(xx, yy, color.Gray{uint8(v)})
				}
			}
		}
	}
	return m
}
