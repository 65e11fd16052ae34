package aztec

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// maxMarkErrors is the most orientation-mark modules (of 12) that may be
// wrong for an orientation to be tried: the four corners' patterns differ
// from each other's rotations in at least 4 modules, so 2 errors still
// leave the right orientation the nearest. The mode message check decides
// between what remains.
const maxMarkErrors = 2

// Decode decodes a sampled Aztec Code symbol or Aztec Rune: m is its
// side×side modules, true = dark, without quiet zone, in any of the four
// rotations, mirrored or not.
//
// It fills every symbology.Barcode field that the modules determine:
// Symbology ("aztec" or "aztec-rune"), Text, Bytes, Segments,
// ContentType, GS1, ECLevel (the check codewords' share, "41%"),
// Identifier ("]z0" to "]zB", "]zC" for a rune), Version ("C1"-"C4",
// "F1"-"F32", "rune"), Mirrored, ReaderInit and Sequence — not Corners,
// Orientation or Inverted, which belong to the detector. A rune's text is
// its value in three digits, "064", as readers report it. Errors wrap
// symbology.ErrFormat (a matrix of no Aztec size, an unreadable mode
// message, an invalid bit stream) or symbology.ErrChecksum (more errors
// than Reed–Solomon correction can repair). Decode never panics.
func Decode(m *matrix.Matrix) (symbology.Barcode, error) {
	side := m.Width
	if m.Height != side || len(m.Pix) != side*side {
		return symbology.Barcode{}, formatError("a %d×%d matrix is not square", m.Width, m.Height)
	}
	var firstErr error
	for _, compact := range []bool{true, false} {
		r := coreRadius(compact)
		if side < 2*r+1 || side%2 == 0 {
			continue
		}
		for d := range 8 {
			g := orientedView{m: m, d: d}
			if markErrors(g, compact) > maxMarkErrors {
				continue
			}
			bc, err := decodeCore(g, compact)
			if err == nil {
				return bc, nil
			}
			if firstErr == nil || errors.Is(err, symbology.ErrChecksum) {
				firstErr = err
			}
		}
	}
	if firstErr == nil {
		firstErr = formatError("no orientation marks in a %d×%d matrix", side, side)
	}
	return symbology.Barcode{}, firstErr
}

// orientedView reads a matrix that shows a symbol turned by d%4 quarter
// turns clockwise, after mirroring it about its main diagonal when d ≥ 4,
// in the symbol's own coordinates.
type orientedView struct {
	m *matrix.Matrix
	d int
}

// at returns the index in the matrix of the symbol's module (x, y).
func (g orientedView) at(x, y int) int {
	n := g.m.Width
	if g.d >= 4 {
		x, y = y, x
	}
	switch g.d % 4 {
	case 1:
		x, y = n-1-y, x
	case 2:
		x, y = n-1-x, n-1-y
	case 3:
		x, y = y, n-1-x
	}
	return y*n + x
}

func (g orientedView) get(x, y int) bool { return g.m.Pix[g.at(x, y)] }

// oriented returns the symbol as a matrix in its reading orientation.
func (g orientedView) oriented() *matrix.Matrix {
	if g.d == 0 {
		return g.m
	}
	n := g.m.Width
	o := matrix.New(n, n)
	for y := range n {
		for x := range n {
			o.Pix[y*n+x] = g.get(x, y)
		}
	}
	return o
}

// markErrors counts the orientation-mark modules of g that are wrong.
func markErrors(g orientedView, compact bool) int {
	c := g.m.Width / 2
	n := 0
	for _, p := range orientationMarks(compact) {
		if g.get(c+p[0], c+p[1]) != (p[2] == 1) {
			n++
		}
	}
	return n
}

// decodeCore reads the mode message of g and decodes the symbol it
// describes, a rune if the message is one.
func decodeCore(g orientedView, compact bool) (symbology.Barcode, error) {
	side := g.m.Width
	c := side / 2
	mods := modeMessageModules(compact)
	bits := make([]byte, len(mods))
	for i, p := range mods {
		if g.get(c+p[0], c+p[1]) {
			bits[i] = 1
		}
	}
	if compact && side == 11 {
		// An Aztec Rune: no compact symbol is this small.
		runeMask(bits)
		v, _, ok := decodeModeWords(true, bits)
		if !ok {
			return symbology.Barcode{}, formatError("unreadable rune")
		}
		bc := runeBarcode(v)
		bc.Mirrored = g.d >= 4
		return bc, nil
	}
	v, _, ok := decodeModeWords(compact, bits)
	if !ok {
		return symbology.Barcode{}, formatError("unreadable mode message")
	}
	s, mm := parseModeMessage(compact, v)
	if s.Side() != side {
		return symbology.Barcode{}, formatError("mode message of a %s symbol (%d modules) in %d", s, s.Side(), side)
	}
	bc, err := decodeData(g.oriented(), s, mm)
	bc.Mirrored = g.d >= 4
	return bc, err
}

