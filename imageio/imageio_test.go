package imageio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

// checker is the test pattern of testdata/gen.go: 16x12 pixels of 4x4
// squares, black where (x/4 + y/4) is even, white elsewhere, with the
// top-left pixel red.
func checker(invert bool) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, 16, 12))
	for y := range 12 {
		for x := range 16 {
			v := uint8(0)
			if (x/4+y/4)%2 == 1 != invert {
				v = 255
			}
			m.SetNRGBA(x, y, color.NRGBA{v, v, v, 255})
		}
	}
	m.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	return m
}

// paletted returns m as a paletted image over black, white and red.
func paletted(m image.Image) *image.Paletted {
	p := image.NewPaletted(m.Bounds(), color.Palette{color.Black, color.White, color.NRGBA{255, 0, 0, 255}})
	for y := m.Bounds().Min.Y; y < m.Bounds().Max.Y; y++ {
		for x := m.Bounds().Min.X; x < m.Bounds().Max.X; x++ {
			p.Set(x, y, m.At(x, y))
		}
	}
	return p
}

func encode(t testing.TB, enc func(w io.Writer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := enc(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sample is an encoded test image and what decoding it must give.
type sample struct {
	name   string
	format string
	data   []byte
	// tolerance is the largest difference allowed per colour channel
	// from the checker pattern: 0 for lossless formats.
	tolerance int
	alpha     uint8 // the expected alpha of every pixel
	invert    bool  // the expected pattern is checker(true)
	animated  bool  // more than one frame: the first ends before the middle
}

// samples returns one small valid image per format and variant: those the
// standard library and x/image encoders make here, and the files in
// testdata (see testdata/README).
func samples(t testing.TB) []sample {
	m := checker(false)
	anim := &gif.GIF{
		Image: []*image.Paletted{paletted(m), paletted(checker(true))},
		Delay: []int{10, 10},
	}
	return []sample{
		{name: "png", format: "png", data: encode(t, func(w io.Writer) error { return png.Encode(w, m) }), alpha: 255},
		{name: "png-paletted", format: "png", data: encode(t, func(w io.Writer) error { return png.Encode(w, paletted(m)) }), alpha: 255},
		{name: "jpeg", format: "jpeg", data: encode(t, func(w io.Writer) error { return jpeg.Encode(w, m, &jpeg.Options{Quality: 100}) }), tolerance: 64, alpha: 255},
		{name: "gif", format: "gif", data: encode(t, func(w io.Writer) error { return gif.Encode(w, paletted(m), nil) }), alpha: 255},
		{name: "gif-animated", format: "gif", data: encode(t, func(w io.Writer) error { return gif.EncodeAll(w, anim) }), alpha: 255, animated: true},
		{name: "bmp-paletted", format: "bmp", data: encode(t, func(w io.Writer) error { return bmp.Encode(w, paletted(m)) }), alpha: 255},
		{name: "tiff-uncompressed", format: "tiff", data: encode(t, func(w io.Writer) error { return tiff.Encode(w, m, nil) }), alpha: 255},
		{name: "checker-progressive.jpg", format: "jpeg", data: readFile(t, "checker-progressive.jpg"), tolerance: 64, alpha: 255},
		{name: "checker-restart.jpg", format: "jpeg", data: readFile(t, "checker-restart.jpg"), tolerance: 64, alpha: 255},
		{name: "checker.bmp", format: "bmp", data: readFile(t, "checker.bmp"), alpha: 255},
		{name: "checker.tiff", format: "tiff", data: readFile(t, "checker.tiff"), alpha: 255},
		{name: "checker-lossless.webp", format: "webp", data: readFile(t, "checker-lossless.webp"), alpha: 255},
		{name: "checker-lossy.webp", format: "webp", data: readFile(t, "checker-lossy.webp"), tolerance: 64, alpha: 255},
		{name: "alpha.webp", format: "webp", data: readFile(t, "alpha.webp"), tolerance: 64, alpha: 128},
		{name: "animated.webp", format: "webp", data: readFile(t, "animated.webp"), alpha: 255, animated: true},
	}
}

// checkPattern compares img with the checker pattern of s.
func checkPattern(t *testing.T, s sample, img image.Image) {
	t.Helper()
	if got := img.Bounds(); got != image.Rect(0, 0, 16, 12) {
		t.Fatalf("bounds %v, want 16x12 at the origin", got)
	}
	want := checker(s.invert)
	bad := 0
	for y := range 12 {
		for x := range 16 {
			g := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			w := want.NRGBAAt(x, y)
			if s.tolerance > 0 && x == 0 && y == 0 {
				continue // a lone red pixel does not survive chroma subsampling
			}
			if !near(g.R, w.R, s.tolerance) || !near(g.G, w.G, s.tolerance) || !near(g.B, w.B, s.tolerance) ||
				!near(g.A, s.alpha, 2) {
				if bad++; bad <= 5 {
					t.Errorf("pixel (%d,%d) = %v, want %v with alpha %d", x, y, g, w, s.alpha)
				}
			}
		}
	}
}

func near(a, b uint8, tol int) bool {
	d := int(a) - int(b)
	return d >= -tol && d <= tol
}

func TestDecode(t *testing.T) {
	for _, s := range samples(t) {
		t.Run(s.name, func(t *testing.T) {
			readers := map[string]func() (image.Image, string, error){
				"Decode": func() (image.Image, string, error) { return Decode(bytes.NewReader(s.data), Options{}) },
				"DecodeOneByte": func() (image.Image, string, error) {
					return Decode(iotest.OneByteReader(bytes.NewReader(s.data)), Options{})
				},
				"DecodeDataErr": func() (image.Image, string, error) {
					return Decode(iotest.DataErrReader(bytes.NewReader(s.data)), Options{})
				},
				"DecodeBytes":    func() (image.Image, string, error) { return DecodeBytes(s.data, Options{}) },
				"DecodeExactMax": func() (image.Image, string, error) { return DecodeBytes(s.data, Options{MaxPixels: 16 * 12}) },
			}
			for how, decode := range readers {
				img, name, err := decode()
				if err != nil {
					t.Fatalf("%s: %v", how, err)
				}
				if name != s.format {
					t.Errorf("%s: format %q, want %q", how, name, s.format)
				}
				checkPattern(t, s, img)
			}
			// One pixel under the image's size is over the limit.
			for how, err := range map[string]error{
				"Decode":      second(Decode(bytes.NewReader(s.data), Options{MaxPixels: 16*12 - 1})),
				"DecodeBytes": second(DecodeBytes(s.data, Options{MaxPixels: 16*12 - 1})),
			} {
				if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "16x12 pixels, over the limit of 191") {
					t.Errorf("%s with MaxPixels 191: %v, want ErrTooLarge naming 16x12 and the limit", how, err)
				}
			}
		})
	}
}

func second(_ image.Image, _ string, err error) error { return err }

// pngChunk returns a PNG chunk with its length and CRC.
func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// pngHeader returns a PNG signature and IHDR chunk for an 8-bit greyscale
// image of the given size, with nothing after it.
func pngHeader(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 0, 0, 0, 0)
	return append([]byte("\x89PNG\r\n\x1a\n"), pngChunk("IHDR", ihdr)...)
}

// huge returns, per format, a small file whose header announces an image
// far over the default limit: the samples with their size fields patched.
func huge(t testing.TB) map[string][]byte {
	m := checker(false)
	files := map[string][]byte{"png": pngHeader(100000, 100000)}

	g := encode(t, func(w io.Writer) error { return gif.Encode(w, paletted(m), nil) })
	binary.LittleEndian.PutUint16(g[6:], 65535) // logical screen width
	binary.LittleEndian.PutUint16(g[8:], 65535) // and height
	files["gif"] = g

	b := encode(t, func(w io.Writer) error { return bmp.Encode(w, m) })
	binary.LittleEndian.PutUint32(b[18:], 30000) // BITMAPINFOHEADER biWidth
	binary.LittleEndian.PutUint32(b[22:], 30000) // biHeight
	files["bmp"] = b

	j := encode(t, func(w io.Writer) error { return jpeg.Encode(w, m, nil) })
	sof := bytes.Index(j, []byte{0xff, 0xc0})
	if sof < 0 {
		t.Fatal("no SOF0 marker in the JPEG sample")
	}
	binary.BigEndian.PutUint16(j[sof+5:], 65000) // number of lines
	binary.BigEndian.PutUint16(j[sof+7:], 65000) // samples per line
	files["jpeg"] = j

	w := readFile(t, "alpha.webp")      // extended format: VP8X first
	w[24], w[25], w[26] = 0xff, 0x3f, 0 // canvas width minus one: 16383
	w[27], w[28], w[29] = 0xff, 0x3f, 0 // canvas height minus one
	files["webp"] = w

	a := readFile(t, "animated.webp")
	copy(a[24:30], w[24:30])
	files["webp-animated"] = a

	tf := encode(t, func(w io.Writer) error { return tiff.Encode(w, m, nil) })
	patchTIFFSize(t, tf, 50000, 50000)
	files["tiff"] = tf
	return files
}

// patchTIFFSize sets the ImageWidth and ImageLength tags (TIFF 6.0 §8) of
// the little-endian TIFF file b.
func patchTIFFSize(t testing.TB, b []byte, w, h uint32) {
	ifd := binary.LittleEndian.Uint32(b[4:])
	n := int(binary.LittleEndian.Uint16(b[ifd:]))
	done := 0
	for i := range n {
		e := b[int(ifd)+2+12*i:]
		tag, typ := binary.LittleEndian.Uint16(e), binary.LittleEndian.Uint16(e[2:])
		if tag != 256 && tag != 257 {
			continue
		}
		v := w
		if tag == 257 {
			v = h
		}
		switch typ {
		case 3: // SHORT
			binary.LittleEndian.PutUint16(e[8:], uint16(v))
		case 4: // LONG
			binary.LittleEndian.PutUint32(e[8:], v)
		}
		done++
	}
	if done != 2 {
		t.Fatal("TIFF sample lacks ImageWidth or ImageLength")
	}
}

func TestDecodeHugeHeader(t *testing.T) {
	for name, data := range huge(t) {
		t.Run(name, func(t *testing.T) {
			for how, decode := range map[string]func() error{
				"Decode":      func() error { return second(Decode(bytes.NewReader(data), Options{})) },
				"DecodeBytes": func() error { return second(DecodeBytes(data, Options{})) },
			} {
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				err := decode()
				runtime.ReadMemStats(&after)
				if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "over the limit of 67108864") {
					t.Errorf("%s: %v, want ErrTooLarge naming the limit", how, err)
				}
				// Refused from the header: nothing near the pixel
				// buffer's size was allocated.
				if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
					t.Errorf("%s allocated %d bytes before refusing", how, alloc)
				}
			}
		})
	}
	err := second(DecodeBytes(pngHeader(20000, 20000), Options{}))
	if want := "imageio: image too large: image is 20000x20000 pixels, over the limit of 67108864"; err == nil || err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func TestDecodeNoPixels(t *testing.T) {
	data := encode(t, func(w io.Writer) error { return gif.Encode(w, paletted(checker(false)), nil) })
	binary.LittleEndian.PutUint16(data[6:], 0) // logical screen width
	for how, err := range map[string]error{
		"Decode":      second(Decode(bytes.NewReader(data), Options{})),
		"DecodeBytes": second(DecodeBytes(data, Options{})),
	} {
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "0x12") {
			t.Errorf("%s of a 0x12 GIF: %v, want ErrCorrupt naming the size", how, err)
		}
	}
}

