package qrfamily

import (
	"unicode/utf8"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/symbology"
)

// Capacity: what a symbol's data bits hold, for the errors of data that
// does not fit. A segment of c characters takes its mode indicator and
// character count indicator, then 10⌊c/3⌋ + (0, 4, 7)[c mod 3] bits in
// numeric mode, 11⌊c/2⌋ + 6(c mod 2) in alphanumeric mode, 8c in byte
// mode and 13c in kanji mode (ISO/IEC 18004:2015 §7.4.4-§7.4.7, ISO/IEC
// 23941:2022 §7.4.4-§7.4.7); data of one kind is best written as one
// segment, so the most of it that fits is the longest such segment.

// A Limit is the symbol that data was weighed against: the largest the
// options allow.
type Limit struct {
	Symbol  string   // the symbol in the user's words: "QR Code version 5-M"
	Dialect *Dialect // its dialect
	Header  int      // the bits written before the segments: ECI designator, FNC1, structured append
	Bits    int      // the data bits it holds, Header included
}

// The kinds of data the errors count, in the order they name them.
var kinds = [...]struct {
	mode Mode
	unit string
}{
	{Numeric, "digits"},
	{Alnum, "alphanumeric characters"},
	{Byte, "bytes"},
	{Kanji, "kanji"},
}

// ModeCapacity returns the most characters of mode m that one segment
// holds in bits bits of dialect d, mode indicator and character count
// indicator included (0 when d lacks the mode): in alphanumeric mode
// counted as the standard counts them, GS1's "%" as two.
func ModeCapacity(d *Dialect, m Mode, bits int) int {
	h := Headers(d)[m]
	if h < 0 || bits < h {
		return 0
	}
	avail := bits - h
	n := 0
	switch m {
	case Numeric:
		n = 3*(avail/10) + [10]int{0, 0, 0, 0, 1, 1, 1, 2, 2, 2}[avail%10]
	case Alnum:
		n = 2 * (avail / 11)
		if avail%11 >= 6 {
			n++
		}
	case Byte:
		n = avail / 8
	case Kanji:
		n = avail / 13
	}
	return min(n, 1<<d.Count[m]-1)
}

// capacities returns what l holds of data of each kind, kanji only when
// withKanji is set.
func (l Limit) capacities(withKanji bool) []symbology.Quantity {
	var out []symbology.Quantity
	for _, k := range kinds {
		if k.mode == Kanji && !withKanji {
			continue
		}
		if n := ModeCapacity(l.Dialect, k.mode, l.Bits-l.Header); n > 0 {
			out = append(out, symbology.Quantity{N: n, Unit: k.unit})
		}
	}
	return out
}

// capacity returns what l holds of data of mode m.
func (l Limit) capacity(m Mode) int {
	return ModeCapacity(l.Dialect, m, l.Bits-l.Header)
}

// TooLong returns the error for the prepared text when it takes need bits
// (0 when some character fits no mode of l's dialect) in the segments segs
// and l holds fewer: text of one kind (digits, alphanumeric characters,
// kanji) is counted in that kind against the most of it l holds; text
// best written as one byte segment in characters (bytes with o.Binary)
// with the bytes it takes against the most bytes l holds; other text in
// characters, with the bits it takes against the bits l holds and the
// most of each kind it holds.
func (t *Text) TooLong(o TextOptions, l Limit, need int, segs []Segment) *symbology.TooLongError {
	e := &symbology.TooLongError{Symbology: o.Symbology, Symbol: l.Symbol}
	n, kanji := len(t.Units), false
	all := CapNumeric | CapAlnum | CapKanji
	for _, u := range t.Units {
		all &= int(u.Caps)
		if u.Alnum != 1 {
			all &^= CapAlnum // GS1's "%" counts as two
		}
		kanji = kanji || u.Caps&CapKanji != 0
	}
	for _, k := range kinds {
		var c int
		switch k.mode {
		case Numeric:
			c = CapNumeric
		case Alnum:
			c = CapAlnum
		case Kanji:
			c = CapKanji
		default:
			continue
		}
		if all&c != 0 && e.OneKind(n, l.capacity(k.mode), k.unit) {
			return e
		}
	}
	e.Data = symbology.Quantity{N: n, Unit: "characters"}
	if o.Binary {
		e.Data.Unit = "bytes"
	}
	if m := l.capacity(Byte); len(segs) == 1 && segs[0].Mode == Byte && len(t.Bytes) > m {
		e.Holds = symbology.Quantity{N: m, Unit: "bytes"}
		if !o.Binary {
			e.Need = symbology.Quantity{N: len(t.Bytes), Unit: "bytes"}
		}
		return e
	}
	if need > 0 && need < infBits {
		e.Need = symbology.Quantity{N: need, Unit: "bits"}
		e.Holds = symbology.Quantity{N: l.Bits, Unit: "bits"}
	}
	e.Fits = l.capacities(kanji)
	return e
}

// TooLongText returns the error for text too long to prepare (longer
// than o.MaxUnits characters): counted in digits, alphanumeric
// characters or kanji when it is all of one, else in characters (bytes
// with o.Binary), against what l holds.
func (t *Text) TooLongText(text string, o TextOptions, l Limit) *symbology.TooLongError {
	e := &symbology.TooLongError{Symbology: o.Symbology, Symbol: l.Symbol}
	digits, alnum := true, true
	for i := 0; i < len(text); i++ {
		c := text[i]
		digits = digits && c >= '0' && c <= '9'
		alnum = alnum && AlnumValue[c] >= 0
	}
	// Kanji mode characters are looked for in text of a few times what
	// the largest symbol holds, not in any text: each costs a conversion.
	n := utf8.RuneCountInString(text)
	kanji, someKanji := false, false
	if !o.Binary && !digits && !alnum && (o.ECI == Plain || o.ECI == eci.ShiftJIS) && l.capacity(Kanji) > 0 && n <= 4*o.MaxUnits {
		kanji = true
		for _, r := range text {
			_, ok := t.sjis.kanji(r)
			kanji, someKanji = kanji && ok, someKanji || ok
		}
	}
	switch {
	case kanji:
		e.Data = symbology.Quantity{N: n, Unit: "kanji"}
		e.Holds = symbology.Quantity{N: l.capacity(Kanji), Unit: "kanji"}
	case digits:
		e.Data = symbology.Quantity{N: len(text), Unit: "digits"}
		e.Holds = symbology.Quantity{N: l.capacity(Numeric), Unit: "digits"}
	case alnum && l.capacity(Alnum) > 0:
		e.Data = symbology.Quantity{N: len(text), Unit: "alphanumeric characters"}
		e.Holds = symbology.Quantity{N: l.capacity(Alnum), Unit: "alphanumeric characters"}
	case o.Binary:
		e.Data = symbology.Quantity{N: len(text), Unit: "bytes"}
		e.Fits = l.capacities(false)
	default:
		e.Data = symbology.Quantity{N: n, Unit: "characters"}
		e.Fits = l.capacities(someKanji)
	}
	return e
}
