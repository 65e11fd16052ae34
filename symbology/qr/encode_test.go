package qr

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// encodeCodewords runs the encoder up to the codewords: it returns the data
// codewords and the final (interleaved, error-corrected) codeword sequence.
func encodeCodewords(t *testing.T, text string, opts Options) (data, words []byte, c *Code) {
	t.Helper()
	c, err := Encode(text, opts)
	if err != nil {
		t.Fatalf("Encode(%q): %v", text, err)
	}
	// Read the codewords back from the symbol, the way the decoder does.
	l := getLayout(c.Version)
	words = make([]byte, l.words)
	for k := range 8 * l.words {
		if c.Modules.Pix[l.order[k]] != qrfamily.MaskBit(c.Mask, int(l.oy[k]), int(l.ox[k])) {
			words[k/8] |= 0x80 >> (k % 8)
		}
	}
	b := blocks(c.Version, c.Level)
	blk := make([]byte, len(words))
	qrfamily.Deinterleave(blk, words, b)
	for i := range b.Count {
		nd := b.Data
		if i >= b.Short {
			nd++
		}
		data = append(data, blk[b.Start(i):b.Start(i)+nd]...)
	}
	return data, words, c
}

// TestAnnexI checks the symbol encoding example of ISO/IEC 18004:2015
// Annex I: "01234567" at version 1-M. The standard lists the data codewords,
// the error correction codewords and the chosen mask pattern 010; the
// finished symbol is kept as a golden file.
func TestAnnexI(t *testing.T) {
	data, words, c := encodeCodewords(t, "01234567", Options{Level: M})
	wantData := []byte{16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17}
	wantEC := []byte{165, 36, 212, 193, 237, 54, 199, 135, 44, 85}
	if !bytes.Equal(data, wantData) {
		t.Errorf("data codewords %v, want %v", data, wantData)
	}
	if !bytes.Equal(words[len(wantData):], wantEC) {
		t.Errorf("error correction codewords %v, want %v", words[len(wantData):], wantEC)
	}
	if c.Version != 1 || c.Level != M || c.Mask != 2 {
		t.Errorf("version %d-%v mask %d, want 1-M mask 2 (010)", c.Version, c.Level, c.Mask)
	}
	checkGolden(t, "annex-i-01234567", "01234567", c)
}

// goldenHeader is the first line of a golden file.
type goldenHeader struct {
	Symbology string `json:"symbology"`
	Text      string `json:"text"`
	Version   int    `json:"version"`
	Level     string `json:"level"`
	Mask      int    `json:"mask"`
}

// checkGolden compares a symbol with testdata/name.golden, or rewrites the
// file under -update.
func checkGolden(t *testing.T, name, text string, c *Code) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	h, _ := json.Marshal(goldenHeader{"qr", text, c.Version, c.Level.String(), c.Mask})
	got := string(h) + "\n" + c.Modules.String()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s: symbol differs from the golden file\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// TestGolden checks a handful of symbols, chosen to cover the modes, the
// version information and both kinds of header, against their golden files.
// Every golden symbol is also decoded to guard the file itself.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		text string
		opts Options
	}{
		{"hello-world-1q", "HELLO WORLD", Options{Level: Q}},
		{"url-m", "https://github.com/barkit/barkit", Options{Level: M}},
		{"mixed-modes-l", "Order 123456789012345 / ITEM ABC-42 qty 7", Options{}},
		{"kanji-h", "漢字テスト日本語", Options{Level: H}},
		{"utf8-eci-m", "Grüße, мир! 😀", Options{Level: M}},
		{"gs1-q", "0109506000134352\x1d10ABC%123", Options{Level: Q, GS1: true}},
		{"append-2-of-3", "part two", Options{Append: Append{Index: 1, Count: 3, Parity: 0x5A}}},
		{"version-7-h", strings.Repeat("0123456789", 6), Options{Level: H, Version: 7}},
		{"version-40-l", strings.Repeat("barkit ", 420), Options{}},
	}
	for _, tt := range tests {
		c, err := Encode(tt.text, tt.opts)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		checkGolden(t, tt.name, tt.text, c)
		bc, err := Decode(c.Modules)
		if err != nil || bc.Text != tt.text && !(tt.opts.GS1 && string(bc.Bytes) == tt.text) {
			t.Errorf("%s: decoded %q, %v", tt.name, bc.Text, err)
		}
	}
}

