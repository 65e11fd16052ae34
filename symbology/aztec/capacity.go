package aztec

import (
	"fmt"

	"github.com/barkit/barkit/symbology"
)

// Capacity: what the largest symbol the options allow holds, for the
// errors of data that does not fit it.

// largest returns the size of most data bits at pct percent error
// correction that opts allow (opts.Size when it forces one), and its name
// for the errors.
func largest(pct int, opts Options) (Size, string) {
	if opts.Size.Layers != 0 {
		return opts.Size, fmt.Sprintf("an Aztec Code symbol of size %v at %d%% error correction", opts.Size, pct)
	}
	var best Size
	for _, s := range sizes {
		if opts.ReaderInit && !s.readerInitAllowed() {
			continue
		}
		if best.Layers == 0 || s.dataWords(pct, opts.ReaderInit)*s.WordBits() > best.dataWords(pct, opts.ReaderInit)*best.WordBits() {
			best = s
		}
	}
	return best, fmt.Sprintf("the largest Aztec Code symbol at %d%% error correction (%v)", pct, best)
}

// The kinds of data the errors count in their own terms, each with the
// character that stands for them when most finds how many fit: one that
// no codeword boundary can turn into a run of b-1 equal bits, so that no
// bit is stuffed (§7.3.1.2): '7' is 1001 in Digit mode, 'Q' 10010 in
// Upper mode, 0xC4 11000100 in a Binary Shift run.
var kinds = [...]struct {
	unit string
	c    unit
	in   func(b byte) bool
}{
	{"digits", '7', func(b byte) bool { return b >= '0' && b <= '9' }},
	{"capital letters", 'Q', func(b byte) bool { return b >= 'A' && b <= 'Z' }},
	{"bytes", 0xC4, nil},
}

// most returns the most copies of c that fit size s at pct percent error
// correction after the units head, by the encoder's own count of bits
// and of stuffed codewords: a search around the count Table 2's code
// lengths give, each step encoding the data.
func most(head []unit, c unit, s Size, pct int, opts Options) int {
	room := s.dataWords(pct, opts.ReaderInit)
	b := s.WordBits()
	fits := func(n int) bool {
		units := make([]unit, len(head), len(head)+n)
		copy(units, head)
		for range n {
			units = append(units, c)
		}
		bits, _, ok := streamBits(units, opts)
		return ok && stuffedLen(bits, b) <= room
	}
	headBits, _, _ := streamBits(head, opts)
	avail := room*b - len(headBits)
	var guess int
	switch {
	case c >= '0' && c <= '9':
		guess = (avail - 5) / 4 // D/L, then 4 bits a digit
	case c >= 'A' && c <= 'Z':
		guess = avail / 5
	default:
		runs := avail/(8*maxRun) + 1 // B/S and an 11-bit length each
		guess = (avail - 21*runs) / 8
	}
	guess = min(max(guess, 0), maxUnits)
	// lo fits and hi does not: a bracket around the guess, or the whole
	// range when the guess is off by more than it allows.
	lo, hi := max(guess-4, 0), guess+4
	if lo > 0 && !fits(lo) {
		lo = 0
	}
	if fits(hi) {
		hi = maxUnits + 1
	}
	for hi-lo > 1 {
		m := (lo + hi) / 2
		if fits(m) {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

// tooLong returns the error for enc, which takes need data codewords of
// the largest size opts allow at pct percent error correction (0 when not
// weighed): digits or capital letters counted as such against the most
// of them that size holds; other data in characters (bytes with
// opts.Binary) with the codewords it takes against those the size holds,
// and what that holds of each kind.
func (enc encoding) tooLong(need, pct int, opts Options) *symbology.TooLongError {
	data := make([]byte, 0, len(enc.units)-enc.head)
	for _, u := range enc.units[enc.head:] {
		if !isByte(u) {
			data = nil // FNC1 in GS1 data: no kind
			break
		}
		data = append(data, byte(u))
	}
	return tooLong(enc.units[:enc.head], string(data), enc.chars, need, pct, opts)
}

// tooLongText returns the error for text too long to weigh, of chars
// characters (bytes with opts.Binary).
func tooLongText(text string, chars int, opts Options) *symbology.TooLongError {
	pct := opts.ECPercent
	switch {
	case pct != 0:
	case opts.Size.Layers != 0:
		pct = MinEC
	default:
		pct = DefaultEC
	}
	return tooLong(opts.header(opts.ECI), text, chars, 0, pct, opts)
}

// tooLong returns the error for data after the units head, chars
// characters, that takes need data codewords (0 when not weighed).
func tooLong(head []unit, data string, chars, need, pct int, opts Options) *symbology.TooLongError {
	s, sym := largest(pct, opts)
	e := &symbology.TooLongError{Symbology: "aztec", Symbol: sym}
	for _, k := range kinds[:2] {
		one := len(data) > 0
		for i := 0; i < len(data); i++ {
			if !k.in(data[i]) {
				one = false
				break
			}
		}
		if one && e.OneKind(len(data), most(head, k.c, s, pct, opts), k.unit) {
			return e
		}
	}
	e.Data = symbology.Quantity{N: chars, Unit: "characters"}
	if opts.Binary {
		e.Data.Unit = "bytes"
	}
	if need > 0 {
		e.Need = symbology.Quantity{N: need, Unit: "data codewords"}
	}
	e.Holds = symbology.Quantity{N: s.dataWords(pct, opts.ReaderInit), Unit: "data codewords"}
	for _, k := range kinds {
		if m := most(head, k.c, s, pct, opts); m > 0 {
			e.Fits = append(e.Fits, symbology.Quantity{N: m, Unit: k.unit})
		}
	}
	return e
}
