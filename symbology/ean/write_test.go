package ean

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/linear"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// writers are the WriteFuncs by id.
var writers = map[string]symbology.WriteFunc{
	"ean13": writeEAN13, "ean8": writeEAN8, "upca": writeUPCA, "upce": writeUPCE,
	"isbn": writeISBN, "ean2": writeAddOn("ean2", kindEAN2, 2), "ean5": writeAddOn("ean5", kindEAN5, 5),
}

// goldenHeader is the first line of a golden file.
type goldenHeader struct {
	Symbology string `json:"symbology"`
	Data      string `json:"data"`
	Text      string `json:"text"`
	QuietZone int    `json:"quietZone"`
}

// goldenCases are the symbols of testdata/*.golden.
var goldenCases = []struct{ name, id, data string }{
	{"ean13-gs1-example", "ean13", "590123412345"},
	{"ean13-isbn-ean5", "ean13", "978073520044+51299"},
	{"isbn10", "isbn", "0-306-40615-2"},
	{"upca", "upca", "03600029145"},
	{"upca-ean2", "upca", "036000291452 12"},
	{"upce", "upce", "0123456"},
	{"upce-system1-ean2", "upce", "1496580+01"},
	{"ean8", "ean8", "9638507"},
	{"ean2", "ean2", "12"},
	{"ean5", "ean5", "51299"},
}

func goldenText(h goldenHeader, modules string) []byte {
	j, _ := json.Marshal(h)
	return []byte(string(j) + "\n" + modules + "\n")
}

func moduleString(s *symbology.Symbol) string {
	var b strings.Builder
	for _, v := range s.Modules.Pix {
		if v {
			b.WriteByte('#')
		} else {
			b.WriteByte('.')
		}
	}
	return b.String()
}

// TestGolden writes the symbols of goldenCases and compares them with
// testdata (-update rewrites it).
func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		sym, err := writers[c.id](c.data, symbology.WriteOptions{})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if sym.Modules.Height != 1 {
			t.Errorf("%s: %d rows", c.name, sym.Modules.Height)
		}
		got := goldenText(goldenHeader{sym.Symbology, c.data, sym.Text, sym.QuietZone}, moduleString(sym))
		path := filepath.Join("testdata", c.name+".golden")
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: wrote\n%s\nwant\n%s", c.name, got, want)
		}
	}
}

