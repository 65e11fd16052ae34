package qrtest

import (
	"fmt"
	"os/exec"
	"strings"

	"github.com/barkit/barkit/matrix"
)

// Zint runs zint (Debian package zint) with the given arguments and
// --dump, and returns the symbol it writes as a module matrix: the symbol
// of another encoder, for the tests that read what others write.
func Zint(args ...string) (*matrix.Matrix, error) {
	out, err := exec.Command("zint", append([]string{"--dump"}, args...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("zint %s: %w", strings.Join(args, " "), err)
	}
	var rows []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasPrefix(line, "Warning") {
			continue
		}
		var b strings.Builder
		for _, h := range strings.Fields(line) {
			for _, c := range h {
				v := strings.IndexRune("0123456789ABCDEF", c)
				if v < 0 {
					return nil, fmt.Errorf("zint: unexpected dump %q", line)
				}
				for k := 3; k >= 0; k-- {
					if v>>k&1 == 1 {
						b.WriteByte('#')
					} else {
						b.WriteByte('.')
					}
				}
			}
		}
		rows = append(rows, b.String())
	}
	return matrixOf(rows), nil
}

// matrixOf makes a matrix of rows of '#' (dark) and '.', as wide as the
// last dark module of any row (zint's dump pads rows to whole hex digits).
func matrixOf(rows []string) *matrix.Matrix {
	w := 0
	for _, r := range rows {
		if i := strings.LastIndexByte(r, '#'); i+1 > w {
			w = i + 1
		}
	}
	m := matrix.New(w, len(rows))
	for y, r := range rows {
		for x := 0; x < w && x < len(r); x++ {
			m.Set(x, y, r[x] == '#')
		}
	}
	return m
}
