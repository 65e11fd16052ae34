package qrtest

import (
	"encoding/hex"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/matrix"
)

// ZintECIs returns the ECI designators a user of zint could give for
// text, the best among which the size tests compare with: each character
// set eci.Choices offers, ISO-8859-1 (3), Shift_JIS (20) and UTF-8 (26),
// in increasing order; zint refuses those that lack a character of text.
func ZintECIs(text string) []int {
	ecis := []int{eci.ISO8859_1, eci.ShiftJIS, eci.UTF8}
	for _, c := range eci.Choices(text) {
		if c.ECI > 0 && !slices.Contains(ecis, c.ECI) {
			ecis = append(ecis, c.ECI)
		}
	}
	slices.Sort(ecis)
	return ecis
}

// A ZintSymbol is a symbol zint wrote, with the ECI given for it (0 for
// none).
type ZintSymbol struct {
	ECI     int
	Modules *matrix.Matrix
}

// ZintRuns runs zint for text with args (the symbology, the level), once
// without --eci and once with each of ecis, and returns the symbols zint
// writes, in that order; the error is that of the first run when it
// writes none.
func ZintRuns(text string, ecis []int, args ...string) ([]ZintSymbol, error) {
	var out []ZintSymbol
	var first error
	for _, e := range append([]int{0}, ecis...) {
		a := append(slices.Clip(args), "-d", text)
		if e > 0 {
			a = append(a, fmt.Sprintf("--eci=%d", e))
		}
		m, err := Zint(a...)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		out = append(out, ZintSymbol{e, m})
	}
	if out == nil {
		return nil, first
	}
	return out, nil
}

// Smallest returns the symbol of syms of the smallest area, the first of
// equal ones.
func Smallest(syms []ZintSymbol) ZintSymbol {
	best := syms[0]
	for _, s := range syms[1:] {
		if s.Modules.Width*s.Modules.Height < best.Modules.Width*best.Modules.Height {
			best = s
		}
	}
	return best
}

// ZXingRead has ZXingReader (zxing-cpp-tools) read m, drawn at 4 pixels
// a module with a quiet zone of 4 into dir as name.png, and returns the
// text and the bytes it reports, and false when it read nothing.
func ZXingRead(m *matrix.Matrix, dir, name string) (text string, b []byte, ok bool) {
	out, ok := runReader(m, dir, name, "ZXingReader")
	if !ok {
		return "", nil, false
	}
	for _, line := range strings.Split(out, "\n") {
		if rest, found := strings.CutPrefix(line, "Text:"); found {
			rest = strings.TrimSpace(rest)
			text = strings.TrimSuffix(strings.TrimPrefix(rest, `"`), `"`)
		}
		if rest, found := strings.CutPrefix(line, "Bytes:"); found {
			b, _ = hex.DecodeString(strings.ReplaceAll(strings.TrimSpace(rest), " ", ""))
		}
	}
	return text, b, b != nil
}

// Zbar has zbarimg (zbar-tools) read m, drawn as ZXingRead draws it, and
// returns the text it prints, and false when it read nothing.
func Zbar(m *matrix.Matrix, dir, name string) (string, bool) {
	out, ok := runReader(m, dir, name, "zbarimg", "--nodbus", "-q", "--raw")
	return strings.TrimSuffix(out, "\n"), ok && out != ""
}

func runReader(m *matrix.Matrix, dir, name, reader string, args ...string) (string, bool) {
	path := filepath.Join(dir, name+".png")
	f, err := os.Create(path)
	if err != nil {
		return "", false
	}
	err = png.Encode(f, Draw(m, 4, 4))
	if cerr := f.Close(); err != nil || cerr != nil {
		return "", false
	}
	out, err := exec.Command(reader, append(args, path)...).Output()
	if err != nil {
		return "", false
	}
	return string(out), true
}
