package png

import (
	"encoding/binary"
	"image/color"
)

// The conversions from a row of unfiltered samples to grey levels. Each
// gives what binarize.Luminance gives for the image type image/png
// decodes the colour type to, pixel for pixel:
//
//	grey, 1 to 8 bits     *image.Gray: the sample scaled to 8 bits
//	grey with tRNS        *image.NRGBA: the same, or white where transparent
//	grey, 16 bits         *image.Gray16: the high byte
//	grey 16 with tRNS     *image.NRGBA64: the same, or white
//	grey+alpha            *image.NRGBA, *image.NRGBA64: blended onto white
//	truecolour 8          *image.RGBA: the BT.601 luma
//	truecolour 16         *image.RGBA64: the luma of the high bytes
//	truecolour with tRNS  *image.NRGBA, *image.NRGBA64: the same, or white
//	truecolour+alpha      *image.NRGBA, *image.NRGBA64: blended onto white
//	palette               *image.Paletted: the luminance of each entry
const (
	convLUT     = iota // 1, 2, 4 or 8 bits per pixel through lut
	convGrey8          // 8-bit grey, copied
	convGreyA8         // 8-bit grey and alpha
	convRGB8           // 8-bit truecolour
	convRGBT8          // 8-bit truecolour with a transparent colour
	convRGBA8          // 8-bit truecolour and alpha
	convGrey16         // 16-bit grey
	convGreyT16        // 16-bit grey with a transparent level
	convGreyA16        // 16-bit grey and alpha
	convRGB16          // 16-bit truecolour, with or without tRNS
	convRGBA16         // 16-bit truecolour and alpha
)

// A converter turns rows of unfiltered samples into grey levels.
type converter struct {
	kind  int
	depth int // bits per sample for convLUT
	// lut maps a grey sample or a palette index to its grey level, for
	// convLUT.
	lut [256]uint8
	// packed maps a byte of 1-, 2- or 4-bit samples to the grey levels
	// of its 8, 4 or 2 pixels, the first lowest, for convLUT.
	packed [256]uint64
	// trns is the transparent colour of a truecolour or 16-bit grey
	// image (§11.3.2.1), as image/png compares it: whole 16-bit samples
	// at depth 16, the low bytes at depth 8.
	trns    [3]uint16
	hasTRNS bool
}

// converter returns the conversion for the image's colour type, bit depth
// and tRNS chunk.
func (d *decoder) converter() *converter {
	h := &d.hdr
	c := &converter{depth: h.depth, hasTRNS: d.trns != nil}
	t := d.trns
	switch h.colour {
	case ctGrey:
		switch {
		case h.depth == 16 && c.hasTRNS:
			c.kind = convGreyT16
			c.trns[0] = uint16(t[0])<<8 | uint16(t[1])
		case h.depth == 16:
			c.kind = convGrey16
		case h.depth == 8 && !c.hasTRNS:
			c.kind = convGrey8
		default:
			c.kind = convLUT
			// Samples are scaled to 8 bits by repeating their bits
			// (§12.5: 0x55 times a 2-bit sample), and the transparent
			// level is scaled the same way, in 8-bit arithmetic, as
			// image/png does: of a two-byte tRNS value it keeps the low
			// byte.
			scale := uint8(0xff / (1<<h.depth - 1))
			for s := range 1 << h.depth {
				v := uint8(s) * scale
				if c.hasTRNS && v == t[1]*scale {
					v = 0xff // transparent: white
				}
				c.lut[s] = v
			}
		}
	case ctTrue:
		switch {
		case h.depth == 16:
			c.kind = convRGB16
			if c.hasTRNS {
				for i := range c.trns {
					c.trns[i] = uint16(t[2*i])<<8 | uint16(t[2*i+1])
				}
			}
		case c.hasTRNS:
			c.kind = convRGBT8
			c.trns = [3]uint16{uint16(t[1]), uint16(t[3]), uint16(t[5])}
		default:
			c.kind = convRGB8
		}
	case ctGreyAlpha:
		c.kind = convGreyA8
		if h.depth == 16 {
			c.kind = convGreyA16
		}
	case ctTrueAlpha:
		c.kind = convRGBA8
		if h.depth == 16 {
			c.kind = convRGBA16
		}
	case ctPalette:
		c.kind = convLUT
		// image/png makes a palette of the PLTE entries, extended to
		// the length of tRNS with opaque black, with the alpha of tRNS
		// (as color.NRGBA) where it gives one; indices past its end
		// read as opaque black, whose luminance is the lut's zero.
		n := max(len(d.plte)/3, len(d.trns))
		for i := range n {
			var r, g, b uint8
			if i < len(d.plte)/3 {
				r, g, b = d.plte[3*i], d.plte[3*i+1], d.plte[3*i+2]
			}
			a := uint8(0xff)
			if i < len(d.trns) {
				a = d.trns[i]
			}
			c.lut[i] = lumaOf16(color.NRGBA{R: r, G: g, B: b, A: a}.RGBA())
		}
	}
	if c.kind == convLUT && h.depth < 8 {
		// §7.2: the first pixel of a byte is in its high bits.
		per := 8 / h.depth
		mask := 1<<h.depth - 1
		for b := range c.packed {
			var v uint64
			for k := range per {
				s := b >> (8 - h.depth*(k+1)) & mask
				v |= uint64(c.lut[s]) << (8 * k)
			}
			c.packed[b] = v
		}
	}
	return c
}

