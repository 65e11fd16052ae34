package barkit_test

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/matrix"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// A sizePayload is one payload of TestSizeAgainstZint: text, bytes when
// binary is set, GS1 data in human-readable form when gs1 is set.
type sizePayload struct {
	name   string
	data   string
	binary bool
	gs1    bool
	zint   string // the data as zint takes it, when it differs from data
	want   string // the text barkit's reader returns, when it differs from data (check digits)
	// zxing is the text ZXingReader returns, when it differs from want:
	// GS1 element strings without parentheses, with GS (0x1D) after
	// fields of variable length.
	zxing string
}

// A sizeSymbology says how zint writes one of barkit's symbologies and
// how both symbols are measured.
type sizeSymbology struct {
	id      string
	name    string   // the name in the summary when it is not id
	version string   // barkit's GenerateOptions.Version
	zint    []string // zint's -b and the options matching barkit's defaults
	// eci has zint try each --eci of eci.Choices for text, as a user
	// after the smallest symbol would.
	eci bool
	// ec returns zint's error correction option for barkit's symbol
	// (same level); nil when the level is fixed or matched by zint's.
	ec func(sym *barkit.Symbol) []string
	// gs1 is zint's option set for GS1 data, replacing zint.
	gs1 []string
	// readAs are ids barkit's reader may report the symbol as: EAN-13
	// starting with 0 is UPC-A.
	readAs  []string
	measure func(m *matrix.Matrix, zint bool) (w, h int)
	zxing   string // ZXingReader 1.4's format, "" when it cannot read it alone
	// zxingText returns the text ZXingReader returns for want, the text
	// barkit's reader returns, when it differs (nil: the same).
	zxingText func(want string) string
	// noRead says why barkit's symbols cannot be read back alone.
	noRead   string
	scale    int // pixels a module in the images read back; 0 for 4
	payloads []sizePayload
}

// The measures: each counts the modules of the symbol proper, without
// quiet zones, on both sides alike.
var (
	// measureMatrix: zint's --dump prints one line per module row, each
	// padded to whole hex digits, so its matrix is as wide as its last
	// dark module; every matrix symbology barkit writes has dark modules
	// in its last column (finder, timing or clock patterns). barkit's
	// Modules are the symbol without its quiet zone.
	measureMatrix = func(m *matrix.Matrix, zint bool) (int, int) { return m.Width, m.Height }
	// measureSquare: for square symbols the number of rows is the side,
	// which the dump gives exactly whatever the last column holds.
	measureSquare = func(m *matrix.Matrix, zint bool) (int, int) { return m.Height, m.Height }
	// measureLinear: the width from the first bar to the last, quiet
	// zones excluded on both sides; the height of linear symbols does not
	// depend on the data. Stacked DataBar counts its distinct rows (bar
	// rows and separator rows): zint's dump prints each once, barkit's
	// Modules repeat each as many modules as it is tall.
	measureLinear = func(m *matrix.Matrix, zint bool) (int, int) {
		return barsWidth(m, false), distinctRows(m)
	}
	// measureITF14: barkit's ITF-14 Modules hold the bearer bar frame and
	// the quiet zones inside it; zint's dump gives the bars only.
	measureITF14 = func(m *matrix.Matrix, zint bool) (int, int) { return barsWidth(m, !zint), 1 }
)

// measurePDF417 returns the measure of PDF417 symbols whose rows are
// rowHeight modules tall: zint's dump prints each row once, barkit's
// Modules draw it rowHeight modules tall (3 in PDF417, 2 in MicroPDF417,
// as ISO/IEC 15438 and 24728 recommend).
func measurePDF417(rowHeight int) func(m *matrix.Matrix, zint bool) (int, int) {
	return func(m *matrix.Matrix, zint bool) (int, int) {
		if zint {
			return m.Width, m.Height * rowHeight
		}
		return m.Width, m.Height
	}
}

// barsWidth returns the width of m from its first dark module to its
// last, over all rows; inside a frame of bearer bars when frame is set.
func barsWidth(m *matrix.Matrix, frame bool) int {
	if frame {
		// The middle row crosses the frame's vertical bars: skip them
		// and the light quiet zones inside.
		y := m.Height / 2
		x0, x1 := 0, m.Width-1
		for x0 < m.Width && m.Get(x0, y) {
			x0++
		}
		for x1 >= 0 && m.Get(x1, y) {
			x1--
		}
		for x0 < x1 && !m.Get(x0, y) {
			x0++
		}
		for x1 > x0 && !m.Get(x1, y) {
			x1--
		}
		return x1 - x0 + 1
	}
	first, last := m.Width, -1
	for y := range m.Height {
		for x := range m.Width {
			if m.Get(x, y) {
				first, last = min(first, x), max(last, x)
			}
		}
	}
	return last - first + 1
}

