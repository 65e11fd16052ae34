package qr

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/barkit/barkit/eci"
	gs1pkg "github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

func itoa(i int) string { return strconv.Itoa(i) }

func atoi(s string) int { i, _ := strconv.Atoi(s); return i }

// payloadGen makes random payloads of the kinds a round trip should cover.
type payloadGen struct{ r *rand.Rand }

var genAlphabets = []string{
	"0123456789",
	"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:",
	"abcdefghijklmnopqrstuvwxyz0123456789 .,;:!?-_/=&%#@",
	"abcXYZ019 äöüßéèàçñÆØÅ¿¡£¥©®",          // ISO-8859-1
	"日本語漢字テストカタカナひらがな中文字123ABC",             // kanji mode and ISO-8859-1
	"Привет мир Ελληνικά 😀 €™ 한국어 ｶﾀｶﾅ abc", // needs UTF-8
}

// text returns a random text of n characters drawn from alphabet k, mixed
// with runs from other alphabets when mix is set.
func (g payloadGen) text(k, n int, mix bool) string {
	var b strings.Builder
	for b.Len() < 4*n && n > 0 {
		a := []rune(genAlphabets[k])
		if mix && g.r.Intn(4) == 0 {
			a = []rune(genAlphabets[g.r.Intn(len(genAlphabets))])
		}
		run := 1 + g.r.Intn(12)
		for range run {
			b.WriteRune(a[g.r.Intn(len(a))])
			n--
			if n == 0 {
				break
			}
		}
	}
	return b.String()
}

// gs1 returns n random characters of the GS1 character set.
func (g payloadGen) gs1(n int) string {
	const set = "!\"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"
	b := make([]byte, n)
	for i := range b {
		b[i] = set[g.r.Intn(len(set))]
	}
	return string(b)
}

// checkRoundTrip encodes text with opts, decodes the modules (after an
// optional change) and compares everything the symbol says.
func checkRoundTrip(t *testing.T, text string, opts Options, change func(*matrix.Matrix) *matrix.Matrix) *Code {
	t.Helper()
	c, err := Encode(text, opts)
	if err != nil {
		if errors.Is(err, symbology.ErrTooLong) {
			return nil
		}
		t.Fatalf("Encode(%.40q, %+v): %v", text, opts, err)
	}
	m := c.Modules
	if change != nil {
		m = change(m.Clone())
	}
	bc, err := Decode(m)
	if err != nil {
		t.Fatalf("Decode of %.40q (v%d-%v mask %d): %v", text, c.Version, c.Level, c.Mask, err)
	}
	if opts.Binary || opts.GS1 {
		if !bytes.Equal(bc.Bytes, []byte(text)) {
			t.Fatalf("binary %.40q: bytes % x", text, bc.Bytes)
		}
		if opts.GS1 && bc.Text != gs1Text(text) {
			t.Fatalf("GS1 %.60q: text %.60q, want %.60q", text, bc.Text, gs1Text(text))
		}
	} else if bc.Text != text {
		t.Fatalf("%.60q (v%d-%v): read back %.60q", text, c.Version, c.Level, bc.Text)
	}
	if bc.Version != itoa(c.Version) || bc.ECLevel != c.Level.String() || bc.Symbology != "qr" {
		t.Fatalf("%.40q: metadata %s %s %s, want %d %v", text, bc.Symbology, bc.Version, bc.ECLevel, c.Version, c.Level)
	}
	if opts.GS1 != bc.GS1 || opts.GS1 && bc.ContentType != symbology.GS1 {
		t.Fatalf("%.40q: GS1 %v content %s", text, bc.GS1, bc.ContentType)
	}
	if a := opts.Append; a.Count > 0 {
		want := symbology.Sequence{Index: a.Index, Count: a.Count, ID: itoa(int(a.Parity))}
		if bc.Sequence != want {
			t.Fatalf("%.40q: sequence %+v, want %+v", text, bc.Sequence, want)
		}
	} else if bc.Sequence != (symbology.Sequence{}) {
		t.Fatalf("%.40q: sequence %+v", text, bc.Sequence)
	}
	return c
}

