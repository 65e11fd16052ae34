package databar

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// zintRows writes a symbol with zint (Debian package zint) and returns its
// distinct rows of modules, top to bottom, from the first module of the
// widest row: zint's --dump gives each row of modules once, whatever its
// height. It skips the test when zint is missing.
func zintRows(t testing.TB, args ...string) []string {
	t.Helper()
	zint, err := exec.LookPath("zint")
	if err != nil {
		t.Skip("zint not installed (Debian package zint)")
	}
	out, err := exec.Command(zint, append([]string{"--dump"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("zint %q: %v: %s", args, err, out)
	}
	var rows []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var b strings.Builder
		for _, c := range strings.ReplaceAll(strings.TrimSpace(line), " ", "") {
			var v int
			switch {
			case c >= '0' && c <= '9':
				v = int(c - '0')
			case c >= 'A' && c <= 'F':
				v = int(c-'A') + 10
			default:
				t.Fatalf("zint %q: %q is no module dump", args, out)
			}
			for k := 3; k >= 0; k-- {
				if v>>k&1 == 1 {
					b.WriteByte('#')
				} else {
					b.WriteByte('.')
				}
			}
		}
		rows = append(rows, b.String())
	}
	return rows
}

// symbolRows returns the distinct rows of m, consecutive repeats dropped,
// each as # and . and padded with light modules to width.
func symbolRows(m *matrix.Matrix, width int) []string {
	var rows []string
	for y := 0; y < m.Height; y++ {
		var b strings.Builder
		for x := 0; x < width; x++ {
			if x < m.Width && m.Get(x, y) {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		if len(rows) == 0 || rows[len(rows)-1] != b.String() {
			rows = append(rows, b.String())
		}
	}
	return rows
}

// TestZintModules writes symbols with barkit and with zint 2.11 and
// compares their modules row by row.
func TestZintModules(t *testing.T) {
	tests := []struct {
		id   string
		data string // barkit's input
		zint []string
	}{
		{"databar", "0104412345678909", []string{"-b", "29", "-d", "0441234567890"}},
		{"databar", "0100821935106427", []string{"-b", "29", "-d", "0082193510642"}},
		{"databar-stacked", "0104412345678909", []string{"-b", "79", "-d", "0441234567890"}},
		{"databar-stacked-omni", "0104412345678909", []string{"-b", "80", "-d", "0441234567890"}},
		{"databar-stacked-omni", "0100012345678905", []string{"-b", "80", "-d", "0001234567890"}},
		{"databar-limited", "0100012345678905", []string{"-b", "30", "-d", "0001234567890"}},
		{"databar-limited", "0115012345678907", []string{"-b", "30", "-d", "1501234567890"}},
		{"databar-limited", "0119999999999991", []string{"-b", "30", "-d", "1999999999999"}},
		{"databar-limited", "0100000000000000", []string{"-b", "30", "-d", "0000000000000"}},
	}
	for _, e := range expandedGoldens {
		z := strings.NewReplacer("(", "[", ")", "]").Replace(e.hri)
		tests = append(tests, struct {
			id   string
			data string
			zint []string
		}{"databar-expanded", e.hri, []string{"-b", "31", "-d", z}})
		for _, cols := range []int{1, 2, 3} {
			tests = append(tests, struct {
				id   string
				data string
				zint []string
			}{"databar-expanded-stacked:" + strconv.Itoa(2*cols), e.hri, []string{"-b", "81", "--cols=" + strconv.Itoa(cols), "-d", z}})
		}
	}
	for _, tt := range tests {
		id, version, _ := strings.Cut(tt.id, ":")
		info, _ := symbology.Lookup(id)
		data := tt.data
		if !strings.HasPrefix(data, "(") {
			data = "(01)" + data[2:]
		}
		sym, err := info.Write(data, symbology.WriteOptions{Version: version})
		if err != nil {
			t.Errorf("%s %s: %v", tt.id, tt.data, err)
			continue
		}
		want := zintRows(t, tt.zint...)
		got := symbolRows(sym.Modules, len(want[0]))
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s %s:\n%s\nzint:\n%s", tt.id, tt.data, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// expandedGoldens are GS1 data exercising every encodation method, with
// the method zint and barkit choose.
var expandedGoldens = []struct{ hri, method string }{
	{"(01)90012345678908(3103)012233(15)991231", "0111100"},
	{"(01)90012345678908(3103)001750", "0100"},
	{"(01)90012345678908(3202)000156", "0101"},
	{"(01)90012345678908(3203)012233", "0101"},
	{"(01)90012345678908(3922)795", "01100"},
	{"(01)90012345678908(3922)795(10)ABC", "01100"},
	{"(01)90012345678908(3932)978795", "01101"},
	{"(01)90012345678908(3102)001750(11)100312", "0111000"},
	{"(01)90012345678908(3202)001750(13)100312", "0111011"},
	{"(01)90012345678908(3101)001750(17)100312", "0111110"},
	{"(01)98898765432106(3202)012345(15)991231", "0111101"},
	{"(01)00012345678905(10)ABC123", "1"},
	{"(01)00012345678905", "1"},
	{"(01)12345678901231(21)abc-def/+xyz", "1"},
	{"(10)ABCDEF12345678(21)xyz", "00"},
	{"(11)100224(17)110224(3102)000100", "00"},
	{"(8110)106141416543213500110000310123196000", "00"},
	{"(01)90614141999999(10)1234222222222221", "1"},
	{"(10)ABC(21)1234567890", "00"},
	{"(10)A12(21)abc(30)12", "00"},
	{"(90)ABCDEFGHIJKLMNOPQRSTUVWXyz%!", "00"},
}

// TestLimitedChecksZint writes a DataBar Limited symbol for each of the 89
// check characters (ISO/IEC 24724:2011 Annex C, limitedChecks) and
// compares it with zint's, module for module.
func TestLimitedChecksZint(t *testing.T) {
	seen := make(map[int]bool)
	v := int64(1)
	for k := 0; len(seen) < len(limitedChecks) && k < 100000; k++ {
		v = (v*7919 + 104729) % maxLimited
		e, ok := limitedSymbolWidths(v)
		if !ok {
			t.Fatalf("value %d: no symbol", v)
		}
		var left, right [14]int
		for i := range 14 {
			left[i], right[i] = e[2+i], e[30+i]
		}
		c := limitedCheck(left[:], right[:])
		if seen[c] {
			continue
		}
		seen[c] = true
		digits := gtinText(v)[:13]
		sym, err := writeLimited("(01)"+gtinText(v), symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := zintRows(t, "-b", "30", "-d", digits)
		if got := symbolRows(sym.Modules, len(want[0])); got[0] != want[0] {
			t.Errorf("%s (check %d):\n%s\nzint:\n%s", digits, c, got[0], want[0])
		}
	}
	if len(seen) != len(limitedChecks) {
		t.Errorf("%d check characters written", len(seen))
	}
}
