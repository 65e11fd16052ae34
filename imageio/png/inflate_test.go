package png

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/adler32"
	"io"
	"math/rand/v2"
	"testing"
)

// zlibOf wraps the DEFLATE stream d as a zlib stream of the data it
// inflates to (RFC 1950 §2.2).
func zlibOf(d, data []byte) []byte {
	z := append([]byte{0x78, 0x9c}, d...)
	return binary.BigEndian.AppendUint32(z, adler32.Checksum(data))
}

// stdInflate inflates the DEFLATE stream d with compress/flate.
func stdInflate(d []byte) ([]byte, error) {
	return io.ReadAll(flate.NewReader(bytes.NewReader(d)))
}

// TestInflate checks inflateZlib on streams compress/flate writes at
// every level, of data from random to repetitive, and with blocks cut by
// Flush so that matches reach back across blocks.
func TestInflate(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	inputs := map[string][]byte{"empty": nil}
	for _, n := range []int{1, 100, 5000, 100000} {
		random := make([]byte, n)
		runs := make([]byte, n)
		text := make([]byte, n)
		for i := range random {
			random[i] = byte(rng.Uint32())
			runs[i] = byte(i / (1 + rng.IntN(300)) % 4 * 60)
			text[i] = "the quick brown fox jumps over the lazy dog "[(i*7+i/50)%44]
		}
		inputs["random"+itoa(n)] = random
		inputs["runs"+itoa(n)] = runs
		inputs["text"+itoa(n)] = text
	}
	for name, data := range inputs {
		for level := flate.HuffmanOnly; level <= flate.BestCompression; level++ {
			for _, flushes := range []bool{false, true} {
				var d bytes.Buffer
				w, err := flate.NewWriter(&d, level)
				if err != nil {
					t.Fatal(err)
				}
				if flushes {
					// The same data again after a block boundary.
					half := data[:len(data)/2]
					w.Write(half)
					w.Flush()
					w.Write(half)
					w.Flush()
					w.Write(data[len(data)/2:])
				} else {
					w.Write(data)
				}
				w.Close()
				want := data
				if flushes {
					want = append(append(bytes.Clone(data[:len(data)/2]), data[:len(data)/2]...), data[len(data)/2:]...)
				}
				out := make([]byte, len(want))
				if _, err := inflateZlib(out, zlibOf(d.Bytes(), want)); err != nil || !bytes.Equal(out, want) {
					t.Errorf("%s at level %d, flushes %v: %v, or wrong output", name, level, flushes, err)
				}
			}
		}
	}
}

// TestInflateCut checks that every cut of a stream, and a stream that
// fills less of the output than it should, says the data ends early, and
// that one that goes on past the output is corrupt.
func TestInflateCut(t *testing.T) {
	data := bytes.Repeat([]byte("abcdefghij0123456789"), 50)
	for _, level := range []int{flate.NoCompression, flate.BestSpeed, flate.HuffmanOnly, flate.BestCompression} {
		var z bytes.Buffer
		w, _ := zlib.NewWriterLevel(&z, level)
		w.Write(data)
		w.Close()
		stream := z.Bytes()
		out := make([]byte, len(data))
		for n := range len(stream) {
			if _, err := inflateZlib(out, stream[:n]); !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Errorf("level %d, cut to %d of %d bytes: %v, want io.ErrUnexpectedEOF", level, n, len(stream), err)
			}
		}
		if _, err := inflateZlib(make([]byte, len(data)+1), stream); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("level %d, one byte short: %v, want io.ErrUnexpectedEOF", level, err)
		}
		if _, err := inflateZlib(make([]byte, len(data)-1), stream); !errors.Is(err, ErrFormat) {
			t.Errorf("level %d, one byte too many: %v, want ErrFormat", level, err)
		}
		bad := bytes.Clone(stream)
		bad[len(bad)-1] ^= 1
		if _, err := inflateZlib(out, bad); !errors.Is(err, ErrFormat) {
			t.Errorf("level %d, Adler-32 changed: %v, want ErrFormat", level, err)
		}
		if _, err := inflateZlib(out, append(bytes.Clone(stream), "after"...)); err != nil {
			t.Errorf("level %d, bytes after the stream: %v, want them ignored", level, err)
		}
	}
}

