package png

import (
	"encoding/binary"
	"fmt"
)

// inflateZlib inflates the zlib stream z (RFC 1950) into out, which the
// stream must fill exactly, and checks the stream's Adler-32 checksum.
// Bytes after the checksum are ignored. It returns how many bytes of z it
// used, up to the error if there is one: the reader of a PNG file checks
// the CRC of an IDAT chunk only once the stream goes past it.
func inflateZlib(out, z []byte) (used int, err error) {
	// Where the stream runs out, it needs more than z holds.
	past := len(z) + 1
	// RFC 1950 §2.2: CMF holds the method, 8 for DEFLATE, and the
	// window size, at most 32 KiB; CMF and FLG together are a multiple
	// of 31; FLG says whether a preset dictionary's id follows.
	if len(z) < 2 {
		return past, errShort
	}
	cmf, flg := z[0], z[1]
	if cmf&0x0f != 8 || cmf>>4 > 7 || (uint(cmf)<<8|uint(flg))%31 != 0 {
		return 2, zlibError("invalid header %02x %02x", cmf, flg)
	}
	p := 2
	if flg&0x20 != 0 {
		// PNG gives no dictionary (ISO/IEC 15948:2004 §10.1). image/png
		// passes compress/zlib none, which accepts the stream when the
		// dictionary's id is the Adler-32 of no bytes.
		if len(z) < 6 {
			return past, errShort
		}
		if binary.BigEndian.Uint32(z[2:]) != 1 {
			return 6, zlibError("stream needs a preset dictionary")
		}
		p = 6
	}
	f := &inflater{in: z[p:], out: out}
	end, err := f.inflate()
	switch {
	case err == errShort:
		return past, err
	case err != nil:
		return p + f.used(), err
	case len(f.in)-end < 4:
		return past, errShort
	}
	// The checksum is checked as soon as the stream ends, before the
	// size of what it held, as compress/zlib does under image/png.
	used = p + end + 4
	if adler32Sum(out[:f.o]) != binary.BigEndian.Uint32(f.in[end:]) {
		return used, zlibError("invalid checksum")
	}
	if f.o < len(out) {
		// image/png reports this as the data ending early.
		return used, errShort
	}
	return used, nil
}

// zlibError reports a zlib stream (RFC 1950) that breaks its rules, in
// the words of compress/zlib, which image/png passes on.
func zlibError(format string, args ...any) error {
	return fmt.Errorf("zlib: "+format+": %w", append(args, ErrFormat)...)
}

// minPairing is the least output left for which a dynamic block's
// literals are paired (see huffman.pairLiterals): for small images the
// pass over the table costs more than it saves (BenchmarkDecode/corpus).
const minPairing = 1 << 15

// errTooMuch reports image data that goes on past the last row.
var errTooMuch = formatError("too much image data")

// An inflater decodes one DEFLATE stream (RFC 1951) from memory into a
// buffer of the size the stream must fill.
//
// Bits are read from a 64-bit buffer, the next bit lowest (§3.1.1),
// refilled eight bytes at a time from the input. Past the end of the
// input the buffer is filled with zeros, so that decoding needs no check
// per symbol; a block that used them is reported as cut short.
type inflater struct {
	in   []byte
	pos  int    // the next byte of in to load; past the end once zeros are loaded
	bits uint64 // the loaded bits not yet used, the next one lowest
	n    uint   // the number of them

	out []byte
	o   int // bytes of out written

	lit, dist huffman         // the codes of a dynamic block
	lengths   [286 + 30]uint8 // their code lengths
	dynamic   int             // dynamic blocks read so far
}

// Building the tables of a dynamic block costs about ten thousand steps
// whatever the block holds, and a block can be a few bytes: a stream of
// empty dynamic blocks would cost a thousand steps per input byte.
// Encoders write blocks of thousands of symbols, or one per row at the
// most; so a stream may have up to minDynamic dynamic blocks, and one
// more per dynamicBytes bytes of output, which keeps the work linear in
// the pixels. A stream with more is left to image/png as unsupported.
const (
	minDynamic   = 16
	dynamicBytes = 256
)

