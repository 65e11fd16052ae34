// Package barkit reads and writes barcodes. It is the facade over the
// symbology packages: Scan finds and decodes every barcode in an image,
// Generate encodes data as the smallest symbol of a symbology, Parse turns
// scanned text into structured content, and Symbologies lists what barkit
// reads and writes.
//
// Rendering a generated Symbol to SVG, PNG or text is done by package render.
package barkit

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/barkit/barkit/binarize"
	"github.com/barkit/barkit/content"
	"github.com/barkit/barkit/gs1"
	"github.com/barkit/barkit/imageio"
	"github.com/barkit/barkit/internal/pixpool"
	"github.com/barkit/barkit/symbology"
)

// Version is barkit's version, reported by the CLI and the health endpoint.
const Version = "0.1.0"

// MaxResults is the largest number of barcodes one scan returns.
const MaxResults = 255

// ScanOptions tunes Scan. The zero value scans for every symbology,
// thoroughly, and parses what it finds.
type ScanOptions struct {
	// Symbologies limits the search to these ids, aliases and groups
	// ("qr", "EAN-13", "retail"); empty means all.
	Symbologies []string
	// Fast turns off the thorough search; it suits clean, high-contrast
	// images.
	Fast bool
	// MaxResults caps the barcodes returned, 1 to 255; 0 means 255.
	MaxResults int
	// NoParse leaves Barcode.Parsed nil.
	NoParse bool
	// MaxPixels limits the size of images ScanReader and ScanBytes accept;
	// 0 means imageio.DefaultMaxPixels (64 megapixels).
	MaxPixels int
	// EANAddOn says what to do with the EAN-2 and EAN-5 add-ons of EAN/UPC
	// symbols: the zero value AddOnRead reads them (their digits after the
	// main symbol's in Data, and in Barcode.AddOn), AddOnIgnore reads the
	// main symbols alone, AddOnRequire leaves out EAN/UPC symbols without
	// an add-on.
	EANAddOn EANAddOn
}

// EANAddOn says what a scan does with EAN/UPC add-ons (ScanOptions.EANAddOn).
// ParseEANAddOn reads its names, "read", "ignore" and "require".
type EANAddOn = symbology.EANAddOn

// The EANAddOn values.
const (
	AddOnRead    = symbology.AddOnRead    // read add-ons, appended to the digits (the default)
	AddOnIgnore  = symbology.AddOnIgnore  // read the main symbol alone
	AddOnRequire = symbology.AddOnRequire // report only EAN/UPC symbols with an add-on
)

// ParseEANAddOn returns the EANAddOn named s, "read", "ignore" or
// "require" in any case; anything else is an ErrInvalidData error.
func ParseEANAddOn(s string) (EANAddOn, error) { return symbology.ParseEANAddOn(s) }

// Point is a position in image pixels.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Location is the four corners of a barcode in the image, in the code's own
// reading orientation.
type Location struct {
	TopLeft     Point `json:"topLeft"`
	TopRight    Point `json:"topRight"`
	BottomRight Point `json:"bottomRight"`
	BottomLeft  Point `json:"bottomLeft"`
}

// Size is the size of the scanned image in pixels.
type Size struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Barcode is one barcode found by Scan. Its JSON form is the Barcode object
// of the service specification (SPEC.md §2.2); the fields marked "-" are
// available to Go callers only.
type Barcode struct {
	Data                string           `json:"data"`                // decoded text; GS1 data in human-readable form, "(01)...(10)..."
	Symbology           string           `json:"symbology"`           // symbology id, such as "qr"
	SymbologyName       string           `json:"symbologyName"`       // display name, such as "QR Code"
	RawBytes            []byte           `json:"rawBytes"`            // content bytes as encoded (base64 in JSON)
	ContentType         string           `json:"contentType"`         // text, binary, mixed, gs1, iso15434 or unknown-eci
	IsGS1               bool             `json:"isGS1"`               // the code carries GS1 data
	Location            Location         `json:"location"`            // corners in image pixels
	FrameSize           Size             `json:"frameSize"`           // size of the scanned image
	Orientation         int              `json:"orientation"`         // clockwise rotation of the code, in degrees
	ECLevel             string           `json:"ecLevel"`             // error correction level, "" where there is none
	SymbologyIdentifier string           `json:"symbologyIdentifier"` // ISO/IEC 15424 identifier, such as "]Q1"
	Timestamp           int64            `json:"timestamp"`           // time of the scan, milliseconds since the Unix epoch
	Parsed              *content.Content `json:"parsed,omitempty"`    // structured content, unless ScanOptions.NoParse

	Version    string              `json:"-"` // symbol version or size, such as "7" or "M3"
	AddOn      string              `json:"-"` // EAN/UPC: the EAN-2 or EAN-5 add-on, whose digits also end Data; "" when none
	Segments   []symbology.Segment `json:"-"` // content split at ECI designators
	Mirrored   bool                `json:"-"` // read mirrored
	Inverted   bool                `json:"-"` // read light on dark
	ReaderInit bool                `json:"-"` // carries reader programming
	Sequence   symbology.Sequence  `json:"-"` // structured-append position
}

