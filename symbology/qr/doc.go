// Package qr reads and writes QR Code (Model 2, ISO/IEC 18004:2015), versions
// 1 to 40 at error correction levels L, M, Q and H.
//
// It also reads QR Code Model 1, the original form of the symbology
// (ISO/IEC 18004:2000 Annex M), versions 1 to 14; it never writes it. A Model
// 1 result has Symbology "qr" like any other, Identifier "]Q0" (ISO/IEC
// 15424: QR Code Model 1) where a Model 2 one has "]Q1" to "]Q6", and in
// Version its Model 1 version number ("2" for a 25×25 Model 1 symbol).
package qr
