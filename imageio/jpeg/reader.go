package jpeg

import (
	"errors"
	"fmt"
	"image"
	"io"
)

// Options bounds the work of Decode. The zero value sets no bounds.
type Options struct {
	// MaxPixels is the largest width×height decoded; zero or less means
	// no limit. Decode refuses a larger image with ErrTooLarge before it
	// allocates anything for it.
	MaxPixels int
	// MaxScans is the most scans a file may have; zero or less means no
	// limit. Each scan of a progressive file may walk every block of the
	// image, so a file of many tiny scans is costly to decode: Decode
	// stops with ErrTooManyScans at the first scan over the limit.
	MaxScans int
}

// Errors of Decode, wrapped with detail; test with errors.Is. Data that
// ends early gives an error wrapping io.ErrUnexpectedEOF.
var (
	// ErrFormat: the data breaks the rules of ITU-T T.81.
	ErrFormat = errors.New("invalid JPEG data")
	// ErrUnsupported: the file is valid but uses a feature this package
	// does not decode (see the package documentation).
	ErrUnsupported = errors.New("unsupported JPEG feature")
	// ErrTooLarge: the image has more pixels than Options.MaxPixels.
	ErrTooLarge = errors.New("JPEG image too large")
	// ErrTooManyScans: the file has more scans than Options.MaxScans.
	ErrTooManyScans = errors.New("too many JPEG scans")
)

func formatError(format string, args ...any) error {
	return fmt.Errorf("jpeg: %w: "+format, append([]any{ErrFormat}, args...)...)
}

func unsupported(format string, args ...any) error {
	return fmt.Errorf("jpeg: %w: "+format, append([]any{ErrUnsupported}, args...)...)
}

// errShort reports data that ends before the image does.
var errShort = fmt.Errorf("jpeg: %w", io.ErrUnexpectedEOF)

// Markers (ITU-T T.81 §B.1.1.3, Table B.1).
const (
	mSOF0  = 0xc0 // baseline DCT
	mSOF1  = 0xc1 // extended sequential DCT, Huffman
	mSOF2  = 0xc2 // progressive DCT, Huffman
	mDHT   = 0xc4
	mDAC   = 0xcc // arithmetic coding conditioning
	mRST0  = 0xd0
	mRST7  = 0xd7
	mSOI   = 0xd8
	mEOI   = 0xd9
	mSOS   = 0xda
	mDQT   = 0xdb
	mDNL   = 0xdc
	mDRI   = 0xdd
	mDHP   = 0xde // hierarchical progression
	mEXP   = 0xdf // expand reference components
	mAPP0  = 0xe0
	mAPP14 = 0xee
	mTEM   = 0x01
)

// A component is one image component of the frame header (§B.2.2).
type component struct {
	id   uint8
	h, v int // sampling factors
	tq   uint8
}

// A decoder holds the state of one Decode call.
type decoder struct {
	data []byte
	opts Options

	// The frame (§B.2.2).
	frame       bool
	progressive bool
	width       int
	height      int
	comps       []component
	hmax, vmax  int
	mcusX       int // MCUs across and down an interleaved scan
	mcusY       int

	quant   [4][64]int32 // quantization tables in zig-zag order
	quantOK [4]bool
	dc, ac  [4]huffman
	restart int // the restart interval in MCUs; 0 for none

	jfif       bool
	adobe      bool
	adobeXform uint8
	scans      int
	lumaScans  int // scans that hold the luminance

	// The output: the luminance plane, padded to whole MCUs.
	pix    []uint8
	stride int
	// coef holds the luminance coefficients of a progressive image, 64
	// per block in natural order, blocks in raster order across the
	// padded plane.
	coef    []int16
	blocksX int // blocks across the padded plane

	// The entropy-coded data reader (bits.go).
	pos   int    // the next byte of data to load
	acc   uint64 // loaded bits, first bit at the top
	nbits uint   // how many bits of acc are loaded
	stop  bool   // a marker or the end of the data was reached: load zeros
	eof   bool   // the end of the data was reached inside a scan
	// pred is the DC prediction of the luminance (§F.2.1.3.1).
	pred int32
	// eobrun counts the blocks left in an end-of-band run (§G.1.2.2).
	eobrun int
}