// Errors returned by the facade, wrapped with detail; test with errors.Is.
// They are the symbology package's sentinels, so one errors.Is serves both.
var (
	ErrInvalidData = symbology.ErrInvalidData // data a symbology cannot encode; unknown symbology; bad option value
	ErrTooLong     = symbology.ErrTooLong     // data does not fit the symbol
	ErrUnsupported = symbology.ErrUnsupported // the symbology cannot do what was asked
	ErrUnknown     = symbology.ErrUnknown     // a name that is no symbology or group
)

// TooLongError is the error of data that does not fit (errors.Is reports
// ErrTooLong for it): errors.As finds it in what Generate returns, with
// what the data takes and what the largest symbol the options allow
// holds.
type TooLongError = symbology.TooLongError

// Scan finds and decodes the barcodes in img. Finding nothing is not an
// error: it returns an empty slice. The error reports an unknown symbology or
// an out-of-range option. It is ScanContext with context.Background().
func Scan(img image.Image, opts ScanOptions) ([]Barcode, error) {
	return ScanContext(context.Background(), img, opts)
}

// ScanContext is Scan that stops when ctx is done: every reader checks ctx
// between the candidates it examines, so a cancelled scan returns within
// milliseconds, with ctx's error (wrapped; errors.Is reports
// context.Canceled or context.DeadlineExceeded) and no barcodes.
func ScanContext(ctx context.Context, img image.Image, opts ScanOptions) ([]Barcode, error) {
	ids, limit, err := scanParams(opts)
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	if b.Dx() <= 0 || b.Dy() <= 0 {
		return []Barcode{}, nil
	}
	return scan(ctx, binarize.NewSource(img), b, ids, limit, opts)
}

// scanParams checks the options of a scan and returns the ids it reads
// and its result limit.
func scanParams(opts ScanOptions) (ids []string, limit int, err error) {
	infos, err := symbology.Resolve(opts.Symbologies)
	if err != nil {
		return nil, 0, fmt.Errorf("barkit: %w", err)
	}
	limit = opts.MaxResults
	switch {
	case limit == 0:
		limit = MaxResults
	case limit < 0 || limit > MaxResults:
		return nil, 0, fmt.Errorf("barkit: %w: maxResults %d is outside 1 to %d", ErrInvalidData, limit, MaxResults)
	}
	if !opts.EANAddOn.Valid() {
		return nil, 0, fmt.Errorf("barkit: %w: EAN add-on mode %v is not read, ignore or require", ErrInvalidData, opts.EANAddOn)
	}
	for _, info := range infos {
		if info.Readable {
			ids = append(ids, info.ID)
		}
	}
	return ids, limit, nil
}

// scan reads src, the luminance of an image whose bounds are b.
func scan(ctx context.Context, src *binarize.Source, b image.Rectangle, ids []string, limit int, opts ScanOptions) ([]Barcode, error) {
	if len(ids) == 0 {
		return []Barcode{}, nil
	}
	found, err := symbology.Read(ctx, src, symbology.ReadOptions{IDs: ids, Fast: opts.Fast, MaxResults: limit, EANAddOn: opts.EANAddOn})
	// The plane is the scan's own, a copy or decoded for it, and nothing
	// read from it refers to it: the next image's decoding may have it.
	pixpool.Planes.Put(src.Lum.Pix)
	if err != nil {
		return nil, fmt.Errorf("barkit: scan stopped: %w", err)
	}
	now := time.Now().UnixMilli()
	frame := Size{b.Dx(), b.Dy()}
	out := make([]Barcode, 0, len(found))
	for _, r := range found {
		bc := fromResult(r, frame, b.Min, now)
		if !opts.NoParse {
			bc.Parsed = content.Parse(bc.Data, bc.Symbology)
		}
		out = append(out, bc)
	}
	return out, nil
}

