package qrfamily

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/symbology"
)

// Charset says how the bytes of a parsed segment are to be read.
type Charset int8

// The character sets of parsed segments.
const (
	InECI    Charset = iota // in the ECI in force (or the guessed default)
	ShiftJIS                // kanji mode: Shift_JIS
	GB2312                  // GB/T 18284 Chinese mode: GB 2312
)

// A RawSegment is a run of content bytes parsed from the bit stream.
type RawSegment struct {
	ECI     int // designator in force; -1 before any
	Charset Charset
	Bytes   []byte
}

// Payload is the parsed content of a symbol.
type Payload struct {
	Segments []RawSegment
	HasECI   bool               // the stream holds an ECI designator
	FNC1     int                // 0, or the FNC1 position: 1 (GS1) or 2 (AIM application indicator)
	AppInd   string             // application indicator of FNC1 in second position
	Sequence symbology.Sequence // structured append header, the first one
	HasSeq   bool               // the stream holds a structured append header
	// End is where the data ended: the bit position of the terminator,
	// or of the end of the stream when the terminator is missing.
	End int
}

// ErrStream is the cause of bit stream errors; they wrap symbology.ErrFormat.
var ErrStream = errors.New("invalid bit stream")

func streamError(d *Dialect, format string, args ...any) error {
	return fmt.Errorf("%s: %w: %w: "+format, append([]any{d.Symbology, symbology.ErrFormat, ErrStream}, args...)...)
}

