package telepen

import (
	"testing"

	"github.com/barkit/barkit/internal/corpustest"
)

// TestCorpus reads the Telepen folders of the reference corpus at every
// rotation the reference lists, thorough and fast: every count at least
// the reference's, no misread.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	rows := corpustest.CorpusRows(t, "Telepen")
	per := corpustest.ScoreCorpus(t, rows, func(corpustest.CorpusRow) []string { return []string{"telepen"} }, corpustest.Exact)
	t.Logf("%v per image", per)
}

// TestCorpusFalsePositives reads the images of the reference corpus that
// hold no barcode, at every rotation, thorough and fast: nothing may be
// read.
func TestCorpusFalsePositives(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	rows := corpustest.CorpusRows(t, "None")
	corpustest.ScoreCorpus(t, rows, func(corpustest.CorpusRow) []string { return []string{"telepen"} }, corpustest.Exact)
}
