package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/symbology"
)

var scanHelp = help{
	usage: "barkit scan [flags] <image or directory>...",
	text: `Decode the barcodes in one or more image files (PNG, JPEG, GIF, BMP, WebP or
TIFF); "-" reads one image from standard input. With -r, a directory stands
for the image files under it, at any depth, in lexical order: images are told
from other files by their content, whatever their names, and the others are
skipped in silence (links to directories are not followed). Aliases: decode,
read.

Output: one line per barcode, "<symbology name><TAB><data>". Control
characters in the data are shown escaped as <LF>, <HT>, <GS>, <DEL>, <U+0085>
and so on, so that every barcode stays on one line and no control sequence
reaches the terminal. With several files, or a directory, each file's lines
are indented by two spaces under a "<file>:" heading, in the order of the
arguments, and a file without a barcode shows "no barcode found". With one
file and no barcode, standard output stays empty and standard error says
"barkit: <file>: no barcode found".

--raw prints the data alone, one barcode to a line, exactly as decoded: no
symbology name, no headings, no escaping. Data that holds a newline spans two
lines; --json tells such barcodes apart, and gives binary content's bytes
("rawBytes", base64).

--json prints, for one file, an array of Barcode objects; for several files,
or a directory, an array of {"file": ..., "barcodes": [...]} objects, in which
a file that could not be read has an empty "barcodes" and an "error" message.
Standard input is named "<stdin>" in text output and messages, "-" in JSON.

Files are scanned in parallel, as many at once as there are CPUs, and each
file's results are printed as soon as it and the files before it are done.
Unless the GOGC environment variable is set, scan collects garbage less
often than Go's default (as GOGC=400 would): a batch then takes a tenth less
CPU and some tens of megabytes more memory.
On a terminal, a batch of more than 8 files shows its progress on standard
error ("[12/340] <file>"), except with --json.

A file that cannot be read is reported on standard error as
"barkit: <file>: <problem>" and the other files are still scanned; so is a
directory without -r.

SIGINT (Ctrl-C) or SIGTERM stops the scan at once: what was printed stays
(--json closes its array), the files not yet printed are dropped, standard
error says "barkit: interrupted", and the exit status is 130.

Exit status: 1 if a file could not be read (even when barcodes were found in
other files) or the arguments are wrong; otherwise 0 if at least one barcode
was found in at least one file, and 2 if none was; 130 when interrupted.
`,
	examples: `  barkit scan photo.jpg
  barkit scan -s qr,data-matrix --json label.png
  barkit scan -s retail --fast shelf-*.png
  barkit scan -r --raw scans/ > codes.txt
  curl -s https://example.com/code.png | barkit scan -
`,
}

// runScan is the scan command (aliases decode, read).
func runScan(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags, showHelp := newFlags("scan")
	var (
		syms      []string
		jsonOut   bool
		noParse   bool
		fast      bool
		raw       bool
		recursive bool
		addOn     string
	)
	flags.StringArrayVarP(&syms, "symbologies", "s", nil, "look only for these `ids`, aliases or groups (comma-separated, repeatable; default all)")
	flags.BoolVar(&jsonOut, "json", false, "print JSON")
	flags.BoolVar(&noParse, "no-parse", false, "omit \"parsed\" from the JSON output")
	flags.BoolVar(&fast, "fast", false, "turn off the thorough search; suits clean, high-contrast images")
	flags.StringVar(&addOn, "ean-add-on", "read", "what to do with EAN/UPC add-ons (`mode`): read (appended to the digits), ignore (main symbol alone) or require (symbols without one left out)")
	flags.BoolVar(&raw, "raw", false, "print the data alone, one barcode to a line, exactly as decoded")
	flags.BoolVarP(&recursive, "recursive", "r", false, "scan the images in directories, at any depth")
	if code, done := parseFlags(flags, showHelp, scanHelp, args, stdout, stderr); done {
		return code
	}
	files := flags.Args()
	if len(files) == 0 {
		return failf(stderr, "no image given (see 'barkit scan --help')")
	}
	setScanGC()
	if raw && jsonOut {
		return failf(stderr, "--raw and --json cannot be used together")
	}
	stdins := 0
	for _, f := range files {
		if f == "-" {
			stdins++
		}
	}
	if stdins > 1 {
		return failf(stderr, "standard input (-) can be given only once")
	}
	if err := checkReadable(syms); err != nil {
		return failf(stderr, "%v", err)
	}
	eanAddOn, err := barkit.ParseEANAddOn(addOn)
	if err != nil {
		return failf(stderr, "--ean-add-on %q: not read, ignore or require", addOn)
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

	inputs, dirs := collectInputs(ctx, files, recursive)
	multi := len(files) > 1 || dirs
	var prog progressLine
	if !jsonOut && len(inputs) > progressMin && isTerminal(stderr) {
		prog = progressLine{w: stderr, total: len(inputs)}
	}
	out := bufio.NewWriter(stdout)
	list := jsonList{w: out}
	var found, failed bool
	report := func(in input, r scanResult) error {
		prog.clear()
		defer prog.draw()
		name := displayName(in.path)
		switch {
		case r.noImage:
			fmt.Fprintf(stderr, "barkit: %s: no image found in it\n", name)
			return nil
		case r.err != nil:
			failed = true
			fmt.Fprintf(stderr, "barkit: %s: %s\n", name, fileProblem(r.err))
			if jsonOut && multi {
				return list.add(fileResult{File: in.path, Barcodes: []barkit.Barcode{}, Error: fileProblem(r.err)})
			}
			return nil
		}
		if len(r.barcodes) > 0 {
			found = true
		}
		switch {
		case jsonOut && multi:
			return list.add(fileResult{File: in.path, Barcodes: r.barcodes})
		case jsonOut:
			if err := writeJSON(out, r.barcodes); err != nil {
				return err
			}
		case raw:
			if len(r.barcodes) == 0 && !multi {
				fmt.Fprintf(stderr, "barkit: %s: no barcode found\n", name)
			}
			for _, c := range r.barcodes {
				out.WriteString(c.Data)
				out.WriteByte('\n')
			}
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
		return out.Flush()
	}
	err = scanInputs(ctx, inputs, stdin, opts, report, prog.update)
	prog.clear()
	if jsonOut && multi {
		// Close the array even when interrupted, so that what was printed
		// stays valid JSON.
		if lerr := list.end(); err == nil {
			err = lerr
		}
	}
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "barkit: interrupted")
		return exitInterrupted
	case err != nil:
		return failf(stderr, "writing standard output: %s", fileProblem(err))
	case failed:
		return exitError
	case found:
		return exitOK
	}
	return exitNotFound
}

