package databar

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/barkit/barkit/gs1"
)

// The encodation methods (§7.2.5.4, Table 10), as the writer tries them:
// each returns the bits of the method field and compressed data field, and
// where the two bits of the variable length symbol field go (-1: the
// method has none), and the data left for general-purpose encodation; ok
// is false when the method does not apply.
type method func(es string, fields []gs1.Field) (w bits, vls int, rest string, ok bool)

// methods lists the methods, the specialised ones first: of two that
// make symbols of as many characters, the writer takes the first, as zint
// does.
var methods = []method{method0100, method0101, method0111, method01100, method01101, method1, method00}

// gtin9 returns the 12 digits after the indicator digit 9 of the GTIN of
// fields, which the compressed methods other than 1 take.
func gtin9(fields []gs1.Field) (string, bool) {
	if len(fields) < 2 || fields[0].AI != "01" || len(fields[0].Value) != 14 || fields[0].Value[0] != '9' {
		return "", false
	}
	return fields[0].Value[1:13], true
}

func method1(es string, fields []gs1.Field) (w bits, vls int, rest string, ok bool) {
	if len(fields) == 0 || fields[0].AI != "01" || len(fields[0].Value) != 14 {
		return w, 0, "", false
	}
	w.put(1, 1)
	vls = len(w.b) + 1 // after the linkage flag, written first
	w.put(0, 2)
	g := fields[0].Value
	w.put(int(g[0]-'0'), 4)
	putGTIN12(&w, g[1:13])
	return w, vls, es[16:], true
}

func method00(es string, fields []gs1.Field) (w bits, vls int, rest string, ok bool) {
	w.put(0, 2)
	vls = len(w.b) + 1
	w.put(0, 2)
	return w, vls, es, true
}

func method0100(es string, fields []gs1.Field) (w bits, vls int, rest string, ok bool) {
	g, ok := gtin9(fields)
	if !ok || len(fields) != 2 || fields[1].AI != "3103" {
		return w, 0, "", false
	}
	v, err := strconv.Atoi(fields[1].Value)
	if err != nil || v > 32767 {
		return w, 0, "", false
	}
	w.put(0b0100, 4)
	putGTIN12(&w, g)
	w.put(v, 15)
	return w, -1, "", true
}

func method0101(es string, fields []gs1.Field) (w bits, vls int, rest string, ok bool) {
	g, ok := gtin9(fields)
	if !ok || len(fields) != 2 || fields[1].AI != "3202" && fields[1].AI != "3203" {
		return w, 0, "", false
	}
	v, err := strconv.Atoi(fields[1].Value)
	switch {
	case err != nil:
		return w, 0, "", false
	case fields[1].AI == "3202" && v <= 9999:
	case fields[1].AI == "3203" && v <= 22767:
		v += 10000
	default:
		return w, 0, "", false
	}
	w.put(0b0101, 4)
	putGTIN12(&w, g)
	w.put(v, 15)
	return w, -1, "", true
}

// dateAIs are the date AIs of methods 0111000 to 0111111, in the order of
// their codes (§7.2.5.4.6).
var dateAIs = [4]string{"11", "13", "15", "17"}

// noDate is the date field's value for no date.
const noDate = 38400

func method0111(es string, fields []gs1.Field) (w bits, vls int, rest string, ok bool) {
	g, ok := gtin9(fields)
	if !ok || len(fields) > 3 {
		return w, 0, "", false
	}
	ai := fields[1].AI
	if len(ai) != 4 || ai[:3] != "310" && ai[:3] != "320" || fields[1].Value[0] != '0' {
		return w, 0, "", false
	}
	weight, err := strconv.Atoi(fields[1].Value)
	if err != nil {
		return w, 0, "", false
	}
	code, date := 0, noDate
	if ai[:3] == "320" {
		code = 1
	}
	if len(fields) == 3 {
		d := fields[2]
		k := -1
		for i, a := range dateAIs {
			if d.AI == a {
				k = i
			}
		}
		if k < 0 || len(d.Value) != 6 {
			return w, 0, "", false
		}
		yy, _ := strconv.Atoi(d.Value[0:2])
		mm, _ := strconv.Atoi(d.Value[2:4])
		dd, _ := strconv.Atoi(d.Value[4:6])
		if mm < 1 || mm > 12 || dd > 31 {
			return w, 0, "", false
		}
		code += 2 * k
		date = yy*384 + (mm-1)*32 + dd
	} else {
		// Without a date, zint and the other writers take method 1,
		// of as many bits; so does this one (methods' order).
		return w, 0, "", false
	}
	w.put(0b0111000+code, 7)
	putGTIN12(&w, g)
	w.put(int(ai[3]-'0')*100000+weight, 20)
	w.put(date, 16)
	return w, -1, "", true
}

func method01100(es string, fields []gs1.Field) (w bits, vls int, rest string, ok bool) {
	g, ok := gtin9(fields)
	if !ok || len(fields[1].AI) != 4 || fields[1].AI[:3] != "392" || fields[1].AI[3] > '3' {
		return w, 0, "", false
	}
	w.put(0b01100, 5)
	vls = len(w.b) + 1
	w.put(0, 2)
	putGTIN12(&w, g)
	w.put(int(fields[1].AI[3]-'0'), 2)
	return w, vls, es[20:], true
}

