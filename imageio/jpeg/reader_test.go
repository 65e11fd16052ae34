package jpeg

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/barkit/barkit/internal/modroot"
	"image"
	"image/color"
	stdjpeg "image/jpeg"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The accuracy Decode must keep against image/jpeg's and libjpeg's
// luminance: both use other integer IDCTs, which round differently.
const (
	maxDiff  = 2   // grey levels, at any pixel
	meanDiff = 0.1 // grey levels, on average over an image of meanPixels or more
	// meanPixels: in a smaller image a few rows that happen to round the
	// other way decide the mean (a 16x16 flat gradient gives 0.125).
	meanPixels = 1024
)

// within reports whether differences of most and mean are within the
// bounds for an image of the given size.
func within(most int, mean float64, b image.Rectangle) bool {
	return most <= maxDiff && (mean <= meanDiff || b.Dx()*b.Dy() < meanPixels)
}

// diff returns the largest and the mean absolute difference between g
// and the w×h plane pix of the given stride.
func diff(g *image.Gray, pix []uint8, stride int) (int, float64) {
	b := g.Bounds()
	most, sum := 0, 0
	for y := range b.Dy() {
		for x := range b.Dx() {
			d := int(g.Pix[g.PixOffset(x, y)]) - int(pix[y*stride+x])
			d = max(d, -d)
			most = max(most, d)
			sum += d
		}
	}
	return most, float64(sum) / float64(b.Dx()*b.Dy())
}

// stdLuminance decodes data with image/jpeg and returns its luminance
// plane, or an error when image/jpeg cannot decode it or gives neither
// YCbCr nor grey.
func stdLuminance(data []byte) (image.Rectangle, []uint8, int, error) {
	m, err := stdjpeg.Decode(bytes.NewReader(data))
	if err != nil {
		return image.Rectangle{}, nil, 0, err
	}
	switch m := m.(type) {
	case *image.YCbCr:
		return m.Rect, m.Y[m.YOffset(m.Rect.Min.X, m.Rect.Min.Y):], m.YStride, nil
	case *image.Gray:
		return m.Rect, m.Pix[m.PixOffset(m.Rect.Min.X, m.Rect.Min.Y):], m.Stride, nil
	}
	return image.Rectangle{}, nil, 0, fmt.Errorf("image/jpeg gives a %T", m)
}

// compareStd decodes data with Decode and image/jpeg and checks that the
// luminance agrees. It returns the differences.
func compareStd(t *testing.T, name string, data []byte) (int, float64) {
	t.Helper()
	g, err := Decode(data, Options{})
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return 0, 0
	}
	r, pix, stride, err := stdLuminance(data)
	if err != nil {
		t.Errorf("%s: image/jpeg: %v", name, err)
		return 0, 0
	}
	if g.Bounds() != r.Sub(r.Min) {
		t.Errorf("%s: bounds %v, image/jpeg %v", name, g.Bounds(), r)
		return 0, 0
	}
	most, mean := diff(g, pix, stride)
	if !within(most, mean, g.Bounds()) {
		t.Errorf("%s: differs from image/jpeg by up to %d, %.3f on average", name, most, mean)
	}
	return most, mean
}

