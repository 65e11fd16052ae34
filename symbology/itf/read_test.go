package itf

import (
	"errors"
	"slices"
	"testing"

	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

// TestReport checks the id and identifier of results for scans that ask
// for itf, itf14 or both.
func TestReport(t *testing.T) {
	for _, c := range []struct {
		digits string
		ids    []string
		want   string
	}{
		{"15400141288763", []string{"itf", "itf14"}, "itf14 ]I1"},
		{"15400141288763", []string{"itf"}, "itf ]I1"},
		{"15400141288763", []string{"itf14"}, "itf14 ]I1"},
		{"15400141288760", []string{"itf", "itf14"}, "itf ]I0"},
		{"15400141288760", []string{"itf14"}, ""},
		{"0053611912", []string{"itf", "itf14"}, "itf ]I0"},
		{"123457", []string{"itf"}, "itf ]I1"},
	} {
		b, ok := report(linear.Result{Text: c.digits}, func(id string) bool { return slices.Contains(c.ids, id) })
		got := ""
		if ok {
			got = b.Symbology + " " + b.Identifier
		}
		if got != c.want || ok && b.Text != c.digits {
			t.Errorf("%s for %v: %q %q, want %q", c.digits, c.ids, got, b.Text, c.want)
		}
	}
}

// TestGroups checks that itf and itf14 are in the industrial and linear
// groups, and answer to their aliases.
func TestGroups(t *testing.T) {
	for group, want := range map[string]bool{"industrial": true, "linear": true, "all": true, "retail": false, "gs1": false} {
		infos, err := symbology.Resolve([]string{group})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, info := range infos {
			if info.ID == "itf" || info.ID == "itf14" {
				n++
			}
		}
		if n != 2 && want || n != 0 && !want {
			t.Errorf("group %s: %d", group, n)
		}
	}
	for alias, id := range map[string]string{"ITF": "itf", "Interleaved 2 of 5": "itf", "I2of5": "itf", "ITF-14": "itf14", "ITF14": "itf14"} {
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
		{"itf", "12345", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"itf", "1234", symbology.WriteOptions{ECLevel: "check"}, symbology.ErrInvalidData},
		{"itf", "12a4", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"itf", "", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"itf", string(make([]byte, 82)), symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"itf", "12", symbology.WriteOptions{ECLevel: "M"}, symbology.ErrUnsupported},
		{"itf", "12", symbology.WriteOptions{GS1: true}, symbology.ErrUnsupported},
		{"itf14", "154001412887", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"itf14", "15400141288760", symbology.WriteOptions{}, symbology.ErrInvalidData},
		{"itf14", "1540014128876", symbology.WriteOptions{ECLevel: "check"}, symbology.ErrUnsupported},
	} {
		info, _ := symbology.Lookup(c.id)
		if _, err := info.Write(c.data, c.opts); !errors.Is(err, c.err) {
			t.Errorf("%s %q %+v: %v, want %v", c.id, c.data, c.opts, err, c.err)
		}
	}
	long := make([]byte, 82)
	for i := range long {
		long[i] = '1'
	}
	if _, err := Encode(string(long)); !errors.Is(err, symbology.ErrTooLong) {
		t.Errorf("82 digits: %v", err)
	}
}
