package png

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	stdpng "image/png"
	"io"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/modroot"
)

// want returns what Decode must give for data: binarize.Luminance of the
// image image/png decodes, or image/png's error.
func want(data []byte) (*image.Gray, error) {
	img, err := stdpng.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return binarize.Luminance(img), nil
}

// same reports where g and w differ, or "" when they hold the same
// pixels.
func same(g, w *image.Gray) string {
	if g.Bounds() != w.Bounds() {
		return "bounds " + g.Bounds().String() + ", want " + w.Bounds().String()
	}
	b := g.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if gv, wv := g.GrayAt(x, y).Y, w.GrayAt(x, y).Y; gv != wv {
				return "pixel (" + itoa(x) + "," + itoa(y) + ") is " + itoa(int(gv)) + ", want " + itoa(int(wv))
			}
		}
	}
	return ""
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + itoa(i%10)
}

// check decodes data and compares it with image/png and
// binarize.Luminance: the same pixels when image/png decodes it, an
// error of the same kind when it fails.
func check(t *testing.T, name string, data []byte) {
	t.Helper()
	w, werr := want(data)
	g, err := Decode(data, Options{})
	switch {
	case werr == nil && err != nil:
		t.Errorf("%s: %v; image/png decodes it", name, err)
	case werr == nil:
		if d := same(g, w); d != "" {
			t.Errorf("%s: %s", name, d)
		}
	case err == nil:
		t.Errorf("%s: decodes; image/png fails with %v", name, werr)
	case errors.Is(err, ErrUnsupported):
		// The caller falls back on image/png.
	case isShort(werr) != errors.Is(err, io.ErrUnexpectedEOF):
		t.Errorf("%s: %v; image/png fails with %v", name, err, werr)
	}
}

// isShort reports whether an error of image/png says the data ends early,
// as package imageio reads it.
func isShort(err error) bool {
	msg := err.Error()
	return errors.Is(err, io.ErrUnexpectedEOF) ||
		strings.Contains(msg, "unexpected EOF") || strings.Contains(msg, "not enough pixel data")
}

// sharedPNGs returns the PNG files under ../shared/corpus, or skips the
// test when it is absent.
func sharedPNGs(tb testing.TB) []string {
	dir := modroot.Beside("shared")
	if dir == "" {
		tb.Skip("../shared is absent")
	}
	var files []string
	filepath.WalkDir(filepath.Join(dir, "corpus"), func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.EqualFold(filepath.Ext(path), ".png") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		tb.Skip("no PNG files under ../shared/corpus")
	}
	return files
}

// TestCorpus compares Decode with image/png and binarize.Luminance on
// every PNG file of the shared corpus.
func TestCorpus(t *testing.T) {
	for _, path := range sharedPNGs(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		check(t, path, data)
	}
}

// A testImage describes a PNG file for encode to write.
type testImage struct {
	width, height int
	depth, colour int
	interlaced    bool
	plte, trns    []byte // written when not nil
	level         int    // zlib compression level
	chunk         int    // the most bytes of an IDAT chunk
}

