package aztec

import (
	"errors"
	"strings"
	"testing"

	"github.com/barkit/barkit/symbology"
)

// table1 is ISO/IEC 24778:2008 §5.3, Table 1, the structure of every
// size: side in modules, codeword size in bits (Table 3) and codewords in
// the data layers. (As transcribed in public references of the standard:
// psoft.sk's Aztec page for the full-range sizes, barcodebakery.com's for
// the compact ones.)
var table1 = []struct {
	size      string
	side      int
	wordBits  int
	codewords int
}{
	{"C1", 15, 6, 17}, {"C2", 19, 6, 40}, {"C3", 23, 8, 51}, {"C4", 27, 8, 76},
	{"F1", 19, 6, 21}, {"F2", 23, 6, 48}, {"F3", 27, 8, 60}, {"F4", 31, 8, 88},
	{"F5", 37, 8, 120}, {"F6", 41, 8, 156}, {"F7", 45, 8, 196}, {"F8", 49, 8, 240},
	{"F9", 53, 10, 230}, {"F10", 57, 10, 272}, {"F11", 61, 10, 316}, {"F12", 67, 10, 364},
	{"F13", 71, 10, 416}, {"F14", 75, 10, 470}, {"F15", 79, 10, 528}, {"F16", 83, 10, 588},
	{"F17", 87, 10, 652}, {"F18", 91, 10, 720}, {"F19", 95, 10, 790}, {"F20", 101, 10, 864},
	{"F21", 105, 10, 940}, {"F22", 109, 10, 1020}, {"F23", 113, 12, 920}, {"F24", 117, 12, 992},
	{"F25", 121, 12, 1066}, {"F26", 125, 12, 1144}, {"F27", 131, 12, 1224}, {"F28", 135, 12, 1306},
	{"F29", 139, 12, 1392}, {"F30", 143, 12, 1480}, {"F31", 147, 12, 1570}, {"F32", 151, 12, 1664},
}

// TestSizeTable checks every size's side, codeword size and codewords
// against Table 1, and that the layout fills exactly its data modules.
func TestSizeTable(t *testing.T) {
	if len(table1) != len(sizes) {
		t.Fatalf("%d sizes, Table 1 has %d", len(sizes), len(table1))
	}
	for _, row := range table1 {
		s, err := ParseSize(row.size)
		if err != nil {
			t.Fatal(err)
		}
		if s.Side() != row.side || s.WordBits() != row.wordBits || s.Codewords() != row.codewords {
			t.Errorf("%s: side %d, %d-bit words, %d codewords; Table 1: %d, %d, %d",
				s, s.Side(), s.WordBits(), s.Codewords(), row.side, row.wordBits, row.codewords)
		}
		// Every data module once, none in the core or the grid.
		pos := s.dataModules()
		seen := make(map[int32]bool)
		c := s.Side() / 2
		r := coreRadius(s.Compact)
		for _, p := range pos {
			x, y := int(p)%s.Side(), int(p)/s.Side()
			if seen[p] {
				t.Fatalf("%s: module (%d, %d) twice", s, x, y)
			}
			seen[p] = true
			if abs(x-c) <= r && abs(y-c) <= r {
				t.Fatalf("%s: data module (%d, %d) in the core", s, x, y)
			}
			if !s.Compact && (isGridLine(x, s.Side()) || isGridLine(y, s.Side())) {
				t.Fatalf("%s: data module (%d, %d) on the reference grid", s, x, y)
			}
		}
		if len(pos) != s.Bits() {
			t.Errorf("%s: %d data modules, want %d", s, len(pos), s.Bits())
		}
	}
	// The sizes are in order of side, so that the first that fits is the
	// smallest.
	for i := 1; i < len(sizes); i++ {
		if sizes[i].Side() < sizes[i-1].Side() {
			t.Errorf("%s comes after %s", sizes[i], sizes[i-1])
		}
	}
}

// capacities are the data capacities of Table 1 at the recommended error
// correction (23 % + 3 codewords): the most digits, uppercase letters and
// bytes a symbol of each size holds, as public references of the standard
// list them (barcodebakery.com for the sizes up to F8, and the maxima of
// F32 that every reference quotes). F5 is listed with one data codeword
// more than 23 % + 3 leaves (178, 144 and 87 need 90 data codewords of
// 120; 23 % of 120 is 27.6): the only listed size that no rounding of the
// percentage fits together with the others.
var capacities = []struct {
	size                   string
	digits, letters, bytes int
}{
	{"C1", 13, 12, 6}, {"F1", 18, 15, 8}, {"C2", 40, 33, 19}, {"F2", 49, 40, 24},
	{"C3", 70, 57, 33}, {"F3", 84, 68, 40}, {"C4", 110, 89, 53}, {"F4", 128, 104, 62},
	{"F5", 176, 142, 86}, // Table 1: 178, 144, 87 (see above)
	{"F6", 232, 187, 114}, {"F7", 294, 236, 145}, {"F8", 362, 291, -1},
	{"F32", 3832, 3067, 1914},
}

// TestCapacityTable checks the capacities of Table 1: the longest run of
// digits, of letters and of bytes that encode and the default error
// correction fit in each listed size. Table 1 counts bits before bit
// stuffing, so the test does too.
func TestCapacityTable(t *testing.T) {
	most := func(s Size, unitOf unit) int {
		limit := s.dataWords(DefaultEC, false) * s.WordBits()
		lo, hi := 0, 4000
		for lo < hi {
			n := (lo + hi + 1) / 2
			units := make([]unit, n)
			for i := range units {
				units[i] = unitOf
			}
			if bits, _ := encode(units); len(bits) <= limit {
				lo = n
			} else {
				hi = n - 1
			}
		}
		return lo
	}
	for _, row := range capacities {
		s, _ := ParseSize(row.size)
		if got := most(s, '7'); got != row.digits {
			t.Errorf("%s: %d digits, Table 1 %d", s, got, row.digits)
		}
		if got := most(s, 'Q'); got != row.letters {
			t.Errorf("%s: %d letters, Table 1 %d", s, got, row.letters)
		}
		if got := most(s, 0xc4); row.bytes >= 0 && got != row.bytes {
			t.Errorf("%s: %d bytes, Table 1 %d", s, got, row.bytes)
		}
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]Size{
		"C1": {true, 1}, "c4": {true, 4}, "F1": {false, 1}, "f32": {false, 32},
		"compact 2": {true, 2}, "Full-12": {false, 12}, " F7 ": {false, 7},
	} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "C0", "C5", "F0", "F33", "X3", "C", "F1.5", "rune", "C1x"} {
		if _, err := ParseSize(in); !errors.Is(err, symbology.ErrInvalidData) {
			t.Errorf("ParseSize(%q): %v, want ErrInvalidData", in, err)
		}
	}
	for _, s := range sizes {
		if got, err := ParseSize(s.String()); err != nil || got != s {
			t.Errorf("ParseSize(%q) = %v, %v", s, got, err)
		}
		if !strings.HasPrefix(s.String(), map[bool]string{true: "C", false: "F"}[s.Compact]) {
			t.Errorf("%v: %q", s, s)
		}
	}
}
