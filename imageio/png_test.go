package imageio

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"io"
	"testing"

	"github.com/barkit/barkit/binarize"
)

// TestDecodePNGLuminance checks Options.Luminance on PNG files: each comes
// from package imageio/png as an *image.Gray equal to binarize.Luminance
// of the full decode, a file that package calls unsupported goes to
// image/png, and every cut of every file fails with the same kind of
// error either way.
func TestDecodePNGLuminance(t *testing.T) {
	lum := Options{Luminance: true}
	m := checker(false)
	grey16 := image.NewGray16(m.Bounds())
	for i := range grey16.Pix {
		grey16.Pix[i] = uint8(i * 37)
	}
	files := map[string][]byte{
		"checker.png":  readFile(t, "checker.png"),
		"alpha.png":    readFile(t, "alpha.png"),
		"inverted.png": readFile(t, "inverted.png"),
		"paletted":     encode(t, func(w io.Writer) error { return png.Encode(w, paletted(m)) }),
		"grey16":       encode(t, func(w io.Writer) error { return png.Encode(w, grey16) }),
	}
	for name, data := range files {
		full, _, err := DecodeBytes(data, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		wantLum := binarize.Luminance(full)
		for how, dec := range map[string]func([]byte, Options) (image.Image, string, error){
			"Decode":      func(b []byte, o Options) (image.Image, string, error) { return Decode(bytes.NewReader(b), o) },
			"DecodeBytes": DecodeBytes,
		} {
			img, format, err := dec(data, lum)
			if err != nil || format != "png" {
				t.Fatalf("%s %s: %s, %v", how, name, format, err)
			}
			g, ok := img.(*image.Gray)
			if !ok || g.Bounds() != wantLum.Bounds() || !bytes.Equal(g.Pix, wantLum.Pix) {
				t.Errorf("%s %s: a %T %v, want binarize.Luminance of the full decode", how, name, img, img.Bounds())
			}
			for n := range len(data) {
				_, _, errFull := dec(data[:n], Options{})
				_, _, errLum := dec(data[:n], lum)
				if kind(errLum) != kind(errFull) {
					t.Errorf("%s %s cut to %d of %d bytes: %v, without Luminance %v", how, name, n, len(data), errLum, errFull)
				}
			}
		}
	}

	// A file package imageio/png calls unsupported (filter method 1)
	// goes to image/png. (Through Decode, image/png's DecodeConfig
	// refuses it first.)
	data := files["checker.png"]
	ihdr := bytes.Clone(data[16 : 16+13]) // after the signature and chunk header
	ihdr[11] = 1
	data = append(append([]byte(data[:8:8]), pngChunk("IHDR", ihdr)...), data[8+25:]...)
	var pngErr png.UnsupportedError
	if _, err := decodePNGLuminance(data, image.Config{Width: 16, Height: 12}); !errors.As(err, &pngErr) {
		t.Errorf("filter method 1: %v, want image/png's UnsupportedError", err)
	}
}
