package code39

import (
	"testing"

	"github.com/barkit/barkit/internal/corpustest"
)

// corpusIDs maps the corpus's format names to the id a scan asks for, as
// the corpus test of the repository root does.
var corpusIDs = map[string]string{"Code39": "code39", "Code39Ext": "code39-ext"}

// TestCorpus reads the Code 39 folders of the reference corpus at every
// rotation the reference lists, thorough and fast, for the folder's id
// alone: every count at least the reference's, no misread.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	rows := corpustest.CorpusRows(t, "Code39", "Code39Ext")
	per := corpustest.ScoreCorpus(t, rows, func(r corpustest.CorpusRow) []string { return []string{corpusIDs[r.Format]} }, corpustest.Exact)
	t.Logf("%v per image", per)
}

// TestCorpusFalsePositives reads the images of the reference corpus that
// hold no barcode, at every rotation, thorough and fast, for every id of
// the family: nothing may be read.
func TestCorpusFalsePositives(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	rows := corpustest.CorpusRows(t, "None")
	corpustest.ScoreCorpus(t, rows, func(corpustest.CorpusRow) []string { return []string{"code39", "code39-ext", "code32", "pzn"} }, corpustest.Exact)
}
