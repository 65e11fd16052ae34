package datamatrix

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/barkit/barkit/symbology"
)

// roundTrip encodes data, decodes the symbol's modules and fails the test
// unless the bytes come back.
func roundTrip(t *testing.T, data string, opts Options) (*Code, symbology.Barcode) {
	t.Helper()
	c, err := Encode(data, opts)
	if err != nil {
		t.Fatalf("Encode(%.40q): %v", data, err)
	}
	bc, err := Decode(c.Modules)
	if err != nil {
		t.Fatalf("Decode(Encode(%.40q)) in %s: %v", data, c.Size, err)
	}
	want := data
	if opts.GS1 {
		want = symbology.GS1Text([]byte(data)) // GS1 data reads in its human-readable form
	}
	if !opts.Binary && opts.ECI == 0 && bc.Text != want {
		t.Fatalf("Decode(Encode(%.40q)) in %s = %.40q", data, c.Size, bc.Text)
	}
	if opts.Binary && string(bc.Bytes) != data {
		t.Fatalf("Decode(Encode(%.40q)) in %s = bytes %.40q", data, c.Size, bc.Bytes)
	}
	if bc.Version != c.Size.String() {
		t.Fatalf("decoded version %s, encoded %s", bc.Version, c.Size)
	}
	return c, bc
}

// TestAnnexExample encodes the symbol encoding example of ISO/IEC
// 16022:2006 Annex O ("123456" in a 10×10 symbol: 3 data codewords, 5
// check codewords) and checks the codewords the standard lists.
func TestAnnexExample(t *testing.T) {
	c, _ := roundTrip(t, "123456", Options{})
	want := []byte{142, 164, 186, 114, 25, 5, 88, 102}
	if c.Size.String() != "10x10" || !slices.Equal(c.Codewords, want) {
		t.Errorf("got %s %v, want 10x10 %v", c.Size, c.Codewords, want)
	}
}

// TestEncodationExamples checks the codewords of the encodation examples of
// ISO/IEC 16022:2006 §5.2 and of hand-computed streams.
func TestEncodationExamples(t *testing.T) {
	tests := []struct {
		data string
		opts Options
		want []byte // data codewords, pads excluded
	}{
		// §5.2.5: "AIM" in C40 is 1600·14 + 40·22 + 26 + 1 = 23307 =
		// 91·256 + 11. Nine letters fill 14×14 up to one codeword, read in
		// ASCII without an unlatch (§5.2.5.2 d): a pad.
		{"AIMAIMAIM", Options{}, []byte{230, 91, 11, 91, 11, 91, 11, 129}},
		// ASCII digit pairs (§5.2.3): 130 + value.
		{"0012", Options{}, []byte{130, 142, 129}},
		// Upper shift (§5.2.3): 235 then the byte less 128, plus 1.
		{"\xe9", Options{Binary: true}, []byte{235, 106, 129}},
		// GS1: FNC1 first, then the AI's digits as pairs; a GS inside is
		// FNC1 again.
		{"0112345678901231\x1d10AB", Options{GS1: true}, nil},
		// Reader programming, then the data.
		{"A", Options{ReaderInit: true}, []byte{234, 66, 129}},
		// Structured append: 233, sequence indicator (index 1 of 3:
		// 0001 1110), file id 1, 2.
		{"A", Options{Append: Append{Index: 1, Count: 3, FileID: 258}}, []byte{233, 0x1e, 1, 2, 66}},
		// ECI 26 (UTF-8): 241, 27.
		{"€", Options{ECI: 26}, nil},
	}
	for _, tt := range tests {
		c, bc := roundTrip(t, tt.data, tt.opts)
		if tt.want != nil && !slices.Equal(c.Codewords[:len(tt.want)], tt.want) {
			t.Errorf("%q: codewords %v, want %v...", tt.data, c.Codewords[:c.Size.Data], tt.want)
		}
		switch {
		case tt.opts.GS1:
			if c.Codewords[0] != cwFNC1 || !bc.GS1 || bc.Identifier != "]d2" || bc.ContentType != symbology.GS1 {
				t.Errorf("%q: GS1 symbol read as %+v", tt.data, bc)
			}
		case tt.opts.ReaderInit:
			if !bc.ReaderInit {
				t.Errorf("%q: reader programming lost", tt.data)
			}
		case tt.opts.Append.Count > 0:
			if bc.Sequence != (symbology.Sequence{Index: 1, Count: 3, ID: "258"}) {
				t.Errorf("%q: sequence %+v", tt.data, bc.Sequence)
			}
		case tt.data == "€":
			if !slices.Equal(c.Codewords[:2], []byte{cwECI, 27}) || bc.Identifier != "]d4" || len(bc.Segments) != 1 || bc.Segments[0].ECI != 26 {
				t.Errorf("€: codewords %v, identifier %s, segments %v", c.Codewords[:c.Size.Data], bc.Identifier, bc.Segments)
			}
		}
	}
}