// Decode decodes the luminance of the JPEG image in data: the only
// component of a greyscale file, the Y component of a YCbCr one. The
// image's bounds start at (0, 0); its stride may be larger than its width.
func Decode(data []byte, opts Options) (*image.Gray, error) {
	d := &decoder{data: data, opts: opts}
	if len(data) < 2 || data[0] != 0xff || data[1] != mSOI {
		if len(data) < 2 {
			return nil, errShort
		}
		return nil, formatError("missing SOI marker")
	}
	p := 2
	for {
		// §B.1.1.2: a marker is 0xFF and a code, after any number of 0xFF
		// fill bytes. Like libjpeg and image/jpeg, skip stray bytes
		// before it.
		for p < len(data) && data[p] != 0xff {
			p++
		}
		for p < len(data) && data[p] == 0xff {
			p++
		}
		if p >= len(data) {
			return nil, errShort
		}
		m := data[p]
		p++
		switch {
		case m == mEOI:
			return d.finish()
		case m >= mRST0 && m <= mRST7 || m == mSOI || m == mTEM || m == 0:
			continue // no segment follows; a stray RSTm or SOI is ignored
		}
		if p+2 > len(data) {
			return nil, errShort
		}
		n := int(data[p])<<8 | int(data[p+1])
		if n < 2 {
			return nil, formatError("marker 0x%02x segment length %d", m, n)
		}
		if p+n > len(data) {
			return nil, errShort
		}
		seg := data[p+2 : p+n]
		p += n
		var err error
		switch {
		case m == mSOF0 || m == mSOF1 || m == mSOF2:
			err = d.parseFrame(seg, m == mSOF2)
		case m >= 0xc3 && m <= 0xcf && m != mDHT && m != 0xc8 || m == mDAC:
			err = unsupported("marker 0x%02x (arithmetic, lossless or hierarchical coding)", m)
		case m == mDHT:
			err = d.parseDHT(seg)
		case m == mDQT:
			err = d.parseDQT(seg)
		case m == mDRI:
			err = d.parseDRI(seg)
		case m == mDNL:
			err = unsupported("DNL marker")
		case m == mDHP || m == mEXP:
			err = unsupported("hierarchical coding")
		case m == mAPP0:
			d.jfif = d.jfif || len(seg) >= 5 && string(seg[:5]) == "JFIF\x00"
		case m == mAPP14:
			if len(seg) >= 12 && string(seg[:5]) == "Adobe" {
				d.adobe, d.adobeXform = true, seg[11]
			}
		case m == mSOS:
			if p, err = d.scan(seg, p); err == nil && p > len(data) {
				err = errShort
			}
		}
		// Other markers (APPn, COM, JPGn) are skipped.
		if err != nil {
			return nil, err
		}
	}
}

// parseFrame reads a frame header (§B.2.2) and allocates the output.
func (d *decoder) parseFrame(seg []byte, progressive bool) error {
	if d.frame {
		return formatError("more than one frame header")
	}
	if len(seg) < 6 {
		return formatError("short frame header")
	}
	if seg[0] != 8 {
		return unsupported("%d-bit samples", seg[0])
	}
	d.height = int(seg[1])<<8 | int(seg[2])
	d.width = int(seg[3])<<8 | int(seg[4])
	nf := int(seg[5])
	if d.height == 0 {
		return unsupported("height given by a DNL marker")
	}
	if d.width == 0 {
		return formatError("zero width")
	}
	if nf != 1 && nf != 3 {
		return unsupported("%d components", nf)
	}
	if len(seg) != 6+3*nf {
		return formatError("frame header length")
	}
	d.comps = make([]component, nf)
	for i := range d.comps {
		c := &d.comps[i]
		c.id = seg[6+3*i]
		c.h, c.v = int(seg[7+3*i]>>4), int(seg[7+3*i]&15)
		c.tq = seg[8+3*i]
		if c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4 {
			return formatError("sampling factors %dx%d", c.h, c.v)
		}
		if c.tq > 3 {
			return formatError("quantization table %d", c.tq)
		}
		for _, o := range d.comps[:i] {
			if o.id == c.id {
				return formatError("component %d repeated", c.id)
			}
		}
		d.hmax, d.vmax = max(d.hmax, c.h), max(d.vmax, c.v)
	}
	if nf == 1 {
		// A single component is coded in non-interleaved scans only,
		// one block per MCU whatever its sampling factors (§A.2.2).
		d.comps[0].h, d.comps[0].v = 1, 1
		d.hmax, d.vmax = 1, 1
	}
	if c := d.comps[0]; c.h != d.hmax || c.v != d.vmax {
		return unsupported("first component sampled %dx%d, less than %dx%d", c.h, c.v, d.hmax, d.vmax)
	}
	if nf == 3 && d.isRGB() {
		return unsupported("RGB colour")
	}
	if d.opts.MaxPixels > 0 && d.width > d.opts.MaxPixels/d.height {
		return fmt.Errorf("jpeg: %w: %dx%d pixels", ErrTooLarge, d.width, d.height)
	}
	d.frame = true
	d.progressive = progressive
	d.mcusX = (d.width + 8*d.hmax - 1) / (8 * d.hmax)
	d.mcusY = (d.height + 8*d.vmax - 1) / (8 * d.vmax)
	d.blocksX = d.mcusX * d.hmax
	d.stride = 8 * d.blocksX
	d.pix = make([]uint8, d.stride*8*d.mcusY*d.vmax)
	if progressive {
		d.coef = make([]int16, 64*d.blocksX*d.mcusY*d.vmax)
	}
	return nil
}