// colourImage returns a w×h colour picture of modules over gradients.
func colourImage(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	seed := uint32(5)
	for y := range h {
		for x := range w {
			if x%6 == 0 && y%6 == 0 {
				seed = seed*1664525 + 1013904223
			}
			c := color.RGBA{uint8(200 + x%50), uint8(150 + y%100), uint8(x * y), 255}
			if (seed>>uint(x%6*5+y%6))&1 == 1 {
				c = color.RGBA{uint8(y), 40, uint8(255 - x%256), 255}
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

// TestDecodeEncoded compares Decode with image/jpeg on images image/jpeg
// encodes: colour (4:2:0) and greyscale, at several sizes and qualities.
func TestDecodeEncoded(t *testing.T) {
	most, total, n := 0, 0.0, 0
	for _, size := range []image.Point{{1, 1}, {7, 9}, {16, 16}, {33, 17}, {8, 100}, {257, 131}} {
		for _, q := range []int{1, 25, 75, 90, 100} {
			for _, img := range []image.Image{colourImage(size.X, size.Y), greyImage(size.X, size.Y)} {
				var buf bytes.Buffer
				if err := stdjpeg.Encode(&buf, img, &stdjpeg.Options{Quality: q}); err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%T %v quality %d", img, size, q)
				m, mean := compareStd(t, name, buf.Bytes())
				most, total, n = max(most, m), total+mean, n+1
			}
		}
	}
	t.Logf("%d images: largest difference %d, mean %.4f", n, most, total/float64(n))
}

// readPGM reads a binary PGM file as djpeg writes it.
func readPGM(t *testing.T, path string) (w, h int, pix []uint8) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var maxVal int
	r := bytes.NewReader(b)
	if _, err := fmt.Fscanf(r, "P5\n%d %d\n%d\n", &w, &h, &maxVal); err != nil || maxVal != 255 {
		t.Fatalf("%s: not an 8-bit PGM file: %v", path, err)
	}
	pix, _ = io.ReadAll(r)
	if len(pix) != w*h {
		t.Fatalf("%s: %d bytes of pixels for %dx%d", path, len(pix), w, h)
	}
	return w, h, pix
}

// TestDecodeTestdata compares Decode with libjpeg's luminance (the .pgm
// files beside the .jpg files, see testdata/README) and, where it decodes
// the file, with image/jpeg.
func TestDecodeTestdata(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.jpg")
	for _, path := range files {
		pgm := strings.TrimSuffix(path, ".jpg") + ".pgm"
		if _, err := os.Stat(pgm); err != nil {
			continue // a file Decode must refuse: see TestDecodeUnsupported
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Decode(data, Options{})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		w, h, pix := readPGM(t, pgm)
		if g.Bounds() != image.Rect(0, 0, w, h) {
			t.Errorf("%s: bounds %v, libjpeg %dx%d", path, g.Bounds(), w, h)
			continue
		}
		most, mean := diff(g, pix, w)
		if !within(most, mean, g.Bounds()) {
			t.Errorf("%s: differs from libjpeg by up to %d, %.3f on average", path, most, mean)
		}
		if _, _, _, err := stdLuminance(data); err == nil {
			compareStd(t, path, data)
		}
	}
}

// TestDecodeCorpus compares Decode with image/jpeg on the JPEG files of
// the reference corpus and on a sample of the boofcv-qr phone photos, in
// ../shared beside the repository.
func TestDecodeCorpus(t *testing.T) {
	dir := modroot.Beside("shared")
	if dir == "" {
		t.Skip("no repository")
	}
	var files []string
	filepath.WalkDir(filepath.Join(dir, "corpus", "zxing-cpp"), func(path string, e os.DirEntry, err error) error {
		if ext := strings.ToLower(filepath.Ext(path)); err == nil && (ext == ".jpg" || ext == ".jpeg") {
			files = append(files, path)
		}
		return nil
	})
	var photos []string
	filepath.WalkDir(filepath.Join(dir, "boofcv-qr"), func(path string, e os.DirEntry, err error) error {
		if ext := strings.ToLower(filepath.Ext(path)); err == nil && (ext == ".jpg" || ext == ".jpeg") {
			photos = append(photos, path)
		}
		return nil
	})
	if len(files)+len(photos) == 0 {
		t.Skip("../shared/corpus and ../shared/boofcv-qr are absent")
	}
	// One photo in 40: 7 of the 257, up to 12 megapixels each, so that
	// the test stays within seconds.
	sort.Strings(photos)
	step := 40
	if testing.Short() {
		step = len(photos) + 1
	}
	for i := 0; i < len(photos); i += step {
		files = append(files, photos[i])
	}
	most, total := 0, 0.0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m, mean := compareStd(t, path, data)
		most, total = max(most, m), total+mean
	}
	t.Logf("%d files: largest difference %d, mean %.4f", len(files), most, total/float64(len(files)))
}

// patch returns a copy of data with the bytes at the offset of the first
// marker m, plus off, replaced by b.
func patch(t *testing.T, data []byte, m byte, off int, b ...byte) []byte {
	t.Helper()
	i := bytes.Index(data, []byte{0xff, m})
	if i < 0 {
		t.Fatalf("no marker 0x%02x", m)
	}
	out := append([]byte(nil), data...)
	copy(out[i+off:], b)
	return out
}

func TestDecodeUnsupported(t *testing.T) {
	var colour, grey bytes.Buffer
	if err := stdjpeg.Encode(&colour, colourImage(32, 24), nil); err != nil {
		t.Fatal(err)
	}
	if err := stdjpeg.Encode(&grey, greyImage(32, 24), nil); err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// An Adobe APP14 segment saying the colour is not transformed: RGB.
	adobe := []byte{0xff, 0xee, 0, 14, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0}
	noJFIF := colour.Bytes() // image/jpeg writes no JFIF segment
	withAdobe := append(append([]byte{0xff, 0xd8}, adobe...), noJFIF[2:]...)
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"arithmetic coding", read("arithmetic.jpg")},
		{"RGB (components R, G, B)", read("rgb.jpg")},
		{"RGB (Adobe transform 0)", withAdobe},
		{"12-bit samples", patch(t, colour.Bytes(), mSOF0, 4, 12)},
		{"lossless", patch(t, colour.Bytes(), mSOF0, 1, 0xc3)},
		{"hierarchical", patch(t, colour.Bytes(), mSOF0, 1, 0xc5)},
		{"height from DNL", patch(t, colour.Bytes(), mSOF0, 5, 0, 0)},
		// Y sampled 1x1, Cb 2x2: the luminance is not the largest.
		{"luminance subsampled", patch(t, colour.Bytes(), mSOF0, 11, 0x11, 0, 2, 0x22)},
		{"two components", patch(t, colour.Bytes(), mSOF0, 9, 2)},
	} {
		_, err := Decode(tt.data, Options{})
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", tt.name, err)
		}
	}
	// A greyscale frame ignores its sampling factors (§A.2.2).
	if _, err := Decode(patch(t, grey.Bytes(), mSOF0, 11, 0x22), Options{}); err != nil {
		t.Errorf("greyscale sampled 2x2: %v", err)
	}
}

