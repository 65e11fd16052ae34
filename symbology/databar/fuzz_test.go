package databar

import (
	"fmt"
	"strings"
	"testing"

	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// rowOf lays a row of modules out as a linear.Row at px pixels per module
// with a quiet zone of 4 modules on either side.
func rowOf(m []bool, px float64) *linear.Row {
	w := []float64{4 * px}
	if len(m) > 0 && !m[0] {
		w = w[:0] // the row's first space widens the quiet zone
		m = append([]bool{false, false, false, false}, m...)
	}
	run := 0.0
	for i := range m {
		run += px
		if i+1 == len(m) || m[i+1] != m[i] {
			w = append(w, run)
			run = 0
		}
	}
	if len(m) > 0 && m[len(m)-1] {
		w = append(w, 4*px)
	}
	return linear.NewRow(w)
}

// symbolRow returns the modules of the row of a one-row symbol.
func symbolRow(sym *symbology.Symbol) []bool {
	m := sym.Modules
	row := make([]bool, m.Width)
	for x := range row {
		row[x] = m.Get(x, 0)
	}
	return row
}

// readsBack writes a symbol that the row decoder read whole and reads it
// again: it must read the same. Its element string must report as GS1
// data.
func readsBack(t *testing.T, h linear.Hit) {
	t.Helper()
	var sym *symbology.Symbol
	var err error
	switch h.Kind {
	case kindOmni:
		sym, err = writeOmni(h.Text, symbology.WriteOptions{})
	case kindExpanded:
		sym, err = writeExpanded(h.Text, symbology.WriteOptions{GS1: true})
	default:
		t.Fatalf("read a hit of kind %d: %+v", h.Kind, h)
	}
	if err != nil {
		t.Fatalf("read %q (kind %d), which does not write: %v", h.Text, h.Kind, err)
	}
	again := decodeRow(rowOf(symbolRow(sym), 3), nil)
	if len(again) != 1 || again[0].Text != h.Text {
		t.Fatalf("read %q, which writes and reads back as %v", h.Text, again)
	}
	b, ok := report(linear.Result{Kind: h.Kind, Text: h.Text}, func(string) bool { return true })
	if !ok || !b.GS1 {
		t.Fatalf("read %q, which reports as %+v", h.Text, b)
	}
}

// FuzzDecodeRow feeds the row decoder arbitrary rows (each byte a width in
// quarter pixels). It must not panic; a symbol it reads whole must write
// and read back the same; every piece must parse, for the assembler.
func FuzzDecodeRow(f *testing.F) {
	for _, g := range gtins(4) {
		sym, err := writeOmni("(01)"+g, symbology.WriteOptions{})
		if err != nil {
			f.Fatal(err)
		}
		seedReads(f, widthBytes(rowOf(symbolRow(sym), 2)))
	}
	for _, e := range expandedGoldens[:6] {
		sym, err := writeExpanded(e.hri, symbology.WriteOptions{})
		if err != nil {
			f.Fatal(err)
		}
		seedReads(f, widthBytes(rowOf(symbolRow(sym), 2)))
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
			if !h.Piece {
				readsBack(t, h)
				continue
			}
			_, okHalf := parseHalf(h.Text)
			_, okSegs := parseSegments(h.Text)
			if h.Kind == kindHalf && !okHalf || h.Kind == kindSegments && !okSegs {
				t.Fatalf("piece %+v does not parse", h)
			}
		}
	})
}

// seedReads adds a seed of FuzzDecodeRow that reads as a symbol.
func seedReads(f *testing.F, seed []byte) {
	w := make([]float64, len(seed))
	for i, b := range seed {
		w[i] = float64(b) / 4
	}
	if hits := decodeRow(linear.NewRow(w), nil); len(hits) != 1 || hits[0].Piece {
		f.Fatalf("seed reads as %v", hits)
	}
	f.Add(seed)
}

// widthBytes returns a row's widths in quarter pixels, as FuzzDecodeRow
// takes them.
func widthBytes(r *linear.Row) []byte {
	var b []byte
	for _, w := range r.W {
		b = append(b, byte(min(255, w*4)))
	}
	return b
}

