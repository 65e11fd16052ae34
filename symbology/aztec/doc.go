// Package aztec reads and writes Aztec Code (ISO/IEC 24778:2008): compact
// symbols of 1 to 4 layers (15×15 to 27×27 modules), full-range symbols of
// 1 to 32 layers (19×19 to 151×151), and Aztec Runes, the 11×11 symbols of
// one value from 0 to 255 (Annex A).
//
// # Writing
//
// Encode finds the shortest bit stream for the data by dynamic programming
// over its characters and the five modes of Table 2 (Upper, Lower, Mixed,
// Punct, Digit), with every latch, shift (P/S, U/S), Punct pair and Binary
// Shift run length considered, not the look-ahead heuristic most encoders
// use; a test checks it against an exhaustive search. It puts the stream
// in the smallest symbol that holds it with at least the requested share
// of check codewords: 23 % of the symbol's codewords plus 3 by default
// (§11.3), any percentage from 5 to 95 on request, or a forced size whose
// spare codewords all become check codewords. It writes ECI designators
// (FLG(n)), GS1 data (FNC1 in first position, FLG(0) between fields),
// structured append (§8: the M/L U/L header with an optional message id,
// the position and the count) and reader initialisation symbols (§9). The
// padding of the last codeword is kept from reading as a Binary Shift by
// readers that do not know the rule of §7.3.1.2 (see endLatch).
//
// Text is written in the character set that gives the smallest symbol
// unless Options.ECI forces one: Encode tries no designator for ASCII, or
// UTF-8, the first single-byte ECI set that holds the text and the East
// Asian sets shorter than UTF-8, and last text in ISO-8859-1 (the default character set) without its designator when readers take its bytes for
// ISO-8859-1 (eci.DefaultChoices), keeping the earlier on a tie. Binary data is written as it is, with no
// designator unless Options.ECI asks for one.
//
// The registry's writers read symbology.WriteOptions this way:
//
//   - "aztec": ECLevel is the error correction percentage, "23" or "23%"
//     (5-95; "" for 23 % + 3 codewords). Version forces a size: "C1" to
//     "C4" for compact symbols, "F1" to "F32" for full-range ones, or
//     "rune" for an Aztec Rune of the value the data gives. GS1 marks the
//     data as an element string (the facade converts "(01)…" first).
//   - "aztec-rune": the data is the value, 0-255; ECLevel and GS1 do not
//     apply.
//
// Symbols need no quiet zone (§5.1): Symbol.QuietZone is 0, and renderers
// draw the margin they like.
//
// # Reading
//
// Decode reads a sampled module matrix in any orientation, mirrored or
// not. The registry's reader finds symbols in an image by their bull's-eye:
// rows whose runs are those of the rings through its centre, checked along
// the column and the diagonals (both polarities in thorough mode, so light
// symbols on dark need no second view). Rays from the centre find the
// rings' edges, refined to a fraction of a pixel on the luminance, and
// their squares give the core's perspective transform; the rings beyond
// tell compact from full-range cores, and the orientation marks and the
// mode message (with its Reed–Solomon check over GF(16)) give the
// orientation, mirroring, size and data length. A full-range symbol's
// reference grid is then found crossing by crossing, ring by ring from the
// centre, and each square of the grid is sampled through its own
// transform, which follows perspective and bent or lens-distorted
// surfaces. Modules are sampled from the binarized image and, when that
// does not decode, from the luminance plane.
//
// Results carry the symbol's four corners in input pixels (the symbol's,
// not the bull's-eye's), the error correction as the share of check
// codewords ("41%"), the size in Version ("C2", "F12", "rune"), the
// symbology identifier of Annex F ("]z0" to "]zB"; "]zC" for runes, whose
// text is the value in three digits, "064", as readers report it), GS1,
// ECI segments, reader initialisation and structured append metadata
// (Barcode.Sequence, the header taken off the text).
package aztec
