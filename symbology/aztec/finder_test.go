package aztec

import (
	"context"
	"math/rand/v2"
	"slices"
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

// TestRingWindows checks ringWindows, with its prefilter on pairs of runs
// and its tests without branches, against the row scan as first written
// (refRingWindows), on rows of random runs: short and long runs, and
// rings of every module size with a jitter around the tolerances.
func TestRingWindows(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	b := make([]int32, 200)
	var ks []int32
	for i := range 20000 {
		// Runs of up to max pixels, or rings of module m ± jitter.
		nr := 1 + rng.IntN(len(b)-1)
		b[0] = 0
		m := 1 + rng.IntN(12)
		for j := 1; j <= nr; j++ {
			var r int
			switch i % 3 {
			case 0:
				r = 1 + rng.IntN(1+m)
			case 1:
				r = 1 + rng.IntN(3*m)
			default:
				r = max(1, m+rng.IntN(m+1)-m/2)
			}
			b[j] = b[j-1] + int32(r)
		}
		first, light := rng.IntN(2) == 0, rng.IntN(2) == 0
		ks = ringWindows(b, nr, first, light, ks)
		if want := refRingWindows(b, nr, first, light); !slices.Equal(ks, want) {
			t.Fatalf("runs %v, first %v, light %v: got %v, want %v", b[:nr+1], first, light, ks, want)
		}
	}
}

// refRingWindows is ringWindows as the row scan first wrote it: each
// window in turn, tested by refRingRuns and the outer runs against half
// the module in floats.
func refRingWindows(b []int32, nr int, first, light bool) []int32 {
	var ks []int32
	k, inc := innerRuns+1, 2
	if light {
		inc = 1
	} else if !first {
		k++
	}
	for ; k < nr; k += inc {
		inner := b[k] - b[k-7]
		if float64(inner) < innerRuns*minModule || !refRingRuns(b[k-7:k+1]) {
			continue
		}
		m := float64(inner) / innerRuns
		if float64(b[k-7]-b[k-8]) < m/2 || float64(b[k+1]-b[k]) < m/2 {
			continue
		}
		ks = append(ks, int32(k))
	}
	return ks
}

// refRingRuns is ringRuns as first written, a test at a time: innerModule's
// tests in integers (innerModule itself, in floats, differs where a run is
// exactly at the tolerance, as 16 among dark runs of 10, 6 and 16 is).
func refRingRuns(e []int32) bool {
	sl := e[1] - e[0] + e[3] - e[2] + e[5] - e[4] + e[7] - e[6]
	sd := e[2] - e[1] + e[4] - e[3] + e[6] - e[5]
	if 4*sd > 3*3*sl || 3*sl > 4*3*sd {
		return false
	}
	for i := range innerRuns {
		n, sum := int32(4), sl
		if i%2 == 1 {
			n, sum = 3, sd
		}
		d := n*(e[i+1]-e[i]) - sum
		if d < 0 {
			d = -d
		}
		if 2*d > max(sum, 2*n) {
			return false
		}
	}
	return true
}