// TestGoldenFilesDecode reads every golden file back: the header's text,
// version, level and mask must be what the modules hold.
func TestGoldenFilesDecode(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.golden")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		head, rows, _ := strings.Cut(string(b), "\n")
		var h goldenHeader
		if err := json.Unmarshal([]byte(head), &h); err != nil {
			t.Fatalf("%s: header: %v", f, err)
		}
		m, err := matrix.Parse(rows)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		bc, err := Decode(m)
		// GS1 symbols read as HRI text; their bytes are the element string.
		if err != nil || bc.Text != h.Text && !(bc.GS1 && string(bc.Bytes) == h.Text) || bc.Version != itoa(h.Version) || bc.ECLevel != h.Level {
			t.Errorf("%s: decoded %q v%s %s, %v; header says %q v%d %s", f, bc.Text, bc.Version, bc.ECLevel, err, h.Text, h.Version, h.Level)
		}
		l := getLayout(h.Version)
		var w uint32
		for i, p := range l.formatPos[0] {
			if m.Pix[p] {
				w |= 1 << i
			}
		}
		if _, mask, _ := decodeFormat(w); mask != h.Mask {
			t.Errorf("%s: mask %d, header says %d", f, mask, h.Mask)
		}
	}
}

func TestEncodeOptionErrors(t *testing.T) {
	tests := []struct {
		text string
		opts Options
		want error
	}{
		{"x", Options{Level: 4}, symbology.ErrInvalidData},
		{"x", Options{Version: 41}, symbology.ErrInvalidData},
		{"x", Options{Version: -1}, symbology.ErrInvalidData},
		{"x", Options{MinVersion: 41}, symbology.ErrInvalidData},
		{"x", Options{Mask: 9}, symbology.ErrInvalidData},
		{"x", Options{ECI: 14}, symbology.ErrInvalidData},
		{"x", Options{ECI: 1000000, Binary: true}, symbology.ErrInvalidData},
		{"x", Options{Append: Append{Count: 17}}, symbology.ErrInvalidData},
		{"x", Options{Append: Append{Index: 3, Count: 3}}, symbology.ErrInvalidData},
		{"x\xff", Options{}, symbology.ErrInvalidData},
		{"日本", Options{ECI: 3}, symbology.ErrInvalidData},
		{"(01)09506000134352", Options{GS1: true}, symbology.ErrInvalidData},
		{"01095060001343~2", Options{GS1: true}, symbology.ErrInvalidData},
		{"", Options{GS1: true}, symbology.ErrInvalidData},
		{"0\x1d%", Options{GS1: true}, symbology.ErrInvalidData},       // "%%%" would read as "%" GS
		{"01\x1d\x1d10", Options{GS1: true}, symbology.ErrInvalidData}, // "%%" would read as "%"
		{"0112\x1d", Options{GS1: true}, symbology.ErrInvalidData},
		{"01", Options{GS1: true, ECI: 25}, symbology.ErrInvalidData},
		{strings.Repeat("1", 42), Options{Version: 1}, symbology.ErrTooLong},
		{strings.Repeat("1", 7090), Options{}, symbology.ErrTooLong},
		{strings.Repeat("a", 2954), Options{}, symbology.ErrTooLong},
		{strings.Repeat("a", 200), Options{Level: H, Version: 9}, symbology.ErrTooLong},
		{strings.Repeat("a", 1<<20), Options{}, symbology.ErrTooLong},
		{strings.Repeat("a", 1<<20), Options{Binary: true}, symbology.ErrTooLong},
	}
	for _, tt := range tests {
		if _, err := Encode(tt.text, tt.opts); !errors.Is(err, tt.want) {
			t.Errorf("Encode(%.20q, %+v) error = %v, want %v", tt.text, tt.opts, err, tt.want)
		}
	}
	// The error names the character that cannot be encoded.
	_, err := Encode("0101234~", Options{GS1: true})
	if err == nil || !strings.Contains(err.Error(), `'~' at position 7`) {
		t.Errorf("GS1 error %v does not name the character", err)
	}
	_, err = Encode("abc日", Options{ECI: 3})
	if err == nil || !strings.Contains(err.Error(), `'日' at position 3`) {
		t.Errorf("ECI error %v does not name the character", err)
	}
}

