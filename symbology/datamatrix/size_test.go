package datamatrix

import (
	"testing"
)

// TestSizeCapacities checks every format's codeword capacities against its
// geometry: the mapping matrix holds 8 bits per codeword, plus the 4
// modules of the fixed corner pattern when its area is 4 more than a
// multiple of 8 (ISO/IEC 16022:2006 §5.8.1, Annex F.3); the data regions
// tile the symbol; the blocks split the check codewords evenly; and the
// table's totals are those of Table 7 and of ISO/IEC 21471 Table 2.
func TestSizeCapacities(t *testing.T) {
	// ISO/IEC 16022:2006 Table 7 and ISO/IEC 21471:2020 Table 2: symbol
	// size, data codewords, error correction codewords, maximum numeric,
	// alphanumeric (C40 uppercase) and byte capacity.
	want := map[string][5]int{
		"10x10": {3, 5, 6, 3, 1}, "12x12": {5, 7, 10, 6, 3}, "14x14": {8, 10, 16, 10, 6},
		"16x16": {12, 12, 24, 16, 10}, "18x18": {18, 14, 36, 25, 16}, "20x20": {22, 18, 44, 31, 20},
		"22x22": {30, 20, 60, 43, 28}, "24x24": {36, 24, 72, 52, 34}, "26x26": {44, 28, 88, 64, 42},
		"32x32": {62, 36, 124, 91, 60}, "36x36": {86, 42, 172, 127, 84}, "40x40": {114, 48, 228, 169, 112},
		"44x44": {144, 56, 288, 214, 142}, "48x48": {174, 68, 348, 259, 172}, "52x52": {204, 84, 408, 304, 202},
		"64x64": {280, 112, 560, 418, 277}, "72x72": {368, 144, 736, 550, 365}, "80x80": {456, 192, 912, 682, 453},
		"88x88": {576, 224, 1152, 862, 573}, "96x96": {696, 272, 1392, 1042, 693}, "104x104": {816, 336, 1632, 1222, 813},
		"120x120": {1050, 408, 2100, 1573, 1047}, "132x132": {1304, 496, 2608, 1954, 1301}, "144x144": {1558, 620, 3116, 2335, 1555},
		"8x18": {5, 7, 10, 6, 3}, "8x32": {10, 11, 20, 13, 8}, "12x26": {16, 14, 32, 22, 14},
		"12x36": {22, 18, 44, 31, 20}, "16x36": {32, 24, 64, 46, 30}, "16x48": {49, 28, 98, 72, 47},
		"8x48": {18, 15, 36, 25, 16}, "8x64": {24, 18, 48, 34, 22}, "8x80": {32, 22, 64, 46, 30},
		"8x96": {38, 28, 76, 55, 36}, "8x120": {49, 32, 98, 72, 47}, "8x144": {63, 36, 126, 93, 61},
		"12x64": {43, 27, 86, 63, 41}, "12x88": {64, 36, 128, 94, 62}, "16x64": {62, 36, 124, 91, 60},
		"20x36": {44, 28, 88, 64, 42}, "20x44": {56, 34, 112, 82, 54}, "20x64": {84, 42, 168, 124, 82},
		"22x48": {72, 38, 144, 106, 70}, "24x48": {80, 41, 160, 118, 78}, "24x64": {108, 46, 216, 160, 106},
		"26x40": {70, 38, 140, 103, 68}, "26x48": {90, 42, 180, 133, 88}, "26x64": {118, 50, 236, 175, 116},
	}
	if len(sizes) != len(want) {
		t.Fatalf("%d formats, want %d", len(sizes), len(want))
	}
	for _, s := range sizes {
		w, ok := want[s.String()]
		if !ok {
			t.Errorf("unexpected format %s", s)
			continue
		}
		if s.Data != w[0] || s.EC != w[1] {
			t.Errorf("%s: %d data and %d check codewords, want %d and %d", s, s.Data, s.EC, w[0], w[1])
		}
		v, h := s.regions()
		if v*(s.RegionRows+2) != s.Rows || h*(s.RegionCols+2) != s.Cols {
			t.Errorf("%s: regions of %dx%d do not tile the symbol", s, s.RegionRows, s.RegionCols)
		}
		nr, nc := s.mappingSize()
		bits := 8 * (s.Data + s.EC)
		if nr*nc != bits && nr*nc != bits+4 {
			t.Errorf("%s: mapping matrix %dx%d holds %d modules for %d codeword bits", s, nr, nc, nr*nc, bits)
		}
		if s.EC%s.Blocks != 0 {
			t.Errorf("%s: %d check codewords do not split into %d blocks", s, s.EC, s.Blocks)
		}
		total := 0
		for b := range s.Blocks {
			total += s.blockData(b)
		}
		if total != s.Data || s.blockData(0)+s.EC/s.Blocks > 255 {
			t.Errorf("%s: blocks hold %d data codewords, want %d (or a block is longer than 255)", s, total, s.Data)
		}
		// The largest data for each kind of character, encoded, must fill
		// exactly this format's capacity: the capacities of the tables.
		// Binary data can take one byte more where the table counts two
		// length codewords: a Base 256 segment that runs to the end of the
		// symbol has the one length codeword 0 (§5.2.9.1).
		nb := w[4]
		if s.Data-2 >= 250 && s.Data-2 <= 1555 {
			nb = s.Data - 2
		}
		// The capacities the errors for data that does not fit state.
		if got := [3]int{digitCapacity(s.Data), capitalCapacity(s.Data), byteCapacity(s.Data)}; got != [3]int{w[2], w[3], nb} {
			t.Errorf("%s: the errors state capacities %v, want %v", s, got, [3]int{w[2], w[3], nb})
		}
		for k, data := range []string{digits(w[2]), upper(w[3]), highBytes(nb)} {
			c, err := Encode(data, Options{Size: s, Binary: k == 2})
			if err != nil {
				t.Errorf("%s: %d characters of kind %d do not fit: %v", s, len(data), k, err)
				continue
			}
			if _, err := Encode(data+data[:1], Options{Size: s, Binary: k == 2}); err == nil && k != 1 {
				// One more digit or byte must not fit; C40 can sometimes
				// take one more character by the end-of-data rules.
				t.Errorf("%s: %d characters of kind %d fit, the table says %d", s, len(data)+1, k, len(data))
			}
			if c.Size != s {
				t.Errorf("%s: encoded as %s", s, c.Size)
			}
		}
	}
}

