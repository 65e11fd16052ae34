package barkit_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/render"
)

// roundTripCase is one payload written at a forced QR version and level.
type roundTripCase struct {
	data    string
	version int
	level   string
	gs1     bool
	scale   int
}

// qrRoundTripCases covers every version 1-40 at every level with numeric,
// alphanumeric, byte and mixed payloads, plus UTF-8 text (written with ECI 26)
// and GS1 element strings, at module sizes 1 to 4: at least 500 cases.
func qrRoundTripCases() []roundTripCase {
	rng := rand.New(rand.NewPCG(3, 4))
	gen := func(kind, length int) string {
		const (
			digits = "0123456789"
			alnum  = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
			text   = "abcdefghijklmnopqrstuvwxyz ABC.,:;!?0123456789-_/"
		)
		var b strings.Builder
		for b.Len() < length {
			switch kind {
			case 0:
				b.WriteByte(digits[rng.IntN(len(digits))])
			case 1:
				b.WriteByte(alnum[rng.IntN(len(alnum))])
			case 2:
				b.WriteByte(text[rng.IntN(len(text))])
			default: // mixed: runs of each
				run := 1 + rng.IntN(20)
				for range run {
					switch rng.IntN(3) {
					case 0:
						b.WriteByte(digits[rng.IntN(len(digits))])
					case 1:
						b.WriteByte(alnum[rng.IntN(len(alnum))])
					default:
						b.WriteByte(text[rng.IntN(len(text))])
					}
				}
			}
		}
		return b.String()[:length]
	}
	var cases []roundTripCase
	levels := []string{"L", "M", "Q", "H"}
	i := 0
	for v := 1; v <= 40; v++ {
		for _, l := range levels {
			for kind := 0; kind < 4; kind++ {
				// A length that reaches well into the version's capacity:
				// byte capacity grows roughly with the square of the side.
				side := 17 + 4*v
				length := 1 + rng.IntN(max(1, side*side/(8+4*(kind%3))/3))
				cases = append(cases, roundTripCase{data: gen(kind, length), version: v, level: l, scale: 1 + i%4})
				i++
			}
		}
	}
	unicode := []string{"Grüße aus Köln", "日本語のテキスト", "Привет, мир", "emoji 😀 and ✓", "中文 한국어 Ελληνικά", "naïve café"}
	for j, s := range unicode {
		cases = append(cases, roundTripCase{data: s, level: levels[j%4], scale: 1 + j%4})
	}
	gs1 := []string{
		"0109506000134352\x1d10ABC123",
		"01095040000591012112345678p901\x1d101234567p\x1d171411208200http://www.gs1.org/demo/",
		"0100614141999996\x1d17251231\x1d10LOT42",
	}
	for j, s := range gs1 {
		cases = append(cases, roundTripCase{data: s, gs1: true, level: "M", scale: 1 + j%4})
	}
	return cases
}

func TestRoundTripQR(t *testing.T) {
	cases := qrRoundTripCases()
	if len(cases) < 500 {
		t.Fatalf("only %d cases", len(cases))
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			if err := roundTrip(c); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// roundTrip writes c, renders it as an image and scans it back; a payload
// that does not fit its forced version is shortened until it does.
func roundTrip(c roundTripCase) error {
	opts := barkit.GenerateOptions{ECLevel: c.level, GS1: c.gs1}
	if c.version > 0 {
		opts.Version = strconv.Itoa(c.version)
	}
	var sym *barkit.Symbol
	for {
		var err error
		sym, err = barkit.Generate(c.data, opts)
		if errors.Is(err, barkit.ErrTooLong) && c.version > 0 && len(c.data) > 1 {
			c.data = c.data[:len(c.data)*3/4]
			continue
		}
		if err != nil {
			return fmt.Errorf("Generate(%.40q, version %d, %s): %v", c.data, c.version, c.level, err)
		}
		break
	}
	name := fmt.Sprintf("%d-%s scale %d %.30q", c.version, c.level, c.scale, c.data)
	if c.version > 0 && sym.Version != strconv.Itoa(c.version) {
		return fmt.Errorf("%s: wrote version %s", name, sym.Version)
	}
	img, err := render.Image(sym, render.Options{Scale: c.scale})
	if err != nil {
		return fmt.Errorf("%s: render: %v", name, err)
	}
	got, err := barkit.Scan(img, barkit.ScanOptions{Symbologies: []string{"qr"}, NoParse: true})
	if err != nil {
		return fmt.Errorf("%s: scan: %v", name, err)
	}
	if len(got) != 1 {
		return fmt.Errorf("%s: scan found %d codes", name, len(got))
	}
	b := got[0]
	// GS1 data reads back in human-readable form; its element string is
	// in the raw bytes.
	read := b.Data
	if c.gs1 {
		read = string(b.RawBytes)
	}
	if read != c.data || b.ECLevel != sym.ECLevel || b.Version != sym.Version || b.IsGS1 != c.gs1 {
		return fmt.Errorf("%s: read %.40q %s-%s gs1=%v, wrote %s-%s", name, b.Data, b.Version, b.ECLevel, b.IsGS1, sym.Version, sym.ECLevel)
	}
	return nil
}

// url100 is a 100-byte URL, the typical payload of the writer benchmarks.
var url100 = "https://example.com/products/2026/barkit-reader?id=1234567890&ref=benchmark&utm_source=qr-code&x=abc"

func BenchmarkGenerate(b *testing.B) {
	if len(url100) != 100 {
		b.Fatalf("url100 has %d bytes", len(url100))
	}
	b.Run("matrix", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := barkit.Generate(url100, barkit.GenerateOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("png", func(b *testing.B) {
		b.ReportAllocs()
		var buf bytes.Buffer
		for b.Loop() {
			sym, err := barkit.Generate(url100, barkit.GenerateOptions{})
			if err != nil {
				b.Fatal(err)
			}
			buf.Reset()
			if err := render.PNG(&buf, sym, render.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
