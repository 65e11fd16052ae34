package pdf417

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// TestSampleLine checks sampleLine, which builds the runs as it samples,
// against a plain reference that samples every point with math.Floor into
// a list and then cuts the list into runs, on random lines across a random
// image: wholly inside it, leaving it, and wholly outside (which reads
// light).
func TestSampleLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	const w, h = 61, 47
	bin := matrix.New(w, h)
	for i := range bin.Pix {
		bin.Pix[i] = rng.IntN(3) == 0
	}
	ref := func(a, b detect.Point, ext, step float64) (runs, bool) {
		d := b.Sub(a)
		n := math.Hypot(d.X, d.Y)
		if n < 1 || !(n < maxLineLength(w, h)) {
			return runs{}, false
		}
		dir := d.Mul(1 / n)
		p0 := a.Sub(dir.Mul(ext))
		var s []bool
		for k := range int((n+2*ext)/step) + 1 {
			p := p0.Add(dir.Mul(float64(k) * step))
			x, y := int(math.Floor(p.X)), int(math.Floor(p.Y))
			s = append(s, x >= 0 && y >= 0 && x < w && y < h && bin.Pix[y*w+x])
		}
		r := runs{firstDark: s[0]}
		start := 0
		for k := 1; k <= len(s); k++ {
			if k == len(s) || s[k] != s[k-1] {
				r.w = append(r.w, int32(k-start))
				r.pos = append(r.pos, int32(start))
				start = k
			}
		}
		return r, true
	}
	// Half the points well inside, so that many lines lie wholly in the
	// image (sampleLine's fast path), and half anywhere around it.
	pt := func() detect.Point {
		if rng.IntN(2) == 0 {
			return detect.Point{X: 10 + rng.Float64()*(w-20), Y: 10 + rng.Float64()*(h-20)}
		}
		return detect.Point{X: rng.Float64()*(w+40) - 20, Y: rng.Float64()*(h+40) - 20}
	}
	var l line
	for range 5000 {
		a, b := pt(), pt()
		ext, step := rng.Float64()*8, 0.25+rng.Float64()*0.75
		sampleLine(bin, &l, a, b, ext, step)
		want, ok := ref(a, b, ext, step)
		if !ok {
			if len(l.r.w) != 0 {
				t.Fatalf("line %v-%v: %d runs, want none", a, b, len(l.r.w))
			}
			continue
		}
		if l.r.firstDark != want.firstDark || !slices.Equal(l.r.w, want.w) || !slices.Equal(l.r.pos, want.pos) {
			t.Fatalf("line %v-%v ext %v step %v:\n got %v %v %v\nwant %v %v %v", a, b, ext, step,
				l.r.firstDark, l.r.w, l.r.pos, want.firstDark, want.w, want.pos)
		}
	}
}

// TestReadBeat checks the early end of a read that must beat a count
// (columnReader.beat), on which bestSlant relies to choose the slant it
// would choose reading every one to the end: at every slant bestSlant
// tries, a read with beat b beats b, with the same count, exactly when the
// whole read decodes more than b characters exactly.
func TestReadBeat(t *testing.T) {
	code, err := Encode("beat the best slant so far, or stop reading", Options{Compact: true, Columns: 3})
	if err != nil {
		t.Fatal(err)
	}
	const scale = 3
	img := photo(code.Modules, scale, scale, 0, 0, 1.5, 40, 5)
	bin := matrix.New(img.Rect.Dx(), img.Rect.Dy())
	for y := range bin.Height {
		for x := range bin.Width {
			bin.Pix[y*bin.Width+x] = img.Pix[y*img.Stride+x] < 128
		}
	}
	wm := float64(symbolWidth(code.Columns, false))
	read := detect.Point{X: 1}
	c := &candidate{kind: kindFull, left: &edge{kind: edgeStart, in: read, module: scale}, module: scale}
	cr := columnReader{vw: &view{bin: bin}, c: c, sh: shape{cols: code.Columns, rows: code.Rows, level: code.Level},
		wm: wm, u: scale, step: 0.75, ext: 4 * scale, n: 1, s: &scratch{}, beat: -1}
	// The symbol's left edge as photo draws it, and its rows' height.
	const pad = 6 * scale
	h := float64(code.Modules.Height * scale)
	outline := [4]detect.Point{{X: pad, Y: pad}, {X: pad + wm*scale, Y: pad}, {X: pad + wm*scale, Y: pad + h}, {X: pad, Y: pad + h}}
	for _, deg := range slants {
		sn, cs := math.Sincos(deg * math.Pi / 180)
		d := detect.Point{X: read.X*cs - read.Y*sn, Y: read.X*sn + read.Y*cs}.Mul(wm * scale)
		o := outline
		o[1], o[2] = o[0].Add(d), o[3].Add(d)
		cr.beat = -1
		_, ok0 := cr.read(o)
		e0 := cr.exact
		if deg == 0 && (!ok0 || e0 < 3*code.Rows*code.Columns/2) {
			t.Fatalf("slant 0: read %v, %d characters exact of %d", ok0, e0, 3*code.Rows*code.Columns)
		}
		for b := -1; b <= e0+code.Columns; b++ {
			cr.beat = b
			_, ok := cr.read(o)
			if beats, want := ok && cr.exact > b, ok0 && e0 > b; beats != want || beats && cr.exact != e0 {
				t.Errorf("slant %v°, beat %d: read %v with %d exact; the whole read %v with %d", deg, b, ok, cr.exact, ok0, e0)
			}
		}
	}
}
