package qr

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// QR Code Model 1 is the original form of the symbology (AIM ITS/97-001),
// kept in ISO/IEC 18004:2000 Annex M for reading old symbols. It shares with
// Model 2 the sizes (17+4·version modules, versions 1 to 14 only), the finder
// patterns, separators, timing patterns, format information positions and
// dark module, the data masks and the Reed–Solomon code; it differs in:
//
//   - the format information, whose 15 bits are XORed with 010100000100101
//     instead of Model 2's 101010000010010, which is how a reader tells the
//     models apart;
//   - no alignment patterns and no version information; from version 2,
//     extension patterns along the right and bottom edges instead;
//   - the placement of the codewords, each in a fixed 2×4 or 4×2 module
//     rectangle (model1Layout);
//   - the error correction blocks (model1ECTable), all of one length, with
//     remainder codewords where they do not fill the symbol, and not
//     interleaved: the data codewords of each block in turn, then the error
//     correction codewords of each block in turn, then the remainder;
//   - the bit stream, which starts with four 0 bits before the first mode
//     indicator and has no ECI or FNC1 modes (ISO/IEC 15424 gives Model 1
//     the single symbology identifier ]Q0, with none of the variants ]Q2 to
//     ]Q6 that signal them in Model 2).
//
// The layout and block order below were checked against Model 1 symbols
// made by other encoders (the zxing-cpp corpus holds a version 2-M symbol
// and a version 5-H one of two blocks), and the codeword counts against
// Table M.2 for every version and level (model1_test.go). The place of
// remainder codewords, at the end, is the one thing no symbol at hand
// shows.

const (
	maxModel1Version = 14
	// model1FormatMask is XORed onto Model 1 format information in place
	// of formatMask (ISO/IEC 18004:2000 Annex M); both Model 1 symbols of
	// the corpus carry their format information under it with no bit
	// wrong.
	model1FormatMask = 0x2825
)

// model1ECTable is ISO/IEC 18004:2000 Annex M, Table M.2 (error correction
// characteristics for QR Code Model 1), reduced to what cannot be computed:
// for each version (row index) and level L, M, Q, H, the number of blocks
// and the error correction codewords per block. Every block of a symbol has
// the same length, the total codewords divided by the number of blocks,
// rounded down; the codewords left over are remainder codewords. The data
// codewords per block follow; model1_test.go checks them against Table M.2.
// (The standard's text was not at hand: the rows are as zxing-cpp's reader
// transcribes Table M.2, and model1_test.go checks them against the
// layout, which they fill to within fewer codewords than there are blocks
// at every version and level, and against the published capacity of
// version 14-L.)
var model1ECTable = [maxModel1Version + 1][4]ecBlocks{
	{},
	{{1, 7}, {1, 10}, {1, 13}, {1, 17}},  // 1
	{{1, 10}, {1, 16}, {1, 22}, {1, 30}}, // 2
	{{1, 15}, {1, 28}, {1, 36}, {1, 48}}, // 3
	{{1, 20}, {1, 40}, {1, 50}, {1, 66}}, // 4
	{{1, 26}, {1, 52}, {1, 66}, {2, 44}}, // 5
	{{1, 34}, {2, 32}, {2, 42}, {2, 56}}, // 6
	{{1, 42}, {2, 40}, {2, 52}, {3, 46}}, // 7
	{{2, 24}, {2, 48}, {2, 64}, {3, 56}}, // 8
	{{2, 30}, {2, 60}, {3, 50}, {3, 68}}, // 9
	{{2, 34}, {2, 68}, {3, 58}, {4, 58}}, // 10
	{{2, 40}, {4, 40}, {4, 52}, {5, 54}}, // 11
	{{2, 46}, {4, 46}, {4, 58}, {5, 62}}, // 12
	{{3, 36}, {4, 52}, {4, 66}, {6, 58}}, // 13
	{{3, 40}, {4, 60}, {5, 60}, {6, 66}}, // 14
}

// model1Blocks returns the block structure of a Model 1 version and level:
// Blocks blocks, each of Data data and EC error correction codewords.
func model1Blocks(version int, l Level) qrfamily.Blocks {
	e := model1ECTable[version][l]
	per := getModel1Layout(version).words / e.Blocks
	return qrfamily.Blocks{Count: e.Blocks, EC: e.EC, Short: e.Blocks, Data: per - e.EC}
}

