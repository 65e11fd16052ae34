package dxfilmedge

import "fmt"

// The two forms of the code: with the frame number (the longer, since
// about 1990) and without. Their tracks are as long as each other, in
// modules (I3A DX coding; zxing-cpp's reader gives the same layout):
//
//	clock track   a bar of 5, narrow bars and spaces (clockUnits), a bar of 3
//	data track    start 1 0 1 0 1, dataBits bits (a bar module is 1), stop 1 0 1
const (
	frameForm   = 1 // with the frame number
	noFrameForm = 0
)

// form holds the layout of one form of the code.
type form struct {
	modules    int   // the length of either track
	clockUnits int   // the narrow elements of the clock track
	dataBits   int   // the bits between the data track's start and stop
	separators []int // the bits that are always 0
	parity     int   // the even parity bit, over the bits before it
}

var forms = [2]form{
	noFrameForm: {modules: 23, clockUnits: 15, dataBits: 15, separators: []int{0, 8, 14}, parity: 13},
	frameForm:   {modules: 31, clockUnits: 23, dataBits: 23, separators: []int{0, 8, 20, 22}, parity: 21},
}

// The fields of the data bits, most significant bit first: the product
// number (DX number part 1) in bits 1 to 7, the generation (part 2) in 9
// to 12, and in the frame form the frame number in 13 to 18 and a half
// frame flag (A) in 19.
const (
	productBit, productLen       = 1, 7
	generationBit, generationLen = 9, 4
	frameBit, frameLen           = 13, 6
	halfFrameBit                 = 19
)

// code is the content of a DX film edge code.
type code struct {
	product, generation int
	frame               int  // -1 without a frame number
	half                bool // a half frame, A
}

// String returns the code's text: "product-generation", then "/frame" and
// "A" for a half frame.
func (c code) String() string {
	s := fmt.Sprintf("%d-%d", c.product, c.generation)
	if c.frame >= 0 {
		s += fmt.Sprintf("/%d", c.frame)
		if c.half {
			s += "A"
		}
	}
	return s
}

// bits returns the data bits of c, and its form.
func (c code) bits() ([]byte, int) {
	f := noFrameForm
	if c.frame >= 0 {
		f = frameForm
	}
	b := make([]byte, forms[f].dataBits)
	put := func(at, n, v int) {
		for k := range n {
			b[at+k] = byte(v >> (n - 1 - k) & 1)
		}
	}
	put(productBit, productLen, c.product)
	put(generationBit, generationLen, c.generation)
	if f == frameForm {
		put(frameBit, frameLen, c.frame)
		if c.half {
			b[halfFrameBit] = 1
		}
	}
	ones := 0
	for _, v := range b[:forms[f].parity] {
		ones += int(v)
	}
	b[forms[f].parity] = byte(ones & 1)
	return b, f
}

// decodeBits returns the code of data bits of form f, and whether they
// make one: separators 0, the parity right, a product number.
func decodeBits(b []byte, f int) (code, bool) {
	fm := forms[f]
	if len(b) != fm.dataBits {
		return code{}, false
	}
	for _, k := range fm.separators {
		if b[k] != 0 {
			return code{}, false
		}
	}
	ones := 0
	for _, v := range b[:fm.parity] {
		ones += int(v)
	}
	if byte(ones&1) != b[fm.parity] {
		return code{}, false
	}
	get := func(at, n int) int {
		v := 0
		for k := range n {
			v = v<<1 | int(b[at+k])
		}
		return v
	}
	c := code{product: get(productBit, productLen), generation: get(generationBit, generationLen), frame: -1}
	if c.product == 0 {
		return code{}, false
	}
	if f == frameForm {
		c.frame = get(frameBit, frameLen)
		c.half = b[halfFrameBit] == 1
	}
	return c, true
}
