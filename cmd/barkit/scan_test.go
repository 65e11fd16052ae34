package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/symbology"
)

// generate writes a QR Code of data to dir/file with the barkit binary.
func generate(t *testing.T, dir, file, data string) {
	t.Helper()
	r := cli(t, dir, "", "generate", "-o", file, "--", data)
	wantExit(t, r, exitOK)
}

// TestScanRoundTrip scans what generate wrote, through every alias, from a
// file and from standard input.
func TestScanRoundTrip(t *testing.T) {
	dir := t.TempDir()
	generate(t, dir, "hello.png", "Hello, world")
	img, err := os.ReadFile(filepath.Join(dir, "hello.png"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "QR Code\tHello, world\n"
	tests := []struct {
		stdin string
		args  []string
	}{
		{"", []string{"scan", "hello.png"}},
		{"", []string{"decode", "hello.png"}},
		{"", []string{"read", "hello.png"}},
		{"", []string{"scan", "--fast", "hello.png"}},
		{"", []string{"scan", "-s", "qr", "hello.png"}},
		{"", []string{"scan", "-s", "linear", "-s", "QRCode", "hello.png"}},
		{"", []string{"scan", "--symbologies=matrix,linear", "hello.png"}},
		{string(img), []string{"scan", "-"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := cli(t, dir, tt.stdin, tt.args...)
			wantExit(t, r, exitOK)
			if r.stdout != want || r.stderr != "" {
				t.Errorf("got %v\nwant stdout %q", r, want)
			}
		})
	}
}

// TestScanNotFound checks exit 2 when no file holds a code, including a
// symbology filter that excludes the code present.
func TestScanNotFound(t *testing.T) {
	dir := t.TempDir()
	blankPNG(t, filepath.Join(dir, "blank.png"), 120, 80)
	generate(t, dir, "qr.png", "hello")

	r := cli(t, dir, "", "scan", "blank.png")
	wantExit(t, r, exitNotFound)
	if r.stdout != "" || r.stderr != "barkit: blank.png: no barcode found\n" {
		t.Errorf("one file: %v", r)
	}
	r = cli(t, dir, "", "scan", "-s", "linear", "qr.png")
	wantExit(t, r, exitNotFound)
	r = cli(t, dir, "", "scan", "--json", "blank.png")
	wantExit(t, r, exitNotFound)
	if r.stdout != "[]\n" || r.stderr != "" {
		t.Errorf("one file, JSON: %v", r)
	}
	r = cli(t, dir, "", "scan", "blank.png", "blank.png")
	wantExit(t, r, exitNotFound)
	if want := "blank.png:\n  no barcode found\nblank.png:\n  no barcode found\n"; r.stdout != want || r.stderr != "" {
		t.Errorf("two files: %v\nwant stdout %q", r, want)
	}
}

// TestScanSeveralFiles checks the grouping of several files in input order,
// a file that cannot be read (reported, the others still scanned, exit 1),
// and that many files scanned in parallel still print in input order.
func TestScanSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	generate(t, dir, "a.png", "first")
	generate(t, dir, "b.png", "second")
	blankPNG(t, filepath.Join(dir, "blank.png"), 100, 100)
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not an image\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "b.png"))
	if err != nil {
		t.Fatal(err)
	}

	r := cli(t, dir, string(b), "scan", "a.png", "blank.png", "-", "b.png")
	wantExit(t, r, exitOK)
	want := "a.png:\n  QR Code\tfirst\nblank.png:\n  no barcode found\n<stdin>:\n  QR Code\tsecond\nb.png:\n  QR Code\tsecond\n"
	if r.stdout != want || r.stderr != "" {
		t.Errorf("got %v\nwant stdout %q", r, want)
	}

	r = cli(t, dir, "", "scan", "a.png", "missing.png", "notes.txt", "blank.png")
	wantExit(t, r, exitError)
	want = "a.png:\n  QR Code\tfirst\nblank.png:\n  no barcode found\n"
	if r.stdout != want {
		t.Errorf("stdout %q, want %q", r.stdout, want)
	}
	lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "barkit: missing.png: ") || !strings.HasPrefix(lines[1], "barkit: notes.txt: ") {
		t.Errorf("stderr %q, want one line each for missing.png and notes.txt", r.stderr)
	}
	if strings.Contains(lines[0], "open ") {
		t.Errorf("stderr %q repeats the file name", lines[0])
	}
	wantError(t, cli(t, dir, "", "scan", "missing.png"), "barkit: missing.png: ")
	// An error trumps "none found" in the exit status.
	r = cli(t, dir, "", "scan", "blank.png", "notes.txt")
	wantExit(t, r, exitError)
	if want := "blank.png:\n  no barcode found\n"; r.stdout != want || !strings.HasPrefix(r.stderr, "barkit: notes.txt: ") {
		t.Errorf("got %v\nwant stdout %q", r, want)
	}
	wantError(t, cli(t, dir, "", "scan", "-"), "barkit: <stdin>: ")

	// Enough files that the workers finish out of order.
	var args []string
	want = ""
	for i := range 12 {
		name := fmt.Sprintf("f%02d.png", i)
		data := strings.Repeat(fmt.Sprintf("file %d ", i), 1+(11-i)*8) // earlier files are bigger
		generate(t, dir, name, data)
		args = append(args, name)
		want += fmt.Sprintf("%s:\n  QR Code\t%s\n", name, data)
	}
	r = cli(t, dir, "", append([]string{"scan"}, args...)...)
	wantExit(t, r, exitOK)
	if r.stdout != want {
		t.Errorf("got %v\nwant stdout %q", r, want)
	}
}

