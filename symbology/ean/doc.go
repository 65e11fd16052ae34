// Package ean reads and writes the EAN/UPC symbologies of ISO/IEC 15420:
// EAN-13 (and ISBN, an EAN-13 of prefix 978 or 979), EAN-8, UPC-A, UPC-E,
// and the two- and five-digit add-ons EAN-2 and EAN-5.
//
// It registers seven ids. ean13, ean8, upca and upce read and write; isbn
// writes ISBNs (ISBN-13, or ISBN-10 converted) as EAN-13, which ean13
// reads; ean2 and ean5 write add-ons alone, and every main symbol's writer
// takes one after a '+' ("9780735200449+51299").
//
// Reading reports each symbol once, under the id of what it is: an EAN-13
// symbol of leading digit 0 is UPC-A, reported by upca alone. As ISO/IEC
// 15420 transmits them, UPC-A and UPC-E come in their 13-digit EAN-13 form
// ("0036000291452"; "0012345000065" for the UPC-E symbol 01234565), with
// symbology identifier ]E0, EAN-8 with ]E4. An add-on read with its main
// symbol, by two scan lines (one, for an EAN-5, whose check value guards
// its digits), follows the main digits ("978073520044951299", ]E3), and
// is in the result's AddOn too; ReadOptions.EANAddOn can have add-ons
// ignored, or required (symbols without one left out). The four readers
// share one scan of an image.
//
// Digits are decoded by their edge-to-similar-edge distances, the
// reference decode algorithm of the standard, and where photographs blur
// those, by the widths of their elements less the growth of the bars that
// ink spread and blur cause, measured over the symbol's guard patterns and
// digits; see decode.go.
package ean
