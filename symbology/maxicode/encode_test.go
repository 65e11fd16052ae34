package maxicode

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/barkit/barkit/internal/captest"
	"github.com/barkit/barkit/symbology"
)

// loadPayloads reads testdata/payloads.txt.
func loadPayloads(t testing.TB) []string {
	t.Helper()
	f, err := os.Open("testdata/payloads.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			t.Fatalf("payloads.txt: %q: %v", line, err)
		}
		out = append(out, s)
	}
	return out
}

// TestRoundTrip encodes every payload in every mode it fits and decodes the
// modules: the text comes back, and the mode.
func TestRoundTrip(t *testing.T) {
	n := 0
	for _, p := range loadPayloads(t) {
		for _, mode := range []int{0, 4, 5, 6} {
			c, err := Encode(p, Options{Mode: mode})
			if errors.Is(err, symbology.ErrTooLong) {
				continue
			}
			if err != nil {
				t.Fatalf("%q mode %d: %v", p, mode, err)
			}
			bc, err := Decode(c.Modules)
			if err != nil {
				t.Fatalf("%q mode %d: %v", p, mode, err)
			}
			if bc.Text != p {
				t.Errorf("%q mode %d: read %q", p, mode, bc.Text)
			}
			if want := strconv.Itoa(c.Mode); bc.ECLevel != want {
				t.Errorf("%q mode %d: read mode %s, want %s", p, mode, bc.ECLevel, want)
			}
			if bc.ReaderInit != (c.Mode == 6) {
				t.Errorf("%q mode %d: ReaderInit %v", p, mode, bc.ReaderInit)
			}
			n++
		}
	}
	if n < 150 {
		t.Errorf("%d round trips", n)
	}
}

// TestCarrierModes writes structured carrier messages in modes 2 and 3,
// from Options.Carrier and from the data, and reads them back as the
// standard transmits them.
func TestCarrierModes(t *testing.T) {
	tests := []struct {
		data     string
		opts     Options
		mode     int
		want     string
		idPrefix string
	}{
		{"[)>\x1e01\x1d96152382802\x1d840\x1d001\x1d1Z00004951\x1dUPSN", Options{}, 2,
			"[)>\x1e01\x1d96152382802\x1d840\x1d001\x1d1Z00004951\x1dUPSN", "]U1"},
		{"[)>\x1e01\x1d96B1050 \x1d056\x1d999\x1dABC", Options{}, 3,
			"[)>\x1e01\x1d96B1050 \x1d056\x1d999\x1dABC", "]U1"},
		{"[)>\x1e01\x1d96B1050\x1d056\x1d999\x1dABC", Options{}, 3, // padded to 6 as transmitted
			"[)>\x1e01\x1d96B1050 \x1d056\x1d999\x1dABC", "]U1"},
		{"01234\x1d840\x1d001\x1dsecondary", Options{Mode: 2}, 2, "01234\x1d840\x1d001\x1dsecondary", "]U1"},
		{"secondary message", Options{Mode: 2, Carrier: Carrier{PostalCode: "123456789", Country: 840, Service: 1}}, 2,
			"123456789\x1d840\x1d001\x1dsecondary message", "]U1"},
		{"secondary message", Options{Carrier: Carrier{PostalCode: "W1T1JY", Country: 826, Service: 1}}, 3,
			"W1T1JY\x1d826\x1d001\x1dsecondary message", "]U1"},
		{"", Options{Mode: 3, Carrier: Carrier{PostalCode: "a1", Country: 0, Service: 999}}, 3,
			"A1    \x1d000\x1d999\x1d", "]U1"},
		{"[)>\x1e01\x1d961234567890\x1d840\x1d001\x1dX", Options{}, 4, // 10 digits: not a postal code
			"[)>\x1e01\x1d961234567890\x1d840\x1d001\x1dX", "]U0"},
		{"Grüße\x1d", Options{Mode: 2, Carrier: Carrier{PostalCode: "1", Country: 276, Service: 5}}, 2,
			"1\x1d276\x1d005\x1dGrüße\x1d", "]U1"},
	}
	for _, tt := range tests {
		c, err := Encode(tt.data, tt.opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.data, err)
		}
		if c.Mode != tt.mode {
			t.Errorf("%q: mode %d, want %d", tt.data, c.Mode, tt.mode)
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("%q: %v", tt.data, err)
		}
		if bc.Text != tt.want || !strings.HasPrefix(bc.Identifier, tt.idPrefix[:2]) {
			t.Errorf("%q: read %q (%s), want %q", tt.data, bc.Text, bc.Identifier, tt.want)
		}
		if strings.HasPrefix(tt.want, "[)>") && bc.ContentType != symbology.ISO15434 {
			t.Errorf("%q: content type %s", tt.data, bc.ContentType)
		}
		if c.Mode == 2 || c.Mode == 3 {
			car, _, ok := SplitCarrier(bc.Text, false)
			if !ok {
				t.Errorf("%q: SplitCarrier(%q) failed", tt.data, bc.Text)
			}
			if tt.opts.Carrier.Country != 0 && car.Country != tt.opts.Carrier.Country {
				t.Errorf("%q: country %d", tt.data, car.Country)
			}
		}
	}
}

