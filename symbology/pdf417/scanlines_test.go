package pdf417

import (
	"bytes"
	"cmp"
	"image"
	"image/draw"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// TestLoad checks the runs the row scan reads on every line of each
// direction against a plain walk of the line's pixels.
func TestLoad(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range [][2]int{{1, 1}, {1, 7}, {9, 1}, {23, 17}, {40, 64}} {
		m := matrix.New(size[0], size[1])
		for i := range m.Pix {
			m.Pix[i] = rng.IntN(3) == 0
		}
		for _, d := range familyDirs {
			f := lineFamily{dx: d[0], dy: d[1], w: m.Width, h: m.Height}
			var r lineRuns
			for i := range f.count() {
				r.load(m, f, i, nil)
				x, y, n := f.start(i)
				var want []int32
				for k := range n {
					v := m.Get(x+k*f.dx, y+k*f.dy)
					if k == 0 || v != m.Get(x+(k-1)*f.dx, y+(k-1)*f.dy) {
						want = append(want, 0)
					}
					want[len(want)-1]++
				}
				if !slices.Equal(r.w, want) || len(want) > 0 && r.firstDark != m.Get(x, y) {
					t.Fatalf("%dx%d, direction %v, line %d: runs %v (first dark %v), want %v", m.Width, m.Height, d, i, r.w, r.firstDark, want)
				}
				for k := range r.w {
					if r.pos[k+1]-r.pos[k] != r.w[k] || r.padded[padRuns+k] != r.w[k] {
						t.Fatalf("%dx%d, direction %v, line %d: positions %v, padded %v, runs %v", m.Width, m.Height, d, i, r.pos, r.padded, r.w)
					}
				}
			}
		}
	}
}

// lineOf returns the runs of a one-row image of runs of the given widths,
// the first dark or light, as the row scan reads them.
func lineOf(t *testing.T, firstDark bool, widths []int32) *lineRuns {
	t.Helper()
	n := 0
	for _, w := range widths {
		n += int(w)
	}
	m := matrix.New(n, 1)
	x, dark := 0, firstDark
	for _, w := range widths {
		m.SetRect(x, 0, int(w), 1, dark)
		x, dark = x+int(w), !dark
	}
	var r lineRuns
	r.load(m, lineFamily{dx: 1, w: n, h: 1}, 0, nil)
	if !slices.Equal(r.w, widths) {
		t.Fatalf("the line of runs %v reads as %v", widths, r.w)
	}
	return &r
}

// scanLine runs findHits on a line for the given kinds.
func scanLine(r *lineRuns, kinds ...edgeKind) (hits [edgeKinds][2][]hit, drop uint8) {
	var want [edgeKinds]bool
	for _, k := range kinds {
		want[k] = true
	}
	drop = findHits(r, 0, lineFamily{dx: 1, w: int(r.pos[len(r.pos)-1]), h: 1}, want, &hits)
	return hits, drop
}

// hitAt reports whether hs holds a hit whose outer edge is at s.
func hitAt(hs []hit, s int32) bool {
	return slices.ContainsFunc(hs, func(h hit) bool { return h.s == float64(s) })
}

// perturb returns the element widths of a pattern drawn with modules of
// u pixels, each element's edges moved by up to spread modules at random:
// as print, blur and binarization move them.
func perturb(rng *rand.Rand, pattern []int, u, spread float64) []int32 {
	w := make([]int32, len(pattern))
	for i, e := range pattern {
		d := (rng.Float64()*2 - 1) * (spread + 0.15*float64(e)) * u
		w[i] = int32(max(1, math.Round(float64(e)*u+d)))
	}
	return w
}

// TestPatternFilters shows that the tests findHits rejects runs with
// before it compares them with a start or stop pattern (wideBar,
// wideShare and the test of each run's neighbours) reject no run sequence
// that matchRatio accepts: start and stop patterns read forward and
// reversed, drawn at module sizes from 1 to 8 pixels and deformed up to
// and beyond matchRatio's tolerance, give a hit exactly where matchRatio
// accepts them.
func TestPatternFilters(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tc := range []struct {
		name         string
		kind         edgeKind
		rev          int
		pattern      []int
		total        int
		before       []int32 // runs before the pattern, light first
		after        []int32 // runs after it
		outerAtStart bool    // the hit's outer edge is where the pattern starts on the line
	}{
		{"start", edgeStart, 0, startPattern, startWidth, []int32{30}, []int32{10, 30}, true},
		{"start reversed", edgeStart, 1, startReversed, startWidth, []int32{30, 10}, []int32{30}, false},
		{"stop", edgeStop, 0, stopPattern, stopWidth, []int32{30}, []int32{30}, false},
		{"stop reversed", edgeStop, 1, stopReversed, stopWidth, []int32{30}, []int32{30}, true},
	} {
		accepted := 0
		for _, u := range []float64{1, 1.3, 2, 3, 4.5, 8} {
			for range 3000 {
				w := perturb(rng, tc.pattern, u, 0.9)
				_, want := matchRatio(w, tc.pattern, tc.total)
				line := slices.Concat(tc.before, w, tc.after)
				r := lineOf(t, false, line)
				hits, _ := scanLine(r, edgeStart, edgeStop)
				at := r.pos[len(tc.before)]
				if !tc.outerAtStart {
					at = r.pos[len(tc.before)+len(w)]
				}
				if got := hitAt(hits[tc.kind][tc.rev], at); got != want {
					t.Fatalf("%s, module %v, widths %v: hit %v, matchRatio accepts %v", tc.name, u, w, got, want)
				}
				if want {
					accepted++
				}
			}
		}
		if accepted < 3000 {
			t.Errorf("%s: matchRatio accepted %d of 18000 patterns: too few to test the filters", tc.name, accepted)
		}
	}
}

// TestRAPFilters shows that the tests findHits rejects runs with before
// it reads a row address pattern (rapLike, finalBarLike) reject no
// MicroPDF417 row end that sideRAP and finalBar accept: every side RAP,
// drawn at module sizes from 1 to 6 pixels and deformed, after a quiet
// zone (a left RAP) and before the final bar and a quiet zone (a right
// RAP), read forward and reversed, gives a hit with its number wherever
// they accept it.
func TestRAPFilters(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	accepted := 0
	for n := 1; n <= rapCount; n++ {
		pattern := seqWidths(sideRAPs[n])
		for _, u := range []float64{1, 1.4, 2, 3.5, 6} {
			for range 40 {
				w := perturb(rng, pattern, u, 0.6)
				var sum int32
				for _, x := range w {
					sum += x
				}
				bar := int32(max(1, math.Round(u*(1+(rng.Float64()-0.5)))))
				quietW := int32(math.Round(2 * u))
				rap, unit, ok := sideRAP(w, false, sum)
				if ok {
					accepted++
				}
				// A left RAP after a quiet zone, and before a bar of
				// the first character.
				left := slices.Concat([]int32{quietW}, w, []int32{3 * quietW, quietW})
				// A right RAP after a character's last space, and
				// before the final bar and a quiet zone.
				right := slices.Concat([]int32{quietW, quietW}, w, []int32{bar, quietW})
				rightOK := ok && finalBar(bar, unit)
				for _, c := range []struct {
					kind  edgeKind
					runs  []int32
					first int // the RAP's first run
					ok    bool
				}{
					{edgeMicroLeft, left, 1, ok},
					{edgeMicroRight, right, 2, rightOK},
				} {
					for rev := range 2 {
						runs := slices.Clone(c.runs)
						first, last := c.first, c.first+5
						bar := first // the RAP's first bar, as read
						if rev == 1 {
							slices.Reverse(runs)
							first, last = len(runs)-1-last, len(runs)-1-first
							bar = last
						}
						r := lineOf(t, bar%2 == 0, runs)
						hits, _ := scanLine(r, edgeMicroLeft, edgeMicroRight)
						// The outer edge: where a left RAP begins, where
						// the final bar ends, as read.
						var at int32
						switch {
						case c.kind == edgeMicroLeft && rev == 0:
							at = r.pos[first]
						case c.kind == edgeMicroLeft:
							at = r.pos[last+1]
						case rev == 0:
							at = r.pos[last+2]
						default:
							at = r.pos[first-1]
						}
						i := slices.IndexFunc(hits[c.kind][rev], func(h hit) bool { return h.s == float64(at) })
						if got := i >= 0; got != c.ok || got && hits[c.kind][rev][i].rap != rap {
							t.Fatalf("RAP %d (widths %v, final bar %d, module %v), kind %d, reversed %d: hit %v, want %v (RAP %d)",
								n, w, bar, u, c.kind, rev, got, c.ok, rap)
						}
					}
				}
			}
		}
	}
	if accepted < rapCount*5*40/2 {
		t.Errorf("sideRAP accepted %d of %d patterns: too few to test the filters", accepted, rapCount*5*40)
	}
}

// TestTextureLine shows how a scan line of texture is dropped: past
// maxLineHits crossings of one kind and direction of MicroPDF417 pattern
// the line holds no MicroPDF417 hit of any kind or direction, and
// findHits stops reading row address patterns there, while it still
// finds the start pattern beyond; a line across a MicroPDF417 row keeps
// its two hits.
func TestTextureLine(t *testing.T) {
	const u = 2
	scale := func(ws ...int) []int32 {
		out := make([]int32, len(ws))
		for i, w := range ws {
			out[i] = int32(w * u)
		}
		return out
	}
	quietZone := scale(2)
	cw := charWidths(0, 0)
	char := scale(cw[:]...)
	rap := scale(seqWidths(sideRAPs[1])...)

	// A row of text made of left RAPs, each after a quiet zone and before
	// a bar, then a start pattern.
	var runs []int32
	for range maxLineHits + 8 {
		runs = slices.Concat(runs, quietZone, rap, scale(3))
	}
	startAt := len(runs) + 1
	runs = slices.Concat(runs, scale(4), scale(startPattern...), scale(3, 10))
	r := lineOf(t, false, runs)
	hits, drop := scanLine(r, edgeStart, edgeMicroLeft, edgeMicroRight)
	const micro = 0xf0
	if drop&micro != micro || drop&^micro != 0 {
		t.Errorf("texture: drop %08b, want the MicroPDF417 lists %08b", drop, micro)
	}
	if n := len(hits[edgeMicroLeft][0]); n != maxLineHits+1 {
		t.Errorf("texture: %d left RAPs read, want %d: the reading goes on past the texture", n, maxLineHits+1)
	}
	if !hitAt(hits[edgeStart][0], r.pos[startAt]) {
		t.Errorf("texture: the start pattern after it is not found")
	}

	// A MicroPDF417 row: quiet zone, left RAP, a character, right RAP,
	// final bar, quiet zone.
	runs = slices.Concat(scale(6), rap, char, rap, scale(1, 6))
	r = lineOf(t, false, runs)
	hits, drop = scanLine(r, edgeMicroLeft, edgeMicroRight)
	if drop != 0 || !hitAt(hits[edgeMicroLeft][0], r.pos[1]) || !hitAt(hits[edgeMicroRight][0], r.pos[len(runs)-1]) {
		t.Errorf("a MicroPDF417 row: drop %08b, left hits %v, right hits %v", drop, hits[edgeMicroLeft][0], hits[edgeMicroRight][0])
	}
}

// TestScanDirections holds the row scan of a thorough read to the lines
// scanDirections gives: rows, columns and both diagonals (every other
// line) on the first view, and on the views tried when that found nothing,
// all at half size in a large image, rows only (rows and columns for the
// inverted view), for 4 pixels read per pixel of a large image without a
// symbol (7½ when those views were read at full size along columns too).
// Fast mode reads the first view's rows.
func TestScanDirections(t *testing.T) {
	const w, h = 2000, 1500
	for _, tc := range []struct {
		thorough bool
		want     float64
	}{{true, 4}, {false, 1}} {
		pixels := 0
		for _, p := range readPlan {
			if p.Thorough && !tc.thorough || p.MinSide > max(w, h) || p.MaxSide > 0 && p.MaxSide < max(w, h) {
				continue
			}
			down := max(p.View.Down, 1)
			for fi := range scanDirections(tc.thorough, p.LastResort, p.View.Inverted) {
				f := lineFamily{dx: familyDirs[fi][0], dy: familyDirs[fi][1], w: w / down, h: h / down}
				step := 1
				if f.dx != 0 && f.dy != 0 {
					step = 2
				}
				for i := 0; i < f.count(); i += step {
					_, _, n := f.start(i)
					pixels += n
				}
			}
		}
		if got := float64(pixels) / (w * h); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("thorough %v: %.3f pixels read per pixel, want %v", tc.thorough, got, tc.want)
		}
	}
}

