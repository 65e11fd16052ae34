package databar

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// Writing. The kinds of one GTIN take it as GS1 data, "(01)" and 14
// digits (or, with WriteOptions.GS1, the element string "01..."), or as
// its 13 or 14 digits, the check digit computed or checked. The Expanded
// kinds take any GS1 data (writeExpanded).

// quietZone is the margin the symbols are drawn with, in modules: DataBar
// asks for none beyond its guards (ISO/IEC 24724:2011 §5.2, §6.2, §7.2),
// but readers in the field find a symbol more easily with some.
const quietZone = 1

// gtinInput returns the 13 digits before the check digit of the GTIN-14
// that data gives, for the writer of id.
func gtinInput(id, data string, opts symbology.WriteOptions) (string, error) {
	if opts.ECLevel != "" {
		return "", fmt.Errorf("databar: %w: %s has no error correction level (got %q)", symbology.ErrUnsupported, id, opts.ECLevel)
	}
	if opts.Version != "" {
		return "", fmt.Errorf("databar: %w: %s has no versions (got %q)", symbology.ErrUnsupported, id, opts.Version)
	}
	es := data
	switch {
	case strings.HasPrefix(data, "("):
		var err error
		if es, err = gs1.ElementString(data); err != nil {
			return "", fmt.Errorf("databar: %w: %w", symbology.ErrInvalidData, err)
		}
	case !opts.GS1:
		es = ""
	}
	digits := data
	if es != "" {
		fields, err := gs1.Parse(strings.TrimRight(es, "\x1d"))
		if err != nil {
			return "", fmt.Errorf("databar: %w: %w", symbology.ErrInvalidData, err)
		}
		if len(fields) != 1 || fields[0].AI != "01" {
			// Valid GS1 data this kind cannot hold: Expanded can.
			return "", fmt.Errorf("databar: %w: %s carries a GTIN (01) and nothing else; %q has more (GS1 DataBar Expanded carries any)", symbology.ErrUnsupported, id, data)
		}
		digits = fields[0].Value
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return "", fmt.Errorf("databar: %w: %q at %d is no digit: %s carries the digits of a GTIN", symbology.ErrInvalidData, digits[i], i, id)
		}
	}
	switch len(digits) {
	case 13:
	case 14:
		if c := checkDigit(digits[:13]); c != digits[13] {
			return "", fmt.Errorf("databar: %w: check digit %c of %s should be %c", symbology.ErrInvalidData, digits[13], digits, c)
		}
	default:
		return "", fmt.Errorf("databar: %w: %s carries a GTIN of 13 digits and its check digit, not %d digits", symbology.ErrInvalidData, id, len(digits))
	}
	return digits[:13], nil
}

// gtinValue returns the number that 13 digits spell.
func gtinValue(digits string) int64 {
	var v int64
	for i := 0; i < len(digits); i++ {
		v = v*10 + int64(digits[i]-'0')
	}
	return v
}

// appendElements appends the modules of elements of widths w to row, the
// first dark when dark is set, and returns the extended row.
func appendElements(row []bool, w []int, dark bool) []bool {
	for _, x := range w {
		for range x {
			row = append(row, dark)
		}
		dark = !dark
	}
	return row
}

// stack returns the matrix of rows of modules of one width, each repeated
// heights[i] times.
func stack(rows [][]bool, heights []int) *matrix.Matrix {
	width, height := 0, 0
	for i, r := range rows {
		width = max(width, len(r))
		height += heights[i]
	}
	m := matrix.New(width, height)
	y := 0
	for i, r := range rows {
		for range heights[i] {
			for x, dark := range r {
				m.Set(x, y, dark)
			}
			y++
		}
	}
	return m
}

// gtinSymbol returns the symbol of id for the 13 digits of a GTIN and its
// modules.
func gtinSymbol(id, digits string, m *matrix.Matrix) *symbology.Symbol {
	return &symbology.Symbol{Symbology: id, Modules: m, QuietZone: quietZone, Text: "(01)" + digits + string(checkDigit(digits))}
}