// TestAppendAndECI writes structured append and ECI designators and reads
// them back.
func TestAppendAndECI(t *testing.T) {
	for _, tt := range []struct {
		data string
		opts Options
		seq  symbology.Sequence
		eci  int
	}{
		{"PART 1", Options{Append: Append{Index: 0, Count: 2}}, symbology.Sequence{Index: 0, Count: 2}, -1},
		{"part eight", Options{Append: Append{Index: 7, Count: 8}}, symbology.Sequence{Index: 7, Count: 8}, -1},
		{"postal", Options{Mode: 2, Carrier: Carrier{PostalCode: "12345", Country: 840, Service: 1}, Append: Append{Index: 1, Count: 3}},
			symbology.Sequence{Index: 1, Count: 3}, -1},
		{"Ελληνικά", Options{ECI: 9}, symbology.Sequence{}, 9},
		{"Ελληνικά", Options{}, symbology.Sequence{}, 26},
		{"Ça", Options{ECI: 3}, symbology.Sequence{}, 3},
		{"wide designator", Options{ECI: 899}, symbology.Sequence{}, 899},
		{"Ελλη", Options{ECI: 9, Append: Append{Index: 2, Count: 4}}, symbology.Sequence{Index: 2, Count: 4}, 9},
	} {
		c, err := Encode(tt.data, tt.opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.data, err)
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("%q: %v", tt.data, err)
		}
		if !strings.HasSuffix(bc.Text, tt.data) || bc.Sequence != tt.seq {
			t.Errorf("%q: read %q %+v, want %+v", tt.data, bc.Text, bc.Sequence, tt.seq)
		}
		if tt.eci >= 0 && (len(bc.Segments) == 0 || bc.Segments[len(bc.Segments)-1].ECI != tt.eci) {
			t.Errorf("%q: segments %+v, want ECI %d", tt.data, bc.Segments, tt.eci)
		}
		if tt.eci >= 0 && bc.Identifier[2] < '2' {
			t.Errorf("%q: identifier %s without the ECI modifier", tt.data, bc.Identifier)
		}
	}
}

// TestECIDesignators checks every length of designator (Table 5).
func TestECIDesignators(t *testing.T) {
	for _, d := range []int{0, 31, 32, 1023, 1024, 32767, 32768, 999999} {
		cw := appendECI(nil, d)
		msg, err := decodeStream(append(cw, 1, 2))
		if err != nil {
			t.Fatalf("ECI %d: %v", d, err)
		}
		if len(msg.segs) != 1 || msg.segs[0].ECI != d || string(msg.segs[0].Bytes) != "AB" {
			t.Errorf("ECI %d: %+v (codewords %v)", d, msg.segs, cw)
		}
	}
}

