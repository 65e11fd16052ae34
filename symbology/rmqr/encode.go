package rmqr

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// Options tunes Encode. The zero value encodes at level M in the size of
// smallest area that holds the data, with the character set chosen
// automatically.
type Options struct {
	Level Level // error correction level; the zero value is M

	// Size forces a size; 0 picks the one of smallest area that holds
	// the data (of two of equal area, the lower one). A forced size
	// that is too small gives an error wrapping symbology.ErrTooLong.
	Size Size
	// Height and Width, when not 0, restrict the choice to sizes of that
	// height (7 to 17 modules) or width (27 to 139 modules): a label
	// with room for a strip of one height asks for the smallest symbol
	// of that height.
	Height, Width int

	// GS1 marks the data as a GS1 element string (FNC1 in first
	// position): Application Identifiers and their data, with GS (0x1D)
	// between a variable-length field and the next AI.
	GS1 bool

	// ECI selects the character set. 0 chooses the one that gives the
	// symbol of smallest area, trying in turn, as QR Code's writer does
	// (qrfamily.Text.Candidates), and keeping the earlier of equal
	// areas: no designator for ASCII, for ISO-8859-1 that no guessing
	// reader takes for UTF-8 or Shift_JIS, and for Shift_JIS kanji mode
	// characters with ASCII; then UTF-8 (ECI 26), the first single-byte
	// set that holds the text, and the East Asian sets shorter than
	// UTF-8 (eci.Choices; Shift_JIS, ECI 20, with kanji mode; not
	// GB18030). A positive value forces that ECI (it must be eci.Known
	// unless Binary is set).
	ECI int

	// Binary encodes the bytes of the data string as they are, with no
	// character-set conversion and no designator unless ECI is set.
	Binary bool
}

// Code is an encoded rMQR Code symbol.
type Code struct {
	Size    Size
	Level   Level
	Modules *matrix.Matrix // the symbol without quiet zone; true is dark
}

// maxUnits bounds the characters any rMQR Code holds: 361 digits in
// R17x139-M.
const maxUnits = 361

// encoder holds the scratch buffers of one Encode call; encoders are pooled.
type encoder struct {
	text qrfamily.Text
	seg  qrfamily.Segmenter
	segs []qrfamily.Segment
}

var encoders = sync.Pool{New: func() any { return new(encoder) }}

// byArea lists the sizes by area, the lower first where two are equal.
var byArea = func() []Size {
	out := make([]Size, NumSizes)
	for i := range out {
		out[i] = Size(i + 1)
	}
	slices.SortStableFunc(out, func(a, b Size) int {
		return cmp.Compare(area(a), area(b))
	})
	return out
}()

// Encode encodes text as an rMQR Code symbol, with the optimal
// segmentation into modes, in the size of smallest area (among those
// opts allows) that holds it. Errors wrap symbology.ErrInvalidData (a
// character that cannot be encoded, an invalid option) or
// symbology.ErrTooLong (a *symbology.TooLongError, which says what fits).
func Encode(text string, opts Options) (*Code, error) {
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	e := encoders.Get().(*encoder)
	defer encoders.Put(e)
	size, designator, err := e.choose(text, opts)
	if err != nil {
		return nil, err
	}
	data, err := e.writeData(size, opts, designator)
	if err != nil {
		return nil, err
	}
	return place(size, opts.Level, data), nil
}