// A bitWriter writes a DEFLATE bit stream, RFC 1951 §3.1.1.
type bitWriter struct {
	b    []byte
	acc  uint64
	nacc uint
}

// bits writes the n low bits of v, the lowest first.
func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.b = append(w.b, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

// code writes a Huffman code of n bits, its first bit the highest.
func (w *bitWriter) code(c uint64, n uint) {
	for i := int(n) - 1; i >= 0; i-- {
		w.bits(c>>uint(i)&1, 1)
	}
}

// bytes returns the stream, its last byte padded with zeros.
func (w *bitWriter) bytes() []byte {
	if w.nacc > 0 {
		return append(w.b, byte(w.acc))
	}
	return w.b
}

// canonical returns the codes of RFC 1951 §3.2.2 for the code lengths.
func canonical(lengths []uint8) []uint64 {
	var count [16]uint64
	for _, n := range lengths {
		count[n]++
	}
	count[0] = 0
	var next [16]uint64
	code := uint64(0)
	for n := 1; n < 16; n++ {
		code = (code + count[n-1]) << 1
		next[n] = code
	}
	codes := make([]uint64, len(lengths))
	for s, n := range lengths {
		if n > 0 {
			codes[s] = next[n]
			next[n]++
		}
	}
	return codes
}

// dynamicHeader writes the header of a final dynamic block (§3.2.7) for
// the literal/length and distance code lengths, sending each length with
// a code length code of sixteen 4-bit codes for lengths 0 to 15.
func dynamicHeader(w *bitWriter, lit, dist []uint8) {
	blockHeader(w, true, lit, dist)
}

// blockHeader writes the header of a dynamic block, final or not, as
// dynamicHeader does.
func blockHeader(w *bitWriter, final bool, lit, dist []uint8) {
	if final {
		w.bits(1, 1) // BFINAL
	} else {
		w.bits(0, 1)
	}
	w.bits(2, 2) // dynamic
	w.bits(uint64(len(lit)-257), 5)
	w.bits(uint64(len(dist)-1), 5)
	w.bits(19-4, 4)
	for _, s := range clenOrder {
		n := uint64(4)
		if s >= 16 {
			n = 0
		}
		w.bits(n, 3)
	}
	for _, n := range append(append([]uint8{}, lit...), dist...) {
		w.code(uint64(n), 4) // symbol s has code s
	}
}

// TestInflateHandMade checks streams written bit by bit against
// compress/flate: both accept them with the same output or both refuse
// them, and the refusals are ErrFormat.
func TestInflateHandMade(t *testing.T) {
	// Fixed codes, §3.2.6: literals 0-143 are 8 bits from 0x30,
	// lengths 257-279 7 bits from 0, distances 5 bits.
	fixed := func(f func(w *bitWriter)) []byte {
		var w bitWriter
		w.bits(1, 1)
		w.bits(1, 2)
		f(&w)
		return w.bytes()
	}
	lit := func(w *bitWriter, c byte) { w.code(0x30+uint64(c), 8) }
	end := func(w *bitWriter) { w.code(0, 7) }

	// A literal/length code of four 2-bit codes: the literals 'a' and
	// 'b', the end of the block and length 3 (257).
	litLens := make([]uint8, 258)
	litLens['a'], litLens['b'], litLens[256], litLens[257] = 2, 2, 2, 2
	litCodes := canonical(litLens)
	put := func(w *bitWriter, s int) { w.code(litCodes[s], uint(litLens[s])) }

	tests := []struct {
		name   string
		stream []byte
		ok     bool
	}{
		{"fixed literals", fixed(func(w *bitWriter) { lit(w, 'x'); lit(w, 'y'); end(w) }), true},
		{"fixed match of distance 1", fixed(func(w *bitWriter) {
			lit(w, 'x')
			w.code(1, 7) // 257: length 3
			w.code(0, 5) // distance 1
			end(w)
		}), true},
		{"fixed match before the start", fixed(func(w *bitWriter) {
			lit(w, 'x')
			w.code(1, 7)
			w.code(1, 5) // distance 2
			end(w)
		}), false},
		{"fixed distance code 30", fixed(func(w *bitWriter) {
			lit(w, 'x')
			w.code(1, 7)
			w.code(30, 5)
			end(w)
		}), false},
		{"fixed length code 286", fixed(func(w *bitWriter) { w.code(0xc6, 8); end(w) }), false},
		{"reserved block type", []byte{0x07}, false},
		{"stored", []byte{0x01, 3, 0, 0xfc, 0xff, 'a', 'b', 'c'}, true},
		{"stored, bad complement", []byte{0x01, 3, 0, 0xfc, 0xfe, 'a', 'b', 'c'}, false},
		{"stored then fixed, matching back", append([]byte{0x00, 3, 0, 0xfc, 0xff, 'a', 'b', 'c'},
			fixed(func(w *bitWriter) { w.code(1, 7); w.code(2, 5); end(w) })...), true},
		{"dynamic", func() []byte {
			var w bitWriter
			dynamicHeader(&w, litLens, []uint8{1})
			put(&w, 'a')
			put(&w, 'b')
			put(&w, 257)
			w.code(0, 1) // the lone distance code: distance 1
			put(&w, 256)
			return w.bytes()
		}(), true},
		{"dynamic, lone distance code's other bit", func() []byte {
			var w bitWriter
			dynamicHeader(&w, litLens, []uint8{1})
			put(&w, 'a')
			put(&w, 257)
			w.code(1, 1)
			put(&w, 256)
			return w.bytes()
		}(), false},
		{"dynamic, no distance codes, none used", func() []byte {
			var w bitWriter
			dynamicHeader(&w, litLens, []uint8{0})
			put(&w, 'a')
			put(&w, 256)
			return w.bytes()
		}(), true},
		{"dynamic, no distance codes, one used", func() []byte {
			var w bitWriter
			dynamicHeader(&w, litLens, []uint8{0})
			put(&w, 'a')
			put(&w, 257)
			w.code(0, 1)
			put(&w, 256)
			return w.bytes()
		}(), false},
		{"dynamic, over-subscribed", func() []byte {
			var w bitWriter
			l := bytes.Clone(litLens)
			l['c'] = 2
			dynamicHeader(&w, l, []uint8{1})
			return w.bytes()
		}(), false},
		{"dynamic, incomplete", func() []byte {
			var w bitWriter
			l := bytes.Clone(litLens)
			l['a'] = 3
			dynamicHeader(&w, l, []uint8{1})
			return w.bytes()
		}(), false},
		{"dynamic, incomplete distances", func() []byte {
			var w bitWriter
			dynamicHeader(&w, litLens, []uint8{2})
			put(&w, 'a')
			put(&w, 256)
			return w.bytes()
		}(), false},
		{"dynamic, long codes", func() []byte {
			// Codes of 1 to 15 bits and one more of 15, complete: the
			// longest take secondary tables.
			l := make([]uint8, 257)
			syms := []int{256, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o'}
			for i, s := range syms[:15] {
				l[s] = uint8(i + 1)
			}
			l['o'] = 15
			codes := canonical(l)
			var w bitWriter
			dynamicHeader(&w, l, []uint8{1})
			for _, s := range []int{'a', 'n', 'o', 'g', 256} {
				w.code(codes[s], uint(l[s]))
			}
			return w.bytes()
		}(), true},
		{"dynamic, 287 literal/length codes", func() []byte {
			var w bitWriter
			w.bits(1, 1)
			w.bits(2, 2)
			w.bits(30, 5)
			return append(w.bytes(), make([]byte, 20)...)
		}(), false},
		{"dynamic, repeat with no previous length", func() []byte {
			var w bitWriter
			w.bits(1, 1)
			w.bits(2, 2)
			w.bits(0, 5)
			w.bits(0, 5)
			w.bits(19-4, 4)
			for _, s := range clenOrder { // code lengths 0 and 16 of one bit each
				n := uint64(0)
				if s == 16 || s == 0 {
					n = 1
				}
				w.bits(n, 3)
			}
			w.code(1, 1) // 16: repeat the previous length
			w.bits(0, 2)
			return append(w.bytes(), make([]byte, 8)...)
		}(), false},
	}
	for _, tt := range tests {
		want, werr := stdInflate(tt.stream)
		if (werr == nil) != tt.ok {
			t.Errorf("%s: compress/flate gives %v; the test expects ok=%v", tt.name, werr, tt.ok)
			continue
		}
		size := len(want)
		if !tt.ok {
			size = 64 // any size: the stream is refused first
		}
		out := make([]byte, size)
		_, err := inflateZlib(out, zlibOf(tt.stream, want))
		switch {
		case tt.ok && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.ok && !bytes.Equal(out, want):
			t.Errorf("%s: %q, want %q", tt.name, out, want)
		case !tt.ok && !errors.Is(err, ErrFormat):
			t.Errorf("%s: %v, want ErrFormat", tt.name, err)
		}
	}
}

// TestInflateHeader checks the zlib header, RFC 1950 §2.2.
func TestInflateHeader(t *testing.T) {
	stored := []byte{0x01, 1, 0, 0xfe, 0xff, 'a'}
	sum := adler32.Checksum([]byte("a"))
	stream := func(h ...byte) []byte {
		return binary.BigEndian.AppendUint32(append(h, stored...), sum)
	}
	for _, tt := range []struct {
		name string
		z    []byte
		err  error
	}{
		{"default", stream(0x78, 0x9c), nil},
		{"no compression", stream(0x78, 0x01), nil},
		{"small window", stream(0x08, 0x1d), nil},
		{"window too large", stream(0x88, 0x1c), ErrFormat},
		{"method 7", stream(0x77, 0x09), ErrFormat},
		{"check bits wrong", stream(0x78, 0x9d), ErrFormat},
		{"dictionary", stream(0x78, 0xbb, 0, 0, 0, 2), ErrFormat},
		{"empty dictionary", stream(0x78, 0xbb, 0, 0, 0, 1), nil},
		{"cut dictionary", []byte{0x78, 0xbb, 0, 0}, io.ErrUnexpectedEOF},
		{"one byte", []byte{0x78}, io.ErrUnexpectedEOF},
	} {
		out := make([]byte, 1)
		_, err := inflateZlib(out, tt.z)
		if tt.err == nil && err != nil || tt.err != nil && !errors.Is(err, tt.err) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.err)
		}
		// compress/zlib agrees.
		_, zerr := zlib.NewReader(bytes.NewReader(tt.z))
		if (zerr == nil) != (tt.err == nil) && tt.err != io.ErrUnexpectedEOF {
			t.Errorf("%s: compress/zlib gives %v", tt.name, zerr)
		}
	}
}

