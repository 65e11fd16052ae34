package pdf417

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/barkit/barkit/eci"
	"github.com/barkit/barkit/symbology"
)

// Macro PDF417 (ISO/IEC 15438:2015 Annex H) spreads a file over up to
// 99 999 symbols, the segments. Each carries, after its data, a control
// block: codeword 928, the segment index, the file ID shared by all the
// segments, optional fields (923 and a designator) and, in the last
// segment, the terminator 922. MicroPDF417 uses the same block (ISO/IEC
// 24728:2006).

// Macro is the Macro PDF417 control block of one segment.
type Macro struct {
	// SegmentIndex is the segment's 0-based position in the file, 0-99998.
	SegmentIndex int
	// FileID identifies the file: the codewords of the file ID, each
	// written as three decimal digits (Annex H.6), so "001" for the
	// single codeword 1. It is the same in every segment of a file; ""
	// writes the single codeword 0.
	FileID string
	// Last marks the file's last segment (terminator 922).
	Last bool

	// The optional fields (Annex H); the zero value of each
	// leaves it out.
	SegmentCount int       // number of segments in the file, 1-99999
	FileName     string    // name of the file
	TimeStamp    time.Time // time stamp of the file, in whole seconds since 1970
	Sender       string    // sender of the file
	Addressee    string    // addressee of the file
	FileSize     int64     // size of the file in bytes
	HasChecksum  bool      // Checksum is given
	Checksum     int       // CRC-16 of the whole file, 0-65535
}

// Optional field designators (Annex H).
const (
	fieldFileName     = 0
	fieldSegmentCount = 1
	fieldTimeStamp    = 2
	fieldSender       = 3
	fieldAddressee    = 4
	fieldFileSize     = 5
	fieldChecksum     = 6
)

// maxSegments is the number of segments a file may have (Annex H.2).
const maxSegments = 99999

// macroCodewords returns the control block of m, starting with 928.
func macroCodewords(m *Macro) ([]int, error) {
	if m.SegmentIndex < 0 || m.SegmentIndex >= maxSegments {
		return nil, fmt.Errorf("pdf417: %w: Macro PDF417 segment index %d (0-99998)", symbology.ErrInvalidData, m.SegmentIndex)
	}
	if m.SegmentCount < 0 || m.SegmentCount > maxSegments || m.SegmentCount > 0 && m.SegmentIndex >= m.SegmentCount {
		return nil, fmt.Errorf("pdf417: %w: Macro PDF417 segment count %d for segment index %d", symbology.ErrInvalidData, m.SegmentCount, m.SegmentIndex)
	}
	out := []int{macroBegin}
	// The segment index: five digits in Numeric compaction (Annex H).
	out = append(out, decimalToBase900(fmt.Appendf(nil, "%05d", m.SegmentIndex))...)
	id, err := fileIDCodewords(m.FileID)
	if err != nil {
		return nil, err
	}
	out = append(out, id...)
	text := func(field int, s string) error {
		if s == "" {
			return nil
		}
		// Text fields start in ECI 000002 (Annex H.2.3); ASCII reads the
		// same in it and in the default character set.
		b, err := eci.Encode(2, s)
		if err != nil {
			return fmt.Errorf("pdf417: %w: Macro PDF417 field %q: %w", symbology.ErrInvalidData, s, err)
		}
		cw, ok := compact(b, true)
		if !ok {
			return fmt.Errorf("pdf417: %w: Macro PDF417 field of %d bytes", symbology.ErrTooLong, len(b))
		}
		out = append(out, macroOptional, field)
		out = append(out, cw...)
		return nil
	}
	number := func(field int, v int64) {
		out = append(out, macroOptional, field)
		out = appendNumeric(out, strconv.AppendInt(nil, v, 10))
	}
	if err := text(fieldFileName, m.FileName); err != nil {
		return nil, err
	}
	if m.SegmentCount > 0 {
		number(fieldSegmentCount, int64(m.SegmentCount))
	}
	if !m.TimeStamp.IsZero() {
		if m.TimeStamp.Unix() < 0 {
			return nil, fmt.Errorf("pdf417: %w: Macro PDF417 time stamp before 1970", symbology.ErrInvalidData)
		}
		number(fieldTimeStamp, m.TimeStamp.Unix())
	}
	if err := text(fieldSender, m.Sender); err != nil {
		return nil, err
	}
	if err := text(fieldAddressee, m.Addressee); err != nil {
		return nil, err
	}
	if m.FileSize < 0 {
		return nil, fmt.Errorf("pdf417: %w: Macro PDF417 file size %d", symbology.ErrInvalidData, m.FileSize)
	}
	if m.FileSize > 0 {
		number(fieldFileSize, m.FileSize)
	}
	if m.HasChecksum {
		if m.Checksum < 0 || m.Checksum > 0xFFFF {
			return nil, fmt.Errorf("pdf417: %w: Macro PDF417 checksum %d (0-65535)", symbology.ErrInvalidData, m.Checksum)
		}
		number(fieldChecksum, int64(m.Checksum))
	}
	if m.Last {
		out = append(out, macroTerminator)
	}
	return out, nil
}

