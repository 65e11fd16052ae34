package png

import (
	"image"

	"github.com/barkit/barkit/internal/pixpool"
)

// A pass is one reduced image of the data: the whole image when it is
// not interlaced, or one of the seven Adam7 passes, whose pixels lie
// every dx columns from x0 and every dy rows from y0.
type pass struct {
	x0, y0, dx, dy int
	width, height  int
}

// adam7 gives the Adam7 passes, ISO/IEC 15948:2004 §8.2, Figure 8.2.
var adam7 = [7]pass{
	{x0: 0, y0: 0, dx: 8, dy: 8},
	{x0: 4, y0: 0, dx: 8, dy: 8},
	{x0: 0, y0: 4, dx: 4, dy: 8},
	{x0: 2, y0: 0, dx: 4, dy: 4},
	{x0: 0, y0: 2, dx: 2, dy: 4},
	{x0: 1, y0: 0, dx: 2, dy: 2},
	{x0: 0, y0: 1, dx: 1, dy: 2},
}

// passes returns the reduced images of the data in their order, leaving
// out the passes that hold no pixel: §8.2 says such a pass is empty,
// without even filter bytes.
func (h *header) passes() []pass {
	if !h.interlaced {
		return []pass{{dx: 1, dy: 1, width: h.width, height: h.height}}
	}
	var ps []pass
	for _, p := range adam7 {
		p.width = (h.width - p.x0 + p.dx - 1) / p.dx
		p.height = (h.height - p.y0 + p.dy - 1) / p.dy
		if p.width > 0 && p.height > 0 {
			ps = append(ps, p)
		}
	}
	return ps
}

// maxRatio is the most bytes that one byte of DEFLATE data can inflate
// to: a length of 258 bytes coded in two bits (a one-bit length code and
// a one-bit distance code, RFC 1951 §3.2.5) is 1032 bytes per byte. A
// stream of n bytes cannot hold more than maxRatio×n bytes of image
// data, which bounds the memory a small file can make Decode allocate.
const maxRatio = 1032

// decodeImage decodes the image from the zlib stream z, the joined data of
// the IDAT chunks: it inflates the filtered rows of every pass into one
// buffer, then unfilters each row and converts it to grey. It returns how
// many bytes of z it used, as inflateZlib does.
func (d *decoder) decodeImage(z []byte) (img *image.Gray, used int, err error) {
	h := &d.hdr
	passes := h.passes()
	bpp := h.bitsPerPixel()
	limit := maxRatio * uint64(len(z))
	size := uint64(0)
	for _, p := range passes {
		// One filter byte and the packed pixels per row, §7.2.
		rowBytes := 1 + (uint64(bpp)*uint64(p.width)+7)/8
		if rowBytes > limit/uint64(p.height) {
			// Whatever the stream holds, it cannot fill the image.
			return nil, len(z) + 1, errShort
		}
		if size += rowBytes * uint64(p.height); size > limit {
			return nil, len(z) + 1, errShort
		}
	}
	raw := raws.Get(int(size))
	defer raws.Put(raw)
	if used, err = inflateZlib(raw, z); err != nil {
		return nil, used, err
	}

	conv := d.converter()
	// Every pixel is written below (the passes cover the image), so a
	// plane of an earlier image will do.
	img = &image.Gray{Pix: pixpool.Planes.Get(h.width * h.height), Stride: h.width, Rect: image.Rect(0, 0, h.width, h.height)}
	// Bytes per complete pixel, at least one: the distance to the byte
	// a filter predicts from (§9.2).
	step := max(1, bpp/8)
	var grey []byte // one row of an interlaced pass
	if h.interlaced {
		grey = make([]byte, h.width) // the last pass is as wide as the image
	}
	off := 0
	for _, p := range passes {
		rowBytes := 1 + (bpp*p.width+7)/8
		prev := make([]byte, rowBytes-1) // the row above the first: zeros
		for y := range p.height {
			row := raw[off : off+rowBytes]
			off += rowBytes
			cur := row[1:]
			if !unfilter(row[0], cur, prev, step) {
				return nil, used, formatError("filter type %d", row[0])
			}
			prev = cur
			if !h.interlaced {
				conv.row(img.Pix[y*img.Stride:][:p.width], cur)
				continue
			}
			g := grey[:p.width]
			conv.row(g, cur)
			dst := img.Pix[(p.y0+y*p.dy)*img.Stride:][:h.width]
			for x, v := range g {
				dst[p.x0+x*p.dx] = v
			}
		}
	}
	return img, used, nil
}

// raws holds inflated image data done with, for the next image decoded:
// a batch or a server decodes one image after another, and reusing the
// largest buffer of a decoding spares the garbage collector, and the
// kernel, a megabyte of fresh memory per photo. Its buffers' content is
// undefined: inflate writes every byte before reading it.
var raws pixpool.Pool[byte]
