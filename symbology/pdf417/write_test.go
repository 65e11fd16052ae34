package pdf417

import (
	"errors"
	"testing"

	"github.com/barkit/barkit/symbology"
)

// TestRegistered checks the three registrations.
func TestRegistered(t *testing.T) {
	for _, tt := range []struct{ name, id, format string }{
		{"pdf417", "pdf417", "PDF417"},
		{"PDF-417", "pdf417", "PDF417"},
		{"Compact PDF417", "compact-pdf417", "CompactPDF417"},
		{"CompactPDF417", "compact-pdf417", "CompactPDF417"},
		{"micro-pdf417", "micro-pdf417", "MicroPDF417"},
		{"MicroPDF417", "micro-pdf417", "MicroPDF417"},
	} {
		info, ok := symbology.Lookup(tt.name)
		if !ok || info.ID != tt.id || info.Format != tt.format || info.Kind != symbology.Stacked || !info.Readable || info.Write == nil {
			t.Errorf("Lookup(%q) = %+v, %v", tt.name, info, ok)
		}
	}
}

// TestParseShape checks the shape notation of WriteOptions.Version.
func TestParseShape(t *testing.T) {
	tests := []struct {
		in         string
		cols, rows int
		aspect     float64
		bad        bool
	}{
		{in: ""},
		{in: "5x10", cols: 5, rows: 10},
		{in: " 5 X 10 ", cols: 5, rows: 10},
		{in: "5×10", cols: 5, rows: 10},
		{in: "5x", cols: 5},
		{in: "x10", rows: 10},
		{in: "cols=5", cols: 5},
		{in: "columns=4, rows=44", cols: 4, rows: 44},
		{in: "aspect=2.5", aspect: 2.5},
		{in: "rows=6,aspect=1", rows: 6, aspect: 1},
		{in: "x", bad: true},
		{in: "5", bad: true},
		{in: "0x5", bad: true},
		{in: "-1x5", bad: true},
		{in: "axb", bad: true},
		{in: "cols=", bad: true},
		{in: "depth=3", bad: true},
		{in: "aspect=0", bad: true},
		{in: "aspect=NaN", bad: true},
	}
	for _, tt := range tests {
		c, r, a, err := ParseShape(tt.in)
		if tt.bad {
			if !errors.Is(err, symbology.ErrInvalidData) {
				t.Errorf("ParseShape(%q) = %d, %d, %v, %v; want an error", tt.in, c, r, a, err)
			}
			continue
		}
		if err != nil || c != tt.cols || r != tt.rows || a != tt.aspect {
			t.Errorf("ParseShape(%q) = %d, %d, %v, %v; want %d, %d, %v", tt.in, c, r, a, err, tt.cols, tt.rows, tt.aspect)
		}
	}
}

// TestWrite checks the registry's writers: levels as numbers and
// percentages, shapes, and the errors for what the symbologies lack.
func TestWrite(t *testing.T) {
	tests := []struct {
		kind    kind
		opts    symbology.WriteOptions
		level   string
		version string
		err     error
	}{
		{kindFull, symbology.WriteOptions{}, "2", "", nil},
		{kindFull, symbology.WriteOptions{ECLevel: "0"}, "0", "", nil},
		{kindFull, symbology.WriteOptions{ECLevel: "8"}, "8", "", nil},
		// Percentages of data and check codewords: "barkit PDF417
		// writer" is 14 data codewords with the length descriptor. 2 check
		// codewords make 12.5% (≥ 10%); 32 make 70% (≥ 60%), 16 only 53%;
		// 128 make 90.1% (≥ 90%), 64 only 82%.
		{kindFull, symbology.WriteOptions{ECLevel: "10%"}, "0", "", nil},
		{kindFull, symbology.WriteOptions{ECLevel: "60%"}, "4", "", nil},
		{kindFull, symbology.WriteOptions{ECLevel: "90%"}, "6", "", nil},
		{kindFull, symbology.WriteOptions{Version: "4x6"}, "2", "4x6", nil},
		{kindCompact, symbology.WriteOptions{Version: "1x"}, "2", "1x22", nil},
		// The smallest MicroPDF417 for 13 data codewords is 2x11 (22
		// codewords, 9 of them check codewords).
		{kindMicro, symbology.WriteOptions{}, "41%", "2x11", nil},
		{kindMicro, symbology.WriteOptions{Version: "4x"}, "44%", "4x8", nil},
		{kindFull, symbology.WriteOptions{ECLevel: "9"}, "", "", symbology.ErrInvalidData},
		{kindFull, symbology.WriteOptions{ECLevel: "H"}, "", "", symbology.ErrInvalidData},
		{kindFull, symbology.WriteOptions{ECLevel: "0%"}, "", "", symbology.ErrInvalidData},
		{kindFull, symbology.WriteOptions{Version: "31x"}, "", "", symbology.ErrInvalidData},
		{kindFull, symbology.WriteOptions{Version: "1x3"}, "", "", symbology.ErrTooLong},
		{kindFull, symbology.WriteOptions{Version: "3x6"}, "", "", symbology.ErrTooLong},
		{kindMicro, symbology.WriteOptions{ECLevel: "3"}, "", "", symbology.ErrInvalidData},
		{kindMicro, symbology.WriteOptions{Version: "3x9"}, "", "", symbology.ErrInvalidData},
		{kindFull, symbology.WriteOptions{GS1: true}, "", "", symbology.ErrUnsupported},
	}
	for _, tt := range tests {
		s, err := write(tt.kind, "barkit PDF417 writer", tt.opts)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%s %+v: error %v, want %v", tt.kind.id(), tt.opts, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %+v: %v", tt.kind.id(), tt.opts, err)
			continue
		}
		if s.Symbology != tt.kind.id() || s.ECLevel != tt.level || tt.version != "" && s.Version != tt.version {
			t.Errorf("%s %+v: symbology %q level %q version %q, want %q %q", tt.kind.id(), tt.opts, s.Symbology, s.ECLevel, s.Version, tt.level, tt.version)
		}
		bc, err := Decode(s.Modules)
		if err != nil || bc.Text != "barkit PDF417 writer" || bc.ECLevel != s.ECLevel {
			t.Errorf("%s %+v: read back %q at level %q, %v", tt.kind.id(), tt.opts, bc.Text, bc.ECLevel, err)
		}
	}
}
