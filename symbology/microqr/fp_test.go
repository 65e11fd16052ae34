package microqr

import (
	"os"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
)

// TestFabric reads testdata/fabric-fp.png, a strip of woven fabric from
// the reference corpus's falsepositives-2/23.webp (see testdata/README),
// in which the stripes once read as an empty M1 symbol: M1 and M2 must
// have their quiet zone (quietOK).
func TestFabric(t *testing.T) {
	data, err := os.ReadFile("testdata/fabric-fp.png")
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := imageio.DecodeBytes(data, imageio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, fast := range []bool{false, true} {
		if got := readID(binarize.Luminance(img), "micro-qr", fast); len(got) > 0 {
			t.Errorf("fast %v: false positive %q %s", fast, got[0].Text, got[0].Version)
		}
	}
}
