package imageio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"

	lumawebp "github.com/barkit/barkit/imageio/webp"
	"golang.org/x/image/webp"
)

// The layout of an extended WebP file, RFC 9649 §2.7: the 12-byte RIFF
// header, then the VP8X chunk whose first payload byte holds the feature
// flags.
const (
	webpFlagsOffset = 20     // RIFF header (12) + VP8X chunk header (8)
	webpAnimation   = 1 << 1 // the A flag of the VP8X chunk
	webpAlpha       = 1 << 4 // the L flag of the VP8X chunk
	anmfHeaderLen   = 16     // ANMF fields before the frame data, RFC 9649 §2.7.1.1
)

// isAnimatedWebP reports whether head starts an extended WebP file whose
// VP8X chunk announces an animation.
func isAnimatedWebP(head []byte) bool {
	return len(head) > webpFlagsOffset &&
		string(head[0:4]) == "RIFF" && string(head[8:16]) == "WEBPVP8X" &&
		head[webpFlagsOffset]&webpAnimation != 0
}

// errNoFrame reports an animated WebP file whose chunks end before an ANMF
// chunk with an image in it.
var errNoFrame = errors.New("webp: animation has no frame")

// decodeAnimatedWebP decodes the first frame of an animated WebP file. It
// walks the RIFF chunks to the first ANMF chunk, rewraps that frame's
// bitstream chunks (ALPH, VP8 or VP8L) as a still extended WebP file of the
// frame's size and hands that to golang.org/x/image/webp. The frame is
// returned as it is stored, not composited onto the animation canvas; a
// first frame normally covers the whole canvas.
func decodeAnimatedWebP(r io.Reader) (image.Image, error) {
	// The RIFF header and the VP8X chunk, which isAnimatedWebP has seen.
	var hdr [30]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, eofIsUnexpected(err)
	}
	if binary.LittleEndian.Uint32(hdr[16:20]) != 10 {
		return nil, errors.New("webp: invalid format: VP8X chunk is not 10 bytes")
	}
	canvasW, canvasH := u24(hdr[24:27])+1, u24(hdr[27:30])+1
	// The RIFF size bounds the chunks read below; data after it is not
	// part of the file.
	riff := &io.LimitedReader{R: r, N: int64(binary.LittleEndian.Uint32(hdr[4:8])) - 4 - 18}
	var chdr [8]byte
	for {
		if _, err := io.ReadFull(riff, chdr[:]); err != nil {
			if err == io.EOF && riff.N <= 0 {
				return nil, errNoFrame
			}
			return nil, eofIsUnexpected(err)
		}
		size := int64(binary.LittleEndian.Uint32(chdr[4:8]))
		padded := size + size&1 // chunks are padded to an even length
		if string(chdr[0:4]) != "ANMF" {
			if n, err := io.CopyN(io.Discard, riff, padded); err != nil {
				if n == size {
					// Tolerate a missing pad byte after the last chunk.
					continue
				}
				return nil, eofIsUnexpected(err)
			}
			continue
		}
		if size < anmfHeaderLen {
			return nil, fmt.Errorf("webp: ANMF chunk of %d bytes is too short", size)
		}
		// Read the frame through a LimitReader rather than allocating
		// size bytes up front: the size field is not to be trusted.
		frame, err := io.ReadAll(io.LimitReader(riff, size))
		if err != nil {
			return nil, err
		}
		if int64(len(frame)) < size {
			return nil, io.ErrUnexpectedEOF
		}
		still, err := stillWebP(frame, canvasW, canvasH)
		if err != nil {
			return nil, err
		}
		return webp.Decode(bytes.NewReader(still))
	}
}

// stillWebP turns the payload of an ANMF chunk into a still extended WebP
// file: a VP8X chunk giving the frame's size, then the frame's ALPH, VP8
// and VP8L chunks.
func stillWebP(anmf []byte, canvasW, canvasH uint32) ([]byte, error) {
	x, y := 2*u24(anmf[0:3]), 2*u24(anmf[3:6])
	w1, h1 := u24(anmf[6:9]), u24(anmf[9:12]) // frame width and height minus one
	// RFC 9649 §2.7.1.1: the frame lies within the canvas. Checking it
	// here keeps the frame within the pixel limit checked on the canvas.
	if x+w1+1 > canvasW || y+h1+1 > canvasH {
		return nil, fmt.Errorf("webp: invalid format: frame %dx%d at (%d,%d) is outside the %dx%d canvas",
			w1+1, h1+1, x, y, canvasW, canvasH)
	}

	var body []byte
	flags := byte(0)
	for data := anmf[anmfHeaderLen:]; len(data) >= 8; {
		id := string(data[0:4])
		size := uint64(binary.LittleEndian.Uint32(data[4:8]))
		if size > uint64(len(data)-8) {
			return nil, io.ErrUnexpectedEOF
		}
		chunk := data[:8+size]
		data = data[8+size:]
		if size&1 == 1 && len(data) > 0 {
			data = data[1:]
		}
		switch id {
		case "ALPH":
			flags |= webpAlpha
		case "VP8 ", "VP8L":
		default:
			continue // unknown chunks inside a frame are ignored, RFC 9649 §2.7.1.1
		}
		body = append(body, chunk...)
		if size&1 == 1 {
			body = append(body, 0)
		}
	}
	if body == nil {
		return nil, errNoFrame
	}

	out := make([]byte, 0, 30+len(body))
	out = append(out, "RIFF"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(4+18+len(body)))
	out = append(out, "WEBPVP8X"...)
	out = binary.LittleEndian.AppendUint32(out, 10)
	out = append(out, flags, 0, 0, 0,
		byte(w1), byte(w1>>8), byte(w1>>16),
		byte(h1), byte(h1>>8), byte(h1>>16))
	return append(out, body...), nil
}

// u24 reads a little-endian 24-bit number.
func u24(b []byte) uint32 { return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 }

// eofIsUnexpected turns io.EOF into io.ErrUnexpectedEOF: the file ended
// inside a structure that was announced.
func eofIsUnexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// decodeWebPLuminance decodes the luminance of the still WebP image in b,
// whose header gave c, with package imageio/webp: the Y plane of a lossy
// image, the same as golang.org/x/image/webp gives. A file that package
// does not decode (lossless, with alpha, which the luminance must be
// blended with) goes to golang.org/x/image/webp.
func decodeWebPLuminance(b []byte, c image.Config) (image.Image, error) {
	img, err := lumawebp.Decode(b, lumawebp.Options{MaxPixels: c.Width * c.Height})
	switch {
	case errors.Is(err, lumawebp.ErrUnsupported):
		return webp.Decode(bytes.NewReader(b))
	case err != nil:
		return nil, err
	}
	return img, nil
}
