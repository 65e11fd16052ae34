// Package microqr reads and writes Micro QR Code (ISO/IEC 18004:2015),
// versions M1 to M4: symbols of 11 to 17 modules a side with one finder
// pattern, for data of at most 35 digits or 15 bytes.
//
// Encode writes the smallest version that holds the data at the level
// asked for (L, M or Q as each version has them; M1 symbols only detect
// errors and count as level L), with the data split into numeric,
// alphanumeric, byte and kanji segments by dynamic programming, and the
// data mask chosen by the standard's evaluation of the symbol's right and
// bottom edges (§7.8.3.2). Micro QR Code has no ECI designators: Encode
// writes ASCII as it is, ISO-8859-1 (the default) when no guessing reader
// would take its bytes for UTF-8 or Shift_JIS, kanji in kanji mode, and
// other text in UTF-8 or, where readers would guess it, Shift_JIS, the
// smaller (see Encode and qrfamily.Text.Candidates).
//
// Decode reads a sampled symbol; the package's reader, registered for
// "micro-qr", finds symbols in images at any angle, in perspective,
// mirrored and, in thorough mode, light on dark: from the finder pattern
// and the format information beside it, then along the timing patterns of
// the top and left edges and the dark modules of the right and bottom
// edges (detect.go). It shares its finder search with rMQR Code's reader
// (qrfamily.RegisterFinderDecoder).
//
// Results have Version "M1" to "M4", ECLevel "L", "M" or "Q", and
// Identifier "]Q1" (Micro QR Code has no ECI or FNC1 to signal).
package microqr
