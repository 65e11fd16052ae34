// Package qr reads and writes QR Code (Model 2, ISO/IEC 18004:2015), versions
// 1 to 40 at error correction levels L, M, Q and H.
package qr
