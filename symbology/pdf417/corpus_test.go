package pdf417

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/symbology"
)

// Helpers for the tests and benchmarks that read the reference corpus
// (../../../shared/corpus, see its README): the Macro PDF417 merge of
// pdf417-4 and the per-folder benchmarks. Pass counts per folder and
// rotation are the root package's TestCorpus, the project-wide ratchet.

const corpusRoot = "../../../shared/corpus"

// corpusFolders maps the folders this package is scored on to the kind of
// symbol they hold.
var corpusFolders = map[string]kind{
	"pdf417-1": kindFull, "pdf417-2": kindFull, "pdf417-3": kindFull, "micropdf417-1": kindMicro,
}

type corpusSample struct {
	name string
	lum  *image.Gray
	text string // escaped expected text
	bin  []byte // expected bytes, when given instead
}

func loadCorpusFolder(t testing.TB, folder string) []corpusSample {
	dir := filepath.Join(corpusRoot, "zxing-cpp", folder)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	var out []corpusSample
	for _, e := range entries {
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".png", ".jpg", ".gif", ".webp":
		default:
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := imageio.DecodeBytes(data, imageio.Options{})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		s := corpusSample{name: e.Name(), lum: binarize.Luminance(img)}
		base := strings.TrimSuffix(path, filepath.Ext(path))
		if b, err := os.ReadFile(base + ".txt"); err == nil {
			s.text = escapeText(string(b))
		} else if b, err := os.ReadFile(base + ".bin"); err == nil {
			s.bin = b
		}
		out = append(out, s)
	}
	return out
}

// escapeText writes non-graphical characters as the corpus's .txt files
// do: ASCII controls as <NAME>, others as <U+XX>.
func escapeText(s string) string {
	names := [...]string{"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
		"DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US"}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 32:
			b.WriteString("<" + names[r] + ">")
		case r == 127:
			b.WriteString("<DEL>")
		case r < 128:
			b.WriteRune(r)
		case r == 0xa0 || r == 0x2000 || r == 0x2007 || r == 0xfffd || !unicode.IsGraphic(r) || unicode.IsSpace(r):
			if r < 256 {
				fmt.Fprintf(&b, "<U+%02X>", r)
			} else {
				fmt.Fprintf(&b, "<U+%04X>", r)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// readAll reads every kind this package registers, as a scan for all of
// them would.
func readAll(lum *image.Gray, opts symbology.ReadOptions, kinds ...kind) []symbology.Barcode {
	return readKinds(binarize.NewSource(lum), opts, kinds...)
}