func TestDecodeLimits(t *testing.T) {
	data, err := os.ReadFile("testdata/prog-script.jpg") // 75x53, 10 scans
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(data, Options{MaxScans: 10, MaxPixels: 75 * 53}); err != nil {
		t.Errorf("at the limits: %v", err)
	}
	if _, err := Decode(data, Options{MaxScans: 9}); !errors.Is(err, ErrTooManyScans) {
		t.Errorf("9 scans allowed: %v, want ErrTooManyScans", err)
	}
	if _, err := Decode(data, Options{MaxPixels: 75*53 - 1}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("one pixel too many: %v, want ErrTooLarge", err)
	}
}

// TestDecodeTruncated cuts files at every byte: each cut must give an
// error, and a cut in the entropy-coded data io.ErrUnexpectedEOF, as
// image/jpeg does.
func TestDecodeTruncated(t *testing.T) {
	for _, name := range []string{"prog-script.jpg", "seq-411-restart.jpg", "prog-grey-restart.jpg"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		for n := range len(data) - 1 {
			_, err := Decode(data[:n], Options{})
			if err == nil {
				t.Errorf("%s cut to %d of %d bytes: no error", name, n, len(data))
			} else if !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, ErrFormat) {
				t.Errorf("%s cut to %d of %d bytes: %v", name, n, len(data), err)
			}
		}
		n := len(data) * 2 / 3
		if _, err := Decode(data[:n], Options{}); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("%s cut to %d of %d bytes: %v, want io.ErrUnexpectedEOF", name, n, len(data), err)
		}
	}
}
