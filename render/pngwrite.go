package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"slices"
	"sync"
)

// The PNG files of package render have two colours, so they are written
// here rather than by image/png: as paletted images of bit depth 1 (PNG
// 1.2, ISO/IEC 15948:2004 §11.2.2, IHDR colour type 3) with a PLTE of the
// background and the foreground and, when either is not opaque, a tRNS
// of their alphas up to the last that is not. Every scanline has filter
// type 0, None, as image/png writes paletted images and as §12.8
// recommends for them; the scanlines go through compress/zlib at its
// default level into one IDAT chunk (BestCompression made files at most 3%
// smaller and took up to twice as long, measured over 21, 57 and 177
// modules at scales 1, 4 and 10). image/png spent most of the time of a
// PNG packing pixels through the image.PalettedImage interface, one call
// a pixel, from a raster drawn a byte a pixel; here the module rows of a
// symbol without text are packed once each and their scanlines repeated,
// and a raster with text is packed a byte at a time, which measured 1.5
// times faster than image/png for a Code 128 with its text
// (BenchmarkPNG). The files decode to the pixels image/png's did
// (TestPNGSamePixels) and are the same size: the same scanlines through
// the same compressor.

// pngSignature starts every PNG file (§5.2).
const pngSignature = "\x89PNG\r\n\x1a\n"

// maxPooledPNG bounds the buffer a pooled pngWriter keeps: 1 MB holds the
// file of any symbol of usual size, and a pool of huge buffers would hold
// memory for nothing.
const maxPooledPNG = 1 << 20

// pngWriter holds the buffers of one PNG encoding; pngWriters pools them,
// with the zlib writer, whose state is large to allocate each time.
type pngWriter struct {
	out bytes.Buffer // the file
	zw  *zlib.Writer // writes into out
	row []byte       // a scanline: its filter byte, then the packed pixels
}

var pngWriters = sync.Pool{New: func() any {
	e := new(pngWriter)
	// DefaultCompression is a valid level, so NewWriterLevel cannot fail.
	e.zw, _ = zlib.NewWriterLevel(&e.out, zlib.DefaultCompression)
	return e
}}

// start begins a file of w×h pixels of the palette bg, fg and begins its
// IDAT chunk, returning the offset of the chunk in out.
func (e *pngWriter) start(w, h int, bg, fg color.NRGBA) int {
	if e.out.Cap() > maxPooledPNG {
		e.out = bytes.Buffer{}
	}
	e.out.Reset()
	e.out.WriteString(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8] = 1  // bit depth
	ihdr[9] = 3  // colour type: indexed
	ihdr[10] = 0 // compression: deflate
	ihdr[11] = 0 // filter method 0
	ihdr[12] = 0 // no interlace
	e.chunk("IHDR", ihdr[:])
	e.chunk("PLTE", []byte{bg.R, bg.G, bg.B, fg.R, fg.G, fg.B})
	switch {
	case fg.A != 255:
		e.chunk("tRNS", []byte{bg.A, fg.A})
	case bg.A != 255:
		e.chunk("tRNS", []byte{bg.A})
	}
	at := e.out.Len()
	e.out.WriteString("\x00\x00\x00\x00IDAT") // the length is set by finish
	e.zw.Reset(&e.out)
	n := 1 + (w+7)/8
	if cap(e.row) < n {
		e.row = make([]byte, n)
	}
	e.row = e.row[:n]
	return at
}

// finish ends the IDAT chunk that starts at offset at, and the file.
func (e *pngWriter) finish(at int) ([]byte, error) {
	if err := e.zw.Close(); err != nil {
		return nil, fmt.Errorf("render: png: %w", err)
	}
	b := e.out.Bytes()
	binary.BigEndian.PutUint32(b[at:], uint32(len(b)-at-8))
	var crc [4]byte
	binary.BigEndian.PutUint32(crc[:], crc32.ChecksumIEEE(b[at+4:]))
	e.out.Write(crc[:])
	e.chunk("IEND", nil)
	return e.out.Bytes(), nil
}

// chunk appends a chunk of type typ holding data (§5.3).
func (e *pngWriter) chunk(typ string, data []byte) {
	var b [8]byte
	binary.BigEndian.PutUint32(b[:4], uint32(len(data)))
	copy(b[4:], typ)
	crc := crc32.Update(crc32.ChecksumIEEE(b[4:]), crc32.IEEETable, data)
	e.out.Write(b[:])
	e.out.Write(data)
	e.out.Write(binary.BigEndian.AppendUint32(b[:0], crc))
}

// scanline writes e.row, n times.
func (e *pngWriter) scanline(n int) error {
	for range n {
		if _, err := e.zw.Write(e.row); err != nil {
			return fmt.Errorf("render: png: %w", err)
		}
	}
	return nil
}

// modules writes the PNG of a layout without text or hexagons straight
// from its modules: the grid of modules with its quiet zone, rotated,
// each row of modules packed into a scanline once and written l.scale
// times.
func (e *pngWriter) modules(l *layout) ([]byte, error) {
	g := l.grid().Rotate(l.rotate)
	s := l.scale
	at := e.start(g.Width*s, g.Height*s, l.bg, l.fg)
	pix := e.row[1:]
	for y := 0; y < g.Height; y++ {
		row := g.Pix[y*g.Width : (y+1)*g.Width]
		if y == 0 || !slices.Equal(row, g.Pix[(y-1)*g.Width:y*g.Width]) {
			clear(pix)
			i := 0
			for _, dark := range row {
				if !dark {
					i += s
					continue
				}
				for end := i + s; i < end; i++ {
					pix[i>>3] |= 0x80 >> (i & 7)
				}
			}
		}
		if err := e.scanline(s); err != nil {
			return nil, err
		}
	}
	return e.finish(at)
}

// paletted writes the PNG of a raster of palette indexes 0 and 1.
func (e *pngWriter) paletted(img *image.Paletted) ([]byte, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	bg := color.NRGBAModel.Convert(img.Palette[0]).(color.NRGBA)
	fg := color.NRGBAModel.Convert(img.Palette[1]).(color.NRGBA)
	at := e.start(w, h, bg, fg)
	pix := e.row[1:]
	for y := 0; y < h; y++ {
		clear(pix)
		for x, v := range img.Pix[y*img.Stride : y*img.Stride+w] {
			pix[x>>3] |= v << (7 - x&7)
		}
		if err := e.scanline(1); err != nil {
			return nil, err
		}
	}
	return e.finish(at)
}
