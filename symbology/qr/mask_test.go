package qr

import (
	"math/rand"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// referencePenalty is the plain module-by-module reading of ISO/IEC
// 18004:2015 §7.8.3.1, kept as the reference for the bit-parallel
// scoreLines: runs, 2×2 blocks and finder-like patterns counted by walking
// the matrix, with the quiet zone around the symbol taken as light.
func referencePenalty(m *matrix.Matrix) int {
	n := m.Width
	at := func(x, y int) bool { return m.Get(x, y) } // outside: light
	p := 0
	for line := range n {
		for _, get := range []func(i int) bool{
			func(i int) bool { return at(i, line) },
			func(i int) bool { return at(line, i) },
		} {
			// N1
			run := 1
			for i := 1; i <= n; i++ {
				if i < n && get(i) == get(i-1) {
					run++
					continue
				}
				if run >= 5 {
					p += 3 + run - 5
				}
				run = 1
			}
			// N3
			pattern := []bool{true, false, true, true, true, false, true}
			for s := -4; s < n; s++ {
				ok := true
				for k, want := range pattern {
					if get2(get, n, s+k) != want {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				before, after := true, true
				for k := 1; k <= 4; k++ {
					before = before && !get2(get, n, s-k)
					after = after && !get2(get, n, s+6+k)
				}
				if before || after {
					p += 40
				}
			}
		}
	}
	// N2
	for y := 0; y+1 < n; y++ {
		for x := 0; x+1 < n; x++ {
			c := at(x, y)
			if at(x+1, y) == c && at(x, y+1) == c && at(x+1, y+1) == c {
				p += 3
			}
		}
	}
	// N4
	dark := 0
	for _, v := range m.Pix {
		if v {
			dark++
		}
	}
	for k := 0; ; k++ {
		lo, hi := 50-5*(k+1), 50+5*(k+1)
		pct := float64(dark) * 100 / float64(n*n)
		if pct > float64(lo) && pct < float64(hi) {
			return p + 10*k
		}
	}
}

// get2 reads module i of a line, light outside the symbol.
func get2(get func(int) bool, n, i int) bool {
	return i >= 0 && i < n && get(i)
}

// linesOf builds the row and column line sets of a matrix.
func linesOf(m *matrix.Matrix) (rows, cols []uint64, lw int) {
	n := m.Width
	lw = (n + 2*pad + 63) / 64
	rows, cols = make([]uint64, n*lw), make([]uint64, n*lw)
	for y := range n {
		for x := range n {
			if m.Pix[y*n+x] {
				setLineBit(rows, cols, lw, x, y)
			}
		}
	}
	return rows, cols, lw
}

// TestScoreLines compares the bit-parallel penalty with the reference on
// random matrices of one, two and three words per line, on patterned ones
// and on real symbols under every mask.
func TestScoreLines(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	var ms []*matrix.Matrix
	for _, n := range []int{21, 25, 45, 57, 61, 101, 121, 125, 177} {
		for _, density := range []int{2, 3, 5} {
			m := matrix.New(n, n)
			for i := range m.Pix {
				m.Pix[i] = r.Intn(density) == 0
			}
			ms = append(ms, m)
		}
		// Long runs and finder-like patterns across word boundaries.
		m := matrix.New(n, n)
		for y := range n {
			for x := range n {
				m.Pix[y*n+x] = (x/7+y/3)%2 == 0 || x%11 == 3
			}
		}
		ms = append(ms, m)
	}
	for _, text := range []string{"01234567", "HELLO WORLD", "https://example.com/a/b/c?d=e", string(make([]byte, 300))} {
		for mask := 1; mask <= 8; mask++ {
			c, err := Encode(text, Options{Mask: mask})
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, c.Modules)
		}
	}
	for i, m := range ms {
		rows, cols, lw := linesOf(m)
		got, want := scoreLines(rows, cols, m.Width, lw, -1), referencePenalty(m)
		if got != want {
			t.Errorf("matrix %d (%d×%d): penalty %d, reference %d", i, m.Width, m.Width, got, want)
		}
	}
}

// TestMaskChoice checks that Encode picks the mask with the lowest penalty
// (the first on a tie) and honours a forced mask.
func TestMaskChoice(t *testing.T) {
	for _, text := range []string{"01234567", "HELLO WORLD", "mask choice test with some bytes", "漢字"} {
		best, bestMask := 0, -1
		for m := range 8 {
			c, err := Encode(text, Options{Mask: m + 1})
			if err != nil || c.Mask != m {
				t.Fatalf("forced mask %d: got %d, %v", m, c.Mask, err)
			}
			if p := referencePenalty(c.Modules); bestMask < 0 || p < best {
				best, bestMask = p, m
			}
		}
		c, _ := Encode(text, Options{})
		if c.Mask != bestMask {
			t.Errorf("%q: mask %d chosen, lowest penalty is mask %d", text, c.Mask, bestMask)
		}
	}
}

// TestMaskPatterns checks the mask conditions of Table 10 on the module
// patterns they are known for.
func TestMaskPatterns(t *testing.T) {
	// Rows 0-2, columns 0-5 of each pattern, '#' where the mask inverts.
	want := [8][3]string{
		{"#.#.#.", ".#.#.#", "#.#.#."},
		{"######", "......", "######"},
		{"#..#..", "#..#..", "#..#.."},
		{"#..#..", "..#..#", ".#..#."},
		{"###...", "###...", "...###"},
		{"######", "#.....", "#..#.."},
		{"######", "###...", "##.##."},
		{"#.#.#.", "...###", "#...##"},
	}
	for m := range 8 {
		for i, row := range want[m] {
			for j := range row {
				if qrfamily.MaskBit(m, i, j) != (row[j] == '#') {
					t.Errorf("mask %03b at row %d column %d: %v", m, i, j, qrfamily.MaskBit(m, i, j))
				}
			}
		}
	}
}
