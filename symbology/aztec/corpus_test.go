package aztec

import (
	"context"
	"fmt"
	"github.com/barkit/barkit/internal/corpustest"
	"image"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/symbology"
)

// The package's corpus test, in the manner of the root package's TestCorpus
// (the project-wide ratchet, which scores the folders of registered
// symbologies): the reference corpus's Aztec folders at every rotation,
// thorough and fast, must reach zxing-cpp's own minimums with no misread,
// and the false-positive folders must give nothing.

// readIDs reads the Aztec symbols of an image as a scan for aztec and
// aztec-rune would.
func readIDs(lum *image.Gray, fast bool) []symbology.Barcode {
	got, _ := symbology.Read(context.Background(), binarize.NewSource(lum), symbology.ReadOptions{IDs: []string{"aztec", "aztec-rune"}, Fast: fast})
	return got
}

// TestCorpus scores aztec-1, aztec-2 and the false-positive folders.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	exps := corpustest.CorpusRows(t, "Aztec", "None")
	samples := map[string][]corpustest.CorpusImage{}
	var table strings.Builder
	fmt.Fprintf(&table, "%-18s %4s %-4s %5s %5s %7s %9s\n", "folder", "rot", "mode", "total", "pass", "misread", "reference")
	for _, e := range exps {
		if samples[e.Folder] == nil {
			samples[e.Folder] = corpustest.LoadFolder(t, e.Folder)
		}
		ss := samples[e.Folder]
		for _, fast := range []bool{false, true} {
			pass, misread := 0, 0
			var failures []string
			var mu sync.Mutex
			var wg sync.WaitGroup
			sem := make(chan struct{}, runtime.GOMAXPROCS(0))
			for _, s := range ss {
				wg.Add(1)
				sem <- struct{}{}
				go func() {
					defer func() { <-sem; wg.Done() }()
					got := readIDs(corpustest.Rotate(s.Lum, e.Rotation), fast)
					ok, bad, detail := judge(s, e.Folder, got)
					mu.Lock()
					defer mu.Unlock()
					if ok {
						pass++
					}
					if bad {
						misread++
					}
					if !ok {
						failures = append(failures, s.Name+": "+detail)
					}
				}()
			}
			wg.Wait()
			min, mode := e.SlowMin, "slow"
			if fast {
				min, mode = e.FastMin, "fast"
			}
			fmt.Fprintf(&table, "%-18s %4d %-4s %5d %5d %7d %9d\n", e.Folder, e.Rotation, mode, len(ss), pass, misread, min)
			if misread > 0 || pass < min {
				t.Errorf("%s rotation %d %s: %d passed (reference %d), %d misread:\n  %s",
					e.Folder, e.Rotation, mode, pass, min, misread, strings.Join(failures, "\n  "))
			}
		}
	}
	t.Logf("corpus table:\n%s", table.String())
}

// judge tells whether the results of one image pass, as the reference
// runner judges them: any result matching; a misread when results came
// but none matched (or, in a false-positive folder, any result).
func judge(s corpustest.CorpusImage, folder string, got []symbology.Barcode) (pass, misread bool, detail string) {
	if strings.HasPrefix(folder, "falsepositives") {
		if len(got) == 0 {
			return true, false, ""
		}
		return false, true, fmt.Sprintf("found %s %q", got[0].Symbology, got[0].Text)
	}
	if len(got) == 0 {
		return false, false, "not found"
	}
	for _, g := range got {
		if s.Bin != nil && string(g.Bytes) == string(s.Bin) {
			return true, false, ""
		}
		// The corpus's .txt files write some characters escaped.
		if want := corpustest.Escape(s.Want); s.Bin == nil && (corpustest.Escape(g.Text) == want || g.GS1 && corpustest.Escape(string(g.Bytes)) == want) {
			return true, false, ""
		}
	}
	return false, true, fmt.Sprintf("read %.40q, want %.40q", corpustest.Escape(got[0].Text), corpustest.Escape(s.Want))
}