// TestCapacity fills each mode to the last codeword: 93 data codewords in
// modes 4 and 6, 77 in mode 5, 84 in modes 2 and 3; one character more is
// too long.
func TestCapacity(t *testing.T) {
	for _, tt := range []struct {
		mode  int
		upper int // capital letters that fit (one codeword each)
		digit int // digits that fit (9 in 6 codewords, the rest one each)
	}{
		{4, 93, 138}, {6, 93, 138}, {5, 77, 113},
	} {
		for _, c := range []struct {
			ch, unit string
			n        int
		}{{"A", "capital letters", tt.upper}, {"7", "digits", tt.digit}} {
			text := strings.Repeat(c.ch, c.n)
			if _, err := Encode(text, Options{Mode: tt.mode}); err != nil {
				t.Errorf("mode %d: %d×%q: %v", tt.mode, c.n, c.ch, err)
			}
			_, err := Encode(text+c.ch, Options{Mode: tt.mode})
			if !errors.Is(err, symbology.ErrTooLong) {
				t.Errorf("mode %d: %d×%q: %v, want ErrTooLong", tt.mode, c.n+1, c.ch, err)
			}
			if n, _ := captest.Stated(err, c.unit); n != c.n {
				t.Errorf("mode %d: %d×%q: the error states %d: %v", tt.mode, c.n+1, c.ch, n, err)
			}
		}
	}
	car := Carrier{PostalCode: "12345", Country: 840, Service: 1}
	if _, err := Encode(strings.Repeat("A", 84), Options{Carrier: car}); err != nil {
		t.Errorf("mode 2, 84 letters: %v", err)
	}
	if _, err := Encode(strings.Repeat("A", 85), Options{Carrier: car}); !errors.Is(err, symbology.ErrTooLong) {
		t.Errorf("mode 2, 85 letters: %v", err)
	}
}

// TestEncodeErrors checks the options and data Encode refuses.
func TestEncodeErrors(t *testing.T) {
	for _, tt := range []struct {
		data string
		opts Options
		want error
	}{
		{"A", Options{Mode: 1}, symbology.ErrInvalidData},
		{"A", Options{Mode: 7}, symbology.ErrInvalidData},
		{"A", Options{Mode: 4, Carrier: Carrier{PostalCode: "1"}}, symbology.ErrInvalidData},
		{"A", Options{Mode: 2}, symbology.ErrInvalidData}, // no carrier message
		{"A", Options{Mode: 2, Carrier: Carrier{PostalCode: "12A"}}, symbology.ErrInvalidData},
		{"A", Options{Mode: 2, Carrier: Carrier{PostalCode: "1234567890"}}, symbology.ErrInvalidData},
		{"A", Options{Mode: 3, Carrier: Carrier{PostalCode: "ABCDEFG"}}, symbology.ErrInvalidData},
		{"A", Options{Mode: 3, Carrier: Carrier{PostalCode: "AB~"}}, symbology.ErrInvalidData},
		{"A", Options{Mode: 2, Carrier: Carrier{PostalCode: "1", Country: 1000}}, symbology.ErrInvalidData},
		{"A", Options{Mode: 2, Carrier: Carrier{PostalCode: "1", Service: -1}}, symbology.ErrInvalidData},
		{"A", Options{ECI: -1}, symbology.ErrInvalidData},
		{"A", Options{ECI: 1000000}, symbology.ErrInvalidData},
		{"A", Options{ECI: 2000}, symbology.ErrInvalidData},
		{"Ω", Options{ECI: 3}, symbology.ErrInvalidData},
		{"A", Options{Append: Append{Index: 1}}, symbology.ErrInvalidData},
		{"A", Options{Append: Append{Count: 9}}, symbology.ErrInvalidData},
		{"A", Options{Append: Append{Index: 2, Count: 2}}, symbology.ErrInvalidData},
		{"\xff", Options{}, symbology.ErrInvalidData},
		{strings.Repeat("x", 10000), Options{}, symbology.ErrTooLong},
	} {
		if _, err := Encode(tt.data, tt.opts); !errors.Is(err, tt.want) {
			t.Errorf("Encode(%.20q, %+v) = %v, want %v", tt.data, tt.opts, err, tt.want)
		}
	}
}

