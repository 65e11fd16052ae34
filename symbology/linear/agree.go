package linear

import (
	"math"
	"slices"

	"github.com/barkit/barkit/detect"
)

// cluster is the hits of several lines of one pass that read one symbol:
// the same content, in the same direction and polarity, at overlapping
// places on lines not too far apart.
type cluster struct {
	members   []int // indexes into the pass's hits, in line order
	lines     int   // lines among them at least lineGap apart
	lastLine  int
	counted   int     // the last line counted in lines
	a, b      float64 // extent of the last member
	extra     string  // the supplement the cluster carries, or ""
	extraN    int     // lines that read the supplement most lines read
	confirmed bool    // enough lines agree on the content
	pending   bool    // a content or supplement waits for more lines to agree
}

// lineGap is the least distance between two lines whose readings count
// as two: a line is the mean of three pixel rows, and lines closer than
// three share rows, and with them the same noise.
const lineGap = 3

// clusterHits groups hits into clusters, appending them to out. A hit joins
// a cluster when it has the same Kind, Text, direction and polarity, lies
// within one symbol length of the cluster's last line, and overlaps the
// cluster's last hit by half the shorter of the two.
func clusterHits(hits []lineHit, out []cluster, agree int) []cluster {
	order := make([]int, len(hits))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return hits[i].line - hits[j].line })
	for _, i := range order {
		h := &hits[i]
		joined := false
		for ci := range out {
			c := &out[ci]
			f := &hits[c.members[0]]
			if f.Kind != h.Kind || f.Text != h.Text || f.reversed != h.reversed || f.inverted != h.inverted {
				continue
			}
			length := max(c.b-c.a, h.b-h.a)
			if float64(h.line-c.lastLine) > length {
				continue
			}
			if min(c.b, h.b)-max(c.a, h.a) < 0.5*min(c.b-c.a, h.b-h.a) {
				continue
			}
			if h.line-c.counted >= lineGap {
				c.lines++
				c.counted = h.line
			}
			c.lastLine, c.a, c.b = h.line, h.a, h.b
			c.members = append(c.members, i)
			joined = true
			break
		}
		if !joined {
			out = append(out, cluster{members: []int{i}, lines: 1, lastLine: h.line, counted: h.line, a: h.a, b: h.b})
		}
	}
	for ci := range out {
		c := &out[ci]
		c.confirmed = c.lines >= agree
		c.vote(hits, agree)
		c.pending = !c.confirmed || c.extraN > 0 && c.extra == ""
	}
	return out
}

// vote finds the supplement that the most lines of c read, and keeps it
// when enough lines read it: agree of them, or one when it carries its own
// check, the symbol is confirmed and no line read another supplement.
// extraN is the number of lines behind the best supplement, kept or not.
func (c *cluster) vote(hits []lineHit, agree int) {
	best, n, checked, conflict := "", 0, false, false
	for k, i := range c.members {
		e := hits[i].Extra
		if e == "" || e == best {
			continue
		}
		if best != "" {
			conflict = true
		}
		m, last, chk := 0, -lineGap, true
		for _, j := range c.members[k:] {
			if hits[j].Extra == e {
				chk = chk && hits[j].ExtraChecked
				if hits[j].line-last >= lineGap {
					m++
					last = hits[j].line
				}
			}
		}
		if m > n {
			best, n, checked = e, m, chk
		}
	}
	c.extra, c.extraN = "", n
	if n >= agree || n > 0 && checked && !conflict && c.confirmed {
		c.extra = best
	}
}

// result turns a confirmed cluster of found, a decoder's hits in the
// current pass, into a Result. Its corners are the ends of the outermost
// hits (of those that read its supplement, when it has one); its
// orientation is the direction of the lines, corrected by the slant of the
// symbol's ends when the hits are far enough apart to measure it.
func (s *scanner) result(found []lineHit, c *cluster) Result {
	var members []*lineHit
	for _, i := range c.members {
		h := &found[i]
		if c.extra == "" || h.Extra == c.extra {
			members = append(members, h)
		}
	}
	f := members[0]
	first, last := members[0], members[len(members)-1] // the lowest and highest line
	// The reading direction: the lines', or against it; the symbol's up
	// is that turned a quarter counterclockwise (y grows downwards), and
	// its top line the one furthest that way.
	d0 := s.fam.d
	if f.reversed {
		d0 = d0.Mul(-1)
	}
	up := detect.Point{X: d0.Y, Y: -d0.X}
	top, bottom := first, last
	if s.fam.n.Dot(up) > 0 {
		top, bottom = last, first
	}
	base := (int(math.Round(math.Atan2(d0.Y, d0.X)*180/math.Pi)) + 360) % 360
	ends := func(h *lineHit) (start, end detect.Point) {
		a, b := h.a, h.b
		if c.extra != "" {
			a, b = h.ea, h.eb
		}
		start, end = s.point(h.line, a), s.point(h.line, b)
		if h.reversed {
			start, end = end, start
		}
		return start, end
	}
	tl, tr := ends(top)
	bl, br := ends(bottom)
	r := Result{
		Kind:        f.Kind,
		Text:        f.Text,
		Extra:       c.extra,
		Corners:     [4]detect.Point{tl, tr, br, bl},
		Orientation: base,
		Inverted:    f.inverted,
		Lines:       c.lines,
	}
	// The symbol's ends run across the lines; fitted through the ends of
	// every hit, their slope gives the symbol's tilt, and its reading
	// direction is perpendicular to them.
	if last.line-first.line >= minSlantBase {
		slope := (endSlope(members, false) + endSlope(members, true)) / 2
		v := s.fam.n.Add(s.fam.d.Mul(slope)) // along the ends, in image coordinates
		d := detect.Point{X: -v.Y, Y: v.X}
		if d.X*d0.X+d.Y*d0.Y < 0 {
			d = d.Mul(-1)
		}
		deg := math.Atan2(d.Y, d.X) * 180 / math.Pi
		r.Orientation = (int(math.Round(deg)) + 360) % 360
	}
	return r
}

// minSlantBase is the least distance in pixels between the outermost
// lines of a result from which its tilt is measured.
const minSlantBase = 4

// endSlope fits a line through the starts (or, with end, the ends) of the
// hits, each a position along its line against the line's place, and
// returns its slope: how far along the lines the symbol's end moves from
// one line to the next.
func endSlope(hits []*lineHit, end bool) float64 {
	var n, sc, st, scc, sct float64
	for _, h := range hits {
		t := h.a
		if end {
			t = h.b
		}
		c := float64(h.line)
		n++
		sc += c
		st += t
		scc += c * c
		sct += c * t
	}
	den := n*scc - sc*sc
	if den == 0 {
		return 0
	}
	return (n*sct - sc*st) / den
}

// add appends r to d's results unless a result with the same content lies
// at the same place (read in another pass, or split into two clusters); of
// the two, the one more lines read is kept.
func (d *decoderRun) add(r Result) {
	for i := range d.results {
		o := &d.results[i]
		if o.Kind != r.Kind || o.Text != r.Text {
			continue
		}
		co, cr := detect.Centre(o.Corners), detect.Centre(r.Corners)
		size := max(o.Corners[0].Dist(o.Corners[1]), r.Corners[0].Dist(r.Corners[1]))
		if co.Dist(cr) > size/2 {
			continue
		}
		if r.Lines > o.Lines {
			*o = r
		}
		return
	}
	d.results = append(d.results, r)
}
