package linear_test

import (
	"context"
	"image"
	"slices"
	"syscall"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/symbology"
	_ "github.com/barkit/barkit/symbology/codabar"
	_ "github.com/barkit/barkit/symbology/code128"
	_ "github.com/barkit/barkit/symbology/code39"
	_ "github.com/barkit/barkit/symbology/code93"
	_ "github.com/barkit/barkit/symbology/dxfilmedge"
	_ "github.com/barkit/barkit/symbology/ean"
	_ "github.com/barkit/barkit/symbology/itf"
	"github.com/barkit/barkit/symbology/linear"
	_ "github.com/barkit/barkit/symbology/telepen"
)

// linearIDs are the ids of every linear symbology registered with the
// shared reader in this test binary; part1IDs those of EAN/UPC and Code
// 128, the first linear symbologies, against which the cost of the others
// is measured.
var (
	part1IDs  = []string{"ean13", "ean8", "upca", "upce", "code128"}
	linearIDs = append(slices.Clone(part1IDs), "code39", "code39-ext", "code32", "pzn", "itf", "itf14", "codabar", "code93", "telepen", "dx-film-edge")
)

// BenchmarkAdversarial scans each adversarial image at 2000×2000 pixels
// in thorough mode for EAN-13 alone, Code 128 alone, EAN/UPC and Code 128
// together (part1) and every linear symbology together, which share one
// scan: the cost of the linear reader where the image holds no symbol,
// only what looks like bars; all less part1 is what the later symbologies
// add. Run with -cpu 1; select with -bench 'Adversarial/noise/all'.
func BenchmarkAdversarial(b *testing.B) {
	for _, c := range adversarial.Cases() {
		var img image.Image
		for _, ids := range []struct {
			name string
			ids  []string
		}{{"ean13", []string{"ean13"}}, {"code128", []string{"code128"}}, {"part1", part1IDs}, {"all", linearIDs}} {
			b.Run(c.Name+"/"+ids.name, func(b *testing.B) {
				if img == nil {
					img = c.Make(2000, 2000)
				}
				b.ReportAllocs()
				cpu := cpuTime()
				for b.Loop() {
					got, err := symbology.Read(context.Background(), binarize.NewSource(img), symbology.ReadOptions{IDs: ids.ids})
					if err != nil || len(got) > 0 {
						b.Fatalf("read %d symbols, %v", len(got), err)
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// cpuTime returns the CPU time the process has used, in nanoseconds: on a
// machine shared with other work it drifts less than the time elapsed.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkFalsePositives scans the images of the reference corpus that
// hold no barcode (falsepositives-1 and -2) in thorough mode for EAN/UPC
// and Code 128 (part1), for those and each later symbology, and for every
// linear symbology: all less part1 is the cost of the later symbologies'
// decoders on images without symbols, the measure of their budget. ns/op
// and cpu-ms/op are per image; run with -benchtime 46x (each image once)
// and -count, as the machine's load moves the figures.
func BenchmarkFalsePositives(b *testing.B) {
	var imgs []corpustest.CorpusImage
	for _, f := range []string{"falsepositives-1", "falsepositives-2"} {
		imgs = append(imgs, corpustest.LoadFolder(b, f)...)
	}
	sets := []struct {
		name string
		ids  []string
	}{{"part1", part1IDs}}
	for _, s := range linear.Registered() {
		if !slices.Contains(part1IDs, s.IDs[0]) {
			sets = append(sets, struct {
				name string
				ids  []string
			}{"part1+" + s.IDs[0], append(slices.Clone(part1IDs), s.IDs...)})
		}
	}
	sets = append(sets, struct {
		name string
		ids  []string
	}{"all", linearIDs})
	for _, ids := range sets {
		b.Run(ids.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime()
			i := 0
			for b.Loop() {
				got, err := symbology.Read(context.Background(), binarize.NewSource(imgs[i%len(imgs)].Lum), symbology.ReadOptions{IDs: ids.ids})
				if err != nil || len(got) > 0 {
					b.Fatalf("read %d symbols, %v", len(got), err)
				}
				i++
			}
			b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
