package itf

import (
	"testing"

	"github.com/barkit/barkit/internal/corpustest"
)

// TestCorpus reads the ITF folders of the reference corpus at every
// rotation the reference lists, thorough and fast, for itf alone, as the
// corpus test of the repository root does: every count at least the
// reference's, no misread.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	rows := corpustest.CorpusRows(t, "ITF")
	per := corpustest.ScoreCorpus(t, rows, func(corpustest.CorpusRow) []string { return []string{"itf"} }, corpustest.Exact)
	t.Logf("%v per image", per)
}

// TestCorpusFalsePositives reads the images of the reference corpus that
// hold no barcode, at every rotation, thorough and fast, for itf and
// itf14: nothing may be read.
func TestCorpusFalsePositives(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	rows := corpustest.CorpusRows(t, "None")
	corpustest.ScoreCorpus(t, rows, func(corpustest.CorpusRow) []string { return []string{"itf", "itf14"} }, corpustest.Exact)
}
