package png

import (
	"math/bits"
)

// A huffman is a table for decoding one prefix code of RFC 1951 §3.2.2
// from the low bits of a bit buffer (DEFLATE packs codes from their first
// bit, §3.1.1, so the table is indexed by bit-reversed codes).
//
// The primary table is indexed by the next bits bits. A code no longer
// than that fills every entry whose low bits are its own; a longer code's
// entry links to a secondary table, indexed by the bits after the first
// bits, of 1<<subBits entries, one per prefix that longer codes share.
// Each entry is value<<16 | tag<<8 | length:
//
//   - length is the number of bits the code takes, counted from its
//     start even in a secondary table (for a pair of literals, both
//     codes; for a length or distance base, the code and its extra
//     bits); in a link entry it is unused;
//   - tag says what the code is: below tagLiteral, a length or distance
//     base, the tag giving the length of its code, followed by length-tag
//     extra bits; or one of the tags below;
//   - value is the literal byte (two for a pair), the base, a code
//     length symbol, or the offset of the secondary table of a link.
type huffman struct {
	primary [1 << litBits]uint32 // the first 1<<bits entries are used
	sub     []uint32
	bits    uint
	subBits uint
	subMask uint64 // 1<<subBits - 1, which saves the decoder a shift
}

// The widths of the primary tables. The literal/length table is wide so
// that pairLiterals can pair most literals of photographic image data,
// whose codes are 5 to 9 bits long (12 bits measured fastest on the
// scorecard's images, against 10, 11 and 13); distance codes need less.
// Filling the tables for each dynamic block costs little: compress/flate
// writes blocks of up to 16384 symbols.
const (
	litBits  = 12
	distBits = 10
	clenBits = 7 // the longest code length code, RFC 1951 §3.2.7
)

// Tags of a huffman entry, above the extra-bit counts (0 to 13).
const (
	tagLiteral = 16 + iota // a literal byte, or a code length symbol
	tagPair                // two literal bytes, the first in the low byte of value
	tagEnd                 // the end of the block
	tagLink                // a link to a secondary table
	tagInvalid             // no code, or a symbol the format reserves
)

// entry builds a table entry.
func entry(value, tag, length uint32) uint32 { return value<<16 | tag<<8 | length }

// maxCodeBits is the longest code of RFC 1951 §3.2.2.
const maxCodeBits = 15

// build fills h for the code whose code lengths, by symbol, are lengths;
// info gives each symbol's entry, without its length. It reports whether
// the lengths make a code that compress/flate accepts: a complete one
// (every sequence of bits starts with a code), one that is empty (which
// may only be used for distances and then only fails when read, §3.2.7)
// or a lone code of one bit (as zlib writes for a block with one
// distance).
func (h *huffman) build(lengths []uint8, info []uint32, bits uint) bool {
	count, next := firstCodes(lengths)
	maxLen := 0
	for n := range count {
		if count[n] > 0 {
			maxLen = n
		}
	}
	// The codes are complete when the last one ends the code space.
	used := next[maxLen] + count[maxLen]
	complete := maxLen > 0 && used == 1<<maxLen
	if !complete && !(maxLen == 0 || maxLen == 1 && count[1] == 1) {
		return false
	}
	h.bits = bits
	primary := h.primary[:1<<bits]
	if !complete {
		// Empty or a lone code: the entries no code fills fail.
		for i := range primary {
			primary[i] = entry(0, tagInvalid, 1)
		}
	}

	h.subBits, h.subMask = 0, 0
	if maxLen > int(bits) {
		h.subBits = uint(maxLen) - bits
		h.subMask = 1<<h.subBits - 1
		// Codes longer than bits share the primary entries from the
		// first such code's prefix to the end: give each a secondary
		// table. The canonical code puts the longer codes last, so their
		// prefixes are the highest ones. The code is complete, so the
		// codes fill every entry of the secondary tables and those of an
		// earlier block can be reused without clearing.
		first := next[bits+1] >> 1 // as a bits-bit prefix
		size := 1 << h.subBits
		if total := (1<<bits - first) * size; cap(h.sub) >= total {
			h.sub = h.sub[:total]
		} else {
			h.sub = make([]uint32, total)
		}
		for p := first; p < 1<<bits; p++ {
			primary[reverse(p, int(bits))] = entry(uint32((p-first)*size), tagLink, 0)
		}
	}

	for sym, n := range lengths {
		if n == 0 {
			continue
		}
		length := int(n)
		r := reverse(next[length], length)
		next[length]++
		e := info[sym] | uint32(length)
		if extra := e >> 8 & 0xff; extra < tagLiteral {
			// A base: its extra bits are taken with the code, and
			// the decoder finds them after the code's length bits.
			e = entry(e>>16, uint32(length), uint32(length)+extra)
		}
		if length <= int(bits) {
			for i := r; i < len(primary); i += 1 << length {
				primary[i] = e
			}
			continue
		}
		link := primary[r&(1<<bits-1)]
		t := h.sub[link>>16:][:1<<h.subBits]
		for i := r >> bits; i < len(t); i += 1 << (length - int(bits)) {
			t[i] = e
		}
	}
	return true
}

