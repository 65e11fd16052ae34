// Package webp decodes the luminance of lossy WebP images.
//
// Decode returns the Y plane of the VP8 key frame of a WebP file (RFC
// 9649, RFC 6386) as an *image.Gray of the frame's size. It is the part
// of an image that barcode reading uses, and decoding only it is
// cheaper than decoding the colour: the chroma modes and coefficients
// are decoded, as they must be to follow the stream, but chroma is never
// predicted, transformed or loop filtered. The luminance is the same, bit
// for bit, as the Y plane golang.org/x/image/webp decodes.
//
// Supported: the simple format (a VP8 chunk) and the extended format
// (VP8X) of a still image without alpha. Lossless (VP8L) images, alpha
// channels (the luminance must then be blended with them) and animations
// give an error wrapping ErrUnsupported, so that a caller can fall back on
// a full decoder such as golang.org/x/image/webp.
//
// Corrupt data gives an error wrapping ErrFormat, data cut short one
// wrapping io.ErrUnexpectedEOF, where golang.org/x/image/webp fails too:
// like it, Decode needs the whole VP8 chunk and fails when a boolean
// needs bits past the end of its partition. It also refuses a partition
// that starts with 0xFF, which no encoder writes and from which
// golang.org/x/image/webp decodes garbage.
//
// The decoder never panics and its work is bounded by the input and the
// image size: Options caps the pixels.
package webp