// barcodeJSON is the Barcode object of SPEC.md §2.2 as the tests read it.
type barcodeJSON struct {
	Data          string `json:"data"`
	Symbology     string `json:"symbology"`
	SymbologyName string `json:"symbologyName"`
	RawBytes      string `json:"rawBytes"`
	ContentType   string `json:"contentType"`
	IsGS1         *bool  `json:"isGS1"`
	Location      *struct {
		TopLeft, TopRight, BottomRight, BottomLeft *struct{ X, Y *float64 }
	} `json:"location"`
	FrameSize *struct {
		Width  int `json:"width"`
		Height int `json:"height"`
	} `json:"frameSize"`
	Orientation         *int            `json:"orientation"`
	ECLevel             string          `json:"ecLevel"`
	SymbologyIdentifier string          `json:"symbologyIdentifier"`
	Timestamp           int64           `json:"timestamp"`
	Parsed              json.RawMessage `json:"parsed"`
}

// TestScanJSON checks the JSON shapes: an array of Barcode objects for one
// file, an array of {file, barcodes} for several, "parsed" unless
// --no-parse, and exact data where the text output escapes.
func TestScanJSON(t *testing.T) {
	dir := t.TempDir()
	generate(t, dir, "url.png", "https://example.com/?a=1&b=2")
	generate(t, dir, "lines.png", "line 1\nline\t2")
	blankPNG(t, filepath.Join(dir, "blank.png"), 64, 64)

	r := cli(t, dir, "", "scan", "--json", "url.png")
	wantExit(t, r, exitOK)
	var one []barcodeJSON
	if err := json.Unmarshal([]byte(r.stdout), &one); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if len(one) != 1 {
		t.Fatalf("%d barcodes, want 1:\n%s", len(one), r.stdout)
	}
	bc := one[0]
	raw, err := base64.StdEncoding.DecodeString(bc.RawBytes)
	if bc.Data != "https://example.com/?a=1&b=2" || bc.Symbology != "qr" || bc.SymbologyName != "QR Code" ||
		err != nil || string(raw) != bc.Data || bc.ContentType != "text" || bc.IsGS1 == nil || *bc.IsGS1 ||
		bc.Location == nil || bc.Location.TopLeft == nil || bc.Location.BottomLeft == nil ||
		bc.FrameSize == nil || bc.FrameSize.Width == 0 || bc.Orientation == nil || bc.ECLevel == "" ||
		!strings.HasPrefix(bc.SymbologyIdentifier, "]Q") || bc.Timestamp == 0 {
		t.Errorf("barcode fields: %+v\n%s", bc, r.stdout)
	}
	var parsed struct{ Type, URL string }
	if err := json.Unmarshal(bc.Parsed, &parsed); err != nil || parsed.Type != "url" || parsed.URL != bc.Data {
		t.Errorf("parsed %s: %v", bc.Parsed, err)
	}
	if !strings.Contains(r.stdout, "a=1&b=2") || !strings.HasPrefix(r.stdout, "[\n  {\n    \"data\"") {
		t.Errorf("JSON is not indented or escapes '&':\n%s", r.stdout)
	}

	r = cli(t, dir, "", "scan", "--json", "--no-parse", "url.png")
	wantExit(t, r, exitOK)
	if strings.Contains(r.stdout, `"parsed"`) {
		t.Errorf("--no-parse output has parsed:\n%s", r.stdout)
	}

	r = cli(t, dir, "", "scan", "--json", "lines.png", "blank.png", "missing.png", "url.png")
	wantExit(t, r, exitError)
	var several []struct {
		File     *string       `json:"file"`
		Barcodes []barcodeJSON `json:"barcodes"`
		Error    string        `json:"error"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &several); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if len(several) != 4 {
		t.Fatalf("%d entries, want 4:\n%s", len(several), r.stdout)
	}
	for i, want := range []struct {
		file, data string
		barcodes   int
		err        bool
	}{
		{"lines.png", "line 1\nline\t2", 1, false},
		{"blank.png", "", 0, false},
		{"missing.png", "", 0, true},
		{"url.png", "https://example.com/?a=1&b=2", 1, false},
	} {
		e := several[i]
		if e.File == nil || *e.File != want.file || len(e.Barcodes) != want.barcodes || (e.Error != "") != want.err ||
			(want.barcodes == 1 && (e.Barcodes[0].Data != want.data || e.Barcodes[0].Parsed == nil)) {
			t.Errorf("entry %d: %+v, want %+v", i, e, want)
		}
	}
	if !strings.Contains(r.stdout, `"barcodes": []`) {
		t.Errorf("a file without barcodes does not show \"barcodes\": []:\n%s", r.stdout)
	}
	if !strings.HasPrefix(r.stderr, "barkit: missing.png: ") {
		t.Errorf("stderr %q", r.stderr)
	}

	// Text output escapes the control characters; JSON above kept them.
	r = cli(t, dir, "", "scan", "lines.png")
	wantExit(t, r, exitOK)
	if want := "QR Code\tline 1<LF>line<HT>2\n"; r.stdout != want {
		t.Errorf("text output %q, want %q", r.stdout, want)
	}
}

// TestScanCorpus scans images from the reference corpus that the CLI did not
// write itself, in one run.
func TestScanCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "zxing-cpp", "qrcode-2")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("reference corpus not found:", err)
	}
	r := cli(t, dir, "", "scan", "9.png", "11.png", "14.png")
	wantExit(t, r, exitOK)
	want := "9.png:\n  QR Code\tMorden\n" +
		"11.png:\n  QR Code\tBEGIN:VCARD<CR><LF>N:Kennedy;Steve<CR><LF>"
	if !strings.HasPrefix(r.stdout, want) || !strings.HasSuffix(r.stdout, "14.png:\n  QR Code\thttp://bbc.co.uk/programmes\n") ||
		strings.Count(r.stdout, "\n") != 6 {
		t.Errorf("got %v", r)
	}
}

func TestEscapeControl(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain text <GS> stays", "plain text <GS> stays"},
		{"a\tb\nc\r\n", "a<HT>b<LF>c<CR><LF>"},
		{"\x00\x1d\x1f\x7f", "<NUL><GS><US><DEL>"},
		{"\u0085x\u009f", "<U+0085>x<U+009F>"},
		{"\x1b[31mred", "<ESC>[31mred"},
		{"日本語 é \u00a0", "日本語 é \u00a0"},
	}
	for _, tt := range tests {
		if got := escapeControl(tt.in); got != tt.want {
			t.Errorf("escapeControl(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestScanInProcess runs the worker pool inside the test binary (so that
// go test -race sees it) and checks it gives what the binary gives.
func TestScanInProcess(t *testing.T) {
	dir := t.TempDir()
	args := []string{"scan"}
	for i := range 6 {
		file := filepath.Join(dir, fmt.Sprintf("%d.png", i))
		wantExit(t, inProcess("", "generate", "-o", file, fmt.Sprint("code ", i)), exitOK)
		args = append(args, file)
	}
	args = append(args, filepath.Join(dir, "missing.png"))
	got, want := inProcess("", args...), cli(t, "", "", args...)
	wantExit(t, got, exitError)
	if got != want || strings.Count(got.stdout, "\n") != 12 {
		t.Errorf("in process: %v\nbinary: %v", got, want)
	}
	for _, args := range [][]string{{"scan", "-r", dir}, {"scan", "-r", "--json", "--no-parse", dir}, {"scan", "-r", "--raw", dir, dir}} {
		got, want := inProcess("", args...), cli(t, "", "", args...)
		wantExit(t, got, exitOK)
		if got.stdout == "" || !sameOutput(got, want) {
			t.Errorf("%q in process: %v\nbinary: %v", args, got, want)
		}
	}
}

// sameOutput reports whether two runs gave the same, but for the
// timestamps of JSON output.
func sameOutput(a, b result) bool {
	ts := regexp.MustCompile(`"timestamp": [0-9]+`)
	return a.code == b.code && a.stderr == b.stderr &&
		ts.ReplaceAllString(a.stdout, "") == ts.ReplaceAllString(b.stdout, "")
}

// TestScanWriteOnly checks that every symbology barkit writes but does not
// read is refused by name in scan -s, as a bad argument (exit 1, not "no
// barcode found"), with what reads it where something does; and that a
// group holding such a symbology is accepted.
func TestScanWriteOnly(t *testing.T) {
	dir := t.TempDir()
	blankPNG(t, filepath.Join(dir, "blank.png"), 64, 64)
	n := 0
	for _, info := range barkit.Symbologies() {
		if info.Readable {
			continue
		}
		n++
		for _, name := range append([]string{info.ID, info.Name}, info.Aliases...) {
			r := cli(t, dir, "", "scan", "-s", "qr,"+name, "blank.png")
			wantError(t, r, "barkit: -s "+name+": barkit writes "+info.Name+" but ")
		}
		if how, ok := readWith[info.ID]; ok {
			// The symbologies the hint names are ones barkit reads.
			_, ids, _ := strings.Cut(how, "-s ")
			for _, id := range strings.Split(strings.TrimSuffix(ids, ")"), ",") {
				if got, ok := symbology.Lookup(id); !ok || !got.Readable {
					t.Errorf("the hint for %s names %q, which barkit does not read", info.ID, id)
				}
			}
		}
		for _, group := range info.Groups {
			wantExit(t, cli(t, dir, "", "scan", "-s", group, "blank.png"), exitNotFound)
		}
	}
	for id := range readWith {
		if info, ok := symbology.Lookup(id); !ok || info.Readable {
			t.Errorf("readWith has %s, which is not a write-only symbology", id)
		}
	}
	t.Logf("%d write-only symbologies", n)
}

// TestScanRaw checks --raw: the data alone, one barcode to a line, exactly
// as decoded (control characters, escape sequences and UTF-8 as they are),
// with nothing for a file without a barcode among several.
func TestScanRaw(t *testing.T) {
	dir := t.TempDir()
	generate(t, dir, "lines.png", "line 1\nline\t2")
	generate(t, dir, "esc.png", "\x1b[31mred\x1d<GS>")
	generate(t, dir, "ru.png", "Привет")
	blankPNG(t, filepath.Join(dir, "blank.png"), 64, 64)
	img := mustRead(t, filepath.Join(dir, "ru.png"))

	r := cli(t, dir, "", "scan", "--raw", "lines.png")
	wantExit(t, r, exitOK)
	if r.stdout != "line 1\nline\t2\n" || r.stderr != "" {
		t.Errorf("one file: %v", r)
	}
	r = cli(t, dir, string(img), "scan", "--raw", "esc.png", "blank.png", "-", "ru.png")
	wantExit(t, r, exitOK)
	if want := "\x1b[31mred\x1d<GS>\nПривет\nПривет\n"; r.stdout != want || r.stderr != "" {
		t.Errorf("several files: %v\nwant stdout %q", r, want)
	}
	r = cli(t, dir, "", "scan", "--raw", "blank.png", "blank.png")
	wantExit(t, r, exitNotFound)
	if r.stdout != "" || r.stderr != "" {
		t.Errorf("several files without a barcode: %v", r)
	}
}

// treeFixture makes a directory of images and other files for scan -r:
// images under names that do not say so, files named .png that are no
// images, a nested directory, a link to a file and a link to a directory
// above (which the walk must not follow). It returns the text output of
// scan -r for the tree.
func treeFixture(t *testing.T, dir string) string {
	t.Helper()
	for _, d := range []string{"tree/b", "tree/a/deep", "tree/.hidden"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	generate(t, dir, "tree/b/code.png", "in b")
	// PNG files under names that do not say so (generate would write
	// SVG and text under them).
	for name, data := range map[string]string{"tree/a/deep/image-without-extension": "deep", "tree/a/looks-like-text.txt": "text name"} {
		generate(t, dir, name+".png", data)
		if err := os.Rename(filepath.Join(dir, name+".png"), filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	generate(t, dir, "tree/.hidden/h.png", "hidden")
	blankPNG(t, filepath.Join(dir, "tree/a/blank.png"), 64, 64)
	for name, data := range map[string]string{
		"tree/a/notes.png":  "this is not an image\n",
		"tree/a/empty.png":  "",
		"tree/b/readme.txt": "hello\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	links := os.Symlink("b/code.png", filepath.Join(dir, "tree/link.png")) == nil &&
		os.Symlink("..", filepath.Join(dir, "tree/a/up")) == nil
	want := "tree/.hidden/h.png:\n  QR Code\thidden\n" +
		"tree/a/blank.png:\n  no barcode found\n" +
		"tree/a/deep/image-without-extension:\n  QR Code\tdeep\n" +
		"tree/a/looks-like-text.txt:\n  QR Code\ttext name\n" +
		"tree/b/code.png:\n  QR Code\tin b\n"
	if links {
		want += "tree/link.png:\n  QR Code\tin b\n"
	}
	return want
}

// TestScanRecursive checks scan -r: the images under a directory, found
// by content at any depth and printed in lexical order under headings,
// the other files skipped; a directory without -r is an error that says
// to use -r, and an image file named on the command line is scanned as
// before beside a directory.
func TestScanRecursive(t *testing.T) {
	dir := t.TempDir()
	want := treeFixture(t, dir)
	generate(t, dir, "single.png", "single")

	for _, flag := range []string{"-r", "--recursive"} {
		r := cli(t, dir, "", "scan", flag, "tree")
		wantExit(t, r, exitOK)
		if r.stdout != want || r.stderr != "" {
			t.Errorf("%s: %v\nwant stdout %q", flag, r, want)
		}
	}
	r := cli(t, dir, "", "scan", "-r", "single.png", "tree")
	wantExit(t, r, exitOK)
	if w := "single.png:\n  QR Code\tsingle\n" + want; r.stdout != w || r.stderr != "" {
		t.Errorf("file and directory: %v\nwant stdout %q", r, w)
	}

	// Without -r a directory is an error, in its place; the other files
	// are still scanned.
	r = cli(t, dir, "", "scan", "single.png", "tree")
	wantExit(t, r, exitError)
	if r.stdout != "single.png:\n  QR Code\tsingle\n" || r.stderr != "barkit: tree: is a directory (scan -r scans the images in it)\n" {
		t.Errorf("directory without -r: %v", r)
	}

	// A file named on the command line that is no image is an error,
	// though the walk skips such files.
	wantError(t, cli(t, dir, "", "scan", "-r", "tree/a/notes.png"), "barkit: tree/a/notes.png: not an image barkit reads")

	// A directory holding one image still gives the per-file shapes.
	r = cli(t, dir, "", "scan", "-r", "tree/b")
	wantExit(t, r, exitOK)
	if r.stdout != "tree/b/code.png:\n  QR Code\tin b\n" {
		t.Errorf("directory of one image: %v", r)
	}
	r = cli(t, dir, "", "scan", "-r", "--json", "tree/b")
	var entries []struct {
		File     string        `json:"file"`
		Barcodes []barcodeJSON `json:"barcodes"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &entries); err != nil || len(entries) != 1 ||
		entries[0].File != "tree/b/code.png" || len(entries[0].Barcodes) != 1 {
		t.Errorf("JSON of a directory of one image: %v, %v", err, r)
	}

	// --raw over the tree: the data alone, in the same order.
	r = cli(t, dir, "", "scan", "-r", "--raw", "tree")
	wantExit(t, r, exitOK)
	wantRaw := "hidden\ndeep\ntext name\nin b\n"
	if strings.Contains(want, "tree/link.png") {
		wantRaw += "in b\n"
	}
	if r.stdout != wantRaw {
		t.Errorf("--raw: %v\nwant stdout %q", r, wantRaw)
	}
}

