package pdf417

import (
	"math"
	"slices"
)

// A symbol character is 17 modules wide: four bars and four spaces, bar
// first, each 1 to 6 modules (ISO/IEC 15438:2015 §5.3.1). The 929 codeword
// values are drawn from three disjoint sets of characters, the clusters 0, 3
// and 6, named after the cluster number (b1 - b2 + b3 - b4 + 9) mod 9 of the
// bar widths b1..b4 that every character of the set shares (§5.3.1). Row r
// of a PDF417 symbol uses cluster 3·(r mod 3); MicroPDF417 rows cycle through
// them too. Clusters are held here by index, 0 to 2.

const (
	moduleCount  = 17  // modules per symbol character
	elementCount = 8   // bars and spaces per symbol character
	valueCount   = 929 // codeword values 0-928
)

// charPatterns[k][v] is the symbol character of value v in cluster index k as
// a 17-bit module pattern: bit 16 is the first (leftmost) module, 1 is dark.
var charPatterns [3][valueCount]uint32

// patternIndex finds the symbol characters by their module patterns: a hash
// table with open addressing, filled at init, of entries p<<12 | c for
// pattern p of charPatterns and c = k·929 + v, which names its cluster
// index k and value v. An empty slot is 0: every pattern begins with a bar.
var patternIndex [1 << indexBits]uint32

// indexBits sizes patternIndex: 4096 slots for the 2787 patterns keep the
// probes short and leave empty slots to end every search.
const indexBits = 12

// indexSlot returns the slot where the search for pattern p begins
// (Fibonacci hashing).
func indexSlot(p uint32) uint32 { return p * 0x9e3779b1 >> (32 - indexBits) }

func init() {
	// One pass over the table fills charPatterns, charWidthTable,
	// patternIndex and prefixGroups. Every process that scans pays for
	// this, so it allocates once per table.
	var groupLen [3][maxElement][maxElement]int
	for v, row := range symbolChars {
		for k := range row {
			w := charWidths(k, v)
			p := widthsToPattern(w[:])
			charPatterns[k][v] = p
			i := indexSlot(p)
			for patternIndex[i] != 0 {
				i = (i + 1) % (1 << indexBits)
			}
			patternIndex[i] = p<<12 | uint32(k*valueCount+v)
			for i := range w {
				charWidthTable[k][v][i] = int8(w[i])
			}
			groupLen[k][w[0]-1][w[1]-1]++
		}
	}
	// The groups share one backing array, cut by their lengths, and
	// fill in value order.
	values := make([]uint16, 3*valueCount)
	for k := range prefixGroups {
		for a := range prefixGroups[k] {
			for b := range prefixGroups[k][a] {
				n := groupLen[k][a][b]
				prefixGroups[k][a][b], values = values[:0:n], values[n:]
			}
		}
	}
	for k := range prefixGroups {
		for v := range valueCount {
			w := &charWidthTable[k][v]
			g := &prefixGroups[k][w[0]-1][w[1]-1]
			*g = append(*g, uint16(v))
		}
	}
}

// seqWidths splits a bar-space sequence written as decimal digits
// (31111136) into its element widths.
func seqWidths(seq uint32) []int {
	var w []int
	for ; seq > 0; seq /= 10 {
		w = append(w, int(seq%10))
	}
	slices.Reverse(w)
	return w
}

// widthsToPattern turns element widths, bar first, into a module pattern
// with the first module in the highest bit.
func widthsToPattern(w []int) uint32 {
	var p uint32
	dark := true
	for _, n := range w {
		p <<= n
		if dark {
			p |= 1<<n - 1
		}
		dark = !dark
	}
	return p
}

// clusterNumber returns the cluster number (b1 - b2 + b3 - b4 + 9) mod 9 of
// the element widths of a symbol character, bar first (§5.3.1).
func clusterNumber(w []int) int {
	return ((w[0]-w[2]+w[4]-w[6])%9 + 9) % 9
}

