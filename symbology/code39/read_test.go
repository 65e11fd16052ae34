package code39

import (
	"errors"
	"slices"
	"testing"

	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// TestReport checks which id and text each kind of symbol is reported
// with, for scans that ask for different ids of the family.
func TestReport(t *testing.T) {
	all := []string{"code39", "code39-ext", "code32", "pzn"}
	for _, c := range []struct {
		raw  string
		ids  []string
		want string // "id text ident", or "" when dropped
	}{
		{"ABC", all, "code39 ABC ]A0"},
		{"ABC-123" + string(checkChar("ABC-123")), all, "code39 ABC-123" + string(checkChar("ABC-123")) + " ]A1"},
		{"A+B", all, "code39-ext Ab ]A4"},
		{"A+B", []string{"code39"}, "code39 Ab ]A4"},
		{"A+B", []string{"code32"}, ""},
		{"A/P", all, "code39 A/P ]A0"}, // /P is reserved: no Full ASCII reading
		{"+A" + string(checkChar("+A")), all, "code39-ext a" + string(checkChar("+A")) + " ]A5"},
		{"ABC", []string{"code39-ext"}, "code39-ext ABC ]A0"},
		{"3PRM8N", all, "code32 A123456788 ]A0"},
		{"3PRM8N", []string{"code39"}, "code39 A123456788 ]A0"},
		{"3PRM8N", []string{"code39-ext"}, "code39-ext 3PRM8N ]A0"},
		{"3PRM8N", []string{"pzn"}, ""},
		{"-12345678", all, "pzn -12345678 ]A0"},
		{"-12345678", []string{"code39"}, "code39 -12345678 ]A0"},
		{"-12345670", all, "code39 -12345670 ]A0"}, // a wrong PZN check digit
		{"-1234562", []string{"pzn"}, "pzn -1234562 ]A0"},
	} {
		b, ok := report(linear.Result{Text: c.raw}, func(id string) bool { return slices.Contains(c.ids, id) })
		got := ""
		if ok {
			got = b.Symbology + " " + b.Text + " " + b.Identifier
		}
		if got != c.want {
			t.Errorf("%q for %v: %q, want %q", c.raw, c.ids, got, c.want)
		}
	}
}

// TestGroups checks that the family is in the industrial and linear
// groups and not in retail, and answers to its aliases.
func TestGroups(t *testing.T) {
	for group, want := range map[string]bool{"industrial": true, "linear": true, "all": true, "retail": false, "gs1": false, "matrix": false} {
		infos, err := symbology.Resolve([]string{group})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, info := range infos {
			if slices.Contains([]string{"code39", "code39-ext", "code32", "pzn"}, info.ID) {
				n++
			}
		}
		if n != 4 && want || n != 0 && !want {
			t.Errorf("group %s: %d of the family", group, n)
		}
	}
	for alias, id := range map[string]string{"Code 39": "code39", "CODE_39": "code39", "Code39Ext": "code39-ext",
		"Code 39 Extended": "code39-ext", "Code32": "code32", "Italian Pharmacode": "code32", "PZN": "pzn",
		"Pharmazentralnummer": "pzn", "LOGMARS": "code39"} {
		if info, ok := symbology.Lookup(alias); !ok || info.ID != id {
			t.Errorf("alias %q: %v %v", alias, info.ID, ok)
		}
	}
}

// TestWriteErrors checks that data the writers cannot take is an error
// naming the cause.
func TestWriteErrors(t *testing.T) {
	for _, c := range []struct {
		id, data string
		opts     symbology.WriteOptions
		err      error
	}{
		{"code39", "abc", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"code39", "A*B", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"code39", "", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"code39", string(make([]byte, 101)), symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"code39", "ABC", symbology.WriteOptions{ECLevel: "H"}, symbology.ErrUnsupported},
		{"code39", "ABC", symbology.WriteOptions{Version: "2"}, symbology.ErrUnsupported},
		{"code39", "ABC", symbology.WriteOptions{GS1: true}, symbology.ErrUnsupported},
		{"code39-ext", "é", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"code32", "1234567", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"code32", "123456789", symbology.WriteOptions{}, symbology.ErrInvalidData}, // check digit 8
		{"code32", "12345678", symbology.WriteOptions{ECLevel: "check"}, symbology.ErrUnsupported},
		{"pzn", "12345", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"pzn", "12345670", symbology.WriteOptions{}, symbology.ErrInvalidData}, // check digit 8
		{"pzn", "0000003", symbology.WriteOptions{}, symbology.ErrInvalidData},  // no check digit: 3×7 is 10 modulo 11
	} {
		info, _ := symbology.Lookup(c.id)
		_, err := info.Write(c.data, c.opts)
		if !errors.Is(err, c.err) {
			t.Errorf("%s %q %+v: %v, want %v", c.id, c.data, c.opts, err, c.err)
		}
	}
	if _, err := Encode(string(make([]byte, 101)), Options{}); !errors.Is(err, symbology.ErrInvalidData) {
		t.Errorf("NULs: %v", err)
	}
	long := make([]byte, 101)
	for i := range long {
		long[i] = 'A'
	}
	if _, err := Encode(string(long), Options{}); !errors.Is(err, symbology.ErrTooLong) {
		t.Errorf("101 characters: %v", err)
	}
}
