package webp

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"
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
	// ErrFormat: the data breaks the rules of RFC 9649 or RFC 6386.
	ErrFormat = errors.New("invalid WebP data")
	// ErrUnsupported: the file is valid but is not a still lossy image
	// without alpha (see the package documentation).
	ErrUnsupported = errors.New("unsupported WebP feature")
	// ErrTooLarge: the image has more pixels than Options.MaxPixels.
	ErrTooLarge = errors.New("WebP image too large")
)

func formatError(format string, args ...any) error {
	return fmt.Errorf("webp: %w: "+format, append([]any{ErrFormat}, args...)...)
}

func unsupported(format string, args ...any) error {
	return fmt.Errorf("webp: %w: "+format, append([]any{ErrUnsupported}, args...)...)
}

// errShort reports data that ends before the image does.
var errShort = fmt.Errorf("webp: %w", io.ErrUnexpectedEOF)

// The feature flags of a VP8X chunk, RFC 9649 §2.7.
const (
	flagAnimation = 1 << 1 // A
	flagAlpha     = 1 << 4 // L
)

// Decode decodes the luminance of the lossy WebP image in data: the Y
// plane of its VP8 frame, at the frame's size. The image's bounds start
// at (0, 0); its stride may be larger than its width.
func Decode(data []byte, opts Options) (*image.Gray, error) {
	frame, canvas, err := findFrame(data)
	if err != nil {
		return nil, err
	}
	return decodeFrame(frame, canvas, opts)
}

// A chunk is the payload of the RIFF chunk holding the VP8 frame: size is
// the size its header gives, data the bytes of it that the file holds,
// fewer than size when the file is cut short.
type chunk struct {
	data []byte
	size int64
}

// findFrame walks the RIFF chunks of a WebP file (RFC 9649 §2) to the
// VP8 chunk of a still image and returns it with the canvas size of a
// VP8X chunk before it (0×0 without one). Chunks it does not know are
// skipped, as golang.org/x/image/webp skips them; an ALPH, VP8L or
// animated file is unsupported.
func findFrame(b []byte) (chunk, image.Point, error) {
	var canvas image.Point
	// RFC 9649 §2.4: "RIFF", the RIFF size, "WEBP".
	const sig = "RIFF....WEBP"
	for i := range min(len(b), len(sig)) {
		if sig[i] != '.' && b[i] != sig[i] {
			return chunk{}, canvas, formatError("not a RIFF WEBP file")
		}
	}
	if len(b) < len(sig) {
		return chunk{}, canvas, errShort
	}
	// The RIFF size counts the bytes after its own field, "WEBP"
	// included.
	riff := int64(binary.LittleEndian.Uint32(b[4:8]))
	if riff < 4 {
		return chunk{}, canvas, formatError("RIFF size %d", riff)
	}
	left := riff - 4 // bytes of chunks after "WEBP"
	p := int64(12)
	end := int64(len(b))
	seenVP8X := false
	for {
		if left == 0 {
			return chunk{}, canvas, formatError("no image chunk")
		}
		if left < 8 {
			return chunk{}, canvas, formatError("RIFF data ends inside a chunk header")
		}
		if p+8 > end {
			return chunk{}, canvas, errShort
		}
		id := string(b[p : p+4])
		size := int64(binary.LittleEndian.Uint32(b[p+4 : p+8]))
		left -= 8
		if size > left {
			return chunk{}, canvas, formatError("%q chunk of %d bytes overruns the RIFF data", id, size)
		}
		body := b[p+8 : p+8+min(size, end-(p+8))]
		switch id {
		case "VP8 ":
			if size > 1<<31-1 {
				return chunk{}, canvas, formatError("VP8 chunk of %d bytes", size)
			}
			return chunk{data: body, size: size}, canvas, nil
		case "VP8L":
			return chunk{}, canvas, unsupported("lossless (VP8L) image")
		case "ALPH":
			return chunk{}, canvas, unsupported("alpha channel")
		case "VP8X":
			if seenVP8X {
				return chunk{}, canvas, formatError("two VP8X chunks")
			}
			seenVP8X = true
			if size != 10 {
				return chunk{}, canvas, formatError("VP8X chunk of %d bytes", size)
			}
			if len(body) < 10 {
				return chunk{}, canvas, errShort
			}
			switch {
			case body[0]&flagAnimation != 0:
				return chunk{}, canvas, unsupported("animation")
			case body[0]&flagAlpha != 0:
				return chunk{}, canvas, unsupported("alpha channel")
			}
			w := int64(u24(body[4:7])) + 1
			h := int64(u24(body[7:10])) + 1
			// RFC 9649 §2.7: the product is at most 2^32-1; like
			// x/image/webp, keep it within an int32.
			if w*h > 1<<31-1 {
				return chunk{}, canvas, formatError("canvas of %dx%d pixels", w, h)
			}
			canvas = image.Pt(int(w), int(h))
		}
		// Skip the chunk and its padding byte (RFC 9649 §2.3: chunks are
		// padded to an even size).
		if p+8+size > end {
			return chunk{}, canvas, errShort
		}
		p += 8 + size
		left -= size
		if size&1 == 1 {
			if left == 0 {
				return chunk{}, canvas, formatError("RIFF data ends before a padding byte")
			}
			if p >= end {
				return chunk{}, canvas, errShort
			}
			p++
			left--
		}
	}
}

// u24 reads a little-endian 24-bit number.
func u24(b []byte) uint32 { return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 }
