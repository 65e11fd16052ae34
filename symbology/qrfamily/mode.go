package qrfamily

// A Mode is a kind of segment in the bit stream (ISO/IEC 18004:2015 §7.3,
// ISO/IEC 23941:2022 §7.3). Each symbology writes a mode with its own
// indicator, of its own width; a Dialect maps between them.
type Mode uint8

// The modes. Not every symbology has every mode: Micro QR Code has only
// the first four (and M1 and M2 fewer), rMQR Code no structured append,
// and Chinese mode is GB/T 18284's QR Code extension, read only.
const (
	Invalid    Mode = iota // an indicator that stands for no mode
	Terminator             // end of message
	Numeric                // digits, 3 in 10 bits (§7.4.4)
	Alnum                  // the 45 characters of Table 5, 2 in 11 bits (§7.4.5)
	Byte                   // 8-bit bytes (§7.4.6)
	Kanji                  // Shift_JIS double-byte characters, 13 bits each (§7.4.7)
	ECI                    // an ECI designator follows (§7.4.3)
	FNC1First              // FNC1 in first position: GS1 data (§7.4.8.2)
	FNC1Second             // FNC1 in second position: an application indicator follows (§7.4.8.3)
	Append                 // structured append header (§8)
	Hanzi                  // GB/T 18284 Chinese mode: GB 2312 double-byte characters
	NumModes
)

var modeNames = [NumModes]string{"invalid", "terminator", "numeric", "alphanumeric", "byte", "kanji", "ECI",
	"FNC1 first", "FNC1 second", "structured append", "Chinese"}

// String returns the mode's name.
func (m Mode) String() string {
	if m >= NumModes {
		return "invalid"
	}
	return modeNames[m]
}

// A Dialect is how one symbology, at one version or size, writes its bit
// stream: the width and values of its mode indicators and the widths of
// its character count indicators.
type Dialect struct {
	// Symbology is the registry id, which prefixes errors and names the
	// results of Payload.Barcode.
	Symbology string
	// ModeBits is the width of a mode indicator: 4 in QR Code, 3 in rMQR
	// Code, 0 to 3 in Micro QR Code M1 to M4.
	ModeBits int
	// Modes maps each indicator value, 0 to 1<<ModeBits - 1, to its mode.
	Modes []Mode
	// Count holds the width of each mode's character count indicator (0
	// for a mode the dialect lacks or that has no count).
	Count [NumModes]int
	// TermBits is the length of the terminator, all zero bits: the mode
	// indicator's width in QR Code and rMQR Code, and in Micro QR Code
	// the width of a numeric segment's header (so that the terminator
	// reads as an empty numeric segment).
	TermBits int
	// NoECI is set for dialects whose symbols cannot carry ECI
	// designators (Micro QR Code); Text then writes no designator.
	NoECI bool
}

// Indicator returns the indicator value of mode m, and whether the dialect
// has the mode.
func (d *Dialect) Indicator(m Mode) (uint32, bool) {
	for i, x := range d.Modes {
		if x == m {
			return uint32(i), true
		}
	}
	return 0, false
}

// Has reports whether the dialect has mode m.
func (d *Dialect) Has(m Mode) bool {
	_, ok := d.Indicator(m)
	return ok
}

// AlnumChars is the alphanumeric mode character set in value order
// (ISO/IEC 18004:2015 §7.4.5, Table 5; ISO/IEC 23941:2022 Table 6).
const AlnumChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"

// AlnumValue maps a byte to its alphanumeric mode value, or -1.
var AlnumValue = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(AlnumChars); i++ {
		t[AlnumChars[i]] = int8(i)
	}
	return t
}()
