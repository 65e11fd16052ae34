package pdf417

import (
	"errors"
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
)

// Symbol structure of PDF417 (ISO/IEC 15438:2015 §5.2, §5.3, §5.8).
const (
	maxCodewords = 928 // codewords in a symbol, data and check (§5.2.1)
	minRows      = 3
	maxRows      = 90
	maxColumns   = 30
	maxLevel     = 8
	rowHeight    = 3  // module rows per symbol row Encode draws: the minimum row height is 3X (§5.8.2)
	quietZone    = 2  // light modules on each side (§5.8.3)
	startWidth   = 17 // modules of the start pattern
	stopWidth    = 18 // modules of the stop pattern
)

// Start and stop patterns as element widths, bar first (§5.3.2). Compact
// PDF417 ends each row with a single one-module bar instead of the right
// row indicator and the stop pattern (Annex G).
var (
	startPattern = []int{8, 1, 1, 1, 1, 1, 1, 3}
	stopPattern  = []int{7, 1, 1, 3, 1, 1, 1, 2, 1}
)

// defaultAspect is the width-to-height ratio, in modules with rows 3
// modules tall, that breaks ties between shapes of the same area when no
// shape is asked for: a band about three times as wide as it is tall, like
// the symbols on ID cards and shipping labels.
const defaultAspect = 3.0

// maxFlat is the most times as wide as tall, in modules, that Encode makes
// a symbol when it chooses the shape: flatter ones, a few rows of many
// columns, are the smallest in area but hard to read when tilted. zint
// 2.11's default shapes are never flatter (6.9 at most, for its smallest
// symbols), so the smallest area within this bound is never larger than
// zint's symbol of the same codewords.
const maxFlat = 7.0

// Options tunes Encode. The zero value makes a PDF417 symbol at the error
// correction level ISO/IEC 15438 Annex E recommends for its data, in the
// shape of the smallest area, with the character set chosen automatically.
type Options struct {
	// Level forces the error correction (security) level: 1 to 9 select
	// levels 0 to 8 (2^(level+1) check codewords, §5.7.1), so that the zero
	// value can mean "the level Annex E recommends for the number of data
	// codewords". MicroPDF417 has no levels; Level must be
	// 0 there.
	Level int
	// ECPercent, when Level is 0, picks the lowest level whose check
	// codewords make up at least this percentage of the data and check
	// codewords (1-99).
	ECPercent int

	// Columns fixes the number of data columns: 1-30 for PDF417, 1-4 for
	// MicroPDF417. 0 chooses.
	Columns int
	// Rows fixes the number of rows: 3-90 for PDF417, one of the heights
	// of ISO/IEC 24728 Table 1 for MicroPDF417. 0 chooses.
	Rows int
	// Aspect is the width-to-height ratio of the symbol, in modules, that
	// the chosen shape comes nearest to when neither Columns nor Rows is
	// set. 0 chooses the shape of the smallest area (width × height in
	// modules, rows drawn 3 modules tall, 2 in MicroPDF417); for PDF417
	// and Compact PDF417 among the shapes at most 7 times as wide as tall,
	// the one nearest a ratio of 3 on a tie.
	Aspect float64

	// Compact writes Compact PDF417 (Annex G): rows end with a one-module
	// bar instead of the right row indicator and the stop pattern.
	Compact bool
	// Micro writes MicroPDF417 (ISO/IEC 24728) in the smallest of its 34
	// sizes that holds the data (or the one Columns and Rows name).
	Micro bool

	// ECI selects the character set. 0 chooses the one that gives the
	// smallest symbol among those of eci.DefaultChoices, keeping the
	// earlier on a tie: no designator for ASCII text; else UTF-8 (ECI
	// 26), the first single-byte set that holds the text (ISO-8859-5 for
	// Cyrillic, ...), the East Asian sets that hold it in fewer bytes than
	// UTF-8, and last ISO-8859-1, the default character set, without its
	// designator when readers that guess the character set of
	// undesignated bytes (eci.Guess) take the bytes for ISO-8859-1.
	// A positive value forces that ECI, which must be eci.Known unless
	// Binary is set.
	ECI int
	// Binary encodes the bytes of the data string as they are, with no
	// character-set conversion and no designator unless ECI is set.
	Binary bool
	// ReaderInit marks the symbol as reader programming (codeword 921,
	// §5.4.1.4).
	ReaderInit bool
	// Macro makes the symbol one segment of a Macro PDF417 file (Annex
	// H); nil means it stands alone.
	Macro *Macro
}