// choose prepares text in the character set that gives the symbol of
// smallest area (qrfamily.Text.Choose; Candidates lists them in the order
// ties go), or in the one opts forces, and returns the size and the designator
// to write (-1 for none), with the segmentation in e.segs.
func (e *encoder) choose(text string, opts Options) (size Size, designator int, err error) {
	to := qrfamily.TextOptions{Symbology: "rmqr", GS1: opts.GS1, ECI: opts.ECI, Binary: opts.Binary, MaxUnits: maxUnits}
	limit := len(byArea)
	err = e.text.Choose(text, to, func(des int, again bool) (bool, error) {
		if again {
			_, ok := e.fit(len(byArea), des, Options{Level: opts.Level, GS1: opts.GS1, Size: size})
			return ok, nil
		}
		if limit == 0 {
			return false, nil // the smallest size is found already
		}
		k, ok := e.fit(limit, des, opts)
		switch {
		case !ok && limit < len(byArea):
			return false, nil // nothing smaller than the size found already
		case !ok:
			return false, e.tooLong(to, des, opts)
		}
		size, designator = byArea[k], des
		// Sizes of the same area as this one do not win.
		for limit = k; limit > 0 && area(byArea[limit-1]) == area(size); limit-- {
		}
		return true, nil
	})
	if errors.Is(err, symbology.ErrTooLong) && !errors.As(err, new(*symbology.TooLongError)) {
		// Too long to prepare: no character set was tried.
		des := -1
		if opts.ECI > 0 {
			des = opts.ECI
		}
		err = e.text.TooLongText(text, to, limitOf(largest(opts), des, opts))
	}
	return size, designator, err
}

// largest returns the size opts allow that holds the most data bits at
// opts.Level, the smaller of equals.
func largest(opts Options) Size {
	var best Size
	for _, s := range byArea {
		if opts.Size != 0 && s != opts.Size || opts.Height != 0 && s.Height() != opts.Height ||
			opts.Width != 0 && s.Width() != opts.Width {
			continue
		}
		if best == 0 || dataCodewords(s, opts.Level) > dataCodewords(best, opts.Level) {
			best = s
		}
	}
	return best
}

// limitOf returns size s at opts.Level, the largest opts allow, for the
// errors of data that does not fit it, under the designator des (-1 for
// none).
func limitOf(s Size, des int, opts Options) qrfamily.Limit {
	var sym string
	switch {
	case opts.Size != 0, opts.Height != 0 && opts.Width != 0:
		sym = fmt.Sprintf("rMQR Code %v-%v", s, opts.Level)
	case opts.Height != 0:
		sym = fmt.Sprintf("the largest rMQR Code %d modules high at level %v (%v)", opts.Height, opts.Level, s)
	case opts.Width != 0:
		sym = fmt.Sprintf("the largest rMQR Code %d modules wide at level %v (%v)", opts.Width, opts.Level, s)
	default:
		sym = fmt.Sprintf("the largest rMQR Code at level %v (%v)", opts.Level, s)
	}
	return qrfamily.Limit{Symbol: sym, Dialect: &dialects[s], Header: headerBits(des, opts), Bits: 8 * dataCodewords(s, opts.Level)}
}

// headerBits returns the bits written before the segments: the ECI
// designator des (-1 for none) and FNC1.
func headerBits(des int, opts Options) int {
	header := 0
	if des >= 0 {
		header += 3 + 8*qrfamily.DesignatorBytes(des)
	}
	if opts.GS1 {
		header += 3
	}
	return header
}

// tooLong returns the error for the prepared text, under the designator
// des, when no size opts allow holds it: weighed against the largest.
func (e *encoder) tooLong(to qrfamily.TextOptions, des int, opts Options) error {
	s := largest(opts)
	var n int
	n, e.segs = e.seg.Segment(e.text.Units, &headers[s], e.segs[:0])
	l := limitOf(s, des, opts)
	return e.text.TooLong(to, l, l.Header+n, e.segs)
}

// fit returns the index in byArea, below limit, of the first size opts
// allows that holds the prepared text under the designator des (-1 for
// none), with its segmentation in e.segs, and whether there is one.
func (e *encoder) fit(limit, des int, opts Options) (int, bool) {
	header := headerBits(des, opts)
	for k, s := range byArea[:limit] {
		if opts.Size != 0 && s != opts.Size || opts.Height != 0 && s.Height() != opts.Height ||
			opts.Width != 0 && s.Width() != opts.Width {
			continue
		}
		var n int
		n, e.segs = e.seg.Segment(e.text.Units, &headers[s], e.segs[:0])
		if header+n <= 8*dataCodewords(s, opts.Level) {
			return k, true
		}
	}
	return 0, false
}

