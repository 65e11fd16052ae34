package pdf417

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// TestRoundTripLevels writes every security level over data of every kind
// and decodes the module matrices.
func TestRoundTripLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for level := 0; level <= maxLevel; level++ {
		for kind := 0; kind <= 6; kind++ {
			// Room for 2^(level+1) check codewords in 928.
			maxLen := 40
			if level == maxLevel {
				maxLen = 200
			}
			data := payloadKinds(rng, kind, 1+rng.IntN(maxLen))
			for _, compact := range []bool{false, true} {
				c, err := Encode(string(data), Options{Level: level + 1, Binary: true, Compact: compact})
				if err != nil {
					t.Fatalf("level %d kind %d: %v", level, kind, err)
				}
				if c.Level != level || c.ECCodewords != 2<<level {
					t.Errorf("level %d: got level %d with %d check codewords", level, c.Level, c.ECCodewords)
				}
				checkDecode(t, c, data, fmt.Sprintf("level %d kind %d compact %v", level, kind, compact))
			}
		}
	}
}

// checkDecode decodes c's modules and compares the bytes with want.
func checkDecode(t *testing.T, c *Code, want []byte, name string) {
	t.Helper()
	bc, err := Decode(c.Modules)
	if err != nil {
		t.Fatalf("%s: decode: %v", name, err)
	}
	if !bytes.Equal(bc.Bytes, want) {
		t.Fatalf("%s: decoded %q, want %q", name, bc.Bytes, want)
	}
	id := "pdf417"
	switch {
	case c.Micro:
		id = "micro-pdf417"
	case c.Compact:
		id = "compact-pdf417"
	}
	if bc.Symbology != id || bc.Version != c.Version() || bc.Identifier != "]L2" {
		t.Errorf("%s: symbology %q version %q identifier %q, want %q %q ]L2", name, bc.Symbology, bc.Version, bc.Identifier, id, c.Version())
	}
}

// TestRoundTripShapes writes many shapes: every column count, rows fixed,
// aspect ratios, and checks that the shape asked for is the one drawn.
func TestRoundTripShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for cols := 1; cols <= maxColumns; cols++ {
		// As much as fits 90 rows of few columns, at the default level.
		data := payloadKinds(rng, 6, 20+rng.IntN(min(150, 30*cols)))
		c, err := Encode(string(data), Options{Columns: cols, Binary: true})
		if err != nil {
			t.Fatalf("%d columns: %v", cols, err)
		}
		if c.Columns != cols || c.Rows < minRows || c.Rows > maxRows {
			t.Errorf("%d columns: got %s", cols, c.Version())
		}
		if w := symbolWidth(cols, false); c.Modules.Width != w || c.Modules.Height != rowHeight*c.Rows {
			t.Errorf("%d columns: %dx%d modules, want %dx%d", cols, c.Modules.Width, c.Modules.Height, w, rowHeight*c.Rows)
		}
		checkDecode(t, c, data, fmt.Sprintf("%d columns", cols))
	}
	for _, rows := range []int{3, 4, 5, 10, 33, 60, 90} {
		data := payloadKinds(rng, 2, 10+rng.IntN(40))
		c, err := Encode(string(data), Options{Rows: rows, Binary: true})
		if err != nil {
			t.Fatalf("%d rows: %v", rows, err)
		}
		if c.Rows != rows {
			t.Errorf("%d rows: got %s", rows, c.Version())
		}
		checkDecode(t, c, data, fmt.Sprintf("%d rows", rows))
	}
	for _, aspect := range []float64{0.5, 1, 2, 3, 6, 12} {
		data := payloadKinds(rng, 1, 300)
		c, err := Encode(string(data), Options{Aspect: aspect, Binary: true})
		if err != nil {
			t.Fatal(err)
		}
		checkDecode(t, c, data, fmt.Sprintf("aspect %v", aspect))
		got := float64(c.Modules.Width) / float64(c.Modules.Height)
		// The nearest of the shapes available: within a column's width.
		lo := float64(c.Modules.Width-moduleCount) / float64(c.Modules.Height)
		hi := float64(c.Modules.Width+moduleCount) / float64(c.Modules.Height)
		if aspect > 0.8 && aspect < 10 && (aspect < lo*0.6 || aspect > hi*1.6) {
			t.Errorf("aspect %v: drew %s, ratio %.2f", aspect, c.Version(), got)
		}
	}
	// Too much for the shape asked for, and impossible shapes.
	if _, err := Encode(strings.Repeat("x", 500), Options{Columns: 1, Rows: 3}); !errors.Is(err, symbology.ErrTooLong) {
		t.Errorf("500 bytes in 1×3: %v", err)
	}
	if _, err := Encode("x", Options{Columns: 31}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("31 columns: %v", err)
	}
	if _, err := Encode("x", Options{Rows: 91}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("91 rows: %v", err)
	}
	if _, err := Encode("x", Options{Columns: 30, Rows: 90}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("30×90, over 928 codewords: %v", err)
	}
}