// checkReadable checks scan's symbology filter: every name must be a
// symbology or a group, and a symbology named on its own must be one
// barkit reads. Groups may hold symbologies barkit only writes; the scan
// skips those.
func checkReadable(names []string) error {
	for _, n := range names {
		for _, part := range strings.Split(n, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			info, ok := symbology.Lookup(part)
			if !ok {
				if _, err := symbology.Resolve([]string{part}); err != nil {
					return fmt.Errorf("-s %q: unknown symbology or group (see 'barkit symbologies')", part)
				}
				continue
			}
			if !info.Readable {
				msg := fmt.Sprintf("-s %s: barkit writes %s but cannot read it", part, info.Name)
				if how := readWith[info.ID]; how != "" {
					msg = fmt.Sprintf("-s %s: barkit writes %s but does not read it on its own; %s", part, info.Name, how)
				}
				return errors.New(msg)
			}
		}
	}
	return nil
}

// readWith says, of the symbologies barkit writes but does not read on
// their own, what reads them.
var readWith = map[string]string{
	"ean2": "it reads add-ons with their EAN-13, UPC-A or UPC-E symbol (-s ean13,upca,upce)",
	"ean5": "it reads add-ons with their EAN-13, UPC-A or UPC-E symbol (-s ean13,upca,upce)",
}

// fileResult is one file's entry in the JSON output for several files.
type fileResult struct {
	File     string           `json:"file"`
	Barcodes []barkit.Barcode `json:"barcodes"`
	Error    string           `json:"error,omitempty"`
}

// jsonList writes a JSON array one element at a time, laid out as
// writeJSON lays out a whole array, so that each file's entry is out as
// soon as it is known. The zero value with w set is an empty list.
type jsonList struct {
	w *bufio.Writer
	n int // elements written
}

// add writes v as the next element and flushes.
func (l *jsonList) add(v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	if l.n == 0 {
		l.w.WriteString("[\n  ")
	} else {
		l.w.WriteString(",\n  ")
	}
	l.n++
	l.w.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	return l.w.Flush()
}

// end closes the array ("[]" when it is empty) and flushes.
func (l *jsonList) end() error {
	if l.n == 0 {
		l.w.WriteString("[]\n")
	} else {
		l.w.WriteString("\n]\n")
	}
	return l.w.Flush()
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

// scanGCPercent is the GOGC that scan runs with unless the environment
// sets one. A scan allocates a few bytes per pixel and lets them go when
// it ends, so between files almost nothing is live, and Go's default
// (collect when the heap has doubled, and at 4 MB) collects after nearly
// every file: on the corpus, a tenth or more of a batch's CPU went to the
// collector and to the kernel's handling of the memory it returned.
const scanGCPercent = 400

// setScanGC sets scan's garbage collection target, unless GOGC is set.
func setScanGC() {
	if _, ok := os.LookupEnv("GOGC"); !ok {
		debug.SetGCPercent(scanGCPercent)
	}
}
