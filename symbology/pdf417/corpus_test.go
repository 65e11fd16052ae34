package pdf417

import (
	"image"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/symbology"
)

// Helpers for the tests and benchmarks that read the reference corpus
// (../../../shared/corpus, see its README): the Macro PDF417 merge of
// pdf417-4 and the per-folder benchmarks. Pass counts per folder and
// rotation are the root package's TestCorpus, the project-wide ratchet.

// corpusFolders maps the folders this package is scored on to the kind of
// symbol they hold.
var corpusFolders = map[string]kind{
	"pdf417-1": kindFull, "pdf417-2": kindFull, "pdf417-3": kindFull, "micropdf417-1": kindMicro,
}

// readAll reads every kind this package registers, as a scan for all of
// them would.
func readAll(lum *image.Gray, opts symbology.ReadOptions, kinds ...kind) []symbology.Barcode {
	return readKinds(binarize.NewSource(lum), opts, kinds...)
}
