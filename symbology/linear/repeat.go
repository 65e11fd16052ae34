package linear

import "slices"

// Repeated lines. A line's reading depends on nothing but its profile, the
// number of pixel rows summed in it, whether it is read again (walked
// backwards, sharpened) and which decoders still read: its edges, those of
// its other readings and every decoder's hits follow from them alone, and
// only the line's number differs in what is recorded. A line whose profile
// is that of a line read before in the same pass, with the same decoders
// still reading, is therefore not read again: the earlier line's hits,
// pieces and guides are recorded once more, placed on it. Across a clean
// printed or generated symbol most lines are alike (on rssexpanded-3 of the
// reference corpus four in five); a photograph has hardly two alike, and
// pays the comparison of a few pixels with each remembered line.
const (
	// maxSeen bounds the lines a pass remembers: a generated symbol has
	// few distinct profiles (the margin, the symbol, a few rows of a
	// stacked one); the oldest is forgotten first.
	maxSeen = 8
)

// seenLine is a line read in the current pass, as recorded: its profile
// and what decides its reading, and what its reading recorded.
type seenLine struct {
	prof   []int32
	rows   int
	reread bool
	live   []bool // the decoders not done when it was read
	hits   []lineHit
	pieces []seenPiece
	guides []lineHit
}

// seenPiece is a piece a decoder read on a remembered line.
type seenPiece struct {
	dec int
	Piece
}

// seenLines is the lines a pass remembers, at most maxSeen.
type seenLines struct {
	lines []seenLine
	next  int // the entry to replace next once all are taken
}

// reset forgets the lines of the previous pass.
func (m *seenLines) reset() {
	m.lines = m.lines[:0]
	m.next = 0
}

// samples is how many pixels of a profile, spread along it, lookup
// compares before it compares them all: lines of a photograph, which
// hardly ever repeat, differ within a few, and a line costs the check of
// each remembered line's samples rather than a checksum of its own
// profile.
const samples = 16

// lookup returns the remembered line read as a line of profile s.prof
// would be, or nil.
func (m *seenLines) lookup(s *scanner, rows int, reread bool) *seenLine {
	p := s.prof
	n := len(p)
	step := n / samples
	for i := range m.lines {
		e := &m.lines[i]
		if e.rows != rows || e.reread != reread || len(e.prof) != n {
			continue
		}
		alike := true
		for k := range samples {
			j := k * step
			alike = alike && e.prof[j] == p[j]
		}
		if !alike || !slices.Equal(e.prof, p) {
			continue
		}
		for k := range s.decs {
			if e.live[k] == s.decs[k].done {
				return nil // a decoder has finished since: read anew
			}
		}
		return e
	}
	return nil
}

// replay records on line c what remembered line e recorded, as reading
// line c would.
func (s *scanner) replay(e *seenLine, c int) {
	for _, h := range e.hits {
		h.line = c
		d := &s.decs[h.dec]
		d.found = append(d.found, h)
	}
	for _, p := range e.pieces {
		d := &s.decs[p.dec]
		if len(d.pieces) < maxPieces {
			p.Line = c
			d.pieces = append(d.pieces, p.Piece)
		}
	}
	for _, g := range e.guides {
		g.line = c
		s.guides = append(s.guides, g)
	}
}

// remember keeps what the line just read, of profile s.prof, recorded:
// each decoder's hits and pieces since its lineFound and linePieces, and
// the guides it queued.
func (m *seenLines) remember(s *scanner, rows int, reread bool) {
	var e *seenLine
	if len(m.lines) < maxSeen {
		m.lines = append(m.lines, seenLine{})
		e = &m.lines[len(m.lines)-1]
	} else {
		e = &m.lines[m.next]
		m.next = (m.next + 1) % maxSeen
	}
	e.rows, e.reread = rows, reread
	e.prof = append(e.prof[:0], s.prof...)
	e.live = resize(e.live, len(s.decs))
	e.hits, e.pieces = e.hits[:0], e.pieces[:0]
	for k := range s.decs {
		d := &s.decs[k]
		e.live[k] = !d.done
		e.hits = append(e.hits, d.found[d.lineFound:]...)
		for _, p := range d.pieces[d.linePieces:] {
			e.pieces = append(e.pieces, seenPiece{k, p})
		}
	}
	e.guides = append(e.guides[:0], s.guides...)
}
