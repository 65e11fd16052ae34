package microqr

import (
	"context"
	"image"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/internal/corpustest"
	"github.com/barkit/barkit/symbology"
)

// readID reads g for one symbology, as a scan restricted to it does.
func readID(g *image.Gray, id string, fast bool) []symbology.Barcode {
	got, err := symbology.Read(context.Background(), binarize.NewSource(g), symbology.ReadOptions{IDs: []string{id}, Fast: fast})
	if err != nil {
		panic(err)
	}
	return got
}

// TestCorpus reads the reference corpus's folders of Micro QR Code and those
// without barcodes at each rotation listed, thorough and fast, for
// micro-qr alone: each must reach the reference reader's counts, with no
// misread, and the false-positive folders must give nothing.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	rows := corpustest.CorpusRows(t, "MicroQRCode", "None")
	corpustest.ScoreCorpus(t, rows, func(corpustest.CorpusRow) []string { return []string{"micro-qr"} }, corpustest.Exact)
}