// A model1Layout is the codeword placement of a Model 1 version, built once
// on first use and read-only afterwards.
//
// Every codeword fills a rectangle of 8 modules, its most significant bit
// in the rectangle's bottom-right module, the bits following right to left
// along each row, rows from the bottom up. The rectangles come in this
// order, each column or strip taken from the bottom of the symbol upwards:
//
//  1. the two 2-module columns at the right edge, rightmost first, from row
//     9 down, in 2×4 rectangles (2 wide, 4 tall);
//  2. the 4-module strips between columns 9 and N-5, from the right, in
//     4×2 rectangles, skipping the timing pattern row and, in the first
//     strip, the rows of the upper-right finder pattern;
//  3. the four 2-module columns left of column 9 (skipping the timing
//     pattern column), from the right, between rows 9 and N-9, in 2×4
//     rectangles.
//
// The extension patterns take the place of some edge rectangles: along the
// right and the bottom edge, 4 modules dark on the edge with the 4 beside
// them light, starting 8, 16, ... (up to 4·version) modules from the
// bottom-right corner module: ⌊version/2⌋ on each edge.
type model1Layout struct {
	words int // codewords the symbol holds, remainder codewords included
	// order lists the module index (y*n+x) of every codeword bit: bit 7 of
	// codeword 0 first.
	order []uint16
	// flip[m][k] holds the bits of codeword k that mask pattern m inverts.
	flip [8][]byte
}

var model1Layouts [maxModel1Version + 1]struct {
	once sync.Once
	l    *model1Layout
}

// getModel1Layout returns the layout of a Model 1 version (1-14).
func getModel1Layout(version int) *model1Layout {
	e := &model1Layouts[version]
	e.once.Do(func() { e.l = newModel1Layout(version) })
	return e.l
}

// model1Extension reports whether the edge rectangle starting d modules
// from the bottom-right corner module (its nearer end) is an extension
// pattern.
func model1Extension(version, d int) bool {
	return d > 0 && d%8 == 0 && d <= 4*version
}

func newModel1Layout(version int) *model1Layout {
	n := size(version)
	l := &model1Layout{}
	// rect appends the modules of a w×h rectangle whose bottom-right module
	// is (x, y).
	rect := func(x, y, w, h int) {
		for dy := range h {
			for dx := range w {
				l.order = append(l.order, uint16((y-dy)*n+x-dx))
			}
		}
	}
	for col := range 2 {
		for k := range version + 2 {
			if col == 0 && model1Extension(version, 4*k) {
				continue
			}
			rect(n-1-2*col, n-1-4*k, 2, 4)
		}
	}
	for s := range version + 1 {
		x := n - 5 - 4*s
		for y := n - 1; y > 0; y -= 2 {
			if y == 6 {
				y = 5 // the timing pattern row
			}
			if s == 0 && y <= 8 || y == n-1 && model1Extension(version, 4+4*s) {
				continue
			}
			rect(x, y, 4, 2)
		}
	}
	for _, x := range [4]int{8, 5, 3, 1} {
		for k := range version {
			rect(x, n-9-4*k, 2, 4)
		}
	}
	l.words = len(l.order) / 8
	for m := range 8 {
		l.flip[m] = make([]byte, l.words)
		for k, idx := range l.order {
			if qrfamily.MaskBit(m, int(idx)/n, int(idx)%n) {
				l.flip[m][k/8] |= 0x80 >> (k % 8)
			}
		}
	}
	return l
}

// The errors of decodeModel1 that come before any codeword is read, made
// once: the detector meets them at nearly every grid it tries.
var (
	errFormatUnreadable = fmt.Errorf("qr: %w: format information unreadable", symbology.ErrFormat)
	errNoExtensions     = fmt.Errorf("qr: %w: Model 1 format information without extension patterns", symbology.ErrFormat)
)

// model1Extensions reports whether the extension patterns of a Model 1
// symbol of the given version show in pix (N×N modules), no more than a
// quarter of their modules wrong. Version 1 has none.
func model1Extensions(pix []bool, n, version int) bool {
	total, wrong := 0, 0
	for d := 8; d <= 4*version; d += 8 {
		for i := range 4 {
			y := n - 1 - d - i
			// Dark on the edge, light beside it: right edge, then bottom.
			for _, p := range [4]struct {
				idx  int
				dark bool
			}{{y*n + n - 1, true}, {y*n + n - 2, false}, {(n-1)*n + y, true}, {(n-2)*n + y, false}} {
				total++
				if pix[p.idx] != p.dark {
					wrong++
				}
			}
		}
	}
	return 4*wrong <= total
}

