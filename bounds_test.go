package barkit_test

import (
	"context"
	"errors"
	"fmt"
	"image"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/symbology"
)

// The work of a scan must grow at most linearly with the pixels, whatever
// the image holds (DESIGN.md §3, issue "One read pipeline"). These tests
// scan images made to be as costly as images get without holding a symbol
// (internal/adversarial) with every symbology in thorough mode, and check
// the bounds that do not depend on the machine: the candidates the readers
// examine, the views they read, and the bytes a scan allocates. The time
// they take is the benchmarks' to show (BenchmarkAdversarial).

// memoryPerPixel and memoryFloor bound the bytes a scan may allocate in
// all: 8 bytes per pixel and 64 MiB (issue 10). Allocated bytes, not just
// bytes held, so the bound holds whatever the garbage collector does.
const (
	memoryPerPixel = 8
	memoryFloor    = 64 << 20
)

// maxViews bounds the passes of all readers over views in one scan: every
// reader's plan is a short list.
const maxViews = 40

// TestWorkBounds scans each adversarial image at 2000×2000 pixels (and
// 4000×4000 outside -short) in thorough mode for every symbology and
// checks that nothing is found, that the readers examined at most
// symbology.MaxCandidates candidates per view, and that the scan allocated
// within the memory bound.
func TestWorkBounds(t *testing.T) {
	sizes := []int{2000}
	switch {
	case raceEnabled:
		// The race detector is about the goroutines of a scan, not its
		// bounds: small images serve, at a tenth of the time.
		sizes = []int{600}
	case !testing.Short():
		sizes = append(sizes, 4000)
	}
	for _, n := range sizes {
		for _, c := range adversarial.Cases() {
			t.Run(fmt.Sprintf("%s-%d", c.Name, n), func(t *testing.T) {
				img := c.Make(n, n)
				var st symbology.Stats
				got, err := symbology.Read(context.Background(), binarize.NewSource(img), symbology.ReadOptions{Stats: &st})
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != 0 {
					t.Errorf("found %d symbols, the first %s %q", len(got), got[0].Symbology, got[0].Text)
				}
				if st.Views > maxViews || st.Candidates > st.Views*symbology.MaxCandidates {
					t.Errorf("%d views, %d candidates: more than %d views or %d candidates a view", st.Views, st.Candidates, maxViews, symbology.MaxCandidates)
				}
				alloc := allocated(t, func() {
					if _, err := barkit.Scan(img, barkit.ScanOptions{NoParse: true}); err != nil {
						t.Fatal(err)
					}
				})
				if limit := uint64(memoryPerPixel*n*n + memoryFloor); alloc > limit {
					t.Errorf("allocated %d MiB, more than %d MiB", alloc>>20, limit>>20)
				}
				t.Logf("%d views, %d candidates, %d MiB allocated", st.Views, st.Candidates, alloc>>20)
			})
		}
	}
}

// allocated returns the bytes allocated while f runs. Other tests running
// in parallel would count too; the tests here do not run in parallel.
func allocated(t *testing.T, f func()) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// cancelAfter is a context that reports itself done once its Err has been
// asked checks times: a deterministic way to cancel a scan part way
// through, however fast the machine is.
type cancelAfter struct {
	context.Context
	checks int64
	asked  atomic.Int64
	done   chan struct{}
	closed atomic.Bool
}

func newCancelAfter(checks int64) *cancelAfter {
	return &cancelAfter{Context: context.Background(), checks: checks, done: make(chan struct{})}
}

func (c *cancelAfter) Err() error {
	if c.asked.Add(1) > c.checks {
		if c.closed.CompareAndSwap(false, true) {
			close(c.done)
		}
		return context.Canceled
	}
	return nil
}

func (c *cancelAfter) Done() <-chan struct{} { return c.done }

