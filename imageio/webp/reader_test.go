package webp

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/modroot"
	xwebp "golang.org/x/image/webp"
)

// xDecode decodes data with golang.org/x/image/webp, the test oracle,
// turning a panic into an error.
func xDecode(data []byte) (m image.Image, err error) {
	defer func() {
		if p := recover(); p != nil {
			m, err = nil, fmt.Errorf("x/image/webp panicked: %v", p)
		}
	}()
	return xwebp.Decode(bytes.NewReader(data))
}

// sameY reports where g differs from the Y plane of m, or "" when they
// are the same size and equal at every pixel.
func sameY(g *image.Gray, m *image.YCbCr) string {
	if g.Bounds() != m.Bounds() {
		return fmt.Sprintf("bounds %v, x/image/webp %v", g.Bounds(), m.Bounds())
	}
	n, first := 0, image.Point{}
	for y := range g.Rect.Dy() {
		for x := range g.Rect.Dx() {
			if g.Pix[y*g.Stride+x] != m.Y[m.YOffset(x, y)] {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d pixels differ, the first at %v: %d, x/image/webp %d",
		n, first, g.GrayAt(first.X, first.Y).Y, m.Y[m.YOffset(first.X, first.Y)])
}

// compareX decodes data with Decode and with golang.org/x/image/webp
// and reports how they disagree: one fails and the other does not, or
// the luminance differs. A file Decode does not support must be one that
// x/image/webp fails on or decodes to something else than YCbCr (alpha,
// lossless); one Decode refuses as corrupt where x/image/webp decodes it
// must have a partition that no encoder makes.
func compareX(data []byte) (supported bool, problem string) {
	g, err := Decode(data, Options{})
	m, xerr := xDecode(data)
	switch {
	case errors.Is(err, ErrUnsupported):
		if _, ycc := m.(*image.YCbCr); xerr == nil && ycc {
			return false, fmt.Sprintf("%v, but x/image/webp decodes a %T", err, m)
		}
		return false, ""
	case err != nil && xerr != nil:
		return true, ""
	case errors.Is(err, errBadStart):
		// x/image/vp8 decodes garbage from a partition no encoder makes.
		return true, ""
	case err != nil:
		return true, fmt.Sprintf("%v, but x/image/webp decodes it", err)
	case xerr != nil:
		return true, fmt.Sprintf("decoded, but x/image/webp gives %v", xerr)
	}
	ycc, ok := m.(*image.YCbCr)
	if !ok {
		return true, fmt.Sprintf("decoded, but x/image/webp gives a %T", m)
	}
	return true, sameY(g, ycc)
}

// fixtures returns the WebP files of testdata.
func fixtures(t testing.TB) map[string][]byte {
	files, err := filepath.Glob("testdata/*.webp")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test images: %v", err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m[filepath.Base(f)] = b
	}
	return m
}

// corpus returns the paths of the WebP files of the reference corpus in
// ../shared beside the repository, or nil when it is absent.
func corpus(t testing.TB) []string {
	dir := modroot.Beside("shared")
	if dir == "" {
		return nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "corpus", "zxing-cpp", "*", "*.webp"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestSameAsXImage decodes the test images and every WebP file of the
// reference corpus with Decode and with golang.org/x/image/webp: where
// Decode supports the file, the luminance must be the same bit for bit.
func TestSameAsXImage(t *testing.T) {
	unsupported := map[string]bool{"alpha.webp": true, "animated.webp": true, "lossless.webp": true}
	for name, data := range fixtures(t) {
		supported, problem := compareX(data)
		if problem != "" {
			t.Errorf("%s: %s", name, problem)
		}
		if supported == unsupported[name] {
			t.Errorf("%s: supported %v, want %v", name, supported, !unsupported[name])
		}
	}
	files := corpus(t)
	if files == nil {
		t.Log("no corpus: ../shared is absent")
		return
	}
	same, skipped := 0, 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		supported, problem := compareX(data)
		switch {
		case problem != "":
			t.Errorf("%s: %s", path, problem)
		case supported:
			same++
		default:
			skipped++
		}
	}
	t.Logf("corpus: %d files the same as x/image/webp, %d unsupported (alpha, lossless)", same, skipped)
	if same == 0 {
		t.Errorf("no corpus file decoded")
	}
}

// frameFeatures is what a test image exercises of RFC 6386.
type frameFeatures struct {
	segments, segmentMap, simple, sharp bool
	level, parts                        int
	skip                                bool
	width, height                       int
	ymodes                              [5]int         // macroblocks by luma mode
	bmodes                              [numBModes]int // subblocks by mode
	skipped                             int            // macroblocks with mb_skip_coeff set
}

// features parses the frame header and walks the macroblock headers of
// the first partition of a test image, with the decoder's own functions.
func features(t *testing.T, data []byte) frameFeatures {
	c, _, err := findFrame(data)
	if err != nil {
		t.Fatal(err)
	}
	b := c.data
	firstLen := int(u24(b) >> 5)
	d := &decoder{width: int(binary.LittleEndian.Uint16(b[6:]) & 0x3fff), height: int(binary.LittleEndian.Uint16(b[8:]) & 0x3fff)}
	d.mbw, d.mbh = (d.width+15)/16, (d.height+15)/16
	d.fp.init(b[10 : 10+firstLen])
	d.parseHeader()
	d.parseHeaderRest()
	f := frameFeatures{
		segments: d.segmented, segmentMap: d.updateMap, simple: d.simpleFilter, sharp: d.sharpness > 0,
		level: d.filterLevel, parts: d.nparts, skip: d.useSkip, width: d.width, height: d.height,
	}
	above := make([]mbContext, d.mbw)
	for range d.mbh {
		var left mbContext
		for mbx := range d.mbw {
			if d.updateMap {
				d.fp.readTree(mbSegmentTree, d.segProbs[:])
			}
			if d.useSkip && d.fp.readBit(d.skipProb) {
				f.skipped++
			}
			ymode := d.fp.readTree(kfYModeTree, kfYModeProbs[:])
			f.ymodes[ymode]++
			if ymode == predB {
				var modes [16]uint8
				d.fp.readBModes(&above[mbx].modes, &left.modes, &modes)
				for _, m := range modes {
					f.bmodes[m]++
				}
			} else {
				m := impliedBMode[ymode]
				above[mbx].modes = [4]uint8{m, m, m, m}
				left.modes = above[mbx].modes
			}
			d.fp.readTree(uvModeTree, kfUVModeProbs[:])
		}
	}
	if d.fp.eof {
		t.Fatal("first partition ends early")
	}
	return f
}

// TestFeatures checks that the test images, all decoded the same as
// x/image/webp by TestSameAsXImage, exercise the features of RFC 6386 a
// decoder has to get right.
func TestFeatures(t *testing.T) {
	var (
		segOn, segOff, mapOn, mapOff, simple, normal, level0, sharp bool
		parts, skipOn, skipOff, skipped, odd, tiny, large           bool
		ymodes                                                      [5]int
		bmodes                                                      [numBModes]int
	)
	for name, data := range fixtures(t) {
		if _, err := Decode(data, Options{}); errors.Is(err, ErrUnsupported) {
			continue
		}
		f := features(t, data)
		t.Logf("%s: %+v", name, f)
		segOn, segOff = segOn || f.segments, segOff || !f.segments
		mapOn, mapOff = mapOn || f.segments && f.segmentMap, mapOff || f.segments && !f.segmentMap
		simple, normal = simple || f.simple && f.level > 0, normal || !f.simple && f.level > 0
		level0, sharp = level0 || f.level == 0, sharp || f.sharp
		parts = parts || f.parts == 8
		skipOn, skipOff, skipped = skipOn || f.skip, skipOff || !f.skip, skipped || f.skipped > 0
		odd = odd || f.width%16 != 0 && f.height%16 != 0
		tiny = tiny || f.width == 1 && f.height == 1
		large = large || f.width >= 2048
		for i, n := range f.ymodes {
			ymodes[i] += n
		}
		for i, n := range f.bmodes {
			bmodes[i] += n
		}
	}
	for what, ok := range map[string]bool{
		"segmentation on": segOn, "segmentation off": segOff,
		"segment map": mapOn, "segments without a map": mapOff,
		"simple filter": simple, "normal filter": normal, "filter level 0": level0,
		"sharpness": sharp, "8 token partitions": parts,
		"mb_no_skip_coeff on": skipOn, "mb_no_skip_coeff off": skipOff, "skipped macroblocks": skipped,
		"odd size": odd, "1x1": tiny, "2048 pixels wide": large,
	} {
		if !ok {
			t.Errorf("no test image has %s", what)
		}
	}
	for m, n := range ymodes {
		if n == 0 {
			t.Errorf("no macroblock of luma mode %d", m)
		}
	}
	for m, n := range bmodes {
		if n == 0 {
			t.Errorf("no subblock of mode %d", m)
		}
	}
}

// TestUnsupported checks that lossless, alpha and animated files give
// ErrUnsupported, and data that is not WebP ErrFormat.
func TestUnsupported(t *testing.T) {
	all := fixtures(t)
	for _, name := range []string{"lossless.webp", "alpha.webp", "animated.webp"} {
		if _, err := Decode(all[name], Options{}); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", name, err)
		}
	}
	for _, data := range []string{"RIFF\x04\x00\x00\x00WEBP", "RIFX\x00\x00\x00\x00WEBPVP8 ", "\x89PNG\r\n\x1a\n\x00\x00\x00\x00"} {
		if _, err := Decode([]byte(data), Options{}); !errors.Is(err, ErrFormat) {
			t.Errorf("%q: %v, want ErrFormat", data, err)
		}
	}
}

func TestTooLarge(t *testing.T) {
	data := fixtures(t)["photo.webp"] // 250x131
	if _, err := Decode(data, Options{MaxPixels: 250 * 131}); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	if _, err := Decode(data, Options{MaxPixels: 250*131 - 1}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the limit: %v, want ErrTooLarge", err)
	}
}

// cut returns the first n bytes of the simple WebP file data with the
// RIFF and VP8 chunk sizes made to end there: a file whose container is
// whole but whose bitstream is cut short.
func cut(data []byte, n int) []byte {
	b := bytes.Clone(data[:n])
	binary.LittleEndian.PutUint32(b[4:], uint32(n-8))
	binary.LittleEndian.PutUint32(b[16:], uint32(n-20))
	return b
}

// TestTruncated cuts test images at every length: every cut file must
// fail with an error wrapping io.ErrUnexpectedEOF. With the chunk sizes
// patched to the cut, Decode must agree with x/image/webp on where the
// bitstream ends: both fail, or both decode the same luminance.
func TestTruncated(t *testing.T) {
	all := fixtures(t)
	for _, name := range []string{"17x33.webp", "partitions.webp", "skip.webp", "segments4.webp"} {
		data := all[name]
		for n := range len(data) {
			if _, err := Decode(data[:n], Options{}); !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Errorf("%s cut to %d of %d bytes: %v, want io.ErrUnexpectedEOF", name, n, len(data), err)
			}
			if n < 20+10 || n%2 == 1 {
				continue
			}
			if _, problem := compareX(cut(data, n)); problem != "" {
				t.Errorf("%s with its bitstream cut to %d of %d bytes: %s", name, n-20, len(data)-20, problem)
			}
		}
	}
}

