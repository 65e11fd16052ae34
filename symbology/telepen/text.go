package telepen

import "strconv"

// decodeText returns the text of the data characters values of a symbol
// with start pattern start, and the symbology identifier's modifier
// (ISO/IEC 15424): 0 full ASCII, 1 double-density numeric, 2 numeric then
// full ASCII after DLE, 4 full ASCII then numeric after DLE. ok is false
// for values the mode cannot hold.
//
// In double-density numeric mode each character is a pair of digits, its
// value less 27, or a digit and X, its value less 17; control characters
// stand for themselves. Symbols with the alpha start pattern may hold
// numeric data all the same, as some printers make them: they read as
// numeric as looksNumeric says.
func decodeText(values []byte, start int) (string, int, bool) {
	d := -1 // the DLE, if any
	dles := 0
	for k, v := range values {
		if v == dle {
			if d < 0 {
				d = k
			}
			dles++
		}
	}
	if start == startAlpha && looksNumeric(values) {
		start = startNumeric
	}
	if d == 0 && start != startAlpha || dles > 1 && start != startAlpha {
		return "", 0, false // DLE first, or twice, in a mode it switches
	}
	switch start {
	case startAlpha:
		return string(values), 0, true
	case startNumeric:
		if d < 0 {
			s, ok := numeric(values)
			return s, 1, ok
		}
		s, ok := numeric(values[:d])
		return s + string(values[d+1:]), 2, ok
	default:
		if d < 0 {
			return string(values), 0, true
		}
		s, ok := numeric(values[d+1:])
		return string(values[:d]) + s, 4, ok
	}
}

// looksNumeric reports whether values behind the alpha start pattern read
// as double-density numeric: they hold a control character that numeric
// mode uses (16 to 31: DLE and digits with X or pairs up to 04) and none
// that it does not (below 16), with at most one DLE and not first, as
// zxing-cpp guesses.
func looksNumeric(values []byte) bool {
	low, pairs, dles := false, false, 0
	for _, v := range values {
		low = low || v < dle
		pairs = pairs || v < 32
		if v == dle {
			dles++
		}
	}
	return pairs && !low && dles <= 1 && (len(values) == 0 || values[0] != dle)
}

// numeric returns the digits of double-density numeric values.
func numeric(values []byte) (string, bool) {
	b := make([]byte, 0, 2*len(values))
	for _, v := range values {
		switch {
		case v < dle || v == 0x7F:
			b = append(b, v)
		case v > dle && v < 27:
			b = append(b, '0'+v-17, 'X')
		case v >= 27:
			b = strconv.AppendInt(b, int64(v-27)/10, 10)
			b = append(b, '0'+(v-27)%10)
		default:
			return "", false
		}
	}
	return string(b), true
}
