package imageio

import (
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
	"golang.org/x/image/webp"
)

// A format is one image file format: how to recognise it from its first
// bytes and how to decode its header and its pixels.
type format struct {
	name   string
	match  func(head []byte) bool
	config func(io.Reader) (image.Config, error)
	// decode decodes the pixels of an image whose header gave the
	// config.
	decode func(io.Reader, image.Config) (image.Image, error)
	// luminance, when set, decodes the luminance alone from the whole
	// file, for Options.Luminance.
	luminance func([]byte, image.Config) (image.Image, error)
	// whole marks formats whose decoder needs random access to the file
	// (TIFF keeps its directories anywhere in the file), so Decode reads the
	// input into memory before decoding rather than streaming it.
	whole bool
}

// sniffLen is how many leading bytes Decode peeks at to recognise a format:
// enough for the longest signature below and for the VP8X flags byte of a
// WebP file (offset 20).
const sniffLen = 32

// formats lists the formats Decode recognises, each with its signature from
// its specification. The decoders are called directly, not through
// image.Decode, so the set does not depend on which packages a program
// happens to import.
var formats = []format{
	{
		// PNG (ISO/IEC 15948:2004 §5.2): the 8-byte signature.
		name:      "png",
		match:     prefix("\x89PNG\r\n\x1a\n"),
		config:    png.DecodeConfig,
		decode:    plain(png.Decode),
		luminance: decodePNGLuminance,
	},
	{
		// JPEG (ITU-T T.81 §B.1.1.3): SOI followed by the start of a marker.
		name:      "jpeg",
		match:     prefix("\xff\xd8\xff"),
		config:    jpeg.DecodeConfig,
		decode:    decodeJPEG,
		luminance: decodeJPEGLuminance,
	},
	{
		// GIF (GIF89a specification §17): "GIF87a" or "GIF89a".
		name:   "gif",
		match:  prefix("GIF87a", "GIF89a"),
		config: gif.DecodeConfig,
		decode: plain(gif.Decode), // the first frame
	},
	{
		// BMP: "BM", the file size, then two reserved 16-bit words that
		// are zero (BITMAPFILEHEADER).
		name: "bmp",
		match: func(h []byte) bool {
			return len(h) >= 10 && h[0] == 'B' && h[1] == 'M' &&
				h[6] == 0 && h[7] == 0 && h[8] == 0 && h[9] == 0
		},
		config: bmp.DecodeConfig,
		decode: plain(bmp.Decode),
	},
	{
		// Animated WebP (RFC 9649 §2.7): an extended file whose VP8X
		// flags have the animation bit set. golang.org/x/image/webp reads
		// only still images, so the first frame is taken out first.
		name:   "webp",
		match:  isAnimatedWebP,
		config: webp.DecodeConfig, // VP8X gives the canvas size
		decode: plain(decodeAnimatedWebP),
	},
	{
		// WebP (RFC 9649 §2.5, §2.6): a RIFF container of form type
		// "WEBP" whose first chunk is VP8, VP8L or VP8X.
		name: "webp",
		match: func(h []byte) bool {
			return len(h) >= 15 && string(h[0:4]) == "RIFF" && string(h[8:15]) == "WEBPVP8"
		},
		config:    webp.DecodeConfig,
		decode:    plain(webp.Decode),
		luminance: decodeWebPLuminance,
	},
	{
		// TIFF (TIFF 6.0 §2, Image File Header): byte order "II" or "MM"
		// and the number 42 in that order.
		name:   "tiff",
		match:  prefix("II*\x00", "MM\x00*"),
		config: tiff.DecodeConfig,
		decode: plain(tiff.Decode), // the first image file directory
		whole:  true,
	},
}

// SniffLen is the number of leading bytes of a file that Sniff needs to
// recognise every format.
const SniffLen = sniffLen

// Sniff returns the name of the format whose signature head starts with
// (png, jpeg, gif, bmp, webp or tiff), or "" when it starts with none: the
// test Decode makes before anything else, for a caller that picks image
// files out of others by their content, such as a directory walk. head
// needs no more than the first SniffLen bytes of the file.
func Sniff(head []byte) string {
	if f := sniff(head[:min(len(head), sniffLen)]); f != nil {
		return f.name
	}
	return ""
}

// sniff returns the format whose signature head starts with, or nil.
func sniff(head []byte) *format {
	for i := range formats {
		if formats[i].match(head) {
			return &formats[i]
		}
	}
	return nil
}

// prefix returns a matcher for data that starts with any of sigs.
func prefix(sigs ...string) func([]byte) bool {
	return func(h []byte) bool {
		for _, s := range sigs {
			if len(h) >= len(s) && string(h[:len(s)]) == s {
				return true
			}
		}
		return false
	}
}

// plain adapts a decoder that needs no more than the data.
func plain(decode func(io.Reader) (image.Image, error)) func(io.Reader, image.Config) (image.Image, error) {
	return func(r io.Reader, _ image.Config) (image.Image, error) { return decode(r) }
}
