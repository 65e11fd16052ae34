package enginetest

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/matrix"
)

// Zint runs zint with args and --dump and returns the symbol it writes as
// a module matrix, as wide as the last dark module of any row (the dump
// pads rows to whole hex digits). The error is zint's when it refuses the
// data, exec's when zint is missing.
func Zint(args ...string) (*matrix.Matrix, error) {
	return zint(nil, args)
}

// ZintHave reports whether zint is installed.
func ZintHave() bool {
	_, err := exec.LookPath("zint")
	return err == nil
}

// zint runs zint with args and --dump, reading stdin as its standard
// input when it is not nil, and parses the dump.
func zint(stdin []byte, args []string) (*matrix.Matrix, error) {
	cmd := exec.Command("zint", append([]string{"--dump"}, args...)...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("zint %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	var rows [][]bool
	width := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasPrefix(line, "Warning") {
			continue
		}
		var row []bool
		for _, c := range line {
			if c == ' ' {
				continue
			}
			v := strings.IndexRune("0123456789ABCDEF", c)
			if v < 0 {
				return nil, fmt.Errorf("zint %s: unexpected dump line %q", strings.Join(args, " "), line)
			}
			for k := 3; k >= 0; k-- {
				row = append(row, v>>k&1 == 1)
			}
		}
		if i := lastDark(row); i >= width {
			width = i + 1
		}
		rows = append(rows, row)
	}
	m := matrix.New(width, len(rows))
	for y, r := range rows {
		copy(m.Pix[y*width:(y+1)*width], r[:min(width, len(r))])
	}
	return m, nil
}

// lastDark returns the index of the last dark module of row, -1 when
// there is none.
func lastDark(row []bool) int {
	for x := len(row) - 1; x >= 0; x-- {
		if row[x] {
			return x
		}
	}
	return -1
}

// ZintRow writes a linear symbol with zint, whose options args name (such
// as "-b", "8", "-d", "ABC"), and returns its modules from its first bar
// to its last. It skips the test when zint is missing and fails it when
// zint rejects the data or writes more than one row.
func ZintRow(t testing.TB, args ...string) []bool {
	t.Helper()
	if !ZintHave() {
		t.Skip("zint not installed (Debian package zint)")
	}
	m, err := Zint(args...)
	if err != nil {
		t.Fatal(err)
	}
	if m.Height != 1 {
		t.Fatalf("zint %q: %d rows, one expected", args, m.Height)
	}
	return m.Pix
}

// ZintECIs returns the ECI designators a user of zint could give for
// text: those of the character sets eci.Choices offers, and always, in
// increasing order without repeats. zint refuses those that lack a
// character of text.
func ZintECIs(text string, always ...int) []int {
	ecis := slices.Clone(always)
	for _, c := range eci.Choices(text) {
		if c.ECI > 0 {
			ecis = append(ecis, c.ECI)
		}
	}
	slices.Sort(ecis)
	return slices.Compact(ecis)
}

// A ZintSymbol is a symbol zint wrote, with the ECI given for it (0 for
// none).
type ZintSymbol struct {
	ECI     int
	Modules *matrix.Matrix
}

// ZintRuns writes p with zint and args (the symbology, the level, the
// shape), passing the data on zint's standard input, once without --eci
// and once with each of ecis, and returns the symbols zint writes, in that
// order. A binary payload is written once, with --binary and without
// --eci. The error is that of the first run when zint writes none.
func ZintRuns(p Payload, ecis []int, args ...string) ([]ZintSymbol, error) {
	args = append(slices.Clip(args), "--input=-")
	if p.Binary {
		args, ecis = append(args, "--binary"), nil
	}
	var out []ZintSymbol
	var first error
	for _, e := range append([]int{0}, ecis...) {
		a := args
		if e > 0 {
			a = append(slices.Clip(args), fmt.Sprintf("--eci=%d", e))
		}
		m, err := zint([]byte(p.Data), a)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		out = append(out, ZintSymbol{e, m})
	}
	if out == nil {
		return nil, first
	}
	return out, nil
}

// Smallest returns the symbol of syms of the smallest area, the first of
// equal ones.
func Smallest(syms []ZintSymbol) ZintSymbol {
	best := syms[0]
	for _, s := range syms[1:] {
		if s.Modules.Width*s.Modules.Height < best.Modules.Width*best.Modules.Height {
			best = s
		}
	}
	return best
}