// writeOmni writes DataBar Omnidirectional: one row of 96 modules.
func writeOmni(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	id := ids[kindOmni]
	digits, err := gtinInput(id, data, opts)
	if err != nil {
		return nil, err
	}
	e := omniSymbolWidths(gtinValue(digits))
	row := appendElements(nil, e[:], false)
	return gtinSymbol(id, digits, stack([][]bool{row}, []int{1})), nil
}

// omniRows returns the two rows of the stacked forms of DataBar
// Omnidirectional for the 13 digits of a GTIN, 50 modules each: the left
// half and a guard of a bar and a space, and a guard of a bar and a space
// before the right half (§5.3.2).
func omniRows(digits string) (top, bottom []bool, rightFinder int) {
	e := omniSymbolWidths(gtinValue(digits))
	top = appendElements(nil, e[:23], false)
	top = append(top, true, false)
	bottom = appendElements([]bool{true, false}, e[23:], true)
	w, _ := omniCharWidths(omniChars(gtinValue(digits)))
	_, rightFinder = omniFinderValues(w)
	return top, bottom, rightFinder
}

// writeStacked writes DataBar Stacked: a top row 5 modules tall, a
// separator row and a bottom row 7 modules tall. The separator is dark
// where both rows are light, light where both are dark, and alternates
// where they differ, light over the first four modules and past the
// 46th (ISO/IEC 24724:2011 §5.3.2.1, as zint reads it).
func writeStacked(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	id := ids[kindStacked]
	digits, err := gtinInput(id, data, opts)
	if err != nil {
		return nil, err
	}
	top, bottom, _ := omniRows(digits)
	sep := make([]bool, len(top))
	for i := 1; i < 46; i++ {
		switch {
		case top[i] == bottom[i]:
			sep[i] = !top[i]
		default:
			sep[i] = !sep[i-1]
		}
	}
	sep[1], sep[2], sep[3] = false, false, false
	return gtinSymbol(id, digits, stack([][]bool{top, sep, bottom}, []int{5, 1, 7})), nil
}

// writeStackedOmni writes DataBar Stacked Omnidirectional: two rows 33
// modules tall with three separator rows between them: the complement of
// the row above (or below) from the fifth module to the 46th, with the
// light modules over its finder pattern made alternately dark and light,
// and between them a row of alternating modules (ISO/IEC 24724:2011
// §5.3.2.2).
func writeStackedOmni(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	id := ids[kindStackedOmni]
	digits, err := gtinInput(id, data, opts)
	if err != nil {
		return nil, err
	}
	top, bottom, rightFinder := omniRows(digits)
	sepTop := separator(top, 18)
	sepBottom := separator(bottom, 19)
	if rightFinder == 3 {
		// The single dark module over finder 3 moves one module right,
		// over the start of its three-module bar (§5.3.2.2).
		for i := 19; i < 19+13; i++ {
			sepBottom[i] = i == 19+10
		}
	}
	mid := make([]bool, len(top))
	for i := 5; i < 46; i += 2 {
		mid[i] = true
	}
	return gtinSymbol(id, digits, stack([][]bool{top, sepTop, mid, sepBottom, bottom}, []int{33, 1, 1, 1, 33})), nil
}

// separator returns the separator row beside row for the stacked forms of
// DataBar Omnidirectional: row's complement from module 4 to 45, but over
// the 13 modules of the finder from finder, where row's light modules
// alternate dark and light from the left, starting again after each of
// row's dark ones.
func separator(row []bool, finder int) []bool {
	sep := make([]bool, len(row))
	for i := 4; i < 46 && i < len(row); i++ {
		sep[i] = !row[i]
	}
	next := true
	for i := finder; i < finder+13 && i < len(row); i++ {
		if row[i] {
			sep[i], next = false, true
			continue
		}
		sep[i] = next
		next = !next
	}
	return sep
}