// refill loads bytes into the bit buffer until it holds at least 56 bits.
func (f *inflater) refill() {
	if f.pos+8 <= len(f.in) {
		// Load eight bytes, keeping as many whole ones as fit: the
		// bytes above are loaded again by the next refill.
		f.bits |= binary.LittleEndian.Uint64(f.in[f.pos:]) << f.n
		f.pos += int(63-f.n) >> 3
		f.n |= 56
		return
	}
	for f.n <= 56 {
		if f.pos < len(f.in) {
			f.bits |= uint64(f.in[f.pos]) << f.n
		}
		f.pos++
		f.n += 8
	}
}

// take returns the next k bits, k ≤ the number loaded, and drops them.
func (f *inflater) take(k uint) uint64 {
	v := f.bits & (1<<k - 1)
	f.bits >>= k
	f.n -= k
	return v
}

// used returns the number of input bytes the bits used so far take, the
// last one in part, or all the input after an overrun.
func (f *inflater) used() int {
	return min(len(f.in), (8*f.pos-int(f.n)+7)/8)
}

// overrun reports whether the bits used so far go past the end of the
// input: whether zeros loaded after it were used.
func (f *inflater) overrun() bool {
	return f.pos > len(f.in) && 8*(f.pos-len(f.in)) > int(f.n)
}

// inflate decodes the blocks of the stream into f.out (§3.2.3) and
// returns the offset in f.in of the first byte after the stream. It
// returns errShort itself, unwrapped, when the stream runs out.
func (f *inflater) inflate() (int, error) {
	for {
		f.refill()
		final := f.take(1) == 1
		var err error
		switch f.take(2) {
		case 0:
			err = f.stored()
		case 1:
			err = f.codes(fixedLit, fixedDist)
		case 2:
			if f.dynamic++; f.dynamic > minDynamic+len(f.out)/dynamicBytes {
				return 0, unsupported("more than %d dynamic blocks for %d bytes of image data", f.dynamic-1, len(f.out))
			}
			if err = f.readCodes(); err == nil {
				err = f.codes(&f.lit, &f.dist)
			}
		default:
			err = formatError("reserved DEFLATE block type")
		}
		if f.overrun() {
			// Whatever went wrong, it was the zeros after the data.
			return 0, errShort
		}
		if err != nil {
			return 0, err
		}
		if final {
			// The stream ends at the next byte boundary (§3.2.3);
			// the caller checks that it filled the output.
			return f.pos - int(f.n/8), nil
		}
	}
}

// stored copies a block of stored bytes, §3.2.4.
func (f *inflater) stored() error {
	// The block goes on at the next byte boundary: the whole bytes
	// left in the bit buffer are given back to the input.
	p := f.pos - int(f.n/8)
	f.bits, f.n = 0, 0
	f.pos = p
	if p+4 > len(f.in) {
		return errShort
	}
	length := int(binary.LittleEndian.Uint16(f.in[p:]))
	if binary.LittleEndian.Uint16(f.in[p+2:]) != ^uint16(length) {
		return formatError("stored block length does not match its complement")
	}
	p += 4
	if length > len(f.in)-p {
		f.pos = len(f.in)
		return errShort
	}
	if length > len(f.out)-f.o {
		return errTooMuch
	}
	f.o += copy(f.out[f.o:], f.in[p:p+length])
	f.pos = p + length
	return nil
}

