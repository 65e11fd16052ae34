package pdf417

import (
	"fmt"
	"slices"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/symbology"
)

// correctionReserve is the number of check codewords error correction must
// leave unused for a correction to be trusted.
const correctionReserve = 2

// A kind of symbol this package reads and writes.
type kind int

const (
	kindFull    kind = iota // PDF417
	kindCompact             // Compact PDF417
	kindMicro               // MicroPDF417
)

// id returns the registry id of the kind.
func (k kind) id() string {
	switch k {
	case kindCompact:
		return "compact-pdf417"
	case kindMicro:
		return "micro-pdf417"
	}
	return "pdf417"
}

// grid is the codeword matrix of a symbol as read: values[r*cols+c] is the
// codeword in row r, data column c, or -1 when it could not be read.
type grid struct {
	kind   kind
	cols   int
	rows   int
	level  int // PDF417 error correction level
	micro  int // index into microSizes for MicroPDF417
	values []int
	// margins, when set, hold by how many votes each cell's value beat
	// the runner-up: the cells with the least are the likeliest misreads.
	margins []int
}

// ecCount returns the number of check codewords of the symbol.
func (g *grid) ecCount() int {
	if g.kind == kindMicro {
		return microSizes[g.micro].ec
	}
	return 2 << g.level
}

// decode corrects the codewords (unread ones as erasures) and decodes them.
// It returns the result and the number of codewords error correction
// changed, erasures included.
func (g *grid) decode() (symbology.Barcode, int, error) {
	cw := slices.Clone(g.values)
	nEC := g.ecCount()
	if len(cw) != g.cols*g.rows || nEC >= len(cw) {
		return symbology.Barcode{}, 0, formatError("%d codewords for %d×%d", len(cw), g.cols, g.rows)
	}
	var erasures []int
	for i, v := range cw {
		if v < 0 || v >= valueCount {
			erasures = append(erasures, i)
		}
	}
	if len(erasures) > nEC {
		return symbology.Barcode{}, 0, fmt.Errorf("pdf417: %w: %d of %d codewords unread", symbology.ErrChecksum, len(erasures), len(cw))
	}
	changed, err := g.correct(cw, nEC, erasures)
	if err != nil {
		return symbology.Barcode{}, 0, err
	}
	nData := len(cw) - nEC
	data := cw[:nData]
	if g.kind != kindMicro {
		// The symbol length descriptor counts the data codewords,
		// itself and padding included (§5.2.3). Writers that leave it
		// 0 mean all of them.
		n := cw[0]
		switch {
		case n == 0:
			n = nData
		case n > nData:
			return symbology.Barcode{}, 0, formatError("symbol length descriptor %d exceeds the %d data codewords", n, nData)
		}
		data = cw[1:n]
	}
	p, err := parseData(data)
	if err != nil {
		return symbology.Barcode{}, 0, err
	}
	bc := p.barcode(g.kind.id())
	bc.Version = fmt.Sprintf("%dx%d", g.cols, g.rows)
	if g.kind == kindMicro {
		bc.ECLevel = fmt.Sprintf("%d%%", (100*nEC+len(cw)/2)/len(cw))
	} else {
		bc.ECLevel = levelString(g.level)
	}
	return bc, changed, nil
}

// maxMarginErased is the largest vote margin of the cells correct erases
// when plain correction fails.
const maxMarginErased = 2 * weightExact

// correct runs error correction on cw (in place) with the given erasures.
// When that fails and the grid holds vote margins, it tries again with the
// least certain cells erased too — those whose value won by at most 0, 1,
// then 2 votes, fewest first — since an erasure costs one check codeword
// and an error two. A correction must keep correctionReserve check
// codewords unused to be trusted: using them up proves nothing, for any
// codewords are then one correction away from a codeword.
func (g *grid) correct(cw []int, nEC int, erasures []int) (int, error) {
	try := func(er []int) ([]int, int, error) {
		c := slices.Clone(cw)
		n, err := correct(c, nEC, er)
		if err != nil {
			return nil, 0, err
		}
		if errs := max(0, n-len(er)); len(er)+2*errs > nEC-correctionReserve {
			return nil, 0, fmt.Errorf("pdf417: %w: %d erasures and %d errors leave too little check for %d check codewords", symbology.ErrChecksum, len(er), errs, nEC)
		}
		return c, n, nil
	}
	fixed, n, err := try(erasures)
	for m := 0; err != nil && g.margins != nil && m <= maxMarginErased; m++ {
		er := slices.Clone(erasures)
		for i, v := range g.margins {
			if v <= m && g.values[i] >= 0 {
				er = append(er, i)
			}
		}
		if len(er) == len(erasures) || len(er) > nEC-correctionReserve {
			continue
		}
		var err2 error
		if fixed, n, err2 = try(er); err2 == nil {
			err = nil
		}
	}
	if err != nil {
		return 0, err
	}
	copy(cw, fixed)
	return n, nil
}

