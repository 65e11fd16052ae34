package databar

// DataBar Omnidirectional and its truncated and stacked forms (ISO/IEC
// 24724:2011 §5): a GTIN-14 without its check digit, a number below 10^13,
// in four characters, two each side of the symbol's middle, each pair
// around a finder pattern whose values carry the checksum. The symbol is
// two halves of 23 elements: a guard of a space and a bar, an outside
// character, a finder and an inside character; the right half is the left
// one's mirror image. Read from its outer end, each half is an outside
// character, a finder and an inside character backwards: the reader
// finds halves and pairs them.

// The symbol value (§5.2.3): left pair × omniPair + right pair, each pair
// outside × insideValues + inside.
const (
	insideValues = 1597
	omniPair     = 2841 * insideValues // 4537077
	// maxGTIN bounds the symbol value: the 13 digits of a GTIN-14 before
	// its check digit (the linkage flag of composite symbols, which adds
	// 10^13, is not written).
	maxGTIN = 10_000_000_000_000
)

// omniElements is the number of elements of a DataBar Omnidirectional
// symbol, guards included, from the left guard's space to the right
// guard's bar; halfElements those of a half from its guard's bar to the
// end of its inside character.
const (
	omniElements = 46
	halfElements = 22
)

// omniChars returns the four character values of symbol value v: left
// outside, left inside, right outside, right inside (§5.2.3).
func omniChars(v int64) [4]int {
	left, right := v/omniPair, v%omniPair
	return [4]int{int(left / insideValues), int(left % insideValues), int(right / insideValues), int(right % insideValues)}
}

// omniValue is the inverse of omniChars: the symbol value of the four
// characters.
func omniValue(c [4]int) int64 {
	left := int64(c[0])*insideValues + int64(c[1])
	right := int64(c[2])*insideValues + int64(c[3])
	return left*omniPair + right
}

// omniCharWidths returns the element widths of the four characters, each
// from its odd elements' first (the order of the checksum), and reports
// whether every value is one of its set.
func omniCharWidths(c [4]int) (w [4][8]int, ok bool) {
	for i, v := range c {
		cs := &outside
		if i%2 == 1 {
			cs = &inside
		}
		if !cs.charWidths(w[i][:], v) {
			return w, false
		}
	}
	return w, true
}

// omniFinderValues returns the values of the left and right finder
// patterns of characters of widths w: their checksum, the sum of every
// element width times 3^k mod 79, k counting the elements from the left
// outside character's first to the right inside character's last in the
// order of omniCharWidths (§5.2.4, the checksum weights table: 1, 3, 9,
// 27, 2, ...), is 9 × left + right, but that the checksums 8 and 72 and
// up are one higher, skipping the pairs of finders 0, 8 and 8, 0.
func omniFinderValues(w [4][8]int) (left, right int) {
	sum, weight := 0, 1
	for i := range w {
		for _, x := range w[i] {
			sum += weight * x
			weight = weight * 3 % 79
		}
	}
	c := sum % 79
	if c >= 8 {
		c++
	}
	if c >= 72 {
		c++
	}
	return c / 9, c % 9
}

// omniSymbolWidths returns the widths of the 46 elements of the symbol of
// value v < maxGTIN, from the left guard's space: guard, left outside
// character, left finder, left inside character backwards, right inside
// character, right finder backwards, right outside character backwards,
// guard (§5.2).
func omniSymbolWidths(v int64) (e [omniElements]int) {
	w, _ := omniCharWidths(omniChars(v))
	fl, fr := omniFinderValues(w)
	e[0], e[1], e[44], e[45] = 1, 1, 1, 1
	for k := 0; k < 8; k++ {
		e[2+k] = w[0][k]
		e[15+k] = w[1][7-k]
		e[23+k] = w[3][k]
		e[36+k] = w[2][7-k]
	}
	for k := 0; k < 5; k++ {
		e[10+k] = omniFinders[fl][k]
		e[31+k] = omniFinders[fr][4-k]
	}
	return e
}

// half is a half of a DataBar Omnidirectional symbol as read: its finder
// value, and its outside and inside characters' values.
type half struct {
	right        bool
	finder       int
	outer, inner int
}

// omniCheck returns the symbol value of a left and a right half and
// reports whether their finders carry the checksum of their characters.
func omniCheck(l, r half) (int64, bool) {
	if l.right || !r.right {
		return 0, false
	}
	c := [4]int{l.outer, l.inner, r.outer, r.inner}
	w, ok := omniCharWidths(c)
	if !ok {
		return 0, false
	}
	fl, fr := omniFinderValues(w)
	if fl != l.finder || fr != r.finder {
		return 0, false
	}
	v := omniValue(c)
	return v, v < maxGTIN
}
