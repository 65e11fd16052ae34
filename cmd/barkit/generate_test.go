package main

import (
	"bytes"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit"
)

// TestGenerateFormats checks that -o picks the format from the extension
// and that the wrote line gives the file, the symbology id and the symbol's
// size without its quiet zone.
func TestGenerateFormats(t *testing.T) {
	dir := t.TempDir()
	text := cli(t, dir, "", "generate", "hello")
	wantExit(t, text, exitOK)
	if text.stderr != "" || !strings.Contains(text.stdout, "\n") {
		t.Fatalf("text rendering on stdout: %v", text)
	}
	tests := []struct {
		cmd, file string
		format    string // png, svg or txt
	}{
		{"generate", "a.png", "png"},
		{"encode", "b.PNG", "png"},
		{"write", "c.svg", "svg"},
		{"generate", "d.txt", "txt"},
		{"generate", "e.Txt", "txt"},
		{"generate", "f.SVG", "svg"},
		{"generate", "noextension", "svg"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd+" "+tt.file, func(t *testing.T) {
			r := cli(t, dir, "", tt.cmd, "-o", tt.file, "hello")
			wantExit(t, r, exitOK)
			if want := "wrote " + tt.file + " (qr, 21x21 modules)\n"; r.stdout != want || r.stderr != "" {
				t.Errorf("got %v\nwant stdout %q", r, want)
			}
			data, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			switch tt.format {
			case "png":
				readPNG(t, filepath.Join(dir, tt.file))
			case "svg":
				if !bytes.Contains(data, []byte("<svg")) || bytes.HasPrefix(data, []byte("\x89PNG")) {
					t.Errorf("%s is not SVG: %.100q", tt.file, data)
				}
			case "txt":
				if string(data) != text.stdout {
					t.Errorf("%s holds\n%s\nwant the text rendering\n%s", tt.file, data, text.stdout)
				}
			}
		})
	}
}

// TestGenerateOptions checks that the options reach the encoder and the
// renderer: sizes from --size, --ec, -t aliases, and PNG dimensions and
// colours from --scale, --no-margin, --fg, --bg and --rotate.
func TestGenerateOptions(t *testing.T) {
	dir := t.TempDir()
	ref, err := barkit.Generate("hello", barkit.GenerateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	qz := ref.QuietZone
	tests := []struct {
		name   string
		args   []string
		wrote  string // the wrote line after "wrote <file> "
		pixels int    // width and height of the PNG, 0 not to check
		check  func(t *testing.T, path string)
	}{
		{"default", nil, "(qr, 21x21 modules)", (21 + 2*qz) * 4, nil},
		{"scale", []string{"--scale", "2"}, "(qr, 21x21 modules)", (21 + 2*qz) * 2, nil},
		{"no margin", []string{"--no-margin", "--scale", "3"}, "(qr, 21x21 modules)", 21 * 3, nil},
		{"size", []string{"--size", "7"}, "(qr, 45x45 modules)", (45 + 2*qz) * 4, nil},
		{"size=", []string{"--size=2", "--ec", "H"}, "(qr, 25x25 modules)", (25 + 2*qz) * 4, nil},
		{"alias", []string{"-t", "QRCode"}, "(qr, 21x21 modules)", 0, nil},
		{"symbology", []string{"--symbology", "qr_code"}, "(qr, 21x21 modules)", 0, nil},
		{"rotate", []string{"--rotate", "90"}, "(qr, 21x21 modules)", (21 + 2*qz) * 4, nil},
		{"colours", []string{"--fg", "#ff0000", "--bg", "transparent"}, "(qr, 21x21 modules)", 0, func(t *testing.T, path string) {
			img := readPNG(t, path)
			if c := nrgba(img, 0, 0); c.A != 0 {
				t.Errorf("corner pixel %v is not transparent", c)
			}
			b := img.Bounds()
			red := false
			for y := b.Min.Y; y < b.Max.Y && !red; y++ {
				for x := b.Min.X; x < b.Max.X && !red; x++ {
					red = nrgba(img, x, y) == color.NRGBA{0xff, 0, 0, 0xff}
				}
			}
			if !red {
				t.Error("no pixel has the --fg colour #ff0000")
			}
		}},
		{"default colours", nil, "(qr, 21x21 modules)", 0, func(t *testing.T, path string) {
			img := readPNG(t, path)
			if c := nrgba(img, 0, 0); c != (color.NRGBA{0xff, 0xff, 0xff, 0xff}) {
				t.Errorf("corner pixel %v is not white", c)
			}
			// The top-left module of a QR Code is dark (finder pattern).
			p := qz*4 + 1
			if c := nrgba(img, p, p); c != (color.NRGBA{0, 0, 0, 0xff}) {
				t.Errorf("pixel %d,%d %v is not black", p, p, c)
			}
		}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, tt.name+".png")
			args := append(append([]string{"generate", "-o", file}, tt.args...), "hello")
			r := cli(t, dir, "", args...)
			wantExit(t, r, exitOK)
			if want := "wrote " + file + " " + tt.wrote + "\n"; r.stdout != want {
				t.Errorf("stdout %q, want %q", r.stdout, want)
			}
			if tt.pixels != 0 {
				b := readPNG(t, file).Bounds()
				if b.Dx() != tt.pixels || b.Dy() != tt.pixels {
					t.Errorf("test %d: PNG is %dx%d pixels, want %dx%d", i, b.Dx(), b.Dy(), tt.pixels, tt.pixels)
				}
			}
			if tt.check != nil {
				tt.check(t, file)
			}
		})
	}
}

