package rmqr

import (
	"fmt"
	"math/bits"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// Decode decodes a sampled rMQR Code symbol: m is H rows of W modules,
// true = dark, one of the 32 sizes, without quiet zone. It tries the
// mirrored reading (the symbol turned over about its long axis, its rows
// in reverse order, which puts the finder pattern in the bottom-left
// corner) when the straight one fails; a mirrored symbol sampled
// left-to-right from its finder pattern reads straight.
//
// It fills every symbology.Barcode field that the modules determine:
// Symbology "rmqr", Text, Bytes, Segments, ContentType, GS1, ECLevel ("M"
// or "H"), Identifier ("]Q1" to "]Q6", as QR Code), Version ("R11x59") and
// Mirrored. Errors wrap symbology.ErrFormat or symbology.ErrChecksum.
// Decode never panics.
func Decode(m *matrix.Matrix) (symbology.Barcode, error) {
	if m == nil || m.Width <= 0 || m.Height <= 0 || len(m.Pix) != m.Width*m.Height {
		return symbology.Barcode{}, fmt.Errorf("rmqr: %w: no modules", symbology.ErrFormat)
	}
	s, ok := SizeOf(m.Height, m.Width)
	if !ok {
		return symbology.Barcode{}, fmt.Errorf("rmqr: %w: %d×%d modules is not the size of an rMQR Code symbol", symbology.ErrFormat, m.Height, m.Width)
	}
	bc, err := decodeModules(m.Pix, s)
	if err == nil {
		return bc, nil
	}
	if bc, err2 := decodeModules(flipRows(m).Pix, s); err2 == nil {
		bc.Mirrored = true
		return bc, nil
	}
	return symbology.Barcode{}, err
}

// flipRows returns m with its rows in reverse order.
func flipRows(m *matrix.Matrix) *matrix.Matrix {
	out := matrix.New(m.Width, m.Height)
	for y := range m.Height {
		copy(out.Pix[y*m.Width:(y+1)*m.Width], m.Pix[(m.Height-1-y)*m.Width:])
	}
	return out
}

// readFormat reads both copies of the format information and returns the
// level of the nearer copy that names size s within 3 bit errors, and
// whether there is one.
func readFormat(pix []bool, l *layout) (Level, bool) {
	best, bestDist := M, 4
	for c := range 2 {
		var w uint32
		for i, p := range l.formatPos[c] {
			if pix[p] {
				w |= 1 << i
			}
		}
		for lv := M; lv <= H; lv++ {
			d := bits.OnesCount32(formatWords[c][int(lv)<<5|int(l.size-1)] ^ w)
			if d < bestDist {
				best, bestDist = lv, d
			}
		}
	}
	return best, bestDist <= 3
}

// decodeModules decodes the modules of a size read straight.
func decodeModules(pix []bool, s Size) (symbology.Barcode, error) {
	l := getLayout(s)
	level, ok := readFormat(pix, l)
	if !ok {
		return symbology.Barcode{}, errFormatUnreadable
	}
	words := make([]byte, totalCodewords(s))
	for k := range 8 * len(words) {
		idx := l.order[k]
		if pix[idx] != l.mask[idx] {
			words[k/8] |= 0x80 >> (k % 8)
		}
	}
	data, err := qrfamily.Correct("rmqr", words, blocks(s, level), -1)
	if err != nil {
		return symbology.Barcode{}, err
	}
	p, err := qrfamily.Parse(data, -1, &dialects[s])
	if err != nil {
		return symbology.Barcode{}, err
	}
	bc := p.Barcode("rmqr")
	bc.ECLevel = level.String()
	bc.Version = s.String()
	return bc, nil
}

// errFormatUnreadable is made once: the reader meets it at most grids it
// tries.
var errFormatUnreadable = fmt.Errorf("rmqr: %w: format information unreadable", symbology.ErrFormat)
