package dxfilmedge

import (
	"testing"

	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// newRow returns the row of widths w, light first.
func newRow(w []float64) *linear.Row { return linear.NewRow(w) }

// tracks returns the rows of the clock and data tracks of sym at px pixels
// per module, with a quiet zone of 6 modules on either side.
func tracks(sym *symbology.Symbol, px float64) (clk, dat *linear.Row) {
	m := sym.Modules
	row := func(y int) *linear.Row {
		w := []float64{6 * px}
		run := 0.0
		p := m.Pix[y*m.Width : (y+1)*m.Width]
		for i := range p {
			run += px
			if i+1 == len(p) || p[i+1] != p[i] {
				w = append(w, run)
				run = 0
			}
		}
		return linear.NewRow(append(w, 6*px))
	}
	return row(0), row(m.Height - 1)
}

// FuzzDecode feeds the clock decoder and the guided data decoder arbitrary
// rows (each byte a width in quarter pixels), the data decoder with the
// guide of the first clock track or, without one, of a form and extent
// the fuzzer picks. They must not panic; a data track read must be a code
// that writes again and reads back the same.
func FuzzDecode(f *testing.F) {
	for _, data := range payloads(8) {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			f.Fatal(err)
		}
		clk, dat := tracks(sym, 2)
		var a, b []byte
		for _, w := range clk.W {
			a = append(a, byte(w*4))
		}
		for _, w := range dat.W {
			b = append(b, byte(w*4))
		}
		f.Add(a, b, uint8(0), uint16(0), uint16(0))
	}
	f.Fuzz(func(t *testing.T, clk, dat []byte, form uint8, a, b uint16) {
		if len(clk) > 4096 || len(dat) > 4096 {
			return
		}
		row := func(d []byte) *linear.Row {
			w := make([]float64, len(d))
			for i, v := range d {
				w[i] = float64(v) / 4
			}
			return linear.NewRow(w)
		}
		cr, dr := row(clk), row(dat)
		guide := linear.Hit{Guide: true, Kind: int(form % 3)}
		ga, gb := float64(a)/4, float64(b)/4
		if hits := decodeRow(cr, nil); len(hits) > 0 {
			guide = hits[0]
			ga, gb = cr.Pos[guide.Start], cr.Pos[guide.End]
		}
		for _, h := range decodeData(dr, guide, ga, gb, nil) {
			sym, err := write(h.Text, symbology.WriteOptions{})
			if err != nil {
				t.Fatalf("read %q, which does not write: %v", h.Text, err)
			}
			c2, d2 := tracks(sym, 3)
			g := decodeRow(c2, nil)
			if len(g) != 1 {
				t.Fatalf("read %q, whose clock track reads as %v", h.Text, g)
			}
			if again := decodeData(d2, g[0], c2.Pos[g[0].Start], c2.Pos[g[0].End], nil); len(again) != 1 || again[0].Text != h.Text {
				t.Fatalf("read %q, which writes and reads back as %v", h.Text, again)
			}
		}
	})
}

// FuzzWrite writes arbitrary data. It must not panic; what it writes must
// read back as the data.
func FuzzWrite(f *testing.F) {
	for _, data := range payloads(8) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data string) {
		sym, err := write(data, symbology.WriteOptions{})
		if err != nil {
			return
		}
		c, d := tracks(sym, 2)
		g := decodeRow(c, nil)
		if len(g) != 1 {
			t.Fatalf("%q: clock track reads as %v", data, g)
		}
		hits := decodeData(d, g[0], c.Pos[g[0].Start], c.Pos[g[0].End], nil)
		want, _ := parse(data)
		if len(hits) != 1 || hits[0].Text != want.String() {
			t.Fatalf("%q: read %v", data, hits)
		}
	})
}
