// Package imageio loads the images barkit reads barcodes from: PNG, JPEG,
// GIF, BMP, WebP and TIFF.
//
// The format is recognised from the first bytes of the data, never from a
// file name. Each image's header is read first and an image with more
// pixels than Options.MaxPixels is refused before any pixel is decoded, so
// a small file announcing a huge image costs nothing. Of an animated or
// multi-page file, the first image is decoded.
//
// With Options.Luminance set, JPEG, lossy WebP and PNG images are decoded
// straight to a luminance plane, an *image.Gray, by the packages
// imageio/jpeg, imageio/webp and imageio/png, which is all that barcode
// reading needs and far cheaper than the colour.
//
// Every failure is an error that errors.Is reports as one of ErrEmpty,
// ErrUnknownFormat, ErrTooLarge, ErrTruncated, ErrCorrupt or ErrUnsupported
// (the input itself is unusable), or one that wraps the reader's own error
// (reading failed). Decoding never panics: a panic inside a decoder is
// turned into ErrCorrupt.
package imageio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"strings"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

// DefaultMaxPixels is the default pixel limit: 64 megapixels.
const DefaultMaxPixels = 64 << 20

// Options tunes decoding. The zero value applies the default limit.
type Options struct {
	// MaxPixels is the largest width×height accepted; zero or less means
	// DefaultMaxPixels.
	MaxPixels int
	// Luminance decodes only the luminance where the format allows it:
	// a JPEG image or a still lossy WebP image without alpha then comes
	// as an *image.Gray holding its Y component (or a JPEG's only one),
	// and a PNG image as an *image.Gray holding what binarize.Luminance
	// makes of its colour (package imageio/png), at a fraction of the
	// cost of the colour. JPEG files that package imageio/jpeg does not
	// decode (CMYK, 12-bit, arithmetic coding, ...), WebP files that
	// package imageio/webp does not decode (lossless, alpha, animation),
	// PNG files image/png calls unsupported and other formats decode in
	// full. Decode then reads a JPEG, WebP or PNG file into memory before
	// decoding it, within the same input limit.
	Luminance bool
}

// Errors returned for unusable input, wrapped with detail; test with
// errors.Is.
var (
	// ErrEmpty: the input holds no bytes.
	ErrEmpty = errors.New("empty input")
	// ErrUnknownFormat: the data starts with no signature of a format
	// this package reads.
	ErrUnknownFormat = errors.New("unknown image format")
	// ErrTooLarge: the image has more pixels than the limit, or the input
	// goes on far beyond what an image within the limit can take.
	ErrTooLarge = errors.New("image too large")
	// ErrTruncated: the data ends before the image does.
	ErrTruncated = errors.New("truncated image")
	// ErrCorrupt: the data breaks its format's rules.
	ErrCorrupt = errors.New("corrupt image")
	// ErrUnsupported: the file uses a feature of its format that the
	// decoder does not implement.
	ErrUnsupported = errors.New("unsupported image")
)

// Caps on how much input Decode reads, so that a stream that never ends
// cannot make it read forever or buffer without bound.
const (
	// headerBytes caps what is read before an image's size is known:
	// metadata ahead of the size (JPEG APPn segments with EXIF
	// thumbnails and ICC profiles) is far smaller in real files.
	headerBytes = 16 << 20
	// bytesPerPixel is the most an image can take per pixel as stored:
	// 8 for uncompressed 16-bit RGBA or CMYK samples, plus room for PNG
	// filter bytes and stored-block framing.
	bytesPerPixel = 10
)

// inputLimit is the most input Decode reads for an image of the given
// number of pixels: headerBytes plus bytesPerPixel per pixel.
func inputLimit(pixels int) int64 {
	return headerBytes + bytesPerPixel*int64(pixels)
}

