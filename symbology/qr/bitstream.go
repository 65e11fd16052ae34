package qr

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/symbology"
)

// bitReader reads bits, most significant first, from a byte slice.
type bitReader struct {
	b []byte
	n int // bits read
}

func (r *bitReader) left() int { return 8*len(r.b) - r.n }

// read returns the next nbits (at most 24) bits; the caller checks left.
func (r *bitReader) read(nbits int) int {
	v := 0
	for nbits > 0 {
		off := r.n % 8
		take := min(8-off, nbits)
		b := int(r.b[r.n/8]) >> (8 - off - take) & (1<<take - 1)
		v = v<<take | b
		r.n += take
		nbits -= take
	}
	return v
}

// charset says how the bytes of a parsed segment are to be read.
type charset int8

const (
	csECI   charset = iota // in the ECI in force (or the guessed default)
	csKanji                // kanji mode: Shift_JIS
	csHanzi                // GB/T 18284 Chinese mode: GB 2312
)

// A rawSegment is a run of content bytes parsed from the bit stream.
type rawSegment struct {
	eci int // designator in force; -1 before any
	cs  charset
	b   []byte
}

// payload is the parsed content of a symbol.
type payload struct {
	segs    []rawSegment
	hasECI  bool
	fnc1    int    // 0, or the FNC1 position: 1 (GS1) or 2 (AIM application indicator)
	appInd  string // application indicator of FNC1 in second position
	seq     symbology.Sequence
	seqSeen bool
}

// errStream is the cause of bit stream errors; they wrap symbology.ErrFormat.
var errStream = errors.New("invalid bit stream")

func streamError(format string, args ...any) error {
	return fmt.Errorf("qr: %w: %w: "+format, append([]any{symbology.ErrFormat, errStream}, args...)...)
}

// parse reads the data codewords of a symbol of the given version
// (ISO/IEC 18004:2015 §7.4). It stops at the terminator, at the end of the
// data, or where fewer than 4 bits remain (a terminator may be truncated,
// §7.4.9); the padding after the terminator is not checked.
func parse(data []byte, version int) (*payload, error) {
	r := bitReader{b: data}
	class := versionClass(version)
	p := &payload{}
	cur := -1 // ECI in force
	// add appends content bytes to the last segment when it is of the same
	// kind, else to a new one.
	add := func(cs charset, b ...byte) {
		if k := len(p.segs); k > 0 && p.segs[k-1].cs == cs && p.segs[k-1].eci == cur {
			p.segs[k-1].b = append(p.segs[k-1].b, b...)
			return
		}
		p.segs = append(p.segs, rawSegment{eci: cur, cs: cs, b: append([]byte(nil), b...)})
	}
	for r.left() >= 4 {
		m := mode(r.read(4))
		if m == modeTerminator {
			break
		}
		switch m {
		case modeAppend:
			if r.left() < 16 {
				return nil, streamError("truncated structured append header")
			}
			idx, cnt, par := r.read(4), r.read(4)+1, r.read(8)
			if !p.seqSeen {
				p.seq = symbology.Sequence{Index: idx, Count: cnt, ID: strconv.Itoa(par)}
				p.seqSeen = true
			}
			continue
		case modeECI:
			d, err := readDesignator(&r)
			if err != nil {
				return nil, err
			}
			cur, p.hasECI = d, true
			continue
		case modeFNC1First:
			if p.fnc1 == 0 {
				p.fnc1 = 1
			}
			continue
		case modeFNC1Second:
			if r.left() < 8 {
				return nil, streamError("truncated application indicator")
			}
			ai := r.read(8)
			switch {
			case ai < 100:
				p.appInd = fmt.Sprintf("%02d", ai)
			case ai >= 165 && ai <= 190, ai >= 197 && ai <= 222: // 'A'-'Z', 'a'-'z' plus 100
				p.appInd = string(rune(ai - 100))
			default:
				return nil, streamError("application indicator %d", ai)
			}
			if p.fnc1 == 0 {
				p.fnc1 = 2
			}
			continue
		case modeNumeric, modeAlnum, modeByte, modeKanji, modeHanzi:
		default:
			return nil, streamError("mode indicator %04b", int(m))
		}

		if m == modeHanzi {
			if r.left() < 4 {
				return nil, streamError("truncated Chinese mode subset")
			}
			if sub := r.read(4); sub != 1 { // 0001: GB 2312
				return nil, streamError("Chinese mode subset %d", sub)
			}
		}
		cb := countBits(m, class)
		if r.left() < cb {
			return nil, streamError("truncated character count")
		}
		count := r.read(cb)
		switch m {
		case modeNumeric:
			if r.left() < 10*(count/3)+[3]int{0, 4, 7}[count%3] {
				return nil, streamError("numeric segment of %d digits is truncated", count)
			}
			for i := 0; i < count; i += 3 {
				k := min(3, count-i)
				v := r.read([4]int{0, 4, 7, 10}[k])
				if v >= [4]int{1, 10, 100, 1000}[k] {
					return nil, streamError("numeric group %d", v)
				}
				var g [3]byte
				for j := k - 1; j >= 0; j-- {
					g[j] = byte('0' + v%10)
					v /= 10
				}
				add(csECI, g[:k]...)
			}
		case modeAlnum:
			if r.left() < 11*(count/2)+6*(count%2) {
				return nil, streamError("alphanumeric segment of %d characters is truncated", count)
			}
			var chars []byte
			for i := 0; i < count; i += 2 {
				if count-i == 1 {
					v := r.read(6)
					if v >= 45 {
						return nil, streamError("alphanumeric value %d", v)
					}
					chars = append(chars, alnumChars[v])
					break
				}
				v := r.read(11)
				if v >= 45*45 {
					return nil, streamError("alphanumeric pair %d", v)
				}
				chars = append(chars, alnumChars[v/45], alnumChars[v%45])
			}
			if p.fnc1 != 0 {
				chars = fnc1Percent(chars)
			}
			add(csECI, chars...)
		case modeByte:
			if r.left() < 8*count {
				return nil, streamError("byte segment of %d bytes is truncated", count)
			}
			b := make([]byte, count)
			for i := range b {
				b[i] = byte(r.read(8))
			}
			add(csECI, b...)
		case modeKanji, modeHanzi:
			if r.left() < 13*count {
				return nil, streamError("double-byte segment of %d characters is truncated", count)
			}
			b := make([]byte, 0, 2*count)
			for range count {
				v := r.read(13)
				var c1, c2 byte
				if m == modeKanji {
					c1, c2 = kanjiBytes(v)
				} else {
					c1, c2 = hanziBytes(v)
				}
				b = append(b, c1, c2)
			}
			cs := csKanji
			if m == modeHanzi {
				cs = csHanzi
			}
			add(cs, b...)
		}
	}
	return p, nil
}