// TestGoldenFilesDecode reads every golden file's modules back with the row
// decoder, drawn at two pixels per module.
func TestGoldenFilesDecode(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.golden")
	if len(files) < len(goldenCases) {
		t.Fatalf("%d golden files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		head, mods, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
		var h goldenHeader
		if err := json.Unmarshal([]byte(head), &h); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		row := drawModules(mods, 2, 12)
		main, addOn, _ := strings.Cut(h.Text, " ")
		if h.Symbology == "ean2" || h.Symbology == "ean5" {
			sr := symbolReader{r: row}
			got, _, ok := sr.addOn(1, 2)
			if !ok || got != h.Text {
				t.Errorf("%s: add-on read as %q, %v", f, got, ok)
			}
			continue
		}
		hits := decodeRow(row, nil)
		if len(hits) != 1 {
			t.Errorf("%s: %d hits", f, len(hits))
			continue
		}
		want := main
		switch h.Symbology {
		case "upca":
			want = "0" + main
		}
		if hits[0].Text != want || hits[0].Extra != addOn {
			t.Errorf("%s: read %s+%s, want %s+%s", f, hits[0].Text, hits[0].Extra, want, addOn)
		}
	}
}

// drawModules draws modules ('#' dark) at px pixels per module with quiet
// modules of light on either side, and cuts the line into a Row.
func drawModules(mods string, px, quiet int) *linear.Row {
	var lum []uint8
	for range quiet * px {
		lum = append(lum, 255)
	}
	for _, c := range mods {
		for range px {
			if c == '#' {
				lum = append(lum, 0)
			} else {
				lum = append(lum, 255)
			}
		}
	}
	for range quiet * px {
		lum = append(lum, 255)
	}
	return linear.RowOf(lum)
}

// TestWrite checks what each writer makes of valid data: the digits, the
// human-readable text, the quiet zone.
func TestWrite(t *testing.T) {
	for _, c := range []struct {
		id, data, text string
		quiet          int
	}{
		{"ean13", "400638133393", "4006381333931", 11},
		{"ean13", " 4006381333931 ", "4006381333931", 11},
		{"ean13", "978073520044951299", "9780735200449 51299", 11}, // as read
		{"ean13", "978073520044912", "9780735200449 12", 11},
		{"ean13", "9780735200449+51299", "9780735200449 51299", 11},
		{"upca", "036000291452", "036000291452", 9},
		{"upca", "0036000291452", "036000291452", 9}, // as read
		{"upca", "003600029145212", "036000291452 12", 9},
		{"upce", "123456", "01234565", 9},
		{"upce", "01234565", "01234565", 9},
		{"upce", "0012345000065", "01234565", 9}, // as read
		{"upce", "012345000065", "01234565", 9},
		{"upce", "01234500006", "01234565", 9},
		{"upce", "001234500006512", "01234565 12", 9},
		{"ean8", "96385074", "96385074", 7},
		{"isbn", "978-0-7352-0044-9+51299", "9780735200449 51299", 11},
		{"ean5", "00000", "00000", 7},
	} {
		sym, err := writers[c.id](c.data, symbology.WriteOptions{})
		if err != nil {
			t.Errorf("%s %q: %v", c.id, c.data, err)
			continue
		}
		if sym.Text != c.text || sym.QuietZone != c.quiet || sym.Symbology != c.id {
			t.Errorf("%s %q: text %q, quiet zone %d, id %s; want %q, %d", c.id, c.data, sym.Text, sym.QuietZone, sym.Symbology, c.text, c.quiet)
		}
	}
}

// TestWriteErrors checks that data a writer cannot take is an error of the
// right kind whose message names the cause.
func TestWriteErrors(t *testing.T) {
	for _, c := range []struct {
		id, data string
		opts     symbology.WriteOptions
		err      error
		msg      string
	}{
		{"ean13", "4006381333932", symbology.WriteOptions{}, symbology.ErrInvalidData, "check digit 2 is wrong; it should be 1"},
		{"ean13", "40063813339", symbology.WriteOptions{}, symbology.ErrInvalidData, "takes 12 digits, or 13 with the check digit, not 11"},
		{"ean13", "40063813339A", symbology.WriteOptions{}, symbology.ErrInvalidData, `character 'A' at position 12`},
		{"ean13", "400638133393+123", symbology.WriteOptions{}, symbology.ErrInvalidData, "2 or 5 digits, not 3"},
		{"ean13", "400638133393", symbology.WriteOptions{GS1: true}, symbology.ErrUnsupported, "GS1"},
		{"ean13", "400638133393", symbology.WriteOptions{ECLevel: "M"}, symbology.ErrUnsupported, "error correction"},
		{"ean13", "400638133393", symbology.WriteOptions{Version: "2"}, symbology.ErrUnsupported, "versions"},
		{"upca", "036000291453", symbology.WriteOptions{}, symbology.ErrInvalidData, "check digit 3 is wrong; it should be 2"},
		{"upca", "1036000291452", symbology.WriteOptions{}, symbology.ErrInvalidData, "not 13"},
		{"upce", "01234566", symbology.WriteOptions{}, symbology.ErrInvalidData, "check digit 6 is wrong; it should be 5"},
		{"upce", "2123456", symbology.WriteOptions{}, symbology.ErrInvalidData, "number system is 0 or 1"},
		{"upce", "012345600005", symbology.WriteOptions{}, symbology.ErrInvalidData, "has no UPC-E form"},
		{"upce", "1234", symbology.WriteOptions{}, symbology.ErrInvalidData, "not 4"},
		{"ean8", "96385075", symbology.WriteOptions{}, symbology.ErrInvalidData, "check digit 5 is wrong; it should be 4"},
		{"ean8", "9638507+12", symbology.WriteOptions{}, symbology.ErrInvalidData, "no add-on"},
		{"isbn", "0-306-40615-3", symbology.WriteOptions{}, symbology.ErrInvalidData, "check character 3 is wrong; it should be 2"},
		{"isbn", "9770306406158", symbology.WriteOptions{}, symbology.ErrInvalidData, "978 or 979"},
		{"ean2", "123", symbology.WriteOptions{}, symbology.ErrInvalidData, "takes 2 digits, not 3"},
		{"ean5", "", symbology.WriteOptions{}, symbology.ErrInvalidData, "no digits"},
	} {
		_, err := writers[c.id](c.data, c.opts)
		if !errors.Is(err, c.err) || err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s %q %+v: %v; want %v naming %q", c.id, c.data, c.opts, err, c.err, c.msg)
		}
	}
}

// ExampleCheckDigit computes the check digit of an EAN-13 code.
func ExampleCheckDigit() {
	fmt.Println(string(CheckDigit("590123412345")))
	// Output: 7
}
