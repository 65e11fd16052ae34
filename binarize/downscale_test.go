package binarize

import "testing"

// TestDownscaleReciprocal checks the reciprocal Downscale divides by
// against division for every rounded sum of every factor it may be given.
func TestDownscaleReciprocal(t *testing.T) {
	for factor := 2; factor <= maxReciprocal; factor++ {
		area := factor * factor
		recip := (uint64(1)<<32 + uint64(area) - 1) / uint64(area)
		for x := 0; x <= 255*area+area/2; x++ {
			if got, want := uint64(x)*recip>>32, uint64(x/area); got != want {
				t.Fatalf("factor %d: %d/%d = %d, reciprocal gives %d", factor, x, area, want, got)
			}
		}
	}
}
