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

// seenLine is a line read in the current pass: what decides its reading,
// samples of its profile, and where what its reading recorded lies. A
// decoder's hits and pieces of a pass are only ever appended to, so the
// line's are the spans of them it added, not copies; its profile is made
// again from its pixels when a line's samples match, not kept.
type seenLine struct {
	line   int
	sample [samples]int32 // the profile's pixels k*step, step its length over samples
	rows   int
	reread bool
	// live holds the decoders not done when it was read, and found and
	// pieces, for each decoder, the span of its hits and of its pieces
	// that the line added.
	live          []bool
	found, pieces [][2]int
	guides        []lineHit
}

// seenLines is the lines a pass remembers, at most maxSeen.
type seenLines struct {
	lines []seenLine
	next  int     // the entry to replace next once all are taken
	prof  []int32 // the profile of a remembered line, made again
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
	step := len(p) / samples
	for i := range m.lines {
		e := &m.lines[i]
		if e.rows != rows || e.reread != reread {
			continue
		}
		alike := true
		for k := range samples {
			alike = alike && e.sample[k] == p[k*step]
		}
		if !alike {
			continue
		}
		m.prof = resize(m.prof, len(p))
		if s.profileInto(m.prof, e.line) != rows || !slices.Equal(m.prof, p) {
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
	for k := range s.decs {
		d := &s.decs[k]
		// Indexed: the appends may move found and pieces.
		for i := e.found[k][0]; i < e.found[k][1]; i++ {
			h := d.found[i]
			h.line = c
			d.found = append(d.found, h)
		}
		for i := e.pieces[k][0]; i < e.pieces[k][1] && len(d.pieces) < maxPieces; i++ {
			p := d.pieces[i]
			p.Line = c
			d.pieces = append(d.pieces, p)
		}
	}
	for _, g := range e.guides {
		g.line = c
		s.guides = append(s.guides, g)
	}
}

// remember keeps line c, of profile s.prof, just read: each decoder's
// hits and pieces since its lineFound and linePieces, and the guides it
// queued.
func (m *seenLines) remember(s *scanner, c, rows int, reread bool) {
	var e *seenLine
	if len(m.lines) < maxSeen {
		m.lines = append(m.lines, seenLine{})
		e = &m.lines[len(m.lines)-1]
	} else {
		e = &m.lines[m.next]
		m.next = (m.next + 1) % maxSeen
	}
	e.line, e.rows, e.reread = c, rows, reread
	step := len(s.prof) / samples
	for k := range samples {
		e.sample[k] = s.prof[k*step]
	}
	e.live = resize(e.live, len(s.decs))
	e.found, e.pieces = resize(e.found, len(s.decs)), resize(e.pieces, len(s.decs))
	for k := range s.decs {
		d := &s.decs[k]
		e.live[k] = !d.done
		e.found[k] = [2]int{d.lineFound, len(d.found)}
		e.pieces[k] = [2]int{d.linePieces, len(d.pieces)}
	}
	e.guides = append(e.guides[:0], s.guides...)
}