// distinctRows returns the number of rows of m that differ from the row
// above.
func distinctRows(m *matrix.Matrix) int {
	n := 0
	for y := range m.Height {
		if y == 0 || !slices.Equal(m.Pix[y*m.Width:(y+1)*m.Width], m.Pix[(y-1)*m.Width:y*m.Width]) {
			n++
		}
	}
	return n
}

// secure returns an ec function giving zint --secure with the level
// barkit's symbol reports, through levels (nil: the level as it is).
func secure(levels map[string]string) func(sym *barkit.Symbol) []string {
	return func(sym *barkit.Symbol) []string {
		l := sym.ECLevel
		if levels != nil {
			l = levels[l]
		}
		return []string{"--secure=" + l}
	}
}

// checkDigit returns digits with its GS1 mod-10 check digit appended.
func checkDigit(digits string) string {
	sum := 0
	for i := range len(digits) {
		d := int(digits[len(digits)-1-i] - '0')
		if i%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return digits + string(rune('0'+(10-sum%10)%10))
}

// textPayloads returns enginetest.Payloads as sizePayloads.
func textPayloads() []sizePayload {
	var out []sizePayload
	for _, p := range enginetest.Payloads() {
		out = append(out, sizePayload{name: p.Name, data: p.Data, binary: p.Binary})
	}
	return out
}

// gs1Payloads are GS1 data for the matrix symbologies and Code 128.
var gs1Payloads = []sizePayload{
	{name: "gs1-gtin-batch", data: "(01)09506000134352(10)ABC123", gs1: true, zxing: "010950600013435210ABC123"},
	{name: "gs1-dates", data: "(01)09506000134352(17)261231(21)SN-4711(30)12", gs1: true,
		zxing: "01095060001343521726123121SN-4711\x1d3012"},
	{name: "gs1-weight", data: "(01)90012345678908(3103)012233(15)991231", gs1: true, zxing: "0190012345678908310301223315991231"},
}

// sizeSymbologies lists every symbology barkit writes with the way zint
// 2.11 writes the same data and the payloads each can carry.
func sizeSymbologies() []sizeSymbology {
	text := textPayloads()
	matrixGS1 := append(slices.Clone(text), gs1Payloads...)
	ascii := []sizePayload{
		{name: "upper", data: "HELLO WORLD"},
		{name: "code", data: "ABC-123/45.6"},
		{name: "digits", data: "0123456789"},
		{name: "digits-long", data: "31415926535897932384626433"},
		{name: "short", data: "A"},
	}
	code128 := append(slices.Clone(ascii),
		sizePayload{name: "mixed", data: "Hello, World! 123"},
		sizePayload{name: "lower", data: "the quick brown fox"},
		sizePayload{name: "digits-odd", data: "1234567890123"},
		sizePayload{name: "latin1", data: "Grüße"},
		sizePayload{name: "control", data: "A\tB\x1bC"},
	)
	for _, p := range gs1Payloads {
		code128 = append(code128, p)
	}
	upc := func(digits ...string) []sizePayload {
		var out []sizePayload
		for _, d := range digits {
			out = append(out, sizePayload{name: d, data: d, want: "0" + checkDigit(d)})
		}
		return out
	}
	ean := func(digits ...string) []sizePayload {
		var out []sizePayload
		for _, d := range digits {
			out = append(out, sizePayload{name: d, data: d, want: checkDigit(d)})
		}
		return out
	}
	// zint takes the 13 digits of the GTIN without its check digit;
	// ZXingReader returns the 14 digits without the AI.
	databar := []sizePayload{
		{name: "gtin", data: "(01)04412345678909", gs1: true, zint: "0441234567890", zxing: "04412345678909"},
		{name: "gtin-zero", data: "(01)00012345678905", gs1: true, zint: "0001234567890", zxing: "00012345678905"},
		{name: "gtin-one", data: "(01)15012345678907", gs1: true, zint: "1501234567890", zxing: "15012345678907"},
	}
	expanded := []sizePayload{
		{name: "weight", data: "(01)90012345678908(3103)012233(15)991231", gs1: true},
		{name: "weight-short", data: "(01)90012345678908(3103)001750", gs1: true},
		{name: "batch", data: "(01)09506000134352(10)ABC123", gs1: true},
		{name: "price", data: "(01)90614141000015(3922)795", gs1: true},
		{name: "text", data: "(10)ABCDEFGHIJ(21)12345", gs1: true},
	}
	return []sizeSymbology{
		{id: "qr", zint: []string{"-b", "58"}, eci: true, ec: secure(map[string]string{"L": "1", "M": "2", "Q": "3", "H": "4"}),
			gs1: []string{"-b", "58", "--gs1", "--gs1parens"}, measure: measureSquare, zxing: "QRCode", payloads: matrixGS1},
		{id: "micro-qr", zint: []string{"-b", "97"}, ec: secure(map[string]string{"L": "1", "M": "2", "Q": "3"}),
			measure: measureSquare, payloads: text},
		{id: "rmqr", zint: []string{"-b", "145"}, eci: true, ec: secure(map[string]string{"M": "2", "H": "4"}),
			gs1: []string{"-b", "145", "--gs1", "--gs1parens"}, measure: measureMatrix, payloads: matrixGS1},
		// barkit writes square symbols by default: zint --square.
		{id: "data-matrix", zint: []string{"-b", "71", "--square"}, eci: true,
			gs1: []string{"-b", "71", "--square", "--gs1", "--gs1parens"}, measure: measureSquare, zxing: "DataMatrix", payloads: matrixGS1},
		// barkit's default, 23 % + 3 check codewords, is zint's --secure=2.
		{id: "aztec", zint: []string{"-b", "92", "--secure=2"}, eci: true,
			gs1: []string{"-b", "92", "--secure=2", "--gs1", "--gs1parens"}, measure: measureSquare, zxing: "Aztec", payloads: matrixGS1},
		{id: "aztec-rune", zint: []string{"-b", "128"}, measure: measureSquare, payloads: []sizePayload{
			{name: "0", data: "0", want: "000"}, {name: "7", data: "7", want: "007"}, {name: "42", data: "42", want: "042"},
			{name: "128", data: "128"}, {name: "255", data: "255"}}},
		{id: "pdf417", zint: []string{"-b", "55"}, eci: true, ec: secure(nil), measure: measurePDF417(3), zxing: "PDF417", payloads: text},
		{id: "compact-pdf417", zint: []string{"-b", "56"}, eci: true, ec: secure(nil), measure: measurePDF417(3), zxing: "PDF417", payloads: text},
		// MicroPDF417's error correction is fixed per size.
		{id: "micro-pdf417", zint: []string{"-b", "84"}, eci: true, measure: measurePDF417(2), payloads: text},
		// MaxiCode has one size: both write it, or one refuses.
		{id: "maxicode", zint: []string{"-b", "57"}, eci: true, measure: measureSquare, zxing: "MaxiCode", scale: 6, payloads: text},
		{id: "code128", zint: []string{"-b", "20"}, gs1: []string{"-b", "16", "--gs1parens"}, measure: measureLinear, zxing: "Code128", payloads: code128},
		{id: "code39", zint: []string{"-b", "8"}, measure: measureLinear, zxing: "Code39", payloads: ascii},
		{id: "code39-ext", zint: []string{"-b", "9"}, measure: measureLinear, payloads: append(slices.Clone(ascii),
			sizePayload{name: "mixed", data: "Hello, World!"}, sizePayload{name: "lower", data: "abc xyz"})},
		{id: "code32", zint: []string{"-b", "129"}, measure: measureLinear, payloads: []sizePayload{
			{name: "a", data: "12345678", want: "A123456788"}, {name: "b", data: "00000001", want: "A000000012"},
			{name: "c", data: "99999999", want: "A999999992"}}},
		// PZN8: "-", the seven digits and the check digit.
		{id: "pzn", zint: []string{"-b", "52"}, measure: measureLinear, payloads: []sizePayload{
			{name: "a", data: "1234567", want: "-12345678"}, {name: "b", data: "0000000", want: "-00000000"},
			{name: "c", data: "4711000", want: "-47110003"}}},
		{id: "code93", zint: []string{"-b", "25"}, measure: measureLinear, zxing: "Code93", payloads: append(slices.Clone(ascii),
			sizePayload{name: "mixed", data: "Hello, World!"}, sizePayload{name: "lower", data: "abc xyz"})},
		// ZXingReader 1.4 leaves out Codabar's start and stop characters.
		{id: "codabar", zint: []string{"-b", "18"}, measure: measureLinear, zxing: "Codabar", zxingText: func(w string) string { return w[1 : len(w)-1] },
			payloads: []sizePayload{
				{name: "digits", data: "A0123456789B"}, {name: "short", data: "D4711C"}, {name: "symbols", data: "C12-34$56:78/90.12+34D"},
				{name: "long", data: "A31415926535897932384626433B"}}},
		{id: "itf", zint: []string{"-b", "3"}, measure: measureLinear, zxing: "ITF", payloads: []sizePayload{
			{name: "short", data: "123456"}, {name: "ten", data: "1234567890"}, {name: "long", data: "0011223344556677889900"},
			{name: "zeros", data: "00000000"}}},
		{id: "itf14", zint: []string{"-b", "89"}, measure: measureITF14, zxing: "ITF", payloads: ean("1540014128876", "0950110153000", "1234567890123")},
		{id: "ean13", zint: []string{"-b", "13"}, measure: measureLinear, zxing: "EAN-13", readAs: []string{"upca"}, payloads: ean("950110153000", "400638133393", "590123412345", "001234567890")},
		{id: "ean8", zint: []string{"-b", "13"}, measure: measureLinear, zxing: "EAN-8", payloads: ean("9638507", "5512345", "0000000")},
		// barkit's reader returns UPC-A as EAN-13, with a leading 0, and
		// UPC-E expanded to the same; ZXingReader the digits as written.
		{id: "upca", zint: []string{"-b", "34"}, measure: measureLinear, zxing: "UPC-A", zxingText: func(w string) string { return w[1:] },
			payloads: upc("01234567890", "03600029145", "12345678901")},
		{id: "upce", zint: []string{"-b", "37"}, measure: measureLinear, zxing: "UPC-E", payloads: []sizePayload{
			{name: "a", data: "0123456", want: "0012345000065", zxing: "01234565"},
			{name: "b", data: "0425261", want: "0042100005264", zxing: "04252614"},
			{name: "c", data: "1123456", want: "0112345000062", zxing: "11234562"}}},
		{id: "isbn", zint: []string{"-b", "69"}, measure: measureLinear, zxing: "EAN-13", payloads: []sizePayload{
			{name: "isbn13", data: "978030640615", zint: "9780306406157", want: "9780306406157"},
			{name: "isbn10", data: "0306406152", want: "9780306406157"},
			{name: "979", data: "979109876543", zint: checkDigit("979109876543"), want: checkDigit("979109876543")}}},
		{id: "ean2", zint: []string{"-b", "13"}, measure: measureLinear, noRead: "add-ons are read beside an EAN-13 or UPC only",
			payloads: []sizePayload{{name: "12", data: "12"}, {name: "99", data: "99"}}},
		{id: "ean5", zint: []string{"-b", "13"}, measure: measureLinear, noRead: "add-ons are read beside an EAN-13 or UPC only",
			payloads: []sizePayload{{name: "52495", data: "52495"}, {name: "00000", data: "00000"}}},
		{id: "databar", zint: []string{"-b", "29"}, measure: measureLinear, zxing: "DataBar", payloads: databar},
		{id: "databar-stacked", zint: []string{"-b", "79"}, measure: measureLinear, payloads: databar},
		{id: "databar-stacked-omni", zint: []string{"-b", "80"}, measure: measureLinear, payloads: databar},
		{id: "databar-limited", zint: []string{"-b", "30"}, measure: measureLinear, payloads: databar},
		{id: "databar-expanded", zint: []string{"-b", "31", "--gs1parens"}, measure: measureLinear, zxing: "DataBarExpanded", payloads: expanded},
		// barkit stacks four segments a row by default, zint --cols=2.
		{id: "databar-expanded-stacked", zint: []string{"-b", "81", "--gs1parens", "--cols=2"}, measure: measureLinear, payloads: expanded},
		{id: "telepen", zint: []string{"-b", "32"}, measure: measureLinear, payloads: []sizePayload{
			{name: "mixed", data: "Hello, World!"}, {name: "upper", data: "TELEPEN"}, {name: "control", data: "A\x01\x7fB"},
			{name: "digits", data: "123456"}, {name: "short", data: "a"}}},
		// Digits in double-density numeric mode, as a user asks both.
		{id: "telepen", name: "telepen numeric", version: "numeric", zint: []string{"-b", "87"}, measure: measureLinear, payloads: []sizePayload{
			{name: "short", data: "12"}, {name: "digits", data: "123456"}, {name: "long", data: "31415926535897932384626433832795"},
			{name: "zeros", data: "0000"}}},
		// zint 2.11 has no DX film edge: barkit's symbols are only read back.
		{id: "dx-film-edge", measure: measureMatrix, payloads: []sizePayload{
			{name: "short", data: "77-2"}, {name: "frame", data: "115-10/11A"}, {name: "long", data: "127-15/62"}, {name: "half", data: "35-3/12A"}}},
	}
}

// zintGuessed reports whether zint's symbol z for the text of p is no
// fair comparison for QR family symbols: written without a designator,
// ISO-8859-1 bytes that readers which guess take for Shift_JIS or UTF-8
// (qrfamily.ReadsAsLatin1), or GB18030 (ECI 32), which ZXingReader 1.4
// reads as ISO-8859-1. barkit's symbol must carry text that every reader
// reads back, as the QR packages' TestSmallerThanZint check.
func zintGuessed(id string, p sizePayload, z enginetest.ZintSymbol) bool {
	if p.binary || p.gs1 || (id != "qr" && id != "micro-qr" && id != "rmqr") {
		return false
	}
	if z.ECI == 32 {
		return true
	}
	if z.ECI != 0 {
		return false
	}
	var b []byte
	for _, r := range p.data {
		if r > 0xFF {
			return false
		}
		b = append(b, byte(r))
	}
	return !qrfamily.ReadsAsLatin1(b)
}

// sizeCount is the summary of one symbology.
type sizeCount struct {
	payloads, smaller, equal, larger, onlyBarkit, onlyZint, neither, unfair int
	barkitRead, zxingRead                                                   int
}

// TestSizeAgainstZint writes every payload of sizeSymbologies with
// barkit.Generate (GenerateBytes for binary data) and with zint 2.11 at
// the same error correction level with the options a user after the
// smallest symbol would give (each --eci of eci.Choices for text,
// --binary for bytes, --gs1 for GS1 data), and checks that barkit's symbol
// is never larger than zint's smallest, by the measures above. Every
// symbol barkit writes must read back with barkit's reader, and with
// ZXingReader where it reads the symbology. It is skipped without zint.
func TestSizeAgainstZint(t *testing.T) {
	if !enginetest.ZintHave() {
		t.Skip("zint not installed (Debian package zint)")
	}
	if testing.Short() {
		t.Skip("runs zint for every payload")
	}
	var mu sync.Mutex
	counts := map[string]*sizeCount{}
	syms := sizeSymbologies()
	for _, info := range symbology.All() {
		if info.Write != nil && !slices.ContainsFunc(syms, func(s sizeSymbology) bool { return s.id == info.ID }) {
			t.Errorf("%s: barkit writes it, but it is not compared with zint", info.ID)
		}
	}
	t.Cleanup(func() {
		var b strings.Builder
		fmt.Fprintf(&b, "%-25s %8s %7s %5s %6s %11s %9s %7s %6s %6s %6s\n", "symbology", "payloads", "smaller", "equal", "larger",
			"only barkit", "only zint", "neither", "unfair", "barkit", "zxing")
		var total sizeCount
		for _, s := range syms {
			c := counts[s.name]
			if c == nil {
				continue
			}
			fmt.Fprintf(&b, "%-25s %8d %7d %5d %6d %11d %9d %7d %6d %6d %6d\n", s.name, c.payloads, c.smaller, c.equal, c.larger,
				c.onlyBarkit, c.onlyZint, c.neither, c.unfair, c.barkitRead, c.zxingRead)
			total.payloads += c.payloads
			total.larger += c.larger
		}
		fmt.Fprintf(&b, "%d payloads, %d larger", total.payloads, total.larger)
		t.Logf("barkit against zint 2.11 (only: refused by the other; unfair: zint's smaller symbol misread by guessing readers; barkit, zxing: read back):\n%s", b.String())
	})
	for i := range syms {
		s := &syms[i]
		s.name = cmp.Or(s.name, s.id)
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c := sizeOne(t, *s)
			mu.Lock()
			counts[s.name] = c
			mu.Unlock()
		})
	}
}

