package png

import (
	"bytes"
	"compress/zlib"
	stdpng "image/png"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/barkit/barkit/binarize"
)

// BenchmarkDecode compares Decode with image/png followed by
// binarize.Luminance, what a scan did before, on sets of PNG files: the
// scorecard's falsepositives images as it feeds them (8-bit RGB at
// 640×480 and RGBA at 480×480, written by image/png) and every PNG file
// of the shared corpus. Each set's ours/std pair gives the ratio in one
// run; ns/image is the time per file. The sets are skipped when their
// folders are absent.
func BenchmarkDecode(b *testing.B) {
	sets := []struct {
		name  string
		files []string
	}{
		{"falsepositives-1-rgb", glob("/tmp/sc-cache/rotated/falsepositives-1/*.png")},
		{"falsepositives-2-rgba", glob("/tmp/sc-cache/rotated/falsepositives-2/*.png")},
		{"corpus", sharedPNGs(b)},
	}
	for _, s := range sets {
		var data [][]byte
		size := 0
		for _, path := range s.files {
			d, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			data = append(data, d)
			size += len(d)
		}
		b.Run(s.name+"/ours", func(b *testing.B) {
			if len(data) == 0 {
				b.Skip("no files")
			}
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, d := range data {
					if _, err := Decode(d, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(data)), "ns/image")
		})
		b.Run(s.name+"/std", func(b *testing.B) {
			if len(data) == 0 {
				b.Skip("no files")
			}
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, d := range data {
					img, err := stdpng.Decode(bytes.NewReader(d))
					if err != nil {
						b.Fatal(err)
					}
					binarize.Luminance(img)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(data)), "ns/image")
		})
	}
}

// glob returns the files matching pattern; none when there are none.
func glob(pattern string) []string {
	files, _ := filepath.Glob(pattern)
	return files
}

// BenchmarkInflate measures inflateZlib alone on the image data of the
// largest scorecard falsepositives image (640×480 RGB), against
// compress/zlib.
func BenchmarkInflate(b *testing.B) {
	d, z := largestImageData(b)
	out := make([]byte, d.hdr.height*(1+3*d.hdr.width))
	b.Run("ours", func(b *testing.B) {
		b.SetBytes(int64(len(out)))
		for b.Loop() {
			if _, err := inflateZlib(out, z); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("zlib", func(b *testing.B) {
		b.SetBytes(int64(len(out)))
		for b.Loop() {
			r, err := zlib.NewReader(bytes.NewReader(z))
			if err != nil {
				b.Fatal(err)
			}
			if _, err := io.ReadFull(r, out); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// largestImageData returns the decoder, past the header chunks, and the
// joined IDAT data of the largest scorecard falsepositives image; it skips
// the benchmark when there is none.
func largestImageData(b *testing.B) (*decoder, []byte) {
	var data []byte
	for _, path := range glob("/tmp/sc-cache/rotated/falsepositives-1/*.png") {
		d, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		if len(d) > len(data) {
			data = d
		}
	}
	if data == nil {
		b.Skip("no files")
	}
	var err error
	d := &decoder{data: data}
	p := len(signature)
	var z []byte
	for d.stage < stIDAT {
		if string(data[p+4:p+8]) == "IDAT" {
			d.stage = stIDAT
			for string(data[p+4:p+8]) == "IDAT" {
				length := int(data[p])<<24 | int(data[p+1])<<16 | int(data[p+2])<<8 | int(data[p+3])
				z = append(z, data[p+8:p+8+length]...)
				p += 12 + length
			}
			break
		}
		if p, err = d.chunk(p); err != nil {
			b.Fatal(err)
		}
	}
	return d, z
}

// BenchmarkHuffmanBuild measures the building of the literal/length
// table, and its pairing, of the first block of the largest scorecard
// falsepositives image: a photograph's code, sent in each of its dynamic
// blocks.
func BenchmarkHuffmanBuild(b *testing.B) {
	_, z := largestImageData(b)
	f := &inflater{in: z[2:]}
	f.refill()
	f.take(1)
	if f.take(2) != 2 {
		b.Skip("the first block is not dynamic")
	}
	if err := f.readCodes(); err != nil {
		b.Fatal(err)
	}
	// §3.2.7: HLIT follows the block header's three bits.
	lengths := f.lengths[:257+int(z[2]>>3)]
	var h huffman
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			h.build(lengths, litInfo[:], litBits)
		}
	})
	b.Run("pair", func(b *testing.B) {
		for b.Loop() {
			h.build(lengths, litInfo[:], litBits)
			h.pairLiterals(lengths)
		}
	})
}