// TestRoundTrip encodes and decodes 640 payloads over every version and level,
// every mode and mixes of them, UTF-8 through ECI, GS1 and structured append.
func TestRoundTrip(t *testing.T) {
	g := payloadGen{rand.New(rand.NewSource(18004))}
	seen := make(map[int]bool)
	for i := range 640 {
		opts := Options{Level: Level(i % 4)}
		k := i % len(genAlphabets)
		n := 1 + g.r.Intn(60)
		switch i % 5 {
		case 1:
			n = 1 + g.r.Intn(400)
		case 2:
			// Force a version and fill part of it.
			opts.Version = 1 + i/4%maxVersion
			n = 1 + g.r.Intn(max(1, dataCodewords(opts.Version, opts.Level)))
		case 3:
			opts.MinVersion = 1 + g.r.Intn(maxVersion)
		}
		text := g.text(k, n, i%3 == 0)
		switch i % 16 {
		case 5:
			opts.Append = Append{Index: g.r.Intn(4), Count: 4, Parity: Parity(text)}
		case 7:
			text = fmt.Sprintf("01%014d\x1d10%s\x1d21%d%%", g.r.Int63n(1e14), g.gs1(1+g.r.Intn(20)), g.r.Intn(1e6))
			opts.GS1 = true
		case 9:
			opts.Mask = 1 + g.r.Intn(8)
		case 11:
			b := make([]byte, n)
			g.r.Read(b)
			text, opts.Binary = string(b), true
		case 13:
			// A forced character set, when it holds the text.
			d := []int{3, 4, 7, 20, 25, 26, 28, 32, 899}[g.r.Intn(9)]
			if _, err := eci.Encode(d, text); err == nil {
				opts.ECI = d
			}
		}
		if c := checkRoundTrip(t, text, opts, nil); c != nil {
			seen[c.Version] = true
		}
	}
	for v := minVersion; v <= maxVersion; v++ {
		if !seen[v] {
			t.Errorf("no round trip at version %d", v)
		}
	}
}

// TestRoundTripMirrored reads symbols transposed: the decoder must try the
// mirrored reading and say so.
func TestRoundTripMirrored(t *testing.T) {
	g := payloadGen{rand.New(rand.NewSource(2))}
	for i := range 40 {
		text := g.text(i%len(genAlphabets), 1+g.r.Intn(200), true)
		c, err := Encode(text, Options{Level: Level(i % 4), MinVersion: i % 41})
		if err != nil {
			t.Fatal(err)
		}
		bc, err := Decode(c.Modules.Transpose())
		if err != nil || bc.Text != text || !bc.Mirrored {
			t.Fatalf("mirrored v%d: %q mirrored=%v, %v", c.Version, bc.Text, bc.Mirrored, err)
		}
		if bc, _ := Decode(c.Modules); bc.Mirrored {
			t.Fatal("straight symbol reported mirrored")
		}
	}
}

// TestRoundTripCorrection flips modules in the data region: up to the
// correction capacity of each block the symbol must still read.
func TestRoundTripCorrection(t *testing.T) {
	g := payloadGen{rand.New(rand.NewSource(3))}
	for i := range 60 {
		level := Level(i % 4)
		text := g.text(i%len(genAlphabets), 1+g.r.Intn(300), true)
		c, err := Encode(text, Options{Level: level, MinVersion: i % 41})
		if err != nil {
			t.Fatal(err)
		}
		l := getLayout(c.Version)
		b := blocks(c.Version, level)
		// Damage floor(EC/2) codewords of block 0, the most Reed–Solomon
		// corrects: flip the first bit of codewords at stride b.Count,
		// which in the interleaved order are block 0's data codewords.
		bad := b.EC / 2
		if bad > b.Data {
			t.Fatalf("v%d-%v: %d data codewords per block", c.Version, level, b.Data)
		}
		m := c.Modules.Clone()
		for j := range bad {
			k := 8 * (j * b.Count)
			m.Pix[l.order[k]] = !m.Pix[l.order[k]]
		}
		// Damage some format information bits of one copy too.
		for j := range 3 {
			p := l.formatPos[0][j*5]
			m.Pix[p] = !m.Pix[p]
		}
		bc, err := Decode(m)
		if err != nil || bc.Text != text {
			t.Fatalf("v%d-%v with %d bad codewords: %v", c.Version, level, bad, err)
		}
		// Far beyond capacity the error is a checksum error.
		for j := range b.Data + b.EC {
			k := 8 * (j * b.Count)
			m.Pix[l.order[k]] = !m.Pix[l.order[k]]
			m.Pix[l.order[k+3]] = !m.Pix[l.order[k+3]]
		}
		if _, err := Decode(m); err == nil {
			t.Errorf("v%d-%v: destroyed block still decodes", c.Version, level)
		}
	}
}