func method01101(es string, fields []gs1.Field) (w bits, vls int, rest string, ok bool) {
	g, ok := gtin9(fields)
	if !ok || len(fields[1].AI) != 4 || fields[1].AI[:3] != "393" || fields[1].AI[3] > '3' || len(fields[1].Value) < 4 {
		return w, 0, "", false
	}
	cur, err := strconv.Atoi(fields[1].Value[:3])
	if err != nil {
		return w, 0, "", false
	}
	w.put(0b01101, 5)
	vls = len(w.b) + 1
	w.put(0, 2)
	putGTIN12(&w, g)
	w.put(int(fields[1].AI[3]-'0'), 2)
	w.put(cur, 10)
	return w, vls, es[23:], true
}

// Limits of DataBar Expanded (§7.2.1): 22 symbol characters at most, the
// check character among them, and 4 at least.
const (
	maxChars = 22
	minChars = 4
)

// expandedValues returns the values of the data characters (the check
// character not among them) of the shortest DataBar Expanded symbol of
// element string es. With perRow, the segments of a row of Expanded
// Stacked, a last row of a single character is avoided (§7.2.8).
func expandedValues(es string, perRow int) ([]int, error) {
	fields, err := gs1.Parse(strings.TrimRight(es, "\x1d"))
	if err != nil {
		return nil, err
	}
	var best []int
	var bestErr error
	fewest := 0 // the fewest symbol characters of a method too long
	for _, m := range methods {
		w, vls, rest, ok := m(es, fields)
		if !ok {
			continue
		}
		w.b = append([]byte{0}, w.b...) // the linkage flag: no composite
		v, err := finish(w, vls, rest, perRow)
		if err != nil {
			var tm tooMany
			if errors.As(err, &tm) {
				if fewest == 0 || int(tm) < fewest {
					fewest, bestErr = int(tm), err
				}
			} else if bestErr == nil {
				bestErr = err
			}
			continue
		}
		if best == nil || len(v) < len(best) {
			best = v
		}
	}
	if best == nil {
		return nil, bestErr
	}
	return best, nil
}

// tooMany is the error of finish for data that takes more than maxChars
// symbol characters, the check character included: how many it takes.
type tooMany int

func (n tooMany) Error() string {
	return fmt.Sprintf("%d symbol characters, %d at most", int(n), maxChars)
}

// finish encodes the general-purpose data rest after the method's bits w,
// pads the bits to whole characters, fills in the variable length symbol
// field at vls, and returns the data characters' values.
func finish(w bits, vls int, rest string, perRow int) ([]int, error) {
	mode, last, err := encodeGeneral(&w, rest)
	if err != nil {
		return nil, err
	}
	chars := func(n int) int { // data characters for n bits
		c := max((n+11)/12, minChars-1)
		if perRow > 0 && (c+1)%perRow == 1 {
			c++
		}
		return c
	}
	if last != 0 {
		room := 12*chars(len(w.b)) - len(w.b)
		if room >= 4 && room <= 6 {
			w.put(int(last-'0')+1, 4)
		} else {
			w.put(11*int(last-'0')+10+8, 7)
		}
	}
	n := chars(len(w.b))
	if n+1 > maxChars {
		return nil, tooMany(n + 1)
	}
	room := 12*n - len(w.b)
	padding := ""
	if mode == numeric {
		padding = "0000"
	}
	for len(padding) < room {
		padding += "00100"
	}
	for _, c := range padding[:room] {
		w.b = append(w.b, byte(c-'0'))
	}
	if vls >= 0 {
		w.b[vls] = byte((n + 1) & 1)
		if n+1 > 14 {
			w.b[vls+1] = 1
		}
	}
	values := make([]int, n)
	for i := range values {
		for _, b := range w.b[12*i : 12*i+12] {
			values[i] = values[i]<<1 | int(b)
		}
	}
	return values, nil
}

