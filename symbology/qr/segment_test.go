package qr

import (
	"math/rand"
	"testing"

	"github.com/barkit/barkit/symbology/qrfamily"
)

// bruteForceBits returns the fewest bits over every assignment of a mode to
// each unit, charging each maximal run of one mode as a segment: mode
// indicator, character count indicator and the data bits of §7.4.4-§7.4.7.
func bruteForceBits(e *encoder, class int) int {
	units := e.text.Units
	n := len(units)
	modes := []qrfamily.Mode{qrfamily.Numeric, qrfamily.Alnum, qrfamily.Byte, qrfamily.Kanji}
	capOf := map[qrfamily.Mode]uint8{qrfamily.Numeric: qrfamily.CapNumeric, qrfamily.Alnum: qrfamily.CapAlnum, qrfamily.Byte: qrfamily.CapByte, qrfamily.Kanji: qrfamily.CapKanji}
	assign := make([]qrfamily.Mode, n)
	best := -1
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			bits := 0
			for s := 0; s < n; {
				t := s
				chars := 0
				for t < n && assign[t] == assign[s] {
					switch assign[s] {
					case qrfamily.Alnum:
						chars += int(units[t].Alnum)
					case qrfamily.Byte:
						chars += int(units[t].N)
					default:
						chars++
					}
					t++
				}
				bits += 4 + dialects[class].Count[assign[s]]
				switch assign[s] {
				case qrfamily.Numeric:
					bits += 10*(chars/3) + []int{0, 4, 7}[chars%3]
				case qrfamily.Alnum:
					bits += 11*(chars/2) + 6*(chars%2)
				case qrfamily.Byte:
					bits += 8 * chars
				case qrfamily.Kanji:
					bits += 13 * chars
				}
				s = t
			}
			if best < 0 || bits < best {
				best = bits
			}
			return
		}
		for _, m := range modes {
			if units[i].Caps&capOf[m] != 0 {
				assign[i] = m
				rec(i + 1)
			}
		}
	}
	rec(0)
	return best
}

// TestSegmentOptimal compares the dynamic programming segmentation with a
// brute-force search over all mode assignments on short strings, in every
// version class.
func TestSegmentOptimal(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	pieces := []string{"0", "12", "345", "6789", "A", "BC", "DEF", " ", "$%", "a", "bc", "é", "漢", "字字", ".", ":"}
	var texts []string
	for range 400 {
		var s string
		for len([]rune(s)) < 3+r.Intn(9) {
			s += pieces[r.Intn(len(pieces))]
		}
		texts = append(texts, s)
	}
	texts = append(texts, "01234567", "123A456", "A1234567B", "ab12345678cd", "1234ABCD5678", "漢0123456字")
	for _, text := range texts {
		for _, gs1 := range []bool{false, true} {
			e := new(encoder)
			opts := Options{}
			if gs1 {
				if text[0] < '0' || text[0] > '9' {
					continue
				}
				opts.GS1 = true
				text = text[:1] + "%\x1d1" + text[1:]
			}
			if _, err := e.text.Prepare(text, qrfamily.TextOptions{Symbology: "qr", GS1: opts.GS1, MaxUnits: maxUnits}); err != nil {
				continue // GS1 with non-GS1 characters
			}
			if len(e.text.Units) > 13 {
				continue
			}
			for class := range 3 {
				got, segs := e.segmentUnits(class, nil)
				if want := bruteForceBits(e, class); got != want {
					t.Errorf("%q class %d: %d bits in %v, brute force %d", text, class, got, segs, want)
				}
				// The segments cover the units in order and write the bits claimed.
				w := qrfamily.BitWriter{}
				for _, s := range segs {
					if err := e.text.WriteSegment(&w, s, &dialects[class]); err != nil {
						t.Fatal(err)
					}
				}
				if w.Len() != got {
					t.Errorf("%q class %d: wrote %d bits, claimed %d", text, class, w.Len(), got)
				}
			}
		}
	}
}

// TestSegmentExamples checks bit counts worked out by hand.
func TestSegmentExamples(t *testing.T) {
	tests := []struct {
		text  string
		class int
		bits  int
		modes []qrfamily.Mode
	}{
		{"01234567", 0, 4 + 10 + 10 + 10 + 7, []qrfamily.Mode{qrfamily.Numeric}},                                                                 // Annex I
		{"HELLO WORLD", 0, 4 + 9 + 5*11 + 6, []qrfamily.Mode{qrfamily.Alnum}},                                                                    // 11 characters
		{"a", 0, 4 + 8 + 8, []qrfamily.Mode{qrfamily.Byte}},                                                                                      //
		{"123456789012345678ab", 0, 4 + 10 + 6*10 + 4 + 8 + 16, []qrfamily.Mode{qrfamily.Numeric, qrfamily.Byte}},                                // digits then bytes
		{"ab123456789012345678", 2, 4 + 16 + 16 + 4 + 14 + 6*10, []qrfamily.Mode{qrfamily.Byte, qrfamily.Numeric}},                               //
		{"a1b", 0, 4 + 8 + 24, []qrfamily.Mode{qrfamily.Byte}},                                                                                   // no switch for one digit
		{"漢字", 0, 4 + 8 + 26, []qrfamily.Mode{qrfamily.Kanji}},                                                                                   //
		{"ABCDEFGHIJKLMN0123456789", 0, 4 + 9 + 7*11 + 4 + 10 + 3*10 + 4, []qrfamily.Mode{qrfamily.Alnum, qrfamily.Numeric}},                     //
		{"ABC0123456DEF", 0, 4 + 9 + 13/2*11 + 6, []qrfamily.Mode{qrfamily.Alnum}},                                                               // staying alphanumeric is cheaper
		{"AB0123456789012CD", 0, 4 + 9 + 11 + 4 + 10 + 4*10 + 4 + 4 + 9 + 11, []qrfamily.Mode{qrfamily.Alnum, qrfamily.Numeric, qrfamily.Alnum}}, //
	}
	for _, tt := range tests {
		e := new(encoder)
		if _, err := e.text.Prepare(tt.text, qrfamily.TextOptions{Symbology: "qr", MaxUnits: maxUnits}); err != nil {
			t.Fatal(err)
		}
		bits, segs := e.segmentUnits(tt.class, nil)
		var modes []qrfamily.Mode
		for _, s := range segs {
			modes = append(modes, s.Mode)
		}
		if bits != tt.bits || len(modes) != len(tt.modes) {
			t.Errorf("%q: %d bits in %v, want %d in %v", tt.text, bits, modes, tt.bits, tt.modes)
			continue
		}
		for i := range modes {
			if modes[i] != tt.modes[i] {
				t.Errorf("%q: modes %v, want %v", tt.text, modes, tt.modes)
				break
			}
		}
	}
}