func TestDecodeBadMatrix(t *testing.T) {
	tests := []*matrix.Matrix{
		nil,
		{},
		matrix.New(21, 22),
		matrix.New(20, 20),
		matrix.New(22, 22),
		matrix.New(181, 181),
		matrix.New(21, 21), // all light: no format information
		{Width: 21, Height: 21, Pix: make([]bool, 10)}, // inconsistent
	}
	full := matrix.New(25, 25)
	full.Invert()
	tests = append(tests, full)
	for i, m := range tests {
		if _, err := Decode(m); !errors.Is(err, symbology.ErrFormat) && !errors.Is(err, symbology.ErrChecksum) {
			t.Errorf("case %d: error %v", i, err)
		}
	}
	// Version information that contradicts the size.
	c, _ := Encode("version check", Options{Version: 8})
	m := c.Modules.Clone()
	n := m.Width
	w := versionWord(9)
	for i := range 18 {
		a, b := i/3, n-11+i%3
		m.Pix[b*n+a] = w>>i&1 != 0
		m.Pix[a*n+b] = w>>i&1 != 0
	}
	if _, err := Decode(m); !errors.Is(err, symbology.ErrFormat) {
		t.Errorf("version 9 information in a version 8 symbol: %v", err)
	}
}

// TestDecodeQrencode decodes symbols made by another encoder, libqrencode
// (testdata/qrencode/README), against the text they were made from.
func TestDecodeQrencode(t *testing.T) {
	files, _ := filepath.Glob("testdata/qrencode/*.txt")
	if len(files) == 0 {
		t.Fatal("no testdata/qrencode files")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		head, rows, _ := strings.Cut(string(b), "\n")
		want, err := strconv.Unquote(head)
		if err != nil {
			t.Fatalf("%s: first line must be the quoted text: %v", f, err)
		}
		m, err := matrix.Parse(rows)
		if err != nil {
			t.Fatal(err)
		}
		bc, err := Decode(m)
		if err != nil || bc.Text != want {
			t.Errorf("%s: %q, %v; want %q", f, bc.Text, err, want)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []struct {
		text string
		opts Options
	}{
		{"01234567", Options{Level: M}},
		{"HELLO WORLD", Options{Level: Q}},
		{"漢字 and Grüße", Options{}},
		{"Привет", Options{Level: H}},
		{"0109506000134352\x1d10AB%C", Options{GS1: true}},
		{"seq", Options{Append: Append{Index: 2, Count: 5, Parity: 7}}},
		{strings.Repeat("fuzz 123 ", 40), Options{}},
	} {
		c, err := Encode(s.text, s.opts)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(c.Modules.Width, packBits(c.Modules.Pix))
	}
	f.Fuzz(func(t *testing.T, n int, b []byte) {
		if n < 0 || n > 200 {
			return
		}
		m := matrix.New(n, n)
		for i := range m.Pix {
			if i/8 < len(b) {
				m.Pix[i] = b[i/8]>>(i%8)&1 != 0
			}
		}
		bc, err := Decode(m)
		if err != nil {
			if !errors.Is(err, symbology.ErrFormat) && !errors.Is(err, symbology.ErrChecksum) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if bc.Symbology != "qr" || bc.Version == "" || bc.Identifier == "" {
			t.Fatalf("incomplete result %+v", bc)
		}
		// Whatever decodes re-encodes (as bytes) and decodes to the same bytes.
		c, err := Encode(string(bc.Bytes), Options{Binary: true})
		if errors.Is(err, symbology.ErrTooLong) {
			return // kanji mode packs 2 bytes in 13 bits; byte mode may not fit
		}
		if err != nil {
			t.Fatalf("re-encode % x: %v", bc.Bytes, err)
		}
		if bc2, err := Decode(c.Modules); err != nil || !bytes.Equal(bc2.Bytes, bc.Bytes) {
			t.Fatalf("re-encoded % x read back as % x, %v", bc.Bytes, bc2.Bytes, err)
		}
	})
}

func packBits(pix []bool) []byte {
	b := make([]byte, (len(pix)+7)/8)
	for i, v := range pix {
		if v {
			b[i/8] |= 1 << (i % 8)
		}
	}
	return b
}

// FuzzEncode checks that whatever Encode accepts decodes to the same text,
// and that what it refuses is refused with a typed error.
func FuzzEncode(f *testing.F) {
	f.Add("HELLO WORLD", 0, false)
	f.Add("https://example.com/?q=1", 1, false)
	f.Add("漢字テスト", 2, false)
	f.Add("Ã© ÀÉÈ", 3, false)
	f.Add("0109506000134352\x1d10ABC", 1, true)
	f.Add("\xff\xfe", 0, false)
	f.Fuzz(func(t *testing.T, text string, level int, gs1 bool) {
		if level < 0 || level > 3 {
			return
		}
		c, err := Encode(text, Options{Level: Level(level), GS1: gs1})
		if err != nil {
			if !errors.Is(err, symbology.ErrInvalidData) && !errors.Is(err, symbology.ErrTooLong) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		bc, err := Decode(c.Modules)
		if err != nil || gs1 && (string(bc.Bytes) != text || bc.Text != gs1Text(text)) || !gs1 && bc.Text != text {
			t.Fatalf("%q: read back %q (bytes %q), %v", text, bc.Text, bc.Bytes, err)
		}
	})
}

// gs1Text is the text of a GS1 symbol holding the element string es: its
// human-readable form when it splits into fields, else es itself.
func gs1Text(es string) string {
	if fields, err := gs1pkg.Split(es); err == nil {
		return gs1pkg.FormatHRI(fields)
	}
	return es
}

// BenchmarkDecodeMatrix decodes a version 10 symbol at level M.
func BenchmarkDecodeMatrix(b *testing.B) {
	text := strings.Repeat("barkit decodes QR Code 0123456789 ", 6)
	c, err := Encode(text, Options{Level: M, Version: 10})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(c.Modules); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeURL100 encodes a 100-byte URL to the module matrix.
func BenchmarkEncodeURL100(b *testing.B) {
	url := "https://example.com/products/2024/barcode-scanner?id=8712345678906&ref=newsletter&utm_source=qr_code"
	if len(url) != 100 {
		b.Fatalf("URL is %d bytes", len(url))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(url, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestConcurrent encodes and decodes from several goroutines at once; run
// with -race it checks that the lazily built layouts and the pooled encoder
// state are safe for concurrent use.
func TestConcurrent(t *testing.T) {
	done := make(chan error)
	for g := range 4 {
		go func() {
			var err error
			for i := range 40 {
				text := strings.Repeat(string(rune('A'+g)), 1+i*7)
				c, e := Encode(text, Options{Level: Level(i % 4), MinVersion: (g*10 + i) % 41})
				if e != nil {
					err = e
					break
				}
				bc, e := Decode(c.Modules)
				if e != nil || bc.Text != text {
					err = fmt.Errorf("%q: %q, %v", text, bc.Text, e)
					break
				}
			}
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
