package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/symbology"
)

var scanHelp = help{
	usage: "barkit scan [flags] <image>...",
	text: `Decode the barcodes in one or more image files (PNG, JPEG, GIF, BMP, WebP or
TIFF); "-" reads one image from standard input. Aliases: decode, read.

Output: one line per barcode, "<symbology name><TAB><data>". Control
characters in the data are shown escaped as <LF>, <HT>, <GS>, <DEL>, <U+0085>
and so on, so that every barcode stays on one line and no control sequence
reaches the terminal; --json gives the exact data. With several files, each
file's lines are indented by two spaces under a "<file>:" heading, in the order
the files were given, and a file without a barcode shows "no barcode found".
With one file and no barcode, standard output stays empty and standard error
says "barkit: <file>: no barcode found".

--json prints, for one file, an array of Barcode objects; for several files,
an array of {"file": ..., "barcodes": [...]} objects, in which a file that
could not be read has an empty "barcodes" and an "error" message. Standard
input is named "<stdin>" in text output and messages, "-" in JSON.

A file that cannot be read is reported on standard error as
"barkit: <file>: <error>" and the other files are still scanned. Files are
scanned in parallel, as many at once as there are CPUs.

SIGINT (Ctrl-C) or SIGTERM stops the scan at once: what was printed stays,
the files not yet printed are dropped, standard error says "barkit:
interrupted", and the exit status is 130.

Exit status: 1 if a file could not be read (even when barcodes were found in
other files) or the arguments are wrong; otherwise 0 if at least one barcode
was found in at least one file, and 2 if none was; 130 when interrupted.
`,
	examples: `  barkit scan photo.jpg
  barkit scan -s qr,data-matrix --json label.png
  barkit scan -s retail --fast shelf-*.png
  curl -s https://example.com/code.png | barkit scan -
`,
}

// runScan is the scan command (aliases decode, read).
func runScan(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags, showHelp := newFlags("scan")
	var (
		syms    []string
		jsonOut bool
		noParse bool
		fast    bool
		addOn   string
	)
	flags.StringArrayVarP(&syms, "symbologies", "s", nil, "look only for these `ids`, aliases or groups (comma-separated, repeatable; default all)")
	flags.BoolVar(&jsonOut, "json", false, "print JSON")
	flags.BoolVar(&noParse, "no-parse", false, "omit \"parsed\" from the JSON output")
	flags.BoolVar(&fast, "fast", false, "turn off the thorough search; suits clean, high-contrast images")
	flags.StringVar(&addOn, "ean-add-on", "read", "what to do with EAN/UPC add-ons (`mode`): read (appended to the digits), ignore (main symbol alone) or require (symbols without one left out)")
	if code, done := parseFlags(flags, showHelp, scanHelp, args, stdout, stderr); done {
		return code
	}
	files := flags.Args()
	if len(files) == 0 {
		return failf(stderr, "scan: no image given (see 'barkit scan --help')")
	}
	stdins := 0
	for _, f := range files {
		if f == "-" {
			stdins++
		}
	}
	if stdins > 1 {
		return failf(stderr, "scan: standard input (-) can be given only once")
	}
	if _, err := symbology.Resolve(syms); err != nil {
		return fail(stderr, err)
	}
	eanAddOn, err := barkit.ParseEANAddOn(addOn)
	if err != nil {
		return failf(stderr, "--ean-add-on: %q is not one of read, ignore, require", addOn)
	}
	opts := barkit.ScanOptions{
		Symbologies: syms,
		Fast:        fast,
		NoParse:     noParse || !jsonOut, // text output does not show parsed content
		EANAddOn:    eanAddOn,
	}

	// A signal stops the scans. After the first, the default behaviour
	// returns: a second signal ends the program at once, even if something
	// that cannot be stopped (reading a file, decoding an image) lingers.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop)

	results := scanFiles(ctx, files, stdin, opts)
	out := bufio.NewWriter(stdout)
	multi := len(files) > 1
	var (
		found, failed bool
		entries       []fileResult
	)
	for i, file := range files {
		var r scanResult
		select {
		case r = <-results[i]:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "barkit: interrupted")
			return exitInterrupted
		}
		name := displayName(file)
		if r.err != nil {
			failed = true
			fmt.Fprintf(stderr, "barkit: %s: %s\n", name, r.err)
			if jsonOut && multi {
				entries = append(entries, fileResult{File: file, Barcodes: []barkit.Barcode{}, Error: r.err.Error()})
			}
			continue
		}
		if len(r.barcodes) > 0 {
			found = true
		}
		var err error
		switch {
		case jsonOut && multi:
			entries = append(entries, fileResult{File: file, Barcodes: r.barcodes})
		case jsonOut:
			err = writeJSON(out, r.barcodes)
		case multi:
			fmt.Fprintf(out, "%s:\n", name)
			if len(r.barcodes) == 0 {
				fmt.Fprintln(out, "  no barcode found")
			}
			writeText(out, "  ", r.barcodes)
		default:
			if len(r.barcodes) == 0 {
				fmt.Fprintf(stderr, "barkit: %s: no barcode found\n", name)
			}
			writeText(out, "", r.barcodes)
		}
		if err == nil {
			err = out.Flush()
		}
		if err != nil {
			return failf(stderr, "writing output: %v", err)
		}
	}
	if jsonOut && multi {
		err := writeJSON(out, entries)
		if err == nil {
			err = out.Flush()
		}
		if err != nil {
			return failf(stderr, "writing output: %v", err)
		}
	}
	switch {
	case failed:
		return exitError
	case found:
		return exitOK
	}
	return exitNotFound
}