// FuzzAssemble feeds the assembler arbitrary pieces: each line of the
// input "line kind reversed a b text" a piece. It must not panic; every
// symbol it makes must be one the writers make again.
func FuzzAssemble(f *testing.F) {
	f.Add("10 7 0 0 47 L0,100,200\n20 7 0 0 47 L0,100,200\n30 7 0 50 97 R1,5,6\n")
	f.Add("10 8 0 0 98 1,2142,52;10,45,3953\n60 8 1 0 98 3,949,2524;8,3856,549\n110 8 0 0 98 9,2902,2645;12,1733,3002\n160 8 0 0 49 11,3080,1057\n")
	f.Add("1 8 0 0 300 1,300,-1\n")
	f.Fuzz(func(t *testing.T, data string) {
		var pieces []linear.Piece
		for _, line := range strings.Split(data, "\n") {
			var p linear.Piece
			var kind, rev int
			var a, b float64
			var text string
			if n, _ := fmt.Sscan(line, &p.Line, &kind, &rev, &a, &b, &text); n != 6 || len(pieces) >= 256 {
				continue
			}
			p.Kind, p.Reversed, p.A, p.B, p.Text, p.Piece = kind, rev == 1, a, b, text, true
			pieces = append(pieces, p)
		}
		out := assemble(pieces, 2, nil)
		if len(out) > 64*len(pieces)*maxLinesPerGroup {
			t.Fatalf("%d pieces made %d", len(pieces), len(out))
		}
		for _, p := range out {
			if p.Piece || p.Kind == kindOmni {
				continue
			}
			switch p.Kind {
			case kindStacked, kindStackedOmni:
				if _, err := writeStacked(p.Text, symbology.WriteOptions{}); err != nil {
					t.Fatalf("assembled %q, which does not write: %v", p.Text, err)
				}
			case kindExpanded, kindExpandedStacked:
				if _, err := writeExpanded(p.Text, symbology.WriteOptions{GS1: true}); err != nil {
					t.Fatalf("assembled %q, which does not write: %v", p.Text, err)
				}
			default:
				t.Fatalf("assembled a symbol of kind %d", p.Kind)
			}
		}
	})
}

// FuzzDecodeValues decodes arbitrary data character values of DataBar
// Expanded (each pair of bytes a value below 4096). It must not panic;
// an element string it reads that is valid GS1 data must write again to
// values that read the same.
func FuzzDecodeValues(f *testing.F) {
	for _, e := range expandedGoldens {
		es, _, err := expandedInput(e.hri, symbology.WriteOptions{})
		if err != nil {
			f.Fatal(err)
		}
		values, err := expandedValues(es, 0)
		if err != nil {
			f.Fatal(err)
		}
		var b []byte
		for _, v := range values {
			b = append(b, byte(v>>8), byte(v))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 2*maxChars {
			return
		}
		values := make([]int, len(data)/2)
		for i := range values {
			values[i] = (int(data[2*i])<<8 | int(data[2*i+1])) % 4096
		}
		es, ok := decodeValues(values)
		if !ok {
			return
		}
		if _, err := gs1.Parse(es); err != nil {
			return // read as it is; the writers take valid GS1 data only
		}
		again, err := expandedValues(es, 0)
		if err != nil {
			t.Fatalf("values %v read as %q, which does not write: %v", values, es, err)
		}
		es2, ok := decodeValues(again)
		if !ok || es2 != es {
			t.Fatalf("values %v read as %q, which writes as %v, read as %q", values, es, again, es2)
		}
	})
}

// FuzzWrite writes arbitrary data with every writer of the family. It must
// not panic; what a one-row writer writes must read back, on a row, as
// its element string.
func FuzzWrite(f *testing.F) {
	for _, e := range expandedGoldens {
		f.Add(e.hri, "databar-expanded", "")
	}
	f.Add("(01)09506000134352", "databar", "")
	f.Add("0950600013435", "databar-stacked", "")
	f.Add("(01)09506000134352(10)ABC", "databar-expanded-stacked", "2")
	f.Fuzz(func(t *testing.T, data, id, version string) {
		if len(data) > 256 {
			return
		}
		info, ok := symbology.Lookup(id)
		if !ok || info.Write == nil || !strings.HasPrefix(info.ID, "databar") {
			return
		}
		sym, err := info.Write(data, symbology.WriteOptions{Version: version})
		if err != nil {
			return
		}
		if sym.Modules == nil || sym.Modules.Width == 0 {
			t.Fatalf("%s %q: empty symbol", id, data)
		}
		if info.ID != "databar" && info.ID != "databar-expanded" {
			return
		}
		hits := decodeRow(rowOf(symbolRow(sym), 2), nil)
		if len(hits) != 1 || hits[0].Piece {
			t.Fatalf("%s %q: read %v", id, data, hits)
		}
		b, ok := report(linear.Result{Kind: hits[0].Kind, Text: hits[0].Text}, func(string) bool { return true })
		if !ok || b.Text != sym.Text {
			t.Fatalf("%s %q: wrote %q, read %q", id, data, sym.Text, b.Text)
		}
	})
}
