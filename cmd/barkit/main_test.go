package main

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/barkit/barkit"
)

// barkitBin is the barkit binary TestMain builds for the tests to run.
var barkitBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "barkit-cli-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	barkitBin = filepath.Join(dir, "barkit")
	if runtime.GOOS == "windows" {
		barkitBin += ".exe"
	}
	build := exec.Command("go", "build", "-o", barkitBin, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building barkit:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what one run of barkit gave.
type result struct {
	stdout, stderr string
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
}

// cli runs the barkit binary with args in directory dir ("" for the test's
// working directory), with stdin as its standard input.
func cli(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	return cliEnv(t, dir, stdin, nil, args...)
}

// cliEnv is cli with the variables of env ("NAME=value") added to the
// environment.
func cliEnv(t *testing.T, dir, stdin string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(barkitBin, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
	default:
		t.Fatalf("running barkit %q: %v", args, err)
	}
	return result{stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()}
}

// inProcess runs barkit's run function with args, as main would.
func inProcess(stdin string, args ...string) result {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return result{stdout.String(), stderr.String(), code}
}

// wantExit fails the test unless r exited with code; a failure shows the
// whole run.
func wantExit(t *testing.T, r result, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("want exit %d, got %v", code, r)
	}
}

// wantError checks a failed run: exit 1, nothing on stdout, and one message
// on stderr starting "barkit: " (and never "barkit: barkit:") that contains
// every one of substrings.
func wantError(t *testing.T, r result, substrings ...string) {
	t.Helper()
	wantExit(t, r, exitError)
	if r.stdout != "" {
		t.Errorf("stdout is not empty: %q", r.stdout)
	}
	if !strings.HasPrefix(r.stderr, "barkit: ") || strings.Contains(r.stderr, "barkit: barkit:") {
		t.Errorf("stderr %q does not start with a single \"barkit: \"", r.stderr)
	}
	if strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") {
		t.Errorf("stderr %q is not one line", r.stderr)
	}
	for _, s := range substrings {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr %q does not contain %q", r.stderr, s)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"-v", "--version"} {
		t.Run(arg, func(t *testing.T) {
			r := cli(t, "", "", arg)
			wantExit(t, r, exitOK)
			if want := "barkit " + barkit.Version + "\n"; r.stdout != want || r.stderr != "" {
				t.Errorf("got %v, want stdout %q", r, want)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	for _, arg := range []string{"-h", "--help"} {
		t.Run(arg, func(t *testing.T) {
			r := cli(t, "", "", arg)
			wantExit(t, r, exitOK)
			if r.stderr != "" {
				t.Errorf("stderr: %q", r.stderr)
			}
			for _, s := range []string{"Usage:", "scan", "decode, read", "generate", "encode, write", "parse", "symbologies", "-h, --help", "-v, --version"} {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("usage does not mention %q:\n%s", s, r.stdout)
				}
			}
		})
	}
	t.Run("no command", func(t *testing.T) {
		r := cli(t, "", "")
		wantExit(t, r, exitError)
		if r.stdout != "" || !strings.HasPrefix(r.stderr, "barkit reads and writes barcodes.") ||
			!strings.HasSuffix(r.stderr, "\nbarkit: no command given\n") {
			t.Errorf("got %v, want the usage and an error on stderr", r)
		}
	})
}

// TestCommandHelp checks -h and --help of every command and alias: the
// command's usage line, its flags, examples, exit 0 and nothing on stderr.
func TestCommandHelp(t *testing.T) {
	tests := []struct {
		names []string // command and aliases
		flags []string // what the flag list must show
	}{
		{[]string{"scan", "decode", "read"}, []string{"-s, --symbologies", "--json", "--no-parse", "--fast", "--ean-add-on", "--raw", "-r, --recursive"}},
		{[]string{"generate", "encode", "write"}, []string{"-o, --output", "--format", "-t, --symbology", "--scale", "--ec",
			"--gs1", "--hrt", "--no-margin", "--fg", "--bg", "--rotate", "--size", `(default "qr")`,
			"(default 4)", `(default "#000000")`, `(default "#ffffff")`}},
		{[]string{"parse"}, []string{"-t, --symbology"}},
		{[]string{"symbologies"}, []string{"--json"}},
	}
	for _, tt := range tests {
		for _, name := range tt.names {
			for _, flag := range []string{"-h", "--help"} {
				t.Run(name+flag, func(t *testing.T) {
					r := cli(t, "", "", name, flag)
					wantExit(t, r, exitOK)
					if r.stderr != "" {
						t.Errorf("stderr: %q", r.stderr)
					}
					want := append([]string{"Usage: barkit " + tt.names[0] + " ", "Flags:", "-h, --help",
						"Examples:\n  barkit ", "Exit status:"}, tt.flags...)
					for _, s := range want {
						if !strings.Contains(r.stdout, s) {
							t.Errorf("help does not contain %q:\n%s", s, r.stdout)
						}
					}
				})
			}
		}
	}
}

// TestInProcess checks that run, called as the tests can, behaves exactly as
// the binary.
func TestInProcess(t *testing.T) {
	tests := [][]string{
		{"--version"},
		{"--help"},
		{"scan", "--help"},
		{"generate", "-h"},
		{"frobnicate"},
		{"scan", "--bogus"},
		{"generate", "hello"},
		{"parse", "https://example.com"},
		{"symbologies"},
		{"symbologies", "--json"},
	}
	for _, args := range tests {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			got, want := inProcess("", args...), cli(t, "", "", args...)
			if got != want {
				t.Errorf("in process: %v\nbinary: %v", got, want)
			}
		})
	}
}

// blankPNG writes a white w×h PNG, an image with no barcode, to path.
func blankPNG(t *testing.T, path string, w, h int) {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	writePNG(t, path, img)
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
}

// readPNG decodes the PNG file at path.
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// nrgba is the colour at x, y of img as non-premultiplied RGBA.
func nrgba(img image.Image, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}
