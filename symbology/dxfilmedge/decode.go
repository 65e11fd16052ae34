package dxfilmedge

import (
	"math"
	"sort"

	"github.com/barkit/barkit/symbology/linear"
)

// Reading. The clock track is a bar of 5 modules, 23 (or 15) narrow
// elements alike, a bar of 3. It has no quiet zone to speak of (the codes
// follow each other along the film, 2 modules apart): the rows are
// sampled for runs of narrow elements instead (decodeRow). It is a guide:
// the data track beside it, which has no quiet zone either, is read over
// its extent on the lines beside it (decodeData).
const (
	// unitTolerance bounds how far two neighbouring narrow elements of
	// the clock track, a bar and a space, may be from two modules, in
	// modules: ink spread and blur move an element's edges by a few
	// tenths of a module, and the pairs cancel what widens bars and
	// narrows spaces alike (at 1.5 pixels per module a bar may read 2.1
	// pixels and the space after it 0.9). The reference corpus's clock
	// tracks keep within it on the lines across their middle; looser,
	// with the data track's test looser too, print in falsepositives-2
	// reads as a code (TestCorpusFalsePositives).
	unitTolerance = 0.35
	// wideTolerance bounds how far the clock track's bars of 5 and 3
	// modules, each with its narrow neighbour, may be from those widths
	// and one more, in modules: their edges move as much as the narrow
	// ones'.
	wideTolerance = 1
	// startRatio is the quick test of a clock track's first bar: 5
	// modules to the next element's 1; at least 3 times as wide passes
	// with the widest tolerances above.
	startRatio = 3
	// minQuiet is the least space before the clock track, in modules: the
	// next code along the film, or the frame number printed beside it,
	// may come as close as half a module (zxing-cpp's bound).
	minQuiet = 0.5
	// edgeTolerance bounds how far an edge of the data track may be from
	// a module's boundary, once the spread of the bars is taken off, in
	// modules: blur and the pixel grid move the edges of a thin bar among
	// wide spaces outwards, by 0.25 of a module at 1.5 pixels per module
	// (an element's width then errs by twice that, which is why edges and
	// not widths are measured).
	edgeTolerance = 0.3
	// maxSpread bounds the spread of the data track's bars, how far ink
	// and blur move each edge of a bar outwards (inwards, negative), in
	// modules: at half a module a space of one would vanish. The
	// reference corpus's most spread (dxfilmedge-1/2) moves them 0.35.
	maxSpread = 0.45
	// placeTolerance bounds how far the data track's ends may be from the
	// clock track's, in modules: the two are printed together, and the
	// lines of the two tracks cross them at nearly the same places.
	placeTolerance = 1.5
)

// decodeRow is the linear.Decoder of DX film edge: it finds the clock
// tracks of a row, as guides. The row is sampled every sampleStep
// elements for a run of sampleRun elements whose neighbouring pairs are
// alike, as a clock track's narrow elements are; from such a sample it
// walks back over the pairs that are alike too, and tries the bars where
// the run begins as the clock track's first. Every clock track has such
// a run at a sample, and few places of print or noise do.
func decodeRow(r *linear.Row, hits []linear.Hit) []linear.Hit {
	w := r.W
	next := 0 // the end of the last clock track found
	for k := 1; k+sampleRun <= len(w); k += sampleStep {
		e := w[k : k+sampleRun : k+sampleRun]
		p0, p1, p2 := e[0]+e[1], e[1]+e[2], e[2]+e[3]
		lo, hi := min(p0, p1, p2), max(p0, p1, p2)
		if hi > sampleAlike*lo || k < next {
			continue
		}
		// The run's pairs are two modules, u between hi/2/(1+t) and
		// lo/2/(1-t), t the unit tolerance.
		pmin, pmax := (1-unitTolerance)*hi/(1+unitTolerance), (1+unitTolerance)*lo/(1-unitTolerance)
		j := k
		for j > 1 && j > k-forms[frameForm].clockUnits {
			if p := w[j-1] + w[j]; p < pmin || p > pmax {
				break
			}
			j--
		}
		// The run begins at j or j+1; the bar before it may be the
		// first.
		for i := j - 2; i <= j; i++ {
			if i < max(1, next+1) || i%2 == 0 || i+2 >= len(w) || w[i] < startRatio*w[i+1] {
				continue
			}
			found := false
			for _, f := range [2]int{frameForm, noFrameForm} {
				if end, ok := clock(w, i, f); ok {
					hits = append(hits, linear.Hit{Guide: true, Kind: f, Start: i, End: end})
					next, found = end, true
					break
				}
			}
			if found {
				break
			}
		}
	}
	return hits
}

// The sampling of decodeRow. A clock track has 15 or 23 narrow elements,
// and every run of 15 holds sampleRun at one of the samples, sampleStep
// apart (sampleStep + sampleRun - 1 = 15; TestSampling). The samples ask
// its pairs of elements to be closer alike than the clock track's test
// does (unitTolerance): a line across the middle of a track finds them
// so, and every clock track needs only one line that finds it; those
// across its edges, where blur and noise move the edges most, need not
// (the reference corpus's read so).
const (
	sampleStep  = 12
	sampleRun   = 4
	sampleAlike = 1.3
)

