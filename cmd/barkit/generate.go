package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/spf13/pflag"
)

var generateHelp = help{
	usage: "barkit generate [flags] <data>...",
	text: `Encode data as a barcode: the smallest symbol of the symbology that holds it.
The arguments are joined with spaces; a single "-" reads the data from
standard input, less one trailing newline ("-- -" encodes a literal "-").
Aliases: encode, write.

With -o the barcode is written to the file, in the format its extension
names: .svg gives SVG, .png PNG, .txt a text rendering, and a name without an
extension SVG; another extension is an error unless --format names the
format, which wins over the extension. barkit then prints
"wrote <file> (<symbology id>, <width>x<height> modules)", the size of the
symbol without its quiet zone. "-o -" writes the barcode to standard output
instead, SVG unless --format says otherwise, and prints nothing else; barkit
does not write PNG to a terminal. Without -o the barcode goes to standard
output too, as the text rendering unless --format says otherwise: half
blocks, two module rows to a line, for a terminal (--scale and the colours
do not apply to it).

Colours are #rgb, #rrggbb, #rgba or #rrggbbaa in hexadecimal, a CSS colour
name such as navy, or (for --bg) transparent.

--input reads the data from a file, less one trailing newline; --binary
writes the data's bytes as they are, nothing trimmed, with no character-set
conversion and no ECI designator unless --eci names one: for binary files,
in the 2D symbologies that carry bytes. Text is written in the character set
that gives the smallest symbol (UTF-8, or a single-byte ISO-8859 set, or
Shift_JIS, ...); --eci forces one.

--size forces a symbol version or size in the symbology's own notation, such
as 7 for QR Code version 7 (-v/--version is barkit's own version flag).

Exit status: 0 on success, 1 on an error, such as data the symbology cannot
encode (the message names the cause).
`,
	versionHint: "the symbol version flag is --size",
	examples: `  barkit generate Hello, world
  barkit generate -o hello.svg --ec H https://example.com
  barkit generate -o - --format png https://example.com > code.png
  barkit generate -t ean13 --hrt -o product.png 9506000134352
  barkit generate -t data-matrix --gs1 -o label.png '(01)09506000134352(10)ABC123'
  barkit generate --fg '#1a237e' --bg transparent --scale 8 -o logo.png hello
  cat message.txt | barkit generate -o message.svg -
  barkit generate --binary -i key.bin -t data-matrix -o key.png
  barkit generate --eci UTF-8 -o greeting.svg Привет
`,
}