// clenOrder is the order in which the code lengths of the code length
// code are sent, RFC 1951 §3.2.7.
var clenOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// readCodes reads the codes of a dynamic block, §3.2.7, into f.lit and
// f.dist.
func (f *inflater) readCodes() error {
	f.refill()
	nlit := int(f.take(5)) + 257
	ndist := int(f.take(5)) + 1
	nclen := int(f.take(4)) + 4
	// §3.2.5: literal/length symbols 286 and 287 and distance symbols
	// 30 and 31 never occur; compress/flate refuses to count them.
	if nlit > 286 || ndist > 30 {
		return formatError("dynamic block with %d literal/length and %d distance codes", nlit, ndist)
	}
	var clen [19]uint8
	for i := range nclen {
		if f.n < 3 {
			f.refill()
		}
		clen[clenOrder[i]] = uint8(f.take(3))
	}
	// The code length code is decoded with the table of f.lit, which is
	// built afresh once the lengths are read.
	if !f.lit.build(clen[:], clenInfo[:], clenBits) {
		return formatError("invalid code length code")
	}
	lengths := f.lengths[:nlit+ndist]
	for i := 0; i < len(lengths); {
		// A code length code takes up to 7 bits and its repeat count
		// up to 7 more.
		if f.n < 14 {
			f.refill()
		}
		e := f.lit.primary[f.bits&(1<<clenBits-1)]
		if e>>8&0xff == tagInvalid {
			return formatError("invalid code length code")
		}
		f.take(uint(e & 0xff))
		sym := uint8(e >> 16)
		if sym < 16 {
			lengths[i] = sym
			i++
			continue
		}
		var rep int
		var v uint8
		switch sym {
		case 16: // copy the previous length 3 to 6 times
			if i == 0 {
				return formatError("code length repeat with no previous length")
			}
			rep, v = 3+int(f.take(2)), lengths[i-1]
		case 17: // 3 to 10 zeros
			rep = 3 + int(f.take(3))
		default: // 18: 11 to 138 zeros
			rep = 11 + int(f.take(7))
		}
		if rep > len(lengths)-i {
			return formatError("code lengths repeat past their end")
		}
		for range rep {
			lengths[i] = v
			i++
		}
	}
	if !f.lit.build(lengths[:nlit], litInfo[:], litBits) {
		return formatError("invalid literal/length code")
	}
	// Pairing costs a pass over the table: worth it only when the block
	// can fill much of the image (a block of compress/flate holds up to
	// 16384 symbols).
	if len(f.out)-f.o >= minPairing {
		f.lit.pairLiterals(lengths[:nlit])
	}
	if !f.dist.build(lengths[nlit:], distInfo[:], distBits) {
		return formatError("invalid distance code")
	}
	return nil
}