// decodeValues returns the element string of the data characters'
// values, and reports whether they hold one (§7.2.5).
func decodeValues(values []int) (string, bool) {
	var r bits
	for _, v := range values {
		r.put(v, 12)
	}
	if _, ok := r.get(1); !ok { // linkage flag
		return "", false
	}
	var out []byte
	m1, _ := r.get(1)
	if m1 == 1 {
		if !vlsOK(&r, len(values)) {
			return "", false
		}
		ind, ok := r.get(4)
		g, ok2 := getGTIN12(&r)
		if !ok || !ok2 || ind > 9 {
			return "", false
		}
		out = appendGTIN(out, strconv.Itoa(ind)+g)
		return general(&r, out)
	}
	m2, ok := r.get(1)
	if !ok {
		return "", false
	}
	if m2 == 0 {
		if !vlsOK(&r, len(values)) {
			return "", false
		}
		return general(&r, out)
	}
	m, ok := r.get(2) // after 01
	if !ok {
		return "", false
	}
	switch m {
	case 0b00, 0b01: // 0100, 0101
		g, ok := getGTIN12(&r)
		v, ok2 := r.get(15)
		if !ok || !ok2 {
			return "", false
		}
		out = appendGTIN(out, "9"+g)
		switch {
		case m == 0b00:
			out = append(out, "3103"+pad(v, 6)...)
		case v < 10000:
			out = append(out, "3202"+pad(v, 6)...)
		default:
			out = append(out, "3203"+pad(v-10000, 6)...)
		}
		return string(out), true
	case 0b10: // 0110x
		x, ok := r.get(1)
		if !ok || !vlsOK(&r, len(values)) {
			return "", false
		}
		g, ok := getGTIN12(&r)
		d, ok2 := r.get(2)
		if !ok || !ok2 {
			return "", false
		}
		out = appendGTIN(out, "9"+g)
		if x == 0 {
			out = append(out, "392"+strconv.Itoa(d)...)
		} else {
			cur, ok := r.get(10)
			if !ok || cur > 999 {
				return "", false
			}
			out = append(out, "393"+strconv.Itoa(d)+pad(cur, 3)...)
		}
		return general(&r, out)
	default: // 0111xxx
		code, ok := r.get(3)
		g, ok2 := getGTIN12(&r)
		weight, ok3 := r.get(20)
		date, ok4 := r.get(16)
		if !ok || !ok2 || !ok3 || !ok4 || weight >= 1000000 {
			return "", false
		}
		out = appendGTIN(out, "9"+g)
		ai := "310"
		if code&1 == 1 {
			ai = "320"
		}
		out = append(out, ai+strconv.Itoa(weight/100000)+pad(weight%100000, 6)...)
		if date != noDate {
			if date > noDate {
				return "", false
			}
			out = append(out, dateAIs[code>>1]+pad(date/384, 2)+pad(date%384/32+1, 2)+pad(date%32, 2)...)
		}
		return string(out), true
	}
}

// vlsOK reads the variable length symbol field and reports whether it
// agrees with the symbol's data characters.
func vlsOK(r *bits, data int) bool {
	v, ok := r.get(2)
	total := data + 1
	return ok && v>>1 == total&1 && (v&1 == 1) == (total > 14)
}

// appendGTIN appends AI 01 and the GTIN-14 of 13 digits with its check
// digit.
func appendGTIN(out []byte, digits string) []byte {
	return append(append(append(out, "01"...), digits...), checkDigit(digits))
}

// general appends the general-purpose field of r to out and returns the
// element string, without a trailing GS.
//
// FNC1 in alphanumeric and ISO/IEC 646 modes returns to numeric mode, or
// keeps the mode, as writers differ (decodeGeneral); the reading that
// makes a valid element string is taken, that of numeric mode first.
// Without one, the first reading that is GS1 in shape (aiShaped) is: data
// that breaks the rules of its AIs (a lot number with a space, an amount
// of 54 digits) is what the symbol carries, and readers in the field
// report it as it is, as the reference corpus expects.
func general(r *bits, out []byte) (string, bool) {
	pos := r.pos
	var readings [2][]byte
	for i, numericAfter := range [2]bool{true, false} {
		r.pos = pos
		s, ok := decodeGeneral(r, append([]byte(nil), out...), numericAfter)
		for len(s) > 0 && s[len(s)-1] == gs {
			s = s[:len(s)-1]
		}
		if !ok || len(s) == 0 || s[0] == gs || bytes.Contains(s, []byte{gs, gs}) {
			// A separator ends a field of variable length: one
			// first, or after another, ends none.
			continue
		}
		if _, err := gs1.Split(string(s)); err == nil {
			return string(s), true
		}
		readings[i] = s
	}
	for _, s := range readings {
		if s != nil && aiShaped(s) {
			return string(s), true
		}
	}
	// Neither reading is GS1 data, even in shape: a symbol of DataBar
	// Expanded carries nothing else, so the characters were misread.
	return "", false
}

// aiShaped reports whether the element string es is GS1 data in shape
// (GS1 General Specifications §7.8): every field starts with a known AI,
// a field of predefined length takes that many digits, and every other
// field holds data up to the next GS or the end. Unlike gs1.Split it lets
// the data of the others break their AI's character set and length.
func aiShaped(es []byte) bool {
	pos := 0
	for pos < len(es) {
		if es[pos] == gs {
			pos++
			continue
		}
		var a *gs1.AI
		for n := 2; n <= 4 && a == nil && pos+n <= len(es); n++ {
			a, _ = gs1.Lookup(string(es[pos : pos+n]))
		}
		if a == nil {
			return false
		}
		pos += len(a.Code)
		if a.Predefined {
			// The AIs of predefined length are all numeric (§7.8.5):
			// a letter or a separator in one is a misread.
			_, n := a.Length()
			if len(es)-pos < n {
				return false
			}
			for _, c := range es[pos : pos+n] {
				if c < '0' || c > '9' {
					return false
				}
			}
			pos += n
			continue
		}
		end := bytes.IndexByte(es[pos:], gs)
		if end < 0 {
			end = len(es) - pos
		}
		if end == 0 {
			return false
		}
		pos += end
	}
	return true
}