func TestDecodeTruncated(t *testing.T) {
	for _, s := range samples(t) {
		t.Run(s.name, func(t *testing.T) {
			// Past the signature every cut must fail cleanly; a cut
			// that keeps every pixel may also succeed (GIF needs no
			// trailer to give its first frame).
			for n := sniffLen; n < len(s.data); n++ {
				for how, err := range map[string]error{
					"Decode":      second(Decode(bytes.NewReader(s.data[:n]), Options{})),
					"DecodeBytes": second(DecodeBytes(s.data[:n], Options{})),
				} {
					if testing.Verbose() {
						t.Logf("%s %d/%d: %v", how, n, len(s.data), err)
					}
					if err != nil && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrCorrupt) {
						t.Errorf("%s of %d of %d bytes: %v, want ErrTruncated or ErrCorrupt", how, n, len(s.data), err)
					}
				}
			}
			// A cut inside the pixel data of the first image is
			// reported as truncation.
			n := len(s.data) * 2 / 3
			if s.animated {
				n = len(s.data) / 3
			}
			for how, err := range map[string]error{
				"Decode":      second(Decode(bytes.NewReader(s.data[:n]), Options{})),
				"DecodeBytes": second(DecodeBytes(s.data[:n], Options{})),
			} {
				if !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), s.format+" data ends early") {
					t.Errorf("%s of %d of %d bytes: %v, want ErrTruncated", how, n, len(s.data), err)
				}
			}
		})
	}
}