func digits(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0' + byte(i*7%10)
	}
	return string(b)
}

func upper(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'A' + byte(i*5%26)
	}
	return string(b)
}

func highBytes(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(128 + i*37%128)
	}
	return string(b)
}

func TestParseVersion(t *testing.T) {
	tests := []struct {
		in     string
		shape  Shape
		forced string
		err    bool
	}{
		{"", Square, "", false},
		{"square", Square, "", false},
		{" Rectangular ", Rectangular, "", false},
		{"rect", Rectangular, "", false},
		{"DMRE", DMRE, "", false},
		{"any", AnyShape, "", false},
		{"24x24", 0, "24x24", false},
		{"8x32", 0, "8x32", false},
		{"32x8", 0, "8x32", false},
		{"8×48", 0, "8x48", false},
		{"25x25", 0, "", true},
		{"7", 0, "", true},
		{"huge", 0, "", true},
	}
	for _, tt := range tests {
		shape, size, forced, err := ParseVersion(tt.in)
		switch {
		case tt.err:
			if err == nil {
				t.Errorf("ParseVersion(%q) = no error", tt.in)
			}
		case err != nil:
			t.Errorf("ParseVersion(%q): %v", tt.in, err)
		case tt.forced != "":
			if !forced || size.String() != tt.forced {
				t.Errorf("ParseVersion(%q) = %v %v, want size %s", tt.in, forced, size, tt.forced)
			}
		case forced || shape != tt.shape:
			t.Errorf("ParseVersion(%q) = %v %v, want shape %v", tt.in, shape, forced, tt.shape)
		}
	}
}