// codes decodes the symbols of a compressed block with the given codes,
// §3.2.5, up to the end of the block: fastCodes while the input and the
// output are far from their ends, then the loop below, which checks
// them.
//
// Each symbol's table entry is looked up before the bit buffer is
// refilled, from the bits it holds already, so that the lookup does not
// wait for the refill: the refill loads from an offset that depends on
// the bits the symbol before took, and a lookup behind that load adds
// its latency to every symbol (BenchmarkInflate, before fastCodes: 2.8
// ms with the refill first, 2.65 ms so). The buffer then holds at least
// 12 bits at the top of the loop, the width of the primary literal/length
// table (litBits), and is refilled without a branch on how full it is,
// to hold the bits of a length, 15+5 bits; the distance entry is looked
// up from the 28 or more bits left and the buffer refilled again for the
// distance and its extra bits, 15+13, which leaves 20 or more. Only near
// the end of the input is it filled byte by byte.
func (f *inflater) codes(lit, dist *huffman) error {
	if end, err := f.fastCodes(lit, dist); end || err != nil {
		return err
	}
	in, out := f.in, f.out
	f.refill()
	bits, n, pos, o := f.bits, f.n, f.pos, f.o
	var err error
	for {
		e := lit.primary[bits&(1<<litBits-1)]
		bits, n, pos = refillAt(in, bits, n, pos)
		if e>>8&0xff == tagLink {
			e = lit.sub[uint64(e>>16)+bits>>litBits&lit.subMask]
		}
		code := bits
		bits >>= e & 63
		n -= uint(e & 0xff)
		tag := e >> 8 & 0xff
		if tag-tagLiteral <= tagPair-tagLiteral {
			// One literal or two: store two bytes either way (the
			// second of a lone literal is overwritten by the next
			// output) and count the right number, one branch less.
			if o+2 > len(out) {
				if tag == tagPair || o >= len(out) {
					err = errTooMuch
					break
				}
				out[o] = uint8(e >> 16)
				o++
				continue
			}
			binary.LittleEndian.PutUint16(out[o:], uint16(e>>16))
			o += int(tag - (tagLiteral - 1))
			continue
		}
		if tag > tagLiteral {
			if tag != tagEnd {
				err = formatError("invalid literal/length code")
			}
			break
		}
		length := int(e>>16) + int(code&(1<<(e&63)-1)>>(tag&63))

		// At least 48-20 bits are left, enough for the primary
		// distance table.
		e = dist.primary[bits&(1<<distBits-1)]
		bits, n, pos = refillAt(in, bits, n, pos)
		if e>>8&0xff == tagLink {
			e = dist.sub[uint64(e>>16)+bits>>distBits&dist.subMask]
		}
		code = bits
		bits >>= e & 63
		n -= uint(e & 0xff)
		tag = e >> 8 & 0xff
		if tag >= tagLiteral {
			err = formatError("invalid distance code")
			break
		}
		d := int(e>>16) + int(code&(1<<(e&63)-1)>>(tag&63))
		if d > o {
			err = formatError("distance %d before the start of the data", d)
			break
		}
		if length > len(out)-o {
			err = errTooMuch
			break
		}
		o = copyMatch(out, o, d, length)
	}
	f.bits, f.n, f.pos, f.o = bits, n, pos, o
	return err
}

// refillAt is refill for codes' loop, which holds the bit buffer in
// locals: it loads eight bytes, keeping as many whole ones as fit, or,
// near the end of in, fills the buffer byte by byte, then with zeros,
// when it holds under 48 bits.
func refillAt(in []byte, bits uint64, n uint, pos int) (uint64, uint, int) {
	if pos < len(in)-7 {
		bits |= binary.LittleEndian.Uint64(in[pos:]) << (n & 63)
		return bits, n | 56, pos + int(63-n)>>3
	}
	if n < 48 {
		for ; n <= 56; n += 8 {
			if pos < len(in) {
				bits |= uint64(in[pos]) << (n & 63)
			}
			pos++
		}
	}
	return bits, n, pos
}

