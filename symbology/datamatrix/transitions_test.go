package datamatrix

import (
	"image"
	"math"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// unevenPrint draws the modules of m with columns of unequal widths, as an
// uneven feed prints them: column boundary j lies at module coordinate
// j + amp·sin(πj/n) (so the middle columns are shifted by amp modules),
// scale pixels to the module, with spread pixels of ink spread to the
// right of and below each dark module, and a quiet zone of quiet pixels.
// It returns the image and the boundaries in module coordinates.
func unevenPrint(m *matrix.Matrix, scale, amp float64, spread, quiet int) (*matrix.Matrix, []float64) {
	n := m.Width
	bx := make([]float64, n+1)
	for j := range bx {
		bx[j] = float64(j) + amp*math.Sin(math.Pi*float64(j)/float64(n))
	}
	w := int(math.Ceil(float64(n)*scale)) + 2*quiet
	h := int(math.Ceil(float64(m.Height)*scale)) + 2*quiet
	img := matrix.New(w, h)
	for y := range m.Height {
		for x := range n {
			if !m.Get(x, y) {
				continue
			}
			x0, x1 := quiet+int(math.Round(bx[x]*scale)), quiet+int(math.Round(bx[x+1]*scale))+spread
			y0, y1 := quiet+int(math.Round(float64(y)*scale)), quiet+int(math.Round(float64(y+1)*scale))+spread
			for py := y0; py < min(y1, h); py++ {
				for px := x0; px < min(x1, w); px++ {
					img.Set(px, py, true)
				}
			}
		}
	}
	return img, bx
}

// TestTransitionEdges prints a symbol with the middle columns shifted by
// 0.6 of a module and ink spreading into the light modules, so that
// neither the perspective transform of its corners nor its clock tracks
// place the columns: transitionEdges must find every column boundary
// within 0.35 of a module (the ink spread moves the changes from dark to
// light by a quarter, and pixels round the printed boundaries by an eighth),
// and the grid sampled between them decode.
func TestTransitionEdges(t *testing.T) {
	const text = "uneven feed 0123456789 ABCDEFGHIJ"
	c, err := Encode(text, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const scale, quiet = 4, 12
	bin, want := unevenPrint(c.Modules, scale, 0.6, 1, quiet)
	rows, cols := c.Modules.Height, c.Modules.Width
	q := [4]detect.Point{
		{X: quiet, Y: quiet},
		{X: quiet + float64(cols)*scale, Y: quiet},
		{X: quiet + float64(cols)*scale, Y: quiet + float64(rows)*scale},
		{X: quiet, Y: quiet + float64(rows)*scale},
	}
	tr, ok := detect.RectToQuad(float64(cols), float64(rows), q)
	if !ok {
		t.Fatal("no transform")
	}
	if plain, ok := detect.Sample(bin, tr, cols, rows); ok {
		if _, err := Decode(plain); err == nil {
			t.Fatal("the plain sampling decodes: the test does not need the column boundaries")
		}
	}
	xs, ys := transitionGrid(bin, tr, rows, cols)
	for j, x := range xs {
		if math.Abs(x-want[j]) > 0.35 {
			t.Errorf("column boundary %d at %.2f, want %.2f", j, x, want[j])
		}
	}
	for j, y := range ys {
		if math.Abs(y-float64(j)) > 0.35 {
			t.Errorf("row boundary %d at %.2f, want %d", j, y, j)
		}
	}
	g, ok := sampleBin(bin, gridCentres(tr, xs, ys), rows, cols)
	if !ok {
		t.Fatal("grid outside the image")
	}
	bc, err := Decode(g)
	if err != nil || bc.Text != text {
		t.Fatalf("Decode of the grid between the boundaries = %q, %v; want %q", bc.Text, err, text)
	}

	// The reader finds and reads the symbol.
	img := image.NewGray(image.Rect(0, 0, bin.Width, bin.Height))
	for i, d := range bin.Pix {
		img.Pix[i] = 255
		if d {
			img.Pix[i] = 0
		}
	}
	got := read(binarize.NewSource(img), symbology.ReadOptions{})
	if len(got) != 1 || got[0].Text != text {
		t.Fatalf("read = %+v, want one symbol of %q", got, text)
	}
}

// TestTransitionEdgesEven checks that a symbol printed evenly keeps its
// boundaries where the transform puts them, and that the search stays
// within the image's bounds for a transform that points outside it.
func TestTransitionEdgesEven(t *testing.T) {
	c, err := Encode("even", Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows, cols := c.Modules.Height, c.Modules.Width
	bin, _ := unevenPrint(c.Modules, 3, 0, 0, 6)
	q := [4]detect.Point{{X: 6, Y: 6}, {X: 6 + 3*float64(cols), Y: 6}, {X: 6 + 3*float64(cols), Y: 6 + 3*float64(rows)}, {X: 6, Y: 6 + 3*float64(rows)}}
	tr, _ := detect.RectToQuad(float64(cols), float64(rows), q)
	xs, ys := transitionGrid(bin, tr, rows, cols)
	for j := range xs {
		if math.Abs(xs[j]-float64(j)) > 0.15 || math.Abs(ys[j]-float64(j)) > 0.15 {
			t.Errorf("boundary %d at x %.2f, y %.2f", j, xs[j], ys[j])
		}
	}
	// All samples outside the image: nominal boundaries.
	far, _ := detect.RectToQuad(float64(cols), float64(rows), [4]detect.Point{{X: -500, Y: -500}, {X: -400, Y: -500}, {X: -400, Y: -400}, {X: -500, Y: -400}})
	xs, _ = transitionGrid(bin, far, rows, cols)
	for j, x := range xs {
		if x != float64(j) {
			t.Errorf("outside the image: boundary %d at %.2f", j, x)
		}
	}
}
