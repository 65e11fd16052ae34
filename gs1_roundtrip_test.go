package barkit_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/content"
	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/datamatrix"
	"github.com/barkit/barkit/symbology/qr"
)

// gs1Examples are GS1 data in human-readable form, as a user gives it to
// Generate with GS1 set.
var gs1Examples = []struct{ source, hri string }{
	{"GS1 General Specifications Figure 4.15.1-2 (GS1 QR Code / GS1 DataMatrix example)",
		"(01)09504000059101(21)12345678p901(10)1234567p(17)141120(8200)http://www.gs1.org/demo/"},
	{"issue example: GTIN, expiry, batch", "(01)09506000134352(17)251231(10)ABC123"},
	{"GS1 General Specifications §3.6.2: variable measure in kg", "(01)95012345678903(3103)000123"},
	{"GS1 General Specifications §2.2.2: SSCC", "(00)106141412345678908"},
	{"GS1 General Specifications §7.9.5: GMN with check character pair", "(8013)1987654Ad4X4bL5ttr2310c2K"},
	{"variable-length field first, then a separator", "(10)ABC123(01)09506000134352"},
	{"price with ISO currency after a weight", "(01)09506000134352(3103)000189(3932)978299"},
	{"logistic unit: SSCC, content, count", "(00)106141412345678908(02)09506000134352(37)144"},
	{"GS1 character set 82 punctuation, '%' included", "(01)09506000134352(21)A%B!\"&'()*+,-.(10)/:;<=>?_z"},
	{"parentheses in data", "(400)PO(7)(00)006141411234567890"},
	{"digital signature in character set 64", "(01)09506000134352(21)1(8030)abc-_0=="},
}

// gs1Identifiers are the symbology identifiers (ISO/IEC 15424) of GS1 data
// in the GS1-capable symbologies barkit knows of; a symbology missing here
// must still give one.
var gs1Identifiers = map[string]string{
	"qr": "]Q3", "rmqr": "]Q3", "data-matrix": "]d2", "code128": "]C1", "aztec": "]z1",
	"databar": "]e0", "databar-limited": "]e0", "databar-expanded": "]e0",
	"databar-stacked": "]e0", "databar-stacked-omni": "]e0", "databar-expanded-stacked": "]e0",
}

// TestGS1RoundTrip writes every GS1 example with every GS1-capable writer
// registered (the "gs1" group), renders it, scans it back and parses it:
// the result must be flagged GS1, carry the right symbology identifier,
// read as the human-readable form with the element string in its raw
// bytes, and parse to the same fields. A writer may refuse an example only
// as too long or unsupported (DataBar holds little), and says so in the log.
func TestGS1RoundTrip(t *testing.T) {
	var writers []symbology.Info
	for _, info := range symbology.All() {
		if info.Write != nil && slices.Contains(info.Groups, "gs1") {
			writers = append(writers, info)
		}
	}
	if len(writers) == 0 {
		t.Skip("no GS1-capable writer registered")
	}
	for _, info := range writers {
		for _, ex := range gs1Examples {
			t.Run(info.ID+"/"+ex.hri, func(t *testing.T) {
				want, err := gs1.ParseHRI(ex.hri)
				if err != nil {
					t.Fatalf("%s: %v", ex.source, err)
				}
				es := gs1.Join(want)
				sym, err := barkit.Generate(ex.hri, barkit.GenerateOptions{Symbology: info.ID, GS1: true})
				if errors.Is(err, barkit.ErrTooLong) || errors.Is(err, barkit.ErrUnsupported) {
					t.Skipf("%s cannot hold %s: %v", info.ID, ex.source, err)
				}
				if err != nil {
					t.Fatalf("Generate(%q): %v", ex.hri, err)
				}
				img, err := render.Image(sym, render.Options{Scale: 3})
				if err != nil {
					t.Fatalf("render: %v", err)
				}
				got, err := barkit.Scan(img, barkit.ScanOptions{Symbologies: []string{info.ID}})
				if err != nil || len(got) != 1 {
					t.Fatalf("Scan found %d codes, %v", len(got), err)
				}
				b := got[0]
				if !b.IsGS1 || b.ContentType != "gs1" {
					t.Errorf("isGS1 %v, contentType %q", b.IsGS1, b.ContentType)
				}
				if id, ok := gs1Identifiers[info.ID]; ok && b.SymbologyIdentifier != id || b.SymbologyIdentifier == "" {
					t.Errorf("symbology identifier %q, want %q", b.SymbologyIdentifier, gs1Identifiers[info.ID])
				}
				if b.Data != gs1.FormatHRI(want) {
					t.Errorf("data %q, want %q", b.Data, gs1.FormatHRI(want))
				}
				if string(b.RawBytes) != es {
					t.Errorf("raw bytes %q, want the element string %q", b.RawBytes, es)
				}
				p := b.Parsed
				if p == nil || p.Type != content.TypeGS1 || p.GS1.ElementString != es {
					t.Fatalf("parsed as %+v, want gs1 %q", p, es)
				}
				if len(p.GS1.Fields) != len(want) {
					t.Fatalf("parsed %d fields, want %d", len(p.GS1.Fields), len(want))
				}
				for i, f := range p.GS1.Fields {
					a, _ := gs1.Lookup(want[i].AI)
					if f.AI != want[i].AI || f.Value != want[i].Value || f.Title != a.Title {
						t.Errorf("field %d: %+v, want (%s) %q %q", i, f, want[i].AI, want[i].Value, a.Title)
					}
				}
			})
		}
	}
}

// TestGS1TextWithBadCheckDigit scans GS1 symbols whose GTIN check digit is
// wrong (written below the facade, which refuses such data): every
// symbology reads them in human-readable form all the same, and the parser
// is the one that reports the check digit.
func TestGS1TextWithBadCheckDigit(t *testing.T) {
	const es = "0109506000134353" + "10ABC" // check digit 3; 2 is right
	qrCode, err := qr.Encode(es, qr.Options{GS1: true})
	if err != nil {
		t.Fatal(err)
	}
	dm, err := datamatrix.Encode(es, datamatrix.Options{GS1: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, sym := range []*symbology.Symbol{
		{Symbology: "qr", Modules: qrCode.Modules, QuietZone: 4},
		{Symbology: "data-matrix", Modules: dm.Modules, QuietZone: 1},
	} {
		img, err := render.Image(sym, render.Options{Scale: 3})
		if err != nil {
			t.Fatal(err)
		}
		got, err := barkit.Scan(img, barkit.ScanOptions{Symbologies: []string{sym.Symbology}})
		if err != nil || len(got) != 1 {
			t.Fatalf("%s: scan: %v, %d codes", sym.Symbology, err, len(got))
		}
		if b := got[0]; b.Data != "(01)09506000134353(10)ABC" || string(b.RawBytes) != es || !b.IsGS1 {
			t.Errorf("%s: read %q (raw %q, gs1 %v)", sym.Symbology, b.Data, b.RawBytes, b.IsGS1)
		}
	}
}