// encode writes t as a PNG file whose image data are random samples,
// drawn mostly from a few values so that runs and tRNS matches occur. The
// rows are filtered with every filter type in turn (§9.2), by the
// straightforward filters of filterRef, and compressed with
// compress/zlib into IDAT chunks of at most t.chunk bytes.
func (t testImage) encode(rng *rand.Rand) []byte {
	h := header{width: t.width, height: t.height, depth: t.depth, colour: t.colour, interlaced: t.interlaced}
	bpp := h.bitsPerPixel()
	step := max(1, bpp/8)
	common := []byte{0, 0xff, byte(rng.IntN(256))}
	var raw []byte
	first := true
	var trnsPixel []byte
	for i, p := range h.passes() {
		rowBytes := (bpp*p.width + 7) / 8
		prev := make([]byte, rowBytes)
		for y := range p.height {
			cur := make([]byte, rowBytes)
			for x := range cur {
				if rng.IntN(4) == 0 {
					cur[x] = byte(rng.IntN(256))
				} else {
					cur[x] = common[rng.IntN(len(common))]
				}
			}
			if first {
				trnsPixel = cur[:step]
				first = false
			}
			ft := byte((y + i) % 5)
			raw = append(raw, ft)
			raw = append(raw, filterRef(ft, cur, prev, step)...)
			prev = cur
		}
	}
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, t.level)
	if err != nil {
		panic(err)
	}
	zw.Write(raw)
	zw.Close()

	out := []byte(signature)
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(t.width))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(t.height))
	ihdr = append(ihdr, byte(t.depth), byte(t.colour), 0, 0, 0)
	if t.interlaced {
		ihdr[12] = 1
	}
	out = appendChunk(out, "IHDR", ihdr)
	if t.plte != nil {
		out = appendChunk(out, "PLTE", t.plte)
	}
	if t.trns != nil {
		trns := t.trns
		if len(trns) == 0 && t.colour != ctPalette {
			// Make the first pixel's colour transparent.
			trns = make([]byte, 0, 6)
			for s := range h.channels() {
				if t.depth == 16 {
					trns = append(trns, trnsPixel[2*s:2*s+2]...)
				} else {
					trns = append(trns, 0, trnsPixel[s])
				}
			}
			if t.depth < 8 {
				trns[1] >>= 8 - t.depth // the first sample of the byte
			}
		}
		out = appendChunk(out, "tRNS", trns)
	}
	data := z.Bytes()
	for len(data) > 0 {
		n := min(len(data), t.chunk)
		out = appendChunk(out, "IDAT", data[:n])
		data = data[n:]
	}
	return appendChunk(out, "IEND", nil)
}