// TestHuffmanBuild checks the table of a code with codes of every length
// from 1 to 15 by decoding each symbol's code.
func TestHuffmanBuild(t *testing.T) {
	for _, bits := range []uint{7, distBits, litBits} {
		lengths := make([]uint8, 17)
		for s := range 15 {
			lengths[s] = uint8(s + 1)
		}
		lengths[15] = 15 // one more of 15 bits makes the code complete
		var info [17]uint32
		for s := range info {
			info[s] = entry(uint32(s), tagLiteral, 0)
		}
		var h huffman
		if !h.build(lengths, info[:], bits) {
			t.Fatalf("bits %d: the code is refused", bits)
		}
		codes := canonical(lengths)
		for s, n := range lengths {
			if n == 0 {
				continue
			}
			// The bit buffer holds the code's first bit lowest.
			var w bitWriter
			w.code(codes[s], uint(n))
			w.bits(0, 16)
			buf := binary.LittleEndian.Uint64(append(w.bytes(), make([]byte, 8)...))
			e := h.primary[buf&(1<<bits-1)]
			if e>>8&0xff == tagLink {
				e = h.sub[uint64(e>>16)+buf>>bits&(1<<h.subBits-1)]
			}
			if int(e>>16) != s || e&0xff != uint32(n) {
				t.Errorf("bits %d: symbol %d decodes as %d of %d bits", bits, s, e>>16, e&0xff)
			}
		}
	}
}

