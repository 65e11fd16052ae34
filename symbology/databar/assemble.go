package databar

import (
	"math"

	"github.com/barkit/barkit/symbology/linear"
)

// Assembly. A line that crosses a whole DataBar Omnidirectional or
// Expanded symbol reads it whole; the rows of the stacked forms, and the
// parts of a symbol turned too far for one line to cross it, are read in
// pieces on different lines, which assemble combines (linear.Assembler).
// The pieces of a pass are first grouped: the same piece read on lines
// near one another, at overlapping places, is one. Groups then pair up by
// their content (the checksum) and their places.

// group is one piece as the lines of a pass read it.
type group struct {
	text               string
	kind               int
	reversed, inverted bool
	a, b               float64 // the union of the pieces' extents along their lines
	lo, hi             int     // the first and last line
	lines              []int   // the lines that read it, in order
}

// maxGroups bounds the groups assemble pairs: a pass over a few symbols
// makes a few dozen; an image of noise that makes more has no symbol to
// lose.
const maxGroups = 64

// groupPieces groups pieces: a piece joins a group of its text, kind,
// direction and polarity whose last line lies within one piece length of
// its own and whose extent overlaps half of its own.
func groupPieces(pieces []linear.Piece, kind int) []group {
	var gs []group
	for i := range pieces {
		p := &pieces[i]
		if p.Kind != kind || !(p.B > p.A) {
			continue
		}
		joined := false
		for k := range gs {
			g := &gs[k]
			if g.text != p.Text || g.reversed != p.Reversed || g.inverted != p.Inverted {
				continue
			}
			length := max(g.b-g.a, p.B-p.A)
			if math.Abs(float64(p.Line-g.lines[len(g.lines)-1])) > length || min(g.b, p.B)-max(g.a, p.A) < 0.5*min(g.b-g.a, p.B-p.A) {
				continue
			}
			g.a, g.b = min(g.a, p.A), max(g.b, p.B)
			g.lo, g.hi = min(g.lo, p.Line), max(g.hi, p.Line)
			if len(g.lines) < maxLinesPerGroup {
				g.lines = append(g.lines, p.Line)
			}
			joined = true
			break
		}
		if !joined && len(gs) < maxGroups {
			gs = append(gs, group{text: p.Text, kind: p.Kind, reversed: p.Reversed, inverted: p.Inverted, a: p.A, b: p.B, lo: p.Line, hi: p.Line, lines: []int{p.Line}})
		}
	}
	return gs
}

// maxLinesPerGroup bounds the lines a group keeps: a symbol is reported
// on two; the lines kept place its corners.
const maxLinesPerGroup = 32

// centre returns the middle of g's lines.
func (g *group) centre() float64 { return float64(g.lo+g.hi) / 2 }

// emit appends the symbol of kind and text that groups gs make to out, on
// each line of each group, over their joint extent, in the direction and
// polarity of the first group.
func emit(out []linear.Piece, kind int, text string, gs ...*group) []linear.Piece {
	reversed, inverted := gs[0].reversed, gs[0].inverted
	a, b := math.Inf(1), math.Inf(-1)
	for _, g := range gs {
		a, b = min(a, g.a), max(b, g.b)
	}
	for _, g := range gs {
		for _, line := range g.lines {
			out = append(out, linear.Piece{Hit: linear.Hit{Kind: kind, Text: text}, Line: line, A: a, B: b, Reversed: reversed, Inverted: inverted})
		}
	}
	return out
}

// assemble is the Assembler of the DataBar reader.
func assemble(pieces []linear.Piece, agree int, out []linear.Piece) []linear.Piece {
	out = assembleOmni(groupPieces(pieces, kindHalf), out)
	out = assembleExpanded(groupPieces(pieces, kindSegments), out)
	return out
}