// appendChunk appends a chunk of type typ and its CRC, §5.3.
func appendChunk(b []byte, typ string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	start := len(b)
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// filterRef filters the row cur with filter type ft, given the row above
// (zeros for the first), as §9.2 and §9.4 define it, byte by byte.
func filterRef(ft byte, cur, prev []byte, bpp int) []byte {
	out := make([]byte, len(cur))
	for i := range cur {
		var a, b, c int
		if i >= bpp {
			a, c = int(cur[i-bpp]), int(prev[i-bpp])
		}
		b = int(prev[i])
		var pred int
		switch ft {
		case ftSub:
			pred = a
		case ftUp:
			pred = b
		case ftAverage:
			pred = (a + b) / 2
		case ftPaeth:
			pred = paethRef(a, b, c)
		}
		out[i] = cur[i] - byte(pred)
	}
	return out
}

// paethRef is the Paeth predictor as §9.4 defines it.
func paethRef(a, b, c int) int {
	p := a + b - c
	pa, pb, pc := absRef(p-a), absRef(p-b), absRef(p-c)
	switch {
	case pa <= pb && pa <= pc:
		return a
	case pb <= pc:
		return b
	}
	return c
}

func absRef(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// testImages returns PNG files of every colour type and bit depth, with
// and without tRNS, interlaced and not, of sizes from one pixel up.
func testImages(rng *rand.Rand) map[string][]byte {
	files := map[string][]byte{}
	depths := []struct {
		colour int
		depths []int
	}{
		{ctGrey, []int{1, 2, 4, 8, 16}},
		{ctTrue, []int{8, 16}},
		{ctPalette, []int{1, 2, 4, 8}},
		{ctGreyAlpha, []int{8, 16}},
		{ctTrueAlpha, []int{8, 16}},
	}
	sizes := [][2]int{{1, 1}, {3, 2}, {9, 7}, {17, 5}, {40, 33}}
	for _, cd := range depths {
		colour := cd.colour
		for _, depth := range cd.depths {
			for _, size := range sizes {
				for _, interlaced := range []bool{false, true} {
					for _, withTRNS := range []bool{false, true} {
						if withTRNS && (colour == ctGreyAlpha || colour == ctTrueAlpha) {
							continue
						}
						t := testImage{
							width: size[0], height: size[1], depth: depth, colour: colour,
							interlaced: interlaced, level: rng.IntN(10), chunk: 1 + rng.IntN(300),
						}
						if colour == ctPalette {
							// Fewer entries than the depth can index, at
							// times, to test indices past the end.
							n := 1 + rng.IntN(1<<depth)
							t.plte = make([]byte, 3*n)
							for i := range t.plte {
								t.plte[i] = byte(rng.IntN(256))
							}
						}
						if withTRNS {
							t.trns = []byte{} // the first pixel's colour
							if colour == ctPalette {
								// Up to 256 alphas, more than PLTE at times.
								t.trns = make([]byte, rng.IntN(257))
								for i := range t.trns {
									t.trns[i] = byte(rng.IntN(256))
								}
							}
						}
						name := fmt.Sprintf("colour%d-depth%d-%dx%d-interlaced=%v-trns=%v", colour, depth, size[0], size[1], interlaced, withTRNS)
						files[name] = t.encode(rng)
					}
				}
			}
		}
	}
	// Grey tRNS levels that image/png scales in 8-bit arithmetic, and a
	// truecolour one whose high bytes it ignores at depth 8.
	for _, tc := range []struct {
		depth int
		trns  []byte
	}{{1, []byte{0, 1}}, {1, []byte{0, 2}}, {2, []byte{0, 3}}, {2, []byte{0, 0x56}}, {4, []byte{0x12, 0x0f}}, {8, []byte{0x12, 0}}} {
		t := testImage{width: 13, height: 6, depth: tc.depth, colour: ctGrey, trns: tc.trns, level: 6, chunk: 100}
		files[fmt.Sprintf("grey%d-trns=%x", tc.depth, tc.trns)] = t.encode(rng)
	}
	return files
}

// TestColourTypes compares Decode with image/png and binarize.Luminance
// on made-up files of every colour type and bit depth.
func TestColourTypes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for name, data := range testImages(rng) {
		check(t, name, data)
	}
}

// TestStdEncoder compares Decode with image/png and binarize.Luminance
// on files image/png writes from each of the image types it takes, with
// transparent pixels.
func TestStdEncoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	r := image.Rect(0, 0, 37, 23)
	pal := color.Palette{}
	for range 200 {
		pal = append(pal, color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256))})
	}
	imgs := map[string]image.Image{
		"gray": image.NewGray(r), "gray16": image.NewGray16(r),
		"rgba": image.NewRGBA(r), "nrgba": image.NewNRGBA(r),
		"rgba64": image.NewRGBA64(r), "nrgba64": image.NewNRGBA64(r),
		"paletted": image.NewPaletted(r, pal), "opaque-paletted": image.NewPaletted(r, pal[:3]),
	}
	for name, img := range imgs {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := color.NRGBA64{uint16(rng.Uint32()), uint16(rng.Uint32()), uint16(rng.Uint32()), uint16(rng.Uint32())}
				switch rng.IntN(3) {
				case 0:
					c.A = 0xffff
				case 1:
					c.A = 0
				}
				img.(draw.Image).Set(x, y, c)
			}
		}
		for _, level := range []stdpng.CompressionLevel{stdpng.NoCompression, stdpng.BestSpeed, stdpng.DefaultCompression, stdpng.BestCompression} {
			var buf bytes.Buffer
			if err := (&stdpng.Encoder{CompressionLevel: level}).Encode(&buf, img); err != nil {
				t.Fatal(err)
			}
			check(t, fmt.Sprintf("%s-level%d", name, level), buf.Bytes())
		}
	}
}