// TestCorrupt flips bits of the VP8 bitstreams of test images, past the
// frame size: Decode must never panic and must agree with x/image/webp on
// every corrupt file, failing when it fails and otherwise decoding the
// same luminance. Half the flips fall in the frame header, where they
// turn on features that libwebp never uses, such as the loop filter
// deltas of RFC 6386 §9.4: the test checks that some files it compares
// have them.
func TestCorrupt(t *testing.T) {
	all := fixtures(t)
	seed := uint32(1)
	rnd := func(n int) int {
		seed = seed*1664525 + 1013904223
		return int(uint64(seed>>8) * uint64(n) >> 24)
	}
	tries := 300
	if testing.Short() {
		tries = 30
	}
	deltas := 0
	for _, name := range []string{"17x33.webp", "partitions.webp", "skip.webp", "segments4.webp", "simple.webp", "q0.webp"} {
		data := all[name]
		for i := range tries {
			b := bytes.Clone(data)
			// Past the RIFF header (12 bytes), the chunk header (8) and
			// the frame tag, start code and size (10); in the first 12
			// bytes of the first partition every other time.
			span := len(b) - 30
			if i%2 == 0 {
				span = 12
			}
			for range 1 + rnd(3) {
				b[30+rnd(span)] ^= 1 << rnd(8)
			}
			if _, problem := compareX(b); problem != "" {
				t.Errorf("%s corrupted to %x: %s", name, b, problem)
				break
			}
			if g, err := Decode(b, Options{}); err == nil && g != nil && hasDeltas(b) {
				deltas++
			}
		}
	}
	if deltas == 0 && !testing.Short() {
		t.Error("no corrupt file decoded with loop filter deltas")
	}
}

