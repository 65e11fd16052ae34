package png

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"io"
	"math"
)

// Options bounds the work of Decode. The zero value sets no bounds.
type Options struct {
	// MaxPixels is the largest width×height decoded; zero or less means
	// no limit. Decode refuses a larger image with ErrTooLarge before it
	// allocates anything for it.
	MaxPixels int
}

// Errors of Decode, wrapped with detail; test with errors.Is. Data that
// ends early gives an error wrapping io.ErrUnexpectedEOF.
var (
	// ErrFormat: the data breaks the rules of the PNG specification, or
	// of RFC 1950 or RFC 1951 in the image data.
	ErrFormat = errors.New("invalid PNG data")
	// ErrUnsupported: the file uses a feature image/png does not decode
	// either (see the package documentation).
	ErrUnsupported = errors.New("unsupported PNG feature")
	// ErrTooLarge: the image has more pixels than Options.MaxPixels.
	ErrTooLarge = errors.New("PNG image too large")
)

func formatError(format string, args ...any) error {
	return fmt.Errorf("png: %w: "+format, append([]any{ErrFormat}, args...)...)
}

func unsupported(format string, args ...any) error {
	return fmt.Errorf("png: %w: "+format, append([]any{ErrUnsupported}, args...)...)
}

// errShort reports data that ends before the image does: as image/png
// reports it, word for word.
var errShort = io.ErrUnexpectedEOF

// signature starts every PNG file, ISO/IEC 15948:2004 §5.2.
const signature = "\x89PNG\r\n\x1a\n"

// Colour types, ISO/IEC 15948:2004 §11.2.2, Table 11.1.
const (
	ctGrey      = 0
	ctTrue      = 2
	ctPalette   = 3
	ctGreyAlpha = 4
	ctTrueAlpha = 6
)

// The stages of the chunk sequence, §5.6: IHDR, then PLTE, then tRNS,
// then the IDAT chunks one after another, then IEND.
const (
	stStart = iota
	stIHDR
	stPLTE
	stTRNS
	stIDAT
	stIEND
)

// A header holds the fields of the IHDR chunk, §11.2.2.
type header struct {
	width, height int
	depth         int // bits per sample, or per palette index
	colour        int // colour type
	interlaced    bool
}

// channels returns the number of samples per pixel of the colour type.
func (h *header) channels() int {
	switch h.colour {
	case ctTrue:
		return 3
	case ctGreyAlpha:
		return 2
	case ctTrueAlpha:
		return 4
	}
	return 1
}

// bitsPerPixel returns the bits a pixel takes in the image data.
func (h *header) bitsPerPixel() int { return h.depth * h.channels() }

// A decoder holds the state of one Decode call.
type decoder struct {
	data  []byte
	opts  Options
	hdr   header
	stage int
	plte  []byte // the PLTE entries, three bytes each
	trns  []byte // the tRNS chunk's data
	img   *image.Gray
}

// Decode decodes the PNG image in data and returns its luminance: the
// grey level of each pixel by the ITU-R BT.601 weights, with partly
// transparent pixels blended onto white, as binarize.Luminance gives
// for the image image/png decodes. The image's bounds start at (0, 0).
func Decode(data []byte, opts Options) (*image.Gray, error) {
	if len(data) < len(signature) {
		return nil, errShort
	}
	if string(data[:len(signature)]) != signature {
		return nil, formatError("not a PNG file")
	}
	d := &decoder{data: data, opts: opts}
	p := len(signature)
	for d.stage != stIEND {
		next, err := d.chunk(p)
		if err != nil {
			return nil, err
		}
		p = next
	}
	// Anything after IEND is not part of the image, §5.6.
	return d.img, nil
}

