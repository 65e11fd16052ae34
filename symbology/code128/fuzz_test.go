package code128

import (
	"testing"

	"github.com/barkit/barkit/symbology"
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
// quarter pixels). It must not panic; what it reads must write again and
// read back the same.
func FuzzDecodeRow(f *testing.F) {
	for _, p := range payloads(12) {
		sym, err := write(p.data, symbology.WriteOptions{GS1: p.gs1})
		if err != nil {
			f.Fatal(err)
		}
		var seed []byte
		for _, w := range rowOf(sym.Modules.Pix, 2).W {
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
			gs1 := h.Kind&flagGS1 != 0
			if h.Kind&(flagAIM|flagReaderInit) != 0 || h.Text == "" {
				continue // the writer makes neither
			}
			m, err := Encode(latin1([]byte(h.Text)), Options{GS1: gs1})
			if err != nil {
				// Only GS1 data past the writer's limits, or a GS at
				// either end, which the writer drops.
				if !gs1 {
					t.Fatalf("read %q, which does not write: %v", h.Text, err)
				}
				continue
			}
			again := decodeRow(rowOf(m.Pix, 3), nil)
			want := h.Text
			if gs1 {
				want = string(normGS1([]rune(want)))
			}
			if len(again) != 1 || again[0].Text != want || again[0].Kind != h.Kind {
				t.Fatalf("read %q (%d), which writes and reads back as %v", h.Text, h.Kind, again)
			}
		}
	})
}

// FuzzEncode writes arbitrary data, as text and as GS1. It must not panic;
// what it writes must read back as the data.
func FuzzEncode(f *testing.F) {
	for _, p := range payloads(12) {
		f.Add(p.data, p.gs1)
	}
	f.Fuzz(func(t *testing.T, data string, gs1 bool) {
		if len(data) > 512 {
			return
		}
		m, err := Encode(data, Options{GS1: gs1})
		if err != nil {
			return
		}
		hits := decodeRow(rowOf(m.Pix, 2), nil)
		if len(hits) != 1 || (hits[0].Kind&flagGS1 != 0) != gs1 {
			t.Fatalf("%q (gs1 %v): read %v", data, gs1, hits)
		}
		want := []rune(data)
		if gs1 {
			want = normGS1(want)
		}
		if got := latin1([]byte(hits[0].Text)); got != string(want) {
			t.Fatalf("%q (gs1 %v): read %q", data, gs1, got)
		}
	})
}

// normGS1 returns GS1 data as the writer writes it: no separator at
// either end, where fields need none, and runs of separators as one.
func normGS1(data []rune) []rune {
	var out []rune
	for _, r := range data {
		if r == 0x1d && (len(out) == 0 || out[len(out)-1] == 0x1d) {
			continue
		}
		out = append(out, r)
	}
	for len(out) > 0 && out[len(out)-1] == 0x1d {
		out = out[:len(out)-1]
	}
	return out
}
