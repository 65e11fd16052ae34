package rmqr

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology/qrfamily/qrtest"
)

func mustEncode(t testing.TB, text string, opts Options) *matrix.Matrix {
	t.Helper()
	c, err := Encode(text, opts)
	if err != nil {
		t.Fatalf("Encode(%q): %v", text, err)
	}
	return c.Modules
}

// readScenes are the pictures TestReadScenes makes of each symbol: its
// module size in pixels, rotation, perspective, blur, noise and JPEG
// quality (0: none).
var readScenes = []struct {
	module, deg, persp float64
	blur, noise        int
	jpeg               int
}{
	{3, 0, 0, 0, 0, 0},
	{2, 0, 0, 0, 0, 0},
	{3, 0, 0.1, 0, 0, 0},
	{3, 31, 0, 0, 0, 0},
	{4, 137, 0.2, 0, 0, 0},
	{8, 222, 0.15, 1, 6, 0},
	{4, 222, 0.15, 0, 6, 0},
	{5, 300, 0.2, 1, 10, 75},
	{3, 95, 0.1, 0, 8, 85},
}

// TestReadScenes reads symbols of several sizes, drawn at several module
// sizes, angles and tilts, blurred, noised and compressed.
func TestReadScenes(t *testing.T) {
	tests := []struct {
		size Size
		text string
	}{
		{1, "R7x43"}, {5, "HELLO FROM R7x139"}, {11, "r11"}, {18, "R13x43 0123456789"},
		{24, "R15x77 https://example.com/x"}, {32, "R17x139: the largest size of all, with more data than any other"},
	}
	for _, tt := range tests {
		m := mustEncode(t, tt.text, Options{Size: tt.size})
		pic := qrtest.Draw(m, 8, 2)
		for i, s := range readScenes {
			scale := s.module / 8
			w, h := pic.Rect.Dx(), pic.Rect.Dy()
			side := int(float64(max(w, h))*scale*1.1) + 40
			quad := qrtest.View(w, h, scale, s.deg, s.persp, detect.Point{X: float64(side) / 2, Y: float64(side) / 2})
			g := qrtest.Scene(side, side, 200, qrtest.Place{Picture: pic, Quad: quad})
			qrtest.Contrast(g, 40, 230)
			qrtest.Blur(g, s.blur)
			qrtest.Noise(g, s.noise, 0.2, uint64(i))
			if s.jpeg > 0 {
				g, _ = qrtest.JPEG(g, s.jpeg)
			}
			name := fmt.Sprintf("%v scene %d", tt.size, i)
			got := readID(g, "rmqr", false)
			qrtest.CheckRead(t, name, got, "rmqr", tt.text, qrtest.Corners(quad, m.Width, m.Height, 8, 2), 1.5+s.module/2)
		}
	}
}

// TestReadTurned reads symbols drawn at module sizes 1 to 4, turned by
// quarter turns and mirrored.
func TestReadTurned(t *testing.T) {
	for _, size := range []Size{1, 10, 21, 27} {
		text := size.String()
		m := mustEncode(t, text, Options{Size: size})
		for scale := 1; scale <= 4; scale++ {
			for _, deg := range []int{0, 90, 180, 270} {
				for _, mirror := range []bool{false, true} {
					g := qrtest.Turn(qrtest.Draw(m, scale, 2), deg, mirror)
					got := readID(g, "rmqr", false)
					name := fmt.Sprintf("%v scale %d turned %d mirrored %v", size, scale, deg, mirror)
					if len(got) != 1 || got[0].Text != text || got[0].Mirrored != mirror {
						t.Errorf("%s: %+v", name, got)
						continue
					}
					want := deg
					if mirror {
						want = (deg + 180) % 360
					}
					if d := (got[0].Orientation - want + 360) % 360; d > 2 && d < 358 {
						t.Errorf("%s: orientation %d, want %d", name, got[0].Orientation, want)
					}
				}
			}
		}
	}
}