// lookupPattern returns the value and cluster index of a 17-bit module
// pattern, if it is a symbol character.
func lookupPattern(p uint32) (value, cluster int, ok bool) {
	for i := indexSlot(p); ; i = (i + 1) % (1 << indexBits) {
		e := patternIndex[i]
		if e == 0 {
			return 0, 0, false
		}
		if e>>12 == p {
			c := int(e % (1 << 12))
			return c % valueCount, c / valueCount, true
		}
	}
}

// charWidths returns the eight element widths of value v in cluster index k.
func charWidths(k, v int) [elementCount]int {
	var w [elementCount]int
	seq := symbolChars[v][k]
	for i := elementCount - 1; i >= 0; i-- {
		w[i] = int(seq % 10)
		seq /= 10
	}
	return w
}

// closestChar returns the value in cluster index k whose element widths
// are nearest, in the least-squares sense, to the widths w scaled to 17
// modules, and that distance, if it is at most limit. It is the fallback
// for characters whose sampled modules spell no character: blur and ink
// spread move edges by fractions of a module, which sampling rounds the
// wrong way, while the nearest character by widths is usually the one
// printed. The limit prunes the search from the start: most widths that
// spell no character are far from every character, and a search bounded
// by the distance its caller accepts ends after a few values.
func closestChar(w []int32, k int, limit float64) (value int, dist float64, ok bool) {
	total := 0
	for _, x := range w[:elementCount] {
		total += int(x)
	}
	if total == 0 {
		return 0, 0, false
	}
	var x [elementCount]float64
	for i := range x {
		x[i] = float64(w[i]) * moduleCount / float64(total)
	}
	// The values are visited by the widths of their first two elements,
	// nearest first, so that the best distance falls fast and whole
	// groups whose first elements alone are farther are skipped. Sums
	// run in element order, as a plain loop over the values would, and a
	// tie goes to the lower value: the result is the same. No value is
	// found yet while best is valueCount, above every value, so that one
	// at the limit exactly is taken.
	best, bestD := valueCount, limit
	o0, o1 := nearWidths(x[0]), nearWidths(x[1])
	for _, a := range o0 {
		t := x[0] - float64(a+1)
		d0 := t * t
		if d0 > bestD {
			break
		}
		for _, b := range o1 {
			t := x[1] - float64(b+1)
			d1 := d0 + t*t
			if d1 > bestD {
				break
			}
			for _, v := range prefixGroups[k][a][b] {
				e := &charWidthTable[k][v]
				d := d1
				for i := 2; i < elementCount; i++ {
					t := x[i] - float64(e[i])
					d += t * t
					if d > bestD {
						break
					}
				}
				if d < bestD || d == bestD && int(v) < best {
					best, bestD = int(v), d
				}
			}
		}
	}
	if best == valueCount {
		return 0, 0, false
	}
	return best, bestD, true
}

// nearWidths returns the element widths 1-6, less one, in order of their
// distance from x, the nearer of two equally near first.
func nearWidths(x float64) [maxElement]int {
	var o [maxElement]int
	lo := min(maxElement-1, max(0, int(math.Floor(x))-1)) // width lo+1 <= x, where it can
	hi := lo + 1
	for n := range o {
		switch {
		case hi >= maxElement || lo >= 0 && x-float64(lo+1) <= float64(hi+1)-x:
			o[n] = lo
			lo--
		default:
			o[n] = hi
			hi++
		}
	}
	return o
}

// maxElement is the widest bar or space of a symbol character, in modules.
const maxElement = 6

// prefixGroups[k][a][b] lists, in increasing order, the values of cluster
// index k whose first bar is a+1 modules wide and first space b+1.
var prefixGroups [3][maxElement][maxElement][]uint16

// charWidthTable[k][v] holds the element widths of value v in cluster
// index k.
var charWidthTable [3][valueCount][elementCount]int8
