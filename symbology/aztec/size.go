package aztec

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// A Size is an Aztec Code symbol format: compact, with 1 to 4 layers of
// data around a 9×9 bull's-eye, or full-range, with 1 to 32 layers around
// a 13×13 one and a reference grid (ISO/IEC 24778:2008 §5.2).
type Size struct {
	Compact bool
	Layers  int // 1-4 compact, 1-32 full-range
}

// The limits of the two families (ISO/IEC 24778:2008 §5.2, Table 1).
const (
	maxCompactLayers = 4
	maxFullLayers    = 32
)

// Valid reports whether s is an Aztec Code format.
func (s Size) Valid() bool {
	if s.Compact {
		return s.Layers >= 1 && s.Layers <= maxCompactLayers
	}
	return s.Layers >= 1 && s.Layers <= maxFullLayers
}

// String returns the format in the notation of WriteOptions.Version and
// Barcode.Version: "C1" to "C4" for compact symbols, "F1" to "F32" for
// full-range ones.
func (s Size) String() string {
	if s.Compact {
		return "C" + strconv.Itoa(s.Layers)
	}
	return "F" + strconv.Itoa(s.Layers)
}

// Side returns the width (and height) of the symbol in modules: 11+4L for
// compact symbols; for full-range symbols 15+4L plus the lines of the
// reference grid beyond the bull's-eye, two for every 8 layers past the
// fourth (§5.2, Table 1).
func (s Size) Side() int {
	if s.Compact {
		return 11 + 4*s.Layers
	}
	base := 14 + 4*s.Layers // without the reference grid
	return base + 1 + 2*((base/2-1)/15)
}

// WordBits returns the size of the symbol's codewords in bits: 6 for 1 or
// 2 layers, 8 for 3 to 8, 10 for 9 to 22 and 12 for 23 to 32 (§7.3.1.1,
// Table 3).
func (s Size) WordBits() int {
	switch {
	case s.Layers <= 2:
		return 6
	case s.Layers <= 8:
		return 8
	case s.Layers <= 22:
		return 10
	}
	return 12
}

// field returns the Galois field of the symbol's codewords (§7.3.3.1,
// Table 4).
func (s Size) field() *reedsolomon.Field {
	switch s.WordBits() {
	case 6:
		return reedsolomon.Aztec6
	case 8:
		return reedsolomon.Aztec8
	case 10:
		return reedsolomon.Aztec10
	}
	return reedsolomon.Aztec12
}

// Bits returns the number of data-layer modules: (88+16L)·L for compact
// symbols and (112+16L)·L for full-range ones (§5.3, Table 1).
func (s Size) Bits() int {
	if s.Compact {
		return (88 + 16*s.Layers) * s.Layers
	}
	return (112 + 16*s.Layers) * s.Layers
}

// Codewords returns the number of codewords the data layers hold, data
// and check together; the Bits mod WordBits modules left over are the
// padding at the start of the outermost layer (§7.3.4).
func (s Size) Codewords() int { return s.Bits() / s.WordBits() }

// maxData returns the most data codewords the mode message can count:
// 64 in a compact symbol (6 bits), 2048 in a full-range one (11 bits),
// with one bit less for a reader initialisation symbol, which sets the
// field's top bit (§7.2.3, §9).
func (s Size) maxData(readerInit bool) int {
	n := 2048
	if s.Compact {
		n = 64
	}
	if readerInit {
		n /= 2
	}
	return n
}

// readerInitAllowed reports whether a symbol of size s may be a reader
// initialisation symbol: one whose codewords are too few for the top bit
// of the mode message's length field to be a count, compact symbols of one
// layer and full-range symbols of at most 22 layers, as zint writes them
// (§9).
func (s Size) readerInitAllowed() bool {
	if s.Compact {
		return s.Layers == 1
	}
	return s.Layers <= 22
}

// sizes lists every format by side, compact before full-range where both
// have the same side (the compact symbol holds more): the first that holds
// the data is the smallest symbol for it.
var sizes = func() []Size {
	var out []Size
	for l := 1; l <= maxFullLayers; l++ {
		out = append(out, Size{Layers: l})
	}
	for l := maxCompactLayers; l >= 1; l-- {
		c := Size{Compact: true, Layers: l}
		i := slices.IndexFunc(out, func(s Size) bool { return s.Side() >= c.Side() })
		out = slices.Insert(out, i, c)
	}
	return out
}()

// Sizes returns every Aztec Code format, smallest first.
func Sizes() []Size { return append([]Size(nil), sizes...) }

// DefaultEC is the error correction percentage the standard recommends and
// Encode uses by default: check codewords of 23 % of the symbol's
// codewords, plus 3 (ISO/IEC 24778:2008 §11.3).
const DefaultEC = 23

// The range of error correction percentages Encode accepts (§11.3).
const (
	MinEC = 5
	MaxEC = 95
)

// checkWords returns the fewest check codewords a symbol of n codewords
// has at percent error correction: percent of n, rounded to nearest, plus
// 3 (§11.3). Rounding to nearest is what the capacities of Table 1 at the
// recommended 23 % imply: rounding up would take a codeword more from 8 of
// the 13 sizes TestCapacityTable checks, rounding down one fewer from 6.
func checkWords(n, percent int) int {
	return (n*percent+50)/100 + 3
}

// dataWords returns the most data codewords a symbol of size s holds at
// percent error correction, or 0 when it holds none.
func (s Size) dataWords(percent int, readerInit bool) int {
	n := s.Codewords()
	d := n - checkWords(n, percent)
	return max(0, min(d, s.maxData(readerInit)))
}

// ParseSize reads a format in the notation of Size.String: "C1" to "C4"
// and "F1" to "F32", in either case, with an optional space or dash after
// the letter ("compact 2" and "full 12" are read too).
func ParseSize(v string) (Size, error) {
	s := strings.ToUpper(strings.TrimSpace(v))
	var size Size
	switch {
	case strings.HasPrefix(s, "COMPACT"):
		size.Compact, s = true, s[len("COMPACT"):]
	case strings.HasPrefix(s, "FULL"):
		s = s[len("FULL"):]
	case strings.HasPrefix(s, "C"):
		size.Compact, s = true, s[1:]
	case strings.HasPrefix(s, "F"):
		s = s[1:]
	default:
		return Size{}, fmt.Errorf("aztec: %w: size %q (C1-C4 compact, F1-F32 full-range, or rune)", symbology.ErrInvalidData, v)
	}
	s = strings.TrimLeft(s, " -")
	n, err := strconv.Atoi(s)
	size.Layers = n
	if err != nil || !size.Valid() {
		return Size{}, fmt.Errorf("aztec: %w: size %q (C1-C4 compact, F1-F32 full-range, or rune)", symbology.ErrInvalidData, v)
	}
	return size, nil
}
