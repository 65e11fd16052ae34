package databar

import (
	"strconv"
	"strings"

	"github.com/barkit/barkit/symbology/linear"
)

// DataBar Expanded (ISO/IEC 24724:2011 §7.2): a check character and 3 to
// 21 data characters of 12 bits, 17 modules each, in segment pairs around
// finder patterns: pair p is character 2p forwards, a finder and character
// 2p+1 backwards (the last pair of a symbol of an odd number of characters
// lacks its second). The finders follow one of the sequences of Table 16,
// by the number of pairs. Between guards of a space and a bar, the pairs
// make one row, or, in Expanded Stacked, several, those of the even rows
// written right to left.

// The elements of a segment pair: two characters and a finder.
const pairElements = 21

// expandedWeight returns the checksum weight of element k of a character
// next to finder value f (1 to 12): the check character's neighbour in
// the first pair has the first row of weights; the characters either side
// of finder f have rows 2f-3 and 2f-2 (§7.2.6, Table 14: the weights are
// 3^k mod 211, eight to a row).
func expandedWeightRow(f int, second bool) int {
	if second {
		return 2*f - 2
	}
	return 2*f - 3
}

// expandedCheck returns the value of the check character of a symbol whose
// data characters have widths w, with finders seq.
func expandedCheck(w [][8]int, seq []int) int {
	sum := 0
	for i := range w {
		p := (i + 1) / 2
		row := expandedWeightRow(seq[p], i%2 == 0)
		weight := 1
		for range 8 * row {
			weight = weight * 3 % 211
		}
		for _, x := range w[i] {
			sum += weight * x
			weight = weight * 3 % 211
		}
	}
	return 211*(len(w)+1-4) + sum%211
}

// expandedPairs returns the element widths of the segment pairs of the
// symbol of data character values, each pair's from its first element
// (21, or 13 for a last pair of one character). ok is false for values
// out of range or a number of characters no symbol has.
func expandedPairs(values []int) (pairs [][]int, ok bool) {
	n := len(values) + 1
	if n < minChars || n > maxChars {
		return nil, false
	}
	seq := finderSequences[(n+1)/2]
	w := make([][8]int, len(values))
	for i, v := range values {
		if !expandedSet.charWidths(w[i][:], v) {
			return nil, false
		}
	}
	var check [8]int
	if !expandedSet.charWidths(check[:], expandedCheck(w, seq)) {
		return nil, false
	}
	chars := append([][8]int{check}, w...)
	for p, f := range seq {
		e := make([]int, 0, pairElements)
		e = append(e, chars[2*p][:]...)
		fw := expandedFinders[(f-1)/2]
		for k := 0; k < 5; k++ {
			if f%2 == 1 {
				e = append(e, fw[k])
			} else {
				e = append(e, fw[4-k])
			}
		}
		if 2*p+1 < n {
			for k := 7; k >= 0; k-- {
				e = append(e, chars[2*p+1][k])
			}
		}
		pairs = append(pairs, e)
	}
	return pairs, true
}

// minPieceChars is the fewest characters a run of segment pairs that is
// no whole symbol must hold to be a piece: a pair's two. A finder and one
// character beside it turn up by chance in texture, a few hundred times a
// photograph, and each keeps the scan of its region going (its lines are
// read again, and the oblique passes past their probe); the rows of
// Expanded Stacked hold a pair at least.
const minPieceChars = 2

// segment is a segment pair as read: its finder value (1 to 12) and its
// characters' values, -1 where unread.
type segment struct {
	finder      int
	first, last int
}

// segmentsText encodes a run of consecutive segment pairs as the text of
// a piece: "f,first,last" for each, separated by ";".
func segmentsText(segs []segment) string {
	var b strings.Builder
	for i, s := range segs {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(strconv.Itoa(s.finder) + "," + strconv.Itoa(s.first) + "," + strconv.Itoa(s.last))
	}
	return b.String()
}

// parseSegments is the inverse of segmentsText.
func parseSegments(s string) ([]segment, bool) {
	var out []segment
	for _, part := range strings.Split(s, ";") {
		f := strings.Split(part, ",")
		if len(f) != 3 || len(out) >= 11 {
			return nil, false
		}
		var v [3]int
		for i, x := range f {
			n, err := strconv.Atoi(x)
			if err != nil {
				return nil, false
			}
			v[i] = n
		}
		if v[0] < 1 || v[0] > 12 {
			return nil, false
		}
		out = append(out, segment{v[0], v[1], v[2]})
	}
	return out, len(out) > 0
}

