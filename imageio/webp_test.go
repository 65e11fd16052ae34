package imageio

import (
	"bytes"
	"errors"
	"image"
	"reflect"
	"testing"
)

// TestDecodeWebPLuminance checks Options.Luminance on WebP files: a still
// lossy image without alpha comes from package imageio/webp as an
// *image.Gray equal to the Y plane of the full decode; lossless, alpha
// and animated files, which that package refuses, come from the full
// decode as without Luminance; and every cut of every file fails with the
// same kind of error either way.
func TestDecodeWebPLuminance(t *testing.T) {
	lum := Options{Luminance: true}
	files := map[string]bool{ // name: decoded by imageio/webp
		"checker-lossy.webp":             true,
		"checker-lossless.webp":          false,
		"alpha.webp":                     false,
		"animated.webp":                  false,
		"../webp/testdata/photo.webp":    true,
		"../webp/testdata/extended.webp": true,
	}
	for name, luma := range files {
		data := readFile(t, name)
		full, _, err := DecodeBytes(data, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for how, dec := range map[string]func([]byte, Options) (image.Image, string, error){
			"Decode":      func(b []byte, o Options) (image.Image, string, error) { return Decode(bytes.NewReader(b), o) },
			"DecodeBytes": DecodeBytes,
		} {
			img, format, err := dec(data, lum)
			if err != nil || format != "webp" {
				t.Fatalf("%s %s: %s, %v", how, name, format, err)
			}
			if !luma {
				if !reflect.DeepEqual(img, full) {
					t.Errorf("%s %s: a %T, want the full decode's %T", how, name, img, full)
				}
				continue
			}
			g, ok := img.(*image.Gray)
			ycc := full.(*image.YCbCr)
			if !ok || g.Bounds() != ycc.Bounds() {
				t.Fatalf("%s %s: %T %v, want *image.Gray %v", how, name, img, img.Bounds(), ycc.Bounds())
			}
			for y := range g.Rect.Dy() {
				for x := range g.Rect.Dx() {
					if g.GrayAt(x, y).Y != ycc.Y[ycc.YOffset(x, y)] {
						t.Fatalf("%s %s: (%d,%d) is %d, the full decode's Y %d", how, name, x, y, g.GrayAt(x, y).Y, ycc.Y[ycc.YOffset(x, y)])
					}
				}
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
}

// kind names the input error err is, or "" for none.
func kind(err error) string {
	for _, e := range []error{ErrEmpty, ErrUnknownFormat, ErrTooLarge, ErrTruncated, ErrCorrupt, ErrUnsupported} {
		if errors.Is(err, e) {
			return e.Error()
		}
	}
	if err != nil {
		return "other"
	}
	return ""
}
