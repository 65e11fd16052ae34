package barkit_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// TestGenerateBytesRoundTrip writes every byte value, in a shuffled order, in
// every symbology whose writer takes binary data, in as many symbols as its
// capacity needs, and reads each back byte for byte.
func TestGenerateBytesRoundTrip(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	n := 0
	for _, info := range symbology.All() {
		if !info.Binary {
			continue
		}
		n++
		t.Run(info.ID, func(t *testing.T) {
			for rest := all; len(rest) > 0; {
				// The longest prefix that fits one symbol.
				k := len(rest)
				var sym *barkit.Symbol
				for {
					var err error
					sym, err = barkit.GenerateBytes(rest[:k], barkit.GenerateOptions{Symbology: info.ID})
					if err == nil {
						break
					}
					if !errors.Is(err, barkit.ErrTooLong) || k == 1 {
						t.Fatalf("GenerateBytes(% x): %v", rest[:k], err)
					}
					k = k * 3 / 4
				}
				img, err := render.Image(sym, render.Options{Scale: 4})
				if err != nil {
					t.Fatal(err)
				}
				got, err := barkit.Scan(img, barkit.ScanOptions{Symbologies: []string{info.ID}})
				if err != nil || len(got) != 1 {
					t.Fatalf("%d bytes, %s %s: read %d symbols, %v", k, info.ID, sym.Version, len(got), err)
				}
				if !bytes.Equal(got[0].RawBytes, rest[:k]) {
					t.Fatalf("%s %s: wrote % x\nread % x", info.ID, sym.Version, rest[:k], got[0].RawBytes)
				}
				rest = rest[k:]
			}
		})
	}
	if n < 6 {
		t.Errorf("only %d symbologies take binary data", n)
	}
}

func TestGenerateBytesRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		text string
		opts barkit.GenerateOptions
		want error
	}{
		{"linear binary", []byte{0x80, 0x81}, "", barkit.GenerateOptions{Symbology: "code39"}, barkit.ErrUnsupported},
		{"gs1 binary", []byte("0109506000134352"), "", barkit.GenerateOptions{Symbology: "data-matrix", GS1: true}, barkit.ErrInvalidData},
		{"linear eci", nil, "ABC", barkit.GenerateOptions{Symbology: "code128", ECI: 3}, barkit.ErrUnsupported},
		{"micro qr eci", nil, "ABC", barkit.GenerateOptions{Symbology: "micro-qr", ECI: 3}, barkit.ErrUnsupported},
		{"invalid utf-8 text", nil, "a\xffb", barkit.GenerateOptions{Symbology: "qr"}, barkit.ErrInvalidData},
		{"aztec rune bytes", []byte{7}, "", barkit.GenerateOptions{Symbology: "aztec", Version: "rune"}, barkit.ErrUnsupported},
	} {
		var err error
		if tc.data != nil {
			_, err = barkit.GenerateBytes(tc.data, tc.opts)
		} else {
			_, err = barkit.Generate(tc.text, tc.opts)
		}
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
}
