package maxicode

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
)

// zintGrid writes a MaxiCode symbol with zint (Debian package zint) with
// the options args and returns its 30×33 modules (zint --dump). It skips
// the test when zint is missing.
func zintGrid(t testing.TB, args ...string) *matrix.Matrix {
	t.Helper()
	zint, err := exec.LookPath("zint")
	if err != nil {
		t.Skip("zint not installed (Debian package zint)")
	}
	out, err := exec.Command(zint, append([]string{"-b", "MAXICODE", "--dump"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("zint %q: %v: %s", args, err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != Rows {
		t.Fatalf("zint %q: %d rows: %s", args, len(lines), out)
	}
	m := matrix.New(Cols, Rows)
	for r, l := range lines {
		v, err := strconv.ParseUint(strings.ReplaceAll(strings.TrimSpace(l), " ", ""), 16, 32)
		if err != nil {
			t.Fatalf("zint %q: row %q: %v", args, l, err)
		}
		for c := range Cols {
			m.Set(c, r, v>>(31-c)&1 == 1)
		}
	}
	return m
}

// zintCase is a symbol written by both zint and barkit.
type zintCase struct {
	name string
	args []string // zint's options
	data string
	opts Options
}

var zintCases = []zintCase{
	{"mode4-text", []string{"-d", "Wikipedia, the free encyclopedia"}, "Wikipedia, the free encyclopedia", Options{}},
	{"mode4-digits", []string{"-d", "123456789012345678"}, "123456789012345678", Options{}},
	{"mode4-upper", []string{"-d", "HELLO WORLD"}, "HELLO WORLD", Options{}},
	{"mode5", []string{"--mode=5", "-d", "ENHANCED ERROR CORRECTION 42"}, "ENHANCED ERROR CORRECTION 42", Options{Mode: 5}},
	{"mode6", []string{"--mode=6", "-d", "READER PROGRAMMING"}, "READER PROGRAMMING", Options{Mode: 6}},
	{"mode2", []string{"--mode=2", "--primary=152382802840001", "-d", "[)>\x1e01\x1d96ABC"},
		"[)>\x1e01\x1d96ABC", Options{Mode: 2, Carrier: Carrier{PostalCode: "152382802", Country: 840, Service: 1}}},
	{"mode3", []string{"--mode=3", "--primary=B1050056999", "-d", "SECONDARY"},
		"SECONDARY", Options{Mode: 3, Carrier: Carrier{PostalCode: "B1050", Country: 56, Service: 999}}},
	{"append", []string{"--structapp=2,3", "-d", "SEQ"}, "SEQ", Options{Append: Append{Index: 1, Count: 3}}},
	{"eci-greek", []string{"--eci=9", "-d", "Ελληνικά"}, "Ελληνικά", Options{ECI: 9}},
	{"cr", []string{"-d", "line\rCR"}, "line\rCR", Options{}},
	{"latin1", []string{"-d", "ÀÁÂÃ¢£¤¥1àáâã abcd"}, "ÀÁÂÃ¢£¤¥1àáâã abcd", Options{}},
}

// TestZintModules checks that barkit reads zint's symbols and that zint's
// symbols decode to the same text as barkit's of the same data.
func TestZintModules(t *testing.T) {
	for _, c := range zintCases {
		t.Run(c.name, func(t *testing.T) {
			zm := zintGrid(t, c.args...)
			bc, err := Decode(zm)
			if err != nil {
				t.Fatalf("zint's symbol: %v", err)
			}
			code, err := Encode(c.data, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			ours, err := Decode(code.Modules)
			if err != nil {
				t.Fatalf("barkit's symbol: %v", err)
			}
			if bc.Text != ours.Text || bc.ECLevel != ours.ECLevel {
				t.Errorf("zint's symbol reads %q (mode %s), barkit's %q (mode %s)", bc.Text, bc.ECLevel, ours.Text, ours.ECLevel)
			}
			if bc.Sequence != ours.Sequence {
				t.Errorf("zint's symbol is %+v in its sequence, barkit's %+v", bc.Sequence, ours.Sequence)
			}
			if zm.Equal(code.Modules) {
				t.Logf("identical modules: %q", ours.Text)
			} else {
				t.Logf("modules differ: %q", ours.Text)
			}
		})
	}
}
