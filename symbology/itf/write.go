package itf

import (
	"fmt"
	"strings"

	"github.com/barkit/barkit/symbology"
)

// checkLevel is the ECLevel that asks the ITF writer to append the GS1
// check digit (modulo 10), the usual check of Interleaved 2 of 5.
const checkLevel = "check"

// writeITF is the registry's WriteFunc of itf: data are digits, an even
// number of them; ECLevel "check" appends the GS1 check digit (then the
// data and the check digit make an even number). The human-readable text
// is the digits.
func writeITF(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	check, err := options("itf", opts, true)
	if err != nil {
		return nil, err
	}
	if check && allDigits(data) && data != "" {
		if len(data) >= maxDigits {
			return nil, &symbology.TooLongError{Symbology: "itf", Data: symbology.Quantity{N: len(data), Unit: "digits"},
				Symbol: "an Interleaved 2 of 5 symbol with its check digit", Holds: symbology.Quantity{N: maxDigits - 1, Unit: "digits"}}
		}
		data += string(gs1Check(data))
	}
	m, err := Encode(data)
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{Symbology: "itf", Modules: m, QuietZone: quietZone, Text: data}, nil
}

// writeITF14 is the registry's WriteFunc of itf14: data are the 13 digits
// of a GTIN-14 without its check digit, which is added, or all 14 (the
// check digit checked). The symbol is framed by bearer bars, with the
// quiet zones inside the frame; the human-readable text is the 14 digits.
func writeITF14(data string, opts symbology.WriteOptions) (*symbology.Symbol, error) {
	if _, err := options("itf14", opts, false); err != nil {
		return nil, err
	}
	d := strings.ReplaceAll(data, " ", "")
	switch {
	case !allDigits(d) || len(d) != 13 && len(d) != 14:
		return nil, fmt.Errorf("itf: %w: ITF-14 takes the 13 digits of a GTIN-14, or 14 with the check digit, not %q", symbology.ErrInvalidData, data)
	case len(d) == 13:
		d += string(gs1Check(d))
	case !checked(d):
		return nil, fmt.Errorf("itf: %w: ITF-14 check digit is %c, should be %c", symbology.ErrInvalidData, d[13], gs1Check(d[:13]))
	}
	m, err := Encode(d)
	if err != nil {
		return nil, err
	}
	return &symbology.Symbol{Symbology: "itf14", Modules: Bearers(m, bearerHeight), Text: d}, nil
}

// options checks the registry's write options: ECLevel "check" (any case)
// asks for the check digit where check allows it; there are no versions
// and no GS1 mode (ITF-14 carries a GTIN as its digits).
func options(id string, opts symbology.WriteOptions, check bool) (bool, error) {
	switch {
	case opts.Version != "":
		return false, fmt.Errorf("itf: %w: %s has no versions (got %q)", symbology.ErrUnsupported, id, opts.Version)
	case opts.GS1:
		return false, fmt.Errorf("itf: %w: %s carries digits, not GS1 element strings (ITF-14 holds a GTIN-14)", symbology.ErrUnsupported, id)
	case check && strings.EqualFold(opts.ECLevel, checkLevel):
		return true, nil
	case opts.ECLevel != "":
		hint := ""
		if check {
			hint = fmt.Sprintf("; %q adds the GS1 check digit", checkLevel)
		}
		return false, fmt.Errorf("itf: %w: %s has no error correction level (got %q)%s", symbology.ErrUnsupported, id, opts.ECLevel, hint)
	}
	return false, nil
}