// damageSamples returns small files to cut and damage: made-up ones of
// each colour type and one image/png writes.
func damageSamples(t *testing.T) map[string][]byte {
	rng := rand.New(rand.NewPCG(5, 6))
	files := map[string][]byte{}
	all := testImages(rng)
	for _, name := range slices.Sorted(maps.Keys(all)) {
		if data := all[name]; len(data) < 1500 && rng.IntN(3) == 0 {
			files[name] = data
		}
	}
	img := image.NewNRGBA(image.Rect(0, 0, 20, 10))
	for i := range img.Pix {
		img.Pix[i] = uint8(rng.IntN(4) * 85)
	}
	var buf bytes.Buffer
	if err := stdpng.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	files["image/png"] = buf.Bytes()
	return files
}

// TestTruncated checks every cut of the sample files: Decode fails, and
// says the data ends early where image/png does.
func TestTruncated(t *testing.T) {
	for name, data := range damageSamples(t) {
		for n := range len(data) {
			check(t, fmt.Sprintf("%s cut to %d of %d bytes", name, n, len(data)), data[:n])
		}
	}
}

// TestDamaged checks the sample files with each byte changed: Decode
// never panics, fails where image/png fails, with an error of the same
// kind, and gives the same pixels where image/png decodes.
func TestDamaged(t *testing.T) {
	for name, data := range damageSamples(t) {
		b := bytes.Clone(data)
		for i := range b {
			for _, flip := range []byte{0x01, 0x80, 0xff} {
				b[i] ^= flip
				check(t, fmt.Sprintf("%s with byte %d xor %#x", name, i, flip), b)
				b[i] ^= flip
			}
		}
	}
}

