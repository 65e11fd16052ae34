package main

import (
	"errors"
	"io"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/symbology"
)

var parseHelp = help{
	usage: "barkit parse [flags] <data>...",
	text: `Print the structured content (ParsedContent) of scanned text as indented JSON:
a URL, Wi-Fi settings, a contact, a GS1 element string, a product code and
more, told apart by its "type" field. The arguments are joined with spaces; a
single "-" reads the text from standard input, less one trailing newline
("-- -" parses a literal "-").

Exit status: 0 on success, 1 on an error.
`,
	examples: `  barkit parse https://example.com
  barkit parse 'WIFI:S:home;T:WPA;P:secret;;'
  barkit parse -t upce 01234565
  barkit scan --json photo.png | jq -r '.[0].data' | barkit parse -
`,
}

// runParse is the parse command.
func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags, showHelp := newFlags("parse")
	var hint string
	flags.StringVarP(&hint, "symbology", "t", "", "`id` or alias of the symbology the text came from (a UPC-E code is expanded to its GTIN, for example)")
	if code, done := parseFlags(flags, showHelp, parseHelp, args, stdout, stderr); done {
		return code
	}
	if hint != "" {
		info, ok := symbology.Lookup(hint)
		if !ok {
			return failf(stderr, "-t %q: unknown symbology (see 'barkit symbologies')", hint)
		}
		hint = info.ID
	}
	data, err := argData(flags, stdin)
	if errors.Is(err, errNoData) {
		return failf(stderr, "no data given (see 'barkit parse --help')")
	}
	if err != nil {
		return failf(stderr, "%v", err)
	}
	if err := writeJSON(stdout, barkit.Parse(data, hint)); err != nil {
		return failf(stderr, "writing standard output: %s", fileProblem(err))
	}
	return exitOK
}
