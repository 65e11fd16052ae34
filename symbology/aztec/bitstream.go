package aztec

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// Reading the bit stream of Table 2 codes back into content
// (ISO/IEC 24778:2008 §7.3.1, §8, §10).

// payload is the content of a bit stream: segments of bytes, each in the
// character set of an ECI designator (-1 for the default), with FNC1 as
// GS (0x1D) where it separates GS1 fields.
type payload struct {
	segs   []symbology.Segment
	hasECI bool
	fnc1   []int // offsets in the content of the FNC1s read
}

func (p *payload) add(b ...byte) {
	if len(p.segs) == 0 {
		p.segs = append(p.segs, symbology.Segment{ECI: -1})
	}
	s := &p.segs[len(p.segs)-1]
	s.Bytes = append(s.Bytes, b...)
}

func (p *payload) len() int {
	n := 0
	for _, s := range p.segs {
		n += len(s.Bytes)
	}
	return n
}

// bitReader reads values from a bit stream, most significant bit first.
type bitReader struct {
	bits      []byte
	pos       int
	noPadding bool
}

func (r *bitReader) left() int { return len(r.bits) - r.pos }

// padding reports whether the bits left are the padding of the last
// codeword: 1 bits, fewer than the largest codeword (§7.3.1.2). Read as
// codes they would be B/S (or U/S, U/L) cut short; no encoder ends its
// data with such codes.
func (r *bitReader) padding() bool {
	if r.noPadding || r.left() >= maxWordBits {
		return false
	}
	for _, b := range r.bits[r.pos:] {
		if b == 0 {
			return false
		}
	}
	return true
}

// maxWordBits is the largest codeword size, in bits (Table 3).
const maxWordBits = 12

func (r *bitReader) read(n int) int {
	v := 0
	for range n {
		v = v<<1 | int(r.bits[r.pos])
		r.pos++
	}
	return v
}

// formatError is a bit stream that breaks the rules of Table 2.
func formatError(format string, args ...any) error {
	return fmt.Errorf("aztec: %w: "+format, append([]any{symbology.ErrFormat}, args...)...)
}

// decodeBits reads a bit stream of Table 2 codes. A stream may end in the
// middle of a code, in the 1 bits that pad its last codeword: what is left
// then is ignored.
func decodeBits(bits []byte) (*payload, error) { return readStream(bits, true) }

// readStream reads a bit stream; without padding, 1 bits at the end are
// read as codes like any others, as older readers do (see endLatch).
func readStream(bits []byte, padding bool) (*payload, error) {
	p := &payload{}
	r := &bitReader{bits: bits, noPadding: !padding}
	latched, shifted := modeUpper, modeUpper
	isShift := false
	for {
		m := latched
		if isShift {
			m = shifted
		}
		w := m.bits()
		if r.left() < w || r.padding() {
			break
		}
		code := r.read(w)
		if isShift && isControl(m, code) {
			// A latch, shift or B/S in a shifted mode: the shift ends in
			// the mode it shifted to, as in any mode (§7.3.1.2); so U/S
			// B/S in Digit mode returns to Upper after the bytes.
			latched = m
		}
		isShift = false
		switch m {
		case modeUpper, modeLower, modeMixed:
			switch {
			case code == codePS:
				shifted, isShift = modePunct, true
			case code == codeBS:
				if err := readBinary(r, p); err != nil {
					if err == errTruncated {
						return p, nil
					}
					return nil, err
				}
			case code >= 28:
				// Latches, and U/S in Lower mode.
				switch {
				case m == modeLower && code == codeUS:
					shifted, isShift = modeUpper, true
				case m == modeMixed && code == codeUL:
					latched = modeUpper
				case m == modeMixed && code == codePL:
					latched = modePunct
				case code == codeLL:
					latched = modeLower
				case code == codeML:
					latched = modeMixed
				default: // D/L
					latched = modeDigit
				}
			default:
				p.add(modeChars[m][code])
			}
		case modePunct:
			switch {
			case code == codeFLG:
				if err := readFLG(r, p); err != nil {
					if err == errTruncated {
						return p, nil
					}
					return nil, err
				}
			case code >= 2 && code <= 5:
				p.add(punctPairs[code-2][:]...)
			case code == codePunctUL:
				latched = modeUpper
			default:
				p.add(modeChars[m][code])
			}
		case modeDigit:
			switch code {
			case codePS:
				shifted, isShift = modePunct, true
			case codeDigitUL:
				latched = modeUpper
			case codeDigitUS:
				shifted, isShift = modeUpper, true
			default:
				p.add(modeChars[m][code])
			}
		}
	}
	return p, nil
}

