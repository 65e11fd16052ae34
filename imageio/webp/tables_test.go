package webp

import "testing"

// TestTables spot-checks the tables transcribed from RFC 6386 against
// entries read again from the RFC, the first and last of each block,
// and checks the structure of the others.
func TestTables(t *testing.T) {
	for _, tt := range []struct {
		name      string
		got, want uint8
	}{
		// §13.5, default_coeff_probs.
		{"default [0][1][0][0]", defaultCoeffProbs[0][1][0][0], 253},
		{"default [1][0][0][10]", defaultCoeffProbs[1][0][0][10], 62},
		{"default [2][7][2][10]", defaultCoeffProbs[2][7][2][10], 128},
		{"default [3][7][2][0]", defaultCoeffProbs[3][7][2][0], 238},
		// §13.4, coeff_update_probs.
		{"update [0][1][0][0]", coeffUpdateProbs[0][1][0][0], 176},
		{"update [1][0][2][6]", coeffUpdateProbs[1][0][2][6], 253},
		{"update [3][7][1][0]", coeffUpdateProbs[3][7][1][0], 254},
		// §11.5, kf_bmode_prob.
		{"bmode [0][0][0]", kfBModeProbs[0][0][0], 231},
		{"bmode [4][5][8]", kfBModeProbs[bLD][bRD][8], 85},
		{"bmode [9][9][8]", kfBModeProbs[9][9][8], 24},
	} {
		if tt.got != tt.want {
			t.Errorf("%s = %d, want %d", tt.name, tt.got, tt.want)
		}
	}
	// §14.1: the lookups rise from 4 to 157 and 284.
	for i, tt := range []struct {
		q      int
		dc, ac uint16
	}{{0, 4, 4}, {7, 10, 11}, {64, 59, 78}, {127, 157, 284}} {
		if dcQLookup[tt.q] != tt.dc || acQLookup[tt.q] != tt.ac {
			t.Errorf("%d: q %d gives %d, %d, want %d, %d", i, tt.q, dcQLookup[tt.q], acQLookup[tt.q], tt.dc, tt.ac)
		}
	}
	for q := 1; q < 128; q++ {
		if dcQLookup[q] < dcQLookup[q-1] || acQLookup[q] <= acQLookup[q-1] {
			t.Errorf("the lookups fall at q %d", q)
		}
	}
	// The zig-zag order is a permutation; the bands of §13.3 start at 0.
	seen := 0
	for _, z := range zigzag {
		seen |= 1 << z
	}
	if seen != 1<<16-1 || coeffBands[0] != 0 || coeffBands[15] != 7 {
		t.Errorf("zigzag %v, coeffBands %v", zigzag, coeffBands)
	}
}

// TestTrees checks that each coding tree (§8.1) reaches each of its
// values once, from the root, with one probability per inner node.
func TestTrees(t *testing.T) {
	for _, tt := range []struct {
		name   string
		tree   []int8
		values int
	}{
		{"mb_segment_tree", mbSegmentTree, 4},
		{"kf_ymode_tree", kfYModeTree, 5},
		{"bmode_tree", bModeTree, numBModes},
		{"uv_mode_tree", uvModeTree, 4},
	} {
		if len(tt.tree) != 2*(tt.values-1) {
			t.Errorf("%s has %d entries for %d values", tt.name, len(tt.tree), tt.values)
			continue
		}
		leaves := map[int]int{}
		var walk func(i, depth int)
		walk = func(i, depth int) {
			for _, c := range tt.tree[i : i+2] {
				if c <= 0 {
					leaves[int(-c)]++
				} else if depth < len(tt.tree) {
					walk(int(c), depth+1)
				}
			}
		}
		walk(0, 0)
		for v := range tt.values {
			if leaves[v] != 1 {
				t.Errorf("%s reaches %d %d times", tt.name, v, leaves[v])
			}
		}
	}
}