// readDesignator reads an ECI designator: one, two or three bytes starting
// 0, 10 or 110 (§7.4.3.2, Table 4).
func readDesignator(r *bitReader) (int, error) {
	if r.left() < 8 {
		return 0, streamError("truncated ECI designator")
	}
	b := r.read(8)
	switch {
	case b&0x80 == 0:
		return b, nil
	case b&0xC0 == 0x80:
		if r.left() < 8 {
			return 0, streamError("truncated ECI designator")
		}
		return (b&0x3F)<<8 | r.read(8), nil
	case b&0xE0 == 0xC0:
		if r.left() < 16 {
			return 0, streamError("truncated ECI designator")
		}
		d := (b&0x1F)<<16 | r.read(16)
		if d > 999999 {
			return 0, streamError("ECI designator %d", d)
		}
		return d, nil
	}
	return 0, streamError("ECI designator byte %#x", b)
}

// fnc1Percent applies the FNC1-mode reading of alphanumeric data
// (§7.4.8.2): "%%" stands for '%', and a single '%' for FNC1, transmitted as
// GS (0x1D).
func fnc1Percent(chars []byte) []byte {
	out := chars[:0]
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		if c == '%' {
			if i+1 < len(chars) && chars[i+1] == '%' {
				i++
			} else {
				c = 0x1D
			}
		}
		out = append(out, c)
	}
	return out
}

// hanziBytes converts a 13-bit GB/T 18284 Chinese mode value to its GB 2312
// bytes: the value is (high-0xA1)·0x60 + (low-0xA1) for the first region
// 0xA1A1-0xAAFE and the same from 0xB0A1 for the second.
func hanziBytes(v int) (byte, byte) {
	c := (v/0x60)<<8 | v%0x60
	if c < 0x0A00 {
		c += 0xA1A1
	} else {
		c += 0xA6A1
	}
	return byte(c >> 8), byte(c)
}

// barcode turns a payload into a symbology.Barcode: the bytes of every
// segment, the text decoded per character set (for GS1 data, the
// human-readable form with parenthesised AIs), the ECI segments, the
// content type and the symbology identifier (ISO/IEC 18004:2015 Annex F).
func (p *payload) barcode() symbology.Barcode {
	bc := symbology.Barcode{Symbology: "qr", Sequence: p.seq}
	segs := make([]symbology.Segment, 0, len(p.segs)+1)
	for _, s := range p.segs {
		d := s.eci
		switch s.cs {
		case csKanji:
			d = eci.ShiftJIS
		case csHanzi:
			d = 29 // GB 2312
		}
		segs = append(segs, symbology.Segment{ECI: d, Bytes: s.b})
	}
	if p.fnc1 == 2 {
		// The application indicator of FNC1 in second position leads
		// the data, in the first segment.
		if len(segs) == 0 {
			segs = append(segs, symbology.Segment{ECI: -1})
		}
		segs[0].Bytes = append([]byte(p.appInd), segs[0].Bytes...)
	}
	bc.SetContent(segs, p.hasECI, p.fnc1 == 1)

	// Symbology identifier modifier (Annex F, Table F.1).
	mod := 1
	switch p.fnc1 {
	case 1:
		mod = 3
	case 2:
		mod = 5
	}
	if p.hasECI {
		mod++
	}
	bc.Identifier = "]Q" + strconv.Itoa(mod)
	return bc
}
