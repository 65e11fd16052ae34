// Package datamatrix reads and writes Data Matrix ECC 200 (ISO/IEC
// 16022:2006): the 24 square sizes from 10×10 to 144×144 modules, the 6
// rectangular ones from 8×18 to 16×48, and the 18 rectangular extension
// (DMRE) sizes of ISO/IEC 21471:2020 from 8×48 to 26×64.
//
// # Writing
//
// Encode chooses the encodation that takes the fewest codewords: it finds
// the optimal sequence of ASCII, C40, Text, X12, EDIFACT and Base 256
// segments by dynamic programming over the data (not the look-ahead
// heuristic of Annex P), including the end-of-data rules that let a symbol
// be filled exactly, and puts it in the smallest symbol of the allowed
// shape. It writes ECI designators, GS1 data (FNC1 in first position),
// reader programming, structured append, and the 05/06 macros for data
// in their ISO/IEC 15434 envelope.
//
// Text is written in the character set that gives the smallest symbol
// unless Options.ECI forces one: Encode tries no designator for ASCII, or
// UTF-8, the first single-byte ECI set that holds the text and the East
// Asian sets shorter than UTF-8, and last text in ISO-8859-1 (the default character set) without its designator when readers take its bytes for
// ISO-8859-1 (eci.DefaultChoices), keeping the earlier on a tie. Binary data is written as it is, with no
// designator unless Options.ECI asks for one.
//
// The registry's writer (id "data-matrix") reads symbology.WriteOptions
// this way:
//
//   - Version "" or "square": the smallest square symbol.
//   - Version "rectangular" (or "rect"): the smallest of the six
//     rectangular symbols of ISO/IEC 16022.
//   - Version "dmre": the smallest rectangular symbol, DMRE sizes
//     included.
//   - Version "any": the smallest symbol of any shape.
//   - Version "RxC", such as "24x24" or "8x32" (rows × columns; "32x8" is
//     read as 8x32): exactly that size, or an error wrapping
//     symbology.ErrTooLong when the data does not fit.
//   - GS1: the data is a GS1 element string (the facade converts the
//     human-readable "(01)…" form first).
//   - ECLevel does not apply: each ECC 200 size has one fixed amount of
//     error correction. A non-empty level gives an error wrapping
//     symbology.ErrUnsupported.
//
// The 144×144 symbol is written with its check codewords interleaved the
// way most encoders and readers do it (zint's default; zxing), or with
// Options.ISO144 as ISO/IEC 16022:2006 §5.7.2 reads (libdmtx reads only
// that one); both layouts are read.
//
// # Reading
//
// Decode reads a sampled module matrix. The registry's reader finds
// symbols in an image by the outlines of dark regions: two long straight
// outline edges meeting at a corner are a candidate L-shaped finder; rays
// from outside find the outer edges of the clock tracks, which give the
// fourth corner under perspective and, counted, the size. A grid is
// sampled straight through a perspective transform, then, when that does
// not decode, corrected by the module boundaries the clock tracks show, by
// the solid lines of the alignment patterns (bent and distorted symbols)
// and by the boundaries where the modules of all rows and columns change
// colour (columns of unequal widths, ink spread), and from the luminance
// plane with the least certain codewords taken as erasures. Mirrored
// symbols, light-on-dark symbols (in thorough mode), symbols whose modules
// are separate dots (dot-peened marks, joined by a dilation in thorough
// mode) and symbols in speckled noise (cleared by an opening) are read too.
// Results carry the symbol's corners in input pixels, its orientation, the
// symbology identifier ("]d1" to "]d6", "]d7" to "]d9" for DMRE as zxing-cpp
// reports them), reader programming and structured append metadata.
package datamatrix
