package microqr

import "github.com/barkit/barkit/symbology/qrfamily"

// Format information: the symbol number (3 bits, Table 13) and the data
// mask reference (2 bits), protected by QR Code's (15,5) BCH code and
// XORed with 100010001000101 (ISO/IEC 18004:2015 §7.9.2, Annex C).
const (
	formatPoly = 0x537
	formatMask = 0x4445
)

// formatWords is every valid format word, index symbol number << 2 | mask,
// computed at init; Annex C Table C.2 lists the same values, and
// format_test.go checks them.
var formatWords [32]uint32

func init() {
	for i := range formatWords {
		formatWords[i] = qrfamily.BCH(uint32(i), formatPoly, 10) ^ formatMask
	}
}

// decodeFormat returns the symbol number and mask of the format word
// nearest to w, and the Hamming distance to it.
func decodeFormat(w uint32) (symbol, mask, dist int) {
	i, d := qrfamily.Nearest(formatWords[:], w)
	return i >> 2, i & 3, d
}
