package code128

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear/lineartest"
)

// read reads src for Code 128 alone, as a scan for "code128" does.
func read(src *binarize.Source, opts symbology.ReadOptions) []symbology.Barcode {
	opts.IDs = []string{"code128"}
	got, err := symbology.Read(context.Background(), src, opts)
	if err != nil {
		panic(err)
	}
	return got
}

// payload is data to write and how: as text or as a GS1 element string.
type payload struct {
	data string
	gs1  bool
}

// payloads returns n payloads from a fixed seed: digits (odd and even
// runs), upper and lower case, controls, ISO/IEC 8859-1 letters, mixes,
// and GS1 element strings; lengths from 1 to 40 characters.
func payloads(n int) []payload {
	rng := rand.New(rand.NewPCG(9, 10))
	pick := func(alphabet string, k int) string {
		r := []rune(alphabet)
		var b strings.Builder
		for range k {
			b.WriteRune(r[rng.IntN(len(r))])
		}
		return b.String()
	}
	out := []payload{
		{"Code 128", false}, {"1234567890", false}, {"123456789", false}, {"a", false},
		{"óóóó1234óóabózz", false}, {"\x00\x01\x1f\x7f", false}, {"HELLO\tworld\n", false},
		{"0109506000134352\x1d10ABC123", true}, {"0100614141999996\x1d17251231\x1d10LOT42", true},
		{"00123456789012345675", true},
	}
	for len(out) < n {
		k := 1 + rng.IntN(40)
		switch len(out) % 6 {
		case 0:
			out = append(out, payload{pick("0123456789", k), false})
		case 1:
			out = append(out, payload{pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -./", k), false})
		case 2:
			out = append(out, payload{pick("abcdefghijklmnopqrstuvwxyz0123456789!\"#$%&'()*+,;<=>?@[]^_{|}~", k), false})
		case 3:
			out = append(out, payload{pick("aA\t\r\x1b0123456789", k), false})
		case 4:
			out = append(out, payload{pick("àéîõüßÆØÅñç¿¡ab12", k/2+1), false})
		default:
			out = append(out, payload{"01" + pick("0123456789", 13) + "7" + "\x1d10" + pick("ABC123", 1+k%10), true})
		}
	}
	// GS1 element strings need a right GTIN check digit.
	for i, p := range out {
		if p.gs1 && strings.HasPrefix(p.data, "01") && len(p.data) > 16 && p.data[16] == 0x1d {
			out[i].data = p.data[:15] + string(gs1Check(p.data[2:15])) + p.data[16:]
		}
	}
	return out
}

// gs1Check returns the GS1 check digit of digits.
func gs1Check(digits string) byte {
	sum, w := 0, 3
	for i := len(digits) - 1; i >= 0; i-- {
		sum += int(digits[i]-'0') * w
		w = 4 - w
	}
	return byte('0' + (10-sum%10)%10)
}

// TestRoundTrip writes every payload, renders it at module sizes of 1 to 4
// pixels, with the standard quiet zone and with none, with and without
// human-readable text, turned by each quarter turn, and reads it back.
func TestRoundTrip(t *testing.T) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range payloads(150) {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sym, err := write(p.data, symbology.WriteOptions{GS1: p.gs1})
			if err != nil {
				t.Errorf("%q: %v", p.data, err)
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
				t.Errorf("%q %+v fast %v: read %d symbols", p.data, opts, fast, len(got))
				return
			}
			b := got[0]
			ident := "]C0"
			if p.gs1 {
				ident = "]C1"
			}
			text := p.data
			if p.gs1 {
				text = sym.Text // the human-readable form
			}
			if b.Text != text || b.GS1 != p.gs1 || b.Identifier != ident || b.Orientation != opts.Rotate || latin1(b.Bytes) != p.data {
				t.Errorf("%q %+v: read %q %s gs1 %v orientation %d", p.data, opts, b.Text, b.Identifier, b.GS1, b.Orientation)
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
		{"sharp", "Code 128", lineartest.Scene{Module: 2}},
		{"blurred, noisy", "BK-2024-0042/17", lineartest.Scene{Module: 2.5, Blur: 1, Noise: 4, Shade: 50}},
		{"tilted", "1234567890", lineartest.Scene{Module: 3, Angle: -8, Tilt: 0.2, Blur: 0.8}},
		{"vertical", "VERTICAL 90", lineartest.Scene{Module: 2.5, Angle: 90, Blur: 0.8}},
		{"upside down", "upside down", lineartest.Scene{Module: 2.5, Angle: 180, Blur: 0.8}},
	} {
		sym, err := write(c.data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s := c.scene
		s.Width, s.Height, s.Modules, s.Quiet, s.BarHeight, s.Background = 640, 480, sym.Modules.Pix, 10, 80, 100
		got := read(binarize.NewSource(s.Render()), symbology.ReadOptions{})
		if len(got) != 1 || got[0].Text != c.data {
			t.Errorf("%s: read %v", c.name, got)
		}
	}
}

// TestGroups checks that code128 is in the industrial, gs1 and linear
// groups and not in retail, and answers to its aliases.
func TestGroups(t *testing.T) {
	for group, want := range map[string]bool{"industrial": true, "gs1": true, "linear": true, "all": true, "retail": false, "matrix": false} {
		infos, err := symbology.Resolve([]string{group})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, info := range infos {
			found = found || info.ID == "code128"
		}
		if found != want {
			t.Errorf("group %s: code128 %v", group, found)
		}
	}
	for _, alias := range []string{"Code128", "code-128", "GS1-128", "CODE_128"} {
		if info, ok := symbology.Lookup(alias); !ok || info.ID != "code128" {
			t.Errorf("alias %q unknown", alias)
		}
	}
}

// TestZbarReadsCode128 writes payloads as PNG and checks that zbarimg, an
// independent reader, decodes each to the same data. zbar 0.23 does not
// apply FNC4, so it reads ISO/IEC 8859-1 letters as their low 7 bits; for
// GS1-128 it gives the element string.
func TestZbarReadsCode128(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (Debian package zbar-tools)")
	}
	dir := t.TempDir()
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range payloads(100) {
		if strings.ContainsAny(p.data, "\x00\n\r") {
			continue // zbar's output cannot carry NUL; line ends are ambiguous
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sym, err := write(p.data, symbology.WriteOptions{GS1: p.gs1})
			if err != nil {
				t.Errorf("%q: %v", p.data, err)
				return
			}
			var png bytes.Buffer
			if err := render.PNG(&png, sym, render.Options{Scale: 2 + i%2, HRT: i%2 == 0}); err != nil {
				t.Error(err)
				return
			}
			path := filepath.Join(dir, fmt.Sprintf("%03d.png", i))
			if err := os.WriteFile(path, png.Bytes(), 0o644); err != nil {
				t.Error(err)
				return
			}
			cmd := exec.Command(zbar, "--nodbus", "-q", "--raw", "-Scode128.enable", path)
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			if err := cmd.Run(); err != nil {
				t.Errorf("zbarimg could not read %q: %v", p.data, err)
				return
			}
			got := strings.TrimSuffix(stdout.String(), "\n")
			var want strings.Builder
			for _, r := range p.data {
				want.WriteByte(byte(r) & 0x7f)
			}
			if got != want.String() {
				t.Errorf("zbarimg read %q, wrote %q", got, p.data)
			}
		}()
	}
	wg.Wait()
}

// TestZXingReadsCode128 checks the ISO/IEC 8859-1 payloads, which zbar
// cannot read, with ZXingReader (Debian package zxing-cpp-tools) when it
// is installed: the bytes it reports must be the data's.
func TestZXingReadsCode128(t *testing.T) {
	zx, err := exec.LookPath("ZXingReader")
	if err != nil {
		t.Skip("ZXingReader not installed (Debian package zxing-cpp-tools)")
	}
	dir := t.TempDir()
	for i, p := range payloads(100) {
		if p.gs1 || !strings.ContainsFunc(p.data, func(r rune) bool { return r > 0x7f }) {
			continue
		}
		sym, err := write(p.data, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var png bytes.Buffer
		if err := render.PNG(&png, sym, render.Options{Scale: 2}); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%03d.png", i))
		if err := os.WriteFile(path, png.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(zx, path).Output()
		if err != nil {
			t.Errorf("ZXingReader could not read %q: %v", p.data, err)
			continue
		}
		// ZXingReader 1.4 guesses the text's character set; its bytes
		// are what the symbol holds.
		var hex []string
		for _, r := range p.data {
			hex = append(hex, fmt.Sprintf("%02X", r))
		}
		if !strings.Contains(string(out), "Bytes:      "+strings.Join(hex, " ")+"\n") {
			t.Errorf("ZXingReader read %q as\n%s", p.data, out)
		}
	}
}
