package code128

import (
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/symbology"
)

// judge is the reference's judgement, except that GS1 results, which read
// in their human-readable form, also match as their element string, which
// is what the corpus holds.
func judge(row corpustest.CorpusRow, got []symbology.Barcode, want string) (pass, misread bool) {
	for _, b := range got {
		if b.Text == want || b.GS1 && string(b.Bytes) == want {
			return true, false
		}
	}
	return false, len(got) > 0
}

// behind counts, by folder, the images the reference reader reads in
// thorough mode and barkit does not yet. The tests hold barkit to the
// reference less these, so that they fail on any further loss; an entry
// goes when the image reads. None is behind: code128-2/06, a symbol of two
// pixels per module so blurred that its one-module spaces between bars dim
// the luminance by a tenth of the contrast, reads on strongly sharpened
// lines (strongSharpen in package linear).
var behind = map[string]int{}

// TestCorpusTurned reads the Code 128 folders turned 90° and 270°, which
// thorough mode reads on vertical lines: every image the reference reads
// upright must read turned too.
func TestCorpusTurned(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	for _, row := range corpustest.CorpusRows(t, "Code128") {
		if row.Rotation != 0 {
			continue
		}
		for _, rot := range []int{90, 270} {
			pass := 0
			imgs := corpustest.LoadFolder(t, row.Folder)
			for _, im := range imgs {
				got := read(binarize.NewSource(corpustest.Rotate(im.Lum, rot)), symbology.ReadOptions{})
				p, m := judge(row, got, im.Want)
				if m {
					t.Errorf("%s/%s rotation %d: misread %q, want %q", row.Folder, im.Name, rot, got[0].Text, im.Want)
				}
				if !p {
					continue
				}
				pass++
				// The orientation turns with the image.
				upright := read(binarize.NewSource(im.Lum), symbology.ReadOptions{})
				if len(upright) == 1 {
					want := (upright[0].Orientation + rot) % 360
					if d := (got[0].Orientation - want + 540) % 360; d < 180-3 || d > 180+3 {
						t.Errorf("%s/%s rotation %d: orientation %d, upright %d", row.Folder, im.Name, rot, got[0].Orientation, upright[0].Orientation)
					}
				}
			}
			t.Logf("%-12s %3d slow pass %2d of %2d, reference upright %2d", row.Folder, rot, pass, len(imgs), row.SlowMin)
			if pass < row.SlowMin-behind[row.Folder] {
				t.Errorf("%s rotation %d: %d passed, %d upright in the reference", row.Folder, rot, pass, row.SlowMin)
			}
		}
	}
}
