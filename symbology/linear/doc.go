// Package linear is the reading machinery shared by the one-dimensional
// (linear) symbologies: EAN/UPC, Code 128 and, later, Code 39, Code 93,
// Codabar, ITF, DataBar and Telepen. A symbology package supplies a row
// decoder, a function that reads its symbols in one scan line, and calls
// Scan; everything else lives here:
//
//   - Scan lines. Scan reads lines across the image coarse to fine: every
//     sixteenth of the image first, then halving the spacing while a
//     symbol waits for lines to agree on it. Every line is decoded in both
//     directions, so upside-down symbols read. Fast mode reads horizontal
//     lines only. Thorough mode, the default, goes down to lines two
//     pixels apart when nothing is found, reads the image turned 90°
//     (vertical lines) and the inverted image for light-on-dark symbols,
//     walks each line's edges both ways, and reads a line that gave
//     nothing once more sharpened, mildly, then strongly for symbols
//     blurred until their thin elements nearly vanish.
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
//   - Agreement. A symbol is reported only when at least two scan lines,
//     three pixel rows apart so that they share no pixels, read the same
//     content at overlapping places (one line, where the image is thinner
//     than four pixels), so a single noisy line cannot misread.
//     Supplements such as EAN add-ons are voted on the same way.
//   - Corners and orientation. A result's corners are the ends of the
//     outermost lines that read it, in the symbol's reading orientation,
//     in image pixels; its orientation is the lines' direction corrected
//     by the slant of the symbol's ends fitted through every line's hit.
package linear