// sizeOne compares the payloads of one symbology.
func sizeOne(t *testing.T, s sizeSymbology) *sizeCount {
	c := &sizeCount{}
	dir := t.TempDir()
	var paths []string
	var wants []sizePayload
	for i, p := range s.payloads {
		c.payloads++
		want := p.want
		if want == "" {
			want = p.data
		}
		opts := barkit.GenerateOptions{Symbology: s.id, GS1: p.gs1, Version: s.version}
		var sym *barkit.Symbol
		var err error
		if p.binary {
			sym, err = barkit.GenerateBytes([]byte(p.data), opts)
		} else {
			sym, err = barkit.Generate(p.data, opts)
		}
		if err != nil && !errors.Is(err, barkit.ErrInvalidData) && !errors.Is(err, barkit.ErrTooLong) && !errors.Is(err, barkit.ErrUnsupported) {
			t.Errorf("%s: %v", p.name, err)
		}
		// zint's smallest symbol.
		var best *enginetest.ZintSymbol
		unfair := false
		if s.zint != nil {
			args := s.zint
			zp := enginetest.Payload{Name: p.name, Data: p.data, Binary: p.binary}
			if p.zint != "" {
				zp.Data = p.zint
			}
			if p.gs1 && s.gs1 != nil {
				args = s.gs1
			}
			if s.ec != nil && sym != nil {
				args = append(slices.Clip(args), s.ec(sym)...)
			}
			var ecis []int
			if s.eci && !p.binary && !p.gs1 {
				ecis = enginetest.ZintECIs(p.data)
			}
			zs, _ := enginetest.ZintRuns(zp, ecis, args...)
			for _, z := range zs {
				if zintGuessed(s.id, p, z) {
					unfair = true
					continue
				}
				zw, zh := s.measure(z.Modules, true)
				if best == nil {
					best = &z
					continue
				}
				bw, bh := s.measure(best.Modules, true)
				if zw*zh < bw*bh {
					best = &z
				}
			}
		}
		switch {
		case sym == nil && best == nil:
			c.neither++
			continue
		case sym == nil:
			c.onlyZint++
			zw, zh := s.measure(best.Modules, true)
			t.Logf("%s: barkit refuses (%v); zint writes %d×%d", p.name, err, zw, zh)
			continue
		case best == nil:
			c.onlyBarkit++
		default:
			w, h := s.measure(sym.Modules, false)
			zw, zh := s.measure(best.Modules, true)
			switch {
			case w*h > zw*zh:
				c.larger++
				t.Errorf("%s %q: barkit %s %d×%d modules, zint %d×%d with ECI %d", p.name, p.data, sym.Version, w, h, zw, zh, best.ECI)
			case w*h < zw*zh:
				c.smaller++
			default:
				c.equal++
			}
		}
		if unfair {
			c.unfair++
		}
		if s.noRead != "" {
			continue
		}
		// Read back with barkit's reader.
		scale := cmp.Or(s.scale, 4)
		img, err := render.Image(sym, render.Options{Scale: scale})
		if err != nil {
			t.Fatal(err)
		}
		got, err := barkit.Scan(img, barkit.ScanOptions{Symbologies: append([]string{s.id}, s.readAs...), NoParse: true})
		switch {
		case err != nil || len(got) != 1:
			t.Errorf("%s: barkit read %d symbols, %v", p.name, len(got), err)
		case p.binary && !bytes.Equal(got[0].RawBytes, []byte(p.data)):
			t.Errorf("%s: barkit read bytes % x", p.name, got[0].RawBytes)
		case !p.binary && got[0].Data != want:
			t.Errorf("%s: barkit read %q, want %q", p.name, got[0].Data, want)
		default:
			c.barkitRead++
		}
		if s.zxing != "" {
			paths = append(paths, enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: scale}))
			switch {
			case p.zxing != "":
			case s.zxingText != nil:
				p.zxing = s.zxingText(want)
			default:
				p.zxing = want
			}
			wants = append(wants, p)
		}
	}
	if len(paths) == 0 || !zxingInstalled() {
		return c
	}
	reads := enginetest.ZXingReadAll(t, s.zxing, paths...)
	for i, p := range wants {
		r, ok := reads[paths[i]]
		switch {
		case !ok:
			t.Errorf("%s: ZXingReader read nothing", p.name)
		case p.binary && !bytes.Equal(r.Bytes, []byte(p.data)):
			t.Errorf("%s: ZXingReader read bytes % x", p.name, r.Bytes)
		case !p.binary && r.Text != p.zxing:
			t.Errorf("%s: ZXingReader read %q, want %q", p.name, r.Text, p.zxing)
		default:
			c.zxingRead++
		}
	}
	return c
}

// zxingInstalled reports whether ZXingReader is installed.
func zxingInstalled() bool {
	_, err := exec.LookPath("ZXingReader")
	return err == nil
}
