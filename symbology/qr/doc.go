// Package qr reads and writes QR Code (Model 2, ISO/IEC 18004:2015), versions
// 1 to 40 at error correction levels L, M, Q and H.
//
// Encode writes the smallest version that holds the text at the level
// asked for: it tries each character set that can carry the text, without
// a designator where readers read it right (ASCII, ISO-8859-1, kanji mode)
// and then with ECI designators (UTF-8, a single-byte set, East Asian
// sets), each split into numeric, alphanumeric, byte and kanji segments by
// dynamic programming, and keeps the smallest symbol, the earlier set of
// equal ones (see Options.ECI).
//
// It also reads QR Code Model 1, the original form of the symbology
// (ISO/IEC 18004:2000 Annex M), versions 1 to 14; it never writes it. A Model
// 1 result has Symbology "qr" like any other, Identifier "]Q0" (ISO/IEC
// 15424: QR Code Model 1) where a Model 2 one has "]Q1" to "]Q6", and in
// Version its Model 1 version number ("2" for a 25×25 Model 1 symbol).
package qr
