package symbology

import (
	"context"
	"errors"
	"image"
	"slices"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
)

// The test registry: two matrix readers with plans, one of them for two
// ids, and a reader without a plan. Their Find functions do what the
// current test tells them through hooks.
var (
	hookA, hookB, hookLines func(v *View) bool
	readerA                 = &Reader{IDs: []string{"test-a", "test-a2"}, Find: func(v *View) bool { return hookA(v) }}
	readerB                 = &Reader{IDs: []string{"test-b"}, Find: func(v *View) bool { return hookB(v) }}
	readerLines             = &Reader{IDs: []string{"test-lines"}, Find: func(v *View) bool { return hookLines(v) }}
)

func init() {
	for _, id := range []string{"test-a", "test-a2", "test-b", "test-lines", "test-write-only"} {
		Register(Info{ID: id, Name: "Test " + id, Kind: Matrix, Aliases: []string{id + " alias"}, Groups: []string{"testgroup"}})
	}
	readerA.Plan = []Pass{
		{View: binarize.View{Inverted: true}, LastResort: true},
		{View: binarize.View{Method: binarize.Global}},
		{View: binarize.View{}},
		{View: binarize.View{Down: 2}, Thorough: true},
		{View: binarize.View{Up: 2}, MaxSide: 50},
		{View: binarize.View{Dilate: 1}, MinSide: 1000},
	}
	readerB.Plan = []Pass{
		{View: binarize.View{}},
		{View: binarize.View{Method: binarize.Global}, LastResort: true},
	}
	RegisterReader(readerA)
	RegisterReader(readerB)
	RegisterReader(readerLines)
}

// nothing is a Find that finds nothing.
func nothing(*View) bool { return false }

// testSource is a 40×30 image of stripes: no view of it is uniform.
func testSource() *binarize.Source {
	g := image.NewGray(image.Rect(0, 0, 40, 30))
	for i := range g.Pix {
		if i%40/5%2 == 0 {
			g.Pix[i] = 255
		}
	}
	return binarize.NewSource(g)
}

// symbolAt is a result with corners around (x, y) in view pixels.
func symbolAt(text string, x, y float64) Barcode {
	return Barcode{Text: text, Bytes: []byte(text), Corners: [4]detect.Point{{X: x, Y: y}, {X: x + 4, Y: y}, {X: x + 4, Y: y + 4}, {X: x, Y: y + 4}}}
}

