package main

import (
	"io"
	"text/tabwriter"

	"github.com/barkit/barkit"
	"github.com/barkit/barkit/symbology"
)

var symbologiesHelp = help{
	usage: "barkit symbologies [flags]",
	text: `List the symbologies barkit knows, one row each: id, name, and whether barkit
reads and writes it. The ids and the aliases shown by --json are what
"scan -s" and "generate -t" accept, compared without regard to case, '-',
'_' and spaces; "scan -s" also takes the groups all, retail, industrial,
linear, matrix, stacked and gs1.

--json prints {"read": [ids], "write": [ids], "details": [...]}, with one
detail per symbology: id, name, format (the engine format name, as zxing
names it), kind (matrix, linear or stacked), aliases, groups, read and write.

Exit status: 0 on success, 1 on an error.
`,
	examples: `  barkit symbologies
  barkit symbologies --json | jq -r '.write[]'
`,
}

// listing is the JSON form of the symbologies table: the listing of
// SPEC.md §2.4, whose details carry every registry field.
type listing struct {
	Read    []string `json:"read"`
	Write   []string `json:"write"`
	Details []detail `json:"details"`
}

// detail describes one symbology in a listing.
type detail struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Format  string   `json:"format"` // engine format name, such as "QRCode"
	Kind    string   `json:"kind"`
	Aliases []string `json:"aliases"`
	Groups  []string `json:"groups"`
	Read    bool     `json:"read"`
	Write   bool     `json:"write"`
}

// runSymbologies is the symbologies command.
func runSymbologies(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags, showHelp := newFlags("symbologies")
	var jsonOut bool
	flags.BoolVar(&jsonOut, "json", false, "print the full table as JSON")
	if code, done := parseFlags(flags, showHelp, symbologiesHelp, args, stdout, stderr); done {
		return code
	}
	if flags.NArg() > 0 {
		return failf(stderr, "symbologies takes no arguments, not %q (see 'barkit symbologies --help')", flags.Arg(0))
	}
	infos := barkit.Symbologies()
	var err error
	if jsonOut {
		err = writeJSON(stdout, newListing(infos))
	} else {
		err = writeTable(stdout, infos)
	}
	if err != nil {
		return failf(stderr, "writing standard output: %s", fileProblem(err))
	}
	return exitOK
}

// newListing builds the JSON listing of infos.
func newListing(infos []symbology.Info) listing {
	l := listing{Read: []string{}, Write: []string{}, Details: []detail{}}
	for _, info := range infos {
		if info.Readable {
			l.Read = append(l.Read, info.ID)
		}
		if info.Write != nil {
			l.Write = append(l.Write, info.ID)
		}
		l.Details = append(l.Details, detail{
			ID:      info.ID,
			Name:    info.Name,
			Format:  info.Format,
			Kind:    string(info.Kind),
			Aliases: nonNil(info.Aliases),
			Groups:  nonNil(info.Groups),
			Read:    info.Readable,
			Write:   info.Write != nil,
		})
	}
	return l
}

// writeTable writes infos as aligned columns ID, NAME, READ, WRITE.
func writeTable(w io.Writer, infos []symbology.Info) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	io.WriteString(tw, "ID\tNAME\tREAD\tWRITE\n")
	for _, info := range infos {
		io.WriteString(tw, info.ID+"\t"+info.Name+"\t"+yesNo(info.Readable)+"\t"+yesNo(info.Write != nil)+"\n")
	}
	return tw.Flush()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// nonNil returns s, or an empty slice when s is nil, so that JSON shows [].
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
