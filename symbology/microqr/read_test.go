package microqr

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
	{3, 0, 0.1, 0, 0, 0},
	{2, 0, 0, 0, 0, 0},
	{2.5, 31, 0, 0, 0, 0},
	{4, 137, 0.2, 0, 0, 0},
	{4, 222, 0.15, 1, 6, 0},
	{5, 300, 0.25, 1, 10, 75},
	{3, 95, 0.1, 0, 8, 85},
	{8, 17, 0.3, 2, 12, 70},
}

// TestReadScenes reads every version, drawn at several module sizes,
// angles and tilts, blurred, noised and compressed.
func TestReadScenes(t *testing.T) {
	texts := map[Version]string{M1: "12345", M2: "ABC12", M3: "Micro QR", M4: "micro-QR 2024"}
	for v := M1; v <= M4; v++ {
		m := mustEncode(t, texts[v], Options{Version: v})
		pic := qrtest.Draw(m, 8, 2)
		for i, s := range readScenes {
			scale := s.module / 8
			quad := qrtest.View(pic.Rect.Dx(), pic.Rect.Dy(), scale, s.deg, s.persp, detect.Point{X: 160, Y: 150})
			g := qrtest.Scene(320, 300, 200, qrtest.Place{Picture: pic, Quad: quad})
			qrtest.Contrast(g, 40, 230)
			qrtest.Blur(g, s.blur)
			qrtest.Noise(g, s.noise, 0.2, uint64(i))
			if s.jpeg > 0 {
				g, _ = qrtest.JPEG(g, s.jpeg)
			}
			name := fmt.Sprintf("%v scene %d", v, i)
			got := readID(g, "micro-qr", false)
			qrtest.CheckRead(t, name, got, "micro-qr", texts[v], qrtest.Corners(quad, m.Width, m.Width, 8, 2), 1.5+s.module/2)
		}
	}
}

// TestReadTurned reads symbols drawn at module sizes 1 to 4, turned by
// quarter turns and mirrored, in fast and thorough mode.
func TestReadTurned(t *testing.T) {
	for v := M1; v <= M4; v++ {
		text := []string{"", "1", "A1", "a1", "a1 x"}[v]
		m := mustEncode(t, text, Options{Version: v})
		for scale := 1; scale <= 4; scale++ {
			for _, deg := range []int{0, 90, 180, 270} {
				for _, mirror := range []bool{false, true} {
					g := qrtest.Turn(qrtest.Draw(m, scale, 2), deg, mirror)
					for _, fast := range []bool{false, true} {
						if fast && scale == 1 {
							continue // one-pixel modules need the enlarged view, a last resort of both modes
						}
						got := readID(g, "micro-qr", fast)
						name := fmt.Sprintf("%v scale %d turned %d mirrored %v fast %v", v, scale, deg, mirror, fast)
						if len(got) != 1 || got[0].Text != text || got[0].Mirrored != mirror {
							t.Errorf("%s: %+v", name, got)
							continue
						}
						// The orientation follows the turn; a mirrored
						// symbol's top edge runs right to left before it.
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
}

// TestReadInverted reads light-on-dark symbols, which thorough mode looks
// for.
func TestReadInverted(t *testing.T) {
	m := mustEncode(t, "INVERTED", Options{})
	for _, size := range []int{200, 700} {
		pic := qrtest.Draw(m, 6, 2)
		quad := qrtest.View(pic.Rect.Dx(), pic.Rect.Dy(), 1, 20, 0.1, detect.Point{X: float64(size) / 2, Y: float64(size) / 2})
		g := qrtest.Scene(size, size, 255, qrtest.Place{Picture: pic, Quad: quad})
		for i, v := range g.Pix {
			g.Pix[i] = 255 - v
		}
		got := readID(g, "micro-qr", false)
		if len(got) != 1 || got[0].Text != "INVERTED" || !got[0].Inverted {
			t.Errorf("%d pixels: %+v", size, got)
		}
	}
}

// TestReadSeveral reads four symbols in one picture.
func TestReadSeveral(t *testing.T) {
	texts := []string{"12345", "ONE", "two", "THREE 3"}
	var places []qrtest.Place
	for i, text := range texts {
		pic := qrtest.Draw(mustEncode(t, text, Options{}), 4, 2)
		c := detect.Point{X: 120 + 240*float64(i%2), Y: 120 + 240*float64(i/2)}
		places = append(places, qrtest.Place{Picture: pic, Quad: qrtest.View(pic.Rect.Dx(), pic.Rect.Dy(), 1, float64(40*i), 0, c)})
	}
	g := qrtest.Scene(480, 480, 220, places...)
	got := readID(g, "micro-qr", false)
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
// noise, a checkerboard, and a QR Code's finder patterns, which are
// Micro QR Code's too.
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
	finders := matrix.New(21, 21)
	for _, c := range [3][2]int{{0, 0}, {14, 0}, {0, 14}} {
		for y := range 7 {
			for x := range 7 {
				d := max(abs(x-3), abs(y-3))
				finders.Set(c[0]+x, c[1]+y, d != 2)
			}
		}
	}
	for name, g := range map[string]*image.Gray{"noise": noise, "checkerboard": check, "finders": qrtest.Draw(finders, 5, 4)} {
		if got := readID(g, "micro-qr", false); len(got) > 0 {
			t.Errorf("%s: read %q", name, got[0].Text)
		}
	}
}

// TestCornersAndOrientation checks the corners of a symbol turned by an
// arbitrary angle, and the orientation the pipeline derives from them.
func TestCornersAndOrientation(t *testing.T) {
	m := mustEncode(t, "CORNERS", Options{})
	pic := qrtest.Draw(m, 6, 2)
	for _, deg := range []float64{0, 30, 100, 200, 330} {
		quad := qrtest.View(pic.Rect.Dx(), pic.Rect.Dy(), 1, deg, 0, detect.Point{X: 150, Y: 150})
		g := qrtest.Scene(300, 300, 255, qrtest.Place{Picture: pic, Quad: quad})
		got := readID(g, "micro-qr", false)
		qrtest.CheckRead(t, fmt.Sprintf("turned %v", deg), got, "micro-qr", "CORNERS", qrtest.Corners(quad, m.Width, m.Width, 6, 2), 2)
		if len(got) == 1 {
			if d := math.Abs(float64(got[0].Orientation) - deg); d > 2 && d < 358 {
				t.Errorf("turned %v: orientation %d", deg, got[0].Orientation)
			}
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
			for _, bc := range readID(g, "micro-qr", fast) {
				for _, c := range bc.Corners {
					if math.IsNaN(c.X) || math.IsNaN(c.Y) || math.IsInf(c.X, 0) || math.IsInf(c.Y, 0) {
						t.Fatalf("corner %v", c)
					}
				}
			}
		}
	})
}