// TestRoundTripCapacity fills the largest symbols with each kind of data
// and checks that one more character is too long.
func TestRoundTripCapacity(t *testing.T) {
	tests := []struct {
		name string
		unit string
		max  int // characters that fit at level 0
	}{
		{"digits", "7", 2710},
		{"upper case", "Q", 1850},
		{"bytes", "\xfe", 1108},
	}
	for _, tt := range tests {
		data := strings.Repeat(tt.unit, tt.max)
		c, err := Encode(data, Options{Level: 1, Binary: true})
		if err != nil {
			t.Errorf("%s: %d do not fit: %v", tt.name, tt.max, err)
			continue
		}
		checkDecode(t, c, []byte(data), tt.name)
		if _, err := Encode(data+tt.unit, Options{Level: 1, Binary: true}); !errors.Is(err, symbology.ErrTooLong) {
			t.Errorf("%s: %d fit (%v)", tt.name, tt.max+1, err)
		}
	}
}

// TestRoundTripMicro writes every MicroPDF417 size, full, and reads it.
func TestRoundTripMicro(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for i, s := range microSizes {
		capacity := s.cols*s.rows - s.ec
		// Bytes 1 codeword each (901 and single bytes) fill it exactly:
		// the latch and capacity-1 bytes, as long as that is not a
		// multiple of 6, when 924 groups would take fewer.
		n := capacity - 1
		data := make([]byte, n)
		for j := range data {
			data[j] = byte(128 + rng.IntN(128))
		}
		c, err := Encode(string(data), Options{Micro: true, Columns: s.cols, Rows: s.rows, Binary: true})
		if err != nil {
			t.Fatalf("size %d (%dx%d): %v", i, s.cols, s.rows, err)
		}
		if c.Columns != s.cols || c.Rows != s.rows || c.ECCodewords != s.ec {
			t.Errorf("size %dx%d: got %s with %d check codewords", s.cols, s.rows, c.Version(), c.ECCodewords)
		}
		if w := microWidth(s.cols); c.Modules.Width != w || c.Modules.Height != microRowHeight*s.rows {
			t.Errorf("size %dx%d: %dx%d modules", s.cols, s.rows, c.Modules.Width, c.Modules.Height)
		}
		checkDecode(t, c, data, fmt.Sprintf("micro %dx%d", s.cols, s.rows))
	}
	// The smallest size is chosen when none is asked for.
	c, err := Encode("HELLO", Options{Micro: true})
	if err != nil || c.Columns*c.Rows > 24 {
		t.Errorf("HELLO: %v, %v", c.Version(), err)
	}
	if _, err := Encode("x", Options{Micro: true, Columns: 2, Rows: 9}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("2×9 MicroPDF417: %v", err)
	}
	if _, err := Encode(strings.Repeat("\xff", 200), Options{Micro: true, Binary: true}); !errors.Is(err, symbology.ErrTooLong) {
		t.Errorf("200 bytes in MicroPDF417: %v", err)
	}
	if _, err := Encode("x", Options{Micro: true, Level: 3}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("MicroPDF417 with a level: %v", err)
	}
}

// TestRoundTripCharsets writes text in the automatic and forced character
// sets and checks text, bytes and ECI segments read back.
func TestRoundTripCharsets(t *testing.T) {
	tests := []struct {
		text     string
		eci      int
		wantECI  int // first segment's ECI; -1 when none is written
		wantByte string
	}{
		{"Hello, world", 0, -1, "Hello, world"},
		{"Grüße aus Köln", 3, 3, "Gr\xfc\xdfe aus K\xf6ln"},
		{"日本語のテキスト", 0, 20, "\x93\xfa\x96{\x8c\xea\x82\xcc\x83e\x83L\x83X\x83g"},
		{"日本語のテキスト", 26, 26, "日本語のテキスト"},
		{"Привет", 7, 7, "\xbf\xe0\xd8\xd2\xd5\xe2"},
		{"点茗テ", 20, 20, "\x93\x5f\xe4\xaa\x83\x65"},
	}
	for _, tt := range tests {
		for _, micro := range []bool{false, true} {
			c, err := Encode(tt.text, Options{ECI: tt.eci, Micro: micro})
			if err != nil {
				t.Fatalf("%q: %v", tt.text, err)
			}
			bc, err := Decode(c.Modules)
			if err != nil {
				t.Fatalf("%q: %v", tt.text, err)
			}
			if bc.Text != tt.text || string(bc.Bytes) != tt.wantByte {
				t.Errorf("%q: read %q, bytes %q", tt.text, bc.Text, bc.Bytes)
			}
			switch {
			case tt.wantECI < 0 && bc.Segments != nil:
				t.Errorf("%q: segments %v, want none", tt.text, bc.Segments)
			case tt.wantECI >= 0 && (len(bc.Segments) == 0 || bc.Segments[0].ECI != tt.wantECI):
				t.Errorf("%q: segments %v, want ECI %d", tt.text, bc.Segments, tt.wantECI)
			}
		}
	}
	if _, err := Encode("日本", Options{ECI: 3}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("日本 in ISO-8859-1: %v", err)
	}
	if _, err := Encode("x", Options{ECI: 811800}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("ECI 811800: %v", err)
	}
	if _, err := Encode("\xff\xfe", Options{}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("invalid UTF-8 without Binary: %v", err)
	}
	// Reader initialisation.
	c, _ := Encode("$I", Options{ReaderInit: true})
	if bc, err := Decode(c.Modules); err != nil || !bc.ReaderInit || bc.Text != "$I" {
		t.Errorf("reader initialisation: %+v, %v", bc, err)
	}
}

