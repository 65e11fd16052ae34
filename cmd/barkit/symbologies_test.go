package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/barkit/barkit"
)

// TestSymbologies checks the table: a header and one row per registered
// symbology with its id, name and capabilities, in aligned columns.
func TestSymbologies(t *testing.T) {
	r := cli(t, "", "", "symbologies")
	wantExit(t, r, exitOK)
	infos := barkit.Symbologies()
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) != len(infos)+1 || len(infos) == 0 {
		t.Fatalf("%d lines for %d symbologies:\n%s", len(lines), len(infos), r.stdout)
	}
	header := strings.Fields(lines[0])
	if !slices.Equal(header, []string{"ID", "NAME", "READ", "WRITE"}) {
		t.Errorf("header %q", lines[0])
	}
	nameCol, readCol := strings.Index(lines[0], "NAME"), strings.Index(lines[0], "READ")
	for i, info := range infos {
		line := lines[i+1]
		want := info.ID + strings.Repeat(" ", nameCol-len(info.ID)) + info.Name
		if !strings.HasPrefix(line, want) || len(line) < readCol {
			t.Errorf("row %q does not start with %q", line, want)
			continue
		}
		rw := strings.Fields(line[readCol:])
		if want := []string{yesNo(info.Readable), yesNo(info.Write != nil)}; !slices.Equal(rw, want) {
			t.Errorf("row %q: read/write %q, want %q", line, rw, want)
		}
	}
	if !strings.Contains(r.stdout, "\nqr ") {
		t.Errorf("qr is not listed:\n%s", r.stdout)
	}
}

// TestSymbologiesJSON checks the --json listing: SPEC.md §2.4's read, write
// and details, each detail with every registry field.
func TestSymbologiesJSON(t *testing.T) {
	r := cli(t, "", "", "symbologies", "--json")
	wantExit(t, r, exitOK)
	var got struct {
		Read, Write []string
		Details     []struct {
			ID, Name, Format, Kind string
			Aliases, Groups        []string
			Read, Write            *bool
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	infos := barkit.Symbologies()
	if len(got.Details) != len(infos) {
		t.Fatalf("%d details for %d symbologies", len(got.Details), len(infos))
	}
	var read, write []string
	for i, info := range infos {
		d := got.Details[i]
		if d.ID != info.ID || d.Name != info.Name || d.Format != info.Format || d.Format == "" ||
			d.Kind != string(info.Kind) || d.Aliases == nil || d.Groups == nil ||
			d.Read == nil || *d.Read != (info.Readable) || d.Write == nil || *d.Write != (info.Write != nil) {
			t.Errorf("detail %d: %+v, want %+v", i, d, info)
		}
		if info.Readable {
			read = append(read, info.ID)
		}
		if info.Write != nil {
			write = append(write, info.ID)
		}
	}
	if !slices.Equal(got.Read, read) || !slices.Equal(got.Write, write) {
		t.Errorf("read %q write %q, want %q and %q", got.Read, got.Write, read, write)
	}
	if !slices.Contains(got.Read, "qr") || !slices.Contains(got.Write, "qr") {
		t.Errorf("qr is not listed as read and write: %q %q", got.Read, got.Write)
	}
	for _, key := range []string{`"read": [`, `"write": [`, `"details": [`, `"aliases": [`, `"groups": [`, `"format": "`, `"kind": "`} {
		if !strings.Contains(r.stdout, key) {
			t.Errorf("output lacks %s:\n%s", key, r.stdout)
		}
	}
}