// runeBarcode is the result of Aztec Rune v.
func runeBarcode(v int) symbology.Barcode {
	text := fmt.Sprintf("%03d", v)
	bc := symbology.Barcode{Symbology: "aztec-rune", Identifier: "]zC", Version: "rune"}
	bc.SetContent([]symbology.Segment{{ECI: -1, Bytes: []byte(text)}}, false, false)
	return bc
}

// decodeData reads the data layers of symbol m, in its reading
// orientation, of size s with the mode message mm: codewords, Reed–Solomon
// correction, bit stuffing, then the bit stream.
func decodeData(m *matrix.Matrix, s Size, mm modeMessage) (symbology.Barcode, error) {
	words, err := readCodewords(m, s, mm)
	if err != nil {
		return symbology.Barcode{}, err
	}
	return decodeWords(words, s, mm)
}

// readCodewords reads the codewords of the data layers of m and corrects
// them.
func readCodewords(m *matrix.Matrix, s Size, mm modeMessage) ([]int, error) {
	n := s.Codewords()
	if mm.dataWords > n || mm.dataWords > s.maxData(mm.readerInit) {
		return nil, formatError("%d data codewords in a %s symbol of %d", mm.dataWords, s, n)
	}
	pos := s.dataModules()
	b := s.WordBits()
	words := make([]int, n)
	k := len(pos) - n*b
	for i := range words {
		v := 0
		for range b {
			v <<= 1
			if m.Pix[pos[k]] {
				v |= 1
			}
			k++
		}
		words[i] = v
	}
	if _, err := s.field().DecodeInts(words, n-mm.dataWords, nil); err != nil {
		if errors.Is(err, reedsolomon.ErrUncorrectable) {
			return nil, fmt.Errorf("aztec: %w: %w", symbology.ErrChecksum, err)
		}
		return nil, formatError("%v", err)
	}
	return words, nil
}

// decodeWords decodes corrected codewords.
func decodeWords(words []int, s Size, mm modeMessage) (symbology.Barcode, error) {
	bits, ok := unstuff(words[:mm.dataWords], s.WordBits())
	if !ok {
		return symbology.Barcode{}, formatError("a data codeword of all 0 or all 1 bits")
	}
	p, err := decodeBits(bits)
	if err != nil {
		return symbology.Barcode{}, err
	}
	bc := p.barcode(isAppendHeader(bits))
	bc.ECLevel = ecLevel(len(words)-mm.dataWords, len(words))
	bc.Version = s.String()
	bc.ReaderInit = mm.readerInit
	return bc, nil
}

// barcode turns a payload into a symbology.Barcode: the structured-append
// header taken off (when the stream announced one), FNC1 in first or second
// position taken off and noted, the text decoded per character set, and
// the symbology identifier (ISO/IEC 24778:2008 Annex F, Table F.1: 0 plain,
// 1 FNC1 in first position, 2 in second; 3 more with ECI; 6 more with a
// structured-append header).
func (p *payload) barcode(header bool) symbology.Barcode {
	bc := symbology.Barcode{Symbology: "aztec"}
	start := 0
	if header {
		// The header is in the first segment: the designators follow it.
		var first []byte
		if len(p.segs) > 0 {
			first = p.segs[0].Bytes
		}
		if seq, n, ok := appendHeader(first); ok {
			bc.Sequence = seq
			p.cut(0, n)
			start = n
		}
	}
	fnc1 := 0 // 1 first position, 2 second
	for _, at := range p.fnc1 {
		if at < start {
			continue
		}
		b := p.bytes()
		switch at - start {
		case 0:
			fnc1 = 1
		case 1:
			if c := b[0]; c >= 'A' && c <= 'Z' {
				fnc1 = 2
			}
		case 2:
			if c, d := b[0], b[1]; c >= '0' && c <= '9' && d >= '0' && d <= '9' {
				fnc1 = 2
			}
		}
		if fnc1 != 0 {
			p.cut(at-start, 1)
		}
		break
	}
	bc.SetContent(p.segs, p.hasECI, fnc1 == 1)
	mod := fnc1
	if p.hasECI {
		mod += 3
	}
	if bc.Sequence.Count > 0 {
		mod += 6
	}
	bc.Identifier = "]z" + strconv.FormatInt(int64(mod), 16)
	if mod >= 10 {
		bc.Identifier = "]z" + string(rune('A'+mod-10))
	}
	return bc
}

// bytes returns the payload's content in one slice.
func (p *payload) bytes() []byte {
	var b []byte
	for _, s := range p.segs {
		b = append(b, s.Bytes...)
	}
	return b
}

// cut removes n bytes of content from offset at on.
func (p *payload) cut(at, n int) {
	for i := range p.segs {
		s := &p.segs[i]
		if at >= len(s.Bytes) {
			at -= len(s.Bytes)
			continue
		}
		k := min(n, len(s.Bytes)-at)
		s.Bytes = append(s.Bytes[:at:at], s.Bytes[at+k:]...)
		n -= k
		at = 0
		if n == 0 {
			return
		}
	}
}
