// Package symbology holds what every barcode symbology shares: the registry
// of symbologies with their ids, names, aliases and groups, the one read
// pipeline, the writer seam, the decoded Barcode and encoded Symbol types,
// and the errors readers and writers return.
//
// Each symbology package registers its ids (Register) and its reader
// (RegisterReader) from an init function; the CLI, the HTTP API and the
// facade in package barkit are driven by the registry, so a symbology
// appears everywhere once it registers.
//
// Readers are registered, not ids: one reader may report several ids (the
// PDF417 reader reports pdf417, compact-pdf417 and micro-pdf417), and Read
// runs each reader a scan needs once. A matrix or stacked reader declares
// its plan, the binarized views it reads (Pass), and supplies only Find,
// which finds and decodes the symbols of one view; Read owns the rest: the
// views, made once per scan, shared by the readers and released when no
// longer needed; the rules for when a reader stops; the candidate cap;
// the mapping of corners to image pixels, orientation and flags;
// de-duplication; the result limit; and cancellation. The linear
// symbologies share one reader of their own (package linear), which reads
// the luminance plane along scan lines.
package symbology

import (
	"errors"

	"github.com/barkit/barkit/detect"
	"github.com/barkit/barkit/matrix"
)

// Kind is the shape of a symbology.
type Kind string

// The kinds of symbology.
const (
	Matrix  Kind = "matrix"  // two-dimensional matrix codes: QR, Data Matrix, Aztec, ...
	Linear  Kind = "linear"  // one-dimensional bar codes: EAN, Code 128, ...
	Stacked Kind = "stacked" // rows of linear codes: PDF417, DataBar Stacked, ...
)

// ContentType says what kind of data a barcode carries.
type ContentType string

// The content types of a decoded barcode (DESIGN.md §5).
const (
	Text       ContentType = "text"        // text in a known character set
	Binary     ContentType = "binary"      // bytes that are not text
	Mixed      ContentType = "mixed"       // text and binary segments
	GS1        ContentType = "gs1"         // a GS1 element string
	ISO15434   ContentType = "iso15434"    // an ISO/IEC 15434 message envelope
	UnknownECI ContentType = "unknown-eci" // an ECI designator barkit cannot convert
)

// Barcode is one decoded symbol.
type Barcode struct {
	Symbology   string      // registry id, such as "qr"
	Text        string      // the content as text (UTF-8)
	Bytes       []byte      // the content bytes as encoded, before character-set conversion
	Segments    []Segment   // the content split at ECI designators; nil when there is none
	ContentType ContentType // what the content is
	GS1         bool        // reports whether the symbol carries GS1 data (FNC1 in first position)
	ECLevel     string      // error correction level as the symbology names it ("M" for QR)
	Identifier  string      // ISO/IEC 15424 symbology identifier, such as "]Q1"
	Version     string      // symbol version or size, such as "7" or "M3"
	// AddOn is the EAN-2 or EAN-5 add-on read with an EAN/UPC symbol
	// (EANAddOn), whose digits also end Text; "" when there is none.
	AddOn string
	// Corners are the top-left, top-right, bottom-right and bottom-left
	// corners of the symbol in its own reading orientation, in input image
	// pixels.
	Corners     [4]detect.Point
	Orientation int      // clockwise rotation of the symbol in the image, in degrees
	Mirrored    bool     // the symbol was read mirrored
	Inverted    bool     // the symbol was read light on dark
	ReaderInit  bool     // the symbol carries reader programming
	Sequence    Sequence // structured append position; zero when not part of a sequence
}

// Segment is a run of content bytes in one ECI character set.
type Segment struct {
	ECI   int // ECI designator; -1 when none was given (the symbology's default)
	Bytes []byte
}

// Sequence is a symbol's place in a structured-append message.
type Sequence struct {
	Index int    // 0-based position of this symbol
	Count int    // number of symbols in the message; 0 when not part of one
	ID    string // identifier shared by the symbols of one message (parity or file id)
}

// Symbol is an encoded barcode: its modules and what was chosen for it.
type Symbol struct {
	Symbology string         // registry id
	Modules   *matrix.Matrix // the symbol without its quiet zone; true is dark
	QuietZone int            // modules of quiet zone the standard asks for on each side
	ECLevel   string         // error correction level used
	Version   string         // version or size chosen, such as "7" or "M3"
	Text      string         // human-readable text for linear symbols
	// Hexagonal reports that the modules are MaxiCode's (ISO/IEC 16023):
	// 33 rows of 30 hexagons, odd rows offset half a module, around a
	// bull's-eye of circles that render draws over the light modules of
	// the centre.
	Hexagonal bool
}

// WriteOptions tunes a writer. The zero value picks the smallest symbol with
// the symbology's default error correction.
type WriteOptions struct {
	ECLevel string // error correction level ("" for the default): L, M, Q, H for QR; a percentage elsewhere
	GS1     bool   // data is in GS1 human-readable form "(01)09506000134352(10)ABC"
	// Version forces a symbol version or size in the symbology's notation
	// ("7" for QR version 7); "" picks the smallest that holds the data.
	Version string
	// ECI forces the character set the text is written in, by its ECI
	// designator (26 for UTF-8, 7 for ISO-8859-5, ...); 0 lets the writer
	// choose the one that gives the smallest symbol (eci.Choices). Only
	// writers whose Info.ECI is set honour it.
	ECI int
	// Binary writes the bytes of data as they are: no character-set
	// conversion and no designator unless ECI is set. Only writers whose
	// Info.Binary is set honour it.
	Binary bool
}

// WriteFunc encodes data as the smallest symbol of one symbology.
type WriteFunc func(data string, opts WriteOptions) (*Symbol, error)

// Errors readers and writers return, wrapped with detail; test with errors.Is.
var (
	// ErrInvalidData: the data cannot be encoded by the symbology (a
	// character it has no code for, a wrong check digit, a wrong length).
	ErrInvalidData = errors.New("invalid data")
	// ErrTooLong: the data does not fit the largest (or the requested) symbol.
	ErrTooLong = errors.New("data too long")
	// ErrUnsupported: the symbology cannot do what was asked (an option it
	// lacks, writing a read-only symbology).
	ErrUnsupported = errors.New("unsupported")
	// ErrChecksum: a symbol's check characters or error correction failed.
	ErrChecksum = errors.New("checksum failed")
	// ErrFormat: a symbol's structure is invalid.
	ErrFormat = errors.New("invalid format")
	// ErrUnknown: a name is neither a registered symbology nor a group.
	ErrUnknown = errors.New("unknown symbology")
)
