package imageio

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// manyScans returns a greyscale progressive JPEG of w×h pixels (ITU-T T.81
// Annex G) with the given number of AC refinement scans, each coding all
// blocks as end-of-band runs: the cheap-to-send, costly-to-decode stream
// that scanGuard exists to stop.
func manyScans(w, h, scans int) []byte {
	b := []byte{0xff, 0xd8}                       // SOI
	b = append(b, 0xff, 0xdb, 0, 67, 0)           // DQT: table 0, 8-bit
	b = append(b, bytes.Repeat([]byte{1}, 64)...) // all quantizers 1
	b = append(b, 0xff, 0xc2, 0, 11, 8,           // SOF2, 8-bit samples
		byte(h>>8), byte(h), byte(w>>8), byte(w), //
		1, 1, 0x11, 0) // one component, 1x1 sampling, table 0
	b = append(b, 0xff, 0xc4, 0, 20, 0x10, 1) // DHT: AC table 0, one code of length 1
	b = append(b, make([]byte, 15)...)
	b = append(b, 0xe0) // the code's symbol: EOBRUN with 14 more bits

	// Entropy-coded data: runs of 2^14 + (2^14-1) = 32767 blocks, each the
	// 1-bit code 0 and 14 one bits, padded with one bits, 0xFF stuffed.
	var ent []byte
	var acc uint32
	var n uint
	put := func(v uint32, bits uint) {
		acc, n = acc<<bits|v, n+bits
		for ; n >= 8; n -= 8 {
			c := byte(acc >> (n - 8))
			if ent = append(ent, c); c == 0xff {
				ent = append(ent, 0)
			}
		}
	}
	for left := ((w + 7) / 8) * ((h + 7) / 8); left > 0; left -= 32767 {
		put(0, 1)
		put(0x3fff, 14)
	}
	if n > 0 {
		put(1<<(8-n)-1, 8-n)
	}
	for range scans {
		// SOS: one component, AC table 0, spectral 1..63, Ah=1 Al=0.
		b = append(b, 0xff, 0xda, 0, 8, 1, 1, 0x00, 1, 63, 0x10)
		b = append(b, ent...)
	}
	return append(b, 0xff, 0xd9) // EOI
}

// countScans runs data through a scanGuard allowing limit scans and
// returns the count and the error of reading it all.
func countScans(r io.Reader, limit int) (int, error) {
	g := &scanGuard{r: r, max: limit}
	_, err := io.Copy(io.Discard, g)
	return g.scans, err
}

func TestScanGuardCounts(t *testing.T) {
	prog := readFile(t, "checker-progressive.jpg")
	// An APP1 segment whose payload holds SOS marker bytes, as an EXIF
	// thumbnail does: they are not scans of the image.
	app := append([]byte{0xff, 0xe1, 0, 2 + 8}, "\xff\xda\xff\xda\xff\xff\xda\x00"...)
	withApp := append(append(append([]byte{}, prog[:2]...), app...), prog[2:]...)
	baseline := encode(t, func(w io.Writer) error { return jpeg.Encode(w, checker(false), nil) })
	for _, tt := range []struct {
		name  string
		data  []byte
		scans int
	}{
		{"baseline", baseline, 1},
		{"restart markers", readFile(t, "checker-restart.jpg"), 1},
		{"progressive", prog, 10}, // cjpeg -progressive: libjpeg's 10-scan colour script
		{"progressive with APP1", withApp, 10},
		{"many scans", manyScans(64, 64, 300), 300},
	} {
		for how, r := range map[string]io.Reader{
			"whole":    bytes.NewReader(tt.data),
			"one byte": iotest.OneByteReader(bytes.NewReader(tt.data)),
		} {
			n, err := countScans(r, 1000)
			if n != tt.scans || err != nil {
				t.Errorf("%s, %s: %d scans, %v; want %d", tt.name, how, n, err, tt.scans)
			}
		}
		if n, err := countScans(bytes.NewReader(tt.data), tt.scans-1); n != tt.scans || !errors.Is(err, errTooManyScans) {
			t.Errorf("%s with a limit of %d: %d scans, %v; want errTooManyScans at scan %d", tt.name, tt.scans-1, n, err, tt.scans)
		}
	}
	// The guard passes the stream through unchanged.
	img, _, err := DecodeBytes(withApp, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkPattern(t, sample{tolerance: 64, alpha: 255}, img)
}

func TestDecodeJPEGTooManyScans(t *testing.T) {
	// The scan budget of an image is set by the size its header gives:
	// pretend the tiny stream belongs to a 64-megapixel image.
	big := image.Config{Width: 8192, Height: 8192}
	if got := maxScans(big); got != 64 {
		t.Fatalf("maxScans(8192x8192) = %d, want 64", got)
	}
	if got := maxScans(image.Config{Width: 1000, Height: 1000}); got != 4294 {
		t.Errorf("maxScans(1000x1000) = %d, want 4294", got)
	}
	if _, err := decodeJPEG(bytes.NewReader(manyScans(8, 8, 64)), big); err != nil {
		t.Errorf("64 scans: %v", err)
	}
	_, err := decodeJPEG(bytes.NewReader(manyScans(8, 8, 65)), big)
	if !errors.Is(err, errTooManyScans) {
		t.Fatalf("65 scans: %v, want errTooManyScans", err)
	}
	err = decodeError("jpeg", err)
	if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "more than 64 scans in a 8192x8192 image") {
		t.Errorf("65 scans: %v, want ErrUnsupported naming the limit", err)
	}
	// Through Decode, a small image with many scans decodes.
	if _, _, err := DecodeBytes(manyScans(64, 64, 300), Options{}); err != nil {
		t.Errorf("300 scans of 64x64 pixels: %v", err)
	}
}

