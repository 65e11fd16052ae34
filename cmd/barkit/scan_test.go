package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
}
