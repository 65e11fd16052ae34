package pdf417

import (
	"errors"
	"github.com/barkit/barkit/internal/corpustest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/barkit/barkit/symbology"
	"github.com/google/go-cmp/cmp"
)

// TestMacroCodewords checks the control block against the layout of
// ISO/IEC 15438:2015 Annex H: 928, the segment index as five digits in
// Numeric compaction, the file ID codewords, the optional fields and 922.
func TestMacroCodewords(t *testing.T) {
	got, err := macroCodewords(&Macro{SegmentIndex: 1, FileID: "017100", SegmentCount: 3, Last: true})
	if err != nil {
		t.Fatal(err)
	}
	// Index 1: 100001 = 111·900 + 101. Count 3: 13 in base 900, after 923 1.
	want := []int{macroBegin, 111, 101, 17, 100, macroOptional, fieldSegmentCount, 13, macroTerminator}
	if !slices.Equal(got, want) {
		t.Errorf("control block %v, want %v", got, want)
	}
}

// TestMacroRoundTrip writes control blocks with every field and reads them
// back from a symbol's codewords.
func TestMacroRoundTrip(t *testing.T) {
	macros := []Macro{
		{},
		{SegmentIndex: 5, FileID: "123456789", Last: true},
		{SegmentIndex: 99998, FileID: "899000", SegmentCount: 99999, FileName: "report.txt",
			TimeStamp: time.Unix(1700000000, 0).UTC(), Sender: "Barkit <dev@example.com>", Addressee: "Ada Lovelace",
			FileSize: 123456789012, HasChecksum: true, Checksum: 0xBEEF},
		{SegmentIndex: 2, FileID: "001", HasChecksum: true, Checksum: 0, FileName: "naïve\tname"},
	}
	for i, m := range macros {
		c, err := Encode("data of segment", Options{Macro: &m})
		if err != nil {
			t.Fatalf("macro %d: %v", i, err)
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatalf("macro %d: %v", i, err)
		}
		if bc.Text != "data of segment" {
			t.Errorf("macro %d: text %q", i, bc.Text)
		}
		n := c.Codewords[0]
		p, err := parseData(c.Codewords[1:n])
		if err != nil {
			t.Fatal(err)
		}
		want := m
		if want.FileID == "" {
			want.FileID = "000"
		}
		if diff := cmp.Diff(&want, p.macro); diff != "" {
			t.Errorf("macro %d read back (-want +got):\n%s", i, diff)
		}
		count := m.SegmentCount
		if count == 0 && m.Last {
			count = m.SegmentIndex + 1
		}
		if bc.Sequence != (symbology.Sequence{Index: m.SegmentIndex, Count: count, ID: want.FileID}) {
			t.Errorf("macro %d: sequence %+v", i, bc.Sequence)
		}
	}
}

// TestMacroInvalid checks that impossible control blocks are refused.
func TestMacroInvalid(t *testing.T) {
	for _, m := range []Macro{
		{SegmentIndex: -1},
		{SegmentIndex: 99999},
		{SegmentIndex: 3, SegmentCount: 3},
		{FileID: "12"},
		{FileID: "900"},
		{FileID: "+12"},
		{HasChecksum: true, Checksum: 70000},
		{FileSize: -1},
		{TimeStamp: time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC)},
	} {
		if _, err := Encode("x", Options{Macro: &m}); !errors.Is(err, symbology.ErrInvalidData) {
			t.Errorf("%+v: error %v, want ErrInvalidData", m, err)
		}
	}
}

// segments writes text as n Macro PDF417 segments of one file and reads
// each back.
func segments(t *testing.T, parts []string, fileID string, count bool) []symbology.Barcode {
	t.Helper()
	var out []symbology.Barcode
	for i, s := range parts {
		m := &Macro{SegmentIndex: i, FileID: fileID, Last: i == len(parts)-1}
		if count {
			m.SegmentCount = len(parts)
		}
		c, err := Encode(s, Options{Macro: m})
		if err != nil {
			t.Fatal(err)
		}
		bc, err := Decode(c.Modules)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, bc)
	}
	return out
}

// TestMerge checks the merge of segments given in any order, repeated, and
// the errors for missing, foreign or conflicting ones.
func TestMerge(t *testing.T) {
	parts := []string{"The first part, ", "the second — with UTF-8, ", "and the last."}
	segs := segments(t, parts, "042007", false)
	shuffled := []symbology.Barcode{segs[2], segs[0], segs[1], segs[0]}
	got, err := Merge(shuffled)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Join(parts, ""); got.Text != want {
		t.Errorf("merged text %q, want %q", got.Text, want)
	}
	if got.Sequence != (symbology.Sequence{}) {
		t.Errorf("merged sequence %+v", got.Sequence)
	}

	withCount := segments(t, parts, "001", true)
	if _, err := Merge(withCount[:2]); !errors.Is(err, symbology.ErrFormat) || !strings.Contains(err.Error(), "segment 2 of 3 missing") {
		t.Errorf("two of three segments: %v", err)
	}
	if _, err := Merge(segs[:2]); !errors.Is(err, symbology.ErrFormat) {
		t.Errorf("no count and no last segment: %v", err)
	}
	other := segments(t, []string{"x", "y", "z"}, "002", true)
	if _, err := Merge([]symbology.Barcode{withCount[0], withCount[1], other[2]}); !errors.Is(err, symbology.ErrFormat) {
		t.Errorf("segments of two files: %v", err)
	}
	plain, _ := Encode("plain", Options{})
	pbc, _ := Decode(plain.Modules)
	if _, err := Merge([]symbology.Barcode{pbc}); !errors.Is(err, symbology.ErrFormat) {
		t.Errorf("a symbol outside any file: %v", err)
	}
	if _, err := Merge(nil); !errors.Is(err, symbology.ErrFormat) {
		t.Errorf("no segments: %v", err)
	}
}

// TestMergeCorpus reads the Macro PDF417 files of the corpus folder
// pdf417-4, whose images NAME-N hold the segments of file NAME (one image
// holds several), and merges each into the message beside it.
func TestMergeCorpus(t *testing.T) {
	dir := filepath.Join(corpustest.Dir(), "zxing-cpp", "pdf417-4")
	samples := corpustest.LoadFolder(t, "pdf417-4")
	files := map[string][]corpustest.CorpusImage{}
	for _, s := range samples {
		name, _, _ := strings.Cut(s.Name, "-")
		files[name] = append(files[name], s)
	}
	if len(files) == 0 {
		t.Skip("pdf417-4 holds no images")
	}
	for name, imgs := range files {
		var parts []symbology.Barcode
		for _, img := range imgs {
			got := readAll(img.Lum, symbology.ReadOptions{}, kindFull)
			if len(got) == 0 {
				t.Errorf("%s: no symbol read", img.Name)
			}
			parts = append(parts, got...)
		}
		merged, err := Merge(parts)
		if err != nil {
			t.Errorf("file %s (%d segments read): %v", name, len(parts), err)
			continue
		}
		if b, err := os.ReadFile(filepath.Join(dir, name+".bin")); err == nil {
			if string(merged.Bytes) != string(b) {
				t.Errorf("file %s: merged %d bytes differ from %s.bin (%d bytes)", name, len(merged.Bytes), name, len(b))
			}
			continue
		}
		want, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if merged.Text != string(want) {
			t.Errorf("file %s: merged text %q, want %q", name, merged.Text, want)
		}
	}
}