// TestReadDiagonal reads symbols turned 45°, which the first view's rows
// and columns alone do not find (MicroPDF417's row address patterns are
// found by scan lines within about 10° of its rows): its diagonal scan
// lines do.
func TestReadDiagonal(t *testing.T) {
	for _, tc := range []struct {
		k    kind
		opts Options
	}{
		{kindFull, Options{Columns: 4}},
		{kindCompact, Options{Compact: true, Columns: 4}},
		{kindMicro, Options{Micro: true, Columns: 1}},
		{kindMicro, Options{Micro: true, Columns: 4}},
	} {
		data := []byte("turned 45 degrees, some columns")
		code, err := Encode(string(data), tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, angle := range []float64{45, -45, 135} {
			img := photo(code.Modules, 3, 3, angle, 0, 1, 8, 1)
			got := read(tc.k, binarize.NewSource(img), symbology.ReadOptions{})
			if len(got) != 1 || !bytes.Equal(got[0].Bytes, data) {
				t.Errorf("%s %s at %v°: read %d symbols", tc.k.id(), code.Version(), angle, len(got))
			}
		}
	}
}

// TestChainerOrder checks what chainer.add keeps from line to line
// instead of sorting: its open chains in order of where they end, each
// ending at its last hit, with the slope of its hits once they span 4
// lines; and every hit of a line at the end of one of them.
func TestChainerOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	ch := newChainer(edgeStart, lineFamily{dx: 1, w: 600, h: 400})
	var line0 []hit
	for line := range 400 {
		if rng.IntN(4) == 0 {
			continue
		}
		line0 = line0[:0]
		for range rng.IntN(maxLineHits) {
			s := float64(rng.IntN(600))
			if rng.IntN(2) == 0 {
				s = float64(100*rng.IntN(6)) + float64(line)*0.5 // edges, leaning
			}
			line0 = append(line0, hit{line: line, s: s, unit: 1 + rng.Float64()})
		}
		ch.add(line, line0)
		if !slices.IsSortedFunc(ch.active, func(a, b *chain) int { return cmp.Compare(a.lastS, b.lastS) }) {
			t.Fatalf("line %d: the open chains are out of order", line)
		}
		ends := 0
		for _, c := range ch.active {
			first, last := c.hits[0], c.hits[len(c.hits)-1]
			if c.lastS != last.s || c.line != last.line || c.steady != (c.line-first.line >= 4) ||
				c.steady && c.slope != (last.s-first.s)/float64(last.line-first.line) {
				t.Fatalf("line %d: a chain ends at %v on line %d, steady %v slope %v; its hits %v", line, c.lastS, c.line, c.steady, c.slope, c.hits)
			}
			if c.line == line {
				ends++
			}
		}
		if ends != len(line0) {
			t.Fatalf("line %d: %d chains end on the line, which has %d hits", line, ends, len(line0))
		}
	}
}

