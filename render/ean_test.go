package render

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// eanSymbol returns a symbol of the shape of id: width modules with every
// third dark, guard ranges dark, and the text.
func eanSymbol(id string, width int, text string) *symbology.Symbol {
	m := matrix.New(width, 1)
	for i := range m.Pix {
		m.Pix[i] = i%3 == 0
	}
	quiet := map[string]int{"ean13": 11, "isbn": 11, "upca": 9, "upce": 9, "ean8": 7, "ean2": 7, "ean5": 7}[id]
	return &symbology.Symbol{Symbology: id, Modules: m, QuietZone: quiet, Text: text}
}

// inkIn counts the dark pixels of img in the rectangle r.
func inkIn(img *image.Paletted, r image.Rectangle) int {
	n := 0
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.Pix[y*img.Stride+x] == 1 {
				n++
			}
		}
	}
	return n
}

// TestEANLayout checks the EAN/UPC human-readable text: guard bars
// reaching below the others, digits under the bars and outside them where
// the standard puts them, add-on digits above shortened add-on bars, and
// the centred text for symbols whose shape does not match their id.
func TestEANLayout(t *testing.T) {
	const scale, barH = 2, 40
	for _, c := range []struct {
		id, text   string
		width      int
		runs       int  // digits drawn
		outsideL   bool // a digit left of the bars
		outsideR   bool
		long, data int // a module of a long bar, of a data bar
	}{
		{"ean13", "9780735200449", 95, 13, true, false, 0, 12},
		{"isbn", "9780735200449 51299", 95 + addOnGap + 47, 18, true, false, 45, 60},
		{"upca", "036000291452", 95, 12, true, true, 3, 30},
		{"upca", "036000291452 12", 95 + addOnGap + 20, 14, true, true, 87, 60},
		{"ean8", "96385074", 67, 8, false, false, 33, 12},
		{"upce", "01234565", 51, 8, true, true, 48, 12},
		{"ean5", "51299", 47, 5, false, false, -1, -1},
	} {
		s := eanSymbol(c.id, c.width, c.text)
		// Make the sample modules dark.
		for _, x := range []int{c.long, c.data} {
			if x >= 0 {
				s.Modules.Pix[x] = true
			}
		}
		l, err := newLayout(s, Options{Scale: scale, BarHeight: barH, HRT: true}, true)
		if err != nil {
			t.Fatal(err)
		}
		if l.ean == nil || len(l.runs) != c.runs {
			t.Errorf("%s %q: EAN layout %v, %d runs", c.id, c.text, l.ean != nil, len(l.runs))
			continue
		}
		img, err := Image(s, Options{Scale: scale, BarHeight: barH, HRT: true})
		if err != nil {
			t.Fatal(err)
		}
		p := img.(*image.Paletted)
		x0 := l.left * scale // the symbol's left edge in pixels
		barsBottom := (l.top + barH) * scale
		if c.long >= 0 {
			below := image.Rect(x0+c.long*scale, barsBottom, x0+(c.long+1)*scale, barsBottom+guardDrop*scale)
			if inkIn(p, below) != below.Dx()*below.Dy() {
				t.Errorf("%s %q: the bar at module %d does not reach below", c.id, c.text, c.long)
			}
			data := image.Rect(x0+c.data*scale, barsBottom, x0+(c.data+1)*scale, barsBottom+1)
			if inkIn(p, data) != 0 && c.data < 95 {
				// A data bar's foot may meet a digit's top only past
				// the text gap.
				t.Errorf("%s %q: the bar at module %d reaches below", c.id, c.text, c.data)
			}
		}
		left := image.Rect(0, barsBottom, x0, p.Rect.Dy())
		if (inkIn(p, left) > 0) != c.outsideL {
			t.Errorf("%s %q: ink left of the bars: %d", c.id, c.text, inkIn(p, left))
		}
		right := image.Rect(x0+min(c.width, 95)*scale, barsBottom, x0+min(c.width, 95)*scale+addOnGap*scale, p.Rect.Dy())
		if c.id == "ean8" || c.id == "upce" {
			right = image.Rect(x0+c.width*scale, barsBottom, p.Rect.Dx(), p.Rect.Dy())
		}
		if c.id != "ean5" && (inkIn(p, right) > 0) != c.outsideR {
			t.Errorf("%s %q: ink right of the bars: %d", c.id, c.text, inkIn(p, right))
		}
		// SVG draws the bars and the text as two paths
		// (TestSVGTextPath compares the text with the PNG's).
		var b bytes.Buffer
		if err := SVG(&b, s, Options{Scale: scale, BarHeight: barH, HRT: true}); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(b.String(), "<path "); n != 2 || strings.Contains(b.String(), "<text") {
			t.Errorf("%s %q: %d SVG paths, want 2 and no text element", c.id, c.text, n)
		}
	}
}

// TestEANLayoutAddOn checks that an add-on's bars start below its digits
// and end with the guards.
func TestEANLayoutAddOn(t *testing.T) {
	s := eanSymbol("ean13", 95+addOnGap+47, "9780735200449 51299")
	l, err := newLayout(s, Options{Scale: 1, BarHeight: 50, HRT: true}, true)
	if err != nil {
		t.Fatal(err)
	}
	top, bottom := l.barSpan(95 + addOnGap)
	if top < 8 || bottom != 50+guardDrop {
		t.Errorf("add-on bars from %d to %d", top, bottom)
	}
	if top, bottom := l.barSpan(20); top != 0 || bottom != 50 {
		t.Errorf("data bars from %d to %d", top, bottom)
	}
	for _, r := range l.runs[13:] {
		if r.base > float64(l.top+top) {
			t.Errorf("add-on digit %q below its bars' top: base %v", r.text, r.base)
		}
	}
}

// TestEANLayoutFallback checks that symbols not of their id's shape, and
// the terminal renderer, keep the centred text; and that without a quiet
// zone the outside digits get room of their own.
func TestEANLayoutFallback(t *testing.T) {
	for _, s := range []*symbology.Symbol{
		eanSymbol("ean13", 94, "9780735200449"),         // wrong width
		eanSymbol("ean13", 95, "978073520044"),          // wrong length
		eanSymbol("ean13", 95, "978073520044x"),         // not digits
		eanSymbol("ean8", 67+9+21, "96385074 12"),       // an add-on of the wrong width
		eanSymbol("ean13", 95+9+20, "9780735200449 12"), // an add-on at the old gap of 9 modules
		eanSymbol("code128", 95, "9780735200449"),       // another symbology
	} {
		l, err := newLayout(s, Options{HRT: true}, true)
		if err != nil {
			t.Fatal(err)
		}
		if l.ean != nil || len(l.runs) != 1 || l.runs[0].x != float64(l.w)/2 {
			t.Errorf("%s %q: EAN layout %v, %d runs", s.Symbology, s.Text, l.ean != nil, len(l.runs))
		}
	}
	s := eanSymbol("ean13", 95, "9780735200449")
	if l, _ := newLayout(s, Options{HRT: true}, false); l.ean != nil {
		t.Error("the terminal renderer took the EAN layout")
	}
	l, _ := newLayout(s, Options{HRT: true, NoMargin: true}, true)
	if l.left != outsideRoom || l.w != 95+outsideRoom {
		t.Errorf("no margin: symbol at %d in %d modules", l.left, l.w)
	}
}