// Code is an encoded PDF417, Compact PDF417 or MicroPDF417 symbol.
type Code struct {
	Columns int  // data columns
	Rows    int  // rows
	Level   int  // error correction level 0-8; -1 for MicroPDF417
	Compact bool // Compact PDF417
	Micro   bool // MicroPDF417
	// Codewords are the symbol's codewords in reading order, row by row:
	// data (with the length descriptor first in PDF417), padding and the
	// Macro PDF417 control block, then the check codewords.
	Codewords []int
	// ECCodewords is the number of check codewords at the end.
	ECCodewords int
	// Modules is the symbol without quiet zone, true for dark: each row of
	// codewords is drawn 3 modules tall (2 for MicroPDF417).
	Modules *matrix.Matrix
}

// Version returns the symbol's size as columns×rows, as in "5x10".
func (c *Code) Version() string { return fmt.Sprintf("%dx%d", c.Columns, c.Rows) }

// Encode encodes text as a PDF417 symbol, or Compact PDF417 or MicroPDF417
// as opts ask. Errors wrap symbology.ErrInvalidData (no text outside a
// Macro PDF417 segment, a character the chosen character set lacks, an
// invalid option) or symbology.ErrTooLong (a *symbology.TooLongError,
// which says what fits).
func Encode(text string, opts Options) (*Code, error) {
	if opts.Micro && opts.Compact {
		return nil, fmt.Errorf("pdf417: %w: Compact and Micro together", symbology.ErrInvalidData)
	}
	if text == "" && opts.Macro == nil {
		// Only a Macro PDF417 segment may carry no data (Annex H.2).
		return nil, fmt.Errorf("pdf417: %w: no data to encode", symbology.ErrInvalidData)
	}
	msgs, err := messages(text, opts)
	if err != nil {
		return nil, err
	}
	var mac []int
	if opts.Macro != nil {
		if mac, err = macroCodewords(opts.Macro); err != nil {
			return nil, err
		}
	}
	// Each encoding of the text in its smallest shape; the smallest area
	// in modules wins, the earlier encoding on a tie. When none fits, the
	// error is that of the one that came nearest.
	var best *Code
	var firstErr error
	for _, m := range msgs {
		var c *Code
		if opts.Micro {
			c, err = encodeMicro(m.cw, mac, opts)
		} else {
			c, err = encodeFull(m.cw, mac, opts)
		}
		if errors.Is(err, errNoRoom) {
			err = m.tooLong(len(mac), opts)
		}
		if err != nil {
			firstErr = symbology.Nearer(firstErr, err)
			continue
		}
		if best == nil || c.Modules.Width*c.Modules.Height < best.Modules.Width*best.Modules.Height {
			best = c
		}
	}
	if best == nil {
		return nil, firstErr
	}
	return best, nil
}

// A message is the text in one encoding: its codewords, reader
// initialisation and the ECI designator before the compacted data.
type message struct {
	cw    []int
	head  int    // the codewords before the data
	bytes []byte // the bytes compacted
	chars int    // the characters of the text (its bytes with Options.Binary)
}

