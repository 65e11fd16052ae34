package microqr

import (
	"errors"
	"fmt"
	"sync"

	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/reedsolomon"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// Options tunes Encode. The zero value encodes at level L in the smallest
// version, with the mask chosen by the standard's evaluation.
type Options struct {
	Level Level // error correction level; the zero value is L

	// Version forces a version, M1 to M4; 0 picks the smallest that
	// holds the data at Level. A forced version that is too small gives
	// an error wrapping symbology.ErrTooLong, one that lacks Level an
	// error wrapping symbology.ErrInvalidData.
	Version Version

	// Mask forces a data mask: 1-4 select mask patterns 00 to 11
	// (ISO/IEC 18004:2015 §7.8.2), so that the zero value can mean
	// "choose by the evaluation of §7.8.3.2". Code.Mask reports the
	// pattern itself, 0-3.
	Mask int

	// Binary encodes the bytes of the data string as they are, in byte
	// mode (and numeric and alphanumeric modes where the bytes allow),
	// with no character-set conversion. Micro QR Code has no ECI
	// designators: readers show the bytes in the character set they
	// guess.
	Binary bool
}

// Code is an encoded Micro QR Code symbol.
type Code struct {
	Version Version
	Level   Level
	Mask    int            // data mask pattern, 0-3 (00 to 11)
	Modules *matrix.Matrix // the symbol without quiet zone; true is dark
}

// maxUnits bounds the characters any Micro QR Code holds: 35 digits at
// M4-L.
const maxUnits = 35

// encoder holds the scratch buffers of one Encode call; encoders are pooled.
type encoder struct {
	text qrfamily.Text
	seg  qrfamily.Segmenter
	segs []qrfamily.Segment
}

var encoders = sync.Pool{New: func() any { return new(encoder) }}

// Encode encodes text as a Micro QR Code symbol, in the smallest version
// that holds it at the level. Micro QR Code has no ECI designators to name
// a character set, so the text is written as the standard's default
// reads it where readers that guess agree (qrfamily.Text.Candidates):
// ASCII; ISO-8859-1 whose bytes are neither valid UTF-8 nor valid
// Shift_JIS; Shift_JIS kanji mode characters, with ASCII; anything else
// in UTF-8, which guessing readers recognise. The segmentation into modes
// is optimal. Errors wrap symbology.ErrInvalidData (invalid UTF-8, an
// invalid option) or symbology.ErrTooLong (a *symbology.TooLongError,
// which says what fits).
func Encode(text string, opts Options) (*Code, error) {
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	e := encoders.Get().(*encoder)
	defer encoders.Put(e)
	sym, err := e.choose(text, opts)
	if err != nil {
		return nil, err
	}
	data, err := e.writeData(sym)
	if err != nil {
		return nil, err
	}
	return place(sym, data, opts.Mask-1), nil
}

// choose prepares text in the way that gives the smallest version
// (qrfamily.Text.Choose; without designators: ASCII, ISO-8859-1 and kanji
// mode, UTF-8 or Shift_JIS bytes), and returns the symbol, with the
// segmentation in e.segs.
func (e *encoder) choose(text string, opts Options) (symbolInfo, error) {
	to := qrfamily.TextOptions{Symbology: "micro-qr", Binary: opts.Binary, NoECI: true, MaxUnits: maxUnits}
	lo, hi := M1, M4
	if opts.Version != 0 {
		lo, hi = opts.Version, opts.Version
	}
	var best symbolInfo
	err := e.text.Choose(text, to, func(_ int, again bool) (bool, error) {
		if again {
			_, err := e.fit(best.version, best.version, to, opts)
			return err == nil, err
		}
		if hi < lo {
			return false, nil // a smaller version is found already
		}
		sym, err := e.fit(lo, hi, to, opts)
		if err != nil {
			return false, err
		}
		best, hi = sym, sym.version-1
		return true, nil
	})
	if errors.Is(err, symbology.ErrTooLong) && !errors.As(err, new(*symbology.TooLongError)) {
		// Too long to prepare: no character set was tried.
		if l, ok := limit(hi, opts); ok {
			err = e.text.TooLongText(text, to, l)
		}
	}
	return best, err
}

// limit returns the largest symbol opts allow, version hi at opts.Level,
// for the errors of data that does not fit it; false when the version
// lacks the level.
func limit(hi Version, opts Options) (qrfamily.Limit, bool) {
	num, ok := symbolNumber(hi, opts.Level)
	if !ok {
		return qrfamily.Limit{}, false
	}
	sym := fmt.Sprintf("Micro QR Code %v-%v", hi, opts.Level)
	if opts.Version == 0 {
		sym = fmt.Sprintf("the largest Micro QR Code at level %v (%v)", opts.Level, hi)
	}
	return qrfamily.Limit{Symbol: sym, Dialect: &dialects[hi], Bits: symbols[num].dataBits()}, true
}

// fit returns the smallest symbol from version lo to hi at opts.Level
// that holds the prepared text, with its segmentation in e.segs.
func (e *encoder) fit(lo, hi Version, to qrfamily.TextOptions, opts Options) (symbolInfo, error) {
	bits := 0
	for v := lo; v <= hi; v++ {
		num, ok := symbolNumber(v, opts.Level)
		if !ok {
			continue
		}
		var n int
		n, e.segs = e.seg.Segment(e.text.Units, &headers[v], e.segs[:0])
		if n <= symbols[num].dataBits() {
			return symbols[num], nil
		}
		bits = n
	}
	if opts.Version != 0 {
		if _, ok := symbolNumber(opts.Version, opts.Level); !ok {
			return symbolInfo{}, fmt.Errorf("micro-qr: %w: version %v has no level %v", symbology.ErrInvalidData, opts.Version, opts.Level)
		}
	}
	l, ok := limit(hi, opts)
	if !ok {
		// Version hi lacks the level: the versions above it were tried
		// for a character set before, and one holds the text.
		return symbolInfo{}, fmt.Errorf("micro-qr: %w: no smaller version", symbology.ErrTooLong)
	}
	return symbolInfo{}, e.text.TooLong(to, l, bits, e.segs)
}

// checkOptions validates the option values.
func checkOptions(o Options) error {
	switch {
	case o.Level < L || o.Level > Q:
		return fmt.Errorf("micro-qr: %w: error correction level %d", symbology.ErrInvalidData, int(o.Level))
	case o.Version != 0 && (o.Version < M1 || o.Version > M4):
		return fmt.Errorf("micro-qr: %w: version %d (M1-M4)", symbology.ErrInvalidData, int(o.Version))
	case o.Mask < 0 || o.Mask > 4:
		return fmt.Errorf("micro-qr: %w: mask %d (1-4 for patterns 00-11)", symbology.ErrInvalidData, o.Mask)
	}
	return nil
}

// writeData writes the data codewords of a symbol: segments, terminator
// and padding (§7.4), the last codeword of M1 and M3 in the high half of
// the last byte.
func (e *encoder) writeData(s symbolInfo) ([]byte, error) {
	d := &dialects[s.version]
	var w qrfamily.BitWriter
	w.Reset(make([]byte, 0, s.data))
	for _, seg := range e.segs {
		if err := e.text.WriteSegment(&w, seg, d); err != nil {
			return nil, err
		}
	}
	if w.Len() > s.dataBits() {
		return nil, fmt.Errorf("micro-qr: %w: the data takes %d bits, %v-%v holds %d",
			symbology.ErrTooLong, w.Len(), s.version, s.level, s.dataBits())
	}
	qrfamily.Pad(&w, s.dataBits(), d)
	return w.Bytes(), nil
}

// place computes the error correction codewords, places the codewords in
// the symbol and applies the forced mask, or the one the evaluation of
// ISO/IEC 18004:2015 §7.8.3.2 prefers (mask < 0).
func place(s symbolInfo, data []byte, mask int) *Code {
	l := getLayout(s.version)
	n := l.n
	words := make([]byte, s.data+s.ec)
	copy(words, data)
	reedsolomon.QR.Encode(words[:s.data], words[s.data:])
	pix := make([]bool, n*n)
	k := 0
	for i, c := range words {
		for b := range s.codewordBits(i) {
			pix[l.order[k]] = c&(0x80>>b) != 0
			k++
		}
	}
	num, _ := symbolNumber(s.version, s.level)
	m := matrix.New(n, n)
	compose := func(mask int) {
		for i := range m.Pix {
			m.Pix[i] = l.base[i] || !l.fn[i] && pix[i] != l.mask[mask][i]
		}
		fw := formatWords[num<<2|mask]
		for i, p := range l.formatPos {
			m.Pix[p] = fw>>i&1 != 0
		}
	}
	if mask < 0 {
		best := -1
		for c := range 4 {
			compose(c)
			if sc := maskScore(m); sc > best {
				best, mask = sc, c
			}
		}
	}
	compose(mask)
	return &Code{Version: s.version, Level: s.level, Mask: mask, Modules: m}
}

// maskScore is the evaluation of a masked symbol (ISO/IEC 18004:2015
// §7.8.3.2): SUM1 the dark modules of the right edge, SUM2 those of the
// bottom edge, each without the timing pattern's module; the score is
// 16·min + max, and the mask with the highest score is chosen. Dark edges
// keep the symbol's outline, which has no finder pattern there, visible.
func maskScore(m *matrix.Matrix) int {
	n := m.Width
	sum1, sum2 := 0, 0
	for i := 1; i < n; i++ {
		if m.Pix[i*n+n-1] {
			sum1++
		}
		if m.Pix[(n-1)*n+i] {
			sum2++
		}
	}
	return 16*min(sum1, sum2) + max(sum1, sum2)
}