// DecodeCodewords decodes the codewords of a symbol, row by row and data
// then check codewords as Code.Codewords holds them, with the shape and
// level their row indicators or size give: cols×rows at error correction
// level 0-8 for PDF417, or one of the MicroPDF417 sizes (level ignored).
// Codewords that could not be read are given as -1 and corrected as
// erasures. It fills the content fields of the result, its symbology,
// identifier, level and version. Errors wrap symbology.ErrChecksum (too
// many errors to correct), symbology.ErrFormat or symbology.ErrUnsupported.
func DecodeCodewords(codewords []int, cols, rows, level int, micro bool) (symbology.Barcode, error) {
	g := &grid{kind: kindFull, cols: cols, rows: rows, level: level, values: codewords}
	if micro {
		g.kind = kindMicro
		g.micro = -1
		for i, s := range microSizes {
			if s.cols == cols && s.rows == rows {
				g.micro = i
			}
		}
		if g.micro < 0 {
			return symbology.Barcode{}, fmt.Errorf("pdf417: %w: no MicroPDF417 size is %d×%d", symbology.ErrFormat, cols, rows)
		}
	} else if cols < 1 || cols > maxColumns || rows < minRows || rows > maxRows || level < 0 || level > maxLevel {
		return symbology.Barcode{}, fmt.Errorf("pdf417: %w: %d×%d at level %d", symbology.ErrFormat, cols, rows, level)
	}
	bc, _, err := g.decode()
	return bc, err
}

// Decode decodes a symbol given as its module matrix, true for dark and
// without quiet zone, as Code.Modules holds it: PDF417, Compact PDF417 or
// MicroPDF417, rows of any height. It is the reader for clean images of
// known geometry; read images with the registered reader. Errors wrap
// symbology.ErrFormat, symbology.ErrChecksum or symbology.ErrUnsupported.
func Decode(m *matrix.Matrix) (symbology.Barcode, error) {
	if m == nil || m.Width < microWidth(1) || m.Height < 1 {
		return symbology.Barcode{}, fmt.Errorf("pdf417: %w: no symbol", symbology.ErrFormat)
	}
	var rows [][]bool
	for y := 0; y < m.Height; y++ {
		row := m.Pix[y*m.Width : (y+1)*m.Width]
		if len(rows) > 0 && slices.Equal(rows[len(rows)-1], row) {
			continue
		}
		rows = append(rows, row)
	}
	if g, ok := moduleRowsFull(rows); ok {
		bc, _, err := g.decode()
		return bc, err
	}
	if g, ok := moduleRowsMicro(rows); ok {
		bc, _, err := g.decode()
		return bc, err
	}
	return symbology.Barcode{}, fmt.Errorf("pdf417: %w: no PDF417 or MicroPDF417 rows", symbology.ErrFormat)
}

// widthsAt returns the widths of the n elements starting at x in a row of
// modules, or nil if the row ends first.
func widthsAt(row []bool, x, n int) []int {
	w := make([]int, 0, n)
	for len(w) < n {
		if x >= len(row) {
			return nil
		}
		c := row[x]
		start := x
		for x < len(row) && row[x] == c {
			x++
		}
		w = append(w, x-start)
	}
	return w
}