// TestWrite checks the registry's writer: mode from Version or ECLevel.
func TestWrite(t *testing.T) {
	info, ok := symbology.Lookup("maxicode")
	if !ok || info.Write == nil {
		t.Fatal("maxicode not registered with a writer")
	}
	for _, tt := range []struct {
		data string
		opts symbology.WriteOptions
		mode string
		err  error
	}{
		{"HELLO", symbology.WriteOptions{}, "4", nil},
		{"HELLO", symbology.WriteOptions{Version: "5"}, "5", nil},
		{"HELLO", symbology.WriteOptions{ECLevel: "5"}, "5", nil},
		{"HELLO", symbology.WriteOptions{Version: "mode 6"}, "6", nil},
		{"12345\x1d840\x1d001\x1dHELLO", symbology.WriteOptions{Version: "2"}, "2", nil},
		{"[)>\x1e01\x1d9612345\x1d840\x1d001\x1dHELLO", symbology.WriteOptions{}, "2", nil},
		{"HELLO", symbology.WriteOptions{Version: "9"}, "", symbology.ErrInvalidData},
		{"HELLO", symbology.WriteOptions{Version: "4", ECLevel: "5"}, "", symbology.ErrInvalidData},
		{"HELLO", symbology.WriteOptions{GS1: true}, "", symbology.ErrUnsupported},
	} {
		s, err := info.Write(tt.data, tt.opts)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%q %+v: %v, want %v", tt.data, tt.opts, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q %+v: %v", tt.data, tt.opts, err)
		}
		if s.ECLevel != tt.mode || !s.Hexagonal || s.Modules.Width != Cols || s.Modules.Height != Rows {
			t.Errorf("%q %+v: mode %s, hexagonal %v, %dx%d", tt.data, tt.opts, s.ECLevel, s.Hexagonal, s.Modules.Width, s.Modules.Height)
		}
	}
}

// TestSplitCarrier checks the forms of structured carrier message the
// writer takes from data.
func TestSplitCarrier(t *testing.T) {
	for _, tt := range []struct {
		text, headerOnly string
		ok               bool
		c                Carrier
		rest             string
	}{
		{"[)>\x1e01\x1d96123\x1d840\x1d001\x1dREST", "y", true, Carrier{"123", 840, 1}, "[)>\x1e01\x1d96REST"},
		{"123\x1d840\x1d001\x1dREST", "y", false, Carrier{}, ""},
		{"123\x1d840\x1d001\x1dREST", "", true, Carrier{"123", 840, 1}, "REST"},
		{"123\x1d840\x1d001", "", true, Carrier{"123", 840, 1}, ""},
		{"123\x1d8400\x1d001\x1d", "", false, Carrier{}, ""},
		{"\x1d840\x1d001\x1d", "", false, Carrier{}, ""},
		{"ABCDEFG\x1d840\x1d001\x1d", "", false, Carrier{}, ""},
		{"[)>\x1e01\x1d96123\x1d840\x1d001", "y", false, Carrier{}, ""},
	} {
		c, rest, ok := SplitCarrier(tt.text, tt.headerOnly != "")
		if ok != tt.ok || c != tt.c || rest != tt.rest {
			t.Errorf("SplitCarrier(%q) = %+v, %q, %v", tt.text, c, rest, ok)
		}
	}
}

// TestEncodationLengths checks the number of codewords encodeBytes spends
// on inputs whose shortest encodation is worked out by hand (§4.3.2).
func TestEncodationLengths(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"ABC", 3},
		{"abc", 4},              // Latch B, a b c
		{"aBc", 5},              // Latch B, a, Shift A, B, c
		{"AbC", 4},              // A, Shift B, b, C
		{"abcDEFghi", 11},       // Latch B, abc, 3 Shift A, DEF, ghi
		{"abcDEghi", 10},        // Latch B, abc, 2 Shift A, DE, ghi
		{"123456789", 6},        // NS and five codewords
		{"A123456789B", 8},      // A, NS…, B
		{"\xc0\xc1\xc2\xc3", 6}, // Shift C, Lock In C, four characters
		{"\xc0", 2},             // Shift C, À
		{"\x00", 2},             // Shift E, NUL
		{"\xe0\xc0\xe0", 6},     // Shift D, à, Shift C, À, Shift D, à
		{"\r", 1},               // CR is value 0 of set A
		{"a b", 4},              // Latch B, a, space (47 in set B), b
		{"ab\x1dcd", 6},         // GS is in set B too
	} {
		cw, _, ok := encodeBytes([]byte(tt.in))
		if !ok || len(cw) != tt.want {
			t.Errorf("%q: %d codewords %v, want %d", tt.in, len(cw), cw, tt.want)
			continue
		}
		msg, err := decodeStream(cw)
		if err != nil || len(msg.segs) != 1 || string(msg.segs[0].Bytes) != tt.in {
			t.Errorf("%q: codewords %v decode to %+v, %v", tt.in, cw, msg.segs, err)
		}
	}
}