// Where the halves of a DataBar Omnidirectional symbol lie (assembleOmni).
const (
	// halfModules is the length of a half as read, in modules: the guard
	// bar, the outside character, the finder, the inside character.
	halfModules = 47
	// sideGap is how far the right half of a symbol of one row may lie
	// from where its left half ends, along the lines, in halves: a
	// symbol turned in the image moves its right half along the lines by
	// the lines' distance times the tangent of the angle.
	sideGap = 0.25
	// shear is how far a half may move along the lines for each pixel
	// across them: the tangent of the greatest angle, 27°, between the
	// lines and a symbol they read in two pieces.
	shear = 0.5
	// stackedOmniApart is the least distance, in modules, between the
	// middles of the lines that read the two rows of DataBar Stacked
	// Omnidirectional: its rows are 33 modules tall at least and 3 apart,
	// their middles 36; those of DataBar Stacked are 5 and 7 tall, 1
	// apart, their middles 7. A row whose lines span more than
	// stackedRowSpan modules is one of Stacked Omnidirectional, too.
	stackedOmniApart = 20
	stackedRowSpan   = 12
)

// assembleOmni pairs the left and right halves of DataBar Omnidirectional
// symbols: side by side on the lines, for the symbol of one row, or one
// above the other, for the stacked forms, with their finders carrying the
// checksum of their characters.
func assembleOmni(gs []group, out []linear.Piece) []linear.Piece {
	halves := make([]half, len(gs))
	for i := range gs {
		h, ok := parseHalf(gs[i].text)
		if !ok {
			gs[i].kind = 0
		}
		halves[i] = h
	}
	for i := range gs {
		l := &gs[i]
		if l.kind == 0 || halves[i].right {
			continue
		}
		for j := range gs {
			r := &gs[j]
			if r.kind == 0 || !halves[j].right || r.reversed != l.reversed || r.inverted != l.inverted {
				continue
			}
			// Three lines between the halves at least: the checksum,
			// mod 79, lets one pair of halves from print or texture in
			// 79 pass (falsepositives-2/17 of the reference corpus);
			// the top row of DataBar Stacked, 5 modules tall, may
			// leave room for one line only.
			if distinctLines(l)+distinctLines(r) < minHalfLines {
				continue
			}
			v, ok := omniCheck(halves[i], halves[j])
			if !ok {
				continue
			}
			length := l.b - l.a
			module := length / halfModules
			apart := math.Abs(r.centre() - l.centre())
			// The right half follows the left one along the lines,
			// in the direction of reading.
			gap := r.a - l.b
			if l.reversed {
				gap = l.a - r.b
			}
			overlap := min(l.b, r.b) - max(l.a, r.a)
			switch {
			case overlap < 0.5*min(length, r.b-r.a):
				if math.Abs(gap) <= sideGap*length+shear*apart && apart <= length {
					out = emit(out, kindOmni, gtinText(v), l, r)
				}
			case apart <= 2*length:
				kind := kindStacked
				if apart > stackedOmniApart*module || float64(l.hi-l.lo) > stackedRowSpan*module || float64(r.hi-r.lo) > stackedRowSpan*module {
					kind = kindStackedOmni
				}
				out = emit(out, kind, gtinText(v), l, r)
			}
		}
	}
	return out
}

