package code39

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
// quarter pixels). It must not panic; what it reads must write again and
// read back the same, and report as some member of the family.
func FuzzDecodeRow(f *testing.F) {
	for _, p := range payloads(12) {
		sym, err := write(p.id, p.data, p.ecLevel)
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
			m, err := Encode(h.Text, Options{})
			if err != nil {
				t.Fatalf("read %q, which does not write: %v", h.Text, err)
			}
			again := decodeRow(rowOf(m.Pix, 3), nil)
			if len(again) != 1 || again[0].Text != h.Text {
				t.Fatalf("read %q, which writes and reads back as %v", h.Text, again)
			}
			if _, ok := report(linear.Result{Text: h.Text}, func(string) bool { return true }); !ok {
				t.Fatalf("read %q, which reports as nothing", h.Text)
			}
		}
	})
}

// FuzzWrite writes arbitrary data with every writer of the family. It
// must not panic; what it writes must read back as the Code 39 characters
// the writer wrote and, reported to a scan for the writer's id alone, as
// the data. (A Code 39 symbol may read as another member: "000000" is
// also the Code 32 number 000000000, "A+B" the Full ASCII "Ab"; a scan for
// code39 alone reads it so, as zxing-cpp does.)
func FuzzWrite(f *testing.F) {
	for _, p := range payloads(12) {
		f.Add(p.id, p.data, p.ecLevel == "check")
	}
	f.Fuzz(func(t *testing.T, id, data string, check bool) {
		if len(data) > 512 {
			return
		}
		switch id {
		case "code39", "code39-ext", "code32", "pzn":
		default:
			id = "code39"
		}
		ec := ""
		if check {
			ec = checkLevel
		}
		sym, err := write(id, data, ec)
		if err != nil {
			return
		}
		var raw, text string
		switch id {
		case "code39":
			raw = sym.Text[1 : len(sym.Text)-1]
			text = raw
		case "code39-ext":
			raw = mustFullASCII(data)
			if check {
				raw += string(checkChar(raw))
			}
			text = data + raw[len(mustFullASCII(data)):]
		case "code32":
			raw, text = code32Chars(sym.Text[1:]), sym.Text
		case "pzn":
			raw = "-" + sym.Text[len("PZN - "):]
			text = raw
		}
		hits := decodeRow(rowOf(sym.Modules.Pix, 2), nil)
		if len(hits) != 1 || hits[0].Text != raw {
			t.Fatalf("%s %q: read %v, want %q", id, data, hits, raw)
		}
		rd := readingOf(raw)
		if rd.id != id && !(id == "code39-ext" && rd.id == "code39") {
			return // read as another member
		}
		b, ok := report(linear.Result{Text: raw}, func(s string) bool { return s == id })
		if !ok || b.Text != text {
			t.Fatalf("%s %q: reported %q %v, want %q", id, data, b.Text, ok, text)
		}
	})
}
