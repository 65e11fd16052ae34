package ean

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// interopCase is a symbol to write and what a reader should report: the
// main digits as zbar reports them and the add-on's.
type interopCase struct {
	id, data    string
	zbar, addOn string
}

// interopCases returns n symbols of every id with random digits, a third of
// the main symbols with an add-on.
func interopCases(n int) []interopCase {
	rng := rand.New(rand.NewPCG(5, 6))
	digits := func(k int) string {
		b := make([]byte, k)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
		}
		return string(b)
	}
	var out []interopCase
	for i := 0; len(out) < n; i++ {
		addOn := ""
		switch i % 3 {
		case 1:
			addOn = digits(2)
		case 2:
			addOn = digits(5)
		}
		with := func(s string) string {
			if addOn == "" {
				return s
			}
			return s + "+" + addOn
		}
		switch i % 7 {
		case 0:
			d := digits(12)
			if d[0] == '0' {
				d = "1" + d[1:]
			}
			d += string(CheckDigit(d))
			out = append(out, interopCase{"ean13", with(d), d, addOn})
		case 1:
			d := digits(11)
			out = append(out, interopCase{"upca", with(d), d + string(CheckDigit(d)), addOn})
		case 2:
			// Number system 0 only: zbar 0.23 reads no UPC-E of number
			// system 1 (TestGoldenFilesDecode covers one).
			e := "0" + digits(6)
			full := e + string(CheckDigit(expandUPCE(e + "0")[:11]))
			out = append(out, interopCase{"upce", with(e), full, addOn})
		case 3:
			d := digits(7)
			out = append(out, interopCase{"ean8", d, d + string(CheckDigit(d)), ""})
		case 4:
			d := "978" + digits(9)
			d += string(CheckDigit(d))
			out = append(out, interopCase{"isbn", with(d), d, addOn})
		case 5:
			d := digits(2)
			out = append(out, interopCase{"ean2", d, "", d})
		case 6:
			d := digits(5)
			out = append(out, interopCase{"ean5", d, "", d})
		}
	}
	return out
}

// TestZbarReadsEAN writes symbols of every id, with and without add-ons and
// human-readable text, as PNG, and checks that zbarimg, an independent
// reader, decodes each to the same digits.
func TestZbarReadsEAN(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (Debian package zbar-tools)")
	}
	cases := interopCases(140)
	dir := t.TempDir()
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sym, err := writers[c.id](c.data, symbology.WriteOptions{})
			if err != nil {
				t.Errorf("%s %q: %v", c.id, c.data, err)
				return
			}
			var png bytes.Buffer
			if err := render.PNG(&png, sym, render.Options{Scale: 2 + i%2, HRT: i%4 < 2}); err != nil {
				t.Errorf("%s %q: render: %v", c.id, c.data, err)
				return
			}
			path := filepath.Join(dir, fmt.Sprintf("%03d.png", i))
			if err := os.WriteFile(path, png.Bytes(), 0o644); err != nil {
				t.Error(err)
				return
			}
			cmd := exec.Command(zbar, "--nodbus", "-q", "--raw", "-Sean2.enable", "-Sean5.enable", "-Supca.enable", "-Supce.enable", path)
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			if err := cmd.Run(); err != nil {
				t.Errorf("zbarimg could not read %s %q: %v", c.id, c.data, err)
				return
			}
			got := strings.Fields(stdout.String())
			var want []string
			for _, s := range []string{c.zbar, c.addOn} {
				if s != "" {
					want = append(want, s)
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("zbarimg read %s %q as %q, want %q", c.id, c.data, got, want)
			}
		}()
	}
	wg.Wait()
}

// TestZXingReadsUPCE1 checks UPC-E symbols of number system 1, which zbar
// does not read, with ZXingReader (Debian package zxing-cpp-tools) when it
// is installed.
func TestZXingReadsUPCE1(t *testing.T) {
	zx, err := exec.LookPath("ZXingReader")
	if err != nil {
		t.Skip("ZXingReader not installed (Debian package zxing-cpp-tools)")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 12 {
		e := "1"
		for range 6 {
			e += string(rune('0' + rng.IntN(10)))
		}
		sym, err := writeUPCE(e, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var png bytes.Buffer
		if err := render.PNG(&png, sym, render.Options{Scale: 2, HRT: i%2 == 0}); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%02d.png", i))
		if err := os.WriteFile(path, png.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(zx, path).Output()
		if err != nil || !strings.Contains(string(out), fmt.Sprintf("Text:       %q", sym.Text)) || !strings.Contains(string(out), "UPC-E") {
			t.Errorf("ZXingReader read UPC-E %s as\n%s (%v)", sym.Text, out, err)
		}
	}
}