// Parse reads the first nbits bits of the data codewords data as a bit
// stream of dialect d (ISO/IEC 18004:2015 §7.4, ISO/IEC 23941:2022 §7.4).
// It stops at the terminator, at the end of the data, or where fewer bits
// remain than a terminator takes (a terminator may be truncated, §7.4.9);
// the padding after the terminator is not checked. Errors wrap
// symbology.ErrFormat and ErrStream.
func Parse(data []byte, nbits int, d *Dialect) (*Payload, error) {
	r := NewBitReader(data, nbits)
	p := &Payload{}
	cur := -1 // ECI in force
	// add appends content bytes to the last segment when it is of the same
	// kind, else to a new one.
	add := func(cs Charset, b ...byte) {
		if k := len(p.Segments); k > 0 && p.Segments[k-1].Charset == cs && p.Segments[k-1].ECI == cur {
			p.Segments[k-1].Bytes = append(p.Segments[k-1].Bytes, b...)
			return
		}
		p.Segments = append(p.Segments, RawSegment{ECI: cur, Charset: cs, Bytes: append([]byte(nil), b...)})
	}
	for r.Left() >= d.TermBits {
		p.End = r.pos
		if d.TermBits > d.ModeBits && r.Peek(d.TermBits) == 0 {
			return p, nil // Micro QR Code: an empty numeric segment's header
		}
		ind := r.Read(d.ModeBits)
		m := Invalid
		if ind < len(d.Modes) {
			m = d.Modes[ind]
		}
		switch m {
		case Terminator:
			return p, nil
		case Append:
			if r.Left() < 16 {
				return nil, streamError(d, "truncated structured append header")
			}
			idx, cnt, par := r.Read(4), r.Read(4)+1, r.Read(8)
			if !p.HasSeq {
				p.Sequence = symbology.Sequence{Index: idx, Count: cnt, ID: strconv.Itoa(par)}
				p.HasSeq = true
			}
			continue
		case ECI:
			des, err := readDesignator(r, d)
			if err != nil {
				return nil, err
			}
			cur, p.HasECI = des, true
			continue
		case FNC1First:
			if p.FNC1 == 0 {
				p.FNC1 = 1
			}
			continue
		case FNC1Second:
			if r.Left() < 8 {
				return nil, streamError(d, "truncated application indicator")
			}
			ai := r.Read(8)
			switch {
			case ai < 100:
				p.AppInd = fmt.Sprintf("%02d", ai)
			case ai >= 165 && ai <= 190, ai >= 197 && ai <= 222: // 'A'-'Z', 'a'-'z' plus 100
				p.AppInd = string(rune(ai - 100))
			default:
				return nil, streamError(d, "application indicator %d", ai)
			}
			if p.FNC1 == 0 {
				p.FNC1 = 2
			}
			continue
		case Numeric, Alnum, Byte, Kanji, Hanzi:
		default:
			return nil, streamError(d, "mode indicator %0*b", d.ModeBits, ind)
		}

		if m == Hanzi {
			if r.Left() < 4 {
				return nil, streamError(d, "truncated Chinese mode subset")
			}
			if sub := r.Read(4); sub != 1 { // 0001: GB 2312
				return nil, streamError(d, "Chinese mode subset %d", sub)
			}
		}
		cb := d.Count[m]
		if r.Left() < cb {
			return nil, streamError(d, "truncated character count")
		}
		count := r.Read(cb)
		switch m {
		case Numeric:
			if r.Left() < 10*(count/3)+[3]int{0, 4, 7}[count%3] {
				return nil, streamError(d, "numeric segment of %d digits is truncated", count)
			}
			for i := 0; i < count; i += 3 {
				k := min(3, count-i)
				v := r.Read([4]int{0, 4, 7, 10}[k])
				if v >= [4]int{1, 10, 100, 1000}[k] {
					return nil, streamError(d, "numeric group %d", v)
				}
				var g [3]byte
				for j := k - 1; j >= 0; j-- {
					g[j] = byte('0' + v%10)
					v /= 10
				}
				add(InECI, g[:k]...)
			}
		case Alnum:
			if r.Left() < 11*(count/2)+6*(count%2) {
				return nil, streamError(d, "alphanumeric segment of %d characters is truncated", count)
			}
			var chars []byte
			for i := 0; i < count; i += 2 {
				if count-i == 1 {
					v := r.Read(6)
					if v >= 45 {
						return nil, streamError(d, "alphanumeric value %d", v)
					}
					chars = append(chars, AlnumChars[v])
					break
				}
				v := r.Read(11)
				if v >= 45*45 {
					return nil, streamError(d, "alphanumeric pair %d", v)
				}
				chars = append(chars, AlnumChars[v/45], AlnumChars[v%45])
			}
			if p.FNC1 != 0 {
				chars = fnc1Percent(chars)
			}
			add(InECI, chars...)
		case Byte:
			if r.Left() < 8*count {
				return nil, streamError(d, "byte segment of %d bytes is truncated", count)
			}
			b := make([]byte, count)
			for i := range b {
				b[i] = byte(r.Read(8))
			}
			add(InECI, b...)
		case Kanji, Hanzi:
			if r.Left() < 13*count {
				return nil, streamError(d, "double-byte segment of %d characters is truncated", count)
			}
			b := make([]byte, 0, 2*count)
			for range count {
				v := r.Read(13)
				var c1, c2 byte
				if m == Kanji {
					c1, c2 = KanjiBytes(v)
				} else {
					c1, c2 = HanziBytes(v)
				}
				b = append(b, c1, c2)
			}
			cs := ShiftJIS
			if m == Hanzi {
				cs = GB2312
			}
			add(cs, b...)
		}
	}
	p.End = r.pos
	return p, nil
}

// PaddingOK reports whether the bits of data after a parsed stream's end,
// up to nbits, are what Pad writes: the terminator, zero bits to the
// codeword boundary, the pad codewords 11101100 and 00010001 in turn, and
// 0000 in a last 4-bit codeword. Readers need not check it; the small
// symbols whose few check codewords let noise through now and then can.
func PaddingOK(data []byte, nbits int, p *Payload, d *Dialect) bool {
	r := NewBitReader(data, nbits)
	r.pos = min(p.End, r.end)
	if r.Read(min(d.TermBits, r.Left())) != 0 {
		return false
	}
	if k := r.pos % 8; k != 0 && r.Read(min(8-k, r.Left())) != 0 {
		return false
	}
	for i := 0; r.Left() >= 8; i++ {
		if r.Read(8) != int([2]byte{0xEC, 0x11}[i%2]) {
			return false
		}
	}
	return r.Read(r.Left()) == 0
}