// assembleExpanded combines runs of segment pairs of DataBar Expanded
// read on different lines (rows of Expanded Stacked, or parts of a symbol
// turned too far for one line) into symbols. A symbol starts with a run
// whose first pair holds the check character, which gives the number of
// characters and with it the finder sequence; each other run has its
// place in the sequence by its finders, which are all different. Runs
// must lie near the first: within expandedReach modules of it across the
// lines for each pair of the symbol, and beside it along the lines. Where
// runs disagree on a character, the run more lines read gives it.
func assembleExpanded(gs []group, out []linear.Piece) []linear.Piece {
	runs := make([][]segment, len(gs))
	for i := range gs {
		if segs, ok := parseSegments(gs[i].text); ok {
			runs[i] = segs
		}
	}
	// A place holds one row: a run read where one of more characters
	// lies, on the same lines, is a misreading of that row's characters
	// (one read backwards finds a finder's widths among them), and gives
	// nothing.
	shadowed := make([]bool, len(gs))
	for j := range gs {
		for k := range gs {
			if charsRead(runs[k]) > charsRead(runs[j]) && shadows(&gs[k], &gs[j]) {
				shadowed[j] = true
				break
			}
		}
	}
	for j := range gs {
		if shadowed[j] {
			runs[j] = nil
		}
	}
	for i := range gs {
		first := runs[i]
		if len(first) == 0 || first[0].finder != 1 || first[0].first < 0 {
			continue
		}
		n := first[0].first/211 + 4
		if n < minChars || n > maxChars {
			continue
		}
		pairs := (n + 1) / 2
		seq := finderSequences[pairs]
		g := &gs[i]
		module := (g.b - g.a) / float64(len(first)*49)
		slots := make([]segment, pairs)
		votes := make([][2]int, pairs)
		for p := range slots {
			slots[p] = segment{finder: seq[p], first: -1, last: -1}
		}
		var used []*group
		stacked := false
		for j := range gs {
			o := &gs[j]
			// The rows of Expanded Stacked alternate directions.
			if len(runs[j]) == 0 || o.inverted != g.inverted {
				continue
			}
			apart := math.Abs(o.centre() - g.centre())
			if j != i && (apart > expandedReach*module*float64(pairs) || o.b < g.a-pairModules*module*float64(pairs) || o.a > g.b+pairModules*module*float64(pairs)) {
				continue
			}
			off := -1
			for p, f := range seq {
				if f == runs[j][0].finder {
					off = p
				}
			}
			if off < 0 || off+len(runs[j]) > pairs {
				continue
			}
			fits := true
			for k, s := range runs[j] {
				fits = fits && s.finder == seq[off+k]
			}
			if !fits {
				continue
			}
			lines := len(o.lines)
			for k, s := range runs[j] {
				p := off + k
				if s.first >= 0 && lines > votes[p][0] {
					slots[p].first, votes[p][0] = s.first, lines
				}
				if s.last >= 0 && lines > votes[p][1] {
					slots[p].last, votes[p][1] = s.last, lines
				}
			}
			if j != i && apart > rowApart*module && min(o.b, g.b)-max(o.a, g.a) > 0 {
				stacked = true
			}
			used = append(used, o)
		}
		if n%2 == 1 {
			slots[pairs-1].last = -1
		}
		es, ok := expandedText(slots)
		if !ok || len(used) < 2 && len(first) == pairs {
			continue // not whole, or read whole on its lines already
		}
		kind := kindExpanded
		if stacked {
			kind = kindExpandedStacked
		}
		out = emit(out, kind, es, used...)
	}
	return out
}

// charsRead returns the number of characters of segs read.
func charsRead(segs []segment) int {
	n := 0
	for _, s := range segs {
		if s.first >= 0 {
			n++
		}
		if s.last >= 0 {
			n++
		}
	}
	return n
}

// shadows reports whether group g covers o: most of o's lines lie within
// g's and most of o's extent along them within g's.
func shadows(g, o *group) bool {
	lines := min(g.hi, o.hi) - max(g.lo, o.lo)
	along := min(g.b, o.b) - max(g.a, o.a)
	return 2*lines >= o.hi-o.lo && 2*along >= o.b-o.a
}

// Where the runs of one DataBar Expanded symbol lie (assembleExpanded).
const (
	// expandedReach bounds the distance across the lines between a run and
	// the first of its symbol, in modules for each segment pair of the
	// symbol: the rows of Expanded Stacked are 34 modules tall, 3 apart,
	// and hold two pairs at least.
	expandedReach = 40
	// pairModules is the length of a segment pair, in modules.
	pairModules = 49
	// rowApart is the least distance across the lines, in modules,
	// between the middles of two runs on different rows of Expanded
	// Stacked: the middles of its rows are 37 modules apart.
	rowApart = 15
)

// minHalfLines is the fewest lines, lineSpacing pixels apart, that must
// read the two halves of a symbol assembled from halves.
const (
	minHalfLines = 3
	lineSpacing  = 3 // the lines' own thickness, as in package linear
)

// distinctLines returns the number of g's lines at least lineSpacing apart.
func distinctLines(g *group) int {
	n, last := 0, -1<<30
	for _, l := range g.lines {
		if l-last >= lineSpacing || last-l >= lineSpacing {
			n++
			last = l
		}
	}
	return n
}