// TestAdler32 checks adler32Sum against hash/adler32 on bytes of every
// value, at every length up to 100 and at lengths around the 64 KiB
// blocks, with all bytes 255 for the largest sums.
func TestAdler32(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	random := make([]byte, 1<<18)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	ones := bytes.Repeat([]byte{0xff}, 1<<18)
	lengths := []int{127, 128, 129, 255, 256, 1000, 1<<16 - 1, 1 << 16, 1<<16 + 7, 1<<16 + 200, 3<<16 + 5, 1 << 18}
	for n := range 100 {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		for _, b := range [][]byte{random[:n], ones[:n]} {
			if got, want := adler32Sum(b), adler32.Checksum(b); got != want {
				t.Errorf("%d bytes: %08x, want %08x", len(b), got, want)
			}
		}
	}
}

// BenchmarkAdler32 compares adler32Sum with hash/adler32 on a 640×480 RGB
// image's worth of bytes.
func BenchmarkAdler32(b *testing.B) {
	data := make([]byte, 480*(1+3*640))
	for i := range data {
		data[i] = byte(i * 7 / 5)
	}
	b.Run("ours", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			adler32Sum(data)
		}
	})
	b.Run("std", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			adler32.Checksum(data)
		}
	})
}

// TestInflateManyBlocks checks the budget of dynamic blocks: a stream of
// empty dynamic blocks, cheap to send and costly to decode, is refused as
// unsupported once it has more than the output justifies, and a stream
// with a block per row is decoded.
func TestInflateManyBlocks(t *testing.T) {
	// Empty dynamic blocks of four 2-bit literal/length codes and one
	// distance code, then one literal: the 'a' the output holds.
	litLens := make([]uint8, 258)
	litLens['a'], litLens['b'], litLens[256], litLens[257] = 2, 2, 2, 2
	codes := canonical(litLens)
	empty := func(blocks int) []byte {
		var w bitWriter
		for i := range blocks {
			blockHeader(&w, i == blocks-1, litLens, []uint8{1})
			if i == blocks-1 {
				w.code(codes['a'], 2)
			}
			w.code(codes[256], 2)
		}
		return w.bytes()
	}
	budget := minDynamic + 1/dynamicBytes
	for _, tt := range []struct {
		blocks int
		err    error
	}{{budget, nil}, {budget + 1, ErrUnsupported}} {
		d := empty(tt.blocks)
		if _, err := stdInflate(d); err != nil {
			t.Fatalf("%d blocks: compress/flate: %v", tt.blocks, err)
		}
		_, err := inflateZlib(make([]byte, 1), zlibOf(d, []byte("a")))
		if tt.err == nil && err != nil || tt.err != nil && !errors.Is(err, tt.err) {
			t.Errorf("%d empty blocks: %v, want %v", tt.blocks, err, tt.err)
		}
	}

	// A block per row, as a streaming encoder that flushes each row
	// writes, is within the budget.
	var d bytes.Buffer
	fw, _ := flate.NewWriter(&d, flate.HuffmanOnly)
	row := bytes.Repeat([]byte("the quick brown fox "), dynamicBytes)[:dynamicBytes]
	var data []byte
	for range 1000 {
		fw.Write(row)
		fw.Flush()
		data = append(data, row...)
	}
	fw.Close()
	if _, err := inflateZlib(make([]byte, len(data)), zlibOf(d.Bytes(), data)); err != nil {
		t.Errorf("a block per %d-byte row: %v", len(row), err)
	}
}