// TestReadPlan checks the views each reader is given: its plan's passes
// that apply to the image and mode, in the one view order, the readers
// going through the views together, last resorts skipped once the scan has
// found something.
func TestReadPlan(t *testing.T) {
	var got []string
	log := func(name string) func(v *View) bool {
		return func(v *View) bool {
			got = append(got, name+" "+v.Pass.View.Method.String()+map[bool]string{true: " inverted"}[v.Pass.View.Inverted]+
				map[bool]string{true: " down"}[v.Pass.View.Down > 1]+map[bool]string{true: " up"}[v.Pass.View.Up > 1]+
				map[bool]string{true: " found"}[v.Found])
			return false
		}
	}
	hookA, hookB, hookLines = log("a"), log("b"), log("lines")
	for _, tc := range []struct {
		fast bool
		want []string
	}{
		{false, []string{"a local", "b local", "a global", "b global", "a local down", "a local inverted", "a local up", "lines local"}},
		{true, []string{"a local", "b local", "a global", "b global", "a local inverted", "a local up", "lines local"}},
	} {
		got = nil
		if _, err := Read(context.Background(), testSource(), ReadOptions{Fast: tc.fast}); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("fast %v: views\n%q\nwant\n%q", tc.fast, got, tc.want)
		}
	}
	// The reader without a plan reads after the last view that is not a
	// last resort, before those that are.
	got = nil
	if _, err := Read(context.Background(), testSource(), ReadOptions{IDs: []string{"test-b", "test-lines"}}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"b local", "lines local", "b global"}; !slices.Equal(got, want) {
		t.Errorf("b and lines: views %q, want %q", got, want)
	}
	// A view that is one reader's last resort and not another's: the
	// reader without a plan reads between them, and what it finds spares
	// the last resort. (Fast mode on a 60×30 image: a reads local, global
	// and, as a last resort, inverted; b local and, as a last resort,
	// global.)
	wide := func() *binarize.Source {
		g := image.NewGray(image.Rect(0, 0, 60, 30))
		for i := range g.Pix {
			if i%60/5%2 == 0 {
				g.Pix[i] = 255
			}
		}
		return binarize.NewSource(g)
	}
	for _, tc := range []struct {
		lines func(v *View) bool
		want  []string
	}{
		{log("lines"), []string{"a local", "b local", "a global", "lines local", "b global", "a local inverted"}},
		{func(v *View) bool {
			log("lines")(v)
			v.Add(symbolAt("lines", 1, 1), 1)
			return false
		}, []string{"a local", "b local", "a global", "lines local"}},
	} {
		got = nil
		hookLines = tc.lines
		if _, err := Read(context.Background(), wide(), ReadOptions{IDs: []string{"test-a", "test-b", "test-lines"}, Fast: true}); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("a last resort where the lines read: views %q, want %q", got, tc.want)
		}
	}
	hookLines = log("lines")
	// b finds a symbol in its first view: its last resort is skipped,
	// and the reader without a plan is told.
	got = nil
	hookB = func(v *View) bool {
		log("b")(v)
		v.Add(symbolAt("b", 1, 1), 1)
		return false
	}
	if _, err := Read(context.Background(), testSource(), ReadOptions{IDs: []string{"test-b", "test-lines"}}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"b local", "lines local found"}; !slices.Equal(got, want) {
		t.Errorf("after a find: views %q, want %q", got, want)
	}
	// b's find skips a's last resort too: a scan that has found a symbol
	// reads no reader's last resorts.
	got = nil
	hookA = log("a")
	if _, err := Read(context.Background(), testSource(), ReadOptions{IDs: []string{"test-a", "test-b"}}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"a local", "b local", "a global", "a local down", "a local up"}; !slices.Equal(got, want) {
		t.Errorf("after b's find: views %q, want %q", got, want)
	}
	// A reader that reports its view complete, having found a symbol,
	// reads no more views.
	got = nil
	hookA = func(v *View) bool {
		log("a")(v)
		v.Add(symbolAt("a", 1, 1), 1)
		return true
	}
	if _, err := Read(context.Background(), testSource(), ReadOptions{IDs: []string{"test-a"}}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"a local"}; !slices.Equal(got, want) {
		t.Errorf("complete: views %q, want %q", got, want)
	}
	// A plan given in the options replaces the readers' plans, not the
	// plan-less reader's.
	got = nil
	hookA, hookB = log("a"), log("b")
	if _, err := Read(context.Background(), testSource(), ReadOptions{Plan: []Pass{{View: binarize.View{Down: 3}}}}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"a local down", "b local down", "lines local"}; !slices.Equal(got, want) {
		t.Errorf("plan override: views %q, want %q", got, want)
	}
}

