package code39

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// read reads src for the given ids (every id of the family when none), as
// a scan for them does.
func read(src *binarize.Source, opts symbology.ReadOptions, ids ...string) []symbology.Barcode {
	opts.IDs = ids
	if len(ids) == 0 {
		opts.IDs = []string{"code39", "code39-ext", "code32", "pzn"}
	}
	got, err := symbology.Read(context.Background(), src, opts)
	if err != nil {
		panic(err)
	}
	return got
}

// payload is data to write with one of the family's writers, and what a
// scan for every id of the family reads back.
type payload struct {
	id, data, ecLevel string
	text, ident       string // what is read
}

// payloads returns n payloads from a fixed seed: Code 39 text with and
// without the check character, Full ASCII text (controls, lower case,
// punctuation), Code 32 and PZN numbers.
func payloads(n int) []payload {
	rng := rand.New(rand.NewPCG(39, 43))
	pick := func(alphabet string, k int) string {
		var b strings.Builder
		for range k {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	digitsOf := func(k int) string { return pick("0123456789", k) }
	out := []payload{
		{id: "code39", data: "CODE 39"}, {id: "code39", data: "A"}, {id: "code39", data: "TEST-SHEET"},
		{id: "code39", data: "ABC-123", ecLevel: "check"}, {id: "code39-ext", data: "Extended !?*#"},
		{id: "code39-ext", data: "12ab"}, {id: "code39-ext", data: "\x00\x01\x7f~"}, {id: "code32", data: "12345678"},
		{id: "code32", data: "A123456788"}, {id: "pzn", data: "1234567"}, {id: "pzn", data: "-12345678"}, {id: "pzn", data: "123456"},
	}
	code39Chars := "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%"
	for len(out) < n {
		k := 1 + rng.IntN(24)
		switch len(out) % 5 {
		case 0:
			// Plain characters, no shift characters, so that the
			// reading is plain.
			out = append(out, payload{id: "code39", data: pick("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. ", k)})
		case 1:
			out = append(out, payload{id: "code39", data: pick(code39Chars[:39], k), ecLevel: "check"})
		case 2:
			var b strings.Builder
			for range k {
				b.WriteByte(byte(rng.IntN(128)))
			}
			out = append(out, payload{id: "code39-ext", data: b.String()})
		case 3:
			out = append(out, payload{id: "code32", data: digitsOf(8)})
		default:
			d := digitsOf(7)
			if _, ok := pznCheck(d); !ok {
				d = "1234567"
			}
			out = append(out, payload{id: "pzn", data: d})
		}
	}
	for i := range out {
		p := &out[i]
		sym, err := write(p.id, p.data, p.ecLevel)
		if err != nil {
			panic(err)
		}
		switch p.id {
		case "code39":
			p.text, p.ident = strings.Trim(sym.Text, "*"), "]A0"
			if p.ecLevel != "" {
				p.ident = "]A1"
			}
			if hasCheck(p.text) && p.ecLevel == "" {
				p.ident = "]A1" // a last character that happens to check
			}
		case "code39-ext":
			p.text, p.ident = p.data, "]A4"
			if _, pairs, _ := decodeFullASCII(mustFullASCII(p.data)); !pairs {
				p.id, p.ident = "code39", "]A0"
			}
		case "code32":
			p.text, p.ident = sym.Text, "]A0"
		case "pzn":
			p.text, p.ident = "-"+strings.TrimPrefix(sym.Text, "PZN - "), "]A0"
		}
	}
	return out
}

// write writes data with the registry's writer of id.
func write(id, data, ecLevel string) (*symbology.Symbol, error) {
	info, _ := symbology.Lookup(id)
	return info.Write(data, symbology.WriteOptions{ECLevel: ecLevel})
}

func mustFullASCII(s string) string {
	t, err := encodeFullASCII(s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestRoundTrip writes every payload, renders it at module sizes of 1 to 4
// pixels, with the standard quiet zone and with none, with and without
// human-readable text, turned by each quarter turn, and reads it back.
func TestRoundTrip(t *testing.T) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range payloads(160) {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sym, err := write(p.id, p.data, p.ecLevel)
			if err != nil {
				t.Errorf("%s %q: %v", p.id, p.data, err)
				return
			}
			opts := render.Options{Scale: 1 + i%4, NoMargin: i%5 == 2, HRT: i%3 == 0, BarHeight: 10 + 5*(i%4), Rotate: 90 * (i / 4 % 4)}
			img, err := render.Image(sym, opts)
			if err != nil {
				t.Errorf("%q: render: %v", p.data, err)
				return
			}
			fast := opts.Rotate%180 == 0 && i%2 == 0
			got := read(binarize.NewSource(img), symbology.ReadOptions{Fast: fast})
			if len(got) != 1 {
				t.Errorf("%s %q %+v fast %v: read %d symbols", p.id, p.data, opts, fast, len(got))
				return
			}
			b := got[0]
			if b.Symbology != p.id || b.Text != p.text || b.Identifier != p.ident || b.Orientation != opts.Rotate {
				t.Errorf("%s %q %+v: read %s %q %s orientation %d, want %q %s", p.id, p.data, opts, b.Symbology, b.Text, b.Identifier, b.Orientation, p.text, p.ident)
			}
		}()
	}
	wg.Wait()
}

// TestReadLabel reads synthetic photographs of labels.
func TestReadLabel(t *testing.T) {
	for _, c := range []struct {
		name  string
		data  string
		scene lineartest.Scene
	}{
		{"sharp", "CODE 39", lineartest.Scene{Module: 2}},
		{"small", "CODE39 1.5PX", lineartest.Scene{Module: 1.5, Blur: 0.5}},
		{"blurred, noisy", "BK-2024-0042/17", lineartest.Scene{Module: 2.5, Blur: 1, Noise: 4, Shade: 50}},
		{"tilted", "1234567890", lineartest.Scene{Module: 3, Angle: -8, Tilt: 0.2, Blur: 0.8}},
		{"ink spread", "INK SPREAD", lineartest.Scene{Module: 3, InkSpread: 0.25, Blur: 0.6}},
		{"vertical", "VERTICAL 90", lineartest.Scene{Module: 2.5, Angle: 90, Blur: 0.8}},
		{"upside down", "UPSIDE DOWN", lineartest.Scene{Module: 2.5, Angle: 180, Blur: 0.8}},
	} {
		m, err := Encode(c.data, Options{})
		if err != nil {
			t.Fatal(err)
		}
		s := c.scene
		s.Width, s.Height, s.Modules, s.Quiet, s.BarHeight, s.Background = 640, 480, m.Pix, 10, 80, 100
		got := read(binarize.NewSource(s.Render()), symbology.ReadOptions{}, "code39")
		if len(got) != 1 || got[0].Text != c.data {
			t.Errorf("%s: read %v", c.name, got)
		}
	}
}
