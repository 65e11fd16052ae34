package qr

import (
	"math/bits"

	"github.com/barkit/barkit/symbology/qrfamily"
)

// Level is a QR Code error correction level.
type Level int

// The error correction levels, recovering about 7%, 15%, 25% and 30% of the
// codewords (ISO/IEC 18004:2015 §5.3.8, Table 7).
const (
	L Level = iota
	M
	Q
	H
)

// String returns the level's letter.
func (l Level) String() string {
	if l < L || l > H {
		return "?"
	}
	return "LMQH"[l : l+1]
}

// formatLevelBits are the two error-correction bits of the format
// information for each Level (ISO/IEC 18004:2015 §7.9.1, Table 12).
var formatLevelBits = [4]uint32{L: 1, M: 0, Q: 3, H: 2}

// Format information: 5 data bits protected by a (15,5) BCH code with
// generator x^10+x^8+x^5+x^4+x^2+x+1, XORed with 101010000010010 so that it
// is never all zero (ISO/IEC 18004:2015 §7.9.1, Annex C).
const (
	formatPoly = 0x537
	formatMask = 0x5412
)

// Version information: 6 data bits protected by an (18,6) BCH code with
// generator x^12+x^11+x^10+x^9+x^8+x^5+x^2+1 (ISO/IEC 18004:2015 §7.10,
// Annex D).
const versionPoly = 0x1f25

// formatWords and versionWords are every valid format and version word,
// computed at init from the BCH codes above; Annex C Table C.1 and Annex D
// Table D.1 list the same values, and format_test.go checks them.
var (
	formatWords  [32]uint32 // index: level bits << 3 | mask
	versionWords [41]uint32 // index: version; 0-6 unused
)

func init() {
	for i := range formatWords {
		formatWords[i] = qrfamily.BCH(uint32(i), formatPoly, 10) ^ formatMask
	}
	for v := 7; v <= 40; v++ {
		versionWords[v] = qrfamily.BCH(uint32(v), versionPoly, 12)
	}
}

// formatWord returns the 15-bit format information for a level and mask
// pattern (0-7), with the XOR mask applied.
func formatWord(l Level, mask int) uint32 {
	return formatWords[formatLevelBits[l]<<3|uint32(mask)]
}

// decodeFormat returns the level and mask whose format word is nearest to
// word in Hamming distance, and that distance. The BCH code corrects up to 3
// bit errors, so a caller should accept only dist <= 3.
func decodeFormat(word uint32) (l Level, mask int, dist int) {
	dist = 16
	for i, w := range formatWords {
		if d := bits.OnesCount32(w ^ word); d < dist {
			dist = d
			bitsL := uint32(i) >> 3
			for lv, b := range formatLevelBits {
				if b == bitsL {
					l = Level(lv)
				}
			}
			mask = i & 7
		}
	}
	return l, mask, dist
}

// versionWord returns the 18-bit version information for versions 7-40.
func versionWord(version int) uint32 {
	return versionWords[version]
}

// decodeVersion returns the version (7-40) whose version word is nearest to
// word, and that distance; a caller should accept only dist <= 3.
func decodeVersion(word uint32) (version int, dist int) {
	dist = 19
	for v := 7; v <= 40; v++ {
		if d := bits.OnesCount32(versionWords[v] ^ word); d < dist {
			version, dist = v, d
		}
	}
	return version, dist
}