// hasDeltas reports whether the frame header of the simple WebP file data
// gives macroblocks predicted as a whole and by subblocks different loop
// filter settings: mode deltas in use.
func hasDeltas(data []byte) bool {
	c, _, err := findFrame(data)
	if err != nil {
		return false
	}
	firstLen := int(u24(c.data) >> 5)
	var d decoder
	d.fp.init(c.data[10 : 10+firstLen])
	d.parseHeader()
	f := d.segments[0].filter
	return d.filterLevel > 0 && f[0] != f[1]
}

// TestErrors checks the errors of malformed containers.
func TestErrors(t *testing.T) {
	good := fixtures(t)["17x33.webp"]
	vp8x := fixtures(t)["extended.webp"]
	patch := func(b []byte, off int, v ...byte) []byte {
		b = bytes.Clone(b)
		copy(b[off:], v)
		return b
	}
	twoVP8X := append(append(bytes.Clone(vp8x[:30]), vp8x[12:30]...), vp8x[30:]...)
	binary.LittleEndian.PutUint32(twoVP8X[4:], uint32(len(twoVP8X)-8))
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"RIFF size under 4", patch(good, 4, 3, 0, 0, 0), "RIFF size"},
		{"chunk beyond the RIFF data", patch(good, 4, 20, 0, 0, 0), "overruns"},
		{"no start code", patch(good, 23, 0), "start code"},
		{"zero width", patch(good, 26, 0, 0), "0x33 pixels"},
		{"first partition beyond the chunk", patch(good, 20, 0xfe, 0xff, 0xff), "unexpected EOF"},
		{"interframe", patch(good, 20, good[20]|1), "interframe"},
		{"two VP8X chunks", twoVP8X, "two VP8X chunks"},
		{"VP8X of 9 bytes", patch(vp8x, 16, 9), "VP8X chunk of 9 bytes"},
		{"frame size not the canvas", patch(vp8x, 24, 0), "canvas"},
	} {
		_, err := Decode(tt.data, Options{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}