// TestGenerateStdin checks "-" as the data: standard input less one trailing
// newline; "-- -" encodes a literal "-".
func TestGenerateStdin(t *testing.T) {
	want := cli(t, "", "", "generate", "hello", "world")
	wantExit(t, want, exitOK)
	for _, stdin := range []string{"hello world", "hello world\n", "hello world\r\n"} {
		if got := cli(t, "", stdin, "generate", "-"); got != want {
			t.Errorf("stdin %q: got %v\nwant %v", stdin, got, want)
		}
	}
	if got := cli(t, "", "hello world", "generate", "--", "-"); got == want || got.code != exitOK {
		t.Errorf(`"-- -" encoded standard input: %v`, got)
	}
	wantError(t, cli(t, "", "", "generate", "-"), "no data on standard input")
	wantError(t, cli(t, "", "\n", "generate", "-"), "no data on standard input")
	wantError(t, cli(t, "", strings.Repeat("a", maxStdinData+1), "generate", "-"), "standard input: more than 1048576 bytes")
}

// TestGenerateNoPartialFile checks that a failed generate leaves no output
// file behind.
func TestGenerateNoPartialFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "big.svg")
	wantError(t, cli(t, dir, "", "generate", "-o", file, strings.Repeat("a", 3000)), "too long")
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("%s exists after a failed generate: %v", file, err)
	}
	wantError(t, cli(t, dir, "", "generate", "-o", filepath.Join(dir, "no", "such", "dir.svg"), "x"), "no such")
}

