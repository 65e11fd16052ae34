package maxicode

import (
	"context"
	"image"
	"os"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// photo is a photo-like picture of a symbol for the benchmarks: 400×400
// pixels, turned by 31°, in perspective, blurred, noised and compressed.
func photo(b *testing.B) (*image.Gray, string) {
	c, err := Encode("[)>\x1e01\x1d96152382802\x1d840\x1d001\x1d1Z00004951\x1dUPSN\x1d06X610\x1d159\x1d1234567\x1d1/1\x1d\x1dY\x1d634 ALPHA DR\x1dPITTSBURGH\x1dPA\x1e\x04", Options{})
	if err != nil {
		b.Fatal(err)
	}
	want, _ := Decode(c.Modules)
	s := scene{size: 400, angle: 31, tilt: 0.15, tiltAt: 60, blur: 1, noise: 4, jpeg: 75, seed: 1}
	return s.place(renderCode(b, c, 8), 0.7), want.Text
}

// BenchmarkDecodePhoto reads a photo-like picture with the MaxiCode reader
// alone, thorough: the target is under 5 ms on one core.
func BenchmarkDecodePhoto(b *testing.B) {
	img, want := photo(b)
	b.ReportAllocs()
	for b.Loop() {
		got, err := symbology.Read(context.Background(), binarize.NewSource(img), symbology.ReadOptions{IDs: []string{"maxicode"}})
		if err != nil || len(got) != 1 || got[0].Text != want {
			b.Fatalf("read %d symbols, %v", len(got), err)
		}
	}
}

// BenchmarkLocate is the reader's own work on the photo of
// BenchmarkDecodePhoto, its binarization made once: finder, fit,
// orientation, sampling and decoding.
func BenchmarkLocate(b *testing.B) {
	img, want := photo(b)
	bin := binarize.LocalThreshold(img)
	b.ReportAllocs()
	for b.Loop() {
		bs := findBullseyes(context.Background(), bin, img, 1, nil)
		ok := false
		for _, f := range bs {
			if bc, _, found := decodeAt(bin, img, f); found && bc.Text == want {
				ok = true
				break
			}
		}
		if !ok {
			b.Fatal("not read")
		}
	}
}

// BenchmarkFinderNoise scans a picture without a symbol for finders: the
// cost the reader adds to every scan.
func BenchmarkFinderNoise(b *testing.B) {
	img, _ := photo(b)
	// A busy picture without a finder: the photo's rows shuffled.
	g := image.NewGray(img.Rect)
	h := img.Rect.Dy()
	for y := range h {
		copy(g.Pix[y*g.Stride:(y+1)*g.Stride], img.Pix[(y*7%h)*img.Stride:(y*7%h+1)*img.Stride])
	}
	bin := binarize.LocalThreshold(g)
	b.ReportAllocs()
	for b.Loop() {
		findBullseyes(context.Background(), bin, g, 1, nil)
	}
}

// BenchmarkEncode encodes a carrier message in mode 2 and a mode 4 text.
func BenchmarkEncode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode("[)>\x1e01\x1d96152382802\x1d840\x1d001\x1d1Z00004951\x1dUPSN\x1d06X610\x1d159\x1d1234567\x1d1/1\x1d\x1dY\x1d634 ALPHA DR\x1dPITTSBURGH\x1dPA\x1e\x04", Options{}); err != nil {
			b.Fatal(err)
		}
		if _, err := Encode("Wikipedia, the free encyclopedia 0123456789", Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFalsePositives runs the reader's own work (finder, and
// decoding the candidates) over the locally binarized views of the
// false-positive folders' images, at full size and, for large ones, half
// size: ns/op is per image, the cost the reader adds to a scan of a
// picture without MaxiCode.
var finderOnly = os.Getenv("MAXICODE_FINDER_ONLY") != ""

func BenchmarkFalsePositives(b *testing.B) {
	var bins []*matrix.Matrix
	var lums []*image.Gray
	for _, folder := range []string{"falsepositives-1", "falsepositives-2"} {
		for _, im := range corpustest.LoadFolder(b, folder) {
			bins = append(bins, binarize.LocalThreshold(im.Lum))
			lums = append(lums, im.Lum)
			if max(im.Lum.Rect.Dx(), im.Lum.Rect.Dy()) > downscaleAbove {
				d := binarize.Downscale(im.Lum, 2)
				bins = append(bins, binarize.LocalThreshold(d))
				lums = append(lums, d)
			}
		}
	}
	b.ReportAllocs()
	i := 0
	cands := 0
	var st finderStats
	for b.Loop() {
		bin := bins[i%len(bins)]
		for _, f := range findBullseyesStats(context.Background(), bin, lums[i%len(bins)], rowStep(bin), nil, &st) {
			cands++
			if !finderOnly {
				decodeAt(bin, lums[i%len(bins)], f)
			}
		}
		i++
	}
	b.ReportMetric(float64(cands)/float64(i), "candidates/op")
	b.ReportMetric(float64(st.confirms)/float64(i), "confirms/op")
	b.ReportMetric(float64(st.found)/float64(i), "confirmed/op")
}