// Decode reads one image from r and returns it with its format name: png,
// jpeg, gif, bmp, webp or tiff. For a GIF or an animated WebP it returns
// the first frame, for a multi-page TIFF the first page.
//
// Decode streams: it keeps the header bytes it reads to learn the image
// size, then decodes from them and the rest of r. A TIFF, whose
// directories may lie anywhere in the file, is read into memory first.
// Either way Decode reads at most 16 MiB plus 10 bytes per pixel of the
// limit (of the image's own size once its header is read) before it
// gives up with ErrTooLarge.
func Decode(r io.Reader, opts Options) (img image.Image, name string, err error) {
	maxPixels := opts.maxPixels()
	src := &source{r: r, limit: headerBytes}
	br := bufio.NewReader(src)
	head, _ := br.Peek(sniffLen)
	if len(head) == 0 {
		if src.err != nil {
			return nil, "", fmt.Errorf("imageio: reading input: %w", src.err)
		}
		return nil, "", fmt.Errorf("imageio: %w", ErrEmpty)
	}
	f := sniff(head)
	if f == nil {
		return nil, "", unknownFormat()
	}
	defer recoverDecoder(f.name, &img, &err)

	if f.whole {
		src.limit = inputLimit(maxPixels)
		b, err := readAll(br, src.sizeHint())
		if err != nil {
			return nil, f.name, src.explain(f.name, err)
		}
		return decodeBytes(b, f, opts)
	}

	// Read the header through a recorder, then decode from the recorded
	// bytes followed by the rest of the stream.
	rec := &recorder{r: br}
	c, err := f.config(rec)
	if err != nil {
		return nil, f.name, src.explain(f.name, err)
	}
	if err := checkSize(f.name, c, maxPixels); err != nil {
		return nil, f.name, err
	}
	src.limit = inputLimit(c.Width * c.Height)
	rest := io.MultiReader(bytes.NewReader(rec.buf), br)
	if opts.Luminance && f.luminance != nil {
		// The luminance decoder works on the whole file in memory.
		var b []byte
		if b, err = readAll(rest, src.sizeHint()); err != nil {
			return nil, f.name, src.explain(f.name, err)
		}
		img, err = f.luminance(b, c)
	} else {
		img, err = f.decode(rest, c)
	}
	if err != nil {
		return nil, f.name, src.explain(f.name, err)
	}
	return img, f.name, nil
}

// DecodeBytes decodes the image held in b, as Decode does for a reader.
func DecodeBytes(b []byte, opts Options) (img image.Image, name string, err error) {
	if len(b) == 0 {
		return nil, "", fmt.Errorf("imageio: %w", ErrEmpty)
	}
	f := sniff(b[:min(len(b), sniffLen)])
	if f == nil {
		return nil, "", unknownFormat()
	}
	defer recoverDecoder(f.name, &img, &err)
	return decodeBytes(b, f, opts)
}

// decodeBytes decodes b in format f: its header, then, when the size is
// within the limit, its pixels.
func decodeBytes(b []byte, f *format, opts Options) (image.Image, string, error) {
	c, err := f.config(bytes.NewReader(b))
	if err != nil {
		return nil, f.name, decodeError(f.name, err)
	}
	if err := checkSize(f.name, c, opts.maxPixels()); err != nil {
		return nil, f.name, err
	}
	var img image.Image
	if opts.Luminance && f.luminance != nil {
		img, err = f.luminance(b, c)
	} else {
		img, err = f.decode(bytes.NewReader(b), c)
	}
	if err != nil {
		return nil, f.name, decodeError(f.name, err)
	}
	return img, f.name, nil
}

func (o Options) maxPixels() int {
	if o.MaxPixels <= 0 {
		return DefaultMaxPixels
	}
	return o.MaxPixels
}

// checkSize refuses an image whose header gives no pixels or more than
// maxPixels of them.
func checkSize(name string, c image.Config, maxPixels int) error {
	if c.Width <= 0 || c.Height <= 0 {
		return fmt.Errorf("imageio: %w: %s header gives a size of %dx%d pixels", ErrCorrupt, name, c.Width, c.Height)
	}
	// Width*Height > maxPixels, without overflow.
	if c.Width > maxPixels/c.Height {
		return fmt.Errorf("imageio: %w: image is %dx%d pixels, over the limit of %d", ErrTooLarge, c.Width, c.Height, maxPixels)
	}
	return nil
}

func unknownFormat() error {
	names := make([]string, 0, len(formats))
	for _, f := range formats {
		if len(names) == 0 || names[len(names)-1] != f.name {
			names = append(names, f.name)
		}
	}
	return fmt.Errorf("imageio: %w (supported: %s)", ErrUnknownFormat, strings.Join(names, ", "))
}

// decodeError classifies an error from a decoder.
func decodeError(name string, err error) error {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || isShortData(err):
		return fmt.Errorf("imageio: %w: %s data ends early: %w", ErrTruncated, name, err)
	case isUnsupported(err) || errors.Is(err, errTooManyScans):
		return fmt.Errorf("imageio: %w: %w", ErrUnsupported, err)
	}
	return fmt.Errorf("imageio: %w: %w", ErrCorrupt, err)
}