// kinds of data that each call for one encodation, made n characters long.
var kinds = []struct {
	name  string
	latch byte // the codeword that must appear (0 for ASCII)
	make  func(n int) string
	opts  Options
}{
	{"ascii", 0, func(n int) string { return digits(n) }, Options{}},
	{"c40", cwLatchC40, func(n int) string { return upper(n) }, Options{}},
	{"text", cwLatchText, func(n int) string {
		b := []byte(upper(n))
		for i := range b {
			b[i] += 'a' - 'A'
		}
		return string(b)
	}, Options{}},
	{"x12", cwLatchX12, func(n int) string {
		const set = "AB*>\r12XY"
		b := make([]byte, n)
		for i := range b {
			b[i] = set[i%len(set)]
		}
		return string(b)
	}, Options{}},
	{"edifact", cwLatchEDI, func(n int) string {
		const set = "A.B,C:D;E@F^G-"
		b := make([]byte, n)
		for i := range b {
			b[i] = set[i*7%len(set)]
		}
		return string(b)
	}, Options{}},
	{"base256", cwLatchB256, func(n int) string { return highBytes(n) }, Options{Binary: true}},
}

// TestRoundTripSizes encodes, in every format, data of each kind that
// fills most of it, and decodes it back; the encodation meant for the
// kind must be used.
func TestRoundTripSizes(t *testing.T) {
	for _, s := range sizes {
		for _, k := range kinds {
			// Characters per data codeword, about: ASCII digits 2, C40,
			// Text and X12 1.5, EDIFACT 1.33, Base 256 1.
			per := map[string]float64{"ascii": 2, "c40": 1.5, "text": 1.5, "x12": 1.5, "edifact": 1.33, "base256": 1}[k.name]
			n := max(1, int(float64(s.Data-4)*per*0.95))
			if k.name == "base256" {
				n = min(n, 1550)
			}
			if k.name != "ascii" && n < 12 {
				continue // too small to be worth a latch
			}
			data := k.make(n)
			opts := k.opts
			opts.Size = s
			c, _ := roundTrip(t, data, opts)
			if k.latch != 0 && !slices.Contains(c.Codewords[:s.Data], k.latch) {
				t.Errorf("%s %s: no latch %d in %v", s, k.name, k.latch, c.Codewords[:min(12, s.Data)])
			}
		}
	}
}

// TestRoundTripMixed encodes data that makes the encodation switch, in
// every shape, and decodes it back.
func TestRoundTripMixed(t *testing.T) {
	mixed := []string{
		"ABCDEFGHIJKLMNOP" + "abcdefghijklmnop" + "0123456789012345" + "A.B,C:D;E@F^G-H." + "\x80\x81\x82\x83\x84\x85\x86\x87",
		"AB*>\rAB*>\rAB*>\r" + "hello world" + "1234567890",
		"0123456789" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "0123456789",
		"lowercase then UPPERCASE THEN 0123456789 then \x01\x02\x03 control",
		"Mixed: Ünïcödé, €, 漢字 and ASCII",
		strings.Repeat("EDI.FACT/", 20) + strings.Repeat("\xa0", 300),
	}
	for _, data := range mixed {
		for _, shape := range []Shape{Square, Rectangular, DMRE, AnyShape} {
			opts := Options{Shape: shape}
			if strings.ContainsAny(data, "\x80\xa0") {
				opts.Binary = true
			}
			c, err := Encode(data, opts)
			if errors.Is(err, symbology.ErrTooLong) && shape != Square && shape != AnyShape {
				continue // too long for rectangles
			}
			c, _ = roundTrip(t, data, opts)
			latches := 0
			for _, cw := range c.Codewords[:c.Size.Data] {
				if cw >= cwLatchC40 && cw <= cwLatchEDI && cw != cwFNC1 && cw != cwUpperShift {
					latches++
				}
			}
			if latches == 0 && len(data) > 40 {
				t.Errorf("%.30q in %s: no encodation switch in %v", data, c.Size, c.Codewords[:20])
			}
		}
	}
}

