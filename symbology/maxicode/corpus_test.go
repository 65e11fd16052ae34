package maxicode

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/symbology"
)

// The package's corpus test: maxicode-1 of the reference corpus upright,
// turned by 90, 180 and 270 degrees and by arbitrary angles, which
// zxing-cpp reads none of (it reads MaxiCode only aligned); maxicode-2,
// photos of UPS labels without their expected content, which zxing-cpp
// reads none of either; and the false-positive folders, which must give
// nothing.

// corpusAngles are the angles maxicode-1 is read at: the right angles,
// and others in between.
var corpusAngles = []float64{0, 90, 180, 270, 17, 45, 128, 203, 311}

// corpusMin is the least number of maxicode-1's 9 images read at every
// angle (zxing-cpp's slow_min upright is 9).
const corpusMin = 9

// corpusImage is an image of a corpus folder and the content expected
// from it: text, or bytes when the corpus gives those.
type corpusImage struct {
	name string
	lum  *image.Gray
	text string
	bin  []byte
}

func loadCorpus(t testing.TB, folder string) []corpusImage {
	dir := filepath.Join(corpustest.Dir(), "zxing-cpp", folder)
	imgs := corpustest.LoadFolder(t, folder)
	var out []corpusImage
	for _, im := range imgs {
		c := corpusImage{name: im.Name, lum: im.Lum, text: im.Want}
		base := filepath.Join(dir, strings.TrimSuffix(im.Name, filepath.Ext(im.Name)))
		if b, err := os.ReadFile(base + ".bin"); err == nil {
			c.bin = b
		}
		out = append(out, c)
	}
	return out
}

// matches reports whether bc holds the image's expected content.
func (c corpusImage) matches(bc symbology.Barcode) bool {
	if c.bin != nil {
		return string(bc.Bytes) == string(c.bin)
	}
	return bc.Text == c.text
}

// rotateBy rotates g clockwise by deg degrees about its centre onto a white
// canvas large enough to hold it.
func rotateBy(g *image.Gray, deg float64) *image.Gray {
	switch deg {
	case 0:
		return g
	case 90, 180, 270:
		return corpustest.Rotate(g, int(deg))
	}
	w, h := float64(g.Rect.Dx()), float64(g.Rect.Dy())
	a := deg * math.Pi / 180
	ca, sa := math.Cos(a), math.Sin(a)
	nw := int(math.Ceil(math.Abs(w*ca) + math.Abs(h*sa)))
	nh := int(math.Ceil(math.Abs(w*sa) + math.Abs(h*ca)))
	out := image.NewGray(image.Rect(0, 0, nw, nh))
	for y := range nh {
		for x := range nw {
			// Inverse rotation about the centres.
			dx, dy := float64(x)+0.5-float64(nw)/2, float64(y)+0.5-float64(nh)/2
			sx, sy := dx*ca+dy*sa+w/2, -dx*sa+dy*ca+h/2
			out.Pix[y*out.Stride+x] = sampleGray(g, sx-0.5, sy-0.5, 255)
		}
	}
	return out
}

// TestCorpusMaxiCode reads maxicode-1 at every angle of corpusAngles,
// thorough and fast: at least corpusMin images each time, no misread; and
// reports zxing-cpp's figure (its WebAssembly build, thorough, every
// format) beside barkit's when it is installed.
func TestCorpusMaxiCode(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	imgs := loadCorpus(t, "maxicode-1")
	if len(imgs) != 9 {
		t.Fatalf("maxicode-1 holds %d images", len(imgs))
	}
	dir := t.TempDir()
	var files []string
	want := make(map[string]corpusImage)
	for _, deg := range corpusAngles {
		for _, fast := range []bool{false, true} {
			pass := 0
			for _, im := range imgs {
				rot := rotateBy(im.lum, deg)
				got := read(t, rot, symbology.ReadOptions{Fast: fast})
				ok := false
				for _, bc := range got {
					if im.matches(bc) {
						ok = true
					} else {
						t.Errorf("%s at %v° (fast %v): misread %q", im.name, deg, fast, bc.Text)
					}
				}
				if ok {
					pass++
				} else {
					t.Logf("%s at %v° (fast %v): not read", im.name, deg, fast)
				}
				if !fast {
					path := filepath.Join(dir, fmt.Sprintf("%s-%03v.png", im.name, deg))
					writePNG(t, path, rot)
					files = append(files, path)
					want[path] = im
				}
			}
			if pass < corpusMin {
				t.Errorf("maxicode-1 at %v° (fast %v): %d of %d read, want %d", deg, fast, pass, len(imgs), corpusMin)
			}
			t.Logf("maxicode-1 at %3v° fast=%-5v: barkit %d/%d", deg, fast, pass, len(imgs))
		}
	}
	zxingFigures(t, files, want)
}