// expandedInput returns the element string and its human-readable form
// that data gives: GS1 data in human-readable form, "(01)...(3103)...", or,
// with WriteOptions.GS1 or without parentheses, an element string.
func expandedInput(data string, opts symbology.WriteOptions) (es, hri string, err error) {
	if opts.ECLevel != "" {
		return "", "", fmt.Errorf("databar: %w: GS1 DataBar Expanded has no error correction level (got %q)", symbology.ErrUnsupported, opts.ECLevel)
	}
	es = data
	if strings.HasPrefix(data, "(") {
		if es, err = gs1.ElementString(data); err != nil {
			return "", "", fmt.Errorf("databar: %w: %w", symbology.ErrInvalidData, err)
		}
	}
	es = strings.TrimRight(es, "\x1d")
	fields, err := gs1.Parse(es)
	if err != nil {
		return "", "", fmt.Errorf("databar: %w: %w", symbology.ErrInvalidData, err)
	}
	return es, gs1.FormatHRI(fields), nil
}

// expandedSymbol returns the segment pairs of the symbol of es, with
// perRow segments to a row (0 for one row).
func expandedSymbol(es string, perRow int) ([][]int, error) {
	values, err := expandedValues(es, perRow)
	var tm tooMany
	switch {
	case errors.As(err, &tm):
		return nil, expandedTooLong(es, int(tm), perRow)
	case errors.Is(err, errCharset):
		return nil, fmt.Errorf("databar: %w: %w", symbology.ErrInvalidData, err)
	case err != nil:
		return nil, fmt.Errorf("databar: %w: %w", symbology.ErrTooLong, err)
	}
	pairs, ok := expandedPairs(values)
	if !ok {
		return nil, expandedTooLong(es, len(values)+1, perRow)
	}
	return pairs, nil
}

// expandedTooLong returns the error for element string es, whose
// shortest encodation takes chars symbol characters, the check character
// included: more than the maxChars a symbol holds, 21 data characters of
// 12 bits (§7.2.1). The element string is counted in characters,
// Application Identifiers included and separators not.
func expandedTooLong(es string, chars, perRow int) error {
	sym := "a GS1 DataBar Expanded symbol"
	if perRow > 0 {
		sym = "a GS1 DataBar Expanded Stacked symbol"
	}
	return &symbology.TooLongError{
		Symbology: "databar",
		Data:      symbology.Quantity{N: len(es) - strings.Count(es, "\x1d"), Unit: "characters"},
		Need:      symbology.Quantity{N: chars, Unit: "symbol characters"},
		Symbol:    sym,
		Holds:     symbology.Quantity{N: maxChars, Unit: "symbol characters"},
	}
}

// writeExpanded writes DataBar Expanded: one row of segment pairs between
// guards.
func writeExpanded(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if opts.Version != "" {
		return nil, fmt.Errorf("databar: %w: GS1 DataBar Expanded has no versions (got %q); Expanded Stacked has segments per row", symbology.ErrUnsupported, opts.Version)
	}
	es, hri, err := expandedInput(data, opts)
	if err != nil {
		return nil, err
	}
	pairs, err := expandedSymbol(es, 0)
	if err != nil {
		return nil, err
	}
	e := []int{1, 1}
	for _, p := range pairs {
		e = append(e, p...)
	}
	e = append(e, 1, 1)
	row := appendElements(nil, e, false)
	return &symbology.Symbol{Symbology: ids[kindExpanded], Modules: stack([][]bool{row}, []int{1}), QuietZone: quietZone, Text: hri}, nil
}

// DefaultSegments is the number of segments to a row of DataBar Expanded
// Stacked when WriteOptions.Version does not say: 4, as zint and BWIPP
// write.
const DefaultSegments = 4