func area(s Size) int { return s.Height() * s.Width() }

// checkOptions validates the option values.
func checkOptions(o Options) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("rmqr: %w: "+format, append([]any{symbology.ErrInvalidData}, args...)...)
	}
	switch {
	case o.Level != M && o.Level != H:
		return bad("error correction level %d", int(o.Level))
	case o.Size != 0 && !o.Size.valid():
		return bad("size %d (1-32)", int(o.Size))
	case o.Size != 0 && (o.Height != 0 && o.Height != o.Size.Height() || o.Width != 0 && o.Width != o.Size.Width()):
		return bad("size %v with height %d and width %d", o.Size, o.Height, o.Width)
	case o.Height != 0 && (o.Height < 7 || o.Height > 17 || o.Height%2 == 0):
		return bad("height %d (7, 9, 11, 13, 15 or 17)", o.Height)
	case o.Width != 0 && !slices.Contains([]int{27, 43, 59, 77, 99, 139}, o.Width):
		return bad("width %d (27, 43, 59, 77, 99 or 139)", o.Width)
	case o.Height != 0 && o.Width != 0:
		if _, ok := SizeOf(o.Height, o.Width); !ok {
			return bad("no size of %d×%d modules", o.Height, o.Width)
		}
	case o.ECI < 0 || o.ECI > 999999:
		return bad("ECI %d (0-999999)", o.ECI)
	case o.ECI > 0 && !o.Binary && !eci.Known(o.ECI):
		return bad("ECI %d: unknown character set", o.ECI)
	case o.GS1 && o.ECI > 0 && !eci.ASCIICompatible(o.ECI):
		return bad("GS1 data under ECI %d", o.ECI)
	}
	return nil
}

// writeData writes the data codewords of a size: headers, segments,
// terminator and padding (ISO/IEC 23941:2022 §7.4).
func (e *encoder) writeData(s Size, opts Options, designator int) ([]byte, error) {
	capBits := 8 * dataCodewords(s, opts.Level)
	d := &dialects[s]
	var w qrfamily.BitWriter
	w.Reset(make([]byte, 0, capBits/8))
	if designator >= 0 {
		qrfamily.WriteMode(&w, d, qrfamily.ECI)
		qrfamily.WriteDesignator(&w, designator)
	}
	if opts.GS1 {
		qrfamily.WriteMode(&w, d, qrfamily.FNC1First)
	}
	for _, seg := range e.segs {
		if err := e.text.WriteSegment(&w, seg, d); err != nil {
			return nil, err
		}
	}
	if w.Len() > capBits {
		return nil, fmt.Errorf("rmqr: %w: the data takes %d bits, %v-%v holds %d",
			symbology.ErrTooLong, w.Len(), s, opts.Level, capBits)
	}
	qrfamily.Pad(&w, capBits, d)
	return w.Bytes(), nil
}

// place computes the error correction codewords, places all codewords in
// the symbol, masks them with the one mask of rMQR Code and adds the
// format information (ISO/IEC 23941:2022 §7.5-§7.9).
func place(s Size, level Level, data []byte) *Code {
	l := getLayout(s)
	b := blocks(s, level)
	words := make([]byte, totalCodewords(s))
	qrfamily.Interleave(words, data, b, make([]byte, b.Count*b.EC), reedsolomon.QR.Encode)
	m := matrix.New(l.w, l.h)
	copy(m.Pix, l.base)
	for k, idx := range l.order {
		bit := k < 8*len(words) && words[k/8]&(0x80>>(k%8)) != 0 // remainder bits are 0
		m.Pix[idx] = bit != l.mask[idx]
	}
	f := int(level)<<5 | int(s-1)
	for c := range 2 {
		for i, p := range l.formatPos[c] {
			m.Pix[p] = formatWords[c][f]>>i&1 != 0
		}
	}
	return &Code{Size: s, Level: level, Modules: m}
}