// fileIDCodewords parses a file ID written as three digits per codeword.
func fileIDCodewords(id string) ([]int, error) {
	if id == "" {
		return []int{0}, nil
	}
	if len(id)%3 != 0 {
		return nil, fmt.Errorf("pdf417: %w: Macro PDF417 file ID %q is not three digits per codeword", symbology.ErrInvalidData, id)
	}
	var out []int
	for i := 0; i < len(id); i += 3 {
		v, err := strconv.Atoi(id[i : i+3])
		if err != nil || v > 899 || !isDigit(id[i]) || !isDigit(id[i+1]) || !isDigit(id[i+2]) {
			return nil, fmt.Errorf("pdf417: %w: Macro PDF417 file ID %q: %q is not a codeword 000-899", symbology.ErrInvalidData, id, id[i:i+3])
		}
		out = append(out, v)
	}
	return out, nil
}

// parseMacro reads a control block from cw[i:], just after its 928, to the
// end of the data. Pad codewords (900) after it are tolerated.
func parseMacro(cw []int, i int) (*Macro, int, error) {
	if i+2 > len(cw) || cw[i] >= latchText || cw[i+1] >= latchText {
		return nil, i, formatError("Macro PDF417 segment index missing")
	}
	d := base900ToDecimal(cw[i : i+2])
	if len(d) != 6 || d[0] != '1' {
		return nil, i, formatError("Macro PDF417 segment index out of range")
	}
	m := &Macro{}
	m.SegmentIndex, _ = strconv.Atoi(string(d[1:]))
	i += 2
	var id []byte
	for ; i < len(cw) && cw[i] < latchText; i++ {
		id = fmt.Appendf(id, "%03d", cw[i])
	}
	m.FileID = string(id)
	scratch := &payload{eci: -1}
	for i < len(cw) {
		switch cw[i] {
		case macroTerminator:
			m.Last = true
			i++
		case macroOptional:
			if i+1 >= len(cw) {
				return nil, i, formatError("Macro PDF417 optional field without designator")
			}
			field := cw[i+1]
			i += 2
			var b []byte
			var err error
			switch field {
			case fieldFileName, fieldSender, fieldAddressee:
				i, err = scratch.text(cw, i, &b)
				// Text fields are in ECI 000002 (Annex H.2.3).
				s, _ := eci.Decode(2, b)
				switch field {
				case fieldFileName:
					m.FileName = s
				case fieldSender:
					m.Sender = s
				default:
					m.Addressee = s
				}
			case fieldSegmentCount, fieldTimeStamp, fieldFileSize, fieldChecksum:
				i, err = scratch.numeric(cw, i, &b)
				if err != nil {
					break
				}
				v, perr := strconv.ParseInt(string(b), 10, 64)
				if perr != nil {
					return nil, i, formatError("Macro PDF417 field %d: %q is not a number", field, b)
				}
				switch field {
				case fieldSegmentCount:
					if v < 1 || v > maxSegments {
						return nil, i, formatError("Macro PDF417 segment count %d", v)
					}
					m.SegmentCount = int(v)
				case fieldTimeStamp:
					m.TimeStamp = time.Unix(v, 0).UTC()
				case fieldFileSize:
					m.FileSize = v
				default:
					m.HasChecksum, m.Checksum = true, int(v)
				}
			default:
				return nil, i, formatError("Macro PDF417 optional field %d", field)
			}
			if err != nil {
				return nil, i, err
			}
		case latchText:
			// Padding placed after the control block.
			for ; i < len(cw); i++ {
				if cw[i] != latchText {
					return nil, i, formatError("data after the Macro PDF417 control block")
				}
			}
		default:
			return nil, i, formatError("codeword %d in the Macro PDF417 control block", cw[i])
		}
	}
	return m, i, nil
}