// pairLiterals turns the primary entries of h that hold a literal
// followed by another whose code fits in the rest of the index into
// entries of both, so that one look-up decodes the two: in photographic
// image data most symbols are literals with codes of 6 to 9 bits.
// lengths are the code lengths h was built from.
//
// The entries of a pair of literals of n1 and n2 bits are those whose
// low n1+n2 bits are the two codes, one in every 1<<(n1+n2): they are
// filled pair by pair, as build fills the entries of each code. Each
// pair has one entry at least and no entry has two pairs, so there are
// no more pairs than entries (BenchmarkHuffmanBuild/pair, a photograph's
// code: 16 µs to pair the entries one by one, looking up each one's
// second code, which no branch predicts; 6 µs so).
func (h *huffman) pairLiterals(lengths []uint8) {
	bits := int(h.bits)
	// The codes of §3.2.2, as build gives them, of the literals short
	// enough to come first in a pair, grouped by length.
	_, next := firstCodes(lengths)
	var lits [maxCodeBits + 1]int
	for _, n := range lengths[:256] {
		lits[n]++
	}
	var start [maxCodeBits + 2]int
	for n := 1; n < bits; n++ {
		start[n+1] = start[n] + lits[n]
	}
	var codes [256]uint16 // reversed codes of the literals, by length
	var syms [256]uint8
	fill := start
	for s, n := range lengths[:256] {
		if n == 0 {
			continue
		}
		c := next[n]
		next[n]++
		if int(n) >= bits {
			continue // no room for a second code
		}
		codes[fill[n]] = uint16(reverse(c, int(n)))
		syms[fill[n]] = uint8(s)
		fill[n]++
	}

	primary := h.primary[:1<<bits]
	for n1 := 1; n1 < bits; n1++ {
		for k1 := start[n1]; k1 < fill[n1]; k1++ {
			r1, s1 := int(codes[k1]), uint32(syms[k1])
			for n2 := 1; n2 <= bits-n1; n2++ {
				for k2 := start[n2]; k2 < fill[n2]; k2++ {
					e := entry(s1|uint32(syms[k2])<<8, tagPair, uint32(n1+n2))
					for i := r1 | int(codes[k2])<<n1; i < len(primary); i += 1 << (n1 + n2) {
						primary[i] = e
					}
				}
			}
		}
	}
}

// firstCodes returns the number of codes of each length, none of length
// 0, and the first code of each length, which follows the codes of the
// shorter ones (§3.2.2).
func firstCodes(lengths []uint8) (count, next [maxCodeBits + 1]int) {
	for _, n := range lengths {
		count[n]++
	}
	count[0] = 0
	code := 0
	for n := 1; n <= maxCodeBits; n++ {
		code = (code + count[n-1]) << 1
		next[n] = code
	}
	return count, next
}

// reverse returns the n low bits of code in the opposite order.
func reverse(code, n int) int {
	return int(bits.Reverse16(uint16(code)) >> (16 - n))
}

// litInfo gives the entry of each literal/length symbol, RFC 1951 §3.2.5:
// literals 0 to 255, the end of the block at 256, and lengths from 257
// with their base and extra bits; 286 and 287 take part in the fixed code
// but are invalid.
var litInfo = func() [288]uint32 {
	var t [288]uint32
	for s := range 256 {
		t[s] = entry(uint32(s), tagLiteral, 0)
	}
	t[256] = entry(0, tagEnd, 0)
	// §3.2.5: lengths 3 to 10 take no extra bits, then each group of
	// four codes one more bit, up to 285, which is 258 with none.
	base := uint32(3)
	for s := 257; s < 285; s++ {
		extra := uint32(0)
		if s >= 265 {
			extra = uint32(s-261) / 4
		}
		t[s] = entry(base, extra, 0)
		base += 1 << extra
	}
	t[285] = entry(258, 0, 0)
	t[286] = entry(0, tagInvalid, 0)
	t[287] = entry(0, tagInvalid, 0)
	return t
}()

// distInfo gives the entry of each distance symbol, RFC 1951 §3.2.5:
// distances 1 to 4 take no extra bits, then each pair of codes one more
// bit, up to 29; 30 and 31 take part in the fixed code but are invalid.
var distInfo = func() [32]uint32 {
	var t [32]uint32
	base := uint32(1)
	for s := range 30 {
		extra := uint32(0)
		if s >= 4 {
			extra = uint32(s-2) / 2
		}
		t[s] = entry(base, extra, 0)
		base += 1 << extra
	}
	t[30] = entry(0, tagInvalid, 0)
	t[31] = entry(0, tagInvalid, 0)
	return t
}()

// clenInfo gives the entry of each code length symbol, §3.2.7: the
// symbol itself.
var clenInfo = func() [19]uint32 {
	var t [19]uint32
	for s := range t {
		t[s] = entry(uint32(s), tagLiteral, 0)
	}
	return t
}()

// The fixed codes of RFC 1951 §3.2.6, built once.
var fixedLit, fixedDist = func() (*huffman, *huffman) {
	var lengths [288]uint8
	for s := range lengths {
		switch {
		case s < 144:
			lengths[s] = 8
		case s < 256:
			lengths[s] = 9
		case s < 280:
			lengths[s] = 7
		default:
			lengths[s] = 8
		}
	}
	lit, dist := new(huffman), new(huffman)
	lit.build(lengths[:], litInfo[:], litBits)
	var dl [32]uint8
	for s := range dl {
		dl[s] = 5
	}
	dist.build(dl[:], distInfo[:], distBits)
	return lit, dist
}()