// zxingFigures logs how many of files, per angle, zxing-cpp's WebAssembly
// reader reads as their expected content, when it is installed.
func zxingFigures(t *testing.T, files []string, want map[string]corpusImage) {
	if os.Getenv("ZXINGWASM_DIR") == "" {
		if _, err := os.Stat("../../../zxingwasm/node_modules/zxing-wasm"); err != nil {
			t.Log("zxing-wasm not installed: no reference figures (set ZXINGWASM_DIR)")
			return
		}
	}
	res := enginetest.ZXingWasm(t, files)
	byAngle := make(map[string][2]int)
	for _, f := range files {
		angle := f[strings.LastIndexByte(f, '-')+1 : len(f)-4]
		n := byAngle[angle]
		n[1]++
		for _, r := range res[f] {
			if r.Format == "MaxiCode" && (want[f].bin == nil && r.Text == want[f].text || want[f].bin != nil) {
				n[0]++
				break
			}
		}
		byAngle[angle] = n
	}
	for _, deg := range corpusAngles {
		n := byAngle[fmt.Sprintf("%03v", deg)]
		t.Logf("maxicode-1 at %3v°: zxing-wasm %d/%d", deg, n[0], n[1])
	}
}

func writePNG(t testing.TB, path string, g *image.Gray) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, g); err != nil {
		t.Fatal(err)
	}
}

// TestCorpusPhotos reads maxicode-2, photos of UPS labels with no
// expected content in the corpus: every one reads (zxing-cpp reads none),
// as a structured carrier message in mode 2, and the three photos of one
// label agree.
func TestCorpusPhotos(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	texts := make(map[string]int)
	for _, im := range loadCorpus(t, "maxicode-2") {
		got := read(t, im.lum, symbology.ReadOptions{})
		if len(got) != 1 {
			t.Errorf("%s: %d symbols", im.name, len(got))
			continue
		}
		bc := got[0]
		if bc.ECLevel != "2" || bc.ContentType != symbology.ISO15434 || !strings.HasPrefix(bc.Text, "[)>\x1e01\x1d96100110000\x1d840\x1d001\x1d1Z") {
			t.Errorf("%s: mode %s, %s, %q", im.name, bc.ECLevel, bc.ContentType, bc.Text)
		}
		texts[bc.Text]++
		t.Logf("%s: %q", im.name, bc.Text)
	}
	if len(texts) != 2 {
		t.Errorf("%d different texts, want 2 (01 is another label than 03, 04 and 05)", len(texts))
	}
}

// TestCorpusFalsePositives reads the false-positive folders for MaxiCode
// at every right angle: nothing.
func TestCorpusFalsePositives(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	for _, folder := range []string{"falsepositives-1", "falsepositives-2"} {
		for _, im := range corpustest.LoadFolder(t, folder) {
			for _, deg := range []int{0, 90, 180, 270} {
				if got := read(t, corpustest.Rotate(im.Lum, deg), symbology.ReadOptions{}); len(got) > 0 {
					t.Errorf("%s/%s at %d°: read %q", folder, im.Name, deg, got[0].Text)
				}
			}
		}
	}
}