// writeExpandedStacked writes DataBar Expanded Stacked: rows of
// WriteOptions.Version segments, an even number from 2 to 20 (default
// DefaultSegments), 34 modules tall, three separator rows apart
// (§7.2.8). Rows are read left to right but, with an even number of
// pairs to a row, the even rows, read right to left; the last row holds
// two segments at least.
func writeExpandedStacked(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	perRow := DefaultSegments
	if opts.Version != "" {
		n, err := strconv.Atoi(opts.Version)
		if err != nil || n < 2 || n > 20 || n%2 != 0 {
			return nil, fmt.Errorf("databar: %w: segments per row of GS1 DataBar Expanded Stacked are an even number from 2 to 20, not %q", symbology.ErrUnsupported, opts.Version)
		}
		perRow = n
	}
	es, hri, err := expandedInput(data, opts)
	if err != nil {
		return nil, err
	}
	pairs, err := expandedSymbol(es, perRow)
	if err != nil {
		return nil, err
	}
	cols := perRow / 2
	nrows := (len(pairs) + cols - 1) / cols
	var rows [][]bool
	var heights []int
	v2 := false // the finder form of the first pair of the row, for separators
	for r := 0; r < nrows; r++ {
		row := r + 1
		blocks := pairs[r*cols : min(len(pairs), (r+1)*cols)]
		special := row == nrows && len(blocks) != cols && row%2 == 0 && cols%2 == 0 && len(blocks)%2 == 1
		ltr := cols%2 == 1 || row%2 == 1 || special
		e := []int{1, 1}
		if special {
			e[0] = 2
		}
		if ltr {
			for _, b := range blocks {
				e = append(e, b...)
			}
		} else {
			for k := len(blocks) - 1; k >= 0; k-- {
				b := blocks[k]
				// A last pair of one character keeps its room.
				for j := pairElements - 1; j >= 0; j-- {
					if j < len(b) {
						e = append(e, b[j])
					} else {
						e = append(e, 0)
					}
				}
			}
		}
		e = append(e, 1, 1)
		dark := !(row%2 == 1 || special)
		modules := appendElements(nil, e, dark)
		if r > 0 {
			// The middle row alternates over the symbol's whole width.
			mid := make([]bool, 49*cols)
			for j := 5; j < len(mid); j += 2 {
				mid[j] = true
			}
			rows = append(rows, mid, expandedSeparator(modules, len(blocks), special, ltr, row == nrows && lastPairShort(pairs), v2))
			heights = append(heights, 1, 1)
		}
		rows = append(rows, modules)
		heights = append(heights, 34)
		if r < nrows-1 {
			rows = append(rows, expandedSeparator(modules, len(blocks), false, ltr, false, v2))
			heights = append(heights, 1)
		}
		if len(blocks)%2 == 1 {
			v2 = !v2
		}
	}
	// Rows of one width.
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	for i := range rows {
		for len(rows[i]) < width {
			rows[i] = append(rows[i], false)
		}
	}
	return &symbology.Symbol{Symbology: ids[kindExpandedStacked], Modules: stack(rows, heights), QuietZone: quietZone, Text: hri}, nil
}

// lastPairShort reports whether the last segment pair has one character.
func lastPairShort(pairs [][]int) bool { return len(pairs[len(pairs)-1]) < pairElements }

// expandedSeparator returns the separator row beside row, a row of
// Expanded Stacked of blocks segment pairs: row's complement from the
// fifth module to the fifth last, but over the finders, where row's light
// modules alternate dark and light, starting again after each dark one,
// from the finder's outer end (§7.2.8, as zint reads it). v2 tells the
// form of the row's first finder, special a last row moved one module
// right, short a last row whose last pair has one character.
func expandedSeparator(row []bool, blocks int, special, ltr, short, v2 bool) []bool {
	sp := 0
	if special {
		sp = 1
	}
	sep := make([]bool, len(row))
	for j := 4 + sp; j < len(row)-4; j++ {
		sep[j] = !row[j]
	}
	light := false // the next light module of a finder stays light
	set := func(i int) {
		if i < 0 || i >= len(row) {
			return
		}
		if row[i] {
			sep[i], light = false, false
			return
		}
		sep[i] = !light
		light = !light
	}
	for j := 0; j < blocks; j++ {
		k := 49*j + 19 + sp
		if ltr {
			from, to := 0, 13
			if v2 {
				from, to = 2, 15
			}
			for i := from; i < to; i++ {
				set(i + k)
			}
		} else {
			if short {
				k -= 17
			}
			from, to := 12, 0
			if v2 {
				from, to = 14, 2
			}
			for i := from; i >= to; i-- {
				set(i + k)
			}
		}
		v2 = !v2
	}
	return sep
}
