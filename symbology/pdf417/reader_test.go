package pdf417

import (
	"context"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/symbology"
)

// TestKinds shows that the one reader of the three ids reports what the
// scan asks for: a Compact PDF417 symbol as compact-pdf417, or as pdf417
// to a scan that asks for PDF417 alone, and nothing to one that asks for
// MicroPDF417 alone.
func TestKinds(t *testing.T) {
	c, err := Encode("compact and shared", Options{Compact: true, Columns: 2})
	if err != nil {
		t.Fatal(err)
	}
	img := photo(c.Modules, 3, 3, 0, 0, 0, 0, 1)
	for _, tc := range []struct {
		ids  []string
		want string
	}{
		{[]string{"compact-pdf417"}, "compact-pdf417"},
		{[]string{"pdf417"}, "pdf417"},
		{[]string{"pdf417", "compact-pdf417", "micro-pdf417"}, "compact-pdf417"},
		{[]string{"micro-pdf417"}, ""},
	} {
		got, err := symbology.Read(context.Background(), binarize.NewSource(img), symbology.ReadOptions{IDs: tc.ids})
		switch {
		case err != nil:
			t.Errorf("%v: %v", tc.ids, err)
		case tc.want == "" && len(got) != 0:
			t.Errorf("%v: %d results, want none", tc.ids, len(got))
		case tc.want != "" && (len(got) != 1 || got[0].Symbology != tc.want || got[0].Text != "compact and shared"):
			t.Errorf("%v: %+v, want one %s", tc.ids, got, tc.want)
		}
	}
}

// read reads src for the kind k, as a scan for its id does (and for
// PDF417, a scan for Compact PDF417 too).
func read(k kind, src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	return readKinds(src, opts, k)
}

// readKinds reads src for the given kinds, as one scan for their ids does.
func readKinds(src *binarize.Source, opts symbology.ReadOptions, kinds ...kind) []symbology.Barcode {
	opts.IDs = nil
	for _, k := range kinds {
		opts.IDs = append(opts.IDs, k.id())
		if k == kindFull {
			opts.IDs = append(opts.IDs, kindCompact.id())
		}
	}
	got, err := symbology.Read(context.Background(), src, opts)
	if err != nil {
		panic(err)
	}
	return got
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

// TestRepeats checks which pairs of edges repeat a pair that failed: the
// same start and stop lines over another stretch of rows do; another
// stop line, a lone edge or another kind do not.
func TestRepeats(t *testing.T) {
	vertical := func(x, y0, y1, in float64) *edge {
		return &edge{a: detect.Point{X: x, Y: y0}, b: detect.Point{X: x, Y: y1}, in: detect.Point{X: in}, module: 2}
	}
	failed := []*candidate{{kind: kindFull, left: vertical(38, 417, 764, 1), right: vertical(543, 418, 764, -1)}}
	tests := []struct {
		name string
		c    candidate
		want bool
	}{
		{"same lines, other rows", candidate{kind: kindFull, left: vertical(38.5, 450, 763, 1), right: vertical(542, 418, 700, -1)}, true},
		{"same lines within two modules", candidate{kind: kindFull, left: vertical(41.9, 417, 764, 1), right: vertical(543, 418, 764, -1)}, true},
		{"left line moved", candidate{kind: kindFull, left: vertical(44.5, 417, 764, 1), right: vertical(543, 418, 764, -1)}, false},
		{"another stop", candidate{kind: kindFull, left: vertical(38, 417, 764, 1), right: vertical(1100, 418, 764, -1)}, false},
		{"facing the other way", candidate{kind: kindFull, left: vertical(38, 417, 764, -1), right: vertical(543, 418, 764, -1)}, false},
		{"lone left edge", candidate{kind: kindFull, left: vertical(38, 417, 764, 1)}, false},
		{"lone right edge", candidate{kind: kindFull, right: vertical(543, 418, 764, -1)}, false},
		{"MicroPDF417", candidate{kind: kindMicro, left: vertical(38, 417, 764, 1), right: vertical(543, 418, 764, -1)}, false},
	}
	for _, tt := range tests {
		if got := repeats(&tt.c, failed); got != tt.want {
			t.Errorf("%s: repeats = %v, want %v", tt.name, got, tt.want)
		}
	}
}
