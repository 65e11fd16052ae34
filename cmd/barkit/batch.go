package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"unicode/utf8"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/imageio"
)

// An input is one image for scan to read: a file named on the command
// line or found in a directory by -r, or standard input.
type input struct {
	path string // as given, or as the walk joined it; "-" for standard input
	// err, when set, says why the input cannot be scanned, found before
	// scanning: a file that does not exist, a directory without -r, a
	// directory the walk could not read.
	err error
	// noImage marks a directory in which the walk found no image: it is
	// reported, but it is neither an error nor a file without a barcode.
	noImage bool
}

// errDirectory is the error of a directory given to scan without -r.
var errDirectory = errors.New("is a directory (scan -r scans the images in it)")

// collectInputs turns scan's arguments into the inputs to scan, in order:
// each file as given, and with recursive, for each directory, the image
// files under it in lexical order. dirs reports whether an argument was a
// directory. Once ctx is done, the walk stops.
func collectInputs(ctx context.Context, args []string, recursive bool) (inputs []input, dirs bool) {
	for _, arg := range args {
		if arg == "-" {
			inputs = append(inputs, input{path: arg})
			continue
		}
		fi, err := os.Stat(arg)
		switch {
		case err != nil:
			inputs = append(inputs, input{path: arg, err: err})
		case !fi.IsDir():
			// A file named on the command line is scanned whatever its
			// kind (a pipe from process substitution, say); if it is no
			// image, that is an error.
			inputs = append(inputs, input{path: arg})
		case !recursive:
			dirs = true
			inputs = append(inputs, input{path: arg, err: errDirectory})
		default:
			dirs = true
			n := len(inputs)
			inputs = walkImages(ctx, inputs, arg)
			if len(inputs) == n {
				inputs = append(inputs, input{path: arg, noImage: true})
			}
		}
	}
	return inputs, dirs
}

// walkImages appends to inputs the image files under dir, in lexical
// order, and returns the extended slice. Images are told from other files
// by their first bytes, as imageio recognises them, whatever their names;
// other files are skipped. Only regular files are opened, so a named pipe
// or a device cannot block the walk; symbolic links to files are
// followed, links to directories are not (a link cannot make the walk
// loop). A directory or file that cannot be read is an input with its
// error, so that it is reported in its place. Once ctx is done, the walk
// stops.
func walkImages(ctx context.Context, inputs []input, dir string) []input {
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return fs.SkipAll
		}
		if err != nil {
			inputs = append(inputs, input{path: path, err: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		mode := d.Type()
		if mode&fs.ModeSymlink != 0 {
			fi, err := os.Stat(path)
			if err != nil {
				return nil // a dangling link holds no image
			}
			mode = fi.Mode().Type()
		}
		if !mode.IsRegular() {
			return nil
		}
		image, err := isImage(path)
		switch {
		case err != nil:
			inputs = append(inputs, input{path: path, err: err})
		case image:
			inputs = append(inputs, input{path: path})
		}
		return nil
	})
	return inputs
}

// isImage reports whether the file at path starts as an image barkit
// reads.
func isImage(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, imageio.SniffLen)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return false, err
	}
	return imageio.Sniff(head[:n]) != "", nil
}

// scanResult is what scanning one input gave.
type scanResult struct {
	barcodes []barkit.Barcode // never nil when err is nil
	err      error
	noImage  bool // the input is a directory without images
}

