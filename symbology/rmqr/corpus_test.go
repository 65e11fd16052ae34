package rmqr

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
	"unicode"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/symbology"
)

// The corpus test reads the reference corpus (../../../shared/corpus, see
// its README) folder of rMQR Code at each rotation the reference
// lists, in thorough and fast mode, and holds barkit to the reference
// reader's minimums, with no misread; the false-positive folders must give
// nothing. It stands in for the root package's TestCorpus until the lead
// records this symbology's baseline there.

const corpusRoot = "../../../shared/corpus"

// corpusRow is one row of the corpus's expectations.tsv.
type corpusRow struct {
	folder           string
	rotation         int
	fastMin, slowMin int
}

func corpusRows(t testing.TB, folders ...string) []corpusRow {
	f, err := os.Open(filepath.Join(corpusRoot, "expectations.tsv"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	defer f.Close()
	var out []corpusRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 6 || !strings.Contains(","+strings.Join(folders, ",")+",", ","+c[0]+",") {
			continue
		}
		rot, _ := strconv.Atoi(c[3])
		fast, _ := strconv.Atoi(c[4])
		slow, _ := strconv.Atoi(c[5])
		out = append(out, corpusRow{c[0], rot, fast, slow})
	}
	return out
}

type corpusSample struct {
	name string
	lum  *image.Gray
	text string // escaped expected text; "" in the false-positive folders
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
		if b, err := os.ReadFile(strings.TrimSuffix(path, filepath.Ext(path)) + ".txt"); err == nil {
			s.text = escapeText(string(b))
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
		case r == 0xa0 || r == 0xfffd || !unicode.IsGraphic(r) || unicode.IsSpace(r):
			fmt.Fprintf(&b, "<U+%02X>", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// rotateGray turns a luminance plane clockwise by 0, 90, 180 or 270 degrees.
func rotateGray(g *image.Gray, deg int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if deg == 0 {
		return g
	}
	nw, nh := h, w
	if deg == 180 {
		nw, nh = w, h
	}
	r := image.NewGray(image.Rect(0, 0, nw, nh))
	for y := range h {
		for x := range w {
			v := g.Pix[y*g.Stride+x]
			var nx, ny int
			switch deg {
			case 90:
				nx, ny = h-1-y, x
			case 180:
				nx, ny = w-1-x, h-1-y
			default:
				nx, ny = y, w-1-x
			}
			r.Pix[ny*nw+nx] = v
		}
	}
	return r
}

// readID reads g for one symbology, as a scan restricted to it does.
func readID(g *image.Gray, id string, fast bool) []symbology.Barcode {
	got, err := symbology.Read(context.Background(), binarize.NewSource(g), symbology.ReadOptions{IDs: []string{id}, Fast: fast})
	if err != nil {
		panic(err)
	}
	return got
}

func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	loaded := map[string][]corpusSample{}
	for _, row := range corpusRows(t, "rmqrcode-1", "falsepositives-1", "falsepositives-2") {
		samples, ok := loaded[row.folder]
		if !ok {
			samples = loadCorpusFolder(t, row.folder)
			loaded[row.folder] = samples
		}
		for _, fast := range []bool{false, true} {
			pass := 0
			var fails []string
			for _, s := range samples {
				got := readID(rotateGray(s.lum, row.rotation), "rmqr", fast)
				if strings.HasPrefix(row.folder, "falsepositives") {
					if len(got) > 0 {
						t.Errorf("%s/%s rotation %d: false positive %q", row.folder, s.name, row.rotation, got[0].Text)
					} else {
						pass++
					}
					continue
				}
				ok := false
				for _, bc := range got {
					ok = ok || escapeText(bc.Text) == s.text
				}
				switch {
				case ok:
					pass++
				case len(got) > 0:
					t.Errorf("%s/%s rotation %d: misread %q, want %q", row.folder, s.name, row.rotation, got[0].Text, s.text)
				default:
					fails = append(fails, s.name)
				}
			}
			min, mode := row.slowMin, "slow"
			if fast {
				min, mode = row.fastMin, "fast"
			}
			if strings.HasPrefix(row.folder, "falsepositives") {
				min = len(samples)
			}
			t.Logf("%-16s %3d %s pass %2d of %2d, reference %2d; not read: %v", row.folder, row.rotation, mode, pass, len(samples), min, fails)
			if pass < min {
				t.Errorf("%s rotation %d %s: %d passed, reference %d", row.folder, row.rotation, mode, pass, min)
			}
		}
	}
}