// TestChunks checks the chunk rules on a file image/png writes, changed
// in ways that keep the CRCs right: Decode accepts and refuses what
// image/png does.
func TestChunks(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 8, 4))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	var buf bytes.Buffer
	if err := stdpng.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	// Split the file into its chunks.
	data := buf.Bytes()
	var chunks [][]byte
	for p := len(signature); p < len(data); {
		n := 12 + int(binary.BigEndian.Uint32(data[p:]))
		chunks = append(chunks, data[p:p+n])
		p += n
	}
	ihdr, idat, iend := chunks[0], chunks[1], chunks[len(chunks)-1]
	z := idat[8 : len(idat)-4]
	text := appendChunk(nil, "tEXt", []byte("Comment\x00hello"))
	plte := appendChunk(nil, "PLTE", []byte{1, 2, 3})
	trns := appendChunk(nil, "tRNS", []byte{0, 7})
	file := func(cs ...[]byte) []byte {
		return append([]byte(signature), bytes.Join(cs, nil)...)
	}
	tests := map[string][]byte{
		"plain":                    file(ihdr, idat, iend),
		"ancillary chunks":         file(text, ihdr, text, idat, text, iend),
		"IDAT split":               file(ihdr, appendChunk(nil, "IDAT", z[:5]), appendChunk(nil, "IDAT", z[5:9]), appendChunk(nil, "IDAT", z[9:]), iend),
		"IDAT split by a chunk":    file(ihdr, appendChunk(nil, "IDAT", z[:5]), text, appendChunk(nil, "IDAT", z[5:]), iend),
		"empty IDAT after":         file(ihdr, idat, appendChunk(nil, "IDAT", nil), iend),
		"garbage IDAT after":       file(ihdr, idat, appendChunk(nil, "IDAT", []byte("garbage")), iend),
		"trailing data":            append(file(ihdr, idat, iend), "trailing"...),
		"no IEND":                  file(ihdr, idat),
		"no IDAT":                  file(ihdr, iend),
		"no IHDR":                  file(idat, iend),
		"two IHDR":                 file(ihdr, ihdr, idat, iend),
		"PLTE in grey":             file(ihdr, plte, idat, iend),
		"tRNS":                     file(ihdr, trns, idat, iend),
		"tRNS after IDAT":          file(ihdr, idat, trns, iend),
		"two tRNS":                 file(ihdr, trns, trns, idat, iend),
		"IEND with data":           file(ihdr, idat, appendChunk(nil, "IEND", []byte{0}), iend),
		"zlib stream with dict id": file(ihdr, appendChunk(nil, "IDAT", append([]byte{0x78, 0xbb, 0, 0, 0, 1}, z[2:]...)), iend),
		"zlib stream with a dict":  file(ihdr, appendChunk(nil, "IDAT", append([]byte{0x78, 0xbb, 0, 0, 0, 2}, z[2:]...)), iend),
		"bad zlib header":          file(ihdr, appendChunk(nil, "IDAT", append([]byte{0x78, 0x9d}, z[2:]...)), iend),
		"bad Adler-32":             file(ihdr, appendChunk(nil, "IDAT", append(bytes.Clone(z[:len(z)-1]), z[len(z)-1]^1)), iend),
		"no Adler-32":              file(ihdr, appendChunk(nil, "IDAT", z[:len(z)-4]), iend),
		"too little data":          file(patchIHDR(ihdr, 8, 5), idat, iend),
		"too much data":            file(patchIHDR(ihdr, 8, 3), idat, iend),
		"narrower":                 file(patchIHDR(ihdr, 7, 4), idat, iend),
		"no pixels":                file(patchIHDR(ihdr, 0, 4), idat, iend),
		"huge":                     file(patchIHDR(ihdr, 1<<30, 1<<30), idat, iend),
		"negative width":           file(patchIHDR(ihdr, -1, 4), idat, iend),
	}
	for name, data := range tests {
		check(t, name, data)
	}
	// Callers show errors to users: those they see most read as
	// image/png's, and a damaged zlib header is reported before the CRC
	// of its chunk, as image/png reports it.
	spoilt := bytes.Clone(idat)
	spoilt[8] ^= 0xff
	spoilt[9] ^= 0xff
	for name, tt := range map[string]struct {
		data   []byte
		prefix string
		kind   error
	}{
		"spoilt zlib header": {file(ihdr, spoilt, iend), "zlib: invalid header", ErrFormat},
		"cut":                {file(ihdr, idat, iend)[:40], "unexpected EOF", io.ErrUnexpectedEOF},
		"bad Adler-32":       {tests["bad Adler-32"], "zlib: invalid checksum", ErrFormat},
	} {
		_, err := Decode(tt.data, Options{})
		if !errors.Is(err, tt.kind) || !strings.HasPrefix(err.Error(), tt.prefix) {
			t.Errorf("%s: %v, want %v starting %q", name, err, tt.kind, tt.prefix)
		}
	}

	// A huge image in a small file is refused before anything is
	// allocated for it (image/png would try to).
	big := file(patchIHDR(ihdr, 1<<20, 1<<20), idat, iend)
	if _, err := Decode(big, Options{}); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("huge: %v, want io.ErrUnexpectedEOF", err)
	}
	if _, err := Decode(big, Options{MaxPixels: 1 << 20}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("huge with MaxPixels: %v, want ErrTooLarge", err)
	}
	// Other methods are unsupported, as image/png says.
	for i, v := range map[int]byte{10: 1, 11: 1, 9: 5} {
		b := bytes.Clone(ihdr)
		b[8+i] = v
		b = appendChunk(nil, "IHDR", b[8:len(b)-4])
		if _, err := Decode(file(b, idat, iend), Options{}); !errors.Is(err, ErrUnsupported) {
			t.Errorf("IHDR byte %d = %d: %v, want ErrUnsupported", i, v, err)
		}
	}
}

// patchIHDR returns the IHDR chunk c with another width and height.
func patchIHDR(c []byte, w, h int32) []byte {
	b := bytes.Clone(c[8 : len(c)-4])
	binary.BigEndian.PutUint32(b[0:], uint32(w))
	binary.BigEndian.PutUint32(b[4:], uint32(h))
	return appendChunk(nil, "IHDR", b)
}