// TestRoundTripRandom encodes random data drawn from small alphabets that
// favour each encodation and its end-of-data rules, in every shape.
func TestRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabets := []string{
		"0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789", "abcdefghijklmnopqrstuvwxyz 0123456789",
		"AB*>\r0123456789", "@ABC.,:;-/^0123", "aA0.\x1d\x80\xe9\xff", "A0a", "AAAAa", "0000A", "\x00\x01\xfe",
	}
	for i := range 3000 {
		alph := alphabets[i%len(alphabets)]
		n := 1 + r.IntN(40)
		if i%10 == 0 {
			n = 1 + r.IntN(400)
		}
		b := make([]byte, n)
		for j := range b {
			b[j] = alph[r.IntN(len(alph))]
		}
		opts := Options{Shape: Shape(i % 4), Binary: true}
		data := string(b)
		c, err := Encode(data, opts)
		if errors.Is(err, symbology.ErrTooLong) {
			continue
		}
		if err != nil {
			t.Fatalf("Encode(%q): %v", data, err)
		}
		bc, err := Decode(c.Modules)
		if err != nil || string(bc.Bytes) != data {
			t.Fatalf("%q in %s (%v): read %q, %v", data, c.Size, c.Codewords[:c.Size.Data], bc.Bytes, err)
		}
		// The symbol must be the smallest one the encodation fits: one
		// size smaller must not hold it.
		if prev := smaller(opts.Shape, c.Size); prev.Rows != 0 {
			if _, err := Encode(data, Options{Size: prev, Binary: true}); err == nil {
				t.Fatalf("%q: encoded in %s, but fits %s", data, c.Size, prev)
			}
		}
	}
}

// smaller returns the format before s in shape's order, or the zero Size.
func smaller(shape Shape, s Size) Size {
	list := shape.candidates()
	for i, x := range list {
		if x == s && i > 0 {
			return list[i-1]
		}
	}
	return Size{}
}

// TestEndOfData checks the end-of-data rules that let data fill a symbol
// exactly: C40 ending on whole triplets (no unlatch), C40 with two values
// and a Shift 1 pad (§5.2.5.2 b), a last character in ASCII without
// unlatch (§5.2.5.2 d), EDIFACT with one or two codewords left (§5.2.8.2),
// and a Base 256 segment to the end of the symbol (length 0).
func TestEndOfData(t *testing.T) {
	tests := []struct {
		data string
		size string
		opts Options
	}{
		{"ABCABC", "10x10", Options{}},       // 230 and two pairs: 5 codewords, more than 3
		{"ABCDEFGHIJKL", "12x12", Options{}}, // 1 + 8 = 9 codewords, more than 5
		{"AIMAIMAIM", "14x14", Options{}},
		{"AIMAIMAIMAI", "16x16", Options{}},
		{"ABCDEFGHIJKLMNOPQR", "18x18", Options{}},
		{".A.A.A.A.A.A.A.A.A.A.A.A", "20x20", Options{}},
		{"\xff", "10x10", Options{Binary: true}},
		{"\xff\xfe\xfd", "12x12", Options{Binary: true}},
		{strings.Repeat("\xaa", 278), "64x64", Options{Binary: true}},
	}
	for _, tt := range tests {
		shape, size, forced, err := ParseVersion(tt.size)
		if err != nil || !forced {
			t.Fatal(tt.size, shape, err)
		}
		opts := tt.opts
		opts.Size = size
		c, err := Encode(tt.data, opts)
		if err != nil {
			// The first two do not fit: they check that Encode says so.
			if !errors.Is(err, symbology.ErrTooLong) || (tt.size != "10x10" && tt.size != "12x12") || tt.opts.Binary {
				t.Errorf("%q in %s: %v", tt.data, tt.size, err)
			}
			continue
		}
		bc, err := Decode(c.Modules)
		if err != nil || string(bc.Bytes) != tt.data {
			t.Errorf("%q in %s (%v): read %q, %v", tt.data, tt.size, c.Codewords[:c.Size.Data], bc.Bytes, err)
		}
	}
}