// row converts the unfiltered samples src of one row to the grey levels
// dst, one per pixel.
func (c *converter) row(dst, src []byte) {
	switch c.kind {
	case convLUT:
		c.rowLUT(dst, src)
	case convGrey8:
		copy(dst, src)
	case convGreyA8:
		src = src[:2*len(dst)]
		for x := range dst {
			v, a := uint32(src[2*x]), uint32(src[2*x+1])
			dst[x] = uint8(blend(v, a))
		}
	case convRGB8:
		rowRGB8(dst, src)
	case convRGBT8:
		src = src[:3*len(dst)]
		tr, tg, tb := uint8(c.trns[0]), uint8(c.trns[1]), uint8(c.trns[2])
		for x := range dst {
			p := src[3*x : 3*x+3 : 3*x+3]
			if p[0] == tr && p[1] == tg && p[2] == tb {
				dst[x] = 0xff
				continue
			}
			dst[x] = luma(uint32(p[0]), uint32(p[1]), uint32(p[2]))
		}
	case convRGBA8:
		rowRGBA8(dst, src)
	case convGrey16:
		src = src[:2*len(dst)]
		for x := range dst {
			dst[x] = src[2*x]
		}
	case convGreyT16:
		src = src[:2*len(dst)]
		for x := range dst {
			if uint16(src[2*x])<<8|uint16(src[2*x+1]) == c.trns[0] {
				dst[x] = 0xff
				continue
			}
			dst[x] = src[2*x]
		}
	case convGreyA16:
		src = src[:4*len(dst)]
		for x := range dst {
			p := src[4*x : 4*x+4 : 4*x+4]
			v := uint32(p[0])<<8 | uint32(p[1])
			a := uint32(p[2])<<8 | uint32(p[3])
			// NRGBA64 to premultiplied, then onto white.
			dst[x] = uint8((v*a/0xffff + 0xffff - a) >> 8)
		}
	case convRGB16:
		src = src[:6*len(dst)]
		for x := range dst {
			p := src[6*x : 6*x+6 : 6*x+6]
			if c.hasTRNS &&
				uint16(p[0])<<8|uint16(p[1]) == c.trns[0] &&
				uint16(p[2])<<8|uint16(p[3]) == c.trns[1] &&
				uint16(p[4])<<8|uint16(p[5]) == c.trns[2] {
				dst[x] = 0xff
				continue
			}
			dst[x] = luma(uint32(p[0]), uint32(p[2]), uint32(p[4]))
		}
	case convRGBA16:
		src = src[:8*len(dst)]
		for x := range dst {
			p := src[8*x : 8*x+8 : 8*x+8]
			r := uint32(p[0])<<8 | uint32(p[1])
			g := uint32(p[2])<<8 | uint32(p[3])
			b := uint32(p[4])<<8 | uint32(p[5])
			a := uint32(p[6])<<8 | uint32(p[7])
			dst[x] = lumaOf16(r*a/0xffff, g*a/0xffff, b*a/0xffff, a)
		}
	}
}

