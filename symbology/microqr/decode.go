package microqr

import (
	"fmt"
	"math/bits"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// Decode decodes a sampled Micro QR Code symbol: m is N×N modules, true =
// dark, N = 11, 13, 15 or 17, without quiet zone. It tries the mirrored
// (transposed) reading when the straight one fails.
//
// It fills every symbology.Barcode field that the modules determine:
// Symbology "micro-qr", Text, Bytes, ContentType, ECLevel ("L" for M1,
// whose check codewords only detect errors), Identifier ("]Q1": Micro QR
// Code has no ECI or FNC1), Version ("M1" to "M4") and Mirrored. Byte mode
// data is read in the character set eci.Guess picks, kanji mode as
// Shift_JIS.
//
// A block is corrected only as far as the standard allows: its check
// codewords less those kept for misdecode protection (Table 9), so M1
// symbols are never corrected; and since two check codewords let one
// random pattern in 65536 through, an M1 symbol must also end in the
// padding the standard prescribes. Errors wrap symbology.ErrFormat or
// symbology.ErrChecksum. Decode never panics.
func Decode(m *matrix.Matrix) (symbology.Barcode, error) {
	if m == nil || m.Width != m.Height || len(m.Pix) != m.Width*m.Height {
		return symbology.Barcode{}, fmt.Errorf("micro-qr: %w: the modules do not form a square", symbology.ErrFormat)
	}
	n := m.Width
	if n < M1.Size() || n > M4.Size() || n%2 == 0 {
		return symbology.Barcode{}, fmt.Errorf("micro-qr: %w: %d×%d modules is not the size of a Micro QR Code version", symbology.ErrFormat, n, n)
	}
	bc, err := decodeModules(m.Pix, Version((n-9)/2))
	if err == nil {
		return bc, nil
	}
	if bc, err2 := decodeModules(m.Transpose().Pix, Version((n-9)/2)); err2 == nil {
		bc.Mirrored = true
		return bc, nil
	}
	return symbology.Barcode{}, err
}

// readFormat reads the format information of a symbol of version v from
// its modules and returns the symbol number and mask it is nearest to
// among those of the version, and the distance.
func readFormat(pix []bool, l *layout) (num, mask, dist int) {
	var w uint32
	for i, p := range l.formatPos {
		if pix[p] {
			w |= 1 << i
		}
	}
	return formatOf(w, l.version)
}

// formatOf returns the symbol number and mask of version v whose format
// word is nearest to w, and the distance.
func formatOf(w uint32, v Version) (num, mask, dist int) {
	dist = 16
	for i, fw := range formatWords {
		if symbols[i>>2].version != v {
			continue
		}
		if d := bits.OnesCount32(fw ^ w); d < dist {
			num, mask, dist = i>>2, i&3, d
		}
	}
	return num, mask, dist
}

// decodeModules decodes the modules of a version read straight.
func decodeModules(pix []bool, v Version) (symbology.Barcode, error) {
	l := getLayout(v)
	num, mask, dist := readFormat(pix, l)
	if dist > 3 {
		return symbology.Barcode{}, errFormatUnreadable
	}
	s := symbols[num]
	words := make([]byte, s.data+s.ec)
	k := 0
	for i := range words {
		w := s.codewordBits(i)
		var c byte
		for b := range w {
			idx := l.order[k]
			if pix[idx] != l.mask[mask][idx] {
				c |= 0x80 >> b
			}
			k++
		}
		words[i] = c
	}
	b := qrfamily.Blocks{Count: 1, EC: s.ec, Short: 1, Data: s.data}
	data, err := qrfamily.Correct("micro-qr", words, b, (s.ec-s.protect)/2)
	if err != nil {
		return symbology.Barcode{}, err
	}
	d := &dialects[v]
	p, err := qrfamily.Parse(data, s.dataBits(), d)
	if err != nil {
		return symbology.Barcode{}, err
	}
	if v == M1 && !qrfamily.PaddingOK(data, s.dataBits(), p, d) {
		return symbology.Barcode{}, fmt.Errorf("micro-qr: %w: M1 symbol without the prescribed padding", symbology.ErrFormat)
	}
	bc := p.Barcode("micro-qr")
	bc.ECLevel = s.level.String()
	bc.Version = v.String()
	return bc, nil
}

// errFormatUnreadable is made once: the reader meets it at most grids it
// tries.
var errFormatUnreadable = fmt.Errorf("micro-qr: %w: format information unreadable", symbology.ErrFormat)
