package main

import (
	"encoding/json"
	"testing"
)

// TestScanEANAddOn checks scan --ean-add-on on a book's EAN-13 with its
// EAN-5 price add-on and on an EAN-13 without one, both written by
// generate: read (the default) appends the add-on, ignore reads the main
// symbol alone, require finds nothing in the symbol without an add-on
// (exit 2); a bad value is an error naming the flag and its values.
func TestScanEANAddOn(t *testing.T) {
	dir := t.TempDir()
	wantExit(t, cli(t, dir, "", "generate", "-t", "isbn", "-o", "book.png", "9780735200449+51299"), exitOK)
	wantExit(t, cli(t, dir, "", "generate", "-t", "ean13", "-o", "plain.png", "5901234123457"), exitOK)
	for _, c := range []struct {
		args   []string
		code   int
		stdout string
	}{
		{[]string{"book.png"}, exitOK, "EAN-13\t978073520044951299\n"},
		{[]string{"--ean-add-on", "read", "book.png"}, exitOK, "EAN-13\t978073520044951299\n"},
		{[]string{"--ean-add-on", "ignore", "book.png"}, exitOK, "EAN-13\t9780735200449\n"},
		{[]string{"--ean-add-on=IGNORE", "book.png"}, exitOK, "EAN-13\t9780735200449\n"},
		{[]string{"--ean-add-on", "require", "book.png"}, exitOK, "EAN-13\t978073520044951299\n"},
		{[]string{"--ean-add-on", "ignore", "plain.png"}, exitOK, "EAN-13\t5901234123457\n"},
		{[]string{"--ean-add-on", "require", "plain.png"}, exitNotFound, ""},
	} {
		r := cli(t, dir, "", append([]string{"scan"}, c.args...)...)
		if r.code != c.code || r.stdout != c.stdout {
			t.Errorf("scan %q: %v\nwant exit %d, stdout %q", c.args, r, c.code, c.stdout)
		}
	}

	// --json: the parsed ISBN has the add-on beside the book's number, or
	// none when add-ons are ignored.
	for _, c := range []struct{ mode, data, addOn string }{
		{"read", "978073520044951299", "51299"},
		{"ignore", "9780735200449", ""},
	} {
		r := cli(t, dir, "", "scan", "--json", "--ean-add-on", c.mode, "book.png")
		wantExit(t, r, exitOK)
		var codes []struct {
			Data   string
			Parsed struct{ Type, ISBN13, AddOn string }
		}
		if err := json.Unmarshal([]byte(r.stdout), &codes); err != nil || len(codes) != 1 ||
			codes[0].Data != c.data || codes[0].Parsed.Type != "isbn" || codes[0].Parsed.ISBN13 != "9780735200449" || codes[0].Parsed.AddOn != c.addOn {
			t.Errorf("scan --json --ean-add-on %s: %+v, %v\n%v", c.mode, codes, err, r)
		}
	}

	wantError(t, cli(t, dir, "", "scan", "--ean-add-on", "sometimes", "book.png"), "--ean-add-on", `"sometimes"`, "not read, ignore or require")
}
