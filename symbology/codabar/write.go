package codabar

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// quietZone is the light margin the standard requires on either side of
// a symbol, in modules (EN 798:1995: 10 narrow elements).
const quietZone = 10

// write is the registry's WriteFunc of codabar: data are the data
// characters between a start and a stop character (A to D, in either
// case), or the data characters alone, which get A at either end. The
// human-readable text is the symbol's characters, start and stop
// included.
func write(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	switch {
	case opts.Version != "":
		return nil, fmt.Errorf("codabar: %w: Codabar has no versions (got %q)", symbology.ErrUnsupported, opts.Version)
	case opts.ECLevel != "":
		return nil, fmt.Errorf("codabar: %w: Codabar has no error correction level (got %q)", symbology.ErrUnsupported, opts.ECLevel)
	case opts.GS1:
		return nil, fmt.Errorf("codabar: %w: Codabar does not carry GS1 data", symbology.ErrUnsupported)
	}
	text := data
	if n := len(text); n >= 2 && isStartStop(upper(text[0])) && isStartStop(upper(text[n-1])) {
		text = string(upper(text[0])) + text[1:n-1] + string(upper(text[n-1]))
	} else if n > 0 && !isStartStop(upper(text[0])) && !isStartStop(upper(text[n-1])) {
		text = "A" + text + "A"
	} else {
		return nil, fmt.Errorf("codabar: %w: %q has a start or a stop character, A to D, but not both", symbology.ErrInvalidData, data)
	}
	m, err := Encode(text)
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{Symbology: "codabar", Modules: m, QuietZone: quietZone, Text: text}, nil
}

// upper returns c in upper case.
func upper(c byte) byte {
	return strings.ToUpper(string(c))[0]
}
