package pdf417

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSymbolChars checks the structure of every symbol character of the
// transcribed table (ISO/IEC 15438:2015 Annex A): four bars and four
// spaces, bar first, each 1 to 6 modules, 17 modules in all, the cluster
// number (b1 - b2 + b3 - b4 + 9) mod 9 of the column it stands in, and no
// pattern twice in the whole table.
func TestSymbolChars(t *testing.T) {
	seen := make(map[uint32]string)
	for v, row := range symbolChars {
		for k, seq := range row {
			w := seqWidths(seq)
			if len(w) != elementCount {
				t.Errorf("value %d cluster %d: %d has %d elements, want 8", v, 3*k, seq, len(w))
				continue
			}
			sum := 0
			for _, x := range w {
				if x < 1 || x > 6 {
					t.Errorf("value %d cluster %d: %d has an element of %d modules", v, 3*k, seq, x)
				}
				sum += x
			}
			if sum != moduleCount {
				t.Errorf("value %d cluster %d: %d spans %d modules, want 17", v, 3*k, seq, sum)
			}
			if c := clusterNumber(w); c != 3*k {
				t.Errorf("value %d: %d in the column of cluster %d has cluster number %d", v, seq, 3*k, c)
			}
			p := widthsToPattern(w)
			if p>>16 != 1 || p&1 != 0 {
				t.Errorf("value %d cluster %d: pattern %017b does not start with a bar and end with a space", v, 3*k, p)
			}
			name := "value " + itoa(v) + " cluster " + itoa(3*k)
			if prev, dup := seen[p]; dup {
				t.Errorf("%s repeats the pattern of %s", name, prev)
			}
			seen[p] = name
		}
	}
	if len(seen) != 3*valueCount {
		t.Errorf("%d distinct patterns, want %d", len(seen), 3*valueCount)
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestLookupPattern checks that the pattern index finds every character,
// and no other pattern of 17 modules or more.
func TestLookupPattern(t *testing.T) {
	chars := make(map[uint32]bool)
	for k := range 3 {
		for v := range valueCount {
			gv, gk, ok := lookupPattern(charPatterns[k][v])
			if !ok || gv != v || gk != k {
				t.Fatalf("lookup of value %d cluster %d gave %d, %d, %v", v, 3*k, gv, 3*gk, ok)
			}
			chars[charPatterns[k][v]] = true
		}
	}
	for p := range uint32(1 << moduleCount) {
		if _, _, ok := lookupPattern(p); ok != chars[p] {
			t.Fatalf("lookup of %017b: %v", p, ok)
		}
	}
	for _, p := range []uint32{1 << 20, charPatterns[0][0] | 1<<17, widthsToPattern([]int{1, 1, 1, 1, 1, 1, 1, 10})} {
		if _, _, ok := lookupPattern(p); ok {
			t.Errorf("lookup of %b succeeded", p)
		}
	}
}

// TestSampleChar checks the module-sampling decoder on every character,
// drawn at several module sizes, and with its edges moved by up to a third
// of a module.
func TestSampleChar(t *testing.T) {
	for _, scale := range []int32{1, 3, 6} {
		for k := range 3 {
			for v := range valueCount {
				w := charWidths(k, v)
				var runs [elementCount]int32
				for i, x := range w {
					runs[i] = int32(x) * scale
				}
				if scale == 6 {
					// Ink spread: bars 2/6 of a module wider, spaces narrower.
					for i := range runs {
						if i%2 == 0 {
							runs[i] += 2
						} else {
							runs[i] -= 2
						}
					}
				}
				gv, gk, ok := sampleChar(runs[:])
				if !ok || gv != v || gk != k {
					t.Fatalf("scale %d: value %d cluster %d read as %d, %d, %v", scale, v, 3*k, gv, 3*gk, ok)
				}
			}
		}
	}
}

// TestClosestChar checks the nearest-character fallback: exact widths give
// the character itself at distance 0, and widths off by fractions of a
// module that sampling reads wrong still give it.
func TestClosestChar(t *testing.T) {
	for k := range 3 {
		for v := 0; v < valueCount; v += 7 {
			w := charWidths(k, v)
			var runs [elementCount]int32
			for i, x := range w {
				runs[i] = int32(x) * 10
			}
			if got, d, ok := closestChar(runs[:], k, maxClosest); !ok || got != v || d != 0 {
				t.Fatalf("value %d cluster %d: closest %d at %v", v, 3*k, got, d)
			}
			// Move one inner edge by 4/10 of a module.
			runs[2] += 4
			runs[3] -= 4
			if got, d, ok := closestChar(runs[:], k, maxClosest); !ok || got != v || d > maxClosest || math.IsNaN(d) {
				t.Fatalf("value %d cluster %d with a moved edge: closest %d at %v", v, 3*k, got, d)
			}
		}
	}
}

// TestSampleRAP checks sampleRAP against the plain reading of a row
// address pattern, module by module, over every six elements of 1 to 6
// units and random wider ones.
func TestSampleRAP(t *testing.T) {
	// walk reads the colour at the centre of each module in turn.
	walk := func(w []int32, set int) (int, bool) {
		total := 0
		for _, x := range w[:6] {
			total += int(x)
		}
		var p uint32
		e, edge := 0, int(w[0])
		for m := range rapWidth {
			c := (2*m + 1) * total
			for e < 5 && 2*rapWidth*edge <= c {
				e++
				edge += int(w[e])
			}
			p <<= 1
			if e%2 == 0 {
				p |= 1
			}
		}
		n := rapPatterns[set][p&(1<<rapWidth-1)]
		return int(n), n != 0
	}
	check := func(w []int32) {
		for set := range 2 {
			gn, gok := sampleRAP(w, set)
			wn, wok := walk(w, set)
			if gn != wn || gok != wok {
				t.Fatalf("sampleRAP(%v, %d) = %d, %v; reading module by module gives %d, %v", w, set, gn, gok, wn, wok)
			}
		}
	}
	var w [6]int32
	for c := range 6 * 6 * 6 * 6 * 6 * 6 {
		for j := range w {
			w[j] = int32(1 + c%6)
			c /= 6
		}
		check(w[:])
		// The same, scaled up: module centres on element ends, whose
		// quotients are whole, at widths where the reciprocal that
		// sampleRAP multiplies by is rounded the most.
		for j := range w {
			w[j] *= 1<<28 - 3
		}
		check(w[:])
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, widest := range []int{60, 1000, math.MaxInt32 / 6} {
		for range 100000 {
			for j := range w {
				w[j] = int32(1 + rng.IntN(widest))
			}
			check(w[:])
		}
	}
}

// TestClosestCharExact checks the grouped search of closestChar against a
// plain search over every value, on random widths and on the widths of
// every value with one element one module off: without a limit it finds
// the same value at the same distance, and with the limit closestAt uses
// it finds that value exactly when it is within the limit.
func TestClosestCharExact(t *testing.T) {
	plain := func(w []int32, k int) (int, float64) {
		total := 0
		for _, x := range w[:elementCount] {
			total += int(x)
		}
		best, bestD := 0, math.Inf(1)
		for v := range valueCount {
			d := 0.0
			for i := range elementCount {
				t := float64(w[i])*moduleCount/float64(total) - float64(charWidthTable[k][v][i])
				d += t * t
			}
			if d < bestD {
				best, bestD = v, d
			}
		}
		return best, bestD
	}
	rng := rand.New(rand.NewPCG(7, 9))
	var w [elementCount]int32
	check := func() {
		for k := range 3 {
			gv, gd, ok := closestChar(w[:], k, math.Inf(1))
			wv, wd := plain(w[:], k)
			if !ok || gv != wv || math.Abs(gd-wd) > 1e-9 {
				t.Fatalf("closestChar(%v, %d) = %d, %v, %v; want %d, %v", w, k, gv, gd, ok, wv, wd)
			}
			bv, bd, bok := closestChar(w[:], k, maxClosest)
			if bok != (gd <= maxClosest) || bok && (bv != gv || bd != gd) {
				t.Fatalf("closestChar(%v, %d, %v) = %d, %v, %v; want %d, %v, %v", w, k, maxClosest, bv, bd, bok, gv, gd, gd <= maxClosest)
			}
		}
	}
	for range 20000 {
		for i := range w {
			w[i] = 1 + rng.Int32N(60)
		}
		check()
	}
	for v := range valueCount {
		for i := range elementCount {
			for k := range 3 {
				for j := range w {
					w[j] = int32(charWidthTable[k][v][j]) * 8
				}
				w[i] += 8
				check()
			}
		}
	}
}