// fixedSymbol writes literal/length symbol s in the fixed code of RFC 1951
// §3.2.6.
func fixedSymbol(w *bitWriter, s int) {
	switch {
	case s < 144:
		w.code(0x30+uint64(s), 8)
	case s < 256:
		w.code(0x190+uint64(s-144), 9)
	case s < 280:
		w.code(uint64(s-256), 7)
	default:
		w.code(0xc0+uint64(s-280), 8)
	}
}

// fixedMatch writes a match of the given length and distance in the fixed
// code, with the symbols and extra bits of RFC 1951 §3.2.5, found here by
// walking the table's groups rather than from litInfo and distInfo.
func fixedMatch(w *bitWriter, length, dist int) {
	// Lengths: 257-264 take no extra bits, then each group of four one
	// more, and 285 is 258.
	if length == 258 {
		fixedSymbol(w, 285)
	} else {
		s, base, extra := 257, 3, 0
		for {
			if s >= 265 && (s-265)%4 == 0 {
				extra++
			}
			if length < base+1<<extra {
				break
			}
			base += 1 << extra
			s++
		}
		fixedSymbol(w, s)
		w.bits(uint64(length-base), uint(extra))
	}
	// Distances: 0-3 take no extra bits, then each pair of codes one
	// more.
	s, base, extra := 0, 1, 0
	for {
		if s >= 4 && s%2 == 0 {
			extra++
		}
		if dist < base+1<<extra {
			break
		}
		base += 1 << extra
		s++
	}
	w.code(uint64(s), 5)
	w.bits(uint64(dist-base), uint(extra))
}