// TestDecodeLuminance checks Options.Luminance: a JPEG image comes as an
// *image.Gray equal to image/jpeg's Y plane within two grey levels, a
// file package imageio/jpeg refuses comes from image/jpeg, and truncated
// or corrupt files and the scan budget give the errors of the full path.
func TestDecodeLuminance(t *testing.T) {
	lum := Options{Luminance: true}
	for _, s := range samples(t) {
		if s.format != "jpeg" {
			if _, _, err := DecodeBytes(s.data, lum); err != nil {
				t.Errorf("%s with Luminance: %v", s.name, err)
			}
			continue
		}
		full, _, err := DecodeBytes(s.data, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ycc := full.(*image.YCbCr)
		for how, dec := range map[string]func([]byte) (image.Image, string, error){
			"Decode":      func(b []byte) (image.Image, string, error) { return Decode(bytes.NewReader(b), lum) },
			"DecodeBytes": func(b []byte) (image.Image, string, error) { return DecodeBytes(b, lum) },
		} {
			img, name, err := dec(s.data)
			if err != nil || name != "jpeg" {
				t.Fatalf("%s %s: %s, %v", how, s.name, name, err)
			}
			g, ok := img.(*image.Gray)
			if !ok || g.Bounds() != ycc.Bounds() {
				t.Fatalf("%s %s: %T %v, want *image.Gray %v", how, s.name, img, img.Bounds(), ycc.Bounds())
			}
			for y := range g.Rect.Dy() {
				for x := range g.Rect.Dx() {
					if d := int(g.GrayAt(x, y).Y) - int(ycc.Y[ycc.YOffset(x, y)]); d < -2 || d > 2 {
						t.Fatalf("%s %s: (%d,%d) is %d, image/jpeg's Y %d", how, s.name, x, y, g.GrayAt(x, y).Y, ycc.Y[ycc.YOffset(x, y)])
					}
				}
			}
			for n := sniffLen; n < len(s.data); n++ {
				if _, _, err := dec(s.data[:n]); err != nil && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrCorrupt) {
					t.Errorf("%s %s cut to %d of %d bytes: %v, want ErrTruncated or ErrCorrupt", how, s.name, n, len(s.data), err)
				}
			}
			n := len(s.data) * 2 / 3
			if _, _, err := dec(s.data[:n]); !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "jpeg data ends early") {
				t.Errorf("%s %s cut to %d of %d bytes: %v, want ErrTruncated", how, s.name, n, len(s.data), err)
			}
		}
	}

	// An RGB JPEG (cjpeg -rgb) goes to image/jpeg.
	rgb := readFile(t, "../jpeg/testdata/rgb.jpg")
	if img, _, err := DecodeBytes(rgb, lum); err != nil {
		t.Errorf("RGB JPEG with Luminance: %v", err)
	} else if _, ok := img.(*image.Gray); ok {
		t.Errorf("RGB JPEG with Luminance: an *image.Gray, want image/jpeg's image")
	}

	// The scan budget holds for the luminance decoder too.
	big := image.Config{Width: 8192, Height: 8192}
	if _, err := decodeJPEGLuminance(manyScans(8, 8, 64), big); err != nil {
		t.Errorf("64 scans: %v", err)
	}
	_, err := decodeJPEGLuminance(manyScans(8, 8, 65), big)
	if err = decodeError("jpeg", err); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "more than 64 scans in a 8192x8192 image") {
		t.Errorf("65 scans: %v, want ErrUnsupported naming the limit", err)
	}
	if _, _, err := DecodeBytes(manyScans(64, 64, 300), lum); err != nil {
		t.Errorf("300 scans of 64x64 pixels: %v", err)
	}
}
