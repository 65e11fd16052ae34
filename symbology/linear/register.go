package linear

import (
	"cmp"
	"slices"

	"github.com/barkit/barkit/symbology"
)

// Symbology is a linear symbology as the shared reader sees it: the ids it
// reports, its row decoder, and how a result becomes a barcode.
type Symbology struct {
	// IDs are the registry ids the symbology's results are reported
	// under, each registered (symbology.Register) before Register is
	// called. The shared reader decodes with Decode in a scan that asks
	// for any of them.
	IDs []string
	// Decode reads the symbology's symbols in one scan line.
	Decode Decoder
	// NoReread keeps the decoder from the lines thorough mode reads
	// again: walked backwards, and sharpened where a line reads nothing.
	// Sharpening undoes blur that nearly merged the thin elements of
	// EAN/UPC and Code 128 at two pixels per module, and the backward
	// walk cuts their blurred elements anew; both together cost an image
	// without symbols more than the first reading of its lines. The
	// symbologies of two widths, whose narrow elements are narrow next
	// to their wide ones rather than to a module, and those read on
	// guides, read no more with them (TestDegraded, the corpus tests of
	// their packages and of the repository root) and set it.
	NoReread bool
	// NoInverted keeps the decoder from the light-on-dark readings of
	// the lines (thorough mode reads each line dark on light and light on
	// dark, both ways): for a symbology printed dark on light only, whose
	// decoder would spend half its work on readings that never hold one
	// of its symbols.
	NoInverted bool
	// Guided, for a symbology whose symbols have a part that finds them
	// and a part that carries the data without a quiet zone (DX film
	// edge's clock and data tracks), reads the second on the lines beside
	// a guide that Decode found in the first (Hit.Guide); nil for the
	// others.
	Guided Guided
	// Assemble, for a symbology whose decoder reads pieces of symbols
	// (Hit.Piece) on different lines or at different places of one, such
	// as the rows of stacked DataBar, combines the pieces a pass read
	// into symbols; nil for the others, whose pieces are dropped.
	Assemble Assembler
	// AddOns reports that the symbology's supplements (Hit.Extra) are
	// EAN/UPC add-ons, which a scan reads, ignores or requires as its
	// View.EANAddOn says: ignored, they are dropped from every hit before
	// the lines vote, so that a result is the main symbol alone, its
	// corners too; required, a result without one is dropped.
	AddOns bool
	// Barcode turns a result that enough lines agreed on into the
	// barcode to report, its Symbology one of IDs; want reports whether
	// the scan asked for an id, for a symbology whose id depends on it
	// (an EAN-13 symbol of prefix 978 is isbn's to a scan that asks for
	// ISBN and not for EAN-13). A result the scan did not ask for may be
	// returned all the same: it is dropped. ok false drops the result.
	Barcode func(r Result, want func(id string) bool) (bc symbology.Barcode, ok bool)
}

// The shared reader and the symbologies registered with it, written only
// by Register from init functions.
var (
	// reader is the one symbology.Reader of every linear symbology: its
	// IDs grow with each Register.
	reader = &symbology.Reader{Find: find}
	// registered holds the symbologies sorted by their first id, the
	// order in which their results are reported, whatever the order of
	// registration.
	registered []*Symbology
)

// Register adds a linear symbology to the shared reader: every scan line
// of a scan that asks for one of s.IDs is decoded with s.Decode, alongside
// the other linear symbologies asked for, on the same edges. Register
// panics on a symbology without ids, Decode or Barcode, or with an id
// registered here already: programming errors, since it is meant to be
// called from init, after the ids' symbology.Register.
func Register(s Symbology) {
	if len(s.IDs) == 0 || s.Decode == nil || s.Barcode == nil {
		panic("linear: Register without ids, Decode or Barcode")
	}
	for _, id := range s.IDs {
		if slices.Contains(reader.IDs, id) {
			panic("linear: second registration of " + id)
		}
	}
	s.IDs = slices.Clone(s.IDs)
	reader.IDs = append(reader.IDs, s.IDs...)
	symbology.RegisterReader(reader)
	i, _ := slices.BinarySearchFunc(registered, s.IDs[0], func(r *Symbology, id string) int { return cmp.Compare(r.IDs[0], id) })
	registered = slices.Insert(registered, i, &s)
}

// find is the shared reader's Find: one scan of the luminance plane for
// every registered symbology the scan asks for, whose results it adds
// grouped by symbology (in the order of their first ids), each
// symbology's in the order Scan gives them.
func find(v *symbology.View) bool {
	var syms []*Symbology
	var decs []reading
	for _, s := range registered {
		if slices.ContainsFunc(s.IDs, v.Want) {
			syms = append(syms, s)
			decs = append(decs, reading{dec: s.Decode, guided: s.Guided, assemble: s.Assemble, noReread: s.NoReread, noInverted: s.NoInverted,
				noExtra: s.AddOns && v.EANAddOn == symbology.AddOnIgnore})
		}
	}
	if len(decs) == 0 {
		return false
	}
	// Once the scan has found a symbol, a thorough scan reads rows and
	// columns as fast mode reads rows: the finest lines, the oblique,
	// inverted, reread and sharpened ones are last resorts for images
	// that show nothing else.
	results := scan(v.Context(), v.Lum, Options{Fast: !v.Thorough || v.Found, Columns: v.Thorough}, decs)
	for k, s := range syms {
		for _, r := range results[k] {
			if s.AddOns && v.EANAddOn == symbology.AddOnRequire && r.Extra == "" {
				continue
			}
			bc, ok := s.Barcode(r, v.Want)
			if !ok || !v.Want(bc.Symbology) {
				continue
			}
			if !v.Add(bc, 0) {
				return false
			}
		}
	}
	return false
}