// TestInflateMatches checks matches of every distance from 1 to 40 and
// every length from 3 to 258, after a few literals each, in fixed blocks
// of a few hundred matches each so that matches reach back across block
// boundaries, against compress/flate. The copies take every path of the
// decoder: by the eight-byte words of fastCodes, by the stretched
// distances and repeated patterns of copyMatch, and near the end of the
// output, where codes copies a byte at a time. Every cut of the stream's
// last bytes, where the bit buffer is refilled byte by byte, must say that
// the data ends early.
func TestInflateMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	var w bitWriter
	k, size := 0, 0
	for dist := 1; dist <= 40; dist++ {
		for length := 3; length <= 258; length++ {
			if k%300 == 0 {
				if k > 0 {
					fixedSymbol(&w, 256)
				}
				w.bits(0, 1) // not final
				w.bits(1, 2) // fixed codes
			}
			k++
			for range 1 + rng.IntN(dist) {
				fixedSymbol(&w, rng.IntN(256))
				size++
			}
			fixedMatch(&w, length, dist)
			size += length
		}
	}
	fixedSymbol(&w, 256)
	// A last block whose match ends the data, for the byte-by-byte copy
	// and refill.
	w.bits(1, 1)
	w.bits(1, 2)
	fixedSymbol(&w, 'x')
	fixedMatch(&w, 258, 3)
	fixedSymbol(&w, 256)
	d := w.bytes()
	size += 1 + 258

	want, err := stdInflate(d)
	if err != nil || len(want) != size {
		t.Fatalf("compress/flate: %v, or %d bytes for %d", err, len(want), size)
	}
	z := zlibOf(d, want)
	out := make([]byte, len(want))
	if _, err := inflateZlib(out, z); err != nil || !bytes.Equal(out, want) {
		t.Fatalf("%v, or wrong output", err)
	}
	for n := len(z) - 40; n < len(z); n++ {
		if _, err := inflateZlib(out, z[:n]); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("cut to %d of %d bytes: %v, want io.ErrUnexpectedEOF", n, len(z), err)
		}
	}
}