// TestMacro writes data in an ISO/IEC 15434 envelope with the macro
// codewords and reads it back whole.
func TestMacro(t *testing.T) {
	for _, f := range []string{"05", "06"} {
		data := "[)>\x1e" + f + "\x1dP12345\x1dQ10\x1e\x04"
		c, bc := roundTrip(t, data, Options{})
		if want := map[string]byte{"05": cwMacro05, "06": cwMacro06}[f]; c.Codewords[0] != want {
			t.Errorf("%q: first codeword %d, want %d", data, c.Codewords[0], want)
		}
		if bc.ContentType != symbology.ISO15434 {
			t.Errorf("%q: content type %s", data, bc.ContentType)
		}
	}
	// Without the trailer it is no macro.
	c, _ := roundTrip(t, "[)>\x1e05\x1dP12345", Options{})
	if c.Codewords[0] == cwMacro05 {
		t.Error("macro codeword without the envelope's trailer")
	}
}

// TestEncodeErrors checks that bad data and options give the typed errors.
func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		data string
		opts Options
		want error
	}{
		{"(01)09506000134352", Options{GS1: true}, symbology.ErrInvalidData},
		{"01095060001343\x1d", Options{GS1: true}, symbology.ErrInvalidData},
		{"01é", Options{GS1: true}, symbology.ErrInvalidData},
		{"", Options{GS1: true}, symbology.ErrInvalidData},
		{"\xff", Options{}, symbology.ErrInvalidData},
		{"A", Options{ECI: 1000000}, symbology.ErrInvalidData},
		{"A", Options{ECI: 999}, symbology.ErrInvalidData},
		{"€", Options{ECI: 3}, symbology.ErrInvalidData},
		{"A", Options{Shape: 9}, symbology.ErrInvalidData},
		{"A", Options{Size: Size{Rows: 11, Cols: 11}}, symbology.ErrInvalidData},
		{"A", Options{Append: Append{Count: 17}}, symbology.ErrInvalidData},
		{"A", Options{Append: Append{Count: 2, Index: 2}}, symbology.ErrInvalidData},
		{"A", Options{Append: Append{Count: 2, FileID: 255}}, symbology.ErrInvalidData},
		{"A", Options{Append: Append{Count: 2}, ReaderInit: true}, symbology.ErrInvalidData},
		{"1234567", Options{Size: sizes[0]}, symbology.ErrTooLong},
		{strings.Repeat("A", 80), Options{Shape: Rectangular}, symbology.ErrTooLong},
		{strings.Repeat("\x80", 1556), Options{Binary: true}, symbology.ErrTooLong},
		{strings.Repeat("9", 3117), Options{}, symbology.ErrTooLong},
		{strings.Repeat("9", 100000), Options{}, symbology.ErrTooLong},
	}
	for _, tt := range tests {
		if _, err := Encode(tt.data, tt.opts); !errors.Is(err, tt.want) {
			t.Errorf("Encode(%.20q, %+v) = %v, want %v", tt.data, tt.opts, err, tt.want)
		}
	}
	// The largest data that fits.
	roundTrip(t, strings.Repeat("9", 3116), Options{})
	roundTrip(t, strings.Repeat("\x80", 1555), Options{Binary: true})
}

