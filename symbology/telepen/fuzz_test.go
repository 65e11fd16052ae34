package telepen

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
// quarter pixels). It must not panic; what it reads in full ASCII must
// write again and read back the same.
func FuzzDecodeRow(f *testing.F) {
	for _, p := range payloads(12) {
		sym, err := writeP(p)
		if err != nil {
			f.Fatal(err)
		}
		m := sym.Modules
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
			if h.Kind != 0 {
				continue // numeric: digits and X, or control characters
			}
			m, err := Encode(h.Text, Options{})
			if err != nil {
				t.Fatalf("read %q, which does not write: %v", h.Text, err)
			}
			if again := decodeRow(rowOf(m.Pix, 3), nil); len(again) != 1 || again[0].Text != h.Text {
				t.Fatalf("read %q, which writes and reads back as %v", h.Text, again)
			}
		}
	})
}

// FuzzWrite writes arbitrary data, as text and as numeric. It must not
// panic; what it writes must read back as the data.
func FuzzWrite(f *testing.F) {
	for _, p := range payloads(12) {
		f.Add(p.data, p.numeric)
	}
	f.Fuzz(func(t *testing.T, data string, numeric bool) {
		if len(data) > 256 {
			return
		}
		sym, err := writeP(payload{data, numeric})
		if err != nil {
			return
		}
		if hits := decodeRow(rowOf(sym.Modules.Pix, 2), nil); len(hits) != 1 || hits[0].Text != data {
			t.Fatalf("%q: read %v", data, hits)
		}
	})
}
