package qrfamily

// BitReader reads bits, most significant first, from the first n bits of
// a byte slice.
type BitReader struct {
	b   []byte
	pos int // bits read
	end int // bits readable
}

// NewBitReader returns a reader of the first nbits bits of b (all of b
// when nbits is negative or larger). Micro QR Code symbols M1 and M3 end
// their data in a 4-bit codeword, the high half of b's last byte.
func NewBitReader(b []byte, nbits int) *BitReader {
	if nbits < 0 || nbits > 8*len(b) {
		nbits = 8 * len(b)
	}
	return &BitReader{b: b, end: nbits}
}

// Left returns the number of bits not yet read.
func (r *BitReader) Left() int { return r.end - r.pos }

// Read returns the next nbits (at most 24) bits. The caller checks Left
// first; bits past the end read as 0.
func (r *BitReader) Read(nbits int) int {
	v := r.Peek(nbits)
	r.pos = min(r.pos+nbits, r.end)
	return v
}

// Peek returns the next nbits (at most 24) bits without consuming them;
// bits past the end read as 0.
func (r *BitReader) Peek(nbits int) int {
	avail := min(nbits, r.end-r.pos)
	v, p := 0, r.pos
	for k := avail; k > 0; {
		off := p % 8
		take := min(8-off, k)
		v = v<<take | int(r.b[p/8])>>(8-off-take)&(1<<take-1)
		p += take
		k -= take
	}
	return v << max(nbits-avail, 0)
}

// BitWriter appends bits, most significant first, to a byte slice. The
// zero value writes to a new slice; Reset reuses one.
type BitWriter struct {
	b    []byte
	n    int    // bits written
	acc  uint64 // bits not yet in b, the last nacc of them
	nacc int
}

// Reset empties w, writing from now on to buf[:0].
func (w *BitWriter) Reset(buf []byte) { *w = BitWriter{b: buf[:0]} }

// Len returns the number of bits written.
func (w *BitWriter) Len() int { return w.n }

// Write appends the low nbits (at most 32) bits of v.
func (w *BitWriter) Write(v uint32, nbits int) {
	w.acc = w.acc<<uint(nbits) | uint64(v)&(1<<uint(nbits)-1)
	w.nacc += nbits
	w.n += nbits
	for w.nacc >= 8 {
		w.nacc -= 8
		w.b = append(w.b, byte(w.acc>>uint(w.nacc)))
	}
}

// Flush writes out the pending bits, padded with zeros to a byte.
func (w *BitWriter) Flush() {
	if w.nacc > 0 {
		w.b = append(w.b, byte(w.acc<<uint(8-w.nacc)))
		w.nacc = 0
	}
}

// Bytes returns the bytes written, the last partial one included once
// Flush has been called.
func (w *BitWriter) Bytes() []byte { return w.b }