// TestWrite checks the registry's writer and its reading of WriteOptions.
func TestWrite(t *testing.T) {
	tests := []struct {
		data string
		opts symbology.WriteOptions
		want string // version, or "" for an error
		err  error
	}{
		{"Hello World", symbology.WriteOptions{}, "16x16", nil},
		{"Hello World", symbology.WriteOptions{Version: "rect"}, "8x32", nil},
		{"Hello World", symbology.WriteOptions{Version: "dmre"}, "8x32", nil},
		{"Hello World Hello", symbology.WriteOptions{Version: "dmre"}, "12x26", nil},
		{"Hello World Hello World", symbology.WriteOptions{Version: "dmre"}, "12x36", nil},
		{"Hello World", symbology.WriteOptions{Version: "any"}, "8x32", nil},
		{"Hello World", symbology.WriteOptions{Version: "24x24"}, "24x24", nil},
		{"Hello World", symbology.WriteOptions{Version: "10x10"}, "", symbology.ErrTooLong},
		{"Hello World", symbology.WriteOptions{Version: "15x15"}, "", symbology.ErrInvalidData},
		{"Hello World", symbology.WriteOptions{ECLevel: "H"}, "", symbology.ErrUnsupported},
		{"0112345678901231", symbology.WriteOptions{GS1: true}, "16x16", nil},
	}
	for _, tt := range tests {
		s, err := write(tt.data, tt.opts)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("write(%q, %+v) = %v, want %v", tt.data, tt.opts, err, tt.err)
			}
			continue
		}
		if err != nil || s.Version != tt.want || s.Symbology != "data-matrix" || s.QuietZone != 1 {
			t.Errorf("write(%q, %+v) = %+v, %v; want version %s", tt.data, tt.opts, s, err, tt.want)
			continue
		}
		if bc, err := Decode(s.Modules); err != nil || string(bc.Bytes) != tt.data || bc.GS1 != tt.opts.GS1 {
			t.Errorf("write(%q, %+v) reads %q, %v", tt.data, tt.opts, bc.Text, err)
		}
	}
	info, ok := symbology.Lookup("ECC200")
	if !ok || info.ID != "data-matrix" || info.Name != "Data Matrix" || info.Format != "DataMatrix" || !info.InGroup("gs1") {
		t.Errorf("registry: %+v, %v", info, ok)
	}
}

// TestPublicSizes checks that barkit never chooses a larger symbol than the
// public encoders of testdata/public-sizes.txt (zint 2.11, libdmtx 0.7 and
// zxing-cpp 1.4; see testdata/README) for the same payload and shape: square
// against zint --square and dmtxwrite -s s, rectangles against dmtxwrite
// -s r, any shape against zint's default and ZXingWriter. Payloads with
// bytes beyond ASCII are written as those bytes, without ECI, as the
// public encoders write them.
func TestPublicSizes(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "public-sizes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	capacity := func(s string) int {
		if s == "-" {
			return -1
		}
		_, size, forced, err := ParseVersion(s)
		if err != nil || !forced {
			t.Fatalf("public-sizes.txt: size %q", s)
		}
		return size.Data
	}
	rows, better := 0, 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		c := strings.Split(line, "\t")
		data, err := strconv.Unquote(c[0])
		if err != nil || len(c) != 6 {
			t.Fatalf("public-sizes.txt: %q", line)
		}
		rows++
		for _, cmp := range []struct {
			shape Shape
			cols  []int
		}{{Square, []int{1, 3}}, {Rectangular, []int{4}}, {AnyShape, []int{2, 5}}} {
			best := -1
			for _, i := range cmp.cols {
				if n := capacity(c[i]); n > 0 && (best < 0 || n < best) {
					best = n
				}
			}
			got, err := Encode(data, Options{Shape: cmp.shape, Binary: true})
			if errors.Is(err, symbology.ErrTooLong) && best < 0 {
				continue
			}
			if err != nil {
				t.Errorf("%.30q %s: %v", data, cmp.shape, err)
				continue
			}
			if best > 0 && got.Size.Data > best {
				t.Errorf("%.30q %s: barkit chose %s (%d codewords), a public encoder %d", data, cmp.shape, got.Size, got.Size.Data, best)
			}
			if best > 0 && got.Size.Data < best {
				better++
			}
		}
	}
	if rows < 50 {
		t.Fatalf("only %d payloads", rows)
	}
	t.Logf("%d payloads: barkit chose a smaller symbol than the best public encoder %d times", rows, better)
}

func ExampleEncode() {
	c, err := Encode("Hello World", Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Size)
	// Output: 16x16
}
