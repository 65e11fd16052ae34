package symbology

import (
	"fmt"
	"strings"
)

// EANAddOn says what a read does with EAN/UPC add-ons: the EAN-2 and EAN-5
// symbols printed to the right of an EAN-13, UPC-A or UPC-E symbol
// (ISO/IEC 15420:2009, add-on symbols), such as a periodical's issue number
// or a book's price. The values are those of zxing-cpp's EanAddOnSymbol.
type EANAddOn uint8

const (
	// AddOnRead reads the add-on of a symbol that has one: its digits
	// follow the main symbol's, with symbology identifier ]E3, and
	// Barcode.AddOn holds them. A symbol without one is read alone. It is
	// the zero value.
	AddOnRead EANAddOn = iota
	// AddOnIgnore reads the main symbols alone, add-on or not: 13 or 8
	// digits, ]E0 or ]E4, corners around the main symbol.
	AddOnIgnore
	// AddOnRequire reads only the symbols that have an add-on, as
	// AddOnRead does, and leaves out those without one. Symbologies other
	// than EAN/UPC are read as ever.
	AddOnRequire
)

// eanAddOnNames are the names of the EANAddOn values, by value.
var eanAddOnNames = [...]string{AddOnRead: "read", AddOnIgnore: "ignore", AddOnRequire: "require"}

// String returns the name of a, "read", "ignore" or "require".
func (a EANAddOn) String() string {
	if int(a) < len(eanAddOnNames) {
		return eanAddOnNames[a]
	}
	return fmt.Sprintf("EANAddOn(%d)", uint8(a))
}

// Valid reports whether a is one of AddOnRead, AddOnIgnore and
// AddOnRequire.
func (a EANAddOn) Valid() bool { return int(a) < len(eanAddOnNames) }

// ParseEANAddOn returns the EANAddOn named s: "read", "ignore" or
// "require", in any case. Anything else is an ErrInvalidData error.
func ParseEANAddOn(s string) (EANAddOn, error) {
	for a, name := range eanAddOnNames {
		if strings.EqualFold(strings.TrimSpace(s), name) {
			return EANAddOn(a), nil
		}
	}
	return AddOnRead, fmt.Errorf("%w: EAN add-on %q: use read, ignore or require", ErrInvalidData, s)
}
