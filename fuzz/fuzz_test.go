package fuzz

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"testing"
	"unicode/utf8"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qr"
)

// seedSymbols are payloads whose symbols seed the targets.
var seedSymbols = []string{"01234567", "HELLO WORLD", "https://example.com/?a=1", "Grüße", "日本語"}

// seedSymbologies are the symbologies FuzzScan's seeds are written in.
var seedSymbologies = []string{"qr", "micro-qr", "rmqr", "data-matrix", "aztec", "pdf417"}

// FuzzScan feeds arbitrary bytes to ScanBytes as an image of up to a
// megapixel. It must never panic, every barcode it reports must have valid
// UTF-8 text, and the scan's work must stay within its bounds whatever the
// pixels: at most maxViews passes of readers over views, at most
// symbology.MaxCandidates candidates a view, and at most 8 bytes per pixel
// plus 64 MiB allocated.
func FuzzScan(f *testing.F) {
	for _, id := range seedSymbologies {
		for _, s := range seedSymbols {
			sym, err := barkit.Generate(s, barkit.GenerateOptions{Symbology: id})
			if errors.Is(err, barkit.ErrTooLong) {
				continue // too long for the small symbologies
			}
			if err != nil {
				f.Fatal(err)
			}
			var b bytes.Buffer
			if err := render.PNG(&b, sym, render.Options{Scale: 2}); err != nil {
				f.Fatal(err)
			}
			// A seed must exercise the whole path: it has to scan back.
			got, err := barkit.ScanBytes(b.Bytes(), barkit.ScanOptions{NoParse: true})
			if err != nil || len(got) != 1 || got[0].Data != s {
				f.Fatalf("%s seed %q does not scan back: %v %v", id, s, got, err)
			}
			f.Add(b.Bytes())
		}
	}
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Add([]byte("GIF89a"))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, _, err := imageio.DecodeBytes(data, imageio.Options{MaxPixels: maxFuzzPixels})
		if err != nil {
			return
		}
		b := img.Bounds()
		var st symbology.Stats
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		found, err := symbology.Read(context.Background(), binarize.NewSource(img), symbology.ReadOptions{Stats: &st})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if st.Views > maxViews || st.Candidates > st.Views*symbology.MaxCandidates {
			t.Errorf("%v image: %d views, %d candidates", b.Size(), st.Views, st.Candidates)
		}
		if alloc, limit := after.TotalAlloc-before.TotalAlloc, uint64(8*b.Dx()*b.Dy()+64<<20); alloc > limit {
			t.Errorf("%v image: %d bytes allocated, more than %d", b.Size(), alloc, limit)
		}
		for _, c := range found {
			if !utf8.ValidString(c.Text) {
				t.Errorf("invalid UTF-8 text %q", c.Text)
			}
		}
	})
}

// maxFuzzPixels is FuzzScan's pixel limit: large enough for the work
// bounds to matter, small enough to keep each input under a second.
const maxFuzzPixels = 1 << 20

// maxViews bounds the passes of readers over views in one scan.
const maxViews = 40

// FuzzDecodeQRMatrix decodes arbitrary module matrices: the first byte picks
// the side, the rest are the modules, bit by bit. It must never panic, and a
// symbol that decodes must decode the same way again.
func FuzzDecodeQRMatrix(f *testing.F) {
	for _, s := range seedSymbols {
		c, err := qr.Encode(s, qr.Options{})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(byte(c.Modules.Width), packModules(c.Modules))
	}
	f.Fuzz(func(t *testing.T, side byte, bits []byte) {
		n := int(side)
		if n > 177 {
			n = 177
		}
		m := matrix.New(n, n)
		for i := range m.Pix {
			if i/8 < len(bits) {
				m.Pix[i] = bits[i/8]&(0x80>>(i%8)) != 0
			}
		}
		b, err := qr.Decode(m)
		if err != nil {
			return
		}
		again, err := qr.Decode(m)
		if err != nil || again.Text != b.Text || !bytes.Equal(again.Bytes, b.Bytes) {
			t.Errorf("second decode differs: %q/%v vs %q", again.Text, err, b.Text)
		}
	})
}

func packModules(m *matrix.Matrix) []byte {
	out := make([]byte, (len(m.Pix)+7)/8)
	for i, v := range m.Pix {
		if v {
			out[i/8] |= 0x80 >> (i % 8)
		}
	}
	return out
}

// FuzzReedSolomon corrupts a valid QR-field codeword block with the fuzzer's
// error pattern and decodes it. It must never panic; when it reports success
// the block must be a codeword again, and when the corruption was within the
// code's capacity it must be the original block.
func FuzzReedSolomon(f *testing.F) {
	f.Add([]byte("barkit reed-solomon"), byte(10), []byte{0, 1, 2})
	f.Add([]byte{0}, byte(2), []byte{})
	f.Add([]byte("0123456789abcdef"), byte(30), []byte{5, 0xff, 7, 0x10, 9, 0x01})
	f.Fuzz(func(t *testing.T, data []byte, nEC byte, errs []byte) {
		ne := int(nEC)%64 + 2
		if len(data) == 0 || len(data)+ne > 255 {
			return
		}
		ec := make([]byte, ne)
		reedsolomon.QR.Encode(data, ec)
		orig := append(append([]byte(nil), data...), ec...)
		block := append([]byte(nil), orig...)
		touched := map[int]bool{}
		for i := 0; i+1 < len(errs); i += 2 {
			p := int(errs[i]) % len(block)
			if errs[i+1] != 0 {
				block[p] ^= errs[i+1]
				touched[p] = true
			}
		}
		_, err := reedsolomon.QR.Decode(block, ne, nil)
		if err != nil {
			if !errors.Is(err, reedsolomon.ErrUncorrectable) {
				t.Errorf("unexpected error type: %v", err)
			}
			if 2*len(touched) <= ne {
				t.Errorf("%d errors within capacity %d not corrected: %v", len(touched), ne, err)
			}
			return
		}
		check := make([]byte, ne)
		reedsolomon.QR.Encode(block[:len(data)], check)
		if !bytes.Equal(check, block[len(data):]) {
			t.Errorf("reported success but block is not a codeword")
		}
		if 2*len(touched) <= ne && !bytes.Equal(block, orig) {
			t.Errorf("within capacity but corrected to a different codeword")
		}
	})
}