// TestInflateLongCodes checks matches whose length and distance codes are
// the longest, 15 bits, with the most extra bits, 5 and 13: 48 bits,
// which leave fewer in the bit buffer than the next look-up needs, both
// far from the end of the output (fastCodes) and near it (codes).
func TestInflateLongCodes(t *testing.T) {
	// Complete codes of lengths 1 to 14 and two of 15: the literals
	// from 'a' and the distance symbols from 0 take the short ones; the
	// end of the block and length symbol 284, 227 to 258 bytes, the
	// literal/length code's two longest, and distance symbols 28 and 29,
	// 16385 to 32768 bytes, the distance code's.
	litLens := make([]uint8, 285)
	distLens := make([]uint8, 30)
	for i := range 14 {
		litLens['a'+i] = uint8(i + 1)
		distLens[i] = uint8(i + 1)
	}
	litLens[256], litLens[284] = 15, 15
	distLens[28], distLens[29] = 15, 15
	litCodes, distCodes := canonical(litLens), canonical(distLens)

	rng := rand.New(rand.NewPCG(19, 20))
	var w bitWriter
	blockHeader(&w, true, litLens, distLens)
	literals := func(k int) {
		for range k {
			s := 'a' + min(rng.IntN(16), 13)
			w.code(litCodes[s], uint(litLens[s]))
		}
	}
	match := func() {
		w.code(litCodes[284], 15)
		w.bits(uint64(rng.IntN(32)), 5) // 227 + 0..31
		w.code(distCodes[29], 15)
		w.bits(uint64(rng.IntN(1<<13)), 13) // 24577 + 0..8191
	}
	literals(40000)
	for range 50 {
		match()
		literals(rng.IntN(20))
	}
	literals(300)
	match() // within the last 265 bytes of the output
	literals(10)
	w.code(litCodes[256], 15)
	d := w.bytes()

	want, err := stdInflate(d)
	if err != nil {
		t.Fatalf("compress/flate: %v", err)
	}
	out := make([]byte, len(want))
	if _, err := inflateZlib(out, zlibOf(d, want)); err != nil || !bytes.Equal(out, want) {
		t.Errorf("%v, or wrong output", err)
	}
}

// pairLiteralsRef is pairLiterals as it was first written, entry by
// entry: each literal entry is paired with the entry its index gives
// once the first code's bits are shifted out, when that is a literal
// whose code fits in the rest of the index.
func (h *huffman) pairLiteralsRef() {
	primary := h.primary[:1<<h.bits]
	for i := len(primary) - 1; i >= 0; i-- {
		e := primary[i]
		n := e & 0xff
		if e>>8&0xff != tagLiteral || n >= uint32(h.bits) {
			continue
		}
		e2 := primary[i>>n]
		if e2>>8&0xff != tagLiteral || n+e2&0xff > uint32(h.bits) {
			continue
		}
		primary[i] = entry(e>>16&0xff|e2>>16<<8, tagPair, n+e2&0xff)
	}
}

// randomLengths returns the code lengths of a random complete code of
// k symbols (2 ≤ k ≤ size, k ≤ 1<<maxLen), no longer than maxLen bits,
// given to random symbols of size: leaves of a code tree are split at
// random.
func randomLengths(rng *rand.Rand, size, k int, maxLen uint8) []uint8 {
	leaves := []uint8{1, 1}
	for len(leaves) < k {
		i := rng.IntN(len(leaves))
		if leaves[i] >= maxLen {
			continue
		}
		leaves[i]++
		leaves = append(leaves, leaves[i])
	}
	lengths := make([]uint8, size)
	for i, s := range rng.Perm(size)[:k] {
		lengths[s] = leaves[i]
	}
	return lengths
}

// TestPairLiterals checks pairLiterals against pairLiteralsRef on the
// literal/length tables of random complete codes, from codes of a few
// short literals to codes with every symbol and lengths up to 15, and on
// a lone one-bit code and an empty one.
func TestPairLiterals(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	var codes [][]uint8
	for range 300 {
		maxLen := 4 + rng.IntN(12)
		k := 2 + rng.IntN(min(285, 1<<maxLen-1))
		codes = append(codes, randomLengths(rng, 286, k, uint8(maxLen)))
	}
	lone := make([]uint8, 257)
	lone['a'] = 1
	codes = append(codes, lone, make([]uint8, 257))
	for _, lengths := range codes {
		var want, got huffman
		if !want.build(lengths, litInfo[:], litBits) {
			t.Fatalf("lengths %v refused", lengths)
		}
		got.build(lengths, litInfo[:], litBits)
		want.pairLiteralsRef()
		got.pairLiterals(lengths)
		if want.primary != got.primary {
			t.Fatalf("lengths %v: tables differ", lengths)
		}
	}
}