// Merge joins the segments of a Macro PDF417 file, read as separate
// barcodes, into one: their content in segment order. The segments may come
// in any order and repeat (a symbol read twice); they must share one file
// ID, and together hold every segment from 0 to the count that one of them
// states (in its segment count field, or by being the last). An ECI in
// effect at the end of one segment carries on into the next, so text is
// decoded across segment boundaries as the whole file would be.
//
// The result has the content fields of a single symbol (Text, Bytes,
// Segments, ContentType) and the first segment's symbology, identifier and
// level; its Sequence is zero. Errors wrap symbology.ErrFormat and name the
// missing or conflicting segment.
func Merge(parts []symbology.Barcode) (symbology.Barcode, error) {
	if len(parts) == 0 {
		return symbology.Barcode{}, fmt.Errorf("pdf417: %w: no segments to merge", symbology.ErrFormat)
	}
	sorted := slices.Clone(parts)
	slices.SortStableFunc(sorted, func(a, b symbology.Barcode) int { return cmp.Compare(a.Sequence.Index, b.Sequence.Index) })
	count := 0
	for _, p := range sorted {
		if p.Sequence.Count == 0 && p.Sequence.ID == "" {
			return symbology.Barcode{}, fmt.Errorf("pdf417: %w: a symbol that is not a Macro PDF417 segment", symbology.ErrFormat)
		}
		if p.Sequence.ID != sorted[0].Sequence.ID {
			return symbology.Barcode{}, fmt.Errorf("pdf417: %w: segments of different files (file IDs %q and %q)", symbology.ErrFormat, sorted[0].Sequence.ID, p.Sequence.ID)
		}
		if c := p.Sequence.Count; c > 0 {
			if count > 0 && c != count {
				return symbology.Barcode{}, fmt.Errorf("pdf417: %w: segment counts %d and %d disagree", symbology.ErrFormat, count, c)
			}
			count = c
		}
	}
	if count == 0 {
		return symbology.Barcode{}, fmt.Errorf("pdf417: %w: no segment gives the number of segments (no segment count, last segment missing)", symbology.ErrFormat)
	}
	var uniq []symbology.Barcode
	for _, p := range sorted {
		if k := len(uniq); k > 0 && uniq[k-1].Sequence.Index == p.Sequence.Index {
			if !bytes.Equal(uniq[k-1].Bytes, p.Bytes) {
				return symbology.Barcode{}, fmt.Errorf("pdf417: %w: two different segments with index %d", symbology.ErrFormat, p.Sequence.Index)
			}
			continue
		}
		uniq = append(uniq, p)
	}
	for i, p := range uniq {
		if p.Sequence.Index != i {
			return symbology.Barcode{}, fmt.Errorf("pdf417: %w: segment %d of %d missing", symbology.ErrFormat, i, count)
		}
	}
	if len(uniq) != count {
		return symbology.Barcode{}, fmt.Errorf("pdf417: %w: segment %d of %d missing", symbology.ErrFormat, len(uniq), count)
	}
	// Rebuild the file's payload: each part's leading bytes without a
	// designator continue the ECI the previous part ended in.
	p := &payload{eci: -1}
	for _, part := range uniq {
		if part.Segments == nil {
			if len(part.Bytes) > 0 {
				p.add(part.Bytes...)
			}
			continue
		}
		for _, s := range part.Segments {
			if s.ECI >= 0 {
				p.eci = s.ECI
				p.hasECI = true
			}
			if len(s.Bytes) > 0 {
				p.add(s.Bytes...)
			}
		}
	}
	first := uniq[0]
	bc := p.barcode(first.Symbology)
	bc.Identifier = first.Identifier
	bc.ECLevel = first.ECLevel
	bc.Sequence = symbology.Sequence{}
	return bc, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
