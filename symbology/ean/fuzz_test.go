package ean

import (
	"strings"
	"testing"

	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// widthsOf turns fuzz bytes into element widths of a row, in pixels: each
// byte is a width in quarter pixels.
func widthsOf(data []byte) []float64 {
	w := make([]float64, len(data))
	for i, b := range data {
		w[i] = float64(b) / 4
	}
	return w
}

// moduleWidths returns the element widths of written modules at px pixels
// per module, with a quiet zone of 12 modules on either side, as fuzz
// bytes.
func moduleWidths(mods []byte, px int) []byte {
	out := []byte{byte(12 * px * 4)}
	run := 0
	for i, c := range mods {
		run++
		if i+1 == len(mods) || mods[i+1] != c {
			out = append(out, byte(run*px*4))
			run = 0
		}
	}
	return append(out, byte(12*px*4))
}

// FuzzDecodeRow feeds the row decoder arbitrary rows. It must not panic,
// and whatever it reads must be valid: digits with a right check digit,
// which written again and read back come out the same.
func FuzzDecodeRow(f *testing.F) {
	for _, c := range goldenCases {
		sym, err := writers[c.id](c.data, symbology.WriteOptions{})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(moduleWidths([]byte(moduleString(sym)), 2))
	}
	f.Add([]byte{0, 255, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		for _, h := range decodeRow(linear.NewRow(widthsOf(data)), nil) {
			var main string
			switch kind(h.Kind) {
			case kindEAN13:
				main = h.Text
			case kindEAN8:
				main = h.Text
			case kindUPCE:
				main = h.Text
			default:
				t.Fatalf("hit of kind %d", h.Kind)
			}
			if !isDigits(main) {
				t.Fatalf("read %q", main)
			}
			id := map[kind]string{kindEAN13: "ean13", kindEAN8: "ean8", kindUPCE: "upce"}[kind(h.Kind)]
			in := main
			if h.Extra != "" {
				in += "+" + h.Extra
			}
			sym, err := writers[id](in, symbology.WriteOptions{})
			if err != nil {
				t.Fatalf("read %s %q, which does not write: %v", id, in, err)
			}
			again := decodeRow(linear.NewRow(widthsOf(moduleWidths([]byte(strings.Map(func(r rune) rune {
				if r == '#' {
					return '1'
				}
				return '0'
			}, moduleString(sym))), 3))), nil)
			if len(again) != 1 || again[0].Text != h.Text || again[0].Extra != h.Extra {
				t.Fatalf("read %s+%s, which writes and reads back as %v", h.Text, h.Extra, again)
			}
		}
	})
}

// FuzzWrite feeds every writer arbitrary data. It must not panic; what it
// writes must read back as the data says.
func FuzzWrite(f *testing.F) {
	for _, c := range goldenCases {
		f.Add(c.id, c.data)
	}
	f.Add("upce", "0012345000065")
	f.Add("isbn", "ISBN 0-8044-2957-X")
	f.Fuzz(func(t *testing.T, id, data string) {
		w, ok := writers[id]
		if !ok || len(data) > 256 {
			return
		}
		sym, err := w(data, symbology.WriteOptions{})
		if err != nil {
			return
		}
		mods := strings.Map(func(r rune) rune {
			if r == '#' {
				return '1'
			}
			return '0'
		}, moduleString(sym))
		row := linear.NewRow(widthsOf(moduleWidths([]byte(mods), 2)))
		main, addOn, _ := strings.Cut(sym.Text, " ")
		if id == "ean2" || id == "ean5" {
			sr := symbolReader{r: row}
			if got, _, ok := sr.addOn(1, 2); !ok || got != sym.Text {
				t.Fatalf("%s %q: wrote %q, read %q", id, data, sym.Text, got)
			}
			return
		}
		hits := decodeRow(row, nil)
		want := main
		if id == "upca" {
			want = "0" + main
		}
		if len(hits) != 1 || hits[0].Text != want || hits[0].Extra != addOn {
			t.Fatalf("%s %q: wrote %q, read %v", id, data, sym.Text, hits)
		}
	})
}
