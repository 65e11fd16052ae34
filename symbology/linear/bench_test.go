package linear_test

import (
	"context"
	"image"
	"syscall"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/symbology"
	_ "github.com/barkit/barkit/symbology/code128"
	_ "github.com/barkit/barkit/symbology/ean"
)

// linearIDs are the ids of every linear symbology registered with the
// shared reader in this test binary.
var linearIDs = []string{"ean13", "ean8", "upca", "upce", "code128"}

// BenchmarkAdversarial scans each adversarial image at 2000×2000 pixels
// in thorough mode for EAN-13 alone, Code 128 alone and every linear
// symbology together, which share one scan: the cost of the linear reader
// where the image holds no symbol, only what looks like bars. Run with
// -cpu 1; select with -bench 'Adversarial/noise/all'.
func BenchmarkAdversarial(b *testing.B) {
	for _, c := range adversarial.Cases() {
		var img image.Image
		for _, ids := range []struct {
			name string
			ids  []string
		}{{"ean13", []string{"ean13"}}, {"code128", []string{"code128"}}, {"all", linearIDs}} {
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
