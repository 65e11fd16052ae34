package pdf417

import (
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/symbology"
)

// TestEdgesShared shows that the PDF417 and Compact PDF417 readers scan
// each view of a source once between them, and that sharing changes
// neither reader's results.
func TestEdgesShared(t *testing.T) {
	c, err := Encode("compact and shared", Options{Compact: true, Columns: 2})
	if err != nil {
		t.Fatal(err)
	}
	img := photo(c.Modules, 3, 3, 0, 0, 0, 0, 1)
	alone := read(kindCompact, binarize.NewSource(img), symbology.ReadOptions{})
	src := binarize.NewSource(img)
	full := read(kindFull, src, symbology.ReadOptions{})
	scanned := false
	src.Memo(edgesKey{pass: 0}, func() any { scanned = true; return &viewEdges{} })
	if scanned {
		t.Error("the PDF417 reader left no edges of its first pass for the Compact PDF417 reader")
	}
	shared := read(kindCompact, src, symbology.ReadOptions{})
	if len(alone) != 1 || len(shared) != 1 || len(full) != 1 || shared[0].Text != alone[0].Text || full[0].Text != alone[0].Text {
		t.Errorf("compact read alone %d, after the full reader %d (full %d), want 1 each with the same text", len(alone), len(shared), len(full))
	}
}

// TestMicroLike guards the test that tells a MicroPDF417 candidate from a
// chance pair of edges: row address patterns on at least a third of the
// lines across it.
func TestMicroLike(t *testing.T) {
	for _, tc := range []struct {
		lines, n int
		want     bool
	}{{30, 30, true}, {10, 30, true}, {9, 30, false}, {3, 9, true}, {2, 9, false}, {0, 0, true}} {
		if got := microLike(make([]microLine, tc.lines), tc.n); got != tc.want {
			t.Errorf("microLike(%d lines of %d) = %v, want %v", tc.lines, tc.n, got, tc.want)
		}
	}
}