// isRGB reports whether a three-component frame holds RGB rather than
// YCbCr, as libjpeg and image/jpeg guess it: a JFIF file is YCbCr, an
// Adobe APP14 segment says, and otherwise component identifiers 'R', 'G',
// 'B' mean RGB.
func (d *decoder) isRGB() bool {
	switch {
	case d.jfif:
		return false
	case d.adobe:
		return d.adobeXform == 0
	}
	return d.comps[0].id == 'R' && d.comps[1].id == 'G' && d.comps[2].id == 'B'
}

// parseDQT reads quantization tables (§B.2.4.1).
func (d *decoder) parseDQT(seg []byte) error {
	for len(seg) > 0 {
		pq, tq := seg[0]>>4, seg[0]&15
		if tq > 3 || pq > 1 {
			return formatError("quantization table %d precision %d", tq, pq)
		}
		n := 64 << pq
		if len(seg) < 1+n {
			return formatError("short DQT segment")
		}
		q := &d.quant[tq]
		for k := range q {
			if pq == 0 {
				q[k] = int32(seg[1+k])
			} else {
				q[k] = int32(seg[1+2*k])<<8 | int32(seg[2+2*k])
			}
		}
		d.quantOK[tq] = true
		seg = seg[1+n:]
	}
	return nil
}

// parseDHT reads Huffman tables (§B.2.4.2).
func (d *decoder) parseDHT(seg []byte) error {
	for len(seg) > 0 {
		if len(seg) < 17 {
			return formatError("short DHT segment")
		}
		tc, th := seg[0]>>4, seg[0]&15
		if tc > 1 || th > 3 {
			return formatError("Huffman table class %d number %d", tc, th)
		}
		var counts [16]uint8
		copy(counts[:], seg[1:17])
		total := 0
		for _, c := range counts {
			total += int(c)
		}
		if total == 0 || total > 256 || len(seg) < 17+total {
			return formatError("Huffman table with %d codes", total)
		}
		h := &d.dc[th]
		if tc == 1 {
			h = &d.ac[th]
		}
		if !h.build(&counts, seg[17:17+total], tc == 1) {
			return formatError("Huffman code lengths overflow")
		}
		seg = seg[17+total:]
	}
	return nil
}

// parseDRI reads the restart interval (§B.2.4.4).
func (d *decoder) parseDRI(seg []byte) error {
	if len(seg) != 2 {
		return formatError("DRI segment length")
	}
	d.restart = int(seg[0])<<8 | int(seg[1])
	return nil
}

// finish ends decoding at the EOI marker: a progressive image's
// coefficients are transformed only now.
func (d *decoder) finish() (*image.Gray, error) {
	if !d.frame {
		return nil, formatError("missing frame header")
	}
	if d.scans == 0 {
		return nil, formatError("missing SOS marker")
	}
	if d.progressive && d.lumaScans > 0 {
		// Without a scan of the luminance its pixels stay 0, as they do
		// in a sequential image and with image/jpeg.
		if err := d.transformAll(); err != nil {
			return nil, err
		}
	}
	return &image.Gray{Pix: d.pix, Stride: d.stride, Rect: image.Rect(0, 0, d.width, d.height)}, nil
}