// chunk reads the chunk at offset p of the data (§5.3: length, type,
// data, CRC) and returns the offset after it: after the run of IDAT
// chunks that holds the image data, for the first IDAT chunk.
func (d *decoder) chunk(p int) (int, error) {
	if len(d.data)-p < 8 {
		return 0, errShort
	}
	length := binary.BigEndian.Uint32(d.data[p:])
	typ := string(d.data[p+4 : p+8])
	// The checks on the chunk sequence and lengths come first, as in
	// image/png, so that both give an error of the same kind.
	switch typ {
	case "IHDR":
		if d.stage != stStart {
			return 0, errOrder
		}
		d.stage = stIHDR
		if length != 13 {
			return 0, formatError("IHDR chunk of %d bytes", length)
		}
	case "PLTE":
		if d.stage != stIHDR {
			return 0, errOrder
		}
		d.stage = stPLTE
		// §11.2.3: 1 to 256 entries of three bytes, no more than the
		// bit depth can index.
		n := length / 3
		if length%3 != 0 || n == 0 || n > 256 || n > 1<<d.hdr.depth {
			return 0, formatError("PLTE chunk of %d bytes", length)
		}
		if d.hdr.colour != ctPalette && d.hdr.colour != ctTrue && d.hdr.colour != ctTrueAlpha {
			if err := d.need(p, length); err != nil {
				return 0, err
			}
			return 0, formatError("PLTE chunk in an image of colour type %d", d.hdr.colour)
		}
	case "tRNS":
		// §5.6: tRNS comes after PLTE for a palette image, which
		// must have one, after IHDR or PLTE for a truecolour one and
		// right after IHDR for a greyscale one.
		switch {
		case d.hdr.colour == ctPalette && d.stage != stPLTE,
			d.hdr.colour == ctTrue && d.stage != stIHDR && d.stage != stPLTE,
			d.hdr.colour != ctPalette && d.hdr.colour != ctTrue && d.stage != stIHDR:
			return 0, errOrder
		}
		d.stage = stTRNS
		// §11.3.2.1: two bytes for a grey image, six for a truecolour
		// one, at most one per palette entry for a palette one (image/png
		// accepts up to 256).
		switch {
		case d.hdr.colour == ctGrey && length != 2,
			d.hdr.colour == ctTrue && length != 6,
			d.hdr.colour == ctPalette && length > 256:
			return 0, formatError("tRNS chunk of %d bytes", length)
		case d.hdr.colour == ctGreyAlpha || d.hdr.colour == ctTrueAlpha:
			return 0, formatError("tRNS chunk in an image with an alpha channel")
		}
	case "IDAT":
		if d.stage < stIHDR || d.stage > stIDAT || d.stage == stIHDR && d.hdr.colour == ctPalette {
			return 0, errOrder
		}
		if d.stage == stIDAT {
			// An IDAT chunk after the run that held the image data:
			// image/png skips it, and so do we.
			break
		}
		d.stage = stIDAT
		return d.imageData(p)
	case "IEND":
		if d.stage != stIDAT {
			return 0, errOrder
		}
		d.stage = stIEND
		if length != 0 {
			return 0, formatError("IEND chunk of %d bytes", length)
		}
	default:
		if length > 0x7fffffff { // §5.3: lengths are limited to 2^31-1
			return 0, formatError("chunk length %d", length)
		}
	}
	if err := d.need(p, length); err != nil {
		return 0, err
	}
	body := d.data[p+8 : p+8+int(length)]
	switch typ {
	case "IHDR":
		if err := d.parseIHDR(body); err != nil {
			return 0, err
		}
	case "PLTE":
		d.plte = body
	case "tRNS":
		d.trns = body
	}
	return p + 12 + int(length), nil
}

// errOrder reports chunks out of the order of §5.6.
var errOrder = formatError("chunk out of order")

// need checks that the chunk at p with the given data length is all
// there and that its CRC (§5.3) is right.
func (d *decoder) need(p int, length uint32) error {
	if uint64(len(d.data)-p) < 12+uint64(length) {
		return errShort
	}
	if !d.crcOK(p, length) {
		return formatError("%s chunk: invalid CRC", d.data[p+4:p+8])
	}
	return nil
}

// crcOK reports whether the CRC of the whole chunk at p is right.
func (d *decoder) crcOK(p int, length uint32) bool {
	end := p + 8 + int(length)
	return crc32.ChecksumIEEE(d.data[p+4:end]) == binary.BigEndian.Uint32(d.data[end:])
}

