// Package linear is the reading machinery shared by the one-dimensional
// (linear) symbologies: EAN/UPC, Code 128, the Code 39 family, Code 93,
// Codabar, Interleaved 2 of 5, Telepen, DX film edge and, later, DataBar.
// A symbology package supplies a row decoder, a function that reads its
// symbols in one scan line, and registers it; everything else lives here,
// with what several decoders share: the narrow and wide elements of the
// symbologies of two widths (NarrowWide).
//
// # One reader for every linear symbology
//
// Package linear owns the one symbology.Reader of the linear symbologies.
// A symbology package registers with it from init, after registering its
// ids with package symbology:
//
//	linear.Register(linear.Symbology{
//		IDs:     []string{"code39", "code39-ext"},
//		Decode:  decodeRow,   // a Decoder: the symbols of one Row
//		Barcode: report,      // a Result, which lines agreed on, as a Barcode
//	})
//
// Register adds the ids to the shared reader. A scan that asks for any of
// them reads the image once for every registered symbology it asks for:
// each scan line's profile and edges are found once, and every row is
// decoded by each of those symbologies' decoders. Each decoder keeps its
// own hits, agreement and refinement, so that it reads what it would read
// alone, and the scan goes on to finer lines while any of them would. The
// results are reported grouped by symbology, in the order of their first
// ids, each symbology's in the order its lines found them.
//
// A decoder whose symbols ask for a quiet zone of at least minQuiet times
// the mean width of their first six elements before their first bar (every
// linear symbology but DataBar and DX film edge) tries only the bars that
// Row.Starts gives: most places of a line cannot start a symbol, and the
// rows of a scan are many.
//
// A symbology whose symbols have a part that finds them and a part that
// carries the data without a quiet zone (DX film edge's clock and data
// tracks) reports the first as a guide (Hit.Guide), and reads the second
// with its guided decoder (Symbology.Guided) on the lines beside the guide,
// over its extent. A symbology that gains nothing from the rereading of
// lines, walked backwards and sharpened, says so (Symbology.NoReread), as
// the cost of that rereading is most of a scan's on images without
// symbols.
//
// # The scan
//
//   - Scan lines. The scan reads lines across the image coarse to fine:
//     every sixteenth of the image first, then halving the spacing while a
//     symbol waits for lines to agree on it. Every line is decoded in both
//     directions, so upside-down symbols read. Fast mode reads horizontal
//     lines only. Thorough mode, the default, goes down to lines two
//     pixels apart when nothing is found, reads the image turned 90°
//     (vertical lines) and the inverted image for light-on-dark symbols,
//     and reads a line once more as if from its other end (its edges
//     found walking it backwards, the local contrast measured from its
//     end), then, if that reads nothing either, sharpened, mildly, then
//     strongly for symbols blurred until their thin elements nearly
//     vanish. The finest lines are read again so only near a symbol that
//     waits for a second line: the rest of them are there for short
//     symbols, and reading every one of them again would cost an image
//     without symbols half as much again.
//   - Edges. A line's luminance profile, the mean of three adjacent pixel
//     rows to quiet the noise of photos, is cut into elements at its
//     edges: between each pair of alternating local extremes that differ
//     by a threshold set by the local contrast, the edge lies where the
//     profile crosses a level between the two, interpolated between
//     pixels. The edges come from the luminance, not from a binarized
//     image, so their positions are sub-pixel and their levels adapt to
//     each edge: shadows, glare and blur cost little.
//   - Row decoding. A Row holds the element widths in pixels; decoders
//     measure characters by their edge-to-similar-edge distances (a bar
//     and the following space, or a space and the following bar), as the
//     reference decode algorithms of ISO/IEC 15417 and 15420 do, so the
//     ink spread that widens printed bars and narrows spaces cancels out.
//     A Row's first and last elements run to the image border; decoders
//     accept them as quiet zones whatever their width, since the border
//     may have cut them, and Row's quiet-zone tests accept a short quiet
//     zone against a dark surround that runs to the border.
//   - Oblique lines. Rows read symbols turned up to some ten degrees from
//     upright, and columns as far from flat; thorough mode finds the
//     symbols at other angles from the image's gradients (oblique.go):
//     blocks whose edges are many, strong and parallel vote for lines
//     across them, the blocks of one direction that lie together make a
//     region, and each region is read on lines of its direction, sampled
//     across the image, coarse to fine as rows are, but each read once
//     and the pass given up when its first lines read nothing.
//   - Agreement. A symbol is reported only when at least two scan lines,
//     three pixel rows apart so that they share no pixels, read the same
//     content at overlapping places (one line, where the image is thinner
//     than six pixels), so a single noisy line cannot misread.
//     Supplements such as EAN add-ons are voted on the same way.
//   - Corners and orientation. A result's corners are the ends of the
//     outermost lines that read it, in the symbol's reading orientation,
//     in image pixels; its orientation is the lines' direction corrected
//     by the slant of the symbol's ends fitted through every line's hit.
//
// # Cost
//
// The work of a scan is bounded by its lines: at most a few thousand, each
// cut into edges at most four times and decoded by each symbology on at
// most sixteen rows, in time and memory linear in the line's length, with
// no allocation per line; the oblique passes at most maxObliques, the
// lines read beside guides at most maxGuided a pass. A line whose profile
// repeats that of a line read before in its pass, as most lines across a
// generated symbol do, records that line's reading again without being
// read (repeat.go). An image without symbols reads every row and column;
// at 2000×2000 pixels of noise, EAN/UPC and Code 128 together cost about
// as much as either alone, and every
// linear symbology together an eighth more (BenchmarkAdversarial). On the
// reference corpus's images without barcodes, the symbologies after
// EAN/UPC and Code 128 and the oblique lines add about a quarter to the
// linear scan (BenchmarkFalsePositives).
package linear
