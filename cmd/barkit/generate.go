package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/render"
)

var generateHelp = help{
	usage: "barkit generate [flags] <data>...",
	text: `Encode data as a barcode: the smallest symbol of the symbology that holds it.
The arguments are joined with spaces; a single "-" reads the data from
standard input, less one trailing newline ("-- -" encodes a literal "-").
Aliases: encode, write.

With -o the barcode is written to the file, in the format its extension
names: .png gives PNG, .txt a text rendering, anything else SVG; barkit then
prints "wrote <file> (<symbology id>, <width>x<height> modules)", the size of
the symbol without its quiet zone. Without -o the text rendering is printed:
half blocks, two module rows to a line, for a terminal (--scale and the
colours do not apply to it).

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
	flags.StringVarP(&output, "output", "o", "", "write the barcode to `file` (.png: PNG, .txt: text, else SVG)")
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
	data, err := readData(flags, stdin, input, binary)
	if err != nil {
		return failf(stderr, "generate: %v (see 'barkit generate --help')", err)
	}
	if scale < 1 {
		return failf(stderr, "generate: --scale %d: the module size must be at least 1 pixel", scale)
	}
	fgc, err := render.ParseColor(fg)
	if err != nil {
		return failf(stderr, "generate: --fg: %s", errText(err))
	}
	bgc, err := render.ParseColor(bg)
	if err != nil {
		return failf(stderr, "generate: --bg: %s", errText(err))
	}

	gen := barkit.GenerateOptions{Symbology: sym, ECLevel: ec, GS1: gs1, Version: size}
	if t := strings.TrimSpace(eciName); t != "" && !strings.EqualFold(t, "auto") {
		d, ok := eci.Lookup(t)
		if !ok || d == 0 {
			return failf(stderr, "generate: --eci %q: not an ECI designator barkit knows nor the name of its character set (such as 26 or UTF-8, 7 or ISO-8859-5)", eciName)
		}
		gen.ECI = d
	}
	var symbol *barkit.Symbol
	if binary {
		symbol, err = barkit.GenerateBytes([]byte(data), gen)
	} else {
		symbol, err = barkit.Generate(data, gen)
	}
	if err != nil {
		return fail(stderr, err)
	}
	opts := render.Options{
		Scale:      scale,
		NoMargin:   noMargin,
		Foreground: fgc,
		Background: bgc,
		Rotate:     rotate,
		HRT:        hrt,
	}
	draw := render.Text
	switch strings.ToLower(filepath.Ext(output)) {
	case ".png":
		draw = render.PNG
	case ".txt":
	default:
		if output != "" {
			draw = render.SVG
		}
	}
	// Render into memory first, so that a failure leaves no partial file.
	var buf bytes.Buffer
	if err := draw(&buf, symbol, opts); err != nil {
		return fail(stderr, err)
	}
	if output == "" {
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			return failf(stderr, "writing output: %v", err)
		}
		return exitOK
	}
	if err := os.WriteFile(output, buf.Bytes(), 0o666); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "wrote %s (%s, %dx%d modules)\n", output, symbol.Symbology, symbol.Modules.Width, symbol.Modules.Height)
	return exitOK
}