// TestChainerReset checks that a chainer of an earlier scan (rowScans),
// reset with chains still open, as a scan stopped early leaves it, finds
// the same edges as a new one.
func TestChainerReset(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	f := lineFamily{dx: 1, w: 600, h: 400}
	// Edges at 100, 300 and 500 pixels along the lines, leaning, among
	// chance hits, and MicroPDF417 row numbers running on.
	lines := make([][]hit, 400)
	for line := range lines {
		for _, s := range []float64{100, 300, 500} {
			lines[line] = append(lines[line], hit{line: line, s: s + float64(line)*0.25, sIn: s + 20, unit: 2, rap: 1 + line/8%rapCount})
		}
		for range rng.IntN(4) {
			lines[line] = append(lines[line], hit{line: line, s: float64(rng.IntN(600)), unit: 1 + rng.Float64(), rap: 1 + rng.IntN(rapCount)})
		}
		slices.SortFunc(lines[line], func(a, b hit) int { return cmp.Compare(a.s, b.s) })
	}
	scan := func(ch *chainer) []edge {
		for line, hs := range lines {
			ch.add(line, slices.Clone(hs))
		}
		return ch.finish()
	}
	for _, k := range []edgeKind{edgeStart, edgeMicroLeft} {
		want := scan(newChainer(k, f))
		if len(want) < 3 {
			t.Fatalf("kind %d: %d edges, want at least 3", k, len(want))
		}
		used := newChainer(edgeStop, f)
		for line, hs := range lines[:200] {
			used.add(line, slices.Clone(hs))
		}
		used.reset(k)
		used.restart(f)
		if got := scan(used); !reflect.DeepEqual(got, want) {
			t.Errorf("kind %d: a reset chainer finds %d edges, a new one %d, or others", k, len(got), len(want))
		}
	}
}

