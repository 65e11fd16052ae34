package rmqr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
)

// TestReadDegraded reads testdata/degraded: symbols written by zint,
// turned to arbitrary angles, in perspective, blurred, noised and
// JPEG-compressed (testdata/README, gen_degraded.go). Every one must read,
// in thorough mode, as its .txt says.
func TestReadDegraded(t *testing.T) {
	files, _ := filepath.Glob("testdata/degraded/*.jpg")
	if len(files) == 0 {
		t.Fatal("no degraded pictures")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".jpg") + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := imageio.DecodeBytes(data, imageio.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := readID(binarize.Luminance(img), "rmqr", false)
		if len(got) != 1 || got[0].Text != string(want) {
			var texts []string
			for _, bc := range got {
				texts = append(texts, bc.Text)
			}
			t.Errorf("%s: read %q, want %q", f, texts, want)
		}
	}
}
