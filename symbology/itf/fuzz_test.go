package itf

import (
	"testing"

	"github.com/barkit/barkit/symbology/linear"
)

// rowOf lays modules out as a row at px pixels per module with a quiet
// zone of 12 modules on either side.
func rowOf(m []bool, px float64) *linear.Row {
	w := []float64{12 * px}
	run := 0.0
	for i := range m {
		run += px
		if i+1 == len(m) || m[i+1] != m[i] {
			w = append(w, run)
			run = 0
		}
	}
	return linear.NewRow(append(w, 12*px))
}

// FuzzDecodeRow feeds the row decoder arbitrary rows (each byte a width in
// quarter pixels). It must not panic; what it reads must be at least
// minCroppedDigits digits, an even number, that write again and read back
// the same.
func FuzzDecodeRow(f *testing.F) {
	for _, p := range payloads(12) {
		m, err := Encode(p.text)
		if err != nil {
			f.Fatal(err)
		}
		var seed []byte
		for _, w := range rowOf(m.Pix, 2).W {
			seed = append(seed, byte(w*4))
		}
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		w := make([]float64, len(data))
		for i, b := range data {
			w[i] = float64(b) / 4
		}
		for _, h := range decodeRow(linear.NewRow(w), nil) {
			if len(h.Text) < minCroppedDigits || len(h.Text)%2 != 0 || !allDigits(h.Text) {
				t.Fatalf("read %q", h.Text)
			}
			m, err := Encode(h.Text)
			if err != nil {
				t.Fatalf("read %q, which does not write: %v", h.Text, err)
			}
			if again := decodeRow(rowOf(m.Pix, 3), nil); len(again) != 1 || again[0].Text != h.Text {
				t.Fatalf("read %q, which writes and reads back as %v", h.Text, again)
			}
		}
	})
}

// FuzzWrite writes arbitrary data with both writers. It must not panic;
// what it writes must read back as what the writer says it wrote.
func FuzzWrite(f *testing.F) {
	for _, p := range payloads(12) {
		f.Add(p.id == "itf14", p.data, p.ecLevel == "check")
	}
	f.Fuzz(func(t *testing.T, itf14 bool, data string, check bool) {
		if len(data) > 256 {
			return
		}
		id, ec := "itf", ""
		if itf14 {
			id = "itf14"
		}
		if check {
			ec = checkLevel
		}
		sym, err := write(id, data, ec)
		if err != nil {
			return
		}
		bars, err := Encode(sym.Text)
		if err != nil {
			t.Fatalf("%s %q: wrote %q, which does not encode: %v", id, data, sym.Text, err)
		}
		if hits := decodeRow(rowOf(bars.Pix, 2), nil); len(hits) != 1 || hits[0].Text != sym.Text {
			if len(sym.Text) >= minDigits || len(hits) != 0 {
				t.Fatalf("%s %q: wrote %q, read %v", id, data, sym.Text, hits)
			}
		}
	})
}