// messages returns the message in each encoding Encode tries — the one
// Options.ECI or Binary asks for, or those of eci.DefaultChoices.
func messages(text string, opts Options) ([]message, error) {
	var choices []eci.Choice
	switch {
	case opts.ECI < 0 || opts.ECI > 811799:
		return nil, fmt.Errorf("pdf417: %w: ECI %d (0-811799)", symbology.ErrInvalidData, opts.ECI)
	case opts.Binary:
		choices = []eci.Choice{{ECI: opts.ECI, Bytes: []byte(text)}}
	case !utf8.ValidString(text):
		return nil, fmt.Errorf("pdf417: %w: text is not valid UTF-8 (set Binary for bytes)", symbology.ErrInvalidData)
	case opts.ECI > 0:
		if !eci.Known(opts.ECI) {
			return nil, fmt.Errorf("pdf417: %w: ECI %d is not a character set barkit can convert to", symbology.ErrInvalidData, opts.ECI)
		}
		b, err := eci.Encode(opts.ECI, text)
		if err != nil {
			return nil, fmt.Errorf("pdf417: %w: %w", symbology.ErrInvalidData, err)
		}
		choices = []eci.Choice{{ECI: opts.ECI, Bytes: b}}
	default:
		choices = eci.DefaultChoices(text)
	}
	chars := len(text)
	if !opts.Binary {
		chars = utf8.RuneCountInString(text)
	}
	var out []message
	for _, c := range choices {
		cw := opts.header(c.ECI)
		head := len(cw)
		data, ok := compact(c.Bytes, false)
		if !ok {
			continue
		}
		out = append(out, message{append(cw, data...), head, c.Bytes, chars})
	}
	if len(out) == 0 {
		// Longer than any symbol holds, whatever its content.
		if _, err := levelFor(1, opts); err != nil && !opts.Micro {
			return nil, err
		}
		m := message{head: len(opts.header(choices[0].ECI)), bytes: choices[0].Bytes, chars: chars}
		var mac []int
		if opts.Macro != nil {
			mac, _ = macroCodewords(opts.Macro)
		}
		return nil, m.tooLong(len(mac), opts)
	}
	return out, nil
}

// appendECI appends the codewords of ECI designator n (§5.5.1).
func appendECI(out []int, n int) []int {
	switch {
	case n < 900:
		return append(out, eciCharset, n)
	case n < 810900:
		return append(out, eciGeneral, n/900-1, n%900)
	}
	return append(out, eciUser, n-810900)
}

// recommendedLevel returns the minimum error correction level ISO/IEC
// 15438:2015 Annex E recommends for a number of data codewords.
func recommendedLevel(n int) int {
	switch {
	case n <= 40:
		return 2
	case n <= 160:
		return 3
	case n <= 320:
		return 4
	}
	return 5
}

// header returns the codewords written before the data under the ECI
// designator des (0 for none): reader initialisation and the designator.
func (opts Options) header(des int) []int {
	var cw []int
	if opts.ReaderInit {
		cw = append(cw, readerInit)
	}
	if des > 0 {
		cw = appendECI(cw, des)
	}
	return cw
}

// errNoRoom: the codewords fit no symbol the options allow; Encode turns
// it into a *symbology.TooLongError that says what fits.
var errNoRoom = fmt.Errorf("pdf417: %w", symbology.ErrTooLong)

// levelFor returns the error correction level of a PDF417 symbol of nData
// data codewords (with the symbol length descriptor): the one opts force,
// the lowest with opts.ECPercent check codewords, or the one Annex E
// recommends, lowered as far as the largest symbol needs.
func levelFor(nData int, opts Options) (int, error) {
	switch {
	case opts.Level < 0 || opts.Level > maxLevel+1:
		return 0, fmt.Errorf("pdf417: %w: level %d (1-9 select levels 0-8)", symbology.ErrInvalidData, opts.Level)
	case opts.Level > 0:
		return opts.Level - 1, nil
	case opts.ECPercent < 0 || opts.ECPercent > 99:
		return 0, fmt.Errorf("pdf417: %w: error correction %d%% (1-99%%)", symbology.ErrInvalidData, opts.ECPercent)
	case opts.ECPercent > 0:
		for l := 0; l <= maxLevel; l++ {
			ec := 2 << l
			if 100*ec >= opts.ECPercent*(nData+ec) {
				return l, nil
			}
		}
		return maxLevel, nil
	}
	level := recommendedLevel(nData)
	// Large messages get the highest level that still fits.
	for level > 0 && nData+(2<<level) > maxCodewords {
		level--
	}
	return level, nil
}

