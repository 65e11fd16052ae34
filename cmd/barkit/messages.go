package main

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"syscall"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/render"
	"github.com/barkit/barkit/symbology"
	"github.com/spf13/pflag"
)

// The library's errors carry package prefixes ("imageio: ", "qr: invalid
// data: ") that serve a Go caller's logs. The CLI's messages say what went
// wrong in the user's words after a single "barkit: ", naming the file,
// flag or character: the functions here translate, through errors.Is and
// errors.As, and keep the library's own detail where it names the cause.

// imageFormats names the image formats barkit reads, for messages.
const imageFormats = "PNG, JPEG, GIF, BMP, WebP or TIFF"

// fileProblem says what went wrong with a file, for a message
// "barkit: <file>: <problem>": the operating system's reason without the
// path an *fs.PathError repeats, or what is wrong with the image in it.
func fileProblem(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or directory"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.Is(err, imageio.ErrEmpty):
		return "empty file"
	case errors.Is(err, imageio.ErrUnknownFormat):
		return "not an image barkit reads (" + imageFormats + ")"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return trimPrefixes(err.Error())
}

// trimPrefixes drops the facade's and imageio's prefixes from a message:
// "barkit: imageio: truncated image: ..." is "truncated image: ...".
func trimPrefixes(msg string) string {
	msg = strings.TrimPrefix(msg, "barkit: ")
	return strings.TrimPrefix(msg, "imageio: ")
}

// optionValue matches the start of a symbology's message about a
// version, size or error correction level it does not have, such as
// `version "99" (1-40)`: the option, its quoted value, the rest.
var optionValue = regexp.MustCompile(`^(version|size|error correction level) ("(?:[^"\\]|\\.)*")(.*)$`)

// generateProblem says what is wrong in a failed barkit.Generate of data,
// for "barkit: <problem>": the symbology's own account of the data ("EAN-13:
// character 'a' at position 1 is not a digit"), a GS1 field, or the
// --size or --ec value it refused, without package prefixes.
func generateProblem(err error, data string, opts barkit.GenerateOptions) string {
	var ge *gs1.Error
	if errors.As(err, &ge) {
		if ge.AI == "" {
			return "GS1 data: " + ge.Detail
		}
		return "GS1 AI (" + ge.AI + "): " + ge.Detail
	}
	var ee *eci.EncodeError
	if errors.As(err, &ee) {
		// Only a character set forced by --eci can lack a character: the
		// writers choose one that holds the text. Positions count from 1,
		// as the symbologies' messages count them.
		return fmt.Sprintf("--eci %d: character %q at position %d is not in %s", ee.ECI, ee.Char, ee.Pos+1, eci.Name(ee.ECI))
	}
	msg := trimPrefixes(err.Error())
	switch {
	case errors.Is(err, symbology.ErrTooLong):
		// Keep "data too long: " and what follows: how much there is, and
		// how much fits.
		if i := strings.Index(msg, symbology.ErrTooLong.Error()); i >= 0 {
			return msg[i:]
		}
		return msg
	case errors.Is(err, symbology.ErrInvalidData):
		msg = after(msg, symbology.ErrInvalidData.Error()+": ")
	case errors.Is(err, symbology.ErrUnsupported):
		msg = after(msg, symbology.ErrUnsupported.Error()+": ")
	default:
		return msg
	}
	// A version or level the symbology does not have is the value of
	// --size or --ec.
	if m := optionValue.FindStringSubmatch(msg); m != nil {
		flag := "--size"
		if m[1] == "error correction level" {
			flag = "--ec"
		}
		return fmt.Sprintf("%s %s: not a valid %s%s", flag, m[2], m[1], m[3])
	}
	if opts.ECLevel != "" {
		msg = strings.ReplaceAll(msg, fmt.Sprintf("ecLevel %q", opts.ECLevel), fmt.Sprintf("--ec %q", opts.ECLevel))
	}
	// A message that quotes the value of --size or --ec, such as
	// `Code 128 has no versions (got "7")`, is about that flag, unless the
	// data is the same text.
	for _, f := range []struct{ flag, value string }{{"--size", opts.Version}, {"--ec", opts.ECLevel}} {
		q := fmt.Sprintf("%q", f.value)
		if f.value == "" || f.value == data || !strings.Contains(msg, q) || strings.Contains(msg, f.flag+" "+q) {
			continue
		}
		msg = strings.Replace(msg, " (got "+q+")", "", 1)
		return f.flag + " " + q + ": " + msg
	}
	return msg
}

// after returns what follows the first sep in s, or s when it holds no
// sep.
func after(s, sep string) string {
	if _, rest, ok := strings.Cut(s, sep); ok {
		return rest
	}
	return s
}

// renderProblem says what is wrong in a failed rendering: the only
// failure the options can cause once they are checked is a picture over
// render's pixel limit, which --scale makes.
func renderProblem(err error, scale int) string {
	msg := after(err.Error(), "render: ")
	if errors.Is(err, render.ErrTooLarge) {
		return fmt.Sprintf("--scale %d: %s", scale, msg)
	}
	return msg
}

// flagProblem says what is wrong with the command line of the command
// name, from pflag's error: the flag and, for a wrong value, the value
// and what it should be.
func flagProblem(name string, err error) string {
	var (
		notExist *pflag.NotExistError
		required *pflag.ValueRequiredError
		invalid  *pflag.InvalidValueError
		syntax   *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &notExist):
		flag := "--" + notExist.GetSpecifiedName()
		if group := notExist.GetSpecifiedShortnames(); group != "" {
			flag = "-" + notExist.GetSpecifiedName()
			if len(group) > 1 {
				flag += " (in -" + group + ")"
			}
		}
		return fmt.Sprintf("%s has no flag %s", name, flag)
	case errors.As(err, &required):
		flag := "--" + required.GetSpecifiedName()
		if required.GetSpecifiedShortnames() != "" {
			flag = "-" + required.GetSpecifiedName()
		}
		return flag + " needs a value"
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		want := "a value of type " + f.Value.Type()
		switch f.Value.Type() {
		case "int", "int64", "uint", "uint64":
			want = "a whole number"
		case "float64":
			want = "a number"
		case "duration":
			want = "a duration such as 30s, 1m30s or 2m"
		case "bool":
			want = "true or false"
		}
		return fmt.Sprintf("--%s %q: not %s", f.Name, invalid.GetValue(), want)
	case errors.As(err, &syntax):
		return fmt.Sprintf("bad flag syntax %q", syntax.GetSpecifiedFlag())
	}
	return err.Error()
}

// cause returns the innermost error of err's chain: of
// `Get "http://...": dial tcp ...: connect: connection refused`, the
// "connection refused" that says what happened.
func cause(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}

// listenProblem says why serve cannot listen, with what to do about the
// common causes.
func listenProblem(err error) string {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return "address already in use (another server listens there; choose another port with --port)"
	case errors.Is(err, syscall.EACCES):
		return "permission denied (ports below 1024 need privileges; choose another with --port)"
	}
	return cause(err).Error()
}