// expandedText returns the element string of a complete run of segment
// pairs, from the first, and reports whether it is one: every character
// read, the finders those of the symbol's size, the check character right.
func expandedText(segs []segment) (string, bool) {
	if len(segs) == 0 || segs[0].finder != 1 || segs[0].first < 0 {
		return "", false
	}
	n := segs[0].first/211 + 4
	if n < minChars || n > maxChars || len(segs) != (n+1)/2 {
		return "", false
	}
	seq := finderSequences[len(segs)]
	values := make([]int, 0, n-1)
	for p, s := range segs {
		if s.finder != seq[p] {
			return "", false
		}
		if p > 0 {
			if s.first < 0 {
				return "", false
			}
			values = append(values, s.first)
		}
		if 2*p+1 < n {
			if s.last < 0 {
				return "", false
			}
			values = append(values, s.last)
		} else if s.last >= 0 {
			return "", false
		}
	}
	w := make([][8]int, len(values))
	for i, v := range values {
		if !expandedSet.charWidths(w[i][:], v) {
			return "", false
		}
	}
	if expandedCheck(w, seq) != segs[0].first {
		return "", false
	}
	return decodeValues(values)
}

// decodeExpanded reads the segment pairs of DataBar Expanded symbols in r,
// forwards: the finders of the even pairs start with a space and end with
// their two single modules, those of the odd pairs start with a bar and
// their single modules (the backwards form of Table 15). Consecutive pairs
// make a run; a run that is a whole symbol is a hit, any other a piece.
// cands are the row's finder candidates (finderCandidates).
func decodeExpanded(r *linear.Row, hits []linear.Hit, cands []int32) []linear.Hit {
	w, pos := r.W, r.Pos
	n := len(w)
	var run [11]segment
	var runStart, runEnd, nrun, next int
	flush := func() {
		if nrun == 0 {
			return
		}
		segs := run[:nrun]
		if es, ok := expandedText(segs); ok {
			hits = append(hits, linear.Hit{Kind: kindExpanded, Text: es, Start: runStart, End: runEnd})
		} else if len(hits) < maxHalves && charsRead(segs) >= minPieceChars {
			hits = append(hits, linear.Hit{Kind: kindSegments, Text: segmentsText(segs), Start: runStart, End: runEnd, Piece: true})
		}
		nrun = 0
	}
	for _, c := range cands {
		i := int(c)
		if i < 1 || i+5 >= n {
			continue
		}
		f := pos[i+5] - pos[i]
		even := i%2 == 0 // a space: the finder of an even pair
		module := f * (1.0 / 15)
		if !(i >= 8 && near(pos[i]-pos[i-8], 17*module)) && !(i+13 < n && near(pos[i+13]-pos[i+5], 17*module)) {
			continue // no character beside it: no pair
		}
		var fw [5]float64
		copy(fw[:], w[i:i+5])
		letter := matchFinder(fw[:], module, expandedFinders[:], !even)
		if letter < 0 {
			continue
		}
		value := 2*letter + 1
		if !even {
			value++
		}
		s := segment{finder: value, first: -1, last: -1}
		start, end := i, i+5
		if i >= 8 && near(pos[i]-pos[i-8], 17*module) {
			var cw [8]float64
			copy(cw[:], w[i-8:i])
			if v, ok := readChar(cw[:], 17, &expandedSet); ok {
				s.first, start = v, i-8
			}
		}
		if i+13 < n && near(pos[i+13]-pos[i+5], 17*module) {
			var cw [8]float64
			for k := 0; k < 8; k++ {
				cw[k] = w[i+12-k]
			}
			if v, ok := readChar(cw[:], 17, &expandedSet); ok {
				s.last, end = v, i+13
			}
		}
		if s.first < 0 && s.last < 0 {
			continue
		}
		// A run goes on from a pair whose two characters were read;
		// a pair without its second ends it, and a finder read among
		// that character's elements is no reason to pass over one that
		// comes after it.
		chain := nrun > 0 && run[nrun-1].last >= 0
		if chain && i < next {
			// Within the next pair of the run: a finder's widths
			// among a character's; the run's next finder comes later.
			continue
		}
		if nrun > 0 && !(chain && i == next) {
			flush()
		}
		if nrun == 0 {
			runStart = start
			if start%2 == 0 {
				runStart = start + 1 // a piece starts with a bar
			}
		}
		if nrun < len(run) {
			run[nrun] = s
			nrun++
		}
		runEnd = end
		if runEnd%2 == 1 {
			runEnd++ // and ends with a space
		}
		runEnd = min(runEnd, n-1)
		next = i + pairElements
	}
	flush()
	return hits
}