// TestScanCancelled cancels scans of a costly image at every stage and
// checks that each stops: its error is the context's, and it asks the
// context again only a bounded number of times after cancellation (every
// long loop checks it, and none goes on regardless).
func TestScanCancelled(t *testing.T) {
	img := adversarial.Checkerboard(1000, 1000, 3)
	// How often a whole scan checks the context.
	counter := newCancelAfter(1 << 62)
	if _, err := barkit.ScanContext(counter, img, barkit.ScanOptions{NoParse: true}); err != nil {
		t.Fatal(err)
	}
	total := counter.asked.Load()
	if total < 20 {
		t.Fatalf("a whole scan checks its context %d times: too few to stop it promptly", total)
	}
	t.Logf("a whole scan checks its context %d times", total)
	for _, at := range []int64{0, 1, total / 7, total / 3, total / 2, total - 2} {
		ctx := newCancelAfter(at)
		got, err := barkit.ScanContext(ctx, img, barkit.ScanOptions{NoParse: true})
		if !errors.Is(err, context.Canceled) || got != nil {
			t.Errorf("cancelled after %d checks: %v, %v", at, got, err)
		}
		// A reader that stopped asks no more; the others see the
		// context done at their first check.
		if after := ctx.asked.Load() - at; after > 64 {
			t.Errorf("cancelled after %d checks: %d more checks before the scan returned", at, after)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := barkit.ScanContext(ctx, img, barkit.ScanOptions{}); !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "barkit: ") {
		t.Errorf("cancelled scan: %v", err)
	}
}

// BenchmarkAdversarial scans each adversarial image at 2000×2000 and
// 4000×4000 pixels, thorough, every symbology; ns/op is per scan, B/op the
// bytes it allocates. Select a case with -bench 'Adversarial/noise-4000'.
// Run with -cpu 1: the targets are for one core.
func BenchmarkAdversarial(b *testing.B) {
	for _, n := range []int{2000, 4000} {
		for _, c := range adversarial.Cases() {
			b.Run(fmt.Sprintf("%s-%d", c.Name, n), func(b *testing.B) {
				img := c.Make(n, n)
				b.ReportAllocs()
				for b.Loop() {
					if _, err := barkit.Scan(img, barkit.ScanOptions{NoParse: true}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkAdversarialReaders is BenchmarkAdversarial for each reader
// alone, at 2000×2000: where the cost of a scan goes.
func BenchmarkAdversarialReaders(b *testing.B) {
	readers := []string{"qr", "micro-qr", "rmqr", "data-matrix", "aztec", "maxicode", "pdf417", "micro-pdf417", "ean13", "code128", "databar", "linear"}
	for _, c := range adversarial.Cases() {
		img := image.Image(nil)
		for _, id := range readers {
			b.Run(c.Name+"/"+id, func(b *testing.B) {
				if img == nil {
					img = c.Make(2000, 2000)
				}
				b.ReportAllocs()
				for b.Loop() {
					if _, err := barkit.Scan(img, barkit.ScanOptions{Symbologies: []string{id}, NoParse: true}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkLarge scans 64-megapixel images (8192×8192), blank and noise,
// thorough, every symbology.
func BenchmarkLarge(b *testing.B) {
	for _, c := range []struct {
		name string
		make func() image.Image
	}{
		{"blank", func() image.Image { return adversarial.Blank(8192, 8192) }},
		{"noise", func() image.Image { return adversarial.Noise(8192, 8192, 1) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			img := c.make()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := barkit.Scan(img, barkit.ScanOptions{NoParse: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCancel measures how long a scan of a 4000×4000 checkerboard
// takes to return once its context is cancelled mid-scan (after 200 ms):
// the "cancel-ms" metric.
func BenchmarkCancel(b *testing.B) {
	img := adversarial.Checkerboard(4000, 4000, 3)
	var total float64
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time)
		go func() {
			_, _ = barkit.ScanContext(ctx, img, barkit.ScanOptions{NoParse: true})
			done <- time.Now()
		}()
		time.Sleep(200 * time.Millisecond)
		at := time.Now()
		cancel()
		total += float64((<-done).Sub(at).Microseconds()) / 1e3
	}
	b.ReportMetric(total/float64(b.N), "cancel-ms")
}
