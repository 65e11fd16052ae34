// Package maxicode reads and writes MaxiCode (ISO/IEC 16023:2000), the
// parcel code of UPS and other carriers: 33 rows of 30 hexagonal modules
// around a bull's-eye finder, 144 six-bit codewords with Reed–Solomon
// error correction over GF(64).
//
// # Writing
//
// Encode writes a symbol in any of the standard's modes: 2 and 3 for a
// structured carrier message (a postal code, numeric in mode 2 and
// alphanumeric in mode 3, a country code and a class of service, in the
// primary message; the rest in the secondary message), 4 for a standard
// symbol, 5 with enhanced error correction and 6 for reader programming.
// The data is written in the fewest codewords: code sets A to E with
// their shifts, latches and lock-ins, and numeric shifts, chosen by
// dynamic programming (encodation.go). Text is written without a
// designator when it is ASCII; otherwise in the first of UTF-8, the first
// single-byte ECI set that holds it, the East Asian sets shorter than UTF-8
// and ISO/IEC 8859-1 (the default character set) without a designator when
// readers take its bytes for ISO-8859-1 (eci.DefaultChoices) that fits the
// symbol, unless Options.ECI forces one. Options.Binary writes bytes as they are, with no
// designator unless Options.ECI asks for one. Options.Append places the
// symbol in a structured-append message. The registry's writer takes the mode as the version ("2"-"6")
// and recognises a structured carrier message in the ISO/IEC 15434 form
// carriers use: "[)>" RS "01" GS "96" postal code GS country GS class GS
// …. Symbols render as hexagons with the bull's-eye as circles (package
// render, Symbol.Hexagonal).
//
// # Reading
//
// The reader finds the bull's-eye by its eleven runs along rows, the
// column and both diagonals (finder.go), fits an ellipse to its rings
// cast along rays (its centre and shape from the middle dark ring, its
// scale from the outer edge, 9X across), finds the rotation and reflection
// from the six clusters of orientation modules, then the scale and angle
// that put the hexagonal grid sharpest on the image, and samples the
// modules; when they do not decode, it fits perspective and bending from
// patches of modules placed one by one from the centre out (grid.go,
// read.go). So it reads symbols at any rotation, in perspective, on bent
// labels and in photos, with modules down to about 3 pixels (smaller in
// small images, which are read enlarged too).
//
// Decode returns the symbol's content as the standard transmits it: in
// modes 2 and 3 the structured carrier message comes first, or after the
// ISO/IEC 15434 header "[)>" RS "01" GS yy when the secondary message
// starts with one (content type iso15434), and SplitCarrier takes it
// apart. ECLevel is the mode, as zxing-cpp reports it; ReaderInit marks
// mode 6; Sequence the structured-append position.
package maxicode
