package pdf417

import (
	"github.com/barkit/barkit/internal/corpustest"
	"strings"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/symbology"
)

// benchText is a shipping-label-like message of text, digits and
// punctuation, about 300 characters.
var benchText = strings.Repeat("SHIP TO: ACME Corp., 1234 Industrial Way, Springfield 62704; PO# 4500012345 / qty 12 @ 9.95 ", 3)

// BenchmarkDecodePhoto reads a photograph-like image of a 6-column PDF417
// symbol of about 300 characters: 3-pixel modules, turned 4°, seen in
// perspective, blurred, noisy and unevenly lit (photo), in thorough mode.
func BenchmarkDecodePhoto(b *testing.B) {
	c, err := Encode(benchText, Options{Columns: 6})
	if err != nil {
		b.Fatal(err)
	}
	img := photo(c.Modules, 3, 3, 4, 0.1, 1.5, 15, 1)
	if got := read(kindFull, binarize.NewSource(img), symbology.ReadOptions{}); len(got) != 1 || got[0].Text != benchText {
		b.Fatalf("the photo reads as %d symbols", len(got))
	}
	b.ReportAllocs()
	for b.Loop() {
		read(kindFull, binarize.NewSource(img), symbology.ReadOptions{})
	}
}

// BenchmarkScan reads the images of each corpus folder, one after another,
// in thorough mode; ns/op is per image.
func BenchmarkScan(b *testing.B) {
	for folder, k := range corpusFolders {
		b.Run(folder, func(b *testing.B) {
			samples := corpustest.LoadFolder(b, folder)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				readAll(samples[i%len(samples)].Lum, symbology.ReadOptions{}, k)
				i++
			}
		})
	}
}

// BenchmarkReadFalsePositives reads the images of falsepositives-1 and
// falsepositives-2, which hold no symbol, for each kind in thorough mode:
// the cost every scan of a photo without a PDF417 pays. ns/op is per image.
func BenchmarkReadFalsePositives(b *testing.B) {
	for _, folder := range []string{"falsepositives-1", "falsepositives-2"} {
		samples := corpustest.LoadFolder(b, folder)
		for _, k := range []kind{kindFull, kindCompact, kindMicro} {
			b.Run(folder+"/"+k.id(), func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					readAll(samples[i%len(samples)].Lum, symbology.ReadOptions{}, k)
					i++
				}
			})
		}
	}
}

// BenchmarkEncode writes the shipping-label message as PDF417, and a short
// one as MicroPDF417.
func BenchmarkEncode(b *testing.B) {
	b.Run("pdf417", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Encode(benchText, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("micro", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Encode("PO# 4500012345", Options{Micro: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCompact runs the compaction search alone over the largest
// message a symbol holds in Text compaction.
func BenchmarkCompact(b *testing.B) {
	data := []byte(strings.Repeat("Mixed text 1234567890 and more, ", 60))[:1800]
	b.ReportAllocs()
	for b.Loop() {
		compact(data, false)
	}
}

// BenchmarkAdversarial scans each image of internal/adversarial at
// 2000×2000 pixels for the three ids this package reads, in thorough mode,
// as barkit.Scan does (a new Source each time, so the views' binarization
// counts): the cost of a scan for PDF417 of an image that holds none.
// Run with -cpu 1.
func BenchmarkAdversarial(b *testing.B) {
	for _, c := range adversarial.Cases() {
		b.Run(c.Name, func(b *testing.B) {
			img := c.Make(2000, 2000)
			b.ReportAllocs()
			for b.Loop() {
				readKinds(binarize.NewSource(img), symbology.ReadOptions{}, kindFull, kindMicro)
			}
		})
	}
}
