// Package png decodes the luminance of PNG images.
//
// Decode returns a PNG image (ISO/IEC 15948:2004, the W3C PNG
// specification) as an *image.Gray: the grey level of each pixel by the
// ITU-R BT.601 weights, with transparent pixels blended onto white. It is
// what barcode reading uses, and decoding straight to it is cheaper than
// decoding the colour first: the rows are inflated into one buffer by the
// package's own DEFLATE decoder (RFC 1950, RFC 1951), unfiltered in place
// and converted to grey one row at a time, with no full-colour image in
// between. The result is the same, bit for bit, as
// binarize.Luminance of the image image/png decodes.
//
// Supported: every colour type and bit depth of the specification (grey
// at 1, 2, 4, 8 and 16 bits, grey with alpha, truecolour with and
// without alpha at 8 and 16 bits, palette at 1, 2, 4 and 8 bits), with
// or without a tRNS chunk, interlaced or not. What image/png refuses as
// unsupported (a compression or filter method other than 0, a bit depth
// the colour type does not allow, a size whose pixels at eight bytes
// each overflow an int) gives an error wrapping ErrUnsupported, so that
// a caller can fall back on a full decoder.
//
// Corrupt data gives an error wrapping ErrFormat, data cut short
// io.ErrUnexpectedEOF, where image/png fails too and of the same kind:
// chunk CRCs and the zlib Adler-32 checksum are verified, in the order
// image/png verifies them (the CRC of an IDAT chunk once the stream goes
// past it), chunks must come in the order the specification gives, and
// image data that ends before the last row counts as cut short, as it
// does for image/png. Errors of the zlib layer read as compress/zlib's.
// Bytes after the end of the zlib stream inside the image data are
// ignored; image/png ignores them too, unless its read-ahead stopped
// before them.
//
// The decoder never panics and its work is bounded by the input and the
// image size: Options caps the pixels, the image data is allocated only
// when the input could fill it (DEFLATE expands data at most 1032 times),
// and a stream with far more dynamic blocks than encoders write is left
// to image/png as unsupported.
package png
