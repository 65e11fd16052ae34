// Package reedsolomon implements the Reed–Solomon codes of two-dimensional
// barcodes: encoders and errors-and-erasures decoders over the binary fields
// GF(2^m) of QR Code, Data Matrix, Aztec Code and MaxiCode, and over the
// prime field GF(929) of PDF417.
//
// A codeword is a block of symbols, data followed by check symbols, read as
// a polynomial whose highest-degree coefficient is block[0] (the symbol
// transmitted first). Encode fills in the check symbols; Decode corrects a
// received block in place, given the indices of symbols known to be bad
// (erasures), and reports ErrUncorrectable when 2·errors + erasures exceeds
// the number of check symbols.
//
// Each standard fixes its field by a primitive polynomial and the first root
// α^b of the generator polynomial g(x) = (x-α^b)…(x-α^(b+n-1)); the package
// variables QR, DataMatrix, Aztec4 … Aztec12, MaxiCode and PDF417 hold them.
// The byte methods (Encode, Decode) serve fields of up to 256 elements
// without allocating; the Ints methods serve every field.
//
// All functions and methods are safe for concurrent use.
package reedsolomon