// decodeModel1 decodes the N×N modules pix, read straight, as a Model 1
// symbol; l is the Model 2 layout of the same size, for the format
// information positions.
func decodeModel1(pix []bool, l *layout) (symbology.Barcode, error) {
	if l.version > maxModel1Version {
		return symbology.Barcode{}, errFormatUnreadable
	}
	// Both format information copies, each within the BCH code's 3-error
	// reach, the nearer first. Unmasking with model1FormatMask and masking
	// again with formatMask turns a Model 1 word into the Model 2 word of
	// the same level and mask.
	type format struct {
		level      Level
		mask, dist int
	}
	var cand [2]format
	nc := 0
	for c := range 2 {
		var w uint32
		for i, p := range l.formatPos[c] {
			if pix[p] {
				w |= 1 << i
			}
		}
		lv, mask, d := decodeFormat(w ^ model1FormatMask ^ formatMask)
		switch {
		case d > 3:
		case nc == 1 && cand[0].level == lv && cand[0].mask == mask:
			cand[0].dist = min(cand[0].dist, d)
		case nc == 1 && d < cand[0].dist:
			cand[0], cand[1] = format{lv, mask, d}, cand[0]
			nc++
		default:
			cand[nc] = format{lv, mask, d}
			nc++
		}
	}
	if nc == 0 {
		return symbology.Barcode{}, errFormatUnreadable
	}
	// Half of all 15-bit words lie within 3 bits of a format word: what
	// else is sampled where no symbol is, or where a Model 2 symbol was
	// sampled wrong, would come this far as often as not, and the blocks
	// of Model 1, up to 68 error correction codewords long, are costly to
	// try. The extension patterns tell a Model 1 symbol from version 2 on.
	if !model1Extensions(pix, l.n, l.version) {
		return symbology.Barcode{}, errNoExtensions
	}
	ml := getModel1Layout(l.version)
	var err error
	for _, f := range cand[:nc] {
		var bc symbology.Barcode
		bc, err = decodeModel1Data(pix, ml, l.version, f.level, f.mask)
		if err == nil {
			return bc, nil
		}
	}
	return symbology.Barcode{}, err
}

// decodeModel1Data unmasks and reads the codewords of a Model 1 symbol,
// corrects each block and parses the data.
func decodeModel1Data(pix []bool, ml *model1Layout, version int, level Level, mask int) (symbology.Barcode, error) {
	b := model1Blocks(version, level)
	words := make([]byte, b.Count*(b.Data+b.EC)) // remainder codewords are not read
	flip := ml.flip[mask]
	for i := range words {
		var c byte
		for _, idx := range ml.order[8*i : 8*i+8] {
			c <<= 1
			if pix[idx] {
				c |= 1
			}
		}
		words[i] = c ^ flip[i]
	}
	// The bit stream's four leading 0 bits are the high half of the first
	// codeword, in the corner modules: known, whatever the modules say.
	words[0] &= 0x0f
	// The blocks are not interleaved: the data codewords of every block
	// come first, block after block, then the error correction codewords
	// likewise.
	nd := b.Count * b.Data
	block := make([]byte, b.Data+b.EC)
	for i := range b.Count {
		copy(block, words[i*b.Data:(i+1)*b.Data])
		copy(block[b.Data:], words[nd+i*b.EC:nd+(i+1)*b.EC])
		if _, err := reedsolomon.QR.Decode(block, b.EC, nil); err != nil {
			return symbology.Barcode{}, fmt.Errorf("qr: %w: Model 1 block %d of %d: %w", symbology.ErrChecksum, i+1, b.Count, err)
		}
		copy(words[i*b.Data:], block[:b.Data])
	}
	data := words[:nd]
	if data[0]>>4 != 0 {
		return symbology.Barcode{}, streamError("a Model 1 bit stream starts with four 0 bits")
	}
	// Drop the four leading bits; the bits shifted in at the end are 0.
	for i := range data {
		data[i] <<= 4
		if i+1 < len(data) {
			data[i] |= data[i+1] >> 4
		}
	}
	p, err := parse(data, version)
	if err != nil {
		return symbology.Barcode{}, err
	}
	if p.HasECI || p.FNC1 != 0 {
		return symbology.Barcode{}, streamError("ECI and FNC1 modes do not exist in Model 1")
	}
	bc := p.Barcode("qr")
	bc.Identifier = "]Q0"
	bc.ECLevel = level.String()
	bc.Version = strconv.Itoa(version)
	return bc, nil
}