// TestRoundTripImages renders symbols of every kind and reads them back
// from images: at several scales down to 1 pixel a module, rotated by quarter turns, mirrored, and
// as photographs (turned by a few degrees, in perspective, blurred, with
// noise and uneven light).
func TestRoundTripImages(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	type tc struct {
		k    kind
		opts Options
		data []byte
	}
	var cases []tc
	for i := range 12 {
		data := payloadKinds(rng, i%7, 5+rng.IntN(120))
		cases = append(cases, tc{kindFull, Options{Binary: true, Level: 1 + i%9}, data})
		cases = append(cases, tc{kindCompact, Options{Binary: true, Compact: true}, data[:min(len(data), 60)]})
		cases = append(cases, tc{kindMicro, Options{Binary: true, Micro: true, Columns: 1 + i%4}, data[:min(len(data), 12*(1+i%4))]})
	}
	for i, c := range cases {
		code, err := Encode(string(c.data), c.opts)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		sym := &symbology.Symbol{Modules: code.Modules, QuietZone: 2}
		for _, view := range []struct {
			name   string
			scale  int
			rotate int
			mirror bool
			invert bool
			fast   bool
		}{
			// Scale 1: rows 2 or 3 pixels tall, which the every other
			// scan line (findEdges) still crosses enough of.
			{"scale 1", 1, 0, false, false, false},
			{"scale 1 rotated 90", 1, 90, false, false, false},
			{"scale 2", 2, 0, false, false, true},
			{"scale 3 rotated 90", 3, 90, false, false, false},
			{"scale 4 rotated 180", 4, 180, false, false, true},
			{"scale 3 rotated 270 mirrored", 3, 270, true, false, false},
			{"scale 3 inverted", 3, 0, false, true, false},
			{"scale 3 inverted rotated 90", 3, 90, false, true, false},
		} {
			img, err := render.Image(sym, render.Options{Scale: view.scale, Rotate: view.rotate})
			if err != nil {
				t.Fatal(err)
			}
			lum := binarize.Luminance(img)
			if view.invert {
				for j := range lum.Pix {
					lum.Pix[j] = 255 - lum.Pix[j]
				}
			}
			if view.mirror {
				w := lum.Rect.Dx()
				for y := range lum.Rect.Dy() {
					row := lum.Pix[y*lum.Stride : y*lum.Stride+w]
					for a, b := 0, w-1; a < b; a, b = a+1, b-1 {
						row[a], row[b] = row[b], row[a]
					}
				}
			}
			got := read(c.k, binarize.NewSource(lum), symbology.ReadOptions{Fast: view.fast})
			if len(got) != 1 || !bytes.Equal(got[0].Bytes, c.data) {
				t.Errorf("case %d (%s %s): read %d symbols", i, code.Version(), view.name, len(got))
				continue
			}
			if got[0].Mirrored != view.mirror || got[0].Inverted != view.invert {
				t.Errorf("case %d %s: mirrored %v inverted %v", i, view.name, got[0].Mirrored, got[0].Inverted)
			}
			if d := (got[0].Orientation-view.rotate+540)%360 - 180; d < -2 || d > 2 {
				t.Errorf("case %d %s: orientation %d, want %d", i, view.name, got[0].Orientation, view.rotate)
			}
		}
		for j, p := range []struct{ angle, keystone, blur, noise float64 }{
			{3, 0.08, 1.5, 12},
			{-8, 0.15, 1, 20},
			{30, 0, 1, 8},
		} {
			if p.angle == 30 && c.k == kindMicro && code.Columns >= 3 {
				// Known limit: the rows of a wide MicroPDF417 are 2
				// modules tall and its row address patterns are only
				// found by scan lines within about 10° of its rows,
				// which the four scan directions (45° apart) miss
				// between about 10° and 35° off.
				continue
			}
			img := photo(code.Modules, 3, 3, p.angle, p.keystone, p.blur, p.noise, uint64(i*7+j))
			got := read(c.k, binarize.NewSource(img), symbology.ReadOptions{})
			if len(got) != 1 || !bytes.Equal(got[0].Bytes, c.data) {
				t.Errorf("case %d (%s) photo %+v: read %d symbols", i, code.Version(), p, len(got))
			}
		}
	}
}
