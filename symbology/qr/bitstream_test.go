package qr

import (
	"bytes"
	"errors"
	"testing"

	"github.com/barkit/barkit/symbology"
	"github.com/barkit/barkit/symbology/qrfamily"
)

// stream builds a bit stream from (value, width) pairs.
func stream(fields ...int) []byte {
	var w qrfamily.BitWriter
	for i := 0; i+1 < len(fields); i += 2 {
		w.Write(uint32(fields[i]), fields[i+1])
	}
	w.Flush()
	return w.Bytes()
}

// byteSeg returns the fields of a byte mode segment (versions 1-9).
func byteSeg(s string) []int {
	f := []int{int(modeByte), 4, len(s), 8}
	for i := 0; i < len(s); i++ {
		f = append(f, int(s[i]), 8)
	}
	return f
}

func eciHeader(d int) []int {
	switch {
	case d < 128:
		return []int{int(modeECI), 4, d, 8}
	case d < 16384:
		return []int{int(modeECI), 4, 2<<14 | d, 16}
	}
	return []int{int(modeECI), 4, 6<<21 | d, 24}
}

func cat(parts ...[]int) []int {
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// alnumSeg returns the fields of an alphanumeric segment (versions 1-9).
func alnumSeg(s string) []int {
	f := []int{int(modeAlnum), 4, len(s), 9}
	for i := 0; i+1 < len(s); i += 2 {
		f = append(f, int(qrfamily.AlnumValue[s[i]])*45+int(qrfamily.AlnumValue[s[i+1]]), 11)
	}
	if len(s)%2 == 1 {
		f = append(f, int(qrfamily.AlnumValue[s[len(s)-1]]), 6)
	}
	return f
}

// kv returns the kanji mode value of a Shift_JIS character.
func kv(c1, c2 byte) int {
	v, _ := qrfamily.KanjiValue(c1, c2)
	return int(v)
}

func TestParse(t *testing.T) {
	tests := []struct {
		name     string
		fields   []int
		text     string
		bytes    string
		id       string
		content  symbology.ContentType
		segments []symbology.Segment
		seq      symbology.Sequence
	}{
		{
			name:   "plain bytes, no terminator",
			fields: byteSeg("hello"),
			text:   "hello", bytes: "hello", id: "]Q1", content: symbology.Text,
		},
		{
			name:   "truncated terminator of 2 bits",
			fields: cat(byteSeg("hi"), []int{0, 2}),
			text:   "hi", bytes: "hi", id: "]Q1", content: symbology.Text,
		},
		{
			name:   "GS1: %% is %, % is GS",
			fields: cat([]int{int(modeFNC1First), 4}, []int{int(modeNumeric), 4, 2, 10, 1, 7}, alnumSeg("10AB%%C%21X"), []int{0, 4}),
			text:   "0110AB%C\x1d21X", bytes: "0110AB%C\x1d21X", id: "]Q3", content: symbology.GS1,
		},
		{
			name: "GS1 element string reads as HRI, bytes keep GS",
			fields: cat([]int{int(modeFNC1First), 4}, []int{int(modeNumeric), 4, 16, 10, 10, 10, 950, 10, 600, 10, 13, 10, 435, 10, 2, 4},
				alnumSeg("10AB-1%21X"), []int{0, 4}),
			text: "(01)09506000134352(10)AB-1(21)X", bytes: "0109506000134352" + "10AB-1\x1d21X", id: "]Q3", content: symbology.GS1,
		},
		{
			name:   "GS1 with ECI",
			fields: cat(eciHeader(26), []int{int(modeFNC1First), 4}, alnumSeg("01")),
			text:   "01", bytes: "01", id: "]Q4", content: symbology.GS1,
			segments: []symbology.Segment{{ECI: 26, Bytes: []byte("01")}},
		},
		{
			name:   "FNC1 second position, two digits",
			fields: cat([]int{int(modeFNC1Second), 4, 37, 8}, byteSeg("ABC")),
			text:   "37ABC", bytes: "37ABC", id: "]Q5", content: symbology.Text,
		},
		{
			name:   "FNC1 second position, a letter, with ECI",
			fields: cat([]int{int(modeFNC1Second), 4, 'a' + 100, 8}, eciHeader(3), byteSeg("xyz")),
			text:   "axyz", bytes: "axyz", id: "]Q6", content: symbology.Text,
			segments: []symbology.Segment{{ECI: 3, Bytes: []byte("axyz")}},
		},
		{
			name:   "ECI changes",
			fields: cat(byteSeg("A"), eciHeader(7), byteSeg("\xbf\xe0"), eciHeader(26), byteSeg("€"), eciHeader(20000)),
			text:   "AПр€", bytes: "A\xbf\xe0€", id: "]Q2", content: symbology.Text,
			segments: []symbology.Segment{{ECI: -1, Bytes: []byte("A")}, {ECI: 7, Bytes: []byte("\xbf\xe0")}, {ECI: 26, Bytes: []byte("€")}},
		},
		{
			name:   "bytes before the first ECI are ISO-8859-1",
			fields: cat(byteSeg("\xc3\xa9"), eciHeader(26), byteSeg("\xc3\xa9")),
			text:   "Ã©é", bytes: "\xc3\xa9\xc3\xa9", id: "]Q2", content: symbology.Text,
			segments: []symbology.Segment{{ECI: -1, Bytes: []byte("\xc3\xa9")}, {ECI: 26, Bytes: []byte("\xc3\xa9")}},
		},
		{
			name:   "bytes in no ECI are guessed",
			fields: byteSeg("\xc3\xa9"),
			text:   "é", bytes: "\xc3\xa9", id: "]Q1", content: symbology.Text,
		},
		{
			name:   "unknown ECI read as best effort",
			fields: cat(eciHeader(999), byteSeg("Grüße")),
			text:   "Grüße", bytes: "Grüße", id: "]Q2", content: symbology.UnknownECI,
			segments: []symbology.Segment{{ECI: 999, Bytes: []byte("Grüße")}},
		},
		{
			name:   "binary ECI",
			fields: cat(eciHeader(899), byteSeg("\x00\x01\x02")),
			text:   "\x00\x01\x02", bytes: "\x00\x01\x02", id: "]Q2", content: symbology.Binary,
			segments: []symbology.Segment{{ECI: 899, Bytes: []byte{0, 1, 2}}},
		},
		{
			name:   "mixed text and binary",
			fields: cat(eciHeader(26), byteSeg("text"), eciHeader(899), byteSeg("\xff")),
			text:   "text\u00ff", bytes: "text\xff", id: "]Q2", content: symbology.Mixed,
			segments: []symbology.Segment{{ECI: 26, Bytes: []byte("text")}, {ECI: 899, Bytes: []byte{0xff}}},
		},
		{
			name:   "control characters make binary",
			fields: byteSeg("a\x00b"),
			text:   "a\x00b", bytes: "a\x00b", id: "]Q1", content: symbology.Binary,
		},
		{
			name:   "ISO/IEC 15434",
			fields: byteSeg("[)>\x1e06\x1dP123\x1e\x04"),
			text:   "[)>\x1e06\x1dP123\x1e\x04", bytes: "[)>\x1e06\x1dP123\x1e\x04", id: "]Q1", content: symbology.ISO15434,
		},
		{
			name:   "structured append",
			fields: cat([]int{int(modeAppend), 4, 2, 4, 3, 4, 95, 8}, byteSeg("part")),
			text:   "part", bytes: "part", id: "]Q1", content: symbology.Text,
			seq: symbology.Sequence{Index: 2, Count: 4, ID: "95"},
		},
		{
			name:   "kanji and Shift_JIS bytes, no ECI",
			fields: cat(byteSeg("\xb6\xc0\xb6\xc5"), []int{int(modeKanji), 4, 2, 8, kv(0x93, 0xFA), 13, kv(0x96, 0x7B), 13}),
			text:   "ｶﾀｶﾅ日本", bytes: "\xb6\xc0\xb6\xc5\x93\xfa\x96\x7b", id: "]Q1", content: symbology.Text,
		},
		{
			name:   "Chinese mode (GB/T 18284)",
			fields: []int{int(modeHanzi), 4, 1, 4, 2, 8, (0xD6-0xA6)*0x60 + 0xD0 - 0xA1, 13, (0xCE-0xA6)*0x60 + 0xC4 - 0xA1, 13},
			text:   "中文", bytes: "\xd6\xd0\xce\xc4", id: "]Q1", content: symbology.Text,
		},
		{
			name:   "empty",
			fields: []int{0, 4},
			text:   "", bytes: "", id: "]Q1", content: symbology.Text,
		},
	}
	for _, tt := range tests {
		p, err := parse(stream(tt.fields...), 1)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		bc := p.Barcode("qr")
		if bc.Text != tt.text || string(bc.Bytes) != tt.bytes || bc.Identifier != tt.id || bc.ContentType != tt.content || bc.Sequence != tt.seq {
			t.Errorf("%s: got text %q bytes %q %s %s %+v", tt.name, bc.Text, bc.Bytes, bc.Identifier, bc.ContentType, bc.Sequence)
		}
		if len(bc.Segments) != len(tt.segments) {
			t.Errorf("%s: segments %v, want %v", tt.name, bc.Segments, tt.segments)
			continue
		}
		for i, s := range bc.Segments {
			if s.ECI != tt.segments[i].ECI || !bytes.Equal(s.Bytes, tt.segments[i].Bytes) {
				t.Errorf("%s: segments %v, want %v", tt.name, bc.Segments, tt.segments)
				break
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name   string
		fields []int
	}{
		{"numeric group over 999", []int{int(modeNumeric), 4, 3, 10, 1000, 10}},
		{"numeric pair over 99", []int{int(modeNumeric), 4, 2, 10, 100, 7}},
		{"alphanumeric pair over 2024", []int{int(modeAlnum), 4, 2, 9, 2025, 11}},
		{"truncated byte segment", []int{int(modeByte), 4, 10, 8, 'a', 8}},
		{"truncated kanji segment", []int{int(modeKanji), 4, 2, 8, 1, 13}},
		{"mode 0110", []int{6, 4, 0, 8}},
		{"mode 1111", []int{15, 4, 0, 8}},
		{"ECI designator byte 111xxxxx", []int{int(modeECI), 4, 0xE0, 8, 0, 16}},
		{"ECI designator over 999999", []int{int(modeECI), 4, 6<<21 | 1000000, 24}},
		{"application indicator 150", []int{int(modeFNC1Second), 4, 150, 8}},
		{"Chinese subset 2", []int{int(modeHanzi), 4, 2, 4, 0, 8}},
		{"truncated structured append", []int{int(modeAppend), 4, 1, 4}},
	}
	for _, tt := range tests {
		if _, err := parse(stream(tt.fields...), 1); !errors.Is(err, symbology.ErrFormat) {
			t.Errorf("%s: error %v, want ErrFormat", tt.name, err)
		}
	}
}
