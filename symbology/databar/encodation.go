package databar

import (
	"errors"
	"strconv"
	"strings"
)

// DataBar Expanded's data (ISO/IEC 24724:2011 §7.2.5): a bit string of a
// linkage flag, an encodation method, a compressed data field and a
// general-purpose field, padded to whole symbol characters of 12 bits.
// The methods compress the GTIN (01) and, with it, a weight and a date, or
// a price (Table 10 of the standard):
//
//	1         (01) and any other data
//	00        any data
//	0100      (01) with indicator 9 and (3103), a weight of at most 32.767 kg
//	0101      (01) with indicator 9 and (3202) or (3203), at most 99.99 or 22.767 lb
//	01100     (01) with indicator 9, (392x), a price, and any other data
//	01101     (01) with indicator 9, (393x), an ISO 4217 currency and a price, and any other data
//	0111000 … 0111111
//	          (01) with indicator 9, (310x) or (320x), a weight of at most 99999,
//	          and a date (11), (13), (15) or (17), or none
//
// The data is the element string, FNC1 written as GS (0x1D) after the
// variable-length fields that another field follows.

// gs is the group separator that stands for FNC1 in an element string.
const gs = '\x1d'

// bits is a bit string being written or read.
type bits struct {
	b   []byte // one bit a byte, 0 or 1
	pos int    // where reading is
}

// put appends the n low bits of v, most significant first.
func (w *bits) put(v, n int) {
	for k := n - 1; k >= 0; k-- {
		w.b = append(w.b, byte(v>>k&1))
	}
}

// get reads n bits, or reports false when fewer remain.
func (r *bits) get(n int) (int, bool) {
	if n < 0 || r.pos+n > len(r.b) {
		return 0, false
	}
	v := 0
	for k := 0; k < n; k++ {
		v = v<<1 | int(r.b[r.pos+k])
	}
	r.pos += n
	return v, true
}

// peek reads n bits without moving, or reports false.
func (r *bits) peek(n int) (int, bool) {
	p := r.pos
	v, ok := r.get(n)
	r.pos = p
	return v, ok
}

// left returns the number of bits left to read.
func (r *bits) left() int { return len(r.b) - r.pos }

// The modes of general-purpose encodation (§7.2.5.5).
const (
	numeric = iota
	alpha
	iso646
)

// The punctuation of the alphanumeric and ISO/IEC 646 modes, in the order
// of their values from 58 (6 bits) and 232 (8 bits) (§7.2.5.5.2, §7.2.5.5.3).
const (
	alphaPunct = "*,-./"
	isoPunct   = "!\"%&'()*+,-./:;<=>?_ "
)

// charMode returns the least mode that encodes c (FNC1, gs, counting as
// numeric), or -1 for a character none encodes.
func charMode(c byte) int {
	switch {
	case c >= '0' && c <= '9' || c == gs:
		return numeric
	case c >= 'A' && c <= 'Z' || strings.IndexByte(alphaPunct, c) >= 0:
		return alpha
	case c >= 'a' && c <= 'z' || strings.IndexByte(isoPunct, c) >= 0:
		return iso646
	}
	return -1
}

// errCharset: the data holds a character general-purpose encodation lacks.
var errCharset = errors.New("character outside the GS1 DataBar character set")

// nextAre reports whether the n characters of s from i are all of mode m
// (or of m2 too, when m2 >= 0).
func nextAre(s string, i, n, m, m2 int) bool {
	if i+n > len(s) {
		return false
	}
	for k := i; k < i+n; k++ {
		if c := charMode(s[k]); c != m && c != m2 {
			return false
		}
	}
	return true
}

// encodeGeneral appends s in general-purpose encodation to w, by the rules
// of §7.2.5.5.1 to §7.2.5.5.3, from mode numeric, and returns the mode it
// ends in and a last digit that numeric mode left over (or 0), which the
// writer encodes once it knows the room left (finishGeneral).
func encodeGeneral(w *bits, s string) (mode int, last byte, err error) {
	mode = numeric
	for i := 0; i < len(s); {
		c := s[i]
		m := charMode(c)
		if m < 0 {
			return 0, 0, errCharset
		}
		switch mode {
		case numeric:
			switch {
			case i+1 < len(s) && m == numeric && charMode(s[i+1]) == numeric:
				w.put(11*digitOf(c)+digitOf(s[i+1])+8, 7)
				i += 2
			case i+1 == len(s) && m == numeric && c != gs:
				last = c
				i++
			default:
				w.put(0, 4) // alphanumeric latch
				mode = alpha
			}
		case alpha:
			switch {
			case c == gs:
				w.put(15, 5) // FNC1, back to numeric
				mode = numeric
				i++
			case m == iso646:
				w.put(4, 5) // ISO/IEC 646 latch
				mode = iso646
			case nextAre(s, i, 6, numeric, -1) || len(s)-i >= 4 && len(s)-i <= 5 && nextAre(s, i, len(s)-i, numeric, -1):
				w.put(0, 3) // numeric latch
				mode = numeric
			case c >= '0' && c <= '9':
				w.put(int(c)-43, 5)
				i++
			case c >= 'A' && c <= 'Z':
				w.put(int(c)-33, 6)
				i++
			default:
				w.put(strings.IndexByte(alphaPunct, c)+58, 6)
				i++
			}
		case iso646:
			none := true // none of the next 10 characters needs ISO/IEC 646
			for k := i; k < i+10 && k < len(s); k++ {
				if charMode(s[k]) == iso646 {
					none = false
				}
			}
			switch {
			case c == gs:
				w.put(15, 5)
				mode = numeric
				i++
			case none && nextAre(s, i, 4, numeric, -1):
				w.put(0, 3)
				mode = numeric
			case none && nextAre(s, i, 5, alpha, numeric):
				w.put(4, 5) // alphanumeric latch
				mode = alpha
			case c >= '0' && c <= '9':
				w.put(int(c)-43, 5)
				i++
			case c >= 'A' && c <= 'Z':
				w.put(int(c)-1, 7)
				i++
			case c >= 'a' && c <= 'z':
				w.put(int(c)-7, 7)
				i++
			default:
				w.put(strings.IndexByte(isoPunct, c)+232, 8)
				i++
			}
		}
	}
	return mode, last, nil
}

