// Command barkit reads, writes and parses barcodes.
//
// Usage:
//
//	barkit <command> [flags] [arguments]
//
// The commands are:
//
//	scan        decode the barcodes in image files (aliases: decode, read)
//	generate    write a barcode as SVG, PNG or text (aliases: encode, write)
//	parse       print the structured content of scanned text as JSON
//	serve       start the HTTP API server (alias: server)
//	symbologies list the symbologies barkit reads and writes
//
// "barkit <command> --help" describes a command's flags, output and exit
// status; "barkit --version" prints the version.
//
// Exit status: 0 on success (for scan: at least one code found), 1 on an
// error, with a message on standard error starting "barkit: ", 2 when scan
// ran but found no code, and 130 when scan was interrupted by SIGINT or
// SIGTERM.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/barkit/barkit"
)

// The exit codes of SPEC.md Appendix B, and the shell's code for a
// program stopped by SIGINT (128 + 2).
const (
	exitOK          = 0   // success; for scan, at least one code found
	exitError       = 1   // bad arguments, unreadable file, data that cannot be encoded
	exitNotFound    = 2   // scan ran and found no code in any file
	exitInterrupted = 130 // scan stopped by SIGINT or SIGTERM
)

// A command is one of barkit's subcommands. run receives the arguments after
// the command name and returns the exit code.
type command struct {
	name    string
	aliases []string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order the usage message shows them.
var commands = []command{
	{"scan", []string{"decode", "read"}, "decode the barcodes in image files", runScan},
	{"generate", []string{"encode", "write"}, "write a barcode as SVG, PNG or text", runGenerate},
	{"parse", nil, "print the structured content of scanned text as JSON", runParse},
	{"serve", []string{"server"}, "start the HTTP API server", func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		return runServe(args, stdout, stderr)
	}},
	{"symbologies", nil, "list the symbologies barkit reads and writes", runSymbologies},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches on the first argument and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return failf(stderr, "no command given")
	}
	switch args[0] {
	case "-h", "--help":
		fmt.Fprint(stdout, usage())
		return exitOK
	case "-v", "--version":
		fmt.Fprintf(stdout, "barkit %s\n", barkit.Version)
		return exitOK
	}
	for _, c := range commands {
		if args[0] == c.name || slices.Contains(c.aliases, args[0]) {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	if strings.HasPrefix(args[0], "-") && args[0] != "-" {
		return failf(stderr, "unknown flag %s (see 'barkit --help')", args[0])
	}
	return failf(stderr, "unknown command %q (see 'barkit --help')", args[0])
}

// usage returns the top-level help.
func usage() string {
	var b strings.Builder
	b.WriteString(`barkit reads and writes barcodes.

Usage:
  barkit <command> [flags] [arguments]

Commands:
`)
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-12s %s", c.name, c.summary)
		if len(c.aliases) > 0 {
			fmt.Fprintf(&b, " (aliases: %s)", strings.Join(c.aliases, ", "))
		}
		b.WriteString("\n")
	}
	b.WriteString(`
Flags:
  -h, --help      show this help
  -v, --version   print barkit's version

Run 'barkit <command> --help' for a command's flags and examples.

Exit status: 0 on success (for scan: at least one barcode found), 1 on an
error, 2 when scan found no barcode, 130 when scan was interrupted.

Examples:
  barkit scan photo.jpg
  barkit generate -o hello.svg Hello, world
  barkit parse 'WIFI:S:home;T:WPA;P:secret;;'
  barkit symbologies
`)
	return b.String()
}
