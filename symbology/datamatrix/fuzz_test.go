package datamatrix

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// FuzzDecode decodes arbitrary codeword streams and module matrices. The
// first byte picks a format, the rest are the symbol's codewords (placed
// as the encoder places them, so that their error correction decides), or,
// when the second byte is odd, its modules row by row. Decode must not
// panic, and whatever it decodes must encode again to a symbol that
// decodes to the same bytes.
func FuzzDecode(f *testing.F) {
	for _, g := range goldens {
		c, err := Encode(g.data, g.opts)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(append([]byte{byte(mustIndex(c.Size)), 0}, c.Codewords...))
	}
	f.Add([]byte{0, 0, 142, 164, 186, 114, 25, 5, 88, 102})
	f.Add([]byte{3, 1, 0xff, 0x00, 0xaa})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 2 {
			return
		}
		s := sizes[int(b[0])%len(sizes)]
		var m *matrix.Matrix
		if b[1]%2 == 0 {
			words := make([]byte, s.Data+s.EC)
			copy(words, b[2:])
			m = place(s, words)
		} else {
			m = matrix.New(s.Cols, s.Rows)
			for i := range m.Pix {
				if k := 2 + i/8; k < len(b) {
					m.Pix[i] = b[k]>>(i%8)&1 == 1
				}
			}
		}
		bc, err := Decode(m)
		if err != nil {
			if !errors.Is(err, symbology.ErrFormat) && !errors.Is(err, symbology.ErrChecksum) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		// Write the bytes again as binary data in the same structure
		// (GS1, reader programming and structured append are codewords
		// the bytes do not show).
		if bc.GS1 || bc.ReaderInit || bc.Sequence.Count > 0 || len(bc.Bytes) == 0 {
			return
		}
		c, err := Encode(string(bc.Bytes), Options{Binary: true, Shape: AnyShape})
		if err != nil {
			if errors.Is(err, symbology.ErrTooLong) {
				return // a Base 256 rewrite of dense digits may not fit
			}
			t.Fatalf("re-encoding %q: %v", bc.Bytes, err)
		}
		again, err := Decode(c.Modules)
		if err != nil || string(again.Bytes) != string(bc.Bytes) {
			t.Fatalf("%q re-encoded reads %q, %v", bc.Bytes, again.Bytes, err)
		}
	})
}

// FuzzEncode encodes arbitrary data with options taken from the first
// byte. Encode must give a symbol that decodes to the data, or a typed
// error.
func FuzzEncode(f *testing.F) {
	for _, g := range goldens {
		f.Add(byte(0), g.data)
	}
	seeds, _ := filepath.Glob(filepath.Join("testdata", "payloads.txt"))
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if i%5 == 0 && line != "" && line[0] == '"' {
				f.Add(byte(i), line)
			}
		}
	}
	f.Add(byte(1), "0112345678901231\x1d10AB")
	f.Add(byte(2), "\x00\x80\xff")
	f.Add(byte(3), "[)>\x1e06\x1dX\x1e\x04")
	f.Fuzz(func(t *testing.T, mode byte, data string) {
		if len(data) > 4000 {
			return
		}
		opts := Options{
			Shape:      Shape(mode % 4),
			GS1:        mode&0x04 != 0,
			Binary:     mode&0x08 != 0 && mode&0x04 == 0,
			ReaderInit: mode&0x10 != 0,
		}
		if mode&0x20 != 0 {
			opts.Append = Append{Index: int(mode>>6) % 2, Count: 2, FileID: 0x0102}
			opts.ReaderInit = false
		}
		c, err := Encode(data, opts)
		if err != nil {
			if !errors.Is(err, symbology.ErrInvalidData) && !errors.Is(err, symbology.ErrTooLong) {
				t.Fatalf("Encode(%q, %+v): untyped error %v", data, opts, err)
			}
			return
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("Encode(%q, %+v) does not decode: %v", data, opts, err)
		}
		if opts.Binary {
			if string(bc.Bytes) != data {
				t.Fatalf("Encode(%q, %+v) reads bytes %q", data, opts, bc.Bytes)
			}
		} else if bc.Text != data {
			t.Fatalf("Encode(%q, %+v) reads %q", data, opts, bc.Text)
		}
		if bc.GS1 != opts.GS1 || bc.ReaderInit != opts.ReaderInit || (bc.Sequence.Count > 0) != (opts.Append.Count > 0) {
			t.Fatalf("Encode(%q, %+v): flags read back as %+v", data, opts, bc)
		}
	})
}