// readDesignator reads an ECI designator: one, two or three bytes starting
// 0, 10 or 110 (ISO/IEC 18004:2015 §7.4.3.2, Table 4).
func readDesignator(r *BitReader, d *Dialect) (int, error) {
	if r.Left() < 8 {
		return 0, streamError(d, "truncated ECI designator")
	}
	b := r.Read(8)
	switch {
	case b&0x80 == 0:
		return b, nil
	case b&0xC0 == 0x80:
		if r.Left() < 8 {
			return 0, streamError(d, "truncated ECI designator")
		}
		return (b&0x3F)<<8 | r.Read(8), nil
	case b&0xE0 == 0xC0:
		if r.Left() < 16 {
			return 0, streamError(d, "truncated ECI designator")
		}
		des := (b&0x1F)<<16 | r.Read(16)
		if des > 999999 {
			return 0, streamError(d, "ECI designator %d", des)
		}
		return des, nil
	}
	return 0, streamError(d, "ECI designator byte %#x", b)
}

// DesignatorBytes returns the length of an ECI designator's encoding
// (ISO/IEC 18004:2015 §7.4.3.2, Table 4).
func DesignatorBytes(des int) int {
	switch {
	case des < 128:
		return 1
	case des < 16384:
		return 2
	}
	return 3
}

// WriteDesignator writes an ECI designator (Table 4), without the mode
// indicator.
func WriteDesignator(w *BitWriter, des int) {
	switch DesignatorBytes(des) {
	case 1:
		w.Write(uint32(des), 8)
	case 2:
		w.Write(0b10<<14|uint32(des), 16)
	default:
		w.Write(0b110<<21|uint32(des), 24)
	}
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

// HanziBytes converts a 13-bit GB/T 18284 Chinese mode value to its GB 2312
// bytes: the value is (high-0xA1)·0x60 + (low-0xA1) for the first region
// 0xA1A1-0xAAFE and the same from 0xB0A1 for the second.
func HanziBytes(v int) (byte, byte) {
	c := (v/0x60)<<8 | v%0x60
	if c < 0x0A00 {
		c += 0xA1A1
	} else {
		c += 0xA6A1
	}
	return byte(c >> 8), byte(c)
}

// Barcode turns a payload into a symbology.Barcode of the symbology id:
// the bytes of every segment, the text decoded per character set (for GS1
// data, the human-readable form with parenthesised AIs), the ECI segments,
// the content type, the structured append position and the symbology
// identifier (ISO/IEC 18004:2015 Annex F, Table F.1: "]Q1" to "]Q6"; Micro
// QR Code and rMQR Code report QR Code's, as zxing-cpp does, whose rMQR
// Code samples record "]Q1").
func (p *Payload) Barcode(id string) symbology.Barcode {
	bc := symbology.Barcode{Symbology: id, Sequence: p.Sequence}
	segs := make([]symbology.Segment, 0, len(p.Segments)+1)
	for _, s := range p.Segments {
		d := s.ECI
		switch s.Charset {
		case ShiftJIS:
			d = eci.ShiftJIS
		case GB2312:
			d = 29 // GB 2312
		}
		segs = append(segs, symbology.Segment{ECI: d, Bytes: s.Bytes})
	}
	if p.FNC1 == 2 {
		// The application indicator of FNC1 in second position leads
		// the data, in the first segment.
		if len(segs) == 0 {
			segs = append(segs, symbology.Segment{ECI: -1})
		}
		segs[0].Bytes = append([]byte(p.AppInd), segs[0].Bytes...)
	}
	bc.SetContent(segs, p.HasECI, p.FNC1 == 1)

	// Symbology identifier modifier (Table F.1).
	mod := 1
	switch p.FNC1 {
	case 1:
		mod = 3
	case 2:
		mod = 5
	}
	if p.HasECI {
		mod++
	}
	bc.Identifier = "]Q" + strconv.Itoa(mod)
	return bc
}