func TestDecodeUnknown(t *testing.T) {
	for _, tt := range []struct {
		name string
		data string
		want error
	}{
		{"empty", "", ErrEmpty},
		{"text", "hello, world\n", ErrUnknownFormat},
		{"svg", `<svg xmlns="http://www.w3.org/2000/svg"/>`, ErrUnknownFormat},
		{"pdf", "%PDF-1.7\n", ErrUnknownFormat},
		{"one byte of png", "\x89", ErrUnknownFormat},
		{"png signature cut", "\x89PNG\r\n", ErrUnknownFormat},
		{"riff not webp", "RIFF\x24\x00\x00\x00WAVEfmt ", ErrUnknownFormat},
		{"bmp with reserved bytes", "BM\x00\x00\x00\x00\x01\x00\x00\x00", ErrUnknownFormat},
		{"zeros", strings.Repeat("\x00", 100), ErrUnknownFormat},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for how, err := range map[string]error{
				"Decode":      second(Decode(strings.NewReader(tt.data), Options{})),
				"DecodeBytes": second(DecodeBytes([]byte(tt.data), Options{})),
			} {
				if !errors.Is(err, tt.want) {
					t.Errorf("%s: %v, want %v", how, err, tt.want)
				}
			}
		})
	}
	err := second(Decode(strings.NewReader("hello"), Options{}))
	if want := "imageio: unknown image format (supported: png, jpeg, gif, bmp, webp, tiff)"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

