// Package corpustest reads the reference corpus (../shared/corpus beside
// the repository, see its README) for the tests of the symbology
// packages: the expectations of its folders, their images, and the
// scoring of a reader against the reference reader's minimum pass counts.
// The project-wide ratchet of pass counts is the root package's
// TestCorpus; a package's corpus test holds its symbology to the
// reference.
package corpustest

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/internal/modroot"
	"github.com/barkit/barkit/symbology"
)

// Dir returns the reference corpus: ../shared/corpus beside the
// repository whose root (the directory of go.mod) holds the working
// directory, where a package's tests run; "" when there is none.
func Dir() string {
	d := modroot.Beside("shared")
	if d == "" {
		return ""
	}
	return filepath.Join(d, "corpus")
}

// CorpusRow is one row of the corpus's expectations.tsv: a folder at one
// rotation and the reference reader's minimum pass counts.
type CorpusRow struct {
	Folder, Format   string
	Rotation         int
	FastMin, SlowMin int
	Options          string // such as "eanAddOnSymbol=Require;formats=UPCA", or "-"
}

// CorpusRows returns the expectations of the folders whose format is one of
// formats. It skips the test when the corpus is absent.
func CorpusRows(t testing.TB, formats ...string) []CorpusRow {
	f, err := os.Open(filepath.Join(Dir(), "expectations.tsv"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	defer f.Close()
	var out []CorpusRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 8 || strings.HasPrefix(c[0], "#") || c[0] == "folder" {
			continue
		}
		want := false
		for _, fm := range formats {
			want = want || c[1] == fm
		}
		if !want {
			continue
		}
		rot, _ := strconv.Atoi(c[3])
		fast, _ := strconv.Atoi(c[4])
		slow, _ := strconv.Atoi(c[5])
		out = append(out, CorpusRow{c[0], c[1], rot, fast, slow, c[7]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// CorpusImage is one image of a corpus folder and the text expected from
// it ("" in the false-positive folders).
type CorpusImage struct {
	Name string
	Lum  *image.Gray
	Want string
	Bin  []byte // the expected bytes, when the corpus gives a .bin instead of a .txt
}

// LoadFolder loads the images of a corpus folder. It skips the test when
// the folder is absent.
func LoadFolder(t testing.TB, folder string) []CorpusImage {
	dir := filepath.Join(Dir(), "zxing-cpp", folder)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	var out []CorpusImage
	for _, e := range entries {
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp":
		default:
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := imageio.DecodeBytes(data, imageio.Options{Luminance: true})
		if err != nil {
			t.Fatalf("%s/%s: %v", folder, e.Name(), err)
		}
		im := CorpusImage{Name: e.Name(), Lum: binarize.Luminance(img)}
		base := filepath.Join(dir, strings.TrimSuffix(e.Name(), filepath.Ext(e.Name())))
		if want, err := os.ReadFile(base + ".txt"); err == nil {
			im.Want = string(want)
		} else if bin, err := os.ReadFile(base + ".bin"); err == nil {
			im.Bin = bin
		}
		out = append(out, im)
	}
	return out
}

// Rotate turns g clockwise by deg, a multiple of 90, as the corpus test of
// the repository root does.
func Rotate(g *image.Gray, deg int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if deg%360 == 0 {
		return g
	}
	nw, nh := h, w
	if deg == 180 {
		nw, nh = w, h
	}
	r := image.NewGray(image.Rect(0, 0, nw, nh))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var nx, ny int
			switch deg {
			case 90:
				nx, ny = h-1-y, x
			case 180:
				nx, ny = w-1-x, h-1-y
			case 270:
				nx, ny = y, w-1-x
			}
			r.Pix[ny*nw+nx] = g.Pix[y*g.Stride+x]
		}
	}
	return r
}

// A Judge decides what the barcodes read from an image mean: pass when
// they hold the expected text, misread when they hold something else.
type Judge func(row CorpusRow, got []symbology.Barcode, want string) (pass, misread bool)

// Exact is the Judge of the reference: pass when any barcode's text is the
// expected text, misread when there are barcodes but none is; in the
// folders without barcodes (format None), pass when there is none.
func Exact(row CorpusRow, got []symbology.Barcode, want string) (pass, misread bool) {
	if row.Format == "None" {
		return len(got) == 0, len(got) > 0
	}
	for _, b := range got {
		if b.Text == want {
			return true, false
		}
	}
	return false, len(got) > 0
}

// ScoreCorpus reads every folder and rotation of rows in thorough and fast
// mode for the symbology ids that idsFor gives for the row, judges each
// image, logs one line per row and fails the test on a misread or a count
// below the reference reader's minimum. It returns the mean time per
// image.
func ScoreCorpus(t *testing.T, rows []CorpusRow, idsFor func(CorpusRow) []string, judge Judge) time.Duration {
	t.Helper()
	folders := map[string][]CorpusImage{}
	var total time.Duration
	var scans int
	for _, row := range rows {
		imgs, ok := folders[row.Folder]
		if !ok {
			imgs = LoadFolder(t, row.Folder)
			folders[row.Folder] = imgs
		}
		ids := idsFor(row)
		for _, fast := range []bool{false, true} {
			pass, misread := 0, 0
			var fails []string
			for _, im := range imgs {
				lum := Rotate(im.Lum, row.Rotation)
				start := time.Now()
				got, err := symbology.Read(context.Background(), binarize.NewSource(lum), symbology.ReadOptions{IDs: ids, Fast: fast})
				if err != nil {
					t.Fatal(err)
				}
				total += time.Since(start)
				scans++
				p, m := judge(row, got, im.Want)
				switch {
				case p:
					pass++
				case m:
					misread++
					fails = append(fails, fmt.Sprintf("%s MISREAD %q, want %q", im.Name, got[0].Text, im.Want))
				default:
					fails = append(fails, im.Name+" not found")
				}
			}
			min, mode := row.SlowMin, "slow"
			if fast {
				min, mode = row.FastMin, "fast"
			}
			t.Logf("%-18s %3d %s pass %2d of %2d, reference %2d, misread %d", row.Folder, row.Rotation, mode, pass, len(imgs), min, misread)
			if misread > 0 || pass < min {
				t.Errorf("%s rotation %d %s: %d passed, reference %d, %d misread:\n  %s", row.Folder, row.Rotation, mode, pass, min, misread, strings.Join(fails, "\n  "))
			} else if testing.Verbose() && len(fails) > 0 {
				t.Logf("  %s", strings.Join(fails, "\n  "))
			}
		}
	}
	if scans == 0 {
		return 0
	}
	return total / time.Duration(scans)
}

// asciiNames are the names zxing-cpp's test files give the ASCII controls.
var asciiNames = [...]string{
	"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
	"DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
}

// Escape writes non-graphical characters the way the corpus's
// .txt files do: ASCII controls as <NAME>, DEL as <DEL>, other non-graphical
// code points as <U+XX> (two hex digits below 256, else four or more).
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 32:
			b.WriteString("<" + asciiNames[r] + ">")
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