// encodeFull builds a PDF417 or Compact PDF417 symbol.
func encodeFull(data, mac []int, opts Options) (*Code, error) {
	nData := 1 + len(data) + len(mac) // with the symbol length descriptor
	level, err := levelFor(nData, opts)
	if err != nil {
		return nil, err
	}
	nEC := 2 << level
	if nData+nEC > maxCodewords {
		return nil, errNoRoom
	}
	cols, rows, err := chooseShape(nData+nEC, opts)
	if err != nil {
		return nil, err
	}
	total := cols * rows
	cw := make([]int, 0, total)
	cw = append(cw, total-nEC) // the symbol length descriptor (§5.2.3)
	cw = append(cw, data...)
	// Padding goes before the Macro PDF417 control block, which must end
	// the data (Annex H.2).
	for len(cw)+len(mac) < total-nEC {
		cw = append(cw, latchText)
	}
	cw = append(cw, mac...)
	ec := make([]int, nEC)
	reedsolomon.PDF417.EncodeInts(cw, ec)
	cw = append(cw, ec...)
	return &Code{
		Columns: cols, Rows: rows, Level: level, Compact: opts.Compact,
		Codewords: cw, ECCodewords: nEC,
		Modules: layout(cw, cols, rows, level, opts.Compact),
	}, nil
}

// chooseShape picks the columns and rows of a PDF417 symbol of total
// codewords: the ones opts fix, the shape nearest opts.Aspect, or the shape
// of the smallest area.
func chooseShape(total int, opts Options) (cols, rows int, err error) {
	tooLong := func() (int, int, error) { return 0, 0, errNoRoom }
	switch {
	case opts.Columns < 0 || opts.Columns > maxColumns:
		return 0, 0, fmt.Errorf("pdf417: %w: %d columns (1-30)", symbology.ErrInvalidData, opts.Columns)
	case opts.Rows != 0 && (opts.Rows < minRows || opts.Rows > maxRows):
		return 0, 0, fmt.Errorf("pdf417: %w: %d rows (3-90)", symbology.ErrInvalidData, opts.Rows)
	case opts.Aspect < 0 || math.IsNaN(opts.Aspect) || math.IsInf(opts.Aspect, 0):
		return 0, 0, fmt.Errorf("pdf417: %w: aspect ratio %v", symbology.ErrInvalidData, opts.Aspect)
	case opts.Columns > 0 && opts.Rows > 0:
		if opts.Columns*opts.Rows < total || opts.Columns*opts.Rows > maxCodewords {
			if opts.Columns*opts.Rows > maxCodewords {
				return 0, 0, fmt.Errorf("pdf417: %w: %d×%d holds more than %d codewords", symbology.ErrInvalidData, opts.Columns, opts.Rows, maxCodewords)
			}
			return tooLong()
		}
		return opts.Columns, opts.Rows, nil
	case opts.Columns > 0:
		rows = max(minRows, (total+opts.Columns-1)/opts.Columns)
		if rows > maxRows {
			return tooLong()
		}
		return opts.Columns, rows, nil
	case opts.Rows > 0:
		cols = (total + opts.Rows - 1) / opts.Rows
		if cols > maxColumns || cols*opts.Rows > maxCodewords {
			return tooLong()
		}
		return cols, opts.Rows, nil
	}
	// The smallest area in modules, as drawn (rows rowHeight modules
	// tall), among the shapes at most maxFlat times as wide as tall (the
	// least flat when none is), the shape nearest defaultAspect on a tie;
	// or, when an aspect is asked for, the shape nearest it.
	aspect := opts.Aspect
	if aspect == 0 {
		aspect = defaultAspect
	}
	var best rank
	for c := 1; c <= maxColumns; c++ {
		// Rows beyond the fewest can only make a symbol less flat.
		r0 := max(minRows, (total+c-1)/c)
		for r := r0; r <= maxRows && c*r <= maxCodewords; r++ {
			if r > r0 && opts.Aspect > 0 {
				break
			}
			if k := shapeRank(c, r, aspect, opts); cols == 0 || k.less(best) {
				best, cols, rows = k, c, r
			}
		}
	}
	if cols == 0 {
		return tooLong()
	}
	return cols, rows, nil
}