// clock reports whether the clock track of form f begins at bar i, and
// where it ends: the space after its last bar.
func clock(w []float64, i, f int) (int, bool) {
	n := forms[f].clockUnits
	end := i + n + 2
	if end >= len(w) {
		return 0, false
	}
	var sum float64
	for _, e := range w[i+1 : i+1+n] {
		sum += e
	}
	u := sum / float64(n)
	// Each narrow element with the next, a bar and a space, is two
	// modules: blur and the pixel grid widen thin bars and narrow thin
	// spaces alike, which the pairs cancel (at 1.5 pixels per module a
	// bar may read 2.1 pixels and the space after it 0.9).
	units := w[i+1 : i+1+n]
	for k := 0; k+1 < n; k++ {
		if math.Abs((units[k]+units[k+1])/u-2) > unitTolerance {
			return 0, false
		}
	}
	if math.Abs((w[i]+units[0])/u-6) > wideTolerance || math.Abs((units[n-1]+w[i+n+1])/u-4) > wideTolerance || i > 1 && w[i-1] < minQuiet*u {
		return 0, false
	}
	return end, true
}

// decodeData is the linear.Guided decoder of DX film edge: it reads the
// data track that a clock track of the form guide.Kind, from a to b along
// r, shows beside it, starting within placeTolerance of a.
func decodeData(r *linear.Row, guide linear.Hit, a, b float64, hits []linear.Hit) []linear.Hit {
	f := guide.Kind
	if f != frameForm && f != noFrameForm {
		return hits
	}
	fm := forms[f]
	u := (b - a) / float64(fm.modules)
	if u <= 0 {
		return hits
	}
	w, pos := r.W, r.Pos
	// The bars that start near a: the first at or after a less the
	// tolerance.
	j := sort.SearchFloat64s(pos, a-placeTolerance*u)
	if j%2 == 0 {
		j++ // a bar
	}
	for ; j+4 < len(w) && pos[j] <= a+placeTolerance*u; j += 2 {
		if h, ok := data(r, j, f, u, b); ok {
			return append(hits, h)
		}
	}
	return hits
}

// edgeSign returns how the spread of bars moves the edge at the start of
// element k: back (-1) for a bar, on (+1) for a space, whose start ends a
// bar.
func edgeSign(k int) float64 {
	if k%2 == 1 {
		return -1
	}
	return 1
}

// data reads the data track of form f whose start pattern begins at bar j,
// ending within placeTolerance modules u of b. The clock track marks
// every module of the data track beside it: the data are read at the
// centres of the modules laid evenly from the track's first bar to the
// end of its last, which blur and ink spread move far less than they move
// single edges, and every edge must lie on a module's boundary.
func data(r *linear.Row, j, f int, u, b float64) (linear.Hit, bool) {
	fm := forms[f]
	pos := r.Pos
	// The end: the last bar, the stop's, ending near b.
	end := sort.SearchFloat64s(pos, b-placeTolerance*u)
	if end%2 == 1 {
		end++ // the space after a bar
	}
	if end >= len(pos) || pos[end] > b+placeTolerance*u || end-j < 8 {
		return linear.Hit{}, false
	}
	// The grid of modules, from the first bar's start to the last's end;
	// ink spread moves every bar's start back and its end on by as much,
	// spread, which the grid takes off both ends once it is measured.
	span := pos[end] - pos[j]
	m := float64(fm.modules)
	origin, u := pos[j], span/m
	spread := 0.0
	for range 2 {
		var sum float64
		for k := j + 1; k < end; k++ {
			e := (pos[k] - origin) / u
			sum += (e - math.Round(e)) * edgeSign(k)
		}
		spread += sum / float64(end-j-1)
		origin, u = pos[j]+spread*span/m, span*(1-2*spread/m)/m
	}
	var mods [32]byte
	k := j
	for md := range fm.modules {
		x := origin + (float64(md)+0.5)*u
		for k < end && pos[k+1] <= x {
			k++
			// Every edge lies on a module's boundary, moved by the
			// spread, to within edgeTolerance.
			if e := (pos[k] - origin) / u; math.Abs(e-math.Round(e)-spread*edgeSign(k)) > edgeTolerance {
				return linear.Hit{}, false
			}
		}
		mods[md] = byte(k % 2) // bars are odd elements
	}
	if k != end-1 || math.Abs(spread) > maxSpread {
		return linear.Hit{}, false
	}
	// The start pattern 1 0 1 0 1 and the stop pattern 1 0 1.
	bits := mods[:fm.modules]
	if string(bits[:5]) != "\x01\x00\x01\x00\x01" || string(bits[fm.modules-3:]) != "\x01\x00\x01" {
		return linear.Hit{}, false
	}
	c, ok := decodeBits(bits[5:5+fm.dataBits], f)
	if !ok {
		return linear.Hit{}, false
	}
	return linear.Hit{Kind: f, Text: c.String(), Start: j, End: end}, true
}