// parseIHDR reads the image header, §11.2.2.
func (d *decoder) parseIHDR(b []byte) error {
	if b[10] != 0 {
		return unsupported("compression method %d", b[10])
	}
	if b[11] != 0 {
		return unsupported("filter method %d", b[11])
	}
	if b[12] > 1 {
		return formatError("interlace method %d", b[12])
	}
	w := int32(binary.BigEndian.Uint32(b[0:4]))
	h := int32(binary.BigEndian.Uint32(b[4:8]))
	if w <= 0 || h <= 0 {
		return formatError("image size %dx%d", w, h)
	}
	// image/png refuses an image whose size at eight bytes a pixel
	// overflows an int.
	if int64(w)*int64(h) > math.MaxInt/8 {
		return unsupported("image size %dx%d", w, h)
	}
	depth, colour := int(b[8]), int(b[9])
	// Table 11.1: the allowed bit depths of each colour type.
	ok := false
	switch colour {
	case ctGrey:
		ok = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16
	case ctPalette:
		ok = depth == 1 || depth == 2 || depth == 4 || depth == 8
	case ctTrue, ctGreyAlpha, ctTrueAlpha:
		ok = depth == 8 || depth == 16
	}
	if !ok {
		// image/png calls this unsupported rather than invalid.
		return unsupported("bit depth %d with colour type %d", depth, colour)
	}
	d.hdr = header{width: int(w), height: int(h), depth: depth, colour: colour, interlaced: b[12] == 1}
	if max := d.opts.MaxPixels; max > 0 && d.hdr.width > max/d.hdr.height {
		return fmt.Errorf("png: %w: %dx%d pixels, over the limit of %d", ErrTooLarge, w, h, max)
	}
	return nil
}

// imageData gathers the run of IDAT chunks starting at p (§5.6: they
// follow one another), decodes the image from their data and returns the
// offset after the run.
func (d *decoder) imageData(p int) (int, error) {
	var z []byte
	runs := 0
	// The last chunk's data, or its CRC, goes on past the end of the
	// file. What there is is decoded all the same: image/png reads chunk
	// data as the stream needs it, and calls the file corrupt, not cut
	// short, when the stream ends before a chunk that claims more data
	// than the file holds.
	cut, crcCut := false, false
	// The first chunk whose CRC is wrong, and the end of its data in z.
	badCRC, badEnd := false, 0
	for len(d.data)-p >= 8 && string(d.data[p+4:p+8]) == "IDAT" {
		length := binary.BigEndian.Uint32(d.data[p:])
		var body []byte
		switch left := uint64(len(d.data) - p); {
		case left < 8+uint64(length):
			body, cut = d.data[p+8:], true
		case left < 12+uint64(length):
			body, crcCut = d.data[p+8:p+8+int(length)], true
		default:
			body = d.data[p+8 : p+8+int(length)]
			if !badCRC && !d.crcOK(p, length) {
				badCRC, badEnd = true, len(z)+len(body)
			}
		}
		// One chunk is used where it lies; more are joined, into a
		// buffer made for the whole run.
		switch runs++; runs {
		case 1:
			z = body
		case 2:
			z = append(append(make([]byte, 0, len(z)+d.runLength(p)), z...), body...)
		default:
			z = append(z, body...)
		}
		if cut || crcCut {
			break
		}
		p += 12 + int(length)
	}
	img, used, err := d.decodeImage(z)
	switch {
	case badCRC && (err == nil || used > badEnd):
		// image/png checks the CRC of an IDAT chunk once the stream
		// needs data past it, or the image is complete; an error in
		// the data before that comes first.
		return 0, formatError("IDAT chunk: invalid CRC")
	case err != nil:
		return 0, err
	case cut:
		return 0, formatError("IDAT chunk longer than the image data and the file")
	case crcCut:
		return 0, errShort
	}
	d.img = img
	return p, nil
}

// runLength returns the number of data bytes of the IDAT chunks that
// follow one another from p, as far as the file holds them.
func (d *decoder) runLength(p int) int {
	n := 0
	for len(d.data)-p >= 8 && string(d.data[p+4:p+8]) == "IDAT" {
		length := uint64(binary.BigEndian.Uint32(d.data[p:]))
		if uint64(len(d.data)-p-8) < length {
			return n + len(d.data) - p - 8
		}
		n += int(length)
		p += 12 + int(length)
	}
	return n
}