// fromResult turns a reader's result into a Barcode, moving corners from the
// luminance plane (origin 0,0) into img's coordinates.
func fromResult(r symbology.Barcode, frame Size, origin image.Point, now int64) Barcode {
	name := r.Symbology
	if info, ok := symbology.Lookup(r.Symbology); ok {
		name = info.Name
	}
	pt := func(i int) Point {
		return Point{r.Corners[i].X + float64(origin.X), r.Corners[i].Y + float64(origin.Y)}
	}
	text := r.Text
	if r.GS1 {
		// GS1 data reads in human-readable form, "(01)...(10)...", whichever
		// symbology carried it, when it splits into known AIs of the right
		// lengths; RawBytes keep the element string. Check digits and dates
		// are the parser's to judge (Parsed), not a reason to hide the fields.
		if fields, err := gs1.Split(string(r.Bytes)); err == nil {
			text = gs1.FormatHRI(fields)
		}
	}
	raw := r.Bytes
	if raw == nil {
		raw = []byte{} // "rawBytes": "" in JSON, never null
	}
	return Barcode{
		Data:                text,
		Symbology:           r.Symbology,
		SymbologyName:       name,
		RawBytes:            raw,
		ContentType:         string(r.ContentType),
		IsGS1:               r.GS1,
		Location:            Location{pt(0), pt(1), pt(2), pt(3)},
		FrameSize:           frame,
		Orientation:         r.Orientation,
		ECLevel:             r.ECLevel,
		SymbologyIdentifier: r.Identifier,
		Timestamp:           now,
		Version:             r.Version,
		AddOn:               r.AddOn,
		Segments:            r.Segments,
		Mirrored:            r.Mirrored,
		Inverted:            r.Inverted,
		ReaderInit:          r.ReaderInit,
		Sequence:            r.Sequence,
	}
}

// ScanReader decodes an image (PNG, JPEG, GIF, BMP, WebP or TIFF, sniffed by
// content) from r and scans it. Images over opts.MaxPixels are refused before
// their pixels are decoded; an image that cannot be decoded is an error
// that wraps one of imageio's (errors.Is(err, imageio.ErrCorrupt), ...).
func ScanReader(r io.Reader, opts ScanOptions) ([]Barcode, error) {
	return ScanReaderContext(context.Background(), r, opts)
}

// ScanReaderContext is ScanReader that stops when ctx is done, as
// ScanContext does.
func ScanReaderContext(ctx context.Context, r io.Reader, opts ScanOptions) ([]Barcode, error) {
	ids, limit, err := scanParams(opts)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("barkit: scan stopped: %w", err)
	}
	img, _, err := imageio.Decode(r, imageio.Options{MaxPixels: opts.MaxPixels, Luminance: true})
	if err != nil {
		return nil, fmt.Errorf("barkit: %w", err)
	}
	return scanDecoded(ctx, img, ids, limit, opts)
}

// ScanBytes is ScanReader over an image held in memory.
func ScanBytes(data []byte, opts ScanOptions) ([]Barcode, error) {
	return ScanBytesContext(context.Background(), data, opts)
}

// ScanBytesContext is ScanBytes that stops when ctx is done, as
// ScanContext does.
func ScanBytesContext(ctx context.Context, data []byte, opts ScanOptions) ([]Barcode, error) {
	ids, limit, err := scanParams(opts)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("barkit: scan stopped: %w", err)
	}
	img, _, err := imageio.DecodeBytes(data, imageio.Options{MaxPixels: opts.MaxPixels, Luminance: true})
	if err != nil {
		return nil, fmt.Errorf("barkit: %w", err)
	}
	return scanDecoded(ctx, img, ids, limit, opts)
}

// scanDecoded scans an image decoded for the scan alone: once its
// luminance is taken, nothing holds the decoded pixels, and their memory
// is free for the scan's views.
func scanDecoded(ctx context.Context, img image.Image, ids []string, limit int, opts ScanOptions) ([]Barcode, error) {
	b := img.Bounds()
	if b.Dx() <= 0 || b.Dy() <= 0 {
		return []Barcode{}, nil
	}
	// The luminance decoders give the plane itself, with origin (0, 0)
	// and rows back to back: nothing else holds it, so the scan reads it
	// as it is rather than from a copy.
	if g, ok := img.(*image.Gray); ok && b.Min == (image.Point{}) && g.Stride == b.Dx() {
		return scan(ctx, &binarize.Source{Lum: g}, b, ids, limit, opts)
	}
	return scan(ctx, binarize.NewSource(img), b, ids, limit, opts)
}

