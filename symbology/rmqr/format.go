package rmqr

import "github.com/barkit/barkit/symbology/qrfamily"

// Format information (ISO/IEC 23941:2022 §7.9): 6 data bits, the error
// correction level (0 for M, 1 for H) and the size number (5 bits),
// protected by the (18,6) BCH code of QR Code's version information
// (generator x^12+x^11+x^10+x^9+x^8+x^5+x^2+1), and XORed with one of two
// masks, 011111101010110010 beside the finder pattern and
// 100000101001111011 beside the finder sub-pattern, so that the two copies
// never read as each other.
const (
	formatPoly          = 0x1F25
	formatMaskFinder    = 0x1FAB2
	formatMaskSubFinder = 0x20A7B
)

// formatWords[c] is every valid format word of copy c (0: finder side, 1:
// sub-finder side), index level << 5 | size-1, computed at init;
// format_test.go checks them against published values.
var formatWords [2][64]uint32

func init() {
	for i := range 64 {
		w := qrfamily.BCH(uint32(i), formatPoly, 12)
		formatWords[0][i] = w ^ formatMaskFinder
		formatWords[1][i] = w ^ formatMaskSubFinder
	}
}

// decodeFormat returns the level and size of the copy-c format word
// nearest to w, and the distance to it.
func decodeFormat(c int, w uint32) (Level, Size, int) {
	i, d := qrfamily.Nearest(formatWords[c][:], w)
	return Level(i >> 5), Size(i&31 + 1), d
}
