package databar

import (
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
	"github.com/barkit/barkit/symbology/linear"
)

// TestTextureWork decodes every row, both ways, of images without symbols
// (package adversarial's cases at 600×600) and checks the work the cheap
// tests leave to the decoders: finder candidates (finderCandidates, with
// minFinderWidth and pairRatio) and pieces (minPieceChars) few, and no
// symbol.
// These bound the reader's cost on images without DataBar, the cost budget
// of issue 15.
func TestTextureWork(t *testing.T) {
	// The bounds: what the reader does today with some margin. Noise
	// leaves 0.4% of its elements as candidates and pieces on 13% of its
	// rows; without minFinderWidth, 1.8% and 31%, and with pieces of one
	// character (minPieceChars 1), pieces on 26%. Clutter, text-like,
	// leaves 3.5% and 15%. The other cases leave none.
	bounds := map[string]struct{ cands, pieces float64 }{
		"noise":   {0.006, 0.18},
		"clutter": {0.05, 0.2},
	}
	for _, c := range adversarial.Cases() {
		maxCandidateShare, maxPieceShare := bounds[c.Name].cands, bounds[c.Name].pieces
		img := c.Make(600, 600)
		g := binarize.Luminance(img)
		elements, cands, pieces, rows := 0, 0, 0, 0
		lum := make([]uint8, g.Rect.Dx())
		for y := 0; y < g.Rect.Dy(); y++ {
			copy(lum, g.Pix[y*g.Stride:])
			for _, rev := range []bool{false, true} {
				if rev {
					for i, j := 0, len(lum)-1; i < j; i, j = i+1, j-1 {
						lum[i], lum[j] = lum[j], lum[i]
					}
				}
				r := linear.RowOf(lum)
				rows++
				elements += len(r.W)
				cands += len(finderCandidates(r, nil))
				for _, h := range decodeRow(r, nil) {
					if !h.Piece {
						t.Errorf("%s row %d: read %+v", c.Name, y, h)
					}
					pieces++
				}
			}
		}
		t.Logf("%s: %d rows, %d elements, %d finder candidates, %d pieces", c.Name, rows, elements, cands, pieces)
		if float64(cands) > maxCandidateShare*float64(elements) || float64(pieces) > maxPieceShare*float64(rows) {
			t.Errorf("%s: %d finder candidates of %d elements, %d pieces on %d rows", c.Name, cands, elements, pieces, rows)
		}
	}
}
