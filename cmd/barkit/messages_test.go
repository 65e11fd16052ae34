package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/imageio"
)

// messageFixtures writes the files the message tests name into dir: a
// text file, an empty file, a PNG cut short, a blank PNG, a Latin-1 text
// file, and a directory holding no image.
func messageFixtures(t *testing.T, dir string) {
	t.Helper()
	blankPNG(t, filepath.Join(dir, "blank.png"), 64, 64)
	blank := mustRead(t, filepath.Join(dir, "blank.png"))
	files := map[string]string{
		"notes.txt":  "not an image\n",
		"empty.png":  "",
		"trunc.png":  string(blank[:40]),
		"latin1.txt": "Gr\xfc\xdfe",
		"d/notes.md": "# no image here\n",
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMessages runs every error path of every command through the built
// binary and checks the whole of standard error, one line starting with a
// single "barkit: " that says what went wrong in the user's words, naming
// the file, flag, value or character, and the exit status; standard
// output stays empty. A few messages end with the library's account of
// the data (how much is too long): for them the test checks the start.
func TestMessages(t *testing.T) {
	dir := t.TempDir()
	messageFixtures(t, dir)
	const writeOnly = "it reads add-ons with their EAN-13, UPC-A or UPC-E symbol (-s ean13,upca,upce)"
	tests := []struct {
		args   []string
		stdin  string
		env    []string
		want   string // standard error, less the final newline
		code   int    // exit status; 0 means exitError
		prefix bool   // want is the start of the line
	}{
		// barkit
		{args: []string{"frobnicate"}, want: `unknown command "frobnicate" (see 'barkit --help')`},
		{args: []string{"--frobnicate"}, want: `unknown flag --frobnicate (see 'barkit --help')`},

		// scan: the command line
		{args: []string{"scan", "--bogus", "x.png"}, want: `scan has no flag --bogus (see 'barkit scan --help')`},
		{args: []string{"read", "-q", "x.png"}, want: `scan has no flag -q (see 'barkit scan --help')`},
		{args: []string{"scan", "-jq", "x.png"}, want: `scan has no flag -j (in -jq) (see 'barkit scan --help')`},
		{args: []string{"scan", "-v", "x.png"}, want: `scan has no flag -v ('barkit --version' prints barkit's version)`},
		{args: []string{"scan", "-s"}, want: `-s needs a value (see 'barkit scan --help')`},
		{args: []string{"scan", "--symbologies"}, want: `--symbologies needs a value (see 'barkit scan --help')`},
		{args: []string{"scan", "--json=maybe", "x.png"}, want: `--json "maybe": not true or false (see 'barkit scan --help')`},
		{args: []string{"scan", "---json", "x.png"}, want: `bad flag syntax "---json" (see 'barkit scan --help')`},
		{args: []string{"scan"}, want: `no image given (see 'barkit scan --help')`},
		{args: []string{"scan", "-", "-"}, want: `standard input (-) can be given only once`},
		{args: []string{"scan", "--raw", "--json", "x.png"}, want: `--raw and --json cannot be used together`},
		{args: []string{"scan", "-s", "nosuch", "x.png"}, want: `-s "nosuch": unknown symbology or group (see 'barkit symbologies')`},
		{args: []string{"scan", "-s", "qr", "-s", "linear, nosuch2", "x.png"}, want: `-s "nosuch2": unknown symbology or group (see 'barkit symbologies')`},
		{args: []string{"scan", "-s", "ean5", "blank.png"}, want: `-s ean5: barkit writes EAN-5 but does not read it on its own; ` + writeOnly},
		{args: []string{"scan", "--symbologies=qr,EAN-2", "blank.png"}, want: `-s EAN-2: barkit writes EAN-2 but does not read it on its own; ` + writeOnly},

		// scan: the files
		{args: []string{"scan", "missing.png"}, want: `missing.png: no such file or directory`},
		{args: []string{"scan", "notes.txt"}, want: `notes.txt: not an image barkit reads (PNG, JPEG, GIF, BMP, WebP or TIFF)`},
		{args: []string{"scan", "empty.png"}, want: `empty.png: empty file`},
		{args: []string{"scan", "trunc.png"}, want: `trunc.png: truncated image: png data ends early: unexpected EOF`},
		{args: []string{"scan", "d"}, want: `d: is a directory (scan -r scans the images in it)`},
		{args: []string{"scan", "-"}, want: `<stdin>: empty file`},
		{args: []string{"scan", "-"}, stdin: "hello", want: `<stdin>: not an image barkit reads (PNG, JPEG, GIF, BMP, WebP or TIFF)`},
		{args: []string{"scan", "blank.png"}, want: `blank.png: no barcode found`, code: exitNotFound},
		{args: []string{"scan", "--raw", "blank.png"}, want: `blank.png: no barcode found`, code: exitNotFound},
		{args: []string{"scan", "-r", "d"}, want: `d: no image found in it`, code: exitNotFound},

		// generate: the command line
		{args: []string{"generate", "--bogus", "x"}, want: `generate has no flag --bogus (see 'barkit generate --help')`},
		{args: []string{"generate", "--version", "7", "x"}, want: `generate has no flag --version (the symbol version flag is --size; 'barkit --version' prints barkit's version)`},
		{args: []string{"generate", "-o"}, want: `-o needs a value (see 'barkit generate --help')`},
		{args: []string{"generate", "--scale", "big", "x"}, want: `--scale "big": not a whole number (see 'barkit generate --help')`},
		{args: []string{"generate"}, want: `no data given (see 'barkit generate --help')`},
		{args: []string{"encode", ""}, want: `no data given (see 'barkit generate --help')`},
		{args: []string{"generate", "-"}, want: `no data on standard input`},
		{args: []string{"generate", "-"}, stdin: "\n", want: `no data on standard input`},
		{args: []string{"generate", "-"}, stdin: strings.Repeat("a", maxStdinData+1), want: `standard input: more than 1048576 bytes, more than any barcode holds`},
		{args: []string{"generate", "-i", "missing"}, want: `missing: no such file or directory`},
		{args: []string{"generate", "-i", "d"}, want: `d: is a directory`},
		{args: []string{"generate", "-i", "notes.txt", "x"}, want: `--input "notes.txt" and data arguments given: give one or the other`},
		{args: []string{"generate", "-i", "latin1.txt"}, want: `latin1.txt: not UTF-8 text; --binary writes bytes as they are`},
		{args: []string{"generate", "-"}, stdin: "\xff", want: `standard input: not UTF-8 text; --binary writes bytes as they are`},
		{args: []string{"generate", "--scale", "0", "x"}, want: `--scale 0: the module size must be at least 1 pixel`},
		{args: []string{"generate", "--rotate", "45", "x"}, want: `--rotate 45: not 0, 90, 180 or 270`},
		{args: []string{"generate", "--fg", "zz", "x"}, want: `--fg "zz": not a colour (use #rgb, #rrggbb, #rgba, #rrggbbaa or a CSS colour name such as navy)`},
		{args: []string{"generate", "--bg", "#12", "x"}, want: `--bg "#12": not a colour (use #rgb, #rrggbb, #rgba, #rrggbbaa, a CSS colour name such as navy, or transparent)`},
		{args: []string{"generate", "--format", "gif", "x"}, want: `--format "gif": barkit writes svg, png or txt`},
		{args: []string{"generate", "-o", "x.gif", "x"}, want: `-o x.gif: barkit writes .svg, .png or .txt files, not .gif (or choose the format with --format svg, png or txt)`},
		{args: []string{"generate", "-o", "d", "x"}, want: `-o d: is a directory`},
		{args: []string{"generate", "-o", "no/such/dir.svg", "x"}, want: `no/such/dir.svg: no such file or directory`},
		{args: []string{"write", "-t", "nosuch", "x"}, want: `-t "nosuch": unknown symbology (see 'barkit symbologies')`},
		{args: []string{"generate", "--eci", "klingon", "x"}, want: `--eci "klingon": not an ECI designator barkit knows nor the name of its character set (such as 26 or UTF-8, 7 or ISO-8859-5)`},
		{args: []string{"generate", "--eci", "3", "-t", "code128", "x"}, want: `--eci 3: Code 128 has no ECI designators`},
		{args: []string{"generate", "--binary", "-t", "ean13", "-i", "notes.txt"}, want: `--binary: EAN-13 cannot carry binary data`},
		{args: []string{"generate", "--binary", "--gs1", "-i", "notes.txt"}, want: `--binary and --gs1 cannot be used together: GS1 data is text`},

		// generate: the data and the symbol
		{args: []string{"generate", "--ec", "Z", "x"}, want: `--ec "Z": not a valid error correction level (L, M, Q or H)`},
		{args: []string{"generate", "-t", "micro-qr", "--ec", "H", "x"}, want: `--ec "H": not a valid error correction level (L, M or Q; Micro QR Code has no level H)`},
		{args: []string{"generate", "-t", "micro-pdf417", "--ec", "3", "x"}, want: `MicroPDF417 has no error correction levels (--ec "3")`},
		{args: []string{"generate", "--size", "99", "x"}, want: `--size "99": not a valid version (1-40)`},
		{args: []string{"generate", "-t", "aztec", "--size", "X9", "x"}, want: `--size "X9": not a valid size (C1-C4 compact, F1-F32 full-range, or rune)`},
		{args: []string{"generate", "-t", "code128", "--size", "7", "x"}, want: `--size "7": Code 128 has no versions`},
		{args: []string{"generate", "-t", "ean13", "--ec", "H", "9506000134352"}, want: `--ec "H": EAN-13 has no error correction level`},
		{args: []string{"generate", "-t", "ean13", "97a"}, want: `EAN-13: character 'a' at position 3 is not a digit`},
		{args: []string{"generate", "-t", "ean13", "123"}, want: `EAN-13 takes 12 digits, or 13 with the check digit, not 3`},
		{args: []string{"generate", "-t", "ean13", "9506000134353"}, want: `EAN-13 9506000134353: check digit 3 is wrong; it should be 2`},
		{args: []string{"generate", "-t", "ean2", "123"}, want: `EAN-2 takes 2 digits, not 3`},
		{args: []string{"generate", "-t", "code128", "Ω"}, want: `character 'Ω' at position 1 is not in ISO/IEC 8859-1, which Code 128 encodes`},
		{args: []string{"generate", "--eci", "7", "Grüße"}, want: `--eci 7: character 'ü' at position 3 is not in ISO-8859-5`},
		{args: []string{"generate", "--eci", "ISO-8859-5", "Grüße"}, want: `--eci 7: character 'ü' at position 3 is not in ISO-8859-5`},
		{args: []string{"generate", "--gs1", "(01)123"}, want: `GS1 AI (01): takes 14 characters of data, got 3`},
		{args: []string{"generate", "--gs1", "(99"}, want: `GS1 data: expected "(AI)" at "(99"`},
		{args: []string{"generate", strings.Repeat("a", 8000)}, want: `data too long: `, prefix: true},
		{args: []string{"generate", "--size", "1", strings.Repeat("a", 100)}, want: `data too long: `, prefix: true},
		{args: []string{"generate", "--scale", "100000", "-o", "big.png", "x"}, want: `--scale 100000: image too large: 29x29 modules at scale 100000 are over the limit of 67108864 pixels`},

		// parse
		{args: []string{"parse"}, want: `no data given (see 'barkit parse --help')`},
		{args: []string{"parse", "-"}, want: `no data on standard input`},
		{args: []string{"parse", "--bogus", "x"}, want: `parse has no flag --bogus (see 'barkit parse --help')`},
		{args: []string{"parse", "-t", "nosuch", "x"}, want: `-t "nosuch": unknown symbology (see 'barkit symbologies')`},

		// symbologies
		{args: []string{"symbologies", "extra"}, want: `symbologies takes no arguments, not "extra" (see 'barkit symbologies --help')`},
		{args: []string{"symbologies", "--bogus"}, want: `symbologies has no flag --bogus (see 'barkit symbologies --help')`},

		// serve
		{args: []string{"serve", "now"}, want: `serve takes no arguments, not "now" (see 'barkit serve --help')`},
		{args: []string{"serve", "--verbose"}, want: `serve has no flag --verbose (see 'barkit serve --help')`},
		{args: []string{"serve", "-p", "70000"}, want: `--port 70000: not a port number (0 to 65535)`},
		{args: []string{"serve"}, env: []string{"PORT=eighty"}, want: `environment variable PORT="eighty": not a port number (0 to 65535)`},
		{args: []string{"serve"}, env: []string{"PORT=-1"}, want: `environment variable PORT="-1": not a port number (0 to 65535)`},
		{args: []string{"serve", "--max-body-bytes", "-5"}, want: `--max-body-bytes -5: a size cannot be negative (0 is the default, 15728640)`},
		{args: []string{"serve", "--scan-timeout", "0"}, want: `--scan-timeout 0s: not a positive duration`},
		{args: []string{"serve", "--scan-timeout", "30"}, want: `--scan-timeout "30": not a duration such as 30s, 1m30s or 2m (see 'barkit serve --help')`},
		{args: []string{"serve", "--check", "-p", "0"}, want: `--check: give the port the server listens on (not 0)`},
	}
	for _, tt := range tests {
		name := strings.Join(tt.args, " ")
		if len(name) > 50 {
			name = name[:50]
		}
		t.Run(name, func(t *testing.T) {
			r := cliEnv(t, dir, tt.stdin, tt.env, tt.args...)
			code := tt.code
			if code == 0 {
				code = exitError
			}
			want := "barkit: " + tt.want
			got := strings.TrimSuffix(r.stderr, "\n")
			if r.code != code || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") ||
				(tt.prefix && !strings.HasPrefix(got, want)) || (!tt.prefix && got != want) {
				t.Errorf("got %v\nwant exit %d and stderr %q", r, code, want+"\n")
			}
			if strings.Count(got, "barkit:") != 1 {
				t.Errorf("stderr %q says \"barkit:\" more than once", got)
			}
		})
	}
}

// TestMessagesReadOnly checks generate -t with each symbology barkit
// reads but does not write, if there is one.
func TestMessagesReadOnly(t *testing.T) {
	for _, info := range barkit.Symbologies() {
		if info.Write == nil {
			wantError(t, cli(t, "", "", "generate", "-t", info.ID, "12345"),
				"barkit: -t "+info.ID+": barkit reads "+info.Name+" but cannot write it\n")
		}
	}
}

// TestMessagesNoPrefixes generates with every writable symbology data it
// cannot take, and checks that no message shows a package prefix
// ("ean: ", "render: ") or a sentinel's name ("invalid data: ").
func TestMessagesNoPrefixes(t *testing.T) {
	for _, info := range barkit.Symbologies() {
		if info.Write == nil {
			continue
		}
		t.Run(info.ID, func(t *testing.T) {
			r := cli(t, "", "", "generate", "-t", info.ID, "--size", "bogus-size", "\x01Ω"+strings.Repeat("9", 5000))
			wantExit(t, r, exitError)
			msg := strings.TrimPrefix(r.stderr, "barkit: ")
			for _, bad := range []string{"barkit:", info.ID + ": ", "invalid data", "unsupported: ", "render: ", "imageio: ", "gs1: "} {
				if strings.Contains(msg, bad) {
					t.Errorf("message %q holds %q", r.stderr, bad)
				}
			}
		})
	}
}

// TestImageFormats checks that the formats the messages name are those
// package imageio reads, as its own error lists them.
func TestImageFormats(t *testing.T) {
	_, _, err := imageio.DecodeBytes([]byte("hello"), imageio.Options{})
	_, list, ok := strings.Cut(err.Error(), "(supported: ")
	if !ok {
		t.Fatalf("imageio's error %q lists no formats", err)
	}
	names := strings.Split(strings.TrimSuffix(list, ")"), ", ")
	for _, name := range names {
		if !strings.Contains(strings.ToLower(imageFormats), name) {
			t.Errorf("imageFormats %q lacks %s", imageFormats, name)
		}
	}
	if got := strings.Split(strings.Replace(imageFormats, " or ", ", ", 1), ", "); len(got) != len(names) {
		t.Errorf("imageFormats %q names %d formats, imageio %d", imageFormats, len(got), len(names))
	}
}
