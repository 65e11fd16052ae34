package webp

import "testing"

// refDecoder is the boolean decoder of RFC 6386 §7.3 as the RFC writes it:
// a two-byte window shifted a bit at a time, a new byte loaded after every
// eight shifts (zeros past the end). consumed counts the shifts, so that
// a decision looks at bits consumed to consumed+8 of the data.
type refDecoder struct {
	data     []byte
	pos      int
	value    uint32
	rng      uint32
	bitCount int
	consumed int
}

func newRefDecoder(data []byte) *refDecoder {
	d := &refDecoder{data: data, rng: 255}
	d.value = uint32(d.next())<<8 | uint32(d.next())
	return d
}

func (d *refDecoder) next() byte {
	if d.pos >= len(d.data) {
		d.pos++
		return 0
	}
	d.pos++
	return d.data[d.pos-1]
}

func (d *refDecoder) readBool(prob uint8) bool {
	split := 1 + (d.rng-1)*uint32(prob)>>8
	bigsplit := split << 8
	var bit bool
	if d.value >= bigsplit {
		bit = true
		d.rng -= split
		d.value -= bigsplit
	} else {
		d.rng = split
	}
	for d.rng < 128 {
		d.value <<= 1
		d.rng <<= 1
		d.consumed++
		if d.bitCount++; d.bitCount == 8 {
			d.bitCount = 0
			d.value |= uint32(d.next())
		}
	}
	return bit
}

// TestBoolDecoder decodes random streams with random probabilities with
// readBit and with the RFC's decoder: the booleans must be the same, and
// eof must be set exactly when a decision has looked past the end of the
// data, where golang.org/x/image/vp8 stops.
func TestBoolDecoder(t *testing.T) {
	seed := uint32(7)
	rnd := func() uint32 {
		seed = seed*1664525 + 1013904223
		return seed >> 8
	}
	for trial := range 2000 {
		data := make([]byte, int(rnd()%40))
		for i := range data {
			data[i] = byte(rnd())
		}
		if len(data) > 0 && data[0] == 0xff {
			data[0] = 0xfe // no encoder starts a partition with 0xFF
		}
		var d boolDecoder
		d.init(data)
		ref := newRefDecoder(data)
		past := false
		for k := range 8*len(data) + 64 {
			// Skewed probabilities as well as even ones.
			prob := uint8(rnd())
			if k%3 == 0 {
				prob = uint8(1 + rnd()%8)
			}
			past = past || ref.consumed+8 > 8*len(data)
			got, want := d.readBit(prob), ref.readBool(prob)
			if past {
				if !d.eof {
					t.Fatalf("trial %d, boolean %d: past the end of %d bytes without eof", trial, k, len(data))
				}
				break
			}
			if d.eof {
				t.Fatalf("trial %d, boolean %d: eof within %d bytes (%d bits consumed)", trial, k, len(data), ref.consumed)
			}
			if got != want {
				t.Fatalf("trial %d, boolean %d (prob %d): %v, RFC decoder %v", trial, k, prob, got, want)
			}
		}
	}
}

// TestDecideBit checks that decideBit, without branches, gives the same
// boolean and state as decide from every state.
func TestDecideBit(t *testing.T) {
	for r := uint32(1); r < 256; r++ {
		for p := range 256 {
			rng := uint64(normRange[r]) + 1
			for v := range rng {
				value := v<<4 | 5
				b1, v1, n1, r1 := decide(value, 4, r, uint8(p))
				b2, v2, n2, r2 := decideBit(value, 4, r, uint8(p))
				if b1 != (b2 == 1) || v1 != v2 || n1 != n2 || r1 != r2 {
					t.Fatalf("range %d, prob %d, value %d: decide %v %d %d %d, decideBit %d %d %d %d",
						r, p, value, b1, v1, n1, r1, b2, v2, n2, r2)
				}
			}
		}
	}
}

// TestRenormalisation checks the tables of decide against their
// definitions.
func TestRenormalisation(t *testing.T) {
	splitOnce()
	for r := 1; r < 256; r++ {
		s := normShift[r]
		if r<<s < 128 || r<<s > 255 || s > 0 && r<<(s-1) >= 128 {
			t.Errorf("normShift[%d] = %d", r, s)
		}
		if int(normRange[r]) != r<<s-1 {
			t.Errorf("normRange[%d] = %d, want %d", r, normRange[r], r<<s-1)
		}
		for p := range 256 {
			if want := int(normRange[r]) * p / 256; int(splitTable[p][r]) != want {
				t.Fatalf("splitTable[%d][%d] = %d, want %d", p, r, splitTable[p][r], want)
			}
		}
	}
}