// isUnsupported reports whether err is a decoder's way of saying that the
// file is valid but uses a feature it lacks.
func isUnsupported(err error) bool {
	var (
		pngErr  png.UnsupportedError
		jpegErr jpeg.UnsupportedError
		tiffErr tiff.UnsupportedError
	)
	return errors.As(err, &pngErr) || errors.As(err, &jpegErr) || errors.As(err, &tiffErr) ||
		errors.Is(err, bmp.ErrUnsupported) ||
		strings.HasSuffix(err.Error(), "not implemented") // vp8: Golden / AltRef frames
}

// shortData holds the messages the decoders give when the data stops
// before its end, through unexported errors or errors that quote
// io.ErrUnexpectedEOF without wrapping it.
var shortData = []string{
	"unexpected EOF",             // image/gif "gif: reading image data: unexpected EOF", image/png FormatError
	"not enough pixel data",      // image/png, x/image/tiff
	"gif: not enough image data", // image/gif
	"short Huffman data",         // image/jpeg: entropy-coded data ends
	"riff: short chunk",          // x/image/riff (WebP): header or data
	"riff: missing padding byte", // x/image/riff
}

// isShortData reports whether err says the data ends early.
func isShortData(err error) bool {
	msg := err.Error()
	for _, s := range shortData {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// recoverDecoder turns a panic in a decoder into an error. It is the last
// line of defence against bugs in the decoders: input must never crash
// the program.
func recoverDecoder(name string, img *image.Image, err *error) {
	if p := recover(); p != nil {
		*img = nil
		*err = fmt.Errorf("imageio: %w: %s decoder failed: %v", ErrCorrupt, name, p)
	}
}

// source wraps the reader Decode was given: it counts the bytes read,
// stops at a limit, and remembers how reading ended, so that a decoder's
// error can be traced to its cause.
type source struct {
	r     io.Reader
	n     int64 // bytes read so far
	limit int64 // bytes that may be read in all
	over  bool  // reading stopped at the limit
	err   error // the first error of r other than io.EOF
}

// sizeHint returns the bytes the input holds in all, within the limit,
// when its reader can tell (a file), else 0.
func (s *source) sizeHint() int {
	f, ok := s.r.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return 0
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return 0
	}
	return int(min(info.Size(), s.limit))
}

// readAll is io.ReadAll with room for size bytes from the start: a file
// read whole is then read into one buffer of its size, without the copies
// and garbage of a buffer grown as it fills.
func readAll(r io.Reader, size int) ([]byte, error) {
	b := make([]byte, 0, max(size+1, 512)) // one more, for the read that finds the end
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // let append pick the next size
		}
	}
}

// errLimit is what a decoder sees when the input goes past the limit.
var errLimit = errors.New("imageio: input limit reached")

func (s *source) Read(p []byte) (int, error) {
	if s.n >= s.limit {
		s.over = true
		return 0, errLimit
	}
	if int64(len(p)) > s.limit-s.n {
		p = p[:s.limit-s.n]
	}
	n, err := s.r.Read(p)
	s.n += int64(n)
	if err != nil && err != io.EOF && s.err == nil {
		s.err = err
	}
	return n, err
}

// explain turns a decoder's error into Decode's, blaming the reader or the
// limit when they are the cause.
func (s *source) explain(name string, err error) error {
	switch {
	case s.err != nil:
		return fmt.Errorf("imageio: reading %s data: %w", name, s.err)
	case s.over:
		return fmt.Errorf("imageio: %w: %s data goes on past %d bytes", ErrTooLarge, name, s.limit)
	}
	return decodeError(name, err)
}

// recorder keeps a copy of everything read through it.
type recorder struct {
	r   io.Reader
	buf []byte
}

func (r *recorder) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.buf = append(r.buf, p[:n]...)
	return n, err
}

// IsInputError reports whether err says the input itself is unusable: one
// of ErrEmpty, ErrUnknownFormat, ErrTooLarge, ErrTruncated, ErrCorrupt or
// ErrUnsupported, rather than a failure to read it.
func IsInputError(err error) bool {
	for _, e := range []error{ErrEmpty, ErrUnknownFormat, ErrTooLarge, ErrTruncated, ErrCorrupt, ErrUnsupported} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