// runGenerate is the generate command (aliases encode, write).
func runGenerate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags, showHelp := newFlags("generate")
	var (
		output   string
		format   string
		sym      string
		scale    int
		ec       string
		gs1      bool
		hrt      bool
		noMargin bool
		fg, bg   string
		rotate   int
		size     string
		input    string
		binary   bool
		eciName  string
	)
	flags.StringVarP(&output, "output", "o", "", "write the barcode to `file` (- for standard output), in the format its extension names: .svg, .png or .txt")
	flags.StringVar(&format, "format", "", "image `format`: svg, png or txt; overrides the extension of -o (default: from -o, else txt)")
	flags.StringVarP(&sym, "symbology", "t", "qr", "symbology `id` or alias")
	flags.IntVar(&scale, "scale", 4, "module size in `pixels`")
	flags.StringVar(&ec, "ec", "", "error correction `level`: L, M, Q, H for QR Code, a percentage for Aztec and PDF417 (default the encoder's)")
	flags.BoolVar(&gs1, "gs1", false, "GS1 encoding; data in parenthesised form, such as (01)09506000134352(10)ABC123")
	flags.BoolVar(&hrt, "hrt", false, "human-readable text under linear barcodes")
	flags.BoolVar(&noMargin, "no-margin", false, "omit the quiet zone")
	flags.StringVar(&fg, "fg", "#000000", "bar `colour`")
	flags.StringVar(&bg, "bg", "#ffffff", "background `colour`, or transparent")
	flags.IntVar(&rotate, "rotate", 0, "rotate clockwise by `degrees`: 0, 90, 180 or 270")
	flags.StringVar(&size, "size", "", "symbol `version` or size, such as 7 for QR Code version 7 (default the smallest that holds the data)")
	flags.StringVarP(&input, "input", "i", "", "read the data from `file` (- for standard input) instead of the arguments")
	flags.BoolVar(&binary, "binary", false, "write the data's bytes as they are, with no character-set conversion (2D symbologies)")
	flags.StringVar(&eciName, "eci", "auto", "character set to write text in: an ECI `designator` or its name, such as 26 or UTF-8, 7 or ISO-8859-5 (default the one giving the smallest symbol)")
	if code, done := parseFlags(flags, showHelp, generateHelp, args, stdout, stderr); done {
		return code
	}

	// The options first, then the data: a wrong flag is reported before
	// standard input is read.
	outFormat, toStdout, err := outputFormat(output, format)
	if err != nil {
		return failf(stderr, "%v", err)
	}
	if toStdout && outFormat == "png" && isTerminal(stdout) {
		return failf(stderr, "not writing PNG to a terminal: redirect standard output to a file or a program, or choose --format svg or txt")
	}
	info, ok := symbology.Lookup(sym)
	switch {
	case !ok:
		return failf(stderr, "-t %q: unknown symbology (see 'barkit symbologies')", sym)
	case info.Write == nil:
		return failf(stderr, "-t %s: barkit reads %s but cannot write it", sym, info.Name)
	case binary && !info.Binary:
		return failf(stderr, "--binary: %s cannot carry binary data", info.Name)
	case binary && gs1:
		return failf(stderr, "--binary and --gs1 cannot be used together: GS1 data is text")
	}
	if scale < 1 {
		return failf(stderr, "--scale %d: the module size must be at least 1 pixel", scale)
	}
	if rotate%90 != 0 || rotate < 0 || rotate > 270 {
		return failf(stderr, "--rotate %d: not 0, 90, 180 or 270", rotate)
	}
	fgc, err := render.ParseColor(fg)
	if err != nil {
		return failf(stderr, "--fg %q: not a colour (use #rgb, #rrggbb, #rgba, #rrggbbaa or a CSS colour name such as navy)", fg)
	}
	bgc, err := render.ParseColor(bg)
	if err != nil {
		return failf(stderr, "--bg %q: not a colour (use #rgb, #rrggbb, #rgba, #rrggbbaa, a CSS colour name such as navy, or transparent)", bg)
	}
	gen := barkit.GenerateOptions{Symbology: info.ID, ECLevel: ec, GS1: gs1, Version: size}
	if t := strings.TrimSpace(eciName); t != "" && !strings.EqualFold(t, "auto") {
		d, ok := eci.Lookup(t)
		if !ok || d == 0 {
			return failf(stderr, "--eci %q: not an ECI designator barkit knows nor the name of its character set (such as 26 or UTF-8, 7 or ISO-8859-5)", eciName)
		}
		if !info.ECI {
			return failf(stderr, "--eci %s: %s has no ECI designators", eciName, info.Name)
		}
		gen.ECI = d
	}

	data, err := readData(flags, stdin, input, binary)
	if errors.Is(err, errNoData) {
		return failf(stderr, "no data given (see 'barkit generate --help')")
	}
	if err != nil {
		return failf(stderr, "%v", err)
	}
	var symbol *barkit.Symbol
	if binary {
		symbol, err = barkit.GenerateBytes([]byte(data), gen)
	} else {
		if !utf8.ValidString(data) {
			return failf(stderr, "%s: not UTF-8 text; --binary writes bytes as they are", dataSource(flags, input))
		}
		symbol, err = barkit.Generate(data, gen)
	}
	if err != nil {
		return failf(stderr, "%s", generateProblem(err, data, gen))
	}
	opts := render.Options{
		Scale:      scale,
		NoMargin:   noMargin,
		Foreground: fgc,
		Background: bgc,
		Rotate:     rotate,
		HRT:        hrt,
	}
	// Render into memory first, so that a failure leaves no partial file.
	var buf bytes.Buffer
	if err := formats[outFormat](&buf, symbol, opts); err != nil {
		return failf(stderr, "%s", renderProblem(err, scale))
	}
	if toStdout {
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			return failf(stderr, "writing standard output: %s", fileProblem(err))
		}
		return exitOK
	}
	if fi, err := os.Stat(output); err == nil && fi.IsDir() {
		return failf(stderr, "-o %s: is a directory", output)
	}
	if err := os.WriteFile(output, buf.Bytes(), 0o666); err != nil {
		return failf(stderr, "%s: %s", output, fileProblem(err))
	}
	fmt.Fprintf(stdout, "wrote %s (%s, %dx%d modules)\n", output, symbol.Symbology, symbol.Modules.Width, symbol.Modules.Height)
	return exitOK
}

// formats maps the names --format takes, and the extensions of -o less
// their dot, to the renderers.
var formats = map[string]func(io.Writer, *barkit.Symbol, render.Options) error{
	"svg": render.SVG,
	"png": render.PNG,
	"txt": render.Text,
}

// outputFormat returns the format of the output, a key of formats, for
// the -o and --format flags, and whether the output goes to standard
// output. --format wins over the
// extension of -o; without --format, -o names the format by its extension
// (.svg, .png, .txt; none is SVG) and an extension barkit does not write
// is an error, so that -o code.gif never writes SVG under that name.
// Without -o, or with "-o -", the output is standard output: the text
// rendering without -o, SVG with "-o -", unless --format says otherwise.
func outputFormat(output, format string) (name string, toStdout bool, err error) {
	toStdout = output == "" || output == "-"
	if format != "" {
		name = strings.ToLower(format)
		if formats[name] == nil {
			return "", false, fmt.Errorf("--format %q: barkit writes svg, png or txt", format)
		}
		return name, toStdout, nil
	}
	switch output {
	case "":
		return "txt", true, nil
	case "-":
		return "svg", true, nil
	}
	ext := filepath.Ext(output)
	if ext == "" {
		return "svg", false, nil
	}
	name = strings.ToLower(ext[1:])
	if formats[name] == nil {
		return "", false, fmt.Errorf("-o %s: barkit writes .svg, .png or .txt files, not %s (or choose the format with --format svg, png or txt)", output, ext)
	}
	return name, false, nil
}

// dataSource names where generate took its data from, for messages.
func dataSource(flags *pflag.FlagSet, input string) string {
	switch {
	case input == "-" || (input == "" && flags.NArg() == 1 && flags.Arg(0) == "-" && flags.ArgsLenAtDash() != 0):
		return "standard input"
	case input != "":
		return input
	}
	return "the data"
}