// digitOf returns the value of a digit in numeric mode: 0 to 9, FNC1 10.
func digitOf(c byte) int {
	if c == gs {
		return 10
	}
	return int(c - '0')
}

// decodeGeneral reads general-purpose encodation from r to its end and
// appends the characters to out, GS for FNC1 (§7.2.5.5). Padding, latches
// to alphanumeric and ISO/IEC 646 and back, ends it. With fnc1Numeric, an
// FNC1 in alphanumeric or ISO/IEC 646 mode returns to numeric mode, as
// zint writes and zxing-cpp reads; without, the mode stays, as some
// writers of the reference corpus's symbols had it (rssexpanded-1 and -3,
// rssexpandedstacked-1): the reader tries the first, then the second
// (general).
func decodeGeneral(r *bits, out []byte, fnc1Numeric bool) ([]byte, bool) {
	mode := numeric
	for {
		switch mode {
		case numeric:
			if r.left() < 4 {
				return out, true
			}
			if v, _ := r.peek(4); v == 0 {
				r.get(4)
				mode = alpha
				continue
			}
			if r.left() < 7 {
				v, _ := r.get(4)
				return append(out, byte('0'+v-1)), v <= 10
			}
			v, _ := r.get(7)
			d1, d2 := (v-8)/11, (v-8)%11
			if d1 > 10 {
				return out, false
			}
			out = appendDigit(out, d1)
			if d2 == 10 && r.left() < 4 {
				return out, true // a last digit and FNC1: the end
			}
			out = appendDigit(out, d2)
		case alpha, iso646:
			if r.left() < 3 {
				return out, true
			}
			if v, _ := r.peek(3); v == 0 {
				r.get(3)
				mode = numeric
				continue
			}
			if r.left() < 5 {
				return out, true
			}
			v, _ := r.peek(5)
			switch {
			case v == 4:
				r.get(5)
				if mode == alpha {
					mode = iso646
				} else {
					mode = alpha
				}
				continue
			case v >= 5 && v <= 14:
				r.get(5)
				out = append(out, byte('0'+v-5))
				continue
			case v == 15:
				r.get(5)
				out = append(out, gs)
				if fnc1Numeric {
					mode = numeric
				}
				continue
			}
			if mode == alpha {
				v, ok := r.get(6)
				switch {
				case !ok:
					return out, true
				case v >= 32 && v <= 57:
					out = append(out, byte('A'+v-32))
				case v >= 58 && v <= 62:
					out = append(out, alphaPunct[v-58])
				default:
					return out, false
				}
				continue
			}
			v, ok := r.peek(7)
			switch {
			case !ok:
				return out, true
			case v >= 64 && v <= 89:
				r.get(7)
				out = append(out, byte('A'+v-64))
			case v >= 90 && v <= 115:
				r.get(7)
				out = append(out, byte('a'+v-90))
			default:
				v, ok := r.get(8)
				if !ok {
					return out, true
				}
				if v < 232 || v > 252 {
					return out, false
				}
				out = append(out, isoPunct[v-232])
			}
		}
	}
}

// appendDigit appends the numeric-mode value d: a digit, or GS for 10.
func appendDigit(out []byte, d int) []byte {
	if d == 10 {
		return append(out, gs)
	}
	return append(out, byte('0'+d))
}

// gtinDigits returns the 12 digits after the first of a GTIN-14 (its
// check digit dropped) from es at i, the start of the AI's data.
func putGTIN12(w *bits, digits string) {
	for k := 0; k < 4; k++ {
		v, _ := strconv.Atoi(digits[3*k : 3*k+3])
		w.put(v, 10)
	}
}

// getGTIN12 reads the 12 digits that putGTIN12 wrote.
func getGTIN12(r *bits) (string, bool) {
	var b strings.Builder
	for k := 0; k < 4; k++ {
		v, ok := r.get(10)
		if !ok || v > 999 {
			return "", false
		}
		s := strconv.Itoa(v)
		b.WriteString(strings.Repeat("0", 3-len(s)) + s)
	}
	return b.String(), true
}

// pad returns s with zeros before it to n digits.
func pad(v, n int) string {
	s := strconv.Itoa(v)
	if len(s) < n {
		s = strings.Repeat("0", n-len(s)) + s
	}
	return s
}