// TestCharsetChoice checks the automatic ECI choice and the modes it
// allows, through what a reader sees.
func TestCharsetChoice(t *testing.T) {
	tests := []struct {
		text     string
		opts     Options
		wantECI  int  // designator in the symbol; -1 none
		wantKanj bool // a kanji mode segment is used
	}{
		{"HELLO", Options{}, -1, false},
		{"Grüße", Options{}, 26, false},            // UTF-8 ties with ECI 3 and ISO-8859-1 undesignated: the first wins
		{"Bär", Options{}, 26, false},              // Latin-1 42 E4 72 is valid Shift_JIS: designated (UTF-8 ties with ECI 3)
		{"Ã©", Options{}, 26, false},               // Latin-1 bytes C3 A9 would read as UTF-8 "é"
		{"漢字", Options{}, -1, true},                // kanji mode needs no designator
		{"ABC漢字123", Options{}, -1, true},          // kanji with ISO-8859-1 around it
		{"ｶﾀｶﾅ", Options{}, 26, false},             // half-width katakana: single-byte Shift_JIS
		{"Привет", Options{}, -1, true},            // Cyrillic is in JIS X 0208: kanji mode
		{"한국어", Options{}, 26, false},              // not Latin-1, not kanji
		{"é漢字", Options{}, 26, false},              // a non-ASCII byte beside kanji would be guessed with it: UTF-8
		{"ÀÉÈ漢", Options{}, 26, false},             // Latin-1 bytes readers would take for katakana
		{"ｶﾀｶﾅ漢字", Options{ECI: 20}, 20, false},    // forced Shift_JIS: two kanji cost less in byte mode
		{"ｶﾀｶﾅ漢字漢字漢字", Options{ECI: 20}, 20, true}, // … six do not
		{"abc", Options{ECI: 26}, 26, false},       // forced
		{"\x00\xff", Options{Binary: true}, -1, false},
		{"\x00\xff", Options{Binary: true, ECI: 899}, 899, false},
	}
	for _, tt := range tests {
		e := new(encoder)
		_, d, err := e.choose(tt.text, tt.opts)
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		kanji := false
		for _, s := range e.segs {
			kanji = kanji || s.Mode == qrfamily.Kanji
		}
		if d != tt.wantECI || kanji != tt.wantKanj {
			t.Errorf("%q: designator %d kanji %v, want %d %v", tt.text, d, kanji, tt.wantECI, tt.wantKanj)
		}
		c, err := Encode(tt.text, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		want := tt.text
		if tt.opts.Binary {
			want = string(bc.Bytes) // text of binary data is a reading of the bytes
			if !bytes.Equal(bc.Bytes, []byte(tt.text)) {
				t.Errorf("%q: bytes % x", tt.text, bc.Bytes)
			}
		}
		if bc.Text != want && !tt.opts.Binary {
			t.Errorf("%q: read back %q", tt.text, bc.Text)
		}
		if (tt.wantECI >= 0) != (bc.Identifier == "]Q2") {
			t.Errorf("%q: identifier %s", tt.text, bc.Identifier)
		}
	}
}

func TestWrite(t *testing.T) {
	tests := []struct {
		opts           symbology.WriteOptions
		level, version string
		wantErr        error
	}{
		{symbology.WriteOptions{}, "M", "1", nil},
		{symbology.WriteOptions{ECLevel: "l"}, "L", "1", nil},
		{symbology.WriteOptions{ECLevel: "q"}, "Q", "1", nil},
		{symbology.WriteOptions{ECLevel: "H"}, "H", "1", nil},
		{symbology.WriteOptions{ECLevel: "30%"}, "H", "1", nil},
		{symbology.WriteOptions{ECLevel: "7%"}, "L", "1", nil},
		{symbology.WriteOptions{ECLevel: "25%", Version: "12"}, "Q", "12", nil},
		{symbology.WriteOptions{ECLevel: "X"}, "", "", symbology.ErrInvalidData},
		{symbology.WriteOptions{ECLevel: "50%"}, "", "", symbology.ErrInvalidData},
		{symbology.WriteOptions{Version: "41"}, "", "", symbology.ErrInvalidData},
		{symbology.WriteOptions{Version: "seven"}, "", "", symbology.ErrInvalidData},
		{symbology.WriteOptions{GS1: true}, "", "", symbology.ErrInvalidData}, // "HELLO" is no element string
	}
	for _, tt := range tests {
		s, err := write("HELLO", tt.opts)
		if tt.wantErr != nil {
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("write(%+v) error = %v, want %v", tt.opts, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("write(%+v): %v", tt.opts, err)
			continue
		}
		if s.Symbology != "qr" || s.QuietZone != 4 || s.ECLevel != tt.level || s.Version != tt.version ||
			s.Modules.Width != size(atoi(tt.version)) {
			t.Errorf("write(%+v) = %+v", tt.opts, s)
		}
	}
	s, err := write("0109506000134352", symbology.WriteOptions{GS1: true})
	if err != nil {
		t.Fatal(err)
	}
	if bc, err := Decode(s.Modules); err != nil || !bc.GS1 || bc.Identifier != "]Q3" {
		t.Errorf("GS1 symbol read as %+v, %v", bc, err)
	}
}