// TestReadInverted reads light-on-dark symbols, which thorough mode looks
// for.
func TestReadInverted(t *testing.T) {
	m := mustEncode(t, "INVERTED", Options{Size: 12})
	for _, size := range []int{300, 700} {
		pic := qrtest.Draw(m, 3+size/200, 2)
		quad := qrtest.View(pic.Rect.Dx(), pic.Rect.Dy(), 1, 10, 0.05, detect.Point{X: float64(size) / 2, Y: float64(size) / 2})
		g := qrtest.Scene(size, size, 255, qrtest.Place{Picture: pic, Quad: quad})
		for i, v := range g.Pix {
			g.Pix[i] = 255 - v
		}
		got := readID(g, "rmqr", false)
		if len(got) != 1 || got[0].Text != "INVERTED" || !got[0].Inverted {
			t.Errorf("%d pixels: %+v", size, got)
		}
	}
}

// TestReadSeveral reads three symbols in one picture.
func TestReadSeveral(t *testing.T) {
	texts := []string{"first", "SECOND 2", "third symbol"}
	var places []qrtest.Place
	for i, text := range texts {
		pic := qrtest.Draw(mustEncode(t, text, Options{}), 3, 2)
		c := detect.Point{X: 250, Y: 80 + 150*float64(i)}
		places = append(places, qrtest.Place{Picture: pic, Quad: qrtest.View(pic.Rect.Dx(), pic.Rect.Dy(), 1, float64(10*i-10), 0, c)})
	}
	g := qrtest.Scene(500, 480, 220, places...)
	got := readID(g, "rmqr", false)
	seen := map[string]bool{}
	for _, bc := range got {
		seen[bc.Text] = true
	}
	for _, text := range texts {
		if !seen[text] {
			t.Errorf("%q not read; got %d results", text, len(got))
		}
	}
}

// TestReadNothing checks that pictures without a symbol give nothing:
// noise, a checkerboard, and a finder pattern with stripes beside it.
func TestReadNothing(t *testing.T) {
	noise := image.NewGray(image.Rect(0, 0, 400, 300))
	qrtest.Noise(noise, 127, 0, 3)
	for i := range noise.Pix {
		noise.Pix[i] = 128 + noise.Pix[i] - 127
	}
	check := image.NewGray(image.Rect(0, 0, 300, 300))
	for i := range check.Pix {
		if (i%300/7+i/300/7)%2 == 0 {
			check.Pix[i] = 255
		}
	}
	stripes := matrix.New(60, 11)
	for y := range 7 {
		for x := range 7 {
			stripes.Set(x, y, max(abs(x-3), abs(y-3)) != 2)
		}
	}
	for x := 8; x < 60; x += 2 {
		for y := range 11 {
			stripes.Set(x, y, true)
		}
	}
	for name, g := range map[string]*image.Gray{"noise": noise, "checkerboard": check, "stripes": qrtest.Draw(stripes, 4, 3)} {
		if got := readID(g, "rmqr", false); len(got) > 0 {
			t.Errorf("%s: read %q", name, got[0].Text)
		}
	}
}

// FuzzRead reads arbitrary small pictures: the reader must not panic, nor
// report corners that are not numbers.
func FuzzRead(f *testing.F) {
	g := qrtest.Draw(mustEncode(f, "fuzz", Options{}), 2, 2)
	f.Add(append([]byte{byte(g.Rect.Dx())}, g.Pix...))
	f.Add([]byte{3, 0, 255, 0, 255, 0, 255})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 || data[0] == 0 {
			return
		}
		w := int(data[0])
		h := min((len(data)-1)/w, 256)
		if h == 0 {
			return
		}
		g := image.NewGray(image.Rect(0, 0, w, h))
		copy(g.Pix, data[1:])
		for _, fast := range []bool{true, false} {
			for _, bc := range readID(g, "rmqr", fast) {
				for _, c := range bc.Corners {
					if math.IsNaN(c.X) || math.IsNaN(c.Y) || math.IsInf(c.X, 0) || math.IsInf(c.Y, 0) {
						t.Fatalf("corner %v", c)
					}
				}
			}
		}
	})
}