// TestReadResults checks what Read does with the symbols readers add:
// corners to image pixels, orientation and inverted flag for matrix
// readers, results of unasked ids dropped, a symbol found twice kept once,
// results grouped by reader, the limit.
func TestReadResults(t *testing.T) {
	hookLines = func(v *View) bool {
		bc := symbolAt("line", 10, 10)
		bc.Orientation = 7 // a reader without a plan sets its own
		v.Add(bc, 0)
		return false
	}
	hookB = nothing
	hookA = func(v *View) bool {
		// The same symbol in every view, at the same place in the
		// image; in the enlarged view, one of the second id too.
		s := v.Pass.View.Scale()
		bc := symbolAt("a", 8/s, 4/s)
		bc.Corners[1], bc.Corners[3] = bc.Corners[3], bc.Corners[1] // turned: top edge going down
		v.Add(bc, 1)
		if v.Pass.View.Up > 1 {
			bc := symbolAt("a2", 20/s, 4/s)
			bc.Symbology = "test-a2"
			v.Add(bc, 1)
		}
		return false
	}
	got, err := Read(context.Background(), testSource(), ReadOptions{IDs: []string{"test-a", "test-lines"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Symbology != "test-a" || got[1].Symbology != "test-lines" {
		t.Fatalf("results %+v, want one test-a and one test-lines", got)
	}
	if a := got[0]; a.Corners[0] != (detect.Point{X: 8, Y: 4}) || a.Orientation != 90 || a.Inverted {
		t.Errorf("test-a: corners %v, orientation %d, inverted %v", a.Corners, a.Orientation, a.Inverted)
	}
	if l := got[1]; l.Orientation != 7 || l.Corners[0] != (detect.Point{X: 10, Y: 10}) {
		t.Errorf("test-lines: orientation %d, corners %v", l.Orientation, l.Corners)
	}
	// Both ids of the reader, and a light-on-dark symbol.
	hookA = func(v *View) bool {
		if v.Pass.View.Inverted {
			v.Add(symbolAt("inverted", 2, 2), 1)
		}
		return false
	}
	got, err = Read(context.Background(), testSource(), ReadOptions{IDs: []string{"test-a"}})
	if err != nil || len(got) != 1 || !got[0].Inverted || got[0].Symbology != "test-a" {
		t.Errorf("inverted: %+v, %v", got, err)
	}
	// The limit counts every reader's results.
	hookA = func(v *View) bool {
		for i := range 10 {
			if !v.Add(symbolAt(string(rune('a'+i)), float64(3*i), 0), 1) {
				return false
			}
		}
		return false
	}
	got, err = Read(context.Background(), testSource(), ReadOptions{MaxResults: 4})
	if err != nil || len(got) != 4 {
		t.Errorf("MaxResults 4: %d results, %v", len(got), err)
	}
}

// TestReadNext checks the candidate cap of a view and the work counts.
func TestReadNext(t *testing.T) {
	hookB, hookLines = nothing, nothing
	var examined []int
	hookA = func(v *View) bool {
		n := 0
		for v.Next() {
			n++
		}
		examined = append(examined, n)
		return false
	}
	var st Stats
	if _, err := Read(context.Background(), testSource(), ReadOptions{IDs: []string{"test-a"}, Stats: &st}); err != nil {
		t.Fatal(err)
	}
	if len(examined) == 0 || slices.ContainsFunc(examined, func(n int) bool { return n != MaxCandidates }) {
		t.Errorf("candidates examined per view %v, want %d each", examined, MaxCandidates)
	}
	if st.Views != len(examined) || st.Candidates != len(examined)*MaxCandidates {
		t.Errorf("stats %+v for %d views", st, len(examined))
	}
}

// TestReadCancel checks that a cancelled read stops its readers and
// returns the context's error and no results.
func TestReadCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	hookB, hookLines = nothing, nothing
	hookA = func(v *View) bool {
		calls++
		v.Add(symbolAt("a", 1, 1), 1)
		cancel()
		if v.Next() || !v.Stopped() || v.Context().Err() == nil {
			t.Error("a cancelled view goes on")
		}
		return false
	}
	got, err := Read(ctx, testSource(), ReadOptions{IDs: []string{"test-a"}})
	if !errors.Is(err, context.Canceled) || got != nil || calls != 1 {
		t.Errorf("cancelled: %v, %v after %d views", got, err, calls)
	}
	if _, err := Read(ctx, testSource(), ReadOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("read with a done context: %v", err)
	}
}

// TestReadEdgeCases checks unknown ids, ids no reader reports, empty
// sources, and that a uniform image is read by the readers without plans
// only.
func TestReadEdgeCases(t *testing.T) {
	calls := 0
	hookA, hookB, hookLines = func(*View) bool { calls++; return false }, nothing, nothing
	var st Stats
	if _, err := Read(context.Background(), binarize.NewSource(image.NewGray(image.Rect(0, 0, 40, 30))), ReadOptions{Stats: &st}); err != nil || calls != 0 || st.Views != 1 {
		t.Errorf("blank image: %v, %d views of test-a, %d in all", err, calls, st.Views)
	}
	if _, err := Read(context.Background(), testSource(), ReadOptions{IDs: []string{"no-such-id"}}); !errors.Is(err, ErrUnknown) {
		t.Errorf("unknown id: %v", err)
	}
	if got, err := Read(context.Background(), testSource(), ReadOptions{IDs: []string{"test-write-only"}}); err != nil || got != nil {
		t.Errorf("unreadable id: %v, %v", got, err)
	}
	for _, src := range []*binarize.Source{nil, {}, binarize.NewSource(image.NewGray(image.Rectangle{}))} {
		if got, err := Read(context.Background(), src, ReadOptions{}); err != nil || got != nil {
			t.Errorf("empty source: %v, %v", got, err)
		}
	}
}

// TestReadRank checks that readers read each view in the order of their
// ranks, their results grouped by first id all the same, and that a
// symbol one reader found covers its place for the others, in the
// pixels of each view, and for itself in the view it was found in only:
// in the others it is known (View.Known).
func TestReadRank(t *testing.T) {
	defer func() { readerB.Rank = 0 }()
	readerB.Rank = -1
	var got []string
	hookB = func(v *View) bool {
		got = append(got, "b")
		if v.Pass.View.Down <= 1 {
			v.Add(symbolAt("b", 10, 10), 1)
		} else {
			// Its own symbols of other views do not cover its
			// candidates: they are known.
			p := detect.Point{X: 6, Y: 6}
			if v.Covered(p, 0) || !v.Known(p, 0) || v.Known(detect.Point{X: 15, Y: 15}, 0) {
				t.Errorf("view %+v: b's symbol of the first view: covered %v, known %v, known outside %v, want false, true, false",
					v.Pass.View, v.Covered(p, 0), v.Known(p, 0), v.Known(detect.Point{X: 15, Y: 15}, 0))
			}
		}
		return false
	}
	hookA = func(v *View) bool {
		got = append(got, "a")
		in, out := detect.Point{X: 12, Y: 12}, detect.Point{X: 30, Y: 20}
		if s := v.scale; s > 1 {
			in, out = in.Mul(1/s), out.Mul(1/s)
		}
		if v.Known(in, 0) {
			t.Errorf("view %+v: b's symbol known to a", v.Pass.View)
		}
		if !v.Covered(in, 0) || v.Covered(out, 0) {
			t.Errorf("view %+v: covered %v and %v, want true and false", v.Pass.View, v.Covered(in, 0), v.Covered(out, 0))
		}
		// A line through in and out is covered just across b's symbol.
		a, b := detect.Point{X: 0, Y: in.Y}, detect.Point{X: 2 * out.X, Y: in.Y}
		spans := v.CoveredSpans(a, b, nil)
		at := func(t float64) detect.Point { return a.Add(b.Sub(a).Mul(t)) }
		if len(spans) != 1 || !v.Covered(at((spans[0].T0+spans[0].T1)/2), 0) ||
			v.Covered(at(spans[0].T0-0.05), 0) || v.Covered(at(spans[0].T1+0.05), 0) ||
			in.X < at(spans[0].T0).X || in.X > at(spans[0].T1).X {
			t.Errorf("view %+v: covered spans %v of the line from %v to %v", v.Pass.View, spans, a, b)
		}
		// Patterns of much smaller modules inside the symbol are not
		// covered: a symbol printed inside another.
		if v.Covered(in, 0.1) {
			t.Errorf("view %+v: a small module's place covered", v.Pass.View)
		}
		if v.Pass.View.Down <= 1 {
			v.Add(symbolAt("a", 20, 20), 1)
		}
		return false
	}
	res, err := Read(context.Background(), testSource(), ReadOptions{IDs: []string{"test-a", "test-b"}, Plan: []Pass{{View: binarize.View{}}, {View: binarize.View{Down: 2}}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"b", "a", "b", "a"}; !slices.Equal(got, want) {
		t.Errorf("readers ran %q, want %q", got, want)
	}
	var texts []string
	for _, r := range res {
		texts = append(texts, r.Text)
	}
	if want := []string{"a", "b"}; !slices.Equal(texts, want) {
		t.Errorf("results %q, want %q", texts, want)
	}
}