// charAt reads the symbol character at x of a row of modules.
func charAt(row []bool, x int) (value, cluster int, ok bool) {
	if x+moduleCount > len(row) || !row[x] || row[x+moduleCount-1] {
		return 0, 0, false
	}
	var p uint32
	for _, b := range row[x : x+moduleCount] {
		p <<= 1
		if b {
			p |= 1
		}
	}
	return lookupPattern(p)
}

// moduleRowsFull reads distinct module rows as PDF417 or Compact PDF417.
func moduleRowsFull(rows [][]bool) (*grid, bool) {
	w := len(rows[0])
	full := (w-startWidth-stopWidth)%moduleCount == 0 && w >= symbolWidth(1, false)
	compact := (w-startWidth-1)%moduleCount == 0 && w >= symbolWidth(1, true)
	var cols int
	var k kind
	switch {
	case full && slices.Equal(widthsAt(rows[0], w-stopWidth, len(stopPattern)), stopPattern):
		cols, k = (w-startWidth-stopWidth)/moduleCount-2, kindFull
	case compact:
		cols, k = (w-startWidth-1)/moduleCount-1, kindCompact
	default:
		return nil, false
	}
	if cols < 1 || cols > maxColumns {
		return nil, false
	}
	// Row indicators give the shape and level; every row's left one gives
	// its number.
	type read struct {
		row  int
		vals []int
	}
	var reads []read
	nRows, level := -1, -1
	var have [3]bool
	var rowsHi, rowsLo int
	for _, row := range rows {
		if !slices.Equal(widthsAt(row, 0, len(startPattern)), startPattern) {
			return nil, false
		}
		left, k, ok := charAt(row, startWidth)
		if !ok {
			return nil, false
		}
		r := 3*(left/30) + k
		switch k {
		case 0:
			rowsHi, have[0] = left%30, true
		case 1:
			level, rowsLo, have[1] = (left%30)/3, (left%30)%3, true
		case 2:
			if left%30 != cols-1 {
				return nil, false
			}
			have[2] = true
		}
		vals := make([]int, cols)
		for c := range cols {
			v, kc, ok := charAt(row, startWidth+moduleCount*(c+1))
			if !ok || kc != k {
				v = -1
			}
			vals[c] = v
		}
		reads = append(reads, read{r, vals})
	}
	if !have[0] || !have[1] {
		return nil, false
	}
	nRows = 3*rowsHi + rowsLo + 1
	if nRows < minRows || nRows > maxRows {
		return nil, false
	}
	g := &grid{kind: k, cols: cols, rows: nRows, level: level, values: make([]int, cols*nRows)}
	for i := range g.values {
		g.values[i] = -1
	}
	for _, rd := range reads {
		if rd.row < nRows {
			copy(g.values[rd.row*cols:], rd.vals)
		}
	}
	return g, true
}

// moduleRowsMicro reads distinct module rows as MicroPDF417.
func moduleRowsMicro(rows [][]bool) (*grid, bool) {
	w := len(rows[0])
	cols := 0
	for c := 1; c <= 4; c++ {
		if microWidth(c) == w {
			cols = c
		}
	}
	if cols == 0 || len(rows) > 44 {
		return nil, false
	}
	var lefts []int
	var vals [][]int
	for _, row := range rows {
		left := int(rapPatterns[0][rowPattern(row[:rapWidth])])
		if left == 0 {
			return nil, false
		}
		lefts = append(lefts, left)
		v := make([]int, cols)
		x := rapWidth
		for c := range cols {
			val, _, ok := charAt(row, x)
			if !ok {
				val = -1
			}
			v[c] = val
			x += moduleCount
			if c+1 == centreAfter(cols) {
				x += rapWidth
			}
		}
		vals = append(vals, v)
	}
	for i, s := range microSizes {
		if s.cols != cols || s.rows != len(rows) || lefts[0] != s.left {
			continue
		}
		g := &grid{kind: kindMicro, cols: cols, rows: s.rows, micro: i, values: make([]int, 0, cols*s.rows)}
		for _, v := range vals {
			g.values = append(g.values, v...)
		}
		return g, true
	}
	return nil, false
}

// rowPattern packs modules into a pattern, first module highest.
func rowPattern(mods []bool) uint32 {
	var p uint32
	for _, b := range mods {
		p <<= 1
		if b {
			p |= 1
		}
	}
	return p
}
