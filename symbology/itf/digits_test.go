package itf

import (
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
)

// TestDigits checks the digit table: two wide elements of five, whose
// weights 1, 2, 4, 7 and 0 sum to the digit (0 as 11), all distinct.
func TestDigits(t *testing.T) {
	seen := map[string]int{}
	for d, p := range digits {
		sum := 0
		for k, weight := range []int{1, 2, 4, 7, 0} {
			if p[k] == 'w' {
				sum += weight
			}
		}
		if strings.Count(p, "w") != 2 || sum%11 != d && !(d == 0 && sum == 11) {
			t.Errorf("%d: %s", d, p)
		}
		if o, ok := seen[p]; ok {
			t.Errorf("%d and %d share %s", o, d, p)
		}
		seen[p] = d
	}
}

// TestGS1Check checks the check digit on GTINs of the GS1 General
// Specifications' examples.
func TestGS1Check(t *testing.T) {
	for _, d := range []string{"15400141288763", "00012345678905", "30712345000010", "09506000134352"} {
		if !checked(d) {
			t.Errorf("%s: check digit %c", d, gs1Check(d[:len(d)-1]))
		}
	}
	if checked("0053611912") || checked("1") {
		t.Error("a wrong check digit passed")
	}
}

// TestZint compares the writer's modules with zint's (2.11), which writes
// the same wide to narrow ratio of 3: ITF, and ITF-14's bars (zint's dump
// gives its first row, the bars, without the box of bearer bars).
func TestZint(t *testing.T) {
	for _, c := range []struct {
		id, data string
		zint     []string
	}{
		{"itf", "1234567890", []string{"-b", "3", "-d", "1234567890"}},
		{"itf", "0011223344556677889900", []string{"-b", "3", "-d", "0011223344556677889900"}},
		{"itf14", "1540014128876", []string{"-b", "89", "-d", "1540014128876"}},
	} {
		sym, err := write(c.id, c.data, "")
		if err != nil {
			t.Fatal(err)
		}
		m, _ := Encode(sym.Text)
		if want := enginetest.ZintRow(t, c.zint...); !slices.Equal(m.Pix, want) {
			t.Errorf("%s %q: modules differ from zint's:\n%v\n%v", c.id, c.data, m.Pix, want)
		}
	}
}

// TestBearers checks the frame of an ITF-14 symbol: bearer bars of
// bearerModules on every side, the quiet zone inside, the bars in
// between on every row.
func TestBearers(t *testing.T) {
	sym, err := write("itf14", "1540014128876", "")
	if err != nil {
		t.Fatal(err)
	}
	bars, _ := Encode(sym.Text)
	m := sym.Modules
	if m.Width != bars.Width+2*(quietZone+bearerModules) || m.Height != bearerHeight+2*bearerModules {
		t.Fatalf("frame %dx%d", m.Width, m.Height)
	}
	for y := range m.Height {
		row := m.Pix[y*m.Width : (y+1)*m.Width]
		if y < bearerModules || y >= m.Height-bearerModules {
			if slices.Contains(row, false) {
				t.Fatalf("row %d: not all bearer", y)
			}
			continue
		}
		want := append(append(make([]bool, 0, m.Width), slices.Repeat([]bool{true}, bearerModules)...), make([]bool, quietZone)...)
		want = append(append(append(want, bars.Pix...), make([]bool, quietZone)...), slices.Repeat([]bool{true}, bearerModules)...)
		if !slices.Equal(row, want) {
			t.Fatalf("row %d differs", y)
		}
	}
}