// fileResult is one file's entry in the JSON output for several files.
type fileResult struct {
	File     string           `json:"file"`
	Barcodes []barkit.Barcode `json:"barcodes"`
	Error    string           `json:"error,omitempty"`
}

// scanResult is what scanning one file gave.
type scanResult struct {
	barcodes []barkit.Barcode // never nil when err is nil
	err      error
}

// scanFiles scans files on a pool of GOMAXPROCS goroutines. The result of
// files[i] arrives on the i'th channel, so the caller can print the results
// in input order as they come. Once ctx is done, the scans stop and the
// files not yet begun are skipped, with ctx's error.
func scanFiles(ctx context.Context, files []string, stdin io.Reader, opts barkit.ScanOptions) []chan scanResult {
	results := make([]chan scanResult, len(files))
	jobs := make(chan int, len(files))
	for i := range files {
		results[i] = make(chan scanResult, 1)
		jobs <- i
	}
	close(jobs)
	workers := min(runtime.GOMAXPROCS(0), len(files))
	for range workers {
		go func() {
			for i := range jobs {
				if err := ctx.Err(); err != nil {
					results[i] <- scanResult{err: err}
					continue
				}
				results[i] <- scanFile(ctx, files[i], stdin, opts)
			}
		}()
	}
	return results
}

// scanFile scans one image file, or standard input when file is "-",
// until ctx is done.
func scanFile(ctx context.Context, file string, stdin io.Reader, opts barkit.ScanOptions) scanResult {
	var r io.Reader = stdin
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return scanResult{err: fileError(err)}
		}
		defer f.Close()
		r = f
	}
	codes, err := barkit.ScanReaderContext(ctx, r, opts)
	if err != nil {
		return scanResult{err: fileError(err)}
	}
	if codes == nil {
		codes = []barkit.Barcode{}
	}
	return scanResult{barcodes: codes}
}

// fileError drops what a message about a file would repeat: the path of an
// *fs.PathError (the message is prefixed with the file name already) and the
// facade's "barkit: " prefix.
func fileError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return errors.New(errText(err))
}

// displayName is how text output and messages name a file argument, with
// control characters escaped as in the data.
func displayName(file string) string {
	if file == "-" {
		return "<stdin>"
	}
	return escapeControl(file)
}

// writeText writes one line per barcode, "<symbology name><TAB><data>", each
// prefixed with indent. Write errors surface when w is flushed.
func writeText(w *bufio.Writer, indent string, codes []barkit.Barcode) {
	for _, c := range codes {
		fmt.Fprintf(w, "%s%s\t%s\n", indent, escapeControl(c.SymbologyName), escapeControl(c.Data))
	}
}

// c0Names are the ASCII names of the control characters 0x00 to 0x1F.
var c0Names = [32]string{
	"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
	"BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
	"DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
	"CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
}

// escapeControl returns s with its control characters written out the way
// the zxing-cpp tools and the reference corpus write them: ASCII controls as
// <LF>, <GS>, <DEL> and so on, C1 controls as <U+0085>. Everything else,
// including '<', is left as it is.
func escapeControl(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x20:
			b.WriteString("<" + c0Names[r] + ">")
		case r == 0x7f:
			b.WriteString("<DEL>")
		case isControl(r):
			fmt.Fprintf(&b, "<U+%04X>", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isControl reports whether r is an ASCII (C0 or DEL) or C1 control character.
func isControl(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f)
}
