package qrfamily

// MaskBit reports whether data mask pattern m (0-7) inverts the module in
// row i, column j (ISO/IEC 18004:2015 §7.8.2, Table 10). Micro QR Code
// uses patterns 1, 4, 6 and 7 as its 00 to 11, and rMQR Code pattern 4
// alone (ISO/IEC 23941:2022 §7.8.2).
func MaskBit(m, i, j int) bool {
	switch m {
	case 0:
		return (i+j)%2 == 0
	case 1:
		return i%2 == 0
	case 2:
		return j%3 == 0
	case 3:
		return (i+j)%3 == 0
	case 4:
		return (i/2+j/3)%2 == 0
	case 5:
		return i*j%2+i*j%3 == 0
	case 6:
		return (i*j%2+i*j%3)%2 == 0
	case 7:
		return ((i+j)%2+i*j%3)%2 == 0
	}
	return false
}

// Placement returns the module index (y*w+x) of every codeword bit of a
// w×h symbol in placement order (ISO/IEC 18004:2015 §7.7.3, Figure 20):
// two-module-wide columns from the right edge leftwards, alternately
// upwards and downwards, the right module of each pair first, skipping the
// modules fn marks and the whole of column skip (QR Code's vertical timing
// pattern, column 6; rMQR Code's right edge, column w-1, so that its first
// pair is columns w-2 and w-3; -1 for none).
func Placement(w, h int, fn []bool, skip int) []uint16 {
	var order []uint16
	up := true
	for right := w - 1; right > 0; right -= 2 {
		if right == skip {
			right--
		}
		for k := range h {
			y := k
			if up {
				y = h - 1 - k
			}
			for x := right; x >= right-1 && x >= 0; x-- {
				if !fn[y*w+x] {
					order = append(order, uint16(y*w+x))
				}
			}
		}
		up = !up
	}
	return order
}