// TestGenerateBinary checks --binary with --input and standard input (bytes
// as they are, trailing newline kept), --eci by number and by name, and the
// errors that name the cause.
func TestGenerateBinary(t *testing.T) {
	dir := t.TempDir()
	data := []byte{0, 0x80, 0xff, 'A', '\n'}
	in := filepath.Join(dir, "data.bin")
	if err := os.WriteFile(in, data, 0o666); err != nil {
		t.Fatal(err)
	}
	scanBytes := func(t *testing.T, file string) []byte {
		t.Helper()
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		codes, err := barkit.ScanBytes(b, barkit.ScanOptions{})
		if err != nil || len(codes) != 1 {
			t.Fatalf("%s scans to %+v, %v", file, codes, err)
		}
		return codes[0].RawBytes
	}
	for _, tt := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"input file", "", []string{"--binary", "-i", in}},
		{"input stdin", string(data), []string{"--binary", "--input", "-"}},
		{"dash", string(data), []string{"--binary", "-t", "aztec", "-"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, tt.name+".png")
			wantExit(t, cli(t, dir, tt.stdin, append([]string{"generate", "-o", out}, tt.args...)...), exitOK)
			if got := scanBytes(t, out); !bytes.Equal(got, data) {
				t.Errorf("read % x, want % x", got, data)
			}
		})
	}
	// Text from a file loses its trailing newline, as from standard input.
	text := filepath.Join(dir, "text.txt")
	if err := os.WriteFile(text, []byte("hello\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "text.png")
	wantExit(t, cli(t, dir, "", "generate", "-i", text, "-o", out), exitOK)
	if got := scanBytes(t, out); string(got) != "hello" {
		t.Errorf("text file read as %q, want \"hello\"", got)
	}
	for _, eci := range []string{"7", "ISO-8859-5", "iso8859_5"} {
		out := filepath.Join(dir, "eci.png")
		wantExit(t, cli(t, dir, "", "generate", "--eci", eci, "-o", out, "Привет"), exitOK)
		codes, err := barkit.ScanBytes(mustRead(t, out), barkit.ScanOptions{})
		if err != nil || len(codes) != 1 || codes[0].Data != "Привет" || !bytes.Equal(codes[0].RawBytes, []byte{0xbf, 0xe0, 0xd8, 0xd2, 0xd5, 0xe2}) {
			t.Errorf("--eci %s: read %+v, %v; want Привет in ISO-8859-5", eci, codes, err)
		}
	}
	wantError(t, cli(t, dir, "", "generate", "--binary", "-t", "ean13", "-i", in), "EAN-13 cannot carry binary data")
	wantError(t, cli(t, dir, "", "generate", "--eci", "klingon", "x"), `--eci "klingon"`)
	wantError(t, cli(t, dir, "", "generate", "--eci", "3", "-t", "code128", "x"), "no ECI")
	wantError(t, cli(t, dir, "", "generate", "--eci", "7", "Grüße"), "ISO-8859-5")
	wantError(t, cli(t, dir, "", "generate", "-i", in, "x"), "--input", "and data arguments given")
	wantError(t, cli(t, dir, "", "generate", "-i", filepath.Join(dir, "missing")), "no such file")
	wantError(t, cli(t, dir, "", "generate", "-i", "-"), "no data on standard input")
}

func mustRead(t *testing.T, file string) []byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGenerateOutput checks --format and "-o -": --format wins over the
// extension of -o; "-o -" writes to standard output (SVG unless --format
// says otherwise) and prints nothing else; without -o, --format chooses
// what goes to standard output; an extension barkit does not write is an
// error that leaves no file, never SVG under that name.
func TestGenerateOutput(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{}
	for _, f := range []string{"ref.svg", "ref.png", "ref.txt"} {
		wantExit(t, cli(t, dir, "", "generate", "-o", f, "hello"), exitOK)
		files[f] = mustRead(t, filepath.Join(dir, f))
	}
	tests := []struct {
		args []string
		want string // the reference file standard output must equal
	}{
		{[]string{"-o", "-"}, "ref.svg"},
		{[]string{"--output=-", "--format", "png"}, "ref.png"},
		{[]string{"-o", "-", "--format", "TXT"}, "ref.txt"},
		{[]string{"--format", "svg"}, "ref.svg"},
		{[]string{"--format", "png"}, "ref.png"},
		{[]string{}, "ref.txt"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := cli(t, dir, "", append(append([]string{"generate"}, tt.args...), "hello")...)
			wantExit(t, r, exitOK)
			if r.stdout != string(files[tt.want]) || r.stderr != "" {
				t.Errorf("stdout is not %s: %.80q, stderr %q", tt.want, r.stdout, r.stderr)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); !os.IsNotExist(err) {
		t.Errorf(`"-o -" wrote a file named "-": %v`, err)
	}

	// --format wins over the extension, in either direction.
	for _, tt := range []struct{ file, format, want string }{
		{"a.png", "svg", "ref.svg"},
		{"b.gif", "png", "ref.png"},
		{"c.svg", "txt", "ref.txt"},
	} {
		r := cli(t, dir, "", "generate", "-o", tt.file, "--format", tt.format, "hello")
		wantExit(t, r, exitOK)
		if got := mustRead(t, filepath.Join(dir, tt.file)); !bytes.Equal(got, files[tt.want]) {
			t.Errorf("-o %s --format %s did not write %s: %.80q", tt.file, tt.format, tt.want, got)
		}
	}

	// An extension barkit does not write is an error, and no file.
	for _, file := range []string{"code.gif", "code.jpg", "code.svgz"} {
		wantError(t, cli(t, dir, "", "generate", "-o", file, "hello"), "-o "+file+": barkit writes .svg, .png or .txt files", "--format")
		if _, err := os.Stat(filepath.Join(dir, file)); !os.IsNotExist(err) {
			t.Errorf("%s written after an error: %v", file, err)
		}
	}
}

// TestGeneratePNGToNull checks that PNG goes to standard output when it
// is the null device, which is a character device but no terminal.
func TestGeneratePNGToNull(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	cmd := exec.Command(barkitBin, "generate", "-o", "-", "--format", "png", "hello")
	cmd.Stdout = null
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Errorf("PNG to %s: %v, stderr %q", os.DevNull, err, stderr.String())
	}
}
