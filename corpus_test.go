package barkit_test

import (
	"bufio"
	"flag"
	"fmt"
	"github.com/barkit/barkit/internal/corpustest"
	"image"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/symbology"
)

// The corpus test is the ratchet of DESIGN.md §6: it reads every folder of
// the reference corpus whose symbology barkit reads, at each rotation the
// reference lists, in thorough and fast mode, and fails when a pass count
// falls below testdata/corpus-baseline.tsv or any misread appears. Run with
// -update to write the counts reached into the baseline.

var update = flag.Bool("update", false, "write the pass counts reached to testdata/corpus-baseline.tsv")

const (
	corpusDir    = "../shared/corpus"
	baselineFile = "testdata/corpus-baseline.tsv"
)

// corpusIDs maps the corpus's format names (zxing-cpp's) to barkit ids.
var corpusIDs = map[string]string{
	"QRCode": "qr", "MicroQRCode": "micro-qr", "RMQRCode": "rmqr", "DataMatrix": "data-matrix",
	"Aztec": "aztec", "PDF417": "pdf417", "MicroPDF417": "micro-pdf417", "MaxiCode": "maxicode",
	"EAN13": "ean13", "EAN8": "ean8", "UPCA": "upca", "UPCE": "upce", "Code128": "code128",
	"Code39": "code39", "Code39Ext": "code39-ext", "Code93": "code93", "Codabar": "codabar",
	"ITF": "itf", "DataBar": "databar", "DataBarExpanded": "databar-expanded",
	"DataBarLimited": "databar-limited", "DXFilmEdge": "dx-film-edge", "Telepen": "telepen",
	"DataBarOmni": "databar", "DataBarStk": "databar-stacked", "DataBarExp": "databar-expanded",
	"DataBarExpStk": "databar-expanded-stacked", "DataBarLtd": "databar-limited",
}

// expectation is one row of the corpus's expectations.tsv.
type expectation struct {
	folder, format   string
	rotation         int
	fastMin, slowMin int
	options          string
}