// rowLUT converts a row of 1-, 2- or 4-bit samples packed in bytes, or
// of 8-bit ones, through the lut.
func (c *converter) rowLUT(dst, src []byte) {
	if c.depth == 8 {
		src = src[:len(dst)]
		for x, s := range src {
			dst[x] = c.lut[s]
		}
		return
	}
	// Whole bytes through packed, then the pixels of the last byte.
	per := 8 / c.depth
	whole := len(dst) / per
	src = src[:(len(dst)+per-1)/per]
	switch c.depth {
	case 1:
		for i, s := range src[:whole] {
			binary.LittleEndian.PutUint64(dst[8*i:], c.packed[s])
		}
	case 2:
		for i, s := range src[:whole] {
			binary.LittleEndian.PutUint32(dst[4*i:], uint32(c.packed[s]))
		}
	case 4:
		for i, s := range src[:whole] {
			binary.LittleEndian.PutUint16(dst[2*i:], uint16(c.packed[s]))
		}
	}
	if whole < len(src) {
		v := c.packed[src[whole]]
		for x := whole * per; x < len(dst); x++ {
			dst[x] = uint8(v)
			v >>= 8
		}
	}
}

// rowRGB8 converts a row of 8-bit RGB samples. Two pixels are weighted
// at once, in the two halves of 64-bit words: each half's sum is below
// 1<<24, so they do not mix, and the multiplications are halved
// (BenchmarkConvert/rgb per 640-pixel row: 0.63 µs a pixel at a time,
// 0.60 µs through tables of the weighted samples, 0.56 µs so).
func rowRGB8(dst, src []byte) {
	src = src[:3*len(dst)]
	x := 0
	for ; x+2 <= len(dst); x += 2 {
		p := src[3*x : 3*x+6 : 3*x+6]
		r := uint64(p[0]) | uint64(p[3])<<32
		g := uint64(p[1]) | uint64(p[4])<<32
		b := uint64(p[2]) | uint64(p[5])<<32
		y := 19595*r + 38470*g + 7471*b + (1<<15 | 1<<47)
		d := dst[x : x+2 : x+2]
		d[0], d[1] = uint8(y>>16), uint8(y>>48)
	}
	if x < len(dst) {
		p := src[3*x : 3*x+3 : 3*x+3]
		dst[x] = luma(uint32(p[0]), uint32(p[1]), uint32(p[2]))
	}
}

// rowRGBA8 converts a row of 8-bit RGBA samples, blending them onto white
// by their alpha. Blending leaves an opaque sample as it is, so every
// pixel is blended: in images with transparency a test for opaque pixels
// is mispredicted too often to pay.
func rowRGBA8(dst, src []byte) {
	src = src[:4*len(dst)]
	for x := range dst {
		p := src[4*x : 4*x+4 : 4*x+4]
		a := uint32(p[3])
		dst[x] = luma(blend(uint32(p[0]), a), blend(uint32(p[1]), a), blend(uint32(p[2]), a))
	}
}

// blend puts a non-premultiplied 8-bit sample of alpha a onto white.
func blend(v, a uint32) uint32 {
	return (v*a + 0xff*(0xff-a) + 0x7f) / 0xff
}

// luma weights 8-bit red, green and blue by ITU-R BT.601, with the
// coefficients of image/color's GrayModel scaled to 16 bits: the formula
// of binarize.Luminance.
func luma(r, g, b uint32) uint8 {
	return uint8((19595*r + 38470*g + 7471*b + 1<<15) >> 16)
}

// lumaOf16 converts a premultiplied 16-bit colour, blending it onto white
// by its alpha, as binarize.Luminance does.
func lumaOf16(r, g, b, a uint32) uint8 {
	white := 0xffff - a
	return luma((r+white)>>8, (g+white)>>8, (b+white)>>8)
}