// rank is how chooseShape ranks a shape: by flatness beyond maxFlat,
// then area, then the distance of its ratio from the aspect aimed at.
type rank struct {
	flat  float64 // width:height beyond maxFlat, 0 within
	area  int
	score float64
}

func (k rank) less(o rank) bool {
	if k.flat != o.flat {
		return k.flat < o.flat
	}
	if k.area != o.area {
		return k.area < o.area
	}
	return k.score < o.score-1e-9
}

// shapeRank returns the rank of a symbol of c columns and r rows; with
// opts.Aspect set, only the distance from it counts.
func shapeRank(c, r int, aspect float64, opts Options) rank {
	w, h := symbolWidth(c, opts.Compact), rowHeight*r
	ratio := float64(w) / float64(h)
	k := rank{area: w * h, score: math.Abs(math.Log(ratio / aspect))}
	if ratio > maxFlat {
		k.flat = ratio
	}
	if opts.Aspect > 0 {
		k.flat, k.area = 0, 0
	}
	return k
}

// symbolWidth returns the width in modules of a PDF417 symbol with cols
// data columns.
func symbolWidth(cols int, compact bool) int {
	if compact {
		return startWidth + moduleCount*(cols+1) + 1
	}
	return startWidth + moduleCount*(cols+2) + stopWidth
}

// rowIndicators returns the values of the left and right row indicators of
// row r (§5.2): each row of a group of three carries, in one of
// its indicators, the number of rows, the level with the rows modulo 3, or
// the number of columns, and both carry the group number.
func rowIndicators(r, rows, cols, level int) (left, right int) {
	base := 30 * (r / 3)
	rowsPart := (rows - 1) / 3
	levelPart := 3*level + (rows-1)%3
	colsPart := cols - 1
	switch r % 3 {
	case 0:
		return base + rowsPart, base + colsPart
	case 1:
		return base + levelPart, base + rowsPart
	}
	return base + colsPart, base + levelPart
}

// layout draws the codewords of a PDF417 symbol (§5.2).
func layout(cw []int, cols, rows, level int, compact bool) *matrix.Matrix {
	w := symbolWidth(cols, compact)
	m := matrix.New(w, rows*rowHeight)
	for r := range rows {
		k := r % 3
		y := r * rowHeight
		x := drawWidths(m, 0, y, startPattern)
		left, right := rowIndicators(r, rows, cols, level)
		x = drawChar(m, x, y, k, left)
		for c := range cols {
			x = drawChar(m, x, y, k, cw[r*cols+c])
		}
		if compact {
			m.Set(x, y, true)
		} else {
			x = drawChar(m, x, y, k, right)
			drawWidths(m, x, y, stopPattern)
		}
		for dy := 1; dy < rowHeight; dy++ {
			copy(m.Pix[(y+dy)*w:(y+dy+1)*w], m.Pix[y*w:(y+1)*w])
		}
	}
	return m
}

// drawWidths draws elements of the given widths, bar first, on row y from
// x, and returns the x after them.
func drawWidths(m *matrix.Matrix, x, y int, widths []int) int {
	dark := true
	for _, n := range widths {
		if dark {
			for i := range n {
				m.Set(x+i, y, true)
			}
		}
		x += n
		dark = !dark
	}
	return x
}

// drawChar draws value v of cluster index k on row y from x.
func drawChar(m *matrix.Matrix, x, y, k, v int) int {
	w := charWidths(k, v)
	return drawWidths(m, x, y, w[:])
}