func loadExpectations(t testing.TB) []expectation {
	f, err := os.Open(filepath.Join(corpusDir, "expectations.tsv"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	defer f.Close()
	var out []expectation
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "folder\t") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) < 8 {
			t.Fatalf("expectations.tsv: short row %q", line)
		}
		rot, _ := strconv.Atoi(c[3])
		fast, _ := strconv.Atoi(c[4])
		slow, _ := strconv.Atoi(c[5])
		out = append(out, expectation{folder: c[0], format: c[1], rotation: rot, fastMin: fast, slowMin: slow, options: c[7]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// symbologiesFor returns the ids a folder is scanned for: the folder's own
// symbology (or the one its options name), or every readable one for the
// false-positive folders. ok is false when barkit does not read it yet.
func symbologiesFor(e expectation) (ids []string, ok bool) {
	if e.format == "None" {
		for _, info := range symbology.All() {
			if info.Readable {
				ids = append(ids, info.ID)
			}
		}
		return ids, len(ids) > 0
	}
	id := corpusIDs[e.format]
	for _, opt := range strings.Split(e.options, ";") {
		if v, found := strings.CutPrefix(opt, "formats="); found {
			id = corpusIDs[v]
		}
	}
	info, found := symbology.Lookup(id)
	if id == "" || !found || !info.Readable {
		return nil, false
	}
	if id == "aztec" {
		// The reference reports Aztec Runes as Aztec; barkit as aztec-rune.
		return []string{id, "aztec-rune"}, true
	}
	return []string{id}, true
}

// sample is one corpus image with its expected content.
type sample struct {
	name string
	lum  *image.Gray
	text string // expected text, escaped as zxing-cpp escapes it
	bin  []byte // expected bytes when the corpus gives .bin instead of .txt
	// unlabelled: the corpus gives no expected content (maxicode-2,
	// which the reference reads none of); a read counts as neither a
	// pass nor a misread.
	unlabelled bool
}

func loadFolder(t testing.TB, folder string) []sample {
	dir := filepath.Join(corpusDir, "zxing-cpp", folder)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []sample
	for _, e := range entries {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		switch ext {
		case ".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff":
		default:
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := imageio.DecodeBytes(data, imageio.Options{Luminance: true})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		s := sample{name: e.Name(), lum: binarize.Luminance(img)}
		base := strings.TrimSuffix(path, filepath.Ext(path))
		if b, err := os.ReadFile(base + ".txt"); err == nil {
			s.text = corpustest.Escape(string(b))
		} else if b, err := os.ReadFile(base + ".bin"); err == nil {
			s.bin = b
		} else if unlabelledFolders[folder] {
			s.unlabelled = true
		} else if !strings.HasPrefix(folder, "falsepositives") {
			t.Fatalf("%s: no .txt or .bin beside it", path)
		}
		out = append(out, s)
	}
	return out
}

// unlabelledFolders are the corpus folders whose images come without
// their expected content.
var unlabelledFolders = map[string]bool{"maxicode-2": true}

// rotate turns a luminance plane clockwise by 0, 90, 180 or 270 degrees.
func rotate(g *image.Gray, deg int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if deg == 0 {
		return g
	}
	nw, nh := h, w
	if deg == 180 {
		nw, nh = w, h
	}
	r := image.NewGray(image.Rect(0, 0, nw, nh))
	for y := 0; y < h; y++ {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			var nx, ny int
			switch deg {
			case 90:
				nx, ny = h-1-y, x
			case 180:
				nx, ny = w-1-x, h-1-y
			case 270:
				nx, ny = y, w-1-x
			}
			r.Pix[ny*nw+nx] = v
		}
	}
	return r
}

// verdict judges one image's results as the reference runner does: pass when
// any result matches, misread when results came but none matched. The text
// of a GS1 result matches in its HRI form or as its raw element string.
// mislabelled lists corpus images whose expected text is not what the
// image shows, with the number printed under the bars. Reading the printed
// number counts neither as a pass nor as a misread; reading anything else is
// a misread.
var mislabelled = map[string]string{
	"ean13-2/23.webp": "9784872348880", // labelled 9780804816632
	"ean13-2/28.webp": "9784872348880", // labelled " 9780804816632"
}

// verdict judges one image's results as the reference runner does: pass when
// any result matches, misread when results came but none matched. EAN/UPC
// add-ons follow the row's options: where the reference requires an add-on
// (eanAddOnSymbol=Require) only results with one (identifier ]E3) count;
// elsewhere the reference ignores add-ons, so a result that is the expected
// main symbol followed by its 2- or 5-digit add-on matches too.
func verdict(s sample, e expectation, got []barkit.Barcode) (pass, misread bool, detail string) {
	if e.format == "None" {
		if len(got) == 0 {
			return true, false, ""
		}
		return false, true, fmt.Sprintf("found %s %q", got[0].Symbology, got[0].Data)
	}
	requireAddOn := strings.Contains(e.options, "eanAddOnSymbol=Require")
	if requireAddOn {
		got = slices.DeleteFunc(slices.Clone(got), func(g barkit.Barcode) bool { return g.SymbologyIdentifier != "]E3" })
	}
	if len(got) == 0 {
		return false, false, "not found"
	}
	if s.unlabelled {
		return false, false, fmt.Sprintf("no expected content; read %q", corpustest.Escape(got[0].Data))
	}
	if printed, ok := mislabelled[e.folder+"/"+s.name]; ok {
		for _, g := range got {
			if g.Data == printed {
				return false, false, "mislabelled in the corpus; read the printed " + printed
			}
		}
	}
	for _, g := range got {
		if s.bin != nil && string(g.RawBytes) == string(s.bin) {
			return true, false, ""
		}
		if s.bin != nil {
			continue
		}
		text := corpustest.Escape(g.Data)
		if text == s.text {
			return true, false, ""
		}
		// GS1 results read as HRI text, "(01)...(10)..."; the corpus
		// holds the element string with GS, which is the raw bytes.
		if g.IsGS1 && corpustest.Escape(string(g.RawBytes)) == s.text {
			return true, false, ""
		}
		if !requireAddOn && g.SymbologyIdentifier == "]E3" {
			if addOn, ok := strings.CutPrefix(text, s.text); ok && (len(addOn) == 2 || len(addOn) == 5) {
				return true, false, ""
			}
		}
	}
	want := s.text
	if s.bin != nil {
		want = fmt.Sprintf("bytes %x", s.bin)
	}
	return false, true, fmt.Sprintf("read %q, want %q", corpustest.Escape(got[0].Data), want)
}

// tally is one row of the corpus table.
type tally struct {
	folder   string
	rotation int
	mode     string
	total    int
	pass     int
	misread  int
	min      int // the reference reader's minimum
	baseline int
	failures []string
}

func (r tally) key() string { return fmt.Sprintf("%s\t%d\t%s", r.folder, r.rotation, r.mode) }

func loadBaseline(t *testing.T) map[string]int {
	m := make(map[string]int)
	data, err := os.ReadFile(baselineFile)
	if os.IsNotExist(err) {
		return m
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		c := strings.Split(line, "\t")
		if len(c) != 4 || strings.HasPrefix(line, "#") {
			continue
		}
		n, err := strconv.Atoi(c[3])
		if err != nil {
			t.Fatalf("%s: bad count in %q", baselineFile, line)
		}
		m[strings.Join(c[:3], "\t")] = n
	}
	return m
}

func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	exps := loadExpectations(t)
	baseline := loadBaseline(t)
	folders := make(map[string][]sample)
	var rows []tally
	for _, e := range exps {
		if strings.Contains(e.options, "structured_append") {
			continue // merged messages are scored by the structured-append tests
		}
		ids, ok := symbologiesFor(e)
		if !ok {
			continue
		}
		samples, loaded := folders[e.folder]
		if !loaded {
			samples = loadFolder(t, e.folder)
			folders[e.folder] = samples
		}
		for _, mode := range []string{"slow", "fast"} {
			r := tally{folder: e.folder, rotation: e.rotation, mode: mode, total: len(samples), min: e.slowMin}
			if mode == "fast" {
				r.min = e.fastMin
			}
			r.baseline = baseline[r.key()]
			opts := barkit.ScanOptions{Symbologies: ids, Fast: mode == "fast", NoParse: true}
			scanAll(t, samples, e, opts, &r)
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		t.Skip("no corpus folder has a registered reader")
	}
	var table strings.Builder
	fmt.Fprintf(&table, "%-22s %4s %-4s %5s %5s %7s %8s %9s\n", "folder", "rot", "mode", "total", "pass", "misread", "baseline", "reference")
	var sumPass, sumMin, sumTotal int
	for _, r := range rows {
		mark := ""
		if r.pass < r.min {
			mark = "  (below reference)"
		}
		fmt.Fprintf(&table, "%-22s %4d %-4s %5d %5d %7d %8d %9d%s\n", r.folder, r.rotation, r.mode, r.total, r.pass, r.misread, r.baseline, r.min, mark)
		sumPass += r.pass
		sumMin += r.min
		sumTotal += r.total
	}
	fmt.Fprintf(&table, "%-22s %4s %-4s %5d %5d %7s %8s %9d\n", "TOTAL", "", "", sumTotal, sumPass, "", "", sumMin)
	t.Logf("corpus table:\n%s", table.String())

	for _, r := range rows {
		if r.misread > 0 || r.pass < r.baseline {
			t.Errorf("%s rotation %d %s: %d passed (baseline %d), %d misread:\n  %s",
				r.folder, r.rotation, r.mode, r.pass, r.baseline, r.misread, strings.Join(r.failures, "\n  "))
		}
	}
	if *update {
		var b strings.Builder
		b.WriteString("# folder\trotation\tmode\tpass — written by go test -run TestCorpus -update; the corpus test fails when a count drops below these\n")
		for _, r := range rows {
			fmt.Fprintf(&b, "%s\t%d\n", r.key(), r.pass)
		}
		if err := os.MkdirAll(filepath.Dir(baselineFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(baselineFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// scanAll scans every sample of a folder at the row's rotation, using every
// core, and fills the row's counts.
func scanAll(t *testing.T, samples []sample, e expectation, opts barkit.ScanOptions, r *tally) {
	type outcome struct {
		pass, misread bool
		detail        string
	}
	outs := make([]outcome, len(samples))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, s := range samples {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			got, err := barkit.Scan(rotate(s.lum, e.rotation), opts)
			if err != nil {
				outs[i] = outcome{detail: "error: " + err.Error()}
				return
			}
			p, m, d := verdict(s, e, got)
			outs[i] = outcome{p, m, d}
		}()
	}
	wg.Wait()
	for i, o := range outs {
		switch {
		case o.pass:
			r.pass++
		case o.misread:
			r.misread++
			r.failures = append(r.failures, samples[i].name+": MISREAD "+o.detail)
		default:
			r.failures = append(r.failures, samples[i].name+": "+o.detail)
		}
	}
	slices.Sort(r.failures)
}

// BenchmarkScan scans each corpus folder that has a registered reader, at
// rotation 0 in thorough mode, for the folder's symbology, one image after
// another: ns/op is per image (STYLE.md item 8). Select folders with
// -bench 'Scan/qrcode'.
func BenchmarkScan(b *testing.B) {
	exps := loadExpectations(b)
	for _, e := range exps {
		if e.rotation != 0 || strings.Contains(e.options, "structured_append") {
			continue
		}
		ids, ok := symbologiesFor(e)
		if !ok {
			continue
		}
		b.Run(e.folder, func(b *testing.B) {
			samples := loadFolder(b, e.folder)
			opts := barkit.ScanOptions{Symbologies: ids, NoParse: true}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := barkit.Scan(samples[i%len(samples)].lum, opts); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