// fastCodes decodes symbols as codes does while the input and the output
// have room for any symbol without a check: 16 bytes of input, enough for
// the two refills of a match, and a longest match plus the 7 bytes that a
// copy eight bytes at a time may store past it. It reports whether it
// reached the end of the block; when it did not and found no error,
// codes goes on from where it stopped. The checks it leaves out, and the
// copy of long-distance matches written out in the loop rather than
// called, took BenchmarkInflate from 2.65 to 2.3 ms.
func (f *inflater) fastCodes(lit, dist *huffman) (end bool, err error) {
	in, out := f.in, f.out
	f.refill()
	bits, n, pos, o := f.bits, f.n, f.pos, f.o
	for pos < len(in)-15 && o < len(out)-(258+7) {
		e := lit.primary[bits&(1<<litBits-1)]
		bits |= binary.LittleEndian.Uint64(in[pos:]) << (n & 63)
		pos += int(63-n) >> 3
		n |= 56
		if e>>8&0xff == tagLink {
			e = lit.sub[uint64(e>>16)+bits>>litBits&lit.subMask]
		}
		code := bits
		bits >>= e & 63
		n -= uint(e & 0xff)
		tag := e >> 8 & 0xff
		if tag-tagLiteral <= tagPair-tagLiteral {
			binary.LittleEndian.PutUint16(out[o:], uint16(e>>16))
			o += int(tag - (tagLiteral - 1))
			// The 41 or more bits left hold another code: when it is
			// a literal or two, it is decoded here, without a refill.
			e = lit.primary[bits&(1<<litBits-1)]
			if tag = e >> 8 & 0xff; tag-tagLiteral <= tagPair-tagLiteral {
				bits >>= e & 63
				n -= uint(e & 0xff)
				binary.LittleEndian.PutUint16(out[o:], uint16(e>>16))
				o += int(tag - (tagLiteral - 1))
			}
			continue
		}
		if tag > tagLiteral {
			if end = tag == tagEnd; !end {
				err = formatError("invalid literal/length code")
			}
			break
		}
		length := int(e>>16) + int(code&(1<<(e&63)-1)>>(tag&63))

		// The bits of a length and a distance fit in the 56 or more
		// of a refill.
		e = dist.primary[bits&(1<<distBits-1)]
		if e>>8&0xff == tagLink {
			e = dist.sub[uint64(e>>16)+bits>>distBits&dist.subMask]
		}
		code = bits
		bits >>= e & 63
		n -= uint(e & 0xff)
		tag = e >> 8 & 0xff
		if tag >= tagLiteral {
			err = formatError("invalid distance code")
			break
		}
		d := int(e>>16) + int(code&(1<<(e&63)-1)>>(tag&63))
		if n < litBits {
			// Too few bits for the next look-up: the longest
			// codes and extra bits took them.
			bits |= binary.LittleEndian.Uint64(in[pos:]) << (n & 63)
			pos += int(63-n) >> 3
			n |= 56
		}
		if d > o {
			err = formatError("distance %d before the start of the data", d)
			break
		}
		if d < 8 {
			o = copyMatch(out, o, d, length)
			continue
		}
		// Eight bytes at a time, each load behind the bytes stored.
		stop := o + length
		for ; o < stop; o += 8 {
			binary.LittleEndian.PutUint64(out[o:], binary.LittleEndian.Uint64(out[o-d:]))
		}
		o = stop
	}
	f.bits, f.n, f.pos, f.o = bits, n, pos, o
	return end, err
}

// copyMatch copies length bytes to out[o:] from d bytes back, §3.2.3,
// and returns the offset after them; the caller has checked that both
// ends lie within out. The copy may overlap the bytes it writes,
// repeating the last d bytes.
func copyMatch(out []byte, o, d, length int) int {
	end := o + length
	if end+8 > len(out) {
		// Near the end of out: one byte at a time.
		for ; o < end; o++ {
			out[o] = out[o-d]
		}
		return end
	}
	// Eight bytes at a time; the last store may spill past end, into
	// bytes that are written later.
	var v uint64
	switch d {
	case 1, 2, 4:
		// Runs of a pixel of one, two or four bytes, common in image
		// data: the pattern repeats every eight bytes, so one word is
		// stored over and over.
		switch d {
		case 1:
			v = uint64(out[o-1]) * 0x0101010101010101
		case 2:
			v = uint64(binary.LittleEndian.Uint16(out[o-2:])) * 0x0001000100010001
		case 4:
			v = uint64(binary.LittleEndian.Uint32(out[o-4:])) * 0x0000000100000001
		}
		for ; o < end; o += 8 {
			binary.LittleEndian.PutUint64(out[o:], v)
		}
		return end
	case 3, 5, 6, 7:
		// The bytes repeat with period d, and so with the first
		// multiple of d of eight or more, D, once the first D-d bytes
		// are written; each load then lies behind the stores.
		D := int(stretch[d])
		for first := o + D - d; o < first && o < end; o++ {
			out[o] = out[o-d]
		}
		d = D
	}
	for ; o < end; o += 8 {
		binary.LittleEndian.PutUint64(out[o:], binary.LittleEndian.Uint64(out[o-d:]))
	}
	return end
}

// stretch gives the least multiple of each distance under eight that is
// eight or more.
var stretch = [8]uint8{0, 8, 8, 9, 8, 10, 12, 14}
