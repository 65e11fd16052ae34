// Package jpeg decodes the luminance of JPEG images.
//
// Decode returns the first component of a JPEG file (ITU-T T.81), the Y of
// a YCbCr image or the only component of a greyscale one, as an
// *image.Gray at full resolution. It is the part of a JPEG that barcode
// reading uses, and decoding only it is much cheaper than decoding the
// colour: the chroma blocks are Huffman decoded, as they must be to follow
// the stream, but never dequantised or transformed, and a scan that holds
// no luminance is skipped without being decoded.
//
// Supported: baseline and extended sequential (SOF0, SOF1) and progressive
// (SOF2) Huffman coding with 8-bit samples; one component or three (YCbCr);
// any sampling factors from 1 to 4, interleaved and non-interleaved scans,
// restart intervals. Anything else (12-bit samples, arithmetic coding,
// lossless and hierarchical processes, RGB, CMYK and YCCK files, a first
// component sampled more coarsely than another, a height given by a DNL
// marker) gives an error wrapping ErrUnsupported, so that a caller can fall
// back on a full decoder such as image/jpeg.
//
// The decoder never panics and its work is bounded by the input and the
// image size: Options caps the pixels and the scans of a progressive file.
package jpeg