// scanInputs scans inputs on a pool of GOMAXPROCS goroutines and hands
// each result to report in input order, as soon as the input and all
// those before it are done: the first results are out while later files
// are still being scanned, and one slow file holds back only the printing
// of those after it. Whenever an input is done, in whatever order, it
// calls progress, if not nil, with the number done and that input's path.
//
// It returns the first error of report, or ctx's error as soon as ctx is
// done, and then stops the scans in progress and skips the others.
func scanInputs(ctx context.Context, inputs []input, stdin io.Reader, opts barkit.ScanOptions,
	report func(in input, r scanResult) error, progress func(done int, path string)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := len(inputs)
	results := make([]scanResult, n)
	done := make(chan int, n) // never blocks a worker, even once nobody reads it
	jobs := make(chan int, n)
	for i := range n {
		jobs <- i
	}
	close(jobs)
	for range min(runtime.GOMAXPROCS(0), n) {
		go func() {
			for i := range jobs {
				if ctx.Err() != nil {
					return
				}
				results[i] = scanInput(ctx, inputs[i], stdin, opts)
				done <- i
			}
		}()
	}
	finished := make([]bool, n)
	for next, count := 0, 0; next < n; {
		select {
		case i := <-done:
			finished[i] = true
			count++
			if progress != nil {
				progress(count, inputs[i].path)
			}
		case <-ctx.Done():
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		for ; next < n && finished[next]; next++ {
			if err := report(inputs[next], results[next]); err != nil {
				return err
			}
			results[next] = scanResult{} // the barcodes are printed: let them go
		}
	}
	return nil
}

// scanInput scans one input until ctx is done.
func scanInput(ctx context.Context, in input, stdin io.Reader, opts barkit.ScanOptions) scanResult {
	switch {
	case in.err != nil:
		return scanResult{err: in.err}
	case in.noImage:
		return scanResult{noImage: true}
	}
	var r io.Reader = stdin
	if in.path != "-" {
		f, err := os.Open(in.path)
		if err != nil {
			return scanResult{err: err}
		}
		defer f.Close()
		r = f
	}
	codes, err := barkit.ScanReaderContext(ctx, r, opts)
	if err != nil {
		return scanResult{err: err}
	}
	if codes == nil {
		codes = []barkit.Barcode{}
	}
	return scanResult{barcodes: codes}
}

// progressMin is the number of inputs above which scan shows its progress
// on a terminal: a batch of a few files is over before a progress line
// would tell anyone anything.
const progressMin = 8

// progressWidth caps the progress line, in characters, so that it fits
// the narrowest common terminal and never wraps: a wrapped line cannot be
// taken back with a carriage return.
const progressWidth = 79

// A progressLine shows "[done/total] path" on the last line of a
// terminal, rewritten in place with a carriage return, for batches long
// enough to need it. Standard output goes to the same terminal, so the
// line is cleared before anything else is written there and drawn again
// after. The zero value (no writer) shows nothing.
type progressLine struct {
	w     io.Writer // standard error; nil when progress is not shown
	total int
	text  string // the line as last drawn
	shown int    // characters of it on the screen now
}

// update draws the progress after done of total inputs, the last one path.
func (p *progressLine) update(done int, path string) {
	if p.w == nil {
		return
	}
	p.text = truncateLeft(fmt.Sprintf("[%d/%d] ", done, p.total), displayName(path), progressWidth)
	p.draw()
}

// draw writes the line over what is shown.
func (p *progressLine) draw() {
	if p.w == nil || p.text == "" {
		return
	}
	n := utf8.RuneCountInString(p.text)
	fmt.Fprintf(p.w, "\r%s%s", p.text, strings.Repeat(" ", max(0, p.shown-n)))
	p.shown = max(p.shown, n)
}

// clear blanks the line and leaves the cursor at its start.
func (p *progressLine) clear() {
	if p.w == nil || p.shown == 0 {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.shown))
	p.shown = 0
}

// truncateLeft returns prefix+s, cutting s from the left, with an
// ellipsis, to keep the whole within width characters: of a path, the
// end says most.
func truncateLeft(prefix, s string, width int) string {
	room := width - utf8.RuneCountInString(prefix)
	if utf8.RuneCountInString(s) <= room {
		return prefix + s
	}
	r := []rune(s)
	return prefix + "…" + string(r[len(r)-(room-1):])
}