// GenerateOptions tunes Generate. The zero value makes the smallest QR Code
// with the encoder's default error correction.
type GenerateOptions struct {
	// Symbology is the id or alias to write; "" means "qr".
	Symbology string
	// ECLevel is the error correction level ("" for the encoder's
	// default): L, M, Q or H for QR Code, a percentage for Aztec and PDF417.
	ECLevel string
	// GS1 encodes GS1 data, given in human-readable form,
	// "(01)09506000134352(10)ABC123", or as an element string with the group
	// separator 0x1D after variable-length fields.
	GS1 bool
	// Version forces a symbol version or size ("7" for QR version 7); ""
	// picks the smallest that holds the data.
	Version string
	// ECI forces the character set the data is written in, by its ECI
	// designator (26 for UTF-8, 3 for ISO-8859-1, 7 for ISO-8859-5, 20 for
	// Shift_JIS, ...); 0 lets the writer choose the one that gives the
	// smallest symbol, a tie going to the set most readers decode without
	// the designator (see package eci, Choices). Symbologies without ECIs
	// answer ErrUnsupported.
	ECI int
}

// Symbol is an encoded barcode; package render draws it.
type Symbol = symbology.Symbol

// Generate encodes data as the smallest symbol of the chosen symbology that
// holds it. Data a symbology cannot encode is an ErrInvalidData or ErrTooLong
// error naming the cause; a symbology barkit cannot write is ErrUnsupported.
func Generate(data string, opts GenerateOptions) (*Symbol, error) {
	return generate(data, false, opts)
}

// GenerateBytes encodes binary data, written as it is: no character-set
// conversion and no ECI designator unless opts.ECI names one (899 marks
// binary data). Readers give the bytes back; the text they show for them is
// their own reading. Symbologies that cannot carry arbitrary bytes answer
// ErrUnsupported; GS1 data cannot be binary.
func GenerateBytes(data []byte, opts GenerateOptions) (*Symbol, error) {
	return generate(string(data), true, opts)
}

func generate(data string, binary bool, opts GenerateOptions) (*Symbol, error) {
	name := opts.Symbology
	if name == "" {
		name = "qr"
	}
	info, ok := symbology.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("barkit: %w %q", ErrUnknown, name)
	}
	if info.Write == nil {
		return nil, fmt.Errorf("barkit: %w: %s can be read but not written", ErrUnsupported, info.Name)
	}
	if data == "" {
		return nil, fmt.Errorf("barkit: %w: no data to encode", ErrInvalidData)
	}
	switch {
	case binary && !info.Binary:
		return nil, fmt.Errorf("barkit: %w: %s cannot carry binary data", ErrUnsupported, info.Name)
	case opts.ECI != 0 && !info.ECI:
		return nil, fmt.Errorf("barkit: %w: %s has no ECI designators (ECI %d)", ErrUnsupported, info.Name, opts.ECI)
	case binary && opts.GS1:
		return nil, fmt.Errorf("barkit: %w: GS1 data cannot be binary", ErrInvalidData)
	case !binary && !utf8.ValidString(data):
		return nil, fmt.Errorf("barkit: %w: data is not valid UTF-8 text (write bytes with GenerateBytes)", ErrInvalidData)
	}
	if opts.GS1 {
		// Human-readable input becomes an element string; either form is
		// checked field by field (lengths, character sets, check digits,
		// dates) before anything is written.
		if strings.HasPrefix(data, "(") {
			es, err := gs1.ElementString(data)
			if err != nil {
				return nil, fmt.Errorf("barkit: %w: %w", ErrInvalidData, err)
			}
			data = es
		} else if _, err := gs1.Parse(data); err != nil {
			return nil, fmt.Errorf("barkit: %w: %w", ErrInvalidData, err)
		}
	}
	sym, err := info.Write(data, symbology.WriteOptions{
		ECLevel: opts.ECLevel, GS1: opts.GS1, Version: opts.Version, ECI: opts.ECI, Binary: binary,
	})
	if err != nil {
		return nil, err
	}
	return sym, nil
}

// Parse turns scanned text into structured content. hint is the id of the
// symbology the text came from ("" when unknown); it lets the parser expand a
// UPC-E code to its GTIN, for example.
func Parse(text, hint string) *content.Content {
	return content.Parse(text, hint)
}

// Symbologies returns every registered symbology, sorted by id.
func Symbologies() []symbology.Info {
	return symbology.All()
}

// IsUserError reports whether err was caused by the caller's input (bad
// data, an unknown symbology, an unsupported request, an image that cannot
// be decoded or is too large) rather than by barkit or by a cancelled
// scan.
func IsUserError(err error) bool {
	return errors.Is(err, ErrInvalidData) || errors.Is(err, ErrTooLong) ||
		errors.Is(err, ErrUnsupported) || errors.Is(err, ErrUnknown) ||
		imageio.IsInputError(err)
}
