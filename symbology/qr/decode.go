package qr

import (
	"fmt"
	"strconv"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// Decode decodes a sampled QR Code symbol: m is N×N modules, true = dark,
// N = 17+4·version, without quiet zone. It tries the mirrored (transposed)
// reading when the straight one fails.
//
// It fills every symbology.Barcode field that the modules determine:
// Symbology "qr", Text, Bytes, Segments, ContentType, GS1, ECLevel,
// Identifier ("]Q1" to "]Q6", "]Q0" for Model 1), Version, Mirrored and
// Sequence — not Corners, Orientation or Inverted, which belong to the
// detector. Model 1 symbols (versions 1 to 14) are read too. In a symbol without
// ECI designators, the text of byte mode data is read in the character set
// eci.Guess picks (kanji mode is always Shift_JIS). GS1 data (FNC1 in first
// position) has Text in human-readable form, "(01)09506000134352(10)ABC",
// when it splits into GS1 fields (gs1.Split), and Bytes hold the element
// string with GS (0x1D) for FNC1. Errors wrap
// symbology.ErrFormat (a matrix of the wrong size, unreadable format
// information, an invalid bit stream) or symbology.ErrChecksum (a block with
// more errors than Reed–Solomon correction can repair). Decode never panics.
func Decode(m *matrix.Matrix) (symbology.Barcode, error) {
	if m == nil || m.Width != m.Height || len(m.Pix) != m.Width*m.Height {
		return symbology.Barcode{}, fmt.Errorf("qr: %w: the modules do not form a square", symbology.ErrFormat)
	}
	n := m.Width
	if n < size(minVersion) || n > size(maxVersion) || (n-17)%4 != 0 {
		return symbology.Barcode{}, fmt.Errorf("qr: %w: %d×%d modules is not the size of a QR Code version", symbology.ErrFormat, n, n)
	}
	bc, err := decodeModules(m.Pix, n)
	if err == nil {
		return bc, nil
	}
	if bc, err2 := decodeModules(m.Transpose().Pix, n); err2 == nil {
		bc.Mirrored = true
		return bc, nil
	}
	return symbology.Barcode{}, err
}

// decodeModules decodes the N×N modules pix read straight.
func decodeModules(pix []bool, n int) (symbology.Barcode, error) {
	version := (n - 17) / 4
	l := getLayout(version)

	// Format information (§7.9): both copies, each accepted within the BCH
	// code's 3-error reach, the nearer first.
	type format struct {
		level Level
		mask  int
		dist  int
	}
	var cand []format
	for c := range 2 {
		var w uint32
		for i, p := range l.formatPos[c] {
			if pix[p] {
				w |= 1 << i
			}
		}
		lv, mask, d := decodeFormat(w)
		if d > 3 {
			continue
		}
		f := format{lv, mask, d}
		switch {
		case len(cand) == 0:
			cand = append(cand, f)
		case cand[0].level == lv && cand[0].mask == mask:
			cand[0].dist = min(cand[0].dist, d)
		case d < cand[0].dist:
			cand = append([]format{f}, cand...)
		default:
			cand = append(cand, f)
		}
	}
	if len(cand) == 0 {
		// Not Model 2 format information: perhaps Model 1 (model1.go).
		return decodeModel1(pix, l)
	}

	// Version information (§7.10) must agree with the size where it can be
	// read; where neither copy can, the size decides.
	if version >= 7 {
		if v, ok := readVersion(pix, n); ok && v != version {
			return symbology.Barcode{}, fmt.Errorf("qr: %w: version information says %d, the size %d×%d says %d",
				symbology.ErrFormat, v, n, n, version)
		}
	}

	var err error
	for _, f := range cand {
		var bc symbology.Barcode
		bc, err = decodeData(pix, l, f.level, f.mask)
		if err == nil {
			return bc, nil
		}
	}
	// Model 1 format words lie 5 bits or more from Model 2 ones: a damaged
	// one can come within 3 bits of a Model 2 word.
	if bc, err1 := decodeModel1(pix, l); err1 == nil {
		return bc, nil
	}
	return symbology.Barcode{}, err
}

// readVersion reads both version information blocks and returns the version
// of the nearer one within 3 bit errors, preferring one that matches the
// size; ok is false when neither decodes.
func readVersion(pix []bool, n int) (version int, ok bool) {
	var w [2]uint32
	for i := range 18 {
		a, b := i/3, n-11+i%3
		if pix[b*n+a] { // lower left: column i/3, row n-11+i%3
			w[0] |= 1 << i
		}
		if pix[a*n+b] { // upper right, transposed
			w[1] |= 1 << i
		}
	}
	best := 4
	for _, word := range w {
		v, d := decodeVersion(word)
		if d > 3 {
			continue
		}
		if size(v) == n {
			return v, true
		}
		if d < best {
			version, best, ok = v, d, true
		}
	}
	return version, ok
}

// decodeData unmasks and reads the codewords, corrects each block and
// parses the data.
func decodeData(pix []bool, l *layout, level Level, mask int) (symbology.Barcode, error) {
	words := make([]byte, l.words)
	flip := l.flip[mask][:len(words)]
	order := l.order[:8*len(words)]
	for i := range words {
		var c byte
		for _, idx := range order[8*i : 8*i+8] {
			c <<= 1
			if pix[idx] {
				c |= 1
			}
		}
		words[i] = c ^ flip[i]
	}
	data, err := qrfamily.Correct("qr", words, blocks(l.version, level), -1)
	if err != nil {
		return symbology.Barcode{}, err
	}
	p, err := parse(data, l.version)
	if err != nil {
		return symbology.Barcode{}, err
	}
	bc := p.Barcode("qr")
	bc.ECLevel = level.String()
	bc.Version = strconv.Itoa(l.version)
	return bc, nil
}
