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
		return failf(stderr, "%s: %v (%s)", flags.Name(), err, hint), true
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

// fail prints err prefixed "barkit: " on stderr and returns exitError.
func fail(stderr io.Writer, err error) int {
	return failf(stderr, "%s", errText(err))
}

// errText is err's message without the "barkit: " prefix the facade puts on
// its errors, so that messages do not say "barkit: " twice.
func errText(err error) string {
	return strings.TrimPrefix(err.Error(), "barkit: ")
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
			return "", fmt.Errorf("both --input and data arguments given")
		}
		if input == "-" {
			return readAll(stdin, "standard input", raw)
		}
		f, err := os.Open(input)
		if err != nil {
			return "", err
		}
		defer f.Close()
		return readAll(f, input, raw)
	}
	if len(args) == 0 {
		return "", errors.New("no data given")
	}
	if len(args) == 1 && args[0] == "-" && flags.ArgsLenAtDash() != 0 {
		return readAll(stdin, "standard input", raw)
	}
	s := strings.Join(args, " ")
	if s == "" {
		return "", errors.New("no data given")
	}
	return s, nil
}

// readAll reads the data from r, named name in errors: at most maxStdinData
// bytes, less one trailing newline unless raw.
func readAll(r io.Reader, name string, raw bool) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxStdinData+1))
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", name, err)
	}
	if len(b) > maxStdinData {
		return "", fmt.Errorf("%s holds more than %d bytes", name, maxStdinData)
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
