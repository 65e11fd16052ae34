package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"
)

// maxStdinData is the most data generate and parse read from standard
// input. The largest barcode holds a few kilobytes; more is a mistake, such
// as an image piped to the wrong command.
const maxStdinData = 1 << 20

// help is the help of one command: its usage line, the text shown between
// the usage line and the flags, and examples.
type help struct {
	usage    string
	text     string
	examples string
	// versionHint is added to the message for an unknown -v or --version
	// flag, besides saying where barkit's version flag goes.
	versionHint string
}

// newFlags returns the flag set of the named command with -h/--help defined.
// The set keeps flags in definition order and prints nothing itself: the
// command reports parse errors and prints help.
func newFlags(name string) (*pflag.FlagSet, *bool) {
	flags := pflag.NewFlagSet(name, pflag.ContinueOnError)
	flags.SetOutput(io.Discard)
	flags.Usage = func() {}
	flags.SortFlags = false
	h := flags.BoolP("help", "h", false, "show this help")
	return flags, h
}

// parseFlags parses args into flags. It returns done when the command is over:
// help was asked for (printed on stdout, exit 0) or the flags are wrong
// (message on stderr, exit 1); code is then the exit code.
func parseFlags(flags *pflag.FlagSet, showHelp *bool, h help, args []string, stdout, stderr io.Writer) (code int, done bool) {
	if err := flags.Parse(args); err != nil {
		hint := fmt.Sprintf("see 'barkit %s --help'", flags.Name())
		var ne *pflag.NotExistError
		if errors.As(err, &ne) && (ne.GetSpecifiedName() == "version" || ne.GetSpecifiedName() == "v") {
			hint = "'barkit --version' prints barkit's version"
			if h.versionHint != "" {
				hint = h.versionHint + "; " + hint
			}
		}
		return failf(stderr, "%s (%s)", flagProblem(flags.Name(), err), hint), true
	}
	if *showHelp {
		printHelp(stdout, flags, h)
		return exitOK, true
	}
	return exitOK, false
}

// printHelp writes a command's help: usage, text, flags, examples.
func printHelp(w io.Writer, flags *pflag.FlagSet, h help) {
	fmt.Fprintf(w, "Usage: %s\n\n%s\nFlags:\n%s\nExamples:\n%s", h.usage, h.text, flags.FlagUsages(), h.examples)
}

// failf prints a message prefixed "barkit: " on stderr and returns exitError.
func failf(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "barkit: %s\n", fmt.Sprintf(format, args...))
	return exitError
}

// isTerminal reports whether w is a terminal, so that barkit writes what
// only a person looking at it needs, such as a progress line, and refuses
// to write what would garble it, such as PNG bytes. It takes a character
// device other than the null device for a terminal: close enough without
// a dependency for the terminal ioctls, and wrong only in the harmless
// direction for other devices.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

// writeJSON writes v as indented JSON followed by a newline, leaving '<',
// '>' and '&' as they are (the output is read by people and programs, not
// embedded in HTML).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// errNoData is the error of generate and parse given no data.
var errNoData = errors.New("no data given")

// argData returns the data of generate and parse: the positional arguments
// joined with spaces, or standard input when the only argument is "-" (given
// before any "--", so that "-- -" stands for a literal "-"). Data read from
// standard input loses one trailing newline ("\n" or "\r\n"), which echo and
// editors add.
func argData(flags *pflag.FlagSet, stdin io.Reader) (string, error) {
	return readData(flags, stdin, "", false)
}

// readData is argData with generate's --input and --binary: input names a
// file ("-" for standard input) to read instead of the arguments, and raw
// keeps what is read as it is, trailing newline included.
func readData(flags *pflag.FlagSet, stdin io.Reader, input string, raw bool) (string, error) {
	args := flags.Args()
	if input != "" {
		if len(args) != 0 {
			return "", fmt.Errorf("--input %q and data arguments given: give one or the other", input)
		}
		if input == "-" {
			return readAll(stdin, "standard input", raw)
		}
		f, err := os.Open(input)
		if err != nil {
			return "", fmt.Errorf("%s: %s", input, fileProblem(err))
		}
		defer f.Close()
		return readAll(f, input, raw)
	}
	if len(args) == 0 {
		return "", errNoData
	}
	if len(args) == 1 && args[0] == "-" && flags.ArgsLenAtDash() != 0 {
		return readAll(stdin, "standard input", raw)
	}
	s := strings.Join(args, " ")
	if s == "" {
		return "", errNoData
	}
	return s, nil
}

// readAll reads the data from r, named name in errors: at most maxStdinData
// bytes, less one trailing newline unless raw.
func readAll(r io.Reader, name string, raw bool) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxStdinData+1))
	if err != nil {
		return "", fmt.Errorf("%s: %s", name, fileProblem(err))
	}
	if len(b) > maxStdinData {
		return "", fmt.Errorf("%s: more than %d bytes, more than any barcode holds", name, maxStdinData)
	}
	s := string(b)
	if !raw {
		if t, ok := strings.CutSuffix(s, "\r\n"); ok {
			s = t
		} else {
			s = strings.TrimSuffix(s, "\n")
		}
	}
	if s == "" {
		if name == "standard input" {
			return "", errors.New("no data on standard input")
		}
		return "", fmt.Errorf("no data in %s", name)
	}
	return s, nil
}
