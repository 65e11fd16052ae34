package jpeg

import (
	"bytes"
	stdjpeg "image/jpeg"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecode checks that Decode never panics and, when both it and
// image/jpeg decode an input, that they agree on the size. The pixels are
// compared only for inputs image/jpeg encoded (the seeds): on random
// coefficients image/jpeg's 32-bit IDCT overflows where ours, in 64 bits,
// does not (testdata/fuzz/FuzzDecode/f1e13cbb3c7bf360: coefficients of
// ±1024 quantized by 48), so the luminance of corrupt files may differ.
func FuzzDecode(f *testing.F) {
	if testing.Short() {
		f.Skip("slow under -short")
	}
	files, _ := filepath.Glob("testdata/*.jpg")
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	encoded := map[string]bool{}
	for _, q := range []int{10, 90} {
		var buf bytes.Buffer
		if err := stdjpeg.Encode(&buf, colourImage(20, 12), &stdjpeg.Options{Quality: q}); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
		encoded[string(buf.Bytes())] = true
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// The size cap keeps each run small, as imageio's limit does.
		g, err := Decode(data, Options{MaxPixels: 1 << 20, MaxScans: 100})
		if err != nil {
			return
		}
		r, pix, stride, err := stdLuminance(data)
		if err != nil {
			return
		}
		if g.Bounds() != r.Sub(r.Min) {
			t.Fatalf("bounds %v, image/jpeg %v", g.Bounds(), r)
		}
		if !encoded[string(data)] {
			return
		}
		if most, mean := diff(g, pix, stride); !within(most, mean, g.Bounds()) {
			t.Fatalf("differs from image/jpeg by up to %d, %.3f on average", most, mean)
		}
	})
}
