package databar

import (
	"fmt"

	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// DataBar Limited (ISO/IEC 24724:2011 §6): a GTIN-14 whose first digit is
// 0 or 1, without its check digit a number below 2×10^12, in two
// characters of 14 elements over 26 modules either side of a check
// character of 14 elements over 18 modules, between guards of a space and
// a bar: 46 elements, 74 modules. The check character is the symbol's
// only finder: one of 89 patterns (Annex C, limitedChecks), the checksum
// of the two characters.

// The symbol value (§6.2.3): left × limitedValues + right.
const (
	limitedValues = 2013571
	// maxLimited bounds the symbol value: GTINs from 0 and 1.
	maxLimited = 2_000_000_000_000
	// limitedElements is the number of elements of a symbol, from the left
	// guard's space to the right guard's bar; limitedModules its width.
	limitedElements = 46
	limitedModules  = 74
	// limitedTrail is the light space after the right guard's bar, in
	// modules. The reader asks for most of it (limitedTrailRead) where
	// the line goes on: a mod 89 checksum is little, and lines through
	// noise or print read a symbol by chance every thousand rows or so
	// (TestTextureWork); a line that crosses a symbol ends in its space.
	limitedTrail     = 5
	limitedTrailRead = 3
)

// limitedCheck returns the value of the check character of characters of
// widths left and right: the sum of every element width times 3^k mod 89,
// k counting the elements from the left character's first to the right
// character's last, mod 89 (§6.2.4: the weights are 1, 3, 9, 27, 81, 65,
// ...).
func limitedCheck(left, right []int) int {
	sum, weight := 0, 1
	for _, w := range [2][]int{left, right} {
		for _, x := range w {
			sum += weight * x
			weight = weight * 3 % 89
		}
	}
	return sum % 89
}

// limitedSymbolWidths returns the widths of the 46 elements of the symbol
// of value v < maxLimited, from the left guard's space: guard, left
// character, check character, right character, guard; and reports
// whether v is one.
func limitedSymbolWidths(v int64) (e [limitedElements]int, ok bool) {
	if v < 0 || v >= maxLimited {
		return e, false
	}
	var left, right [14]int
	if !limitedSet.charWidths(left[:], int(v/limitedValues)) || !limitedSet.charWidths(right[:], int(v%limitedValues)) {
		return e, false
	}
	check := limitedChecks[limitedCheck(left[:], right[:])]
	e[0], e[1], e[44], e[45] = 1, 1, 1, 1
	for k := 0; k < 14; k++ {
		e[2+k] = left[k]
		e[16+k] = int(check[k] - '0')
		e[30+k] = right[k]
	}
	return e, true
}

// writeLimited writes DataBar Limited: one row of 74 modules and the
// space after it.
func writeLimited(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	id := ids[kindLimited]
	digits, err := gtinInput(id, data, opts)
	if err != nil {
		return nil, err
	}
	if digits[0] > '1' {
		return nil, fmt.Errorf("databar: %w: %s carries GTINs whose first digit is 0 or 1, not %c (GS1 DataBar carries any)", symbology.ErrUnsupported, id, digits[0])
	}
	e, ok := limitedSymbolWidths(gtinValue(digits))
	if !ok {
		return nil, fmt.Errorf("databar: %w: %s cannot hold %q", symbology.ErrInvalidData, id, data)
	}
	// The right guard's bar is followed by a space of limitedTrail
	// modules: the symbol is 79 modules wide, as zint writes it.
	row := appendElements(nil, e[:], false)
	row = append(row, make([]bool, limitedTrail)...)
	return gtinSymbol(id, digits, stack([][]bool{row}, []int{1})), nil
}

// limitedCheckValue returns the value of the check character whose
// elements measure w, over 18 modules, and reports whether it is one: its
// widths rounded to modules must be one of limitedChecks, whose elements
// are 1 to 3 modules wide.
func limitedCheckValue(w []float64) (int, bool) {
	if len(w) != 14 {
		return 0, false
	}
	total := 0.0
	for _, x := range w {
		total += x
	}
	if !(total > 0) {
		return 0, false
	}
	key, sum := uint32(0), 0
	for _, x := range w {
		r := int(x*18/total + 0.5)
		if r < 1 || r > 3 {
			return 0, false
		}
		key = key<<2 | uint32(r)
		sum += r
	}
	v, ok := limitedCheckKeys[key]
	return int(v), ok && sum == 18
}

// limitedCheckKeys maps the widths of each check character, two bits an
// element, to its value.
var limitedCheckKeys = func() map[uint32]int8 {
	m := make(map[uint32]int8, len(limitedChecks))
	for v, c := range limitedChecks {
		key := uint32(0)
		for k := 0; k < len(c); k++ {
			key = key<<2 | uint32(c[k]-'0')
		}
		m[key] = int8(v)
	}
	return m
}()

// decodeLimited reads the DataBar Limited symbols in r, forwards: from
// each bar that may be a left guard's, 45 elements over 73 modules, the
// guards a module wide, the characters as wide as their modules, the
// check character one of its patterns and the checksum of the others.
func decodeLimited(r *linear.Row, hits []linear.Hit) []linear.Hit {
	w, pos := r.W, r.Pos
	n := len(w)
	found := 0
	// Bars are the odd elements of a row (linear.Row starts with a
	// space).
	for i := 1; i+44 < n && found < maxHalves; i += 2 {
		// Element i is the guard's bar, i+43 and i+44 the right guard.
		total := pos[i+45] - pos[i]
		if !(total >= minFinderWidth*(limitedModules-1)/15) {
			continue // modules under 0.8 pixels, as minFinderWidth
		}
		module := total * (1.0 / (limitedModules - 1))
		// The guards and the check character's last two elements
		// (every pattern of Annex C ends in two single modules) are a
		// module wide.
		if i+45 < n && w[i+45] < limitedTrailRead*module {
			continue
		}
		// The check character's width first: 14 elements over 18
		// modules, where others average 26 modules for 14.
		if !near(pos[i+29]-pos[i+15], 18*module) ||
			!guard(w[i+44], module) || !guard(w[i+43], module) || !guard(w[i], module) ||
			!guard(w[i+28], module) || !guard(w[i+27], module) ||
			!near(pos[i+15]-pos[i+1], 26*module) || !near(pos[i+43]-pos[i+29], 26*module) {
			continue
		}
		c, ok := limitedCheckValue(w[i+15 : i+29])
		if !ok {
			continue
		}
		var lw, rw [14]float64
		copy(lw[:], w[i+1:i+15])
		copy(rw[:], w[i+29:i+43])
		lv, ok1 := readChar(lw[:], 26, &limitedSet)
		rv, ok2 := readChar(rw[:], 26, &limitedSet)
		if !ok1 || !ok2 {
			continue
		}
		var left, right [14]int
		if !limitedSet.charWidths(left[:], lv) || !limitedSet.charWidths(right[:], rv) || limitedCheck(left[:], right[:]) != c {
			continue
		}
		v := int64(lv)*limitedValues + int64(rv)
		if v >= maxLimited {
			continue
		}
		hits = append(hits, linear.Hit{Kind: kindLimited, Text: gtinText(v), Start: i, End: i + 44})
		found++
		i += 42 // and the loop's 2: on from the symbol's last bar
	}
	return hits
}
