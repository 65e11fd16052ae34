package linear

import (
	"context"
	"image"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// toyModules are the modules of a toy symbology: bars of 1, 2, 3 and 4
// modules with spaces of 2, 1 and 2 between them, 15 modules in all.
var toyModules = func() []bool {
	var m []bool
	for i, n := range []int{1, 2, 2, 1, 3, 2, 4} {
		for range n {
			m = append(m, i%2 == 0)
		}
	}
	return m
}()

// toyDecoder reads toy symbols: the seven elements, measured in modules of
// their total over 15, within a third of a module, after a quiet zone of
// three modules.
func toyDecoder(r *Row, hits []Hit) []Hit {
	want := []float64{1, 2, 2, 1, 3, 2, 4}
	for i := 1; i+7 < len(r.W); i += 2 {
		m := r.Sum(i, 7) / 15
		if m <= 0 || !r.QuietBefore(i, 3*m) || !r.QuietAfter(i+7, 3*m) {
			continue
		}
		ok := true
		for k, w := range want {
			ok = ok && math.Abs(r.W[i+k]/m-w) < 0.34
		}
		if ok {
			hits = append(hits, Hit{Kind: 1, Text: "toy", Start: i, End: i + 7})
		}
	}
	return hits
}

func toyScene(angle float64) lineartest.Scene {
	return lineartest.Scene{Width: 320, Height: 240, Modules: toyModules, Module: 6, BarHeight: 60, Quiet: 5, Angle: angle, Blur: 1, Noise: 2, Background: 120}
}

// TestScanOrientation reads the toy symbol at quarter turns and slight
// tilts: thorough mode reads all, with their orientation; fast mode only
// those across the image.
func TestScanOrientation(t *testing.T) {
	for _, angle := range []float64{0, 90, 180, 270, 8, -8, 172, 95} {
		src := (toyScene(angle).Render())
		res := Scan(context.Background(), src, Options{}, toyDecoder)
		if len(res) != 1 || res[0].Text != "toy" || res[0].Kind != 1 {
			t.Errorf("angle %v: %+v", angle, res)
			continue
		}
		want := (int(angle) + 360) % 360
		if d := (res[0].Orientation - want + 540) % 360; d < 180-4 || d > 180+4 {
			t.Errorf("angle %v: orientation %d", angle, res[0].Orientation)
		}
		if res[0].Lines < 2 || res[0].Inverted {
			t.Errorf("angle %v: %d lines, inverted %v", angle, res[0].Lines, res[0].Inverted)
		}
		fast := Scan(context.Background(), src, Options{Fast: true}, toyDecoder)
		across := want < 45 || want > 315 || want > 135 && want < 225
		if len(fast) != map[bool]int{true: 1, false: 0}[across] {
			t.Errorf("angle %v, fast: %d results", angle, len(fast))
		}
	}
}

// TestScanCorners checks the corners of an upright symbol: the left ones at
// its first bar, the right ones at its last, the top ones above the bottom
// ones, all within the bars' height (or a line's half thickness beyond).
func TestScanCorners(t *testing.T) {
	s := toyScene(0)
	s.Noise = 0
	res := Scan(context.Background(), (s.Render()), Options{}, toyDecoder)
	if len(res) != 1 {
		t.Fatalf("%d results", len(res))
	}
	c := res[0].Corners
	left, right := 160-7.5*6, 160+7.5*6 // the symbol is centred, 15 modules of 6 pixels
	top, bottom := 120-30.0, 120+30.0
	for i, p := range c {
		wantX := left
		if i == 1 || i == 2 {
			wantX = right
		}
		if math.Abs(p.X-wantX) > 1 || p.Y < top-1.5 || p.Y > bottom+1.5 {
			t.Errorf("corner %d at %v, want x %v, y in %v to %v", i, p, wantX, top, bottom)
		}
	}
	if c[0].Y >= c[3].Y || c[1].Y >= c[2].Y {
		t.Errorf("top corners not above the bottom ones: %v", c)
	}
}

// TestScanInverted reads a light-on-dark toy symbol in thorough mode only.
func TestScanInverted(t *testing.T) {
	s := toyScene(0)
	s.Dark, s.Light, s.Background = 230, 30, 30
	src := (s.Render())
	if res := Scan(context.Background(), src, Options{}, toyDecoder); len(res) != 1 || !res[0].Inverted {
		t.Errorf("thorough: %+v", res)
	}
	if res := Scan(context.Background(), src, Options{Fast: true}, toyDecoder); len(res) != 0 {
		t.Errorf("fast: %+v", res)
	}
}

// TestScanAgreement checks that a symbol one line reads is not reported,
// and that one line is enough in an image too thin for two.
func TestScanAgreement(t *testing.T) {
	src := (toyScene(0).Render())
	calls := 0
	once := func(r *Row, hits []Hit) []Hit {
		if calls++; calls > 1 {
			return hits
		}
		return toyDecoder(r, hits)
	}
	if res := Scan(context.Background(), src, Options{}, once); len(res) != 0 {
		t.Errorf("one line's hit reported: %+v", res)
	}
	// Two hits three rows apart count as two lines; a hit's neighbour a
	// row away shares its rows, and counts as none.
	for _, c := range []struct {
		lines []int
		want  bool
	}{{[]int{10, 13}, true}, {[]int{10, 11, 12}, false}, {[]int{10, 11, 12, 13}, true}} {
		var hits []lineHit
		for _, l := range c.lines {
			hits = append(hits, lineHit{Hit: Hit{Kind: 1, Text: "x"}, line: l, a: 10, b: 50, ea: 10, eb: 50})
		}
		cl := clusterHits(hits, nil, 2)
		if len(cl) != 1 || cl[0].confirmed != c.want {
			t.Errorf("lines %v: %d clusters, confirmed %v", c.lines, len(cl), len(cl) > 0 && cl[0].confirmed)
		}
	}
	// A line across a 3-pixel image is all there is.
	g := image.NewGray(image.Rect(0, 0, 200, 3))
	for y := 0; y < 3; y++ {
		for x := 0; x < 200; x++ {
			g.Pix[y*g.Stride+x] = 230
			if k := (x - 40) / 8; x >= 40 && k < len(toyModules) && toyModules[k] {
				g.Pix[y*g.Stride+x] = 20
			}
		}
	}
	if res := Scan(context.Background(), (g), Options{Fast: true}, toyDecoder); len(res) != 1 {
		t.Errorf("3-pixel image: %d results", len(res))
	}
}

// TestClusters checks how hits group: apart along the lines, far apart
// across them, or with other content, they are other symbols.
func TestClusters(t *testing.T) {
	h := func(text string, line int, a, b float64) lineHit {
		return lineHit{Hit: Hit{Text: text}, line: line, a: a, b: b, ea: a, eb: b}
	}
	cl := clusterHits([]lineHit{
		h("x", 10, 0, 100), h("x", 20, 2, 102), // one symbol
		h("x", 10, 200, 300), h("x", 20, 200, 300), // the same content beside it
		h("y", 30, 0, 100),                       // other content
		h("x", 300, 0, 100), h("x", 310, 0, 100), // the same content far below
	}, nil, 2)
	if len(cl) != 4 {
		t.Fatalf("%d clusters", len(cl))
	}
	for _, c := range cl {
		if c.lines != len(c.members) {
			t.Errorf("cluster of %d members counts %d lines", len(c.members), c.lines)
		}
	}
}

// TestExtraVote checks the vote on supplements.
func TestExtraVote(t *testing.T) {
	h := func(line int, extra string, checked bool) lineHit {
		return lineHit{Hit: Hit{Text: "x", Extra: extra, ExtraChecked: checked}, line: line, a: 0, b: 100, ea: 0, eb: 150}
	}
	for _, c := range []struct {
		name    string
		hits    []lineHit
		want    string
		pending bool
	}{
		{"two lines", []lineHit{h(10, "12", false), h(20, "12", false), h(30, "", false)}, "12", false},
		{"one line", []lineHit{h(10, "12", false), h(20, "", false), h(30, "", false)}, "", true},
		{"one checked line", []lineHit{h(10, "12345", true), h(20, "", false), h(30, "", false)}, "12345", false},
		{"one checked line against another", []lineHit{h(10, "12345", true), h(20, "12346", true), h(30, "", false)}, "", true},
		{"majority", []lineHit{h(10, "12", false), h(20, "12", false), h(30, "13", false)}, "12", false},
		{"none", []lineHit{h(10, "", false), h(20, "", false)}, "", false},
	} {
		cl := clusterHits(c.hits, nil, 2)
		if len(cl) != 1 || cl[0].extra != c.want || cl[0].pending != c.pending {
			t.Errorf("%s: extra %q pending %v, want %q %v", c.name, cl[0].extra, cl[0].pending, c.want, c.pending)
		}
	}
}

// TestScanEdgeCases checks nil and empty inputs, a decoder's bad hits, and
// a cancelled context.
func TestScanEdgeCases(t *testing.T) {
	if Scan(context.Background(), nil, Options{}, toyDecoder) != nil || Scan(context.Background(), &image.Gray{}, Options{}, toyDecoder) != nil {
		t.Error("nil source read")
	}
	if Scan(context.Background(), (image.NewGray(image.Rect(0, 0, 0, 5))), Options{}, toyDecoder) != nil {
		t.Error("empty image read")
	}
	src := (toyScene(0).Render())
	if Scan(context.Background(), src, Options{}, nil) != nil {
		t.Error("nil decoder read")
	}
	bad := func(r *Row, hits []Hit) []Hit {
		return append(hits, Hit{Text: "bad", Start: 5, End: 2}, Hit{Text: "bad", Start: -1, End: 3}, Hit{Text: "bad", Start: 1, End: len(r.W) + 1})
	}
	if res := Scan(context.Background(), src, Options{}, bad); len(res) != 0 {
		t.Errorf("bad hits reported: %+v", res)
	}
	// Two symbols, one result asked for.
	g := image.NewGray(image.Rect(0, 0, 320, 480))
	a, b := toyScene(0).Render(), toyScene(0).Render()
	copy(g.Pix, a.Pix)
	copy(g.Pix[240*g.Stride:], b.Pix)
	src = (g)
	if res := Scan(context.Background(), src, Options{}, toyDecoder); len(res) != 2 {
		t.Errorf("two symbols: %d results", len(res))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res := Scan(ctx, src, Options{}, toyDecoder); len(res) != 0 {
		t.Errorf("cancelled: %d results", len(res))
	}
}

// BenchmarkScanEmpty scans a 640×480 photograph without a symbol, the most
// a scan costs: every line down to the finest spacing, both ways, both
// directions, inverted too, for a decoder that finds nothing.
func BenchmarkScanEmpty(b *testing.B) {
	img := lineartest.Scene{Width: 640, Height: 480, Noise: 2, Shade: 60, Background: 150, Blur: 1}.Render()
	none := func(r *Row, hits []Hit) []Hit { return hits }
	for _, mode := range []struct {
		name string
		fast bool
	}{{"thorough", false}, {"fast", true}} {
		b.Run(mode.name, func(b *testing.B) {
			src := (img)
			b.ReportAllocs()
			for b.Loop() {
				Scan(context.Background(), src, Options{Fast: mode.fast}, none)
			}
		})
	}
}

// blurredModules are the element widths, in modules, of a symbol with
// Code 128's runs of one-module elements between wide bars.
var blurredModules = []int{2, 1, 1, 2, 1, 4, 1, 2, 3, 2, 2, 1, 2, 1, 3, 2, 1, 2, 1, 2, 3, 2, 2, 1, 3, 1, 1, 2, 2, 2, 2, 2, 3, 2, 1, 1, 3, 1, 1, 2, 2, 2, 3, 1, 1, 2, 2}

// blurredScene draws the elements of modules, bar first, at two pixels
// per module blurred by 0.8 of a module, across a 300×9 image.
func blurredScene(modules []int) (*image.Gray, []int) {
	var mods []bool
	for i, n := range modules {
		for range n {
			mods = append(mods, i%2 == 0)
		}
	}
	return lineartest.Scene{Width: 300, Height: 9, Modules: mods, Module: 2, Quiet: 10, BarHeight: 40, Blur: 0.8 * 2, Noise: 1, Background: 220}.Render(), modules
}

// TestScanStrongSharpen cuts a line of blurredScene: unsharpened and
// mildly sharpened, blur merges some of the thin elements into their
// neighbours; strongly sharpened, with the threshold raised against
// amplified noise, every element is found, within half a module of its
// width, and the quiet zones stay whole.
func TestScanStrongSharpen(t *testing.T) {
	g, modules := blurredScene(blurredModules)
	const px = 2
	s := &scanner{g: g, lines: g.Rect.Dy(), length: g.Rect.Dx()}
	s.ef = edgeFinder{fraction: contrastFraction, floor: minSwing}
	s.prof = make([]int32, s.length)
	rows := s.profile(4)
	var r Row
	s.ef.find(s.prof, rows, &r)
	if len(r.W) == len(modules)+2 {
		t.Errorf("unsharpened: every element found; the test no longer needs sharpening")
	}
	s.sharpen(mildSharpen, rows)
	s.ef.find(s.sharp, rows, &r)
	if len(r.W) == len(modules)+2 {
		t.Errorf("mildly sharpened: every element found; the test no longer needs the strong mask")
	}
	s.sharpen(strongSharpen, rows)
	s.ef.floor = minSwing * strongNoise
	s.ef.find(s.sharp, rows, &r)
	if len(r.W) != len(modules)+2 {
		t.Fatalf("strongly sharpened: %d elements, want %d: %v", len(r.W), len(modules)+2, r.W)
	}
	for i, n := range modules {
		if got := r.W[i+1] / px; math.Abs(got-float64(n)) > 0.5 {
			t.Errorf("element %d of %d modules measures %.2f", i, n, got)
		}
	}
	for _, q := range s.sharp {
		if q < 0 || q > int32(255*rows) {
			t.Fatalf("sharpened profile leaves the range of luminance: %d", q)
		}
	}
}

// TestScanStrongGate checks when a line that reads nothing is read again
// strongly sharpened: only when it has minStrongElements elements or more
// and the strong mask splits some of them. A line across a blurred symbol
// is read four ways (its edges walked forwards and backwards, mildly and
// strongly sharpened); a line across 13 of its elements, too few for a
// symbol, across a sharp symbol, whose elements the mask cannot split, or
// across a plain surface whose noise cuts it into some seventy elements,
// none of print, three. Each way decodes in four directions and
// polarities.
func TestScanStrongGate(t *testing.T) {
	blurred, _ := blurredScene(blurredModules)
	short, _ := blurredScene(blurredModules[34:47]) // from a bar to a bar
	// Three toy symbols side by side: 23 bars and spaces, more than
	// minStrongElements.
	var three []bool
	for k := range 3 {
		if k > 0 {
			three = append(three, false)
		}
		three = append(three, toyModules...)
	}
	sharp := lineartest.Scene{Width: 200, Height: 9, Modules: three, Module: 3, Quiet: 5, BarHeight: 40, Background: 220}.Render()
	blank := lineartest.Scene{Width: 300, Height: 9, Background: 150, Noise: 6, Blur: 1}.Render()
	for _, c := range []struct {
		name string
		g    *image.Gray
		want int
	}{
		{"blurred", blurred, 16},
		{"short", short, 12},
		{"sharp", sharp, 12},
		{"blank", blank, 12},
	} {
		calls := 0
		s := &scanner{g: c.g, thorough: true, lines: c.g.Rect.Dy(), length: c.g.Rect.Dx()}
		s.decs = []decoderRun{{dec: func(r *Row, hits []Hit) []Hit { calls++; return hits }}}
		s.ef = edgeFinder{fraction: contrastFraction, floor: minSwing}
		s.prof = make([]int32, s.length)
		s.line(4, true)
		if calls != c.want {
			t.Errorf("%s: %d decodes, want %d", c.name, calls, c.want)
		}
	}
}

// TestScanRereadFinest checks which lines are read, and which read again
// (walked backwards and sharpened): in an image without symbols, every
// line down to the spacing before the finest, each read again, and none
// of the finest spacing; near a symbol that waits for a second line to
// agree on it, the finest lines too, read again.
func TestScanRereadFinest(t *testing.T) {
	blank := lineartest.Scene{Width: 320, Height: 240, Noise: 20, Background: 128}.Render()
	s := newScanner(context.Background(), blank, Options{}, readings(toyDecoder))
	s.run()
	st := s.stats
	// 31 rows down to 7.5 pixels apart, not the 32 between them at 3.75;
	// 63 columns down to 5 pixels apart, not the 64 at 2.5.
	if st.lines != 31+63 || st.rereads != 31+63 || st.finestRereads != 0 {
		t.Errorf("without symbols: %+v, want 94 lines, each read again, none of the finest", st)
	}
	// A symbol whose bars are 5 pixels tall, across the middle row, the
	// first read: no other line reads it, and it waits for one to.
	sc := toyScene(0)
	sc.BarHeight = 5
	s = newScanner(context.Background(), sc.Render(), Options{}, readings(toyDecoder))
	s.run()
	if s.stats.finestRereads == 0 {
		t.Errorf("near a waiting symbol: %+v, the finest lines not read again", s.stats)
	}
}

// toy2Decoder reads a second toy symbology, whose seven elements are 1, 1,
// 3, 3, 1, 1 and 5 modules: neither way round the toy symbol.
func toy2Decoder(r *Row, hits []Hit) []Hit {
	want := []float64{1, 1, 3, 3, 1, 1, 5}
	for i := 1; i+7 < len(r.W); i += 2 {
		m := r.Sum(i, 7) / 15
		if m <= 0 || !r.QuietBefore(i, 3*m) || !r.QuietAfter(i+7, 3*m) {
			continue
		}
		ok := true
		for k, w := range want {
			ok = ok && math.Abs(r.W[i+k]/m-w) < 0.34
		}
		if ok {
			hits = append(hits, Hit{Kind: 2, Text: "toy2", Start: i, End: i + 7})
		}
	}
	return hits
}

// TestScanSharedMatchesAlone scans images holding the toy symbol, the
// second toy symbol, both or neither, with both decoders at once: each
// must read what it reads alone, in the order of the decoders.
func TestScanSharedMatchesAlone(t *testing.T) {
	var toy2 []bool
	for i, n := range []int{1, 1, 3, 3, 1, 1, 5} {
		for range n {
			toy2 = append(toy2, i%2 == 0)
		}
	}
	one := toyScene(0)
	two := toyScene(90)
	two.Modules = toy2
	both := image.NewGray(image.Rect(0, 0, 320, 480))
	copy(both.Pix, one.Render().Pix)
	copy(both.Pix[240*both.Stride:], two.Render().Pix)
	empty := lineartest.Scene{Width: 320, Height: 240, Noise: 3, Background: 150}.Render()
	for _, c := range []struct {
		name string
		g    *image.Gray
	}{{"toy", one.Render()}, {"toy2", two.Render()}, {"both", both}, {"neither", empty}} {
		for _, fast := range []bool{false, true} {
			opts := Options{Fast: fast}
			alone := [][]Result{Scan(context.Background(), c.g, opts, toyDecoder), Scan(context.Background(), c.g, opts, toy2Decoder)}
			shared := scan(context.Background(), c.g, opts, readings(toyDecoder, toy2Decoder))
			if !reflect.DeepEqual(shared, alone) {
				t.Errorf("%s, fast %v: shared %+v, alone %+v", c.name, fast, shared, alone)
			}
			swapped := scan(context.Background(), c.g, opts, readings(toy2Decoder, toyDecoder))
			if !reflect.DeepEqual(swapped, [][]Result{alone[1], alone[0]}) {
				t.Errorf("%s, fast %v: decoders swapped, %+v", c.name, fast, swapped)
			}
		}
	}
	// Both read where both are.
	if got := scan(context.Background(), both, Options{}, readings(toyDecoder, toy2Decoder)); len(got[0]) != 1 || len(got[1]) != 1 || got[1][0].Text != "toy2" {
		t.Errorf("both: %+v", got)
	}
}

// TestScanAllocs checks that a scan allocates nothing per line: an image
// with twice the lines costs a handful of allocations more (a level more
// of refinement), not twice as many.
func TestScanAllocs(t *testing.T) {
	small := lineartest.Scene{Width: 300, Height: 200, Noise: 20, Background: 128}.Render()
	large := lineartest.Scene{Width: 600, Height: 400, Noise: 20, Background: 128}.Render()
	decs := readings(toyDecoder, toy2Decoder)
	a := testing.AllocsPerRun(3, func() { scan(context.Background(), small, Options{}, decs) })
	b := testing.AllocsPerRun(3, func() { scan(context.Background(), large, Options{}, decs) })
	if b > a+30 {
		t.Errorf("%v allocations for a scan, %v for one of twice the lines", a, b)
	}
}

// TestScanLargeSpacing checks the finest line spacing of a thorough pass:
// 2 pixels up to 2048 pixels across the lines, then the image over
// maxLines, so that a pass reads about 512 lines; and that a symbol of
// bars four such spacings tall still reads in a tall image.
func TestScanLargeSpacing(t *testing.T) {
	for _, tc := range []struct {
		lines int
		want  float64
	}{{100, 100.0 / fastDiv}, {1000, 2}, {2048, 4}, {4096, 8}, {8192, 16}} {
		s := &scanner{thorough: true, lines: tc.lines}
		if got := s.finestSpacing(); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%d lines: finest spacing %v, want %v", tc.lines, got, tc.want)
		}
	}
	sc := toyScene(0)
	sc.Height, sc.BarHeight, sc.CX, sc.CY = 4100, 32, 160, 1234
	res := Scan(context.Background(), sc.Render(), Options{}, toyDecoder)
	if len(res) != 1 || res[0].Text != "toy" {
		t.Errorf("a symbol 32 pixels tall in an image 4100 tall: %+v", res)
	}
}

// TestScanThin reads the toy symbol in images 1 to 8 pixels tall, each row
// the same: every one reads, with one line in the images under six pixels
// (whose lines share pixels) and two from six on.
func TestScanThin(t *testing.T) {
	s := toyScene(0)
	s.Height, s.BarHeight, s.Blur, s.Noise = 40, 40, 0, 0
	full := s.Render()
	for h := 1; h <= 8; h++ {
		g := image.NewGray(image.Rect(0, 0, full.Rect.Dx(), h))
		for y := range h {
			copy(g.Pix[y*g.Stride:], full.Pix[20*full.Stride:21*full.Stride])
		}
		res := Scan(context.Background(), g, Options{}, toyDecoder)
		want := 2
		if h < 2*lineGap {
			want = 1
		}
		if len(res) != 1 || res[0].Lines < want {
			t.Errorf("%d pixels tall: %+v", h, res)
		}
	}
}

// readings returns how a scan reads with decs, none guided.
func readings(decs ...Decoder) []reading {
	out := make([]reading, len(decs))
	for k, d := range decs {
		out[k].dec = d
	}
	return out
}

// TestScanGuides reads an image of two bands, the toy symbol above the
// second toy symbol, with the toy symbol as a guide and the second read
// only beside it (as DX film edge's data track beside its clock track):
// the second reads, over the guide's extent, and the guide itself is no
// result. Without the guide band nothing reads; the lines read beside
// guides stay few.
func TestScanGuides(t *testing.T) {
	var toy2 []bool
	for i, n := range []int{1, 1, 3, 3, 1, 1, 5} {
		for range n {
			toy2 = append(toy2, i%2 == 0)
		}
	}
	guide := func(r *Row, hits []Hit) []Hit {
		for _, h := range toyDecoder(r, nil) {
			h.Guide = true
			hits = append(hits, h)
		}
		return hits
	}
	var spans int
	guided := func(r *Row, g Hit, a, b float64, hits []Hit) []Hit {
		for _, h := range toy2Decoder(r, nil) {
			if math.Abs(r.Pos[h.Start]-a) < 6 && math.Abs(r.Pos[h.End]-b) < 6 {
				spans++
				hits = append(hits, h)
			}
		}
		return hits
	}
	top := lineartest.Scene{Width: 200, Height: 40, Modules: toyModules, Module: 6, BarHeight: 40, Quiet: 5, Background: 220}.Render()
	bottom := lineartest.Scene{Width: 200, Height: 40, Modules: toy2, Module: 6, BarHeight: 40, Quiet: 5, Background: 220}.Render()
	both := image.NewGray(image.Rect(0, 0, 200, 80))
	copy(both.Pix, top.Pix)
	copy(both.Pix[40*both.Stride:], bottom.Pix)
	for _, c := range []struct {
		name string
		g    *image.Gray
		want int
	}{{"both", both, 1}, {"data alone", bottom, 0}} {
		s := newScanner(context.Background(), c.g, Options{}, []reading{{dec: guide, guided: guided}})
		res := s.run()[0]
		if len(res) != c.want || c.want == 1 && (res[0].Text != "toy2" || res[0].Lines < 2) {
			t.Errorf("%s: %+v", c.name, res)
		}
		if s.stats.guided > 4*guideLines*maxGuides {
			t.Errorf("%s: %d lines read beside guides", c.name, s.stats.guided)
		}
		t.Logf("%s: %d lines, %d beside guides", c.name, s.stats.lines, s.stats.guided)
	}
}

// TestScanNoInverted checks that a decoder of a symbology printed dark on
// light only (Symbology.NoInverted) reads a line's dark-on-light readings
// alone, both ways: two, where the others read the light-on-dark ones too.
func TestScanNoInverted(t *testing.T) {
	g, _ := blurredScene(blurredModules)
	for _, c := range []struct {
		noInverted bool
		want       int
	}{{false, 4}, {true, 2}} {
		decodes := 0
		s := &scanner{g: g, thorough: true, lines: g.Rect.Dy(), length: g.Rect.Dx()}
		s.decs = []decoderRun{{noInverted: c.noInverted, dec: func(r *Row, hits []Hit) []Hit {
			decodes++
			return hits
		}}}
		s.ef = edgeFinder{fraction: contrastFraction, floor: minSwing}
		s.prof = make([]int32, s.length)
		s.ef.find(s.prof[:s.length], s.profile(4), &s.fwd)
		s.decodeBoth(4)
		if decodes != c.want {
			t.Errorf("noInverted %v: %d readings decoded, want %d", c.noInverted, decodes, c.want)
		}
	}
}

// TestProfileSums checks the profile of every row and column of small
// random images, whose rows are padded beyond their width, against the
// plain sum of the pixels of the line and of its neighbours in the image.
func TestProfileSums(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {2, 7}, {7, 2}, {3, 3}, {31, 17}} {
		w, h := size[0], size[1]
		g := &image.Gray{Pix: make([]uint8, (w+3)*h), Stride: w + 3, Rect: image.Rect(0, 0, w, h)}
		for i := range g.Pix {
			g.Pix[i] = uint8(i*97 + i*i*31)
		}
		s := &scanner{g: g}
		for _, f := range []family{rows(g), columns(g)} {
			s.fam = f
			s.lines, s.length = f.lines, f.length
			s.prof = make([]int32, s.length)
			for c := range s.lines {
				n := s.profile(c)
				lines := 0
				for d := c - 1; d <= c+1; d++ {
					if d < 0 || d >= s.lines {
						continue
					}
					lines++
					for x := range s.length {
						px, py := x, d
						if f.kind == columnLines {
							px, py = d, x
						}
						s.prof[x] -= int32(g.GrayAt(px, py).Y)
					}
				}
				if n != lines || slices.ContainsFunc(s.prof, func(v int32) bool { return v != 0 }) {
					t.Errorf("%dx%d, kind %d, line %d: %d lines, want %d; profile less the sum %v", w, h, f.kind, c, n, lines, s.prof)
				}
			}
		}
	}
}
