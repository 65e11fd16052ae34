package databar

import (
	"testing"

	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/symbology"
)

// judge passes a result whose element string is the expected text, which
// the corpus gives without parentheses, or whose text is.
func judge(row corpustest.CorpusRow, got []symbology.Barcode, want string) (pass, misread bool) {
	if row.Format == "None" {
		return len(got) == 0, len(got) > 0
	}
	for _, b := range got {
		if b.Text == want || b.GS1 && string(b.Bytes) == want {
			return true, false
		}
	}
	return false, len(got) > 0
}

// reached are the DataBar folders of the reference corpus that barkit
// reads as well as the reference reader, at every listed rotation, in
// thorough and fast mode: all of them.
var reached = map[string]bool{
	"rss14-1": true, "rss14-2": true, "rssexpanded-1": true, "rssexpanded-2": true, "rssexpanded-3": true,
	"rssexpandedstacked-1": true, "rssexpandedstacked-2": true, "databarltd-1": true,
}

// TestCorpus reads the folders barkit reaches (reached) and checks each
// against the reference reader's minimums, unchanged, and for misreads.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	var rows []corpustest.CorpusRow
	for _, r := range corpustest.CorpusRows(t, "DataBarOmni", "DataBarStk", "DataBarExp", "DataBarExpStk", "DataBarLtd") {
		if reached[r.Folder] {
			rows = append(rows, r)
		}
	}
	corpustest.ScoreCorpus(t, rows, func(corpustest.CorpusRow) []string { return ids[kindOmni:] }, judge)
}

// TestCorpusFalsePositives reads the images of the reference corpus that
// hold no barcode, at every rotation, thorough and fast, for every
// DataBar id: nothing may be read.
func TestCorpusFalsePositives(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	rows := corpustest.CorpusRows(t, "None")
	corpustest.ScoreCorpus(t, rows, func(corpustest.CorpusRow) []string {
		return ids[kindOmni:]
	}, judge)
}