// TestSniff checks that Sniff names the format of every sample from its
// first SniffLen bytes, as Decode does, and names none for data Decode
// does not recognise.
func TestSniff(t *testing.T) {
	for _, s := range samples(t) {
		if got := Sniff(s.data[:SniffLen]); got != s.format {
			t.Errorf("Sniff(%s head) = %q, want %q", s.name, got, s.format)
		}
		if got := Sniff(s.data); got != s.format {
			t.Errorf("Sniff(%s) = %q, want %q", s.name, got, s.format)
		}
	}
	for _, data := range []string{"", "hello, world\n", "\x89PNG\r\n", "%PDF-1.7\n", "RIFF\x24\x00\x00\x00WAVEfmt "} {
		if got := Sniff([]byte(data)); got != "" {
			t.Errorf("Sniff(%q) = %q, want \"\"", data, got)
		}
	}
}

func TestDecodeCorrupt(t *testing.T) {
	p := encode(t, func(w io.Writer) error { return png.Encode(w, checker(false)) })
	idat := bytes.Index(p, []byte("IDAT"))
	p[idat+6] ^= 0xff // inside the zlib stream: the chunk CRC no longer matches
	j := encode(t, func(w io.Writer) error { return jpeg.Encode(w, checker(false), nil) })
	sof := bytes.Index(j, []byte{0xff, 0xc0})
	j[sof+4] = 3 // sample precision 3 bits: not a JPEG precision
	b := readFile(t, "checker.bmp")
	binary.LittleEndian.PutUint32(b[14:], 41) // DIB header size 41: no such header
	for name, data := range map[string][]byte{"png": p, "jpeg": j, "bmp": b} {
		for how, err := range map[string]error{
			"Decode":      second(Decode(bytes.NewReader(data), Options{})),
			"DecodeBytes": second(DecodeBytes(data, Options{})),
		} {
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s %s: %v, want ErrCorrupt or ErrUnsupported", name, how, err)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "imageio: ") {
				t.Errorf("%s %s: error %q lacks the package prefix", name, how, err)
			}
		}
	}
}