// TestReadLargePhoto reads symbols of small modules in views larger than
// downscaleAbove, whose scan lines lie two pixels apart (findEdges): rows
// of 6 pixels, upright, turned a quarter and turned 45°.
func TestReadLargePhoto(t *testing.T) {
	data := []byte("a small symbol in a large photo")
	code, err := Encode(string(data), Options{Columns: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, angle := range []float64{0, 90, 45} {
		sym := photo(code.Modules, 2, 2, angle, 0, 1, 6, 3)
		img := image.NewGray(image.Rect(0, 0, 1700, 1300))
		for i := range img.Pix {
			img.Pix[i] = 200
		}
		draw.Draw(img, sym.Bounds().Add(image.Pt(500, 300)), sym, image.Point{}, draw.Src)
		got := read(kindFull, binarize.NewSource(img), symbology.ReadOptions{})
		if len(got) != 1 || !bytes.Equal(got[0].Bytes, data) {
			t.Errorf("at %v°: read %d symbols", angle, len(got))
		}
	}
}

// TestPairRowEnds shows which MicroPDF417 hits of a line are kept for
// chaining: a left and a right row address pattern one symbol width apart
// (of any of the four), in the direction the line reads them, and no lone
// pattern or pair at another distance.
func TestPairRowEnds(t *testing.T) {
	const u = 2.0
	at := func(s float64) hit { return hit{s: s, unit: u} }
	for _, c := range []struct {
		name          string
		lefts, rights []float64
		reversed      bool
		keepL, keepR  int
	}{
		{"1 column", []float64{100}, []float64{100 + 38*u}, false, 1, 1},
		{"2 columns", []float64{100}, []float64{100 + 55*u}, false, 1, 1},
		{"3 columns", []float64{100}, []float64{100 + 82*u}, false, 1, 1},
		{"4 columns, 10% off", []float64{100}, []float64{100 + 1.1*99*u}, false, 1, 1},
		{"reversed", []float64{400}, []float64{400 - 55*u}, true, 1, 1},
		{"reversed, read forward", []float64{400}, []float64{400 - 55*u}, false, 0, 0},
		{"between widths", []float64{100}, []float64{100 + 46*u}, false, 0, 0},
		{"too wide", []float64{100}, []float64{100 + 130*u}, false, 0, 0},
		{"lone left", []float64{100}, nil, false, 0, 0},
		{"lone right", nil, []float64{100}, false, 0, 0},
		{"one pair among chance hits", []float64{100, 150, 620}, []float64{60, 100 + 55*u, 900}, false, 1, 1},
	} {
		var ls, rs []hit
		for _, s := range c.lefts {
			ls = append(ls, at(s))
		}
		for _, s := range c.rights {
			rs = append(rs, at(s))
		}
		kl, kr := pairRowEnds(ls, rs, c.reversed)
		if len(kl) != c.keepL || len(kr) != c.keepR {
			t.Errorf("%s: kept %d left and %d right hits, want %d and %d", c.name, len(kl), len(kr), c.keepL, c.keepR)
		}
	}
}

// TestRAPLike checks that rapLike accepts every six runs that sideRAP
// reads as a side row address pattern, of each width from 1 to 9 pixels,
// and that it rejects some of the others.
func TestRAPLike(t *testing.T) {
	var w [6]int32
	rejected := 0
	var try func(k int)
	try = func(k int) {
		if k < len(w) {
			for x := int32(1); x <= 9; x++ {
				w[k] = x
				try(k + 1)
			}
			return
		}
		sum := w[0] + w[1] + w[2] + w[3] + w[4] + w[5]
		like := rapLike(w[0], w[5], sum)
		if _, _, ok := sideRAP(w[:], false, sum); ok && !like {
			t.Fatalf("rapLike rejects %v, which sideRAP reads", w)
		}
		if !like {
			rejected++
		}
	}
	try(0)
	if rejected < 9*9*9*9*9*9/3 {
		t.Errorf("rapLike rejects %d of %d runs: too few for a filter", rejected, 9*9*9*9*9*9)
	}
}

// TestPairRowEndsAll checks pairRowEnds, which looks for a left hit's
// partners only among the rights in reach of it, against trying every
// pair, on lines of random hits in order along the line as findHits
// finds them, of units from 0.7 to 6 pixels: the same hits kept.
func TestPairRowEndsAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	all := func(lefts, rights []hit, reversed bool) ([]hit, []hit) {
		var keepL, keepR uint64
		for i, l := range lefts {
			for j, r := range rights {
				d := r.s - l.s
				if reversed {
					d = -d
				}
				if d > 0 && rowEnds(d, l.unit, r.unit) {
					keepL |= 1 << i
					keepR |= 1 << j
				}
			}
		}
		return keepHits(lefts, keepL), keepHits(rights, keepR)
	}
	line := func(n int) []hit {
		var hs []hit
		s := 0.0
		for range n {
			s += float64(1 + rng.IntN(150))
			hs = append(hs, hit{s: s, unit: 0.7 + 5.3*rng.Float64()})
		}
		return hs
	}
	kept := 0
	for range 20000 {
		lefts, rights := line(rng.IntN(maxLineHits+2)), line(rng.IntN(maxLineHits+2))
		reversed := rng.IntN(2) == 0
		wantL, wantR := all(slices.Clone(lefts), slices.Clone(rights), reversed)
		gotL, gotR := pairRowEnds(slices.Clone(lefts), slices.Clone(rights), reversed)
		if !slices.Equal(gotL, wantL) || !slices.Equal(gotR, wantR) {
			t.Fatalf("lefts %v, rights %v, reversed %v: kept %v and %v, want %v and %v", lefts, rights, reversed, gotL, gotR, wantL, wantR)
		}
		kept += len(wantL)
	}
	if kept < 1000 {
		t.Errorf("only %d left hits paired: too few to test pairRowEnds", kept)
	}
}

// TestChainerSorts checks the sorts of chainer.add, insertion sorts for
// the few pairs and chains of most lines, against the standard library's
// stable sort, on lists with many ties, short and long.
func TestChainerSorts(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 2000 {
		n := rng.IntN(3 * smallSort)
		ps := make([]chainPair, n)
		cs := make([]*chain, n)
		for i := range ps {
			ps[i] = chainPair{h: i, c: rng.IntN(8), d: float64(rng.IntN(6)) / 2}
			cs[i] = &chain{lastS: float64(rng.IntN(6)), line: i}
		}
		wantP := slices.Clone(ps)
		slices.SortStableFunc(wantP, func(a, b chainPair) int { return cmp.Compare(a.d, b.d) })
		sortPairs(ps)
		if !slices.Equal(ps, wantP) {
			t.Fatalf("sortPairs of %d pairs: %v, want %v", n, ps, wantP)
		}
		wantC := slices.Clone(cs)
		slices.SortStableFunc(wantC, func(a, b *chain) int { return cmp.Compare(a.lastS, b.lastS) })
		sortChains(cs)
		if !slices.Equal(cs, wantC) {
			t.Fatalf("sortChains of %d chains: out of order", n)
		}
	}
}

// TestRowEnds checks rowEnds, which rejects distances outside every
// symbol width at once, against a plain test of each width in turn.
func TestRowEnds(t *testing.T) {
	plain := func(d, ul, ur float64) bool {
		for _, r := range rowWidths {
			if 2*d >= r[0]*(ul+ur) && 2*d <= r[1]*(ul+ur) {
				return true
			}
		}
		return false
	}
	rng := rand.New(rand.NewPCG(13, 14))
	for range 200000 {
		ul, ur := 0.7+3*rng.Float64(), 0.7+3*rng.Float64()
		d := 130 * (ul + ur) / 2 * rng.Float64()
		if rng.IntN(4) == 0 {
			// On the ends of a range.
			r := rowWidths[rng.IntN(len(rowWidths))]
			d = r[rng.IntN(2)] * (ul + ur) / 2
		}
		if got, want := rowEnds(d, ul, ur), plain(d, ul, ur); got != want {
			t.Fatalf("rowEnds(%v, %v, %v) = %v, want %v", d, ul, ur, got, want)
		}
	}
}

// TestLineHitsOrder checks lineHits, which pairs a line's MicroPDF417 hits
// before dropping those inside symbols found already, against doing it
// in the plain order: drop the lists findHits dropped, drop the covered
// hits, then pair. Lines of random hits, many at row widths from each
// other, with random ones covered.
func TestLineHitsOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	kept, covered := 0, 0
	for range 20000 {
		var hits [edgeKinds][2][]hit
		for k := range edgeKinds {
			for rev := range 2 {
				for range rng.IntN(6) {
					var s float64
					if ls := hits[edgeMicroLeft][rev]; k == edgeMicroRight && len(ls) > 0 && rng.IntN(2) == 0 {
						l := ls[rng.IntN(len(ls))]
						d := float64(microWidth(1+rng.IntN(4))) * l.unit * (0.9 + 0.2*rng.Float64())
						if rev == 1 {
							d = -d
						}
						s = l.s + d
					} else {
						s = rng.Float64() * 600
					}
					// sIn marks the hit as covered.
					hits[k][rev] = append(hits[k][rev], hit{s: s, unit: 1 + 2*rng.Float64(), sIn: float64(rng.IntN(3))})
				}
				slices.SortFunc(hits[k][rev], func(a, b hit) int { return cmp.Compare(a.s, b.s) })
			}
		}
		drop := uint8(rng.IntN(256)) & uint8(rng.IntN(256))
		pair := rng.IntN(4) != 0
		uncover := func(hs []hit) []hit {
			return slices.DeleteFunc(hs, func(h hit) bool { return h.sIn == 0 })
		}
		var want [edgeKinds][2][]hit
		for k := range edgeKinds {
			for rev := range 2 {
				if drop&(1<<(2*int(k)+rev)) == 0 {
					want[k][rev] = uncover(slices.Clone(hits[k][rev]))
					covered += len(hits[k][rev]) - len(want[k][rev])
				}
			}
		}
		if pair {
			pairLine(&want)
		}
		got := hits
		for k := range edgeKinds {
			for rev := range 2 {
				got[k][rev] = slices.Clone(hits[k][rev])
			}
		}
		lineHits(&got, drop, pair, uncover)
		for k := range edgeKinds {
			for rev := range 2 {
				if !slices.Equal(got[k][rev], want[k][rev]) {
					t.Fatalf("hits %v, drop %08b, pair %v: kind %d direction %d kept %v, want %v", hits, drop, pair, k, rev, got[k][rev], want[k][rev])
				}
				if k >= edgeMicroLeft {
					kept += len(want[k][rev])
				}
			}
		}
	}
	if kept == 0 || covered == 0 {
		t.Fatalf("kept %d MicroPDF417 hits, covered %d: the test tries too little", kept, covered)
	}
}
