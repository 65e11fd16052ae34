package aztec

import (
	"context"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/adversarial"
)

// TestFinderTextures guards the finder's cheap tests and caps on images
// that are all texture (internal/adversarial): each kind of texture must
// stop at the test meant for it, so that it costs little more than its
// runs, and none may exceed the caps.
func TestFinderTextures(t *testing.T) {
	const n = 600
	stops := map[string]string{
		"checker1":  "windows", // minModule: one-pixel squares are too small
		"stripes0":  "probed",  // probeColumn: the column across vertical stripes does not change
		"stripes30": "closed",  // closedCentre: the centre runs on along the stripes
		"stripes45": "closed",
		"checker2":  "found", // the cross-sections along the diagonals
		"stripes80": "found",
		"blank":     "windows",
	}
	for _, c := range adversarial.Cases() {
		bin := binarize.LocalThreshold(binarize.Luminance(c.Make(n, n)))
		var st finderStats
		got := findBullseyesStats(context.Background(), bin, 1, true, nil, &st)
		if len(got) > maxBullseyes || st.closed > maxClosed(n, n) || st.found > maxConfirms(n, n) {
			t.Errorf("%s: %d candidates, %+v: over a cap", c.Name, len(got), st)
		}
		var past int
		switch stops[c.Name] {
		case "windows":
			past = st.windows
		case "probed":
			past = st.probed
		case "closed":
			past = st.closed
		case "found":
			past = st.found
		default:
			continue
		}
		if past != 0 {
			t.Errorf("%s: %+v: got past the test meant to stop it (%s)", c.Name, st, stops[c.Name])
		}
	}
}