func TestDecodeUnsupported(t *testing.T) {
	// A 16-bit BMP: x/image/bmp reads 1, 2, 4, 8, 24 and 32 bits per pixel.
	b := readFile(t, "checker.bmp")
	binary.LittleEndian.PutUint16(b[28:], 16) // biBitCount
	err := second(DecodeBytes(b, Options{}))
	if !errors.Is(err, ErrUnsupported) {
		t.Errorf("16-bit BMP: %v, want ErrUnsupported", err)
	}
}

// errReader returns data, then err.
type errReader struct {
	data []byte
	err  error
}

func (r *errReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestDecodeReadError(t *testing.T) {
	errNetwork := errors.New("connection reset")
	for _, s := range samples(t) {
		for _, n := range []int{0, 20, len(s.data) / 2} {
			_, _, err := Decode(&errReader{data: s.data[:n], err: errNetwork}, Options{})
			if !errors.Is(err, errNetwork) {
				t.Errorf("%s, failing after %d bytes: %v, want the reader's error", s.name, n, err)
			}
			if errors.Is(err, ErrTruncated) || errors.Is(err, ErrCorrupt) {
				t.Errorf("%s, failing after %d bytes: %v blames the data", s.name, n, err)
			}
		}
	}
}

// endless reads as prefix followed by zero bytes without end.
type endless struct{ prefix []byte }

func (r *endless) Read(p []byte) (int, error) {
	n := copy(p, r.prefix)
	r.prefix = r.prefix[n:]
	clear(p[n:])
	return len(p), nil
}

func TestDecodeInputLimit(t *testing.T) {
	// A TIFF is read whole: an endless one stops at the input limit.
	tf := encode(t, func(w io.Writer) error { return tiff.Encode(w, checker(false), nil) })
	_, _, err := Decode(&endless{prefix: tf[:8]}, Options{MaxPixels: 1})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "past") {
		t.Errorf("endless TIFF: %v, want ErrTooLarge for the input size", err)
	}
	// A 1x1 PNG followed by an endless ancillary chunk stops at the
	// limit for a 1-pixel image.
	p := append(pngHeader(1, 1), 0x7f, 0xff, 0xff, 0xff, 't', 'E', 'X', 't')
	_, _, err = Decode(&endless{prefix: p}, Options{})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "past") {
		t.Errorf("endless PNG chunk: %v, want ErrTooLarge for the input size", err)
	}
	// A valid image followed by endless data decodes: the decoder stops
	// at the image's end.
	g := encode(t, func(w io.Writer) error { return gif.Encode(w, paletted(checker(false)), nil) })
	if _, _, err := Decode(&endless{prefix: g}, Options{}); err != nil {
		t.Errorf("GIF followed by zeros: %v", err)
	}
}