// isControl reports whether code is a latch, shift or Binary Shift in mode
// m (FLG(n) is not: it reads as data).
func isControl(m mode, code int) bool {
	switch m {
	case modePunct:
		return code == codePunctUL
	case modeDigit:
		return code == codePS || code >= codeDigitUL
	}
	return code == codePS || code >= 28
}

// errTruncated is a code cut short by the end of the stream.
var errTruncated = fmt.Errorf("aztec: truncated code")

// readBinary reads a Binary Shift run after its B/S code: a 5-bit length
// of 1 to 31, or 0 and an 11-bit length less 31 (§7.3.1.2). A length cut
// short is the padding of the last codeword, which reads as B/S in Upper,
// Lower and Mixed modes: the stream ends there.
func readBinary(r *bitReader, p *payload) error {
	if r.left() < 5 {
		return errTruncated
	}
	n := r.read(5)
	if n == 0 {
		if r.left() < 11 {
			return errTruncated
		}
		n = r.read(11) + maxShortRun
	}
	if r.left() < 8*n {
		return formatError("Binary Shift run of %d bytes where %d bits are left", n, r.left())
	}
	for range n {
		p.add(byte(r.read(8)))
	}
	return nil
}

// readFLG reads FLG(n) after its code: FNC1 for n = 0, else an ECI
// designator of n digits, each a Digit mode code for 0-9 (§7.3.1.2). n = 7
// is reserved.
func readFLG(r *bitReader, p *payload) error {
	if r.left() < 3 {
		return errTruncated
	}
	n := r.read(3)
	switch {
	case n == 0:
		p.fnc1 = append(p.fnc1, p.len())
		p.add(0x1d)
		return nil
	case n == 7:
		return formatError("FLG(7) is reserved")
	}
	if r.left() < 4*n {
		return errTruncated
	}
	v := 0
	for range n {
		d := r.read(4)
		if d < 2 || d > 11 {
			return formatError("FLG(%d) with a digit code of %d", n, d)
		}
		v = 10*v + d - 2
	}
	p.segs = append(p.segs, symbology.Segment{ECI: v})
	p.hasECI = true
	return nil
}

// isAppendHeader reports whether a bit stream starts with M/L U/L, the
// codes that announce a structured-append header (§8).
func isAppendHeader(bits []byte) bool {
	if len(bits) < 10 {
		return false
	}
	for i, b := range []byte{1, 1, 1, 0, 1, 1, 1, 1, 0, 1} {
		if bits[i] != b {
			return false
		}
	}
	return true
}

// appendHeader parses the structured-append header at the start of the
// content: the message id between spaces, if any, then the symbol's
// position and the count as letters A-Z (§8). n is the length of the
// header in bytes.
func appendHeader(b []byte) (seq symbology.Sequence, n int, ok bool) {
	i := 0
	var id string
	if len(b) > 0 && b[0] == ' ' {
		end := strings.IndexByte(string(b[1:]), ' ')
		if end < 0 {
			return seq, 0, false
		}
		id = string(b[1 : 1+end])
		i = end + 2
	}
	if i+2 > len(b) {
		return seq, 0, false
	}
	pos, count := b[i], b[i+1]
	if pos < 'A' || pos > 'Z' || count < 'A' || count > 'Z' || pos > count {
		return seq, 0, false
	}
	return symbology.Sequence{Index: int(pos - 'A'), Count: int(count-'A') + 1, ID: id}, i + 2, true
}
