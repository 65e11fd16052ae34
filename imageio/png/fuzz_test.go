package png

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzDecode checks that Decode never panics; that whenever image/png
// decodes an input, Decode gives the same pixels as binarize.Luminance of
// image/png's image, or says the file is unsupported (the caller then
// uses image/png); and that whenever Decode decodes an input, image/png
// does too, but for bytes after the zlib stream.
func FuzzDecode(f *testing.F) {
	if testing.Short() {
		f.Skip("slow under -short")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, data := range testImages(rng) {
		if len(data) < 2000 {
			f.Add(data)
		}
	}
	files, _ := filepath.Glob("../testdata/*.png")
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// Random changes rarely keep the CRCs right: try the data as
		// it is and with its CRCs mended, so that the fuzzer reaches
		// the image data.
		fuzzCheck(t, data)
		fuzzCheck(t, mendCRCs(data))
	})
}

// mendCRCs returns data with the CRC of each whole chunk recomputed.
func mendCRCs(data []byte) []byte {
	b := bytes.Clone(data)
	for p := len(signature); len(b)-p >= 12; {
		n := uint64(binary.BigEndian.Uint32(b[p:]))
		if uint64(len(b)-p) < 12+n {
			break
		}
		end := p + 8 + int(n)
		binary.BigEndian.PutUint32(b[end:], crc32.ChecksumIEEE(b[p+4:end]))
		p = end + 4
	}
	return b
}

// fuzzCheck is the property FuzzDecode checks.
func fuzzCheck(t *testing.T, data []byte) {
	// The size cap keeps each run small, as imageio's limit does;
	// image/png is asked only about files within it.
	g, err := Decode(data, Options{MaxPixels: 1 << 16})
	switch {
	case errors.Is(err, ErrUnsupported) || errors.Is(err, ErrTooLarge):
		return
	case err != nil:
		if _, werr := want(data); werr == nil {
			t.Fatalf("%v; image/png decodes it", err)
		}
		return
	}
	w, werr := want(data)
	if werr != nil {
		// image/png is stricter only about bytes after the zlib
		// stream (see the package documentation).
		if !strings.Contains(werr.Error(), "too much pixel data") {
			t.Fatalf("decodes; image/png fails with %v", werr)
		}
		return
	}
	if d := same(g, w); d != "" {
		t.Fatal(d)
	}
}
