// Package rmqr reads and writes rMQR Code, Rectangular Micro QR Code
// (ISO/IEC 23941:2022): symbols of 7 to 17 rows and 27 to 139 columns, in
// 32 sizes from R7x43 to R17x139, at error correction levels M and H.
//
// Encode writes the size of smallest area that holds the data (Options
// may ask for a height or a width, or force a size), with the data split
// into numeric, alphanumeric, byte and kanji segments by dynamic
// programming, in the character set that gives the smallest area (ECI
// designators where the text needs them; see Options.ECI) and FNC1 in
// first position for GS1 data; rMQR Code has one data mask. Through
// WriteOptions.Version the registry's writer takes a size, "R13x77", or a
// height alone, "R13" or "R13xW" as zint names it.
//
// Decode reads a sampled symbol; the package's reader, registered for
// "rmqr", finds symbols in images at any angle, in perspective, mirrored
// and, in thorough mode, light on dark: from the finder pattern and the
// format information beside it, then along the timing patterns of the
// edges to the finder sub-pattern at the far end (detect.go). It shares
// its finder search with Micro QR Code's reader
// (qrfamily.RegisterFinderDecoder).
//
// Results have Version "R7x43" to "R17x139", ECLevel "M" or "H", and
// QR Code's identifiers "]Q1" to "]Q6" (ECI, GS1 and AIM application
// data as QR Code signals them).
package rmqr
