package aztec

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/symbology"
)

// The package's corpus test, in the manner of the root package's TestCorpus
// (the project-wide ratchet, which scores the folders of registered
// symbologies): the reference corpus's Aztec folders at every rotation,
// thorough and fast, must reach zxing-cpp's own minimums with no misread,
// and the false-positive folders must give nothing.

const corpusRoot = "../../../shared/corpus"

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
		case ".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp":
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

// rotateGray turns g clockwise by 0, 90, 180 or 270 degrees.
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

// corpusExpectation is a row of expectations.tsv.
type corpusExpectation struct {
	folder           string
	rotation         int
	fastMin, slowMin int
}

func loadExpectations(t testing.TB, folders ...string) []corpusExpectation {
	f, err := os.Open(filepath.Join(corpusRoot, "expectations.tsv"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	defer f.Close()
	var out []corpusExpectation
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 8 || strings.HasPrefix(c[0], "#") {
			continue
		}
		for _, want := range folders {
			if c[0] != want || seen[c[0]+"/"+c[3]] {
				continue
			}
			seen[c[0]+"/"+c[3]] = true
			rot, _ := strconv.Atoi(c[3])
			fast, _ := strconv.Atoi(c[4])
			slow, _ := strconv.Atoi(c[5])
			out = append(out, corpusExpectation{c[0], rot, fast, slow})
		}
	}
	return out
}

// readIDs reads the Aztec symbols of an image as a scan for aztec and
// aztec-rune would.
func readIDs(lum *image.Gray, fast bool) []symbology.Barcode {
	got, _ := symbology.Read(context.Background(), binarize.NewSource(lum), symbology.ReadOptions{IDs: []string{"aztec", "aztec-rune"}, Fast: fast})
	return got
}

// TestCorpus scores aztec-1, aztec-2 and the false-positive folders.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	exps := loadExpectations(t, "aztec-1", "aztec-2", "falsepositives-1", "falsepositives-2")
	samples := map[string][]corpusSample{}
	var table strings.Builder
	fmt.Fprintf(&table, "%-18s %4s %-4s %5s %5s %7s %9s\n", "folder", "rot", "mode", "total", "pass", "misread", "reference")
	for _, e := range exps {
		if samples[e.folder] == nil {
			samples[e.folder] = loadCorpusFolder(t, e.folder)
		}
		ss := samples[e.folder]
		for _, fast := range []bool{false, true} {
			pass, misread := 0, 0
			var failures []string
			var mu sync.Mutex
			var wg sync.WaitGroup
			sem := make(chan struct{}, runtime.GOMAXPROCS(0))
			for _, s := range ss {
				wg.Add(1)
				sem <- struct{}{}
				go func() {
					defer func() { <-sem; wg.Done() }()
					got := readIDs(rotateGray(s.lum, e.rotation), fast)
					ok, bad, detail := judge(s, e.folder, got)
					mu.Lock()
					defer mu.Unlock()
					if ok {
						pass++
					}
					if bad {
						misread++
					}
					if !ok {
						failures = append(failures, s.name+": "+detail)
					}
				}()
			}
			wg.Wait()
			min, mode := e.slowMin, "slow"
			if fast {
				min, mode = e.fastMin, "fast"
			}
			fmt.Fprintf(&table, "%-18s %4d %-4s %5d %5d %7d %9d\n", e.folder, e.rotation, mode, len(ss), pass, misread, min)
			if misread > 0 || pass < min {
				t.Errorf("%s rotation %d %s: %d passed (reference %d), %d misread:\n  %s",
					e.folder, e.rotation, mode, pass, min, misread, strings.Join(failures, "\n  "))
			}
		}
	}
	t.Logf("corpus table:\n%s", table.String())
}

// judge tells whether the results of one image pass, as the reference
// runner judges them: any result matching; a misread when results came
// but none matched (or, in a false-positive folder, any result).
func judge(s corpusSample, folder string, got []symbology.Barcode) (pass, misread bool, detail string) {
	if strings.HasPrefix(folder, "falsepositives") {
		if len(got) == 0 {
			return true, false, ""
		}
		return false, true, fmt.Sprintf("found %s %q", got[0].Symbology, got[0].Text)
	}
	if len(got) == 0 {
		return false, false, "not found"
	}
	for _, g := range got {
		if s.bin != nil && string(g.Bytes) == string(s.bin) {
			return true, false, ""
		}
		if s.bin == nil && (escapeText(g.Text) == s.text || g.GS1 && escapeText(string(g.Bytes)) == s.text) {
			return true, false, ""
		}
	}
	return false, true, fmt.Sprintf("read %.40q, want %.40q", escapeText(got[0].Text), s.text)
}
