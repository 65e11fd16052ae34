package pdf417

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// codewordsOf turns fuzz bytes into codewords, two bytes each, values
// 0-928; 0xFFFF is -1, an erasure.
func codewordsOf(b []byte) []int {
	cw := make([]int, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		v := int(b[i])<<8 | int(b[i+1])
		if v == 0xFFFF {
			cw = append(cw, -1)
			continue
		}
		cw = append(cw, v%valueCount)
	}
	return cw
}

// FuzzDecodeCodewords decodes codeword sequences: the bytes give the data
// codewords, and with valid set the check codewords are computed so that
// error correction passes and the data reach the compaction decoders. It
// must never panic, and whatever decodes must re-encode and decode to the
// same bytes.
func FuzzDecodeCodewords(f *testing.F) {
	seed := func(cw []int, shape byte, valid bool) {
		var b []byte
		for _, c := range cw {
			b = append(b, byte(c>>8), byte(c))
		}
		f.Add(b, shape, valid)
	}
	for _, gc := range goldenCases {
		c, err := Encode(gc.text, gc.opts)
		if err != nil {
			f.Fatal(err)
		}
		seed(c.Codewords[:len(c.Codewords)-c.ECCodewords], byte(c.Columns), true)
	}
	seed([]int{5, latchByte, 1, 2, eciCharset, 26, 3}, 2, true)
	seed([]int{9, latchNumeric, 1, 624, 434, 632, 282, 200, 913}, 3, true)
	seed([]int{6, macroBegin, 111, 100, macroOptional, 1}, 1, true)
	seed([]int{4, 1, 2, 3, 4, 5, 6, 7}, 1, false)
	f.Fuzz(func(t *testing.T, b []byte, shape byte, valid bool) {
		data := codewordsOf(b)
		if len(data) == 0 || len(data) > maxCodewords {
			return
		}
		micro := shape&0x80 != 0
		var cols, rows, nEC, level int
		if micro {
			// The smallest MicroPDF417 size holding the data.
			found := false
			for _, s := range microSizes {
				if s.cols*s.rows-s.ec >= len(data) {
					cols, rows, nEC, found = s.cols, s.rows, s.ec, true
					break
				}
			}
			if !found {
				return
			}
		} else {
			level = int(shape>>4) % (maxLevel + 1)
			nEC = 2 << level
			cols = 1 + int(shape&0xF)
			rows = max(minRows, (len(data)+nEC+cols-1)/cols)
			if rows > maxRows || cols*rows > maxCodewords {
				return
			}
		}
		cw := make([]int, cols*rows)
		copy(cw, data)
		nData := len(cw) - nEC
		for i := len(data); i < nData; i++ {
			cw[i] = latchText
		}
		if valid {
			for i := range cw[:nData] {
				if cw[i] < 0 {
					cw[i] = 0
				}
			}
			reedsolomon.PDF417.EncodeInts(cw[:nData], cw[nData:])
		}
		bc, err := DecodeCodewords(cw, cols, rows, level, micro)
		if err != nil {
			if !errors.Is(err, symbology.ErrFormat) && !errors.Is(err, symbology.ErrChecksum) && !errors.Is(err, symbology.ErrUnsupported) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if len(bc.Bytes) == 0 {
			return // a Macro PDF417 control block alone
		}
		c, err := Encode(string(bc.Bytes), Options{Binary: true})
		if err != nil {
			if errors.Is(err, symbology.ErrTooLong) {
				return
			}
			t.Fatalf("re-encoding %q: %v", bc.Bytes, err)
		}
		again, err := Decode(c.Modules)
		if err != nil || !bytes.Equal(again.Bytes, bc.Bytes) {
			t.Fatalf("%q re-encoded read back as %q, %v", bc.Bytes, again.Bytes, err)
		}
	})
}

// FuzzEncode encodes arbitrary data with options from the fuzzer: the
// symbol must read back to the bytes written, or the error must be typed.
func FuzzEncode(f *testing.F) {
	for _, gc := range goldenCases {
		f.Add(gc.text, byte(0), byte(0))
	}
	f.Add("Grüße 日本 1234567890123", byte(3), byte(1))
	f.Add(strings.Repeat("9", 100), byte(0x41), byte(2))
	f.Add("\x00\xff binary", byte(0x80), byte(3))
	f.Fuzz(func(t *testing.T, data string, opt, shape byte) {
		if len(data) > 3000 {
			return
		}
		o := Options{
			Level:   int(opt & 0xF),
			Binary:  opt&0x10 != 0,
			Compact: opt&0x20 != 0,
			Micro:   opt&0x80 != 0,
			Columns: int(shape & 0x1F),
		}
		if o.Micro {
			o.Level, o.Compact, o.Columns = 0, false, o.Columns%5
		}
		if opt&0x40 != 0 {
			o.ECI = 26
		}
		c, err := Encode(data, o)
		if err != nil {
			if !errors.Is(err, symbology.ErrInvalidData) && !errors.Is(err, symbology.ErrTooLong) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("%q with %+v: %v", data, o, err)
		}
		if !o.Binary && o.ECI == 0 {
			if bc.Text != data {
				t.Fatalf("%q with %+v read back as %q", data, o, bc.Text)
			}
			return
		}
		if want := []byte(data); !bytes.Equal(bc.Bytes, want) {
			t.Fatalf("%q with %+v read back as %q", data, o, bc.Bytes)
		}
	})
}

// FuzzDecode decodes module matrices: golden files and whatever the fuzzer
// makes of them. It must never panic.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.golden"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		_, body, _ := strings.Cut(string(b), "\n")
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<16 {
			return
		}
		m, err := matrix.Parse(s)
		if err != nil {
			return
		}
		if _, err := Decode(m); err != nil && !errors.Is(err, symbology.ErrFormat) &&
			!errors.Is(err, symbology.ErrChecksum) && !errors.Is(err, symbology.ErrUnsupported) {
			t.Fatalf("untyped error %v", err)
		}
	})
}
