package databar

import (
	"fmt"
	"testing"

	"github.com/barkit/barkit/internal/enginetest"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
)

// interopCase is a symbol for the independent readers: its id, its data
// and the element string it carries.
type interopCase struct {
	id, data, es string
	opts         symbology.WriteOptions
}

// interopCases returns GTINs for the kinds of one GTIN (from 0 and 1 for
// Limited) and the GS1 data of
// every encodation method (expandedGoldens) for the Expanded kinds, those
// of Expanded Stacked with 2 to 8 segments to a row.
func interopCases(t *testing.T) []interopCase {
	t.Helper()
	var cs []interopCase
	for _, g := range gtins(8) {
		for _, id := range []string{"databar", "databar-stacked", "databar-stacked-omni"} {
			cs = append(cs, interopCase{id: id, data: "(01)" + g, es: "01" + g})
		}
		// Limited carries GTINs from 0 and 1.
		l := string('0'+byte(len(cs)%2)) + g[1:13]
		l += string(checkDigit(l))
		cs = append(cs, interopCase{id: "databar-limited", data: "(01)" + l, es: "01" + l})
	}
	for i, e := range expandedGoldens {
		es, _, err := expandedInput(e.hri, symbology.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, interopCase{id: "databar-expanded", data: e.hri, es: es},
			interopCase{id: "databar-expanded-stacked", data: e.hri, es: es, opts: symbology.WriteOptions{Version: fmt.Sprint(2 + 2*(i%4))}})
	}
	return cs
}

// writeCases writes the cases as PNG files in dir at scale 2 and returns
// their paths.
func writeCases(t *testing.T, dir string, cs []interopCase) (files []string) {
	t.Helper()
	for i, c := range cs {
		info, _ := symbology.Lookup(c.id)
		sym, err := info.Write(c.data, c.opts)
		if err != nil {
			t.Fatalf("%s %q: %v", c.id, c.data, err)
		}
		files = append(files, enginetest.WritePNG(t, dir, fmt.Sprint(i), sym, render.Options{Scale: 2}))
	}
	return files
}

// zbarMisreads are GS1 data that zbarimg 0.23 reads wrongly or not at all
// from DataBar Expanded, from zint's symbols as from barkit's (the same
// modules, TestZintModules): it misdecodes the ISO/IEC 646 field of the
// first (reading "(21)" as "2Q") and misses the second; zxing-cpp reads
// both (TestZXingWasmReadsDataBar).
var zbarMisreads = map[string]bool{
	"(10)A12(21)abc(30)12":  true,
	"(10)ABC(21)1234567890": true,
}

// TestZbarReadsDataBar checks that zbarimg 0.23, an independent reader,
// reads barkit's symbols as the element string they carry:
// Omnidirectional, Stacked and Stacked Omnidirectional (all of which it
// reports as DataBar), Expanded, and Expanded Stacked of one row; it
// reads no DataBar Limited. Of
// Expanded Stacked of several rows zbar reads some only (it misses the
// same ones written by zint): those it reads must be right, and it must
// read some.
func TestZbarReadsDataBar(t *testing.T) {
	cs := interopCases(t)
	files := writeCases(t, t.TempDir(), cs)
	multi, multiRead := 0, 0
	for i, c := range cs {
		if zbarMisreads[c.data] || c.id == "databar-limited" {
			continue // zbar 0.23 reads no DataBar Limited
		}
		sym := "databar"
		if c.id == "databar-expanded" || c.id == "databar-expanded-stacked" {
			sym = "databar-exp"
		}
		got, ok := enginetest.Zbar(t, files[i], sym)
		rows := 1
		if c.id == "databar-expanded-stacked" {
			rows = stackedRows(t, c)
		}
		if rows > 1 {
			multi++
			if ok {
				multiRead++
			}
		}
		switch {
		case ok && got != c.es:
			t.Errorf("%s %q: zbarimg read %q, wrote %q", c.id, c.data, got, c.es)
		case !ok && rows == 1:
			t.Errorf("%s %q: zbarimg read nothing", c.id, c.data)
		}
	}
	t.Logf("zbarimg read %d of %d Expanded Stacked symbols of several rows", multiRead, multi)
	if multi > 0 && multiRead == 0 {
		t.Errorf("zbarimg read none of %d Expanded Stacked symbols of several rows", multi)
	}
}

// stackedRows returns the rows of the Expanded Stacked symbol of c.
func stackedRows(t *testing.T, c interopCase) int {
	t.Helper()
	sym, err := writeExpandedStacked(c.data, c.opts)
	if err != nil {
		t.Fatal(err)
	}
	// Rows of 34 modules, 3 separator rows apart.
	return (sym.Modules.Height + 3) / 37
}

// TestZXingWasmReadsDataBar checks that zxing-cpp 3, which reads the whole
// family, reads barkit's symbols as the element string they carry, as the
// kind written: it names both stacked forms of DataBar Omnidirectional
// DataBarStk, and an Expanded Stacked symbol of one row DataBarExp.
func TestZXingWasmReadsDataBar(t *testing.T) {
	cs := interopCases(t)
	files := writeCases(t, t.TempDir(), cs)
	res := enginetest.ZXingWasm(t, files)
	formats := map[string]string{
		"databar": "DataBarOmni", "databar-stacked": "DataBarStk", "databar-stacked-omni": "DataBarStk",
		"databar-expanded": "DataBarExp", "databar-expanded-stacked": "DataBarExpStk", "databar-limited": "DataBarLtd",
	}
	for i, c := range cs {
		got := res[files[i]]
		format := formats[c.id]
		if c.id == "databar-expanded-stacked" && stackedRows(t, c) == 1 {
			format = "DataBarExp"
		}
		if len(got) != 1 || got[0].Format != format || got[0].Text != c.es {
			t.Errorf("%s %q: zxing-wasm read %s, barkit %s %q", c.id, c.data, enginetest.FormatResults(got), format, c.es)
		}
	}
}