// TestScanRecursiveJSON checks that --json over a directory is one valid
// JSON array of {file, barcodes} in the order of the text output, and
// that an empty batch is [].
func TestScanRecursiveJSON(t *testing.T) {
	dir := t.TempDir()
	text := treeFixture(t, dir)
	r := cli(t, dir, "", "scan", "-r", "--json", "--no-parse", "tree")
	wantExit(t, r, exitOK)
	var entries []struct {
		File     string        `json:"file"`
		Barcodes []barcodeJSON `json:"barcodes"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &entries); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	var b strings.Builder
	for _, e := range entries {
		fmt.Fprintf(&b, "%s:\n", e.File)
		if len(e.Barcodes) == 0 {
			b.WriteString("  no barcode found\n")
		}
		for _, c := range e.Barcodes {
			fmt.Fprintf(&b, "  %s\t%s\n", c.SymbologyName, c.Data)
		}
	}
	if b.String() != text {
		t.Errorf("JSON entries read as\n%s\nwant\n%s", b.String(), text)
	}
	// The same layout as writeJSON gives a whole array.
	var compact, again bytes.Buffer
	if err := json.Compact(&compact, []byte(r.stdout)); err != nil {
		t.Fatal(err)
	}
	json.Indent(&again, compact.Bytes(), "", "  ")
	if again.String()+"\n" != r.stdout {
		t.Errorf("streamed JSON is laid out differently from writeJSON:\n%s", r.stdout)
	}

	if err := os.Mkdir(filepath.Join(dir, "none"), 0o777); err != nil {
		t.Fatal(err)
	}
	r = cli(t, dir, "", "scan", "-r", "--json", "none")
	wantExit(t, r, exitNotFound)
	if r.stdout != "[]\n" || r.stderr != "barkit: none: no image found in it\n" {
		t.Errorf("directory without images: %v", r)
	}
}

// TestScanStreams checks that each file's results are out as soon as it
// and the files before it are done, without waiting for the rest: the
// last input is standard input, held open until the first file's results
// have been read.
func TestScanStreams(t *testing.T) {
	dir := t.TempDir()
	generate(t, dir, "a.png", "first")
	generate(t, dir, "b.png", "second")
	img := mustRead(t, filepath.Join(dir, "b.png"))
	for _, tt := range []struct {
		args        []string
		first, rest string // stdout before and after standard input is written
	}{
		{[]string{"scan", "a.png", "-"}, "a.png:\n", "  QR Code\tfirst\n<stdin>:\n  QR Code\tsecond\n"},
		{[]string{"scan", "--raw", "a.png", "-"}, "first\n", "second\n"},
		{[]string{"scan", "--json", "--no-parse", "a.png", "-"}, "[\n  {\n", ""},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			cmd, stdin, out, stderr := startScan(t, dir, tt.args...)
			got := ""
			for !strings.HasSuffix(got, tt.first) || got == "" {
				line, err := out.ReadString('\n')
				if err != nil {
					t.Fatalf("reading the first results: %v (read %q, stderr %q)", err, got, stderr.String())
				}
				got += line
			}
			if got != tt.first {
				t.Errorf("first output %q, want %q", got, tt.first)
			}
			stdin.Write(img)
			stdin.Close()
			rest, err := io.ReadAll(out)
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("%v; stderr %q", err, stderr.String())
			}
			all := got + string(rest)
			if strings.HasPrefix(tt.first, "[") {
				var entries []fileResult
				if err := json.Unmarshal([]byte(all), &entries); err != nil || len(entries) != 2 {
					t.Errorf("JSON %v:\n%s", err, all)
				}
			} else if string(rest) != tt.rest {
				t.Errorf("rest of the output %q, want %q", rest, tt.rest)
			}
		})
	}
}

// startScan starts barkit with args in dir, with standard input a pipe
// for the caller to write and close, and returns its standard output to
// read and its standard error. A hang becomes a failure: the process is
// killed after two minutes (barkit's output closes), and when the test
// ends.
func startScan(t *testing.T, dir string, args ...string) (cmd *exec.Cmd, stdin io.WriteCloser, out *bufio.Reader, stderr *bytes.Buffer) {
	t.Helper()
	cmd = exec.Command(barkitBin, args...)
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	hang := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	t.Cleanup(func() {
		hang.Stop()
		cmd.Process.Kill()
	})
	return cmd, stdin, bufio.NewReader(stdout), stderr
}

// TestScanNoProgressWhenPiped checks that a long batch writes no progress
// when standard error is not a terminal: standard error stays empty.
func TestScanNoProgressWhenPiped(t *testing.T) {
	dir := t.TempDir()
	generate(t, dir, "a.png", "x")
	args := []string{"scan"}
	for range progressMin + 4 {
		args = append(args, "a.png")
	}
	r := cli(t, dir, "", args...)
	wantExit(t, r, exitOK)
	if r.stderr != "" {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestScanGC checks that scan collects garbage less often than Go's
// default, unless GOGC says otherwise.
func TestScanGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "150")
	setScanGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, scan changed the GC percent to %d", got)
	}
	os.Unsetenv("GOGC") // t.Setenv restores it
	setScanGC()
	if got := debug.SetGCPercent(100); got != scanGCPercent {
		t.Errorf("without GOGC, the GC percent is %d, want %d", got, scanGCPercent)
	}
}