func TestDecodeAnimatedWebPFrame(t *testing.T) {
	// animated.webp holds checker.png, then inverted.png; the second frame
	// is not what Decode returns.
	img, _, err := DecodeBytes(readFile(t, "animated.webp"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkPattern(t, sample{alpha: 255}, img)
}

func TestStillWebPFrameOutsideCanvas(t *testing.T) {
	// An ANMF chunk whose 16x16 frame at (8, 0) does not fit a 16x12
	// canvas.
	anmf := make([]byte, anmfHeaderLen)
	anmf[0] = 4      // frame X / 2
	anmf[6] = 16 - 1 // frame width minus one
	anmf[9] = 16 - 1 // frame height minus one
	if _, err := stillWebP(anmf, 16, 12); err == nil || !strings.Contains(err.Error(), "outside the 16x12 canvas") {
		t.Errorf("stillWebP: %v, want an error for the frame outside the canvas", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range samples(f) {
		f.Add(s.data)
	}
	for _, data := range huge(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const maxPixels = 1 << 20 // keeps each run quick
		img, name, err := DecodeBytes(data, Options{MaxPixels: maxPixels})
		img2, name2, err2 := Decode(bytes.NewReader(data), Options{MaxPixels: maxPixels})
		if (err == nil) != (err2 == nil) || name != name2 {
			t.Fatalf("DecodeBytes gave %q, %v; Decode gave %q, %v", name, err, name2, err2)
		}
		if err != nil {
			if !errors.Is(err, ErrEmpty) && !errors.Is(err, ErrUnknownFormat) && !errors.Is(err, ErrTooLarge) &&
				!errors.Is(err, ErrTruncated) && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrUnsupported) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		b := img.Bounds()
		if b.Empty() || b.Dx()*b.Dy() > maxPixels {
			t.Fatalf("decoded %s image with bounds %v", name, b)
		}
		if img2.Bounds() != b {
			t.Fatalf("Decode gave bounds %v, DecodeBytes %v", img2.Bounds(), b)
		}
	})
}

// TestReadAll checks readAll against io.ReadAll whatever the size hint
// says, through readers that return a byte at a time or fail.
func TestReadAll(t *testing.T) {
	data := make([]byte, 3000)
	for i := range data {
		data[i] = byte(i * 7)
	}
	failure := errors.New("broken")
	for _, n := range []int{0, 1, 511, 512, 513, 3000} {
		for _, hint := range []int{0, n - 1, n, n + 1, 2 * n} {
			for _, one := range []bool{false, true} {
				var r io.Reader = bytes.NewReader(data[:n])
				if one {
					r = iotest.OneByteReader(r)
				}
				got, err := readAll(r, max(hint, 0))
				if err != nil || !bytes.Equal(got, data[:n]) {
					t.Fatalf("n %d, hint %d, one byte %v: %d bytes, %v", n, hint, one, len(got), err)
				}
			}
			r := io.MultiReader(bytes.NewReader(data[:n]), iotest.ErrReader(failure))
			if got, err := readAll(r, max(hint, 0)); !errors.Is(err, failure) || !bytes.Equal(got, data[:n]) {
				t.Fatalf("n %d, hint %d, failing: %d bytes, %v", n, hint, len(got), err)
			}
		}
	}
}

// TestSizeHint checks that a file tells its size, within the limit, and
// other readers nothing.
func TestSizeHint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, c := range []struct {
		r     io.Reader
		limit int64
		want  int
	}{
		{f, 1 << 20, 1000},
		{f, 600, 600},
		{bytes.NewReader(make([]byte, 1000)), 1 << 20, 0},
	} {
		s := &source{r: c.r, limit: c.limit}
		if got := s.sizeHint(); got != c.want {
			t.Errorf("%T, limit %d: sizeHint %d, want %d", c.r, c.limit, got, c.want)
		}
	}
}
